package i18n

// Keys of the kb domain: where a parse error is and how to frame it. The
// messages of the error codes themselves are the dynamic keys
// "kb.err.<code>" (package kb lists the codes in ErrorCodes; its tests check
// that every one has a message).
const (
	KeyKBError    Key = "kb.error"     // %[1]s location, %[2]s message
	KeyKBAtLine   Key = "kb.at_line"   // %[1]s file, %[2]d line
	KeyKBAtOffset Key = "kb.at_offset" // %[1]s file, %[2]d byte offset
	KeyKBInFile   Key = "kb.in_file"   // %[1]s file
)
