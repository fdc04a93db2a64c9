package i18n

import (
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
)

// NormalizeKey turns s into a key for matching, never for display: NFKC
// (full-width letters and digits, half-width katakana, ① and ligatures
// become their plain forms), width folding, Unicode case folding, and
// runs of white space collapsed to one ASCII space with the ends trimmed.
// "ＭＴＧ　総合ルール１２３．４ａ" becomes "mtg 総合ルール123.4a".
// Accents are kept; see FoldAccents.
func NormalizeKey(s string) string {
	if isASCII(s) {
		// NFKC and width folding leave ASCII alone, and case folding
		// is lower-casing.
		return strings.Join(strings.Fields(strings.ToLower(s)), " ")
	}
	if !plainJapanese(s) || !norm.NFKC.IsNormalString(s) {
		s = norm.NFKC.String(s)
		s = width.Fold.String(s)
		s = cases.Fold().String(s)
	}
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

// plainJapanese reports whether s holds only lower-case ASCII, kana,
// ideographs and Japanese punctuation: text that width and case folding
// leave as it is (NFKC is checked apart).
func plainJapanese(s string) bool {
	for _, r := range s {
		switch {
		case r < 0x80:
			if r >= 'A' && r <= 'Z' {
				return false
			}
		case r >= 0x3001 && r <= 0x30FF, // CJK punctuation, hiragana, katakana
			r >= 0x31F0 && r <= 0x31FF, // katakana phonetic extensions
			r >= 0x3400 && r <= 0x4DBF, // CJK extension A
			r >= 0x4E00 && r <= 0x9FFF: // CJK unified ideographs
		default:
			return false
		}
	}
	return true
}

// onlyASCIIOrCJK reports whether s holds no letter that can carry a Latin
// diacritic: only ASCII and the scripts from CJK radicals on (kana,
// ideographs, full- and half-width forms).
func onlyASCIIOrCJK(s string) bool {
	for _, r := range s {
		if r >= 0x80 && r < 0x2E80 {
			return false
		}
	}
	return true
}

// isASCII reports whether s is all ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// FoldAccents removes the Latin diacritics of s (é→e, ç→c, ï→i) and spells
// out the ligatures œ and æ, so that French can be matched without accents:
// "Téfeiri" becomes "Tefeiri". Case is kept, and Japanese is unchanged (the
// voicing marks of kana are not diacritics here). For matching only.
func FoldAccents(s string) string {
	if isASCII(s) || (onlyASCIIOrCJK(s) && norm.NFC.IsNormalString(s)) {
		return s
	}
	out := norm.NFC.String(strings.Map(dropLatinDiacritic, norm.NFD.String(s)))
	if !strings.ContainsAny(out, "œŒæÆ") {
		return out
	}
	var b strings.Builder
	for _, r := range out {
		switch r {
		case 'œ':
			b.WriteString("oe")
		case 'Œ':
			b.WriteString("OE")
		case 'æ':
			b.WriteString("ae")
		case 'Æ':
			b.WriteString("AE")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// dropLatinDiacritic drops the combining marks used by Latin scripts,
// U+0300 to U+036F, for strings.Map.
func dropLatinDiacritic(r rune) rune {
	if r >= 0x0300 && r <= 0x036F {
		return -1
	}
	return r
}
