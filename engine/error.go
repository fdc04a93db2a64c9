package engine

import (
	"errors"
	"fmt"
	"sort"
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

	CodeUnknownKeyword  = "unknown_keyword"   // Args: [keyword]
	CodeUnknownCard     = "unknown_card"      // Args: [name]
	CodeNoCardData      = "no_card_data"      // Args: [name]
	CodeCardNotModelled = "card_not_modelled" // Args: [card, what the engine cannot model]
	CodeCardNoPT        = "card_no_pt"        // Args: [card]
	CodeNotLegalTarget  = "not_legal_target"  // Args: [spell or ability, target, rule]
	CodeTargetCount     = "target_count"      // Args: [spell or ability, number of targets given, rule]
	CodeCantAttack      = "cant_attack"       // Args: [creature, rule]
	CodeCantBlock       = "cant_block"        // Args: [blocker, attacker, rule]
	CodeCantCast        = "cant_cast"         // Args: [spell, rule]
	CodeCantActivate    = "cant_activate"     // Args: [source, rule]
	CodeCantPay         = "cant_pay"          // Args: [player, life, rule]
	CodeCantPayMana     = "cant_pay_mana"     // Args: [player, mana cost, rule]
	CodeCantPlay        = "cant_play"         // Args: [land, rule]
	CodeCantAttach      = "cant_attach"       // Args: [attachment, host, rule]
	CodeGameOver        = "game_over"         // Args: [winner]
	CodePlayerLeft      = "player_left"       // Args: [player, rule]
	CodeBadChoice       = "bad_choice"        // Args: [player, the choice asked for, the answer given]
	CodeNotRefused      = "not_refused"       // Args: [action]
)

// ErrorCodes returns every error code, sorted.
func ErrorCodes() []string {
	c := []string{CodeAttachCycle, CodeBadDecision, CodeBadID, CodeBadPlayers, CodeBadValue,
		CodeDuplicateID, CodeEmptyStack, CodeIllegalAction, CodeIllegalPass, CodeMissingKey,
		CodeSyntax, CodeTooManyActions, CodeUndefinedID, CodeUnknownKey, CodeUnknownPlayer,
		CodeUnknownPreset, CodeWrongType, CodeUnknownKeyword, CodeUnknownCard, CodeNoCardData,
		CodeCardNotModelled, CodeCardNoPT, CodeNotLegalTarget, CodeCantAttack, CodeCantBlock, CodeCantCast,
		CodeCantActivate, CodeCantPay, CodeCantAttach, CodeGameOver, CodePlayerLeft, CodeBadChoice,
		CodeNotRefused, CodeTargetCount, CodeCantPayMana, CodeCantPlay}
	sort.Strings(c)
	return c
}

// ErrUnknownPreset is the error RunPreset and LoadPreset give for a name that
// is no preset: errors.Is(err, ErrUnknownPreset) holds for it, whatever the
// name.
var ErrUnknownPreset error = &Error{Code: CodeUnknownPreset}

// Error is an invalid scenario or action. Code is stable; Line and Col give
// the position in the scenario source when known (0 otherwise).
type Error struct {
	Code string
	Line int
	Col  int
	Args []string
	// Rule is the rule that makes an action illegal, when one does (the
	// codes cant_*, not_legal_target, player_left); it is also the last of Args.
	Rule string
}

// Is reports whether target is an *Error without arguments and with the
// same Code: the sentinels such as ErrUnknownPreset.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code && len(t.Args) == 0 && t.Line == 0
}

// illegal returns the error of an action a rule forbids: code with args,
// then the rule.
func illegal(code, rule string, args ...string) *Error {
	return &Error{Code: code, Args: append(args, rule), Rule: rule}
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
