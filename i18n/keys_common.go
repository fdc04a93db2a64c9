package i18n

// Keys of the common domain: usage, help and errors shared by every
// command, answer framing, citation labels, and the patterns behind List,
// Date and CardName. The dynamic keys "common.lang."+Lang.String() and
// "common.month.1" to "common.month.12" complete them.
const (
	KeyUsage          Key = "common.usage"
	KeyUnknownCommand Key = "common.err.unknown_command"
	KeyNotAvailable   Key = "common.err.not_available"
	KeyBadFlags       Key = "common.err.bad_flags"
)

// Patterns used by Printer.List, Printer.Date and CardName.
const (
	KeyListTwo    Key = "common.list.two"
	KeyListStart  Key = "common.list.start"
	KeyListMiddle Key = "common.list.middle"
	KeyListEnd    Key = "common.list.end"
	KeyDate       Key = "common.date"
	KeyCardName   Key = "common.card.name"
)
