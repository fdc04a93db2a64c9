package i18n

// Keys of the common domain: usage, help and errors shared by every command.
const (
	KeyUsage          Key = "common.usage"
	KeyUnknownCommand Key = "common.err.unknown_command"
	KeyNotAvailable   Key = "common.err.not_available"
	KeyBadFlags       Key = "common.err.bad_flags"
)
