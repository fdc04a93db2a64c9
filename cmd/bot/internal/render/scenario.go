package render

import (
	"context"
	"errors"

	"arbiter/cmd/bot/internal/sim"
	"arbiter/engine"
	"arbiter/i18n"
)

// ScenarioFileError is a scenario file that could not be read.
type ScenarioFileError struct {
	Path string
	Err  error
}

// Error returns the path and the reason, for logs.
func (e *ScenarioFileError) Error() string { return e.Path + ": " + e.Err.Error() }

// ScenarioErrorMessage renders an invalid scenario for a person: the file
// (or preset) and line, then the localized message of the engine's code.
func ScenarioErrorMessage(p *i18n.Printer, where string, err error) string {
	var fe *ScenarioFileError
	if errors.As(err, &fe) {
		return p.T(i18n.KeyEngineReadError, fe.Path, fe.Err.Error())
	}
	var le *sim.LimitError
	if errors.As(err, &le) {
		return p.T(i18n.KeyEngineError, where, LimitMessage(p, le))
	}
	if errors.Is(err, context.Canceled) {
		return p.T(i18n.KeyEngineError, where, p.T(i18n.KeyEngineInterrupted))
	}
	ee, ok := engine.AsError(err)
	if !ok {
		return p.T(i18n.KeyEngineError, where, err.Error())
	}
	if ee.Code == engine.CodeUnknownPreset {
		return p.T(engineErrKey(ee.Code), anyArgs(ee.Args)...)
	}
	loc := where
	if ee.Line > 0 {
		loc = p.T(i18n.KeyEngineAtLine, where, ee.Line)
	}
	return p.T(i18n.KeyEngineError, loc, p.T(engineErrKey(ee.Code), anyArgs(ee.Args)...))
}

// engineErrKey is the message key of an engine error code.
func engineErrKey(code string) i18n.Key { return i18n.Key("engine.err." + code) }

// anyArgs turns message arguments into a printer's.
func anyArgs(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// LimitMessage says which limit a scenario is over.
func LimitMessage(p *i18n.Printer, e *sim.LimitError) string {
	if e.What == "bytes" {
		return p.T(i18n.KeyEngineLimitBytes, e.Limit>>10)
	}
	return p.T(i18n.Key("engine.limit."+e.What), e.Got, e.Limit)
}
