// Package i18n holds every word Arbiter says to people, in English, French
// and Japanese, built on golang.org/x/text: an explicit message catalog loaded
// from embedded per-locale files, CLDR plurals, localized dates and numbers,
// French typography, language matching and detection, and the normalization
// applied to Japanese input before matching.
package i18n
