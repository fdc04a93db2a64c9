package i18n

import (
	"strings"
	"unicode"
)

// Detect guesses the language of a question: any kana or CJK ideograph means
// Japanese, French cues (accents, common words) mean French, else English.
func Detect(text string) Lang {
	for _, r := range text {
		if unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) {
			return JA
		}
	}
	low := strings.ToLower(text)
	if strings.ContainsAny(low, "éèêàùçôîœ") {
		return FR
	}
	for _, w := range strings.FieldsFunc(low, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
		switch w {
		case "le", "la", "les", "des", "est", "une", "un", "sur", "que", "qui", "quand", "avec", "dans", "pour", "sont", "peut", "hors":
			return FR
		}
	}
	return EN
}
