package kb

import (
	"hash/fnv"
	"strings"
	"unicode"
)

// cardDocLess orders a card's documents: its Oracle text, its printed
// texts, then its rulings in the order of their source.
func cardDocLess(a, b string, infos map[string]docInfo) bool {
	ka, kb := infos[a].Kind, infos[b].Kind
	if ka != kb {
		return ka == KindCard
	}
	if na, nb := trailingNumber(a), trailingNumber(b); na != nb && na >= 0 && nb >= 0 {
		return na < nb
	}
	return a < b
}

// trailingNumber returns the number that ends an ID ("ruling:x:12" -> 12),
// or -1.
func trailingNumber(id string) int {
	i := strings.LastIndexFunc(id, func(r rune) bool { return !unicode.IsDigit(r) })
	if i == len(id)-1 {
		return -1
	}
	return atoi(id[i+1:])
}

// Official reports whether d is a text of the game's publisher (see
// official).
func Official(d Doc) bool { return official(d) }

// official reports whether d is a text of the game's publisher: a current
// or former rule, a glossary entry, a card's text, a ruling of Wizards of
// the Coast or an answer of Konami's database; not an article, a wiki or a
// forum. A translation made by a program is never official.
func official(d Doc) bool {
	if d.MachineTranslated {
		return false
	}
	switch d.Kind {
	case KindRule, KindGlossary, KindCard:
		return d.Source == "" || d.Source == crSource || d.Source == sourceWotC
	case KindRuling:
		return d.Game == "ygo" || d.Source == "" || d.Source == sourceWotC || d.Source == "scryfall" || d.Source == "Wizards of the Coast"
	}
	return d.Source == sourceWotC
}

// textHash identifies a text by its letters and digits, case folded, so
// that the same ruling copied with other quotes or spacing is one text.
func textHash(s string) uint64 {
	h := fnv.New64a()
	var buf [4]byte
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n := copy(buf[:], string(r))
			h.Write(buf[:n])
		}
	}
	return h.Sum64()
}
