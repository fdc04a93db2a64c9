package sim

import (
	"context"
	"fmt"

	"arbiter/engine"
)

// Limits bound what a scenario may ask of the bot.
type Limits struct {
	MaxBytes      int // size of the source
	MaxActions    int // actions, each a step of the trace
	MaxPermanents int // permanents at the start
}

// UserLimits are the limits of a scenario sent by a user on Discord or
// the web: 64 KiB, 200 actions and 100 permanents, which play out in a
// few milliseconds.
func UserLimits() Limits { return Limits{MaxBytes: 64 << 10, MaxActions: 200, MaxPermanents: 100} }

// FileLimits are those of a scenario file given to the command line.
func FileLimits() Limits {
	return Limits{MaxBytes: 1 << 20, MaxActions: engine.MaxActions, MaxPermanents: 10000}
}

// LimitError is a scenario over one of its limits.
type LimitError struct {
	What  string // "bytes", "actions" or "permanents"
	Limit int
	Got   int
}

// Error says which limit, for logs.
func (e *LimitError) Error() string {
	return fmt.Sprintf("sim: scenario has %d %s, over the limit of %d", e.Got, e.What, e.Limit)
}

// Parse reads a scenario with the real cards of cards (nil: none), within
// lim. Errors are the engine's (*engine.Error, with the line) or a
// *LimitError.
func Parse(src []byte, cards engine.Cards, lim Limits) (*engine.Scenario, error) {
	if lim.MaxBytes > 0 && len(src) > lim.MaxBytes {
		return nil, &LimitError{What: "bytes", Limit: lim.MaxBytes, Got: len(src)}
	}
	sc, err := engine.ParseScenarioWith(src, engine.ParseOptions{Cards: cards})
	if err != nil {
		return nil, err
	}
	if lim.MaxActions > 0 && len(sc.Actions) > lim.MaxActions {
		return nil, &LimitError{What: "actions", Limit: lim.MaxActions, Got: len(sc.Actions)}
	}
	if lim.MaxPermanents > 0 && len(sc.Initial.Permanents) > lim.MaxPermanents {
		return nil, &LimitError{What: "permanents", Limit: lim.MaxPermanents, Got: len(sc.Initial.Permanents)}
	}
	return sc, nil
}

// Play parses src with the cards of src's knowledge base and runs it,
// with real cards named in every language (Localize). A scenario without
// a name is called name.
func Play(ctx context.Context, src []byte, name string, cs CardSource, lim Limits) (*engine.Scenario, *engine.Result, error) {
	sc, err := Parse(src, NewCards(ctx, cs), lim)
	if err != nil {
		return nil, nil, textless(ctx, cs, err)
	}
	if sc.Name == "" {
		sc.Name = name
	}
	r, err := engine.Run(sc)
	if err != nil {
		return sc, nil, err
	}
	Localize(ctx, cs, r)
	return sc, r, nil
}

// textless turns the engine's "no such card" into "no card data" for a
// card the knowledge base knows by name only (the embedded corpus knows
// names, not texts): what is missing is the cards file, not the card.
func textless(ctx context.Context, cs CardSource, err error) error {
	e, ok := engine.AsError(err)
	if !ok || e.Code != engine.CodeUnknownCard || len(e.Args) == 0 || cs == nil {
		return err
	}
	if d, found := cs.CardData(ctx, e.Args[0]); found && (d.OracleID == "" || d.TypeLine == "") {
		return &engine.Error{Code: engine.CodeNoCardData, Line: e.Line, Col: e.Col, Args: e.Args}
	}
	return err
}

// Preset runs the named preset (engine.RunPreset) with real cards named
// in every language. A name that is no preset gives an error matching
// engine.ErrUnknownPreset.
func Preset(ctx context.Context, name string, cs CardSource) (*engine.Scenario, *engine.Result, error) {
	sc, r, err := engine.RunPreset(name, engine.Options{})
	if err != nil {
		return sc, nil, err
	}
	Localize(ctx, cs, r)
	return sc, r, nil
}
