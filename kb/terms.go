package kb

import (
	"strings"
	"sync"
)

// termMatch is a glossary entry found in a question, with the words of the
// question it was found as.
type termMatch struct {
	entry GlossaryTerm
	span  string
}

// terms returns every term of the entry in lang, current and obsolete.
func (g GlossaryTerm) terms(lang string) []string {
	return append(append([]string(nil), g.Terms[lang]...), g.Old[lang]...)
}

// termFinder finds glossary terms in questions.
type termFinder struct{ g *Glossary }

var termFinders sync.Map // *Glossary -> *termFinder; the glossary never changes once parsed

func (ix *Index) terms() *termFinder {
	if ix.glossary == nil {
		return &termFinder{g: &Glossary{}}
	}
	if f, ok := termFinders.Load(ix.glossary); ok {
		return f.(*termFinder)
	}
	f := &termFinder{g: ix.glossary}
	termFinders.Store(ix.glossary, f)
	return f
}

// find returns the glossary entries named by the spans (longest first, as
// ngrams lists them); a span inside an already matched longer one is
// skipped, so "phased out" does not also count as "out".
func (f *termFinder) find(spans []span) []termMatch {
	var out []termMatch
	var taken []string
	seen := map[string]bool{}
	for _, s := range spans {
		if len([]rune(s.text)) < 2 {
			continue
		}
		m, ok := f.lookup(s.text)
		if !ok {
			continue
		}
		folded := FoldKey(s.text)
		inside := false
		for _, t := range taken {
			if strings.Contains(t, folded) {
				inside = true
				break
			}
		}
		if inside {
			continue
		}
		taken = append(taken, folded)
		if seen[m.ID] {
			continue
		}
		seen[m.ID] = true
		out = append(out, termMatch{entry: m, span: s.text})
	}
	return out
}

// lookup finds a term, also in its singular form ("jetons" -> "jeton",
// "tokens" -> "token").
func (f *termFinder) lookup(s string) (GlossaryTerm, bool) {
	if m, ok := f.g.Lookup(s); ok {
		return m.Term, true
	}
	words := strings.Fields(s)
	changed := false
	for i, w := range words {
		if len(w) > 3 && (strings.HasSuffix(w, "s") || strings.HasSuffix(w, "x")) {
			words[i] = w[:len(w)-1]
			changed = true
		}
	}
	if changed {
		if m, ok := f.g.Lookup(strings.Join(words, " ")); ok {
			return m.Term, true
		}
	}
	return GlossaryTerm{}, false
}

// CurrentOf returns the current number of an old rule number, and whether
// the table knows the number ("" with true: abolished).
func (r *Renumbering) CurrentOf(old string) (string, bool) {
	if r == nil {
		return "", false
	}
	e, ok := r.Lookup(old)
	if !ok {
		return "", false
	}
	if e.Abolished {
		return "", true
	}
	return e.Current, true
}
