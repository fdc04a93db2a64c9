package kb

import (
	"fmt"
	"strconv"

	"arbiter/i18n"
)

// The codes of ParseError, stable across releases. Each has a message
// "kb.err.<code>" in every language (see i18n/locales/*/kb.json); the
// message takes the error's Detail as its only argument (%[1]s).
const (
	CodeEmpty           = "empty"             // the input holds nothing to parse
	CodeBadEncoding     = "bad_encoding"      // not UTF-8 (nor Windows-1252 where that is accepted)
	CodeTruncated       = "truncated"         // the input ends before a required part
	CodeNoEffectiveDate = "no_effective_date" // a CR text without "These rules are effective as of ..."
	CodeBadJSON         = "bad_json"          // malformed JSON
	CodeWrongType       = "wrong_type"        // a JSON or YAML value of the wrong type
	CodeBadDate         = "bad_date"          // a date that is not YYYY-MM-DD (or a known long form)
	CodeUnknownKey      = "unknown_key"       // a YAML key the format does not define
	CodeDuplicateID     = "duplicate_id"      // two records with the same ID or rule number
	CodeMissingOriginal = "missing_original"  // a translation whose original is not in the corpus
	CodeBadLang         = "bad_lang"          // a language other than en, fr or ja
	CodeBadYAML         = "bad_yaml"          // malformed YAML
	CodeMissingField    = "missing_field"     // a required field is absent or empty
	CodeBadID           = "bad_id"            // an ID with characters outside letters, digits, . - _
	CodeBadKind         = "bad_kind"          // a document kind or game outside the documented set
	CodeBadLine         = "bad_line"          // a line that fits nowhere in the format
	CodeUnknownFormat   = "unknown_format"    // the input matches none of the accepted formats
	CodeTooLarge        = "too_large"         // a record larger than the parser accepts
)

// ErrorCodes lists every code a parser of this package can return, so a
// test can check that each has a message in every language.
func ErrorCodes() []string {
	return []string{
		CodeEmpty, CodeBadEncoding, CodeTruncated, CodeNoEffectiveDate, CodeBadJSON,
		CodeWrongType, CodeBadDate, CodeUnknownKey, CodeDuplicateID, CodeMissingOriginal,
		CodeBadLang, CodeBadYAML, CodeMissingField, CodeBadID, CodeBadKind, CodeBadLine,
		CodeUnknownFormat, CodeTooLarge,
	}
}

// ParseError reports bad input to a parser: the file (as the caller named
// it), where in it (Line from 1, or a byte Offset from 0 when lines are not
// known, Line then being 0), a stable Code and an English Detail.
type ParseError struct {
	File   string
	Line   int
	Offset int64
	Code   string
	Detail string
}

// Error returns the English message, for logs: "file:line: detail (code)".
func (e *ParseError) Error() string {
	return e.where() + ": " + e.Detail + " (" + e.Code + ")"
}

func (e *ParseError) where() string {
	switch {
	case e.Line > 0:
		return e.File + ":" + strconv.Itoa(e.Line)
	case e.Offset > 0:
		return e.File + ": byte " + strconv.FormatInt(e.Offset, 10)
	}
	return e.File
}

// Key returns the message key of the error's code, "kb.err.<code>".
func (e *ParseError) Key() i18n.Key { return i18n.Key("kb.err." + e.Code) }

// Args returns the arguments of the message of Key: the Detail.
func (e *ParseError) Args() []any { return []any{e.Detail} }

// Localize renders the error in p's language: its location (file and line,
// or file and byte offset) followed by the message of its code.
func (e *ParseError) Localize(p *i18n.Printer) string {
	var where string
	switch {
	case e.Line > 0:
		where = p.T(i18n.KeyKBAtLine, e.File, e.Line)
	case e.Offset > 0:
		where = p.T(i18n.KeyKBAtOffset, e.File, int(e.Offset))
	default:
		where = p.T(i18n.KeyKBInFile, e.File)
	}
	return p.T(i18n.KeyKBError, where, p.T(e.Key(), e.Args()...))
}

func lineErr(file string, line int, code, format string, args ...any) *ParseError {
	return &ParseError{File: file, Line: line, Code: code, Detail: fmt.Sprintf(format, args...)}
}

func offsetErr(file string, off int64, code, format string, args ...any) *ParseError {
	return &ParseError{File: file, Offset: off, Code: code, Detail: fmt.Sprintf(format, args...)}
}
