package engine

import (
	"fmt"
	"strings"
)

// MaxActions bounds the actions of one scenario.
const MaxActions = 10000

// Action is one thing a scenario does to the game. Kind is the scenario key
// (phase_out, advance, cast, ...); the other fields are that action's
// arguments. Line is the action's line in the scenario source, Text its
// canonical text.
type Action struct {
	Kind        string
	IDs         []string
	Filter      *Filter
	Target      string
	Until       string
	TapOnReturn bool
	Effect      *Effect
	Spell       *StackObject
	Attackers   []string
	Defender    string
	Blocker     string
	Attacker    string
	Amount      int
	Counter     string
	N           int
	Player      string
	Step        Step
	Line        int
	Text        string
}

// game is the working copy Apply changes, with the events it has produced.
type game struct {
	s      *State
	events []Event
}

func (g *game) emit(e Event) {
	g.s.Seq++
	e.Seq = g.s.Seq
	e.Turn = g.s.Turn
	if e.Step == "" {
		e.Step = string(g.s.Step)
	}
	if e.Player == "" {
		e.Player = g.s.Active
	}
	g.events = append(g.events, e)
}

// Apply performs a on s and returns the new state and the events produced.
// s is left unchanged. Every action but advance is followed by a check of
// state-based actions, as a player would then receive priority (704.3).
func Apply(s State, a Action) (State, []Event, error) {
	c := s.clone()
	g := &game{s: &c}
	if err := g.apply(a); err != nil {
		if e, ok := err.(*Error); ok && e.Line == 0 && a.Line > 0 {
			e2 := *e
			e2.Line = a.Line
			err = &e2
		}
		return s, nil, fmt.Errorf("engine: apply %s: %w", a.Kind, err)
	}
	return c, g.events, nil
}

func (g *game) apply(a Action) error {
	if g.s.Game == "ygo" {
		switch a.Kind {
		case "enter_phase":
			return g.enterPhase(a.Step)
		}
		return errorf(CodeIllegalAction, a.Line, 0, a.Kind, "not a Yu-Gi-Oh! action")
	}
	switch {
	case a.Kind == "effect" && a.Effect == nil, a.Kind == "cast" && a.Spell == nil:
		return errorf(CodeMissingKey, a.Line, 0, a.Kind, "action")
	case a.Kind == "phase_out_until" && !strings.HasSuffix(a.Until, "_leaves"):
		return errorf(CodeBadValue, a.Line, 0, "until", a.Until, "<id>_leaves")
	}
	var err error
	switch a.Kind {
	case "phase_out":
		if err = g.need(a.IDs...); err == nil {
			g.phaseOut(a.IDs, "702.26b")
		}
	case "phase_out_all":
		g.phaseOut(g.matching(a.Filter), "702.26b")
	case "phase_out_until":
		err = g.phaseOutUntil(a)
	case "phase_in":
		if err = g.need(a.IDs...); err == nil {
			g.phaseIn(a.IDs, "702.26c", false)
		}
	case "phase_in_all":
		g.phaseIn(g.matchingPhasedOut(a.Filter), "702.26c", false)
	case "phase_toggle":
		g.phaseToggle(a.Filter)
	case "effect":
		err = g.addEffect(*a.Effect)
	case "cast":
		err = g.cast(*a.Spell)
	case "resolve":
		err = g.resolve(a.Target)
	case "attack":
		err = g.attack(a.Attackers, a.Defender)
	case "block":
		err = g.block(a.Blocker, a.Attacker)
	case "damage":
		err = g.damage(a.Target, a.Amount)
	case "destroy":
		if err = g.need(a.IDs...); err == nil {
			g.destroy(a.IDs, "701.8")
		}
	case "destroy_all":
		g.destroyAll(a.Filter)
	case "counter":
		err = g.addCounter(a.Target, a.Counter, a.N)
	case "tap":
		if err = g.need(a.IDs...); err == nil {
			g.tap(a.IDs)
		}
	case "attach":
		err = g.attach(a.Target, a.Attacker)
	case "enter":
		if err = g.need(a.IDs...); err == nil {
			g.enter(a.IDs)
		}
	case "leave_battlefield":
		if err = g.need(a.IDs...); err == nil {
			for _, id := range a.IDs {
				if p := g.s.perm(id); !p.Exists() {
					g.unaffected(id)
					continue
				}
				g.leave(id, ZoneGraveyard, "701.17")
			}
		}
	case "skip_untap":
		i := g.s.player(a.Player)
		if i < 0 {
			return errorf(CodeUnknownPlayer, a.Line, 0, a.Player)
		}
		g.s.Players[i].SkipUntaps++
	case "leave_game":
		err = g.leaveGame(a.Player)
	case "advance":
		return g.advance(a.Player, a.Step)
	default:
		return errorf(CodeIllegalAction, a.Line, 0, a.Kind, "unknown action")
	}
	if err != nil {
		return err
	}
	g.priority()
	return nil
}

// need checks that every id names a permanent.
func (g *game) need(ids ...string) error {
	for _, id := range ids {
		if g.s.perm(id) == nil {
			return errorf(CodeUndefinedID, 0, 0, id)
		}
	}
	return nil
}

// priority is what happens whenever a player would receive priority:
// state-based actions (704.3), then waiting triggers go on the stack.
func (g *game) priority() {
	g.recompute(false)
	g.stateBased()
	for _, t := range g.s.Pending {
		rule := t.Rule
		if rule == "" {
			rule = "603.3"
		}
		g.emit(Event{Kind: "trigger", Objects: []string{t.Source}, Args: []string{t.Condition}, Rule: rule,
			Player: g.controllerOf(t.Source)})
	}
	g.s.Pending = g.s.Pending[:0]
}
