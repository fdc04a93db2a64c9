package play

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"

	"arbiter/cmd/bot/internal/sim"
	"arbiter/engine"
)

// Game is a board being played: the board, the spells its players hold,
// the moves made so far and the run of them. It is a value made from
// text alone (the board and its log), so that a game needs no memory on
// a server: each move is the same text with one token more.
type Game struct {
	// Board is the board's text without its log line.
	Board []byte
	// Scenario is the board as the engine reads it: its Actions are the
	// hand, never played.
	Scenario *engine.Scenario
	// Hand holds the spells of the hand, as the engine's cast actions
	// give them.
	Hand []engine.StackObject
	// Moves are the moves made, in order.
	Moves []engine.Action
	// Result is the run of the moves: Frames[i] is the state after move i.
	Result *engine.Result

	cs sim.CardSource
}

// Refusal is a move that may not be made: its number in the log (0 on),
// the action, and why, the engine's *engine.Error naming the rule where
// one says so.
type Refusal struct {
	Move   int
	Action engine.Action
	Err    error
}

// Error says which move, for logs.
func (r *Refusal) Error() string { return fmt.Sprintf("play: move %d refused: %v", r.Move+1, r.Err) }

// Unwrap gives the engine's error.
func (r *Refusal) Unwrap() error { return r.Err }

// Load reads a board's text (see the package documentation) with the
// real cards of cs, within lim, and plays its log. A board the engine
// refuses is its *engine.Error, with the line; one over lim a
// *sim.LimitError; a board listing actions ErrHasActions; a log that
// names no moves ErrBadLog or ErrLongLog; a move of the log that may not
// be made a *Refusal.
func Load(ctx context.Context, src []byte, cs sim.CardSource, lim sim.Limits) (*Game, error) {
	scen, log, err := splitSource(src)
	if err != nil {
		return nil, err
	}
	sc, err := sim.Parse(scen, sim.NewCards(ctx, cs), lim)
	if err != nil {
		return nil, err
	}
	if sc.Game != "mtg" {
		return nil, &engine.Error{Code: engine.CodeBadValue, Args: []string{"game", sc.Game, "mtg"}}
	}
	g := &Game{Board: withoutLog(src), Scenario: sc, cs: cs}
	for _, a := range sc.Actions {
		if a.Kind != engine.ActionCast {
			return nil, &engine.Error{Code: engine.CodeBadValue, Line: a.Line, Args: []string{"hand", string(a.Kind), "cast"}}
		}
		g.Hand = append(g.Hand, *a.Spell)
	}
	moves, err := DecodeLog(log, g.Hand, g.players())
	if err != nil {
		return nil, err
	}
	s, last := sc.Initial, engine.ActionKind("")
	for i, a := range moves {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := engine.Allowed(s, g.Hand, last, a); err != nil {
			return nil, &Refusal{Move: i, Action: a, Err: err}
		}
		next, _, err := engine.Apply(s, a)
		if err != nil {
			return nil, &Refusal{Move: i, Action: a, Err: err}
		}
		s, last = next, a.Kind
	}
	return g.run(ctx, moves)
}

// run plays moves on g's board: a new Game.
func (g *Game) run(ctx context.Context, moves []engine.Action) (*Game, error) {
	sc := *g.Scenario
	sc.Actions = moves
	sc.Expect = nil
	r, err := engine.Run(&sc)
	if err != nil {
		return nil, err
	}
	// The spells still in hand are named as the cast ones are.
	for _, h := range g.Hand {
		if _, ok := r.Names[h.ID]; !ok {
			r.Names[h.ID] = h.Name
			if len(h.LocalNames) > 0 {
				r.LocalNames[h.ID] = h.LocalNames
			}
		}
	}
	sim.Localize(ctx, g.cs, r)
	out := *g
	out.Moves, out.Result = moves, r
	return &out, nil
}

// players are the names of the board's players, in order.
func (g *Game) players() []string {
	names := make([]string, len(g.Scenario.Initial.Players))
	for i, p := range g.Scenario.Initial.Players {
		names[i] = p.Name
	}
	return names
}

// State is the game as it stands: after the last move.
func (g *Game) State() engine.State { return g.Result.Final }

// last is the kind of the last move ("" before the first).
func (g *Game) last() engine.ActionKind {
	if len(g.Moves) == 0 {
		return ""
	}
	return g.Moves[len(g.Moves)-1].Kind
}

// Legal lists the moves that may be made now (engine.Legal).
func (g *Game) Legal() []engine.Action { return engine.Legal(g.State(), g.Hand, g.last()) }

// Move decodes a token as a move of this game (see DecodeMove).
func (g *Game) Move(tok string) (engine.Action, error) { return DecodeMove(tok, g.Hand, g.players()) }

// Token writes a move of this game as its token.
func (g *Game) Token(a engine.Action) string { return EncodeMove(a, g.players()) }

// Play makes move a: the game after it, or a *Refusal when it may not
// be made now.
func (g *Game) Play(ctx context.Context, a engine.Action) (*Game, error) {
	if len(g.Moves) >= MaxLog {
		return nil, ErrLongLog
	}
	if err := engine.Allowed(g.State(), g.Hand, g.last(), a); err != nil {
		return nil, &Refusal{Move: len(g.Moves), Action: a, Err: err}
	}
	moves := append(g.Moves[:len(g.Moves):len(g.Moves)], a)
	return g.run(ctx, moves)
}

// Undo is the game before its last move (the game itself before the
// first).
func (g *Game) Undo(ctx context.Context) (*Game, error) {
	if len(g.Moves) == 0 {
		return g, nil
	}
	return g.run(ctx, g.Moves[:len(g.Moves)-1])
}

// Restart is the game before its first move.
func (g *Game) Restart(ctx context.Context) (*Game, error) { return g.run(ctx, nil) }

// Log is the game's log.
func (g *Game) Log() string { return EncodeLog(g.Moves, g.players()) }

// Text is the game's text: the board and its log line.
func (g *Game) Text() []byte { return withLog(g.Board, g.Log()) }

// Hash names the game as it stands: 12 hexadecimal digits of the SHA-256
// of its text, which a message's components carry to check that the
// game they act on is the one they were made for.
func (g *Game) Hash() string { return HashText(g.Text()) }

// HashText is Hash of a game's text.
func HashText(text []byte) string {
	sum := sha256.Sum256(text)
	return hex.EncodeToString(sum[:6])
}

// IsRefusal tells a move refused, and gives it.
func IsRefusal(err error) (*Refusal, bool) {
	var r *Refusal
	ok := errors.As(err, &r)
	return r, ok
}
