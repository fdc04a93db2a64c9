package sim

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"arbiter/engine"
)

// Limits bound what a scenario may ask of the bot: its size, its shape
// (checked before the YAML parser reads it, see CheckStructure), what it
// plays out, and the time it may take.
type Limits struct {
	MaxBytes      int // size of the source
	MaxDepth      int // collections nested in one another
	MaxNodes      int // YAML nodes
	MaxKeys       int // keys of one mapping
	MaxActions    int // actions, each a step of the trace
	MaxPermanents int // permanents at the start
	// Budget bounds the time a scenario may take, its wait for the Gate
	// included (0: none); past it, a *LimitError "time".
	Budget time.Duration
	// Gate bounds the scenarios played at once in the process (nil: no
	// bound).
	Gate *Gate
}

// UserLimits are the limits of a scenario sent by a user on Discord or
// the web: 64 KiB, 200 actions and 100 permanents, which play out in a
// few milliseconds; 32 levels of nesting, 10,000 nodes and 512 keys a
// mapping (the presets nest 6 levels and hold 256 nodes at most, and a
// scenario at the other limits about 2,500), which parse in tens of
// milliseconds; 2 seconds.
// Callers set the Gate their process shares.
func UserLimits() Limits {
	return Limits{MaxBytes: 64 << 10, MaxDepth: 32, MaxNodes: 10000, MaxKeys: 512, MaxActions: 200, MaxPermanents: 100,
		Budget: 2 * time.Second}
}

// FileLimits are those of a scenario file given to the command line: no
// time budget (the command stops on a signal).
func FileLimits() Limits {
	return Limits{MaxBytes: 1 << 20, MaxDepth: 64, MaxNodes: 200000, MaxKeys: 20000, MaxActions: engine.MaxActions, MaxPermanents: 10000}
}

// LimitError is a scenario over one of its limits.
type LimitError struct {
	// What: "bytes", "depth", "nodes", "keys", "actions", "permanents",
	// or "time" (Limit in seconds).
	What  string
	Limit int
	Got   int
}

// Error says which limit, for logs.
func (e *LimitError) Error() string {
	return fmt.Sprintf("sim: scenario has %d %s, over the limit of %d", e.Got, e.What, e.Limit)
}

// Gate bounds the scenarios played at once, so that users' scenarios
// never take every core of the process: requests of other kinds find one
// free. A scenario waits for its turn within its budget.
type Gate struct {
	slots chan struct{}
}

// NewGate lets n scenarios play at once (at least 1).
func NewGate(n int) *Gate { return &Gate{slots: make(chan struct{}, max(1, n))} }

// DefaultGate lets one scenario play per two cores, at least one.
func DefaultGate() *Gate { return NewGate(runtime.GOMAXPROCS(0) / 2) }

// enter waits for a turn until ctx ends; release ends it. A nil gate
// never waits.
func (g *Gate) enter(ctx context.Context) (release func(), err error) {
	if g == nil {
		return func() {}, nil
	}
	select {
	case g.slots <- struct{}{}:
		return func() { <-g.slots }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Parse reads a scenario with the real cards of cards (nil: none), within
// lim. Errors are the engine's (*engine.Error, with the line) or a
// *LimitError.
func Parse(src []byte, cards engine.Cards, lim Limits) (*engine.Scenario, error) {
	return parse(context.Background(), src, cards, lim)
}

// parse is Parse, which stops when ctx ends before the YAML is read.
func parse(ctx context.Context, src []byte, cards engine.Cards, lim Limits) (*engine.Scenario, error) {
	if err := check(ctx, src, lim); err != nil {
		return nil, err
	}
	return parseChecked(ctx, src, cards, lim)
}

// check checks src's size and shape.
func check(ctx context.Context, src []byte, lim Limits) error {
	if err := quickCheck(src, lim); err != nil {
		return err
	}
	return CheckStructure(ctx, src, lim)
}

// quickCheck checks src's size and counts its indicators (see
// indicators), in one pass and no memory: what Play does before a
// scenario queues for its gate, so that a hostile one is refused at once.
func quickCheck(src []byte, lim Limits) error {
	if lim.MaxBytes > 0 && len(src) > lim.MaxBytes {
		return &LimitError{What: "bytes", Limit: lim.MaxBytes, Got: len(src)}
	}
	if n := indicators(src); lim.MaxNodes > 0 && n > lim.MaxNodes {
		return &LimitError{What: "nodes", Limit: lim.MaxNodes, Got: n}
	}
	return nil
}

// parseChecked is parse once src is checked.
func parseChecked(ctx context.Context, src []byte, cards engine.Cards, lim Limits) (*engine.Scenario, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
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
//
// It returns when ctx ends (a request gone, a signal), with ctx's error,
// or when lim's budget is spent, with a *LimitError "time", even while
// the parser or the engine still runs: they take no context, and finish
// in the background within the bounds CheckStructure sets, holding their
// turn of lim's Gate until then.
func Play(ctx context.Context, src []byte, name string, cs CardSource, lim Limits) (*engine.Scenario, *engine.Result, error) {
	if lim.Budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, lim.Budget)
		defer cancel()
	}
	over := func(err error) error {
		if errors.Is(err, context.DeadlineExceeded) && lim.Budget > 0 {
			return &LimitError{What: "time", Limit: int(lim.Budget.Round(time.Second) / time.Second), Got: int(lim.Budget.Round(time.Second)/time.Second) + 1}
		}
		return err
	}
	type result struct {
		sc  *engine.Scenario
		r   *engine.Result
		err error
	}
	done := make(chan result, 1)
	// The size and the indicators are counted before the gate, at once
	// and with no memory; the shape, whose tokens take memory, within it.
	if err := quickCheck(src, lim); err != nil {
		return nil, nil, err
	}
	go func() {
		release, err := lim.Gate.enter(ctx)
		if err != nil {
			done <- result{err: err}
			return
		}
		defer release()
		if err := CheckStructure(ctx, src, lim); err != nil {
			done <- result{err: err}
			return
		}
		sc, r, err := play(ctx, src, name, cs, lim)
		done <- result{sc, r, err}
	}()
	select {
	case res := <-done:
		return res.sc, res.r, over(res.err)
	case <-ctx.Done():
		return nil, nil, over(ctx.Err())
	}
}

// play is Play without its budget, gate and checks.
func play(ctx context.Context, src []byte, name string, cs CardSource, lim Limits) (*engine.Scenario, *engine.Result, error) {
	sc, err := parseChecked(ctx, src, NewCards(ctx, cs), lim)
	if err != nil {
		return nil, nil, textless(ctx, cs, err)
	}
	if sc.Name == "" {
		sc.Name = name
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
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
