// Package i18n holds every word Arbiter says to people, in English, French
// and Japanese, built on golang.org/x/text and nothing else.
//
// # Messages
//
// Messages live in embedded files locales/<lang>/<domain>.json, lang one of
// en, fr and ja. Each file is a flat JSON object from key to message, and
// every key starts with its domain: "common.answer.found" is in
// common.json. A message is a golang.org/x/text/message template with
// explicit argument indexes ("%[1]s phase out.") or a plural object:
//
//	{"arg": 1, "one": "%[1]d résultat", "other": "%[1]d résultats"}
//
// where arg is the index of the count and the other fields are CLDR plural
// categories of the language (zero, one, two, few, many, other; "other" is
// required) or exact values such as "=1", which are tried first. In CLDR,
// French 0 and 1 take "one", English only 1, and Japanese has only "other",
// so Japanese counts use counters (件, 枚) and a single form.
//
// Load reads the files into a catalog.Builder of our own (never
// message.DefaultCatalog) and makes one message.Printer per language, so
// Catalog.Printer costs nothing and Printer is safe for concurrent use.
// Printer.T renders a key; a key missing in the printer's language renders
// as "!key" so that tests and reviewers see it. Key constants are declared
// in keys_<domain>.go, one file per domain owner; the tests check that each
// one, and each key of every file, has a message in all three languages.
//
// # Numbers and dates
//
// Integers printed with %d, and Printer.Number, get the grouping that
// x/text emits for the language: "12,345" in English and Japanese, and
// "12 345" in French, where the separator is U+00A0 NO-BREAK SPACE (not
// the U+202F that recent CLDR prefers). Years and identifiers must be
// passed as strings, or 2022 would print as "2,022". Printer.Date writes
// "February 18, 2022", "18 février 2022" (and "1er mars 2022") and
// "2022年2月18日", from the month names and patterns in common.json.
// Printer.List and Printer.ListOr join items with the CLDR-style list
// patterns of common.json ("A, B et C", "A、B、またはC"), and CardName shows
// a localized card name with its English one.
//
// # French typography
//
// French message templates, and never the arguments put into them, get
// French spacing when they are loaded:
//
//   - before "?", "!" and ";" a U+202F NARROW NO-BREAK SPACE;
//   - before ":" a U+00A0 NO-BREAK SPACE;
//   - just inside « and » a U+00A0 NO-BREAK SPACE.
//
// A space already there (ASCII, U+00A0 or U+202F, any number) is replaced
// by the right one. A missing one is inserted only where the mark ends a
// word: after a letter, a digit or a closing ) ] * _ ` », and before white
// space, the end or more punctuation, so "http://", "15:30", "?lang=fr"
// and "!key" stay as they are. Spaces that start a line are kept, and so is
// code between backquotes (`/ruling question: ...`). Applying the rules
// twice changes nothing. English and Japanese templates are left as
// written; Japanese messages use full-width punctuation (：（）「」).
//
// # Languages
//
// Match picks the language of a Discord interaction from its locales with
// a language.Matcher over en, fr and ja, switching on the matched index
// (the matched tag carries extensions such as "fr-u-rg-cazzzz");
// Catalog.Match does the same without building the matcher per call. Detect
// guesses the language of a question's text. ParseLang reads a --lang flag
// or a POSIX locale.
//
// # Matching keys
//
// NormalizeKey (NFKC, width fold, case fold) and FoldAccents prepare text
// for matching, so that "ＭＴＧ", "ｶｰﾄﾞ" and "Téfeiri" find "mtg", "カード"
// and "Tefeiri". Their output is never shown to anyone.
package i18n
