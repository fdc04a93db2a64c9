package kb

import (
	"strings"
	"unicode/utf8"
)

// Topics are found in a question by their names, word for word (the
// lexicon), and by the terms their names analyze to: the language's
// stemmer and stop words make "étape de début de combat" the name "étape
// de début du combat", "transformed" the topic transform and "払わなかった"
// the verb 払う. A name is matched in a question of its own language.

// stemName is a topic's name as the terms of its language's analyzer.
type stemName struct {
	topic int
	lang  string
	terms []string
	// gap is how many positions the name's first and last terms are
	// apart, its stop words counted; -1 where it is not read (Japanese).
	gap int
	// neg tells a Japanese name that holds a negation (see jaNegated).
	neg bool
}

// jaNegations are the forms of Japanese negation. The analyzer drops them
// with the other auxiliaries, so that "基本でない土地" (nonbasic land) and
// "基本土地" (basic land) analyze alike, as do "ブロックされていない" and
// "ブロックされている".
var jaNegations = []string{"ない", "無い", "なかっ", "なく", "ません", "せず"}

// jaNegated reports whether s holds a Japanese negation.
func jaNegated(s string) bool {
	for _, n := range jaNegations {
		if strings.Contains(s, n) {
			return true
		}
	}
	return false
}

// negationAgrees reports whether the span [start, end) of the Japanese
// question text may be the name n: a name that holds a negation needs one
// in the span or just after it (a name may end on one, "ついていない"),
// and a name that holds none must not have one inside the span.
func negationAgrees(n stemName, text string, start, end int) bool {
	if n.neg {
		after := end
		for k := 0; k < 4 && after < len(text); k++ {
			_, size := utf8.DecodeRuneInString(text[after:])
			after += size
		}
		return jaNegated(text[start:after])
	}
	return !jaNegated(text[start:end])
}

// topicStems indexes the topics' names by their first term, by language.
type topicStems map[string]map[string][]stemName // lang -> first term -> names

// buildTopicStems analyzes the names of ix's topics.
func (ix *Index) buildTopicStems() topicStems {
	out := topicStems{}
	analyzers := ix.jaMode.analyzers()
	for i, t := range ix.topics {
		if metaTerms[t.Term] {
			continue
		}
		for _, l := range []string{"en", "fr", "ja"} {
			for _, n := range t.Names[l] {
				// The build analyzed every topic's names (nameAnalyses):
				// the first question reads them, and loads no dictionary.
				key := analyzers[l] + "\x00" + n
				terms := ix.analyses.get(key, func() []string { return ix.analyzeWith(analyzers[l], n) })
				if len(terms) == 0 || len(terms) == 1 && (l == "fr" || utf8.RuneCountInString(terms[0]) < 2 || l == "en" && len(terms[0]) < 4) {
					// A French word alone, stemmed, is other words too
					// ("équipe", team, is "équiper", equip); an English or
					// Japanese one is its inflections ("transformed",
					// "払わなかった").
					continue
				}
				if out[l] == nil {
					out[l] = map[string][]stemName{}
				}
				out[l][terms[0]] = append(out[l][terms[0]], stemName{topic: i, lang: l, terms: terms, gap: ix.nameGap(analyzers[l], l, n), neg: l == "ja" && jaNegated(n)})
			}
		}
	}
	return out
}

// nameGap returns how many positions the first and last terms of the
// name n are apart in analyzer's analysis, -1 for Japanese, whose
// dictionary the first question would load to tell.
func (ix *Index) nameGap(analyzer, lang, n string) int {
	if lang == "ja" {
		return -1
	}
	a := ix.bl.Mapping().AnalyzerNamed(analyzer)
	if a == nil {
		return -1
	}
	toks := a.Analyze([]byte(n))
	if len(toks) == 0 {
		return -1
	}
	return toks[len(toks)-1].Position - toks[0].Position
}

// stems returns the topics' names as terms, made on first use.
func (ix *Index) stems() topicStems {
	ix.stemOnce.Do(func() { ix.stemTab = ix.buildTopicStems() })
	return ix.stemTab
}

// findTopicStems returns the topics whose names' terms follow one another
// in text, a question of lang; at each place, the longest name.
func (ix *Index) findTopicStems(text, lang string) []topicMention {
	names := ix.stems()[lang]
	if len(names) == 0 {
		return nil
	}
	a := ix.bl.Mapping().AnalyzerNamed(ix.jaMode.analyzers()[lang])
	if a == nil {
		return nil
	}
	toks := a.Analyze([]byte(text))
	var out []topicMention
	for i, tok := range toks {
		var best *stemName
		for k, n := range names[string(tok.Term)] {
			if i+len(n.terms) > len(toks) {
				continue
			}
			// The question may hold one stop word more than the name
			// ("l'étape du début du combat"), not a clause: "quelle face
			// est le recto" holds no "face recto".
			ok := n.gap < 0 || toks[i+len(n.terms)-1].Position-tok.Position <= n.gap+1
			ok = ok && (lang != "ja" || negationAgrees(n, text, tok.Start, toks[i+len(n.terms)-1].End))
			for j := 1; ok && j < len(n.terms); j++ {
				if string(toks[i+j].Term) != n.terms[j] {
					ok = false
					break
				}
			}
			if ok && (best == nil || len(n.terms) > len(best.terms)) {
				best = &names[string(tok.Term)][k]
			}
		}
		if best != nil {
			end := toks[i+len(best.terms)-1].End
			out = append(out, topicMention{topic: best.topic, span: span2{tok.Start, end}, lang: lang})
		}
	}
	return out
}
