package kb

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A question may give a name as a card's ("what does the card Dragon of
// Infinite Toast do?", « la carte « Dragon du pain grillé infini » »,
// 「無限トーストのドラゴン」ってカード): when no card, Yu-Gi-Oh! card or
// topic of the index has that name, no text answers, and the answer says
// so rather than quote the rulings of cards that share a word with it.

// Where a question gives a card's name: a cue, then the name in quotes
// (every language) or, in English, in capitals.
var (
	givenQuotedRE = regexp.MustCompile(`(?i)(?:\bcard (?:called |named )?|\bcarte (?:appelée |nommée )?|\brulings? (?:for|on|about|of) |\bdécisions? (?:sur|pour|de) )\s*(?:"([^"]{2,80})"|“([^”]{2,80})”|«\s*([^»]{2,80}?)\s*»|'([^']{2,80})')`)
	givenCapsRE   = regexp.MustCompile(`(?:\b[Tt]he card (?:called |named )?|\b[Aa] card (?:called|named) |\b[Cc]ard (?:called|named) |\b[Rr]ulings? (?:for|on|about) )((?:[A-Z][\p{L}'’-]*)(?: (?:of|the|and|to|in|on|from|with|a|an|[A-Z][\p{L}'’-]*))*)`)
	givenJARE     = regexp.MustCompile(`「([^」]{2,40})」(?:って|という|っていう|は)?(?:カード|の裁定|のルーリング)|カード「([^」]{2,40})」`)
)

// givenCardName returns the name text (NFKC) gives as a card's, and its
// span, if it gives one.
func givenCardName(text string) (string, span2, bool) {
	for _, re := range []*regexp.Regexp{givenQuotedRE, givenJARE, givenCapsRE} {
		m := re.FindStringSubmatchIndex(text)
		if m == nil {
			continue
		}
		for g := 2; g+1 < len(m); g += 2 {
			if m[g] < 0 {
				continue
			}
			start, end := m[g], m[g+1]
			if re == givenCapsRE {
				end = start + len(trimConnectors(text[start:end]))
			}
			name := strings.TrimSpace(text[start:end])
			if utf8.RuneCountInString(name) < 2 {
				continue
			}
			return name, span2{start, start + len(name)}, true
		}
	}
	return "", span2{}, false
}

// trimConnectors drops the small words a run of capitalized words may end
// on ("Dragon of Infinite Toast of" is no name).
func trimConnectors(s string) string {
	words := strings.Fields(s)
	for len(words) > 0 {
		w := words[len(words)-1]
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.IsUpper(r) {
			break
		}
		words = words[:len(words)-1]
	}
	return strings.Join(words, " ")
}

// unknownCardName returns the name a's question gives as a card's when
// nothing of the index has that name: no name of the lexicon (a card, a
// Yu-Gi-Oh! card, a topic, in any language) covers most of it, nor a topic
// the question names by its terms.
func (ix *Index) unknownCardName(a *questionAnalysis) (string, bool) {
	name, sp, ok := givenCardName(a.text)
	if !ok {
		return "", false
	}
	for _, t := range a.topics {
		lo, hi := max(t.span.start, sp.start), min(t.span.end, sp.end)
		if hi > lo && 5*(hi-lo) >= 4*len(name) {
			return "", false
		}
	}
	for _, m := range ix.lex.find(name, a.lang) {
		if 5*(m.End-m.Start) >= 4*len(name) {
			return "", false
		}
	}
	return name, true
}
