package evalset

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// Check reports what is wrong with a row on its own: a language other
// than en, fr or ja or one its script contradicts, an unknown kind or name
// language, an unanswerable row that expects something, an answerable one
// that expects nothing, and for a sampled row (one with an item) a group
// other than its item's (an unanswerable row may instead name the group of
// the card it mentions).
func (r Row) Check() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if strings.TrimSpace(r.Q) == "" {
		bad("no question")
	}
	switch r.Lang {
	case "en", "fr", "ja":
		if got := ScriptLang(r.Q); got != "" && got != r.Lang {
			bad("lang %s, but the question reads as %s", r.Lang, got)
		}
	default:
		bad("lang %q: want en, fr or ja", r.Lang)
	}
	if r.Kind != "" && !slices.Contains([]string{"card", "rules", "keyword", "ygo", "none"}, r.Kind) {
		bad("kind %q: want card, rules, keyword, ygo or none", r.Kind)
	}
	if r.Name != "" && r.Name != "en" && r.Name != "fr" && r.Name != "ja" {
		bad("name %q: want en, fr or ja", r.Name)
	}
	switch {
	case r.Kind == "none" && len(r.Expect) > 0:
		bad("kind none expects %v", r.Expect)
	case r.Kind != "none" && r.Kind != "" && len(r.Expect) == 0:
		bad("kind %s expects nothing", r.Kind)
	}
	for _, id := range r.Expect {
		if strings.TrimSpace(id) == "" || strings.ContainsAny(id, " \t\n") {
			bad("expected ID %q", id)
		}
	}
	if r.Item != "" {
		switch {
		case r.Kind == "none":
			if !strings.HasPrefix(r.Item, "none:") {
				bad("unanswerable row's item %q: want none:<slug>", r.Item)
			}
			if r.Group != Group(r.Item) && !strings.HasPrefix(r.Group, "card:") {
				bad("group %q: want %q or the group of the card it mentions", r.Group, Group(r.Item))
			}
		case r.Group != Group(r.Item):
			bad("group %q: the item %s is in group %q", r.Group, r.Item, Group(r.Item))
		case !slices.ContainsFunc(r.Expect, func(id string) bool { return Group(id) == r.Group }):
			bad("no expected ID is in the item's group %q", r.Group)
		}
	}
	return errors.Join(errs...)
}

// ScriptLang tells the language a question's script and words point to:
// "ja" when it holds kana or ideographs, "fr" or "en" when its words are
// clearly of one of them, "" when it cannot tell.
func ScriptLang(q string) string {
	for _, r := range q {
		if unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) {
			return "ja"
		}
	}
	fr, en := 0, 0
	for _, w := range strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !unicode.IsLetter(r) && r != '\''
	}) {
		w = strings.TrimSuffix(strings.TrimPrefix(w, "'"), "'")
		if i := strings.IndexAny(w, "'’"); i >= 0 && i < 3 {
			w = w[i+1:] // l'attaquant, qu'il
		}
		if isFrenchWord(w) {
			fr++
		}
		if isEnglishWord(w) {
			en++
		}
	}
	switch {
	case fr >= 2 && fr > 2*en:
		return "fr"
	case en >= 2 && en > 2*fr:
		return "en"
	}
	return ""
}

// isFrenchWord and isEnglishWord tell the function words (and a few game
// words) of one language only.
func isFrenchWord(w string) bool {
	switch w {
	case "le", "la", "les", "des", "du", "une", "est", "sont", "que", "qui", "quoi", "je", "tu", "il", "elle",
		"nous", "vous", "ils", "mon", "ma", "mes", "ton", "ta", "tes", "sa", "ses", "avec", "sur", "pour",
		"dans", "pas", "ce", "cette", "ces", "quand", "comment", "pourquoi", "peut", "peux", "faut", "mais",
		"ou", "où", "et", "au", "aux", "si", "ça", "ca", "quel", "quelle", "quels", "quelles", "combien",
		"carte", "cartes", "créature", "créatures", "joueur", "adversaire", "tour", "terrain", "jeton", "sort":
		return true
	}
	return false
}

func isEnglishWord(w string) bool {
	switch w {
	case "the", "is", "are", "does", "do", "did", "can", "could", "what", "which", "who", "when", "how", "why",
		"my", "your", "his", "her", "their", "with", "for", "in", "of", "to", "and", "or", "but", "not", "this",
		"that", "these", "it", "its", "if", "there", "an", "creature", "creatures", "player", "opponent", "turn",
		"card", "cards", "land", "get", "gets", "happen", "happens", "token", "spell":
		return true
	}
	return false
}
