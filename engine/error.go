package engine

import (
	"errors"
	"fmt"
	"strings"
)

// Error codes: stable strings that cmd/bot renders through i18n
// ("engine.err.<code>"). Args are given in the order each code documents.
const (
	CodeSyntax         = "syntax"           // Args: [parser message]
	CodeUnknownKey     = "unknown_key"      // Args: [key, where]
	CodeMissingKey     = "missing_key"      // Args: [key, where]
	CodeUndefinedID    = "undefined_id"     // Args: [id]
	CodeDuplicateID    = "duplicate_id"     // Args: [id]
	CodeBadID          = "bad_id"           // Args: [id]
	CodeBadValue       = "bad_value"        // Args: [key, value, what was expected]
	CodeWrongType      = "wrong_type"       // Args: [key, expected type]
	CodeTooManyActions = "too_many_actions" // Args: [limit]
	CodeAttachCycle    = "attachment_cycle" // Args: [id]
	CodeBadPlayers     = "bad_players"      // Args: [count]
	CodeUnknownPlayer  = "unknown_player"   // Args: [name]
	CodeIllegalAction  = "illegal_action"   // Args: [action, reason]
	CodeEmptyStack     = "empty_stack"      // Args: none
	CodeUnknownPreset  = "unknown_preset"   // Args: [name]
	CodeIllegalPass    = "illegal_pass"     // Args: [player]
	CodeBadDecision    = "bad_decision"     // Args: [player, effect]
)

// ErrorCodes returns every error code, sorted.
func ErrorCodes() []string {
	return []string{CodeAttachCycle, CodeBadDecision, CodeBadID, CodeBadPlayers, CodeBadValue,
		CodeDuplicateID, CodeEmptyStack, CodeIllegalAction, CodeIllegalPass, CodeMissingKey,
		CodeSyntax, CodeTooManyActions, CodeUndefinedID, CodeUnknownKey, CodeUnknownPlayer,
		CodeUnknownPreset, CodeWrongType}
}

// Error is an invalid scenario or action. Code is stable; Line and Col give
// the position in the scenario source when known (0 otherwise).
type Error struct {
	Code string
	Line int
	Col  int
	Args []string
}

// Error returns an English message for logs.
func (e *Error) Error() string {
	var b strings.Builder
	switch {
	case e.Line > 0 && e.Col > 0:
		fmt.Fprintf(&b, "line %d:%d: ", e.Line, e.Col)
	case e.Line > 0:
		fmt.Fprintf(&b, "line %d: ", e.Line)
	}
	b.WriteString(strings.ReplaceAll(e.Code, "_", " "))
	if len(e.Args) > 0 {
		fmt.Fprintf(&b, ": %s", strings.Join(e.Args, ", "))
	}
	return b.String()
}

func errorf(code string, line, col int, args ...string) *Error {
	return &Error{Code: code, Line: line, Col: col, Args: args}
}

// AsError returns the *Error inside err, if any.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}
