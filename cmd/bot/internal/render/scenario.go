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

// NamedRunError gives err, an error of reading or playing scenario sc
// (sc nil when it could not be read) with the cards of cs, the names of
// the objects it refers to: ScenarioErrorMessage then names the
// permanents, spells and cards of a refused action as a trace does
// (ObjectName: a real card in the reader's language with the English name
// beside), instead of by the scenario's ids. Other errors are returned as
// they are.
func NamedRunError(ctx context.Context, sc *engine.Scenario, cs sim.CardSource, err error) error {
	e, ok := engine.AsError(err)
	if !ok || len(objectArgs[e.Code]) == 0 && !cardArgs[e.Code] {
		return err
	}
	r := &engine.Result{Game: "mtg", Names: map[string]string{}, LocalNames: map[string]map[string]string{}, Sources: map[string]string{}}
	if sc != nil {
		r.Game, r.Initial = sc.Game, sc.Initial
		r.Names = sc.Initial.Names()
		for _, q := range sc.Initial.Permanents {
			if len(q.LocalNames) > 0 {
				r.LocalNames[q.ID] = q.LocalNames
			}
		}
		for i := range sc.Actions {
			noteSpells(r, &sc.Actions[i])
		}
	}
	if cardArgs[e.Code] && len(e.Args) > 0 && cs != nil {
		// A card as the scenario names it, in any language: known by its
		// English name, which Localize finds its printed names by.
		if _, known := r.Names[e.Args[0]]; !known {
			if d, ok := cs.CardData(ctx, e.Args[0]); ok && d.Name != "" {
				r.Names[e.Args[0]] = d.Name
			}
		}
	}
	sim.Localize(ctx, cs, r)
	return &namedError{err: err, names: r}
}

// noteSpells records the names of the spells action a casts (an illegal
// action's included), as a run does.
func noteSpells(r *engine.Result, a *engine.Action) {
	if a.Inner != nil {
		noteSpells(r, a.Inner)
	}
	o := a.Spell
	if a.Kind != engine.ActionCast || o == nil || o.ID == "" {
		return
	}
	if _, ok := r.Names[o.ID]; !ok || o.Name != "" {
		r.Names[o.ID] = o.Name
		if o.Name == "" {
			r.Names[o.ID] = o.ID
		}
	}
	if len(o.LocalNames) > 0 {
		r.LocalNames[o.ID] = o.LocalNames
	}
	if o.Source != "" && o.Source != o.ID {
		r.Sources[o.ID] = o.Source
	}
}

// namedError is an error with the names of the objects it refers to.
type namedError struct {
	err   error
	names *engine.Result
}

// Error is the error's own text.
func (e *namedError) Error() string { return e.err.Error() }

// Unwrap gives the error.
func (e *namedError) Unwrap() error { return e.err }

// objectArgs are, for each engine error code that refers to the
// scenario's objects, the positions of the arguments that are ids (or a
// player's name, which names itself), the one the message's agreement
// follows first. Errors about the scenario's text itself (an id defined
// twice, say) keep the ids as written.
var objectArgs = map[string][]int{
	engine.CodeNotLegalTarget: {0, 1},
	engine.CodeCantAttack:     {0},
	engine.CodeCantBlock:      {0, 1},
	engine.CodeCantCast:       {0},
	engine.CodeCantActivate:   {0},
	engine.CodeCantAttach:     {0, 1},
	engine.CodeTargetCount:    {0},
}

// cardArgs are the engine error codes whose first argument is a card's
// name as the scenario gives it.
var cardArgs = map[string]bool{engine.CodeCardNotModelled: true, engine.CodeCardNoPT: true}

// ScenarioErrorMessage renders an invalid scenario for a person: the file
// (or preset) and line, then the localized message of the engine's code,
// naming the objects as NamedRunError found them.
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
	key, args := engineErrKey(ee.Code), anyArgs(ee.Args)
	var ne *namedError
	if errors.As(err, &ne) {
		var subject []string
		positions := objectArgs[ee.Code]
		if cardArgs[ee.Code] {
			positions = []int{0}
		}
		for _, i := range positions {
			if i < len(ee.Args) {
				args[i] = ObjectName(p, ne.names, ee.Args[i])
				subject = append(subject, ee.Args[i])
			}
		}
		if len(subject) > 0 && feminine(p, ne.names, subject[:1]) && p.Has(key+".f") {
			key += ".f"
		}
	}
	return p.T(i18n.KeyEngineError, loc, p.T(key, args...))
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
