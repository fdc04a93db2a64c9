package i18n

// Keys of the common domain: usage, help and errors shared by every command,
// answer framing, citation labels, and the patterns behind List, Date and
// CardName. The dynamic keys "common.lang."+Lang.String() and
// "common.month.1" to "common.month.12" complete them; the package's tests
// check that every one has a message.

// Usage of the program; the help of each command is in the help domain.
const (
	KeyUsage Key = "common.usage" // first line of the program's help
)

// Framing of answers.
const (
	KeyAnswerFound            Key = "common.answer.found"
	KeyAnswerRulings          Key = "common.answer.rulings" // %[1]s card name
	KeyAnswerSources          Key = "common.answer.sources"
	KeyAnswerNothingFound     Key = "common.answer.nothing_found" // %[1]s the query
	KeyAnswerNothingFoundHint Key = "common.answer.nothing_found_hint"
	KeyAnswerNoSuchCard       Key = "common.answer.no_such_card" // %[1]s the name the question gives as a card's
	KeyAnswerOffTopic         Key = "common.answer.off_topic"    // %[1]s the query
	KeyAnswerMore             Key = "common.answer.more"         // %[1]d how many more
	KeyAnswerInLang           Key = "common.answer.in_lang"      // %[1]s language name (Printer.LangName)
	KeyAnswerQuote            Key = "common.answer.quote"        // %[1]s short reference, %[2]s the sentence that answers
)

// The first line of an answer that quotes a text the reader may not take
// for one in their language.
const (
	KeyAnswerQuoteIn Key = "common.answer.quote_in" // KeyAnswerQuote of a text in another language: %[3]s its language (Printer.LangName)
	KeyAnswerQuoteMT Key = "common.answer.quote_mt" // KeyAnswerQuote of a machine translation
)

// Counts, as plural messages; %[1]d is the count.
const (
	KeyCountResults Key = "common.count.results"
	KeyCountRules   Key = "common.count.rules"
	KeyCountRulings Key = "common.count.rulings"
	KeyCountCards   Key = "common.count.cards"
	KeyCountDocs    Key = "common.count.docs"
)

// Citation labels, nouns without arguments.
const (
	KeyLabelRule     Key = "common.label.rule"
	KeyLabelGlossary Key = "common.label.glossary"
	KeyLabelRuling   Key = "common.label.ruling"
	KeyLabelArticle  Key = "common.label.article"
	KeyLabelCard     Key = "common.label.card"
	KeyLabelDate     Key = "common.label.date"
	KeyLabelSource   Key = "common.label.source"
	KeyLabelLink     Key = "common.label.link"
	KeyLabelOriginal Key = "common.label.original"
)

// Citation lines.
const (
	KeyCiteRule             Key = "common.cite.rule"         // %[1]s rule number
	KeyCiteGlossary         Key = "common.cite.glossary"     // %[1]s term
	KeyCiteRuling           Key = "common.cite.ruling"       // %[1]s card name, %[2]s date (Printer.Date)
	KeyCiteSection          Key = "common.cite.section"      // %[1]s title, %[2]s section
	KeyCiteSource           Key = "common.cite.source"       // %[1]s source
	KeyCiteCREffective      Key = "common.cite.cr_effective" // %[1]s date (Printer.Date)
	KeyCiteObsolete         Key = "common.cite.obsolete"     // %[1]s the new rule number or text
	KeyCiteAbolished        Key = "common.cite.abolished"
	KeyCiteTranslationOf    Key = "common.cite.translation_of"     // %[1]s original ID or title
	KeyCiteCard             Key = "common.cite.card"               // %[1]s card name (its Oracle text)
	KeyCiteCardPrinted      Key = "common.cite.card_printed"       // %[1]s card name (its printed text)
	KeyCiteVia              Key = "common.cite.via"                // %[1]s the file or channel a text came through
	KeyCiteRetrieved        Key = "common.cite.retrieved"          // %[1]s date a mirror copied the text (Printer.Date)
	KeyCiteAlso             Key = "common.cite.also"               // %[1]s other cards (Printer.List)
	KeyCiteObsoleteDoc      Key = "common.cite.obsolete_doc"       // %[1]s the current rule
	KeyCiteObsoleteSince    Key = "common.cite.obsolete_since"     // %[1]s the current rule, %[2]s since when (Printer.Date)
	KeyCiteObsoleteDocSince Key = "common.cite.obsolete_doc_since" // %[1]s the current rule, %[2]s since when (Printer.Date)
	KeyCiteAbolishedSince   Key = "common.cite.abolished_since"    // %[1]s when (Printer.Date)
	KeyCiteUnofficial       Key = "common.cite.unofficial"
	KeySourceWotC           Key = "common.source.wotc"
	KeyCardOracle           Key = "common.card.oracle"
	KeyCardPrinted          Key = "common.card.printed" // %[1]s language name
)

// Machine translation notices.
const (
	KeyMTLabel              Key = "common.mt.label"
	KeyMTShowOriginal       Key = "common.mt.show_original"
	KeyMTShowOriginalButton Key = "common.mt.show_original_button"
	KeyMTOriginalHeading    Key = "common.mt.original_heading"
	KeyMTOriginalHeadingIn  Key = "common.mt.original_heading_lang" // %[1]s language name
)

// Errors a user may see. A command's error code is its key.
const (
	KeyUnknownCommand        Key = "common.err.unknown_command" // %[1]s command
	KeyNotAvailable          Key = "common.err.not_available"   // %[1]s command
	KeyBadFlags              Key = "common.err.bad_flags"       // %[1]s command, %[2]s flag package message
	KeyErrUnknownFlag        Key = "common.err.unknown_flag"    // %[1]s command, %[2]s flag
	KeyErrBadFlagValue       Key = "common.err.bad_flag_value"  // %[1]s command, %[2]s flag, %[3]s value
	KeyErrMissingArg         Key = "common.err.missing_arg"     // %[1]s command, %[2]s what is missing (QUESTION, NUMBER...)
	KeyErrTooManyArgs        Key = "common.err.too_many_args"   // %[1]s command
	KeyErrFileNotFound       Key = "common.err.file_not_found"  // %[1]s path
	KeyErrFileUnreadable     Key = "common.err.file_unreadable" // %[1]s path
	KeyErrQuestionEmpty      Key = "common.err.question_empty"
	KeyErrQuestionTooLong    Key = "common.err.question_too_long"    // %[1]d maximum length
	KeyErrUnknownCard        Key = "common.err.unknown_card"         // %[1]s name
	KeyErrUnknownCardSuggest Key = "common.err.unknown_card_suggest" // %[1]s name, %[2]s suggestions (Printer.ListOr)
	KeyErrUnknownRule        Key = "common.err.unknown_rule"         // %[1]s number
	KeyErrNoRulesInIndex     Key = "common.err.no_rules_in_index"    // %[1]s number: unknown because the index holds no CR
	KeyErrNoCardsInIndex     Key = "common.err.no_cards_in_index"    // %[1]s name: unknown, and the index holds no cards file
	KeyErrBadRuleNumber      Key = "common.err.bad_rule_number"      // %[1]s input
	KeyErrBadLang            Key = "common.err.bad_lang"             // %[1]s input
	KeyErrIndexMissing       Key = "common.err.index_missing"        // %[1]s directory
	KeyErrIndexDamaged       Key = "common.err.index_damaged"        // %[1]s directory
	KeyErrIndexCorrupt       Key = "common.err.index_corrupt"        // %[1]s directory
	KeyErrMissingEnv         Key = "common.err.missing_env"          // %[1]s variable
	KeyErrBatchLine          Key = "common.err.batch_line"           // %[1]d line number, %[2]s message
	KeyErrTimeout            Key = "common.err.timeout"
	KeyErrInternal           Key = "common.err.internal"
)

// Hints printed with errors and before exiting.
const (
	KeyHintHelp        Key = "common.hint.help"
	KeyHintCommandHelp Key = "common.hint.command_help" // %[1]s command
	KeyHintNoResult    Key = "common.hint.no_result"
)

// Patterns used by Printer.List, Printer.ListOr, Printer.Date and CardName.
const (
	KeyListTwo    Key = "common.list.two"
	KeyListStart  Key = "common.list.start"
	KeyListMiddle Key = "common.list.middle"
	KeyListEnd    Key = "common.list.end"
	KeyListOrTwo  Key = "common.list.or_two"
	KeyListOrEnd  Key = "common.list.or_end"
	KeyDate       Key = "common.date"      // %[1]d day, %[2]s month name, %[3]s year, %[4]d month number
	KeyCardName   Key = "common.card.name" // %[1]s localized name, %[2]s English name
)
