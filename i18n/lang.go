package i18n

import (
	"strings"

	"golang.org/x/text/language"
)

// Lang is one of the languages Arbiter speaks. The zero value is English.
type Lang int

// The supported languages; English is the fallback.
const (
	EN Lang = iota
	FR
	JA
)

// langs lists the supported languages in matcher order: English first, so
// that it is the matcher's fallback.
func langs() [3]Lang { return [3]Lang{EN, FR, JA} }

// String returns the language's code: "en", "fr" or "ja". Values outside
// the supported set read as "en".
func (l Lang) String() string {
	switch l {
	case FR:
		return "fr"
	case JA:
		return "ja"
	}
	return "en"
}

// Tag returns the language's BCP 47 tag.
func (l Lang) Tag() language.Tag {
	switch l {
	case FR:
		return language.French
	case JA:
		return language.Japanese
	}
	return language.English
}

// valid reports whether l is one of the supported languages.
func (l Lang) valid() bool { return l == EN || l == FR || l == JA }

// ParseLang reads a language code or locale ("fr", "FR", "fr-CA", "ja_JP",
// "en-US", "fr_FR.UTF-8") and reports whether it names one of the supported
// languages. Only the language subtag counts.
func ParseLang(s string) (Lang, bool) {
	base := strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(base, "-_.@"); i >= 0 {
		base = base[:i]
	}
	switch base {
	case "en":
		return EN, true
	case "fr":
		return FR, true
	case "ja":
		return JA, true
	}
	return EN, false
}

// Match picks the output language from locales in order of preference
// (a Discord interaction's locale, then its guild's locale, say). Each
// locale is matched with a language.Matcher over en, fr and ja; empty,
// unparsable and unsupported locales are skipped, and the first one that
// matches wins. With no match at all the answer is English.
//
// Match builds its matcher on every call (about 50µs); Catalog.Match does
// the same with the catalog's matcher, built once.
func Match(locales ...string) Lang { return matchWith(newMatcher(), locales) }

// newMatcher returns a matcher over the supported languages, in the order
// of langs, so that its index is a Lang.
func newMatcher() language.Matcher {
	all := langs()
	tags := make([]language.Tag, len(all))
	for i, l := range all {
		tags[i] = l.Tag()
	}
	return language.NewMatcher(tags)
}

// matchWith is Match with a given matcher from newMatcher.
func matchWith(m language.Matcher, locales []string) Lang {
	all := langs()
	for _, s := range locales {
		s = cleanLocale(s)
		if s == "" {
			continue
		}
		t, err := language.Parse(s)
		if err != nil {
			continue
		}
		_, i, conf := m.Match(t)
		if conf == language.No || i < 0 || i >= len(all) {
			continue
		}
		return all[i]
	}
	return EN
}

// cleanLocale turns a POSIX locale ("fr_FR.UTF-8@euro") into something
// language.Parse reads, and drops the "C" and "POSIX" locales.
func cleanLocale(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, ".@"); i >= 0 {
		s = s[:i]
	}
	if s == "C" || s == "POSIX" {
		return ""
	}
	return s
}
