package web

import (
	"context"
	"html/template"
	"net/http"
	"sort"
	"strings"

	"arbiter/i18n"
	"arbiter/kb"
)

// glossaryData is the content of a glossary page.
type glossaryData struct {
	Term      string
	Text      template.HTML
	Effective string
	Others    []langText // the term in each language
	Note      string
}

// glossary serves /glossary/{slug}: a Comprehensive Rules glossary entry,
// with the term in French and Japanese when the term glossary has it.
func (w *Pages) glossary(r *http.Request, ix Index, pg *page) (string, error) {
	slug := r.PathValue("slug")
	if slug != kb.Slug(slug) {
		return "", notFound(i18n.KeyWebErrUnknownTerm, slug)
	}
	ctx := r.Context()
	d, ok := ix.Doc(ctx, "glossary:"+slug)
	if !ok {
		return "", notFound(i18n.KeyWebErrUnknownTerm, slug)
	}
	gloss, err := w.glossaryLinks(ctx, ix)
	if err != nil {
		return "", internalError(err)
	}
	lk := newTextLinker(ctx, ix, gloss, pg.Lang, "")
	lk.used[slug] = true
	g := glossaryData{Term: d.Ref, Text: lk.HTML(d.Text), Effective: d.CRDate}
	if gl := ix.Glossary(); gl != nil {
		for _, v := range strings.Split(d.Ref, ",") {
			m, ok := gl.Lookup(strings.TrimSpace(v))
			if !ok {
				continue
			}
			for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
				if t := m.Term.Terms[l.String()]; len(t) > 0 {
					g.Others = append(g.Others, langText{Lang: l.String(), Name: pg.p.LangName(l), Text: strings.Join(t, ", ")})
				}
			}
			g.Note = m.Term.Note
			break
		}
	}
	pg.Title = pg.p.T(i18n.KeyWebGlossaryTitle, d.Ref)
	pg.Data = g
	return "glossary", nil
}

// glossaryIndex serves /glossary/: every term of the CR glossary.
func (w *Pages) glossaryIndex(r *http.Request, ix Index, pg *page) (string, error) {
	entries, err := ix.GlossaryEntries(r.Context())
	if err != nil {
		return "", internalError(err)
	}
	var links []navLink
	for _, e := range entries {
		links = append(links, navLink{pg.Href("/glossary/" + strings.TrimPrefix(e.ID, "glossary:")), e.Ref})
	}
	pg.Title = pg.p.T(i18n.KeyWebGlossaryIndex)
	pg.Data = links
	return "glossaryindex", nil
}

// glossaryLinker finds the Comprehensive Rules glossary terms in text.
type glossaryLinker struct {
	ix    Index
	terms []glossTerm // longest first
}

type glossTerm struct {
	key  string // lower-case ASCII, hyphens as spaces
	slug string
}

// glossaryLinks returns the glossary linker of ix, built once per index.
func (w *Pages) glossaryLinks(ctx context.Context, ix Index) (*glossaryLinker, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.links != nil && w.links.ix == ix {
		return w.links, nil
	}
	entries, err := ix.GlossaryEntries(ctx)
	if err != nil {
		return nil, err
	}
	g := &glossaryLinker{ix: ix}
	for _, e := range entries {
		if strings.Contains(e.Ref, "(Obsolete)") {
			continue
		}
		slug := strings.TrimPrefix(e.ID, "glossary:")
		keyword := false
		for _, r := range e.SeeAlso {
			keyword = keyword || strings.HasPrefix(r, "701.") || strings.HasPrefix(r, "702.")
		}
		for _, v := range strings.Split(e.Ref, ",") {
			v = strings.TrimSpace(v)
			if len(v) < 3 || strings.ContainsAny(v, "()[]\"“”") {
				continue
			}
			// Everyday words (player, card, step) would link half the
			// text: only phrases and keywords are linked.
			if !strings.ContainsAny(v, " -") && !keyword {
				continue
			}
			g.terms = append(g.terms, glossTerm{key: foldASCII(v), slug: slug})
		}
	}
	sort.SliceStable(g.terms, func(i, j int) bool { return len(g.terms[i].key) > len(g.terms[j].key) })
	w.links = g
	return g, nil
}

// foldASCII lower-cases ASCII letters and turns hyphens into spaces,
// keeping every byte offset.
func foldASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case c >= 'A' && c <= 'Z':
			b[i] = c + 'a' - 'A'
		case c == '-':
			b[i] = ' '
		}
	}
	return string(b)
}

// isWordByte tells the bytes a word is made of (any non-ASCII byte too).
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// find adds to spans the first occurrence in text of each glossary term
// not linked yet on the page (used), outside the existing spans. A term
// may take a plural "s".
func (g *glossaryLinker) find(text string, spans []refSpan, used map[string]bool, phrases *[]string) []refSpan {
	folded := foldASCII(text)
	overlaps := func(s, e int) bool {
		for _, x := range spans {
			if s < x.end && e > x.start {
				return true
			}
		}
		return false
	}
	for _, t := range g.terms {
		if used[t.slug] {
			continue
		}
		from := 0
		for from < len(folded) {
			i := strings.Index(folded[from:], t.key)
			if i < 0 {
				break
			}
			s := from + i
			e := s + len(t.key)
			from = e
			if e < len(folded) && folded[e] == 's' && (e+1 == len(folded) || !isWordByte(folded[e+1])) {
				e++
			}
			if (s > 0 && isWordByte(folded[s-1])) || (e < len(folded) && isWordByte(folded[e])) || overlaps(s, e) || insidePhrase(folded, s, t.key, *phrases) {
				continue
			}
			spans = append(spans, refSpan{start: s, end: e, href: "/glossary/" + t.slug, class: "term"})
			used[t.slug] = true
			*phrases = append(*phrases, t.key)
			break
		}
	}
	return spans
}

// insidePhrase reports whether the occurrence of key at s in folded is
// part of an occurrence of one of the longer phrases.
func insidePhrase(folded string, s int, key string, phrases []string) bool {
	for _, p := range phrases {
		if len(p) <= len(key) {
			continue
		}
		for off := strings.Index(p, key); off >= 0; {
			if st := s - off; st >= 0 && st+len(p) <= len(folded) && folded[st:st+len(p)] == p {
				return true
			}
			next := strings.Index(p[off+1:], key)
			if next < 0 {
				break
			}
			off += 1 + next
		}
	}
	return false
}
