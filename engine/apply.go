package engine

import (
	"errors"
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
	Kind        ActionKind
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
	Blockers    []string // block: several blockers for one attacker, declared together
	Attacker    string
	Amount      int
	Counter     string
	N           int
	Player      string
	Step        Step
	// ForEach counts the permanents a draw is made for.
	ForEach *Filter
	// Answer is a choose action's answer.
	Answer *Answer
	// Inner and Rule are an illegal action's action and the rule expected to
	// refuse it.
	Inner *Action
	Rule  string
	// Checks are a check action's expectations.
	Checks []Expectation
	Line   int
	Text   string
}

// game is the working copy Apply changes, with the events it has produced.
type game struct {
	s      *State
	events []Event
	// err is the first error met where a step can't return one (a bad
	// answer to a choice made as triggers go on the stack).
	err error
	// attackGiven is set while an attack action walks to the declare
	// attackers step: the engine declares no attackers itself (508.1d).
	attackGiven bool
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
//
// An illegal action (Kind illegal) applies its inner action to a copy: if a
// rule refuses it, Apply returns s with one refused event naming that rule
// and no error; if nothing refuses it, the error has Code not_refused.
func Apply(s State, a Action) (State, []Event, error) {
	c := s.clone()
	g := &game{s: &c}
	err := g.apply(a)
	if err == nil {
		err = g.err
	}
	if err != nil {
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
		case ActionEnterPhase:
			return g.enterPhase(a.Step)
		case ActionCheck:
			return nil
		}
		return errorf(CodeIllegalAction, a.Line, 0, string(a.Kind), "not a Yu-Gi-Oh! action")
	}
	switch {
	case a.Kind == ActionEffect && a.Effect == nil, a.Kind == ActionCast && a.Spell == nil,
		a.Kind == ActionIllegal && a.Inner == nil, a.Kind == ActionChoose && a.Answer == nil:
		return errorf(CodeMissingKey, a.Line, 0, string(a.Kind), "action")
	case a.Kind == ActionPhaseOutUntil && !strings.HasSuffix(a.Until, "_leaves"):
		return errorf(CodeBadValue, a.Line, 0, "until", a.Until, "<id>_leaves")
	}
	switch a.Kind {
	case ActionCheck:
		return nil // Run evaluates the expectations
	case ActionChoose:
		if i := g.s.player(a.Answer.Player); i < 0 {
			return errorf(CodeUnknownPlayer, a.Line, 0, a.Answer.Player)
		}
		g.s.Answers = append(g.s.Answers, *a.Answer)
		return nil
	case ActionIllegal:
		return g.refuse(a)
	}
	if g.s.Winner != "" {
		return illegal(CodeGameOver, "104.2a", g.s.Winner)
	}
	var err error
	switch a.Kind {
	case ActionPhaseOut:
		if err = g.need(a.IDs...); err == nil {
			g.phaseOut(a.IDs, "702.26b")
		}
	case ActionPhaseOutAll:
		g.phaseOut(g.matching(a.Filter), "702.26b")
	case ActionPhaseOutUntil:
		src := strings.TrimSuffix(a.Until, "_leaves")
		if err = g.need(a.Target, src); err == nil {
			g.phaseOutUntil([]string{a.Target}, src, a.TapOnReturn)
		}
	case ActionPhaseIn:
		if err = g.need(a.IDs...); err == nil {
			g.phaseIn(a.IDs, "702.26c", false)
		}
	case ActionPhaseInAll:
		g.phaseIn(g.matchingPhasedOut(a.Filter), "702.26c", false)
	case ActionPhaseToggle:
		g.phaseToggle(a.Filter)
	case ActionEffect:
		err = g.addEffect(*a.Effect)
	case ActionCast:
		err = g.cast(*a.Spell)
	case ActionActivate:
		if a.Spell == nil {
			return errorf(CodeMissingKey, a.Line, 0, string(a.Kind), "action")
		}
		err = g.activateAbility(*a.Spell)
	case ActionResolve:
		err = g.resolve(a.Target)
	case ActionAttack:
		err = g.attack(a.Attackers, a.Defender)
	case ActionBlock:
		blockers := a.Blockers
		if len(blockers) == 0 {
			blockers = []string{a.Blocker}
		}
		err = g.block(blockers, a.Attacker)
	case ActionDamage:
		err = g.damage(a.Target, a.Amount)
	case ActionDestroy:
		if err = g.need(a.IDs...); err == nil {
			g.destroy(a.IDs, "701.8a")
		}
	case ActionDestroyAll:
		g.destroyAll(a.Filter)
	case ActionCounter:
		err = g.addCounter(a.Target, a.Counter, a.N)
	case ActionTap:
		if err = g.need(a.IDs...); err == nil {
			g.tap(a.IDs)
		}
	case ActionUntap:
		if err = g.need(a.IDs...); err == nil {
			g.untap(a.IDs, "701.26b")
		}
	case ActionAttach:
		err = g.attach(a.Target, a.Attacker)
	case ActionEnter:
		if err = g.need(a.IDs...); err == nil {
			g.enter(a.IDs, "110.2a")
		}
	case ActionLeaveBattlefield:
		if err = g.need(a.IDs...); err == nil {
			for _, id := range a.IDs {
				if p := g.s.perm(id); !p.Exists() {
					g.unaffected(id)
					continue
				}
				g.leave(id, ZoneGraveyard, "701.21a")
			}
		}
	case ActionSkipUntap:
		i := g.s.player(a.Player)
		if i < 0 {
			return errorf(CodeUnknownPlayer, a.Line, 0, a.Player)
		}
		g.s.Players[i].SkipUntaps++
	case ActionLeaveGame:
		err = g.leaveGame(a.Player, "104.3a")
	case ActionDraw:
		err = g.drawAction(a.Player, a.N, a.ForEach)
	case ActionPlay:
		err = g.playLand(a.Target)
	case ActionAdvance:
		return g.advance(a.Player, a.Step)
	default:
		return errorf(CodeIllegalAction, a.Line, 0, string(a.Kind), "unknown action")
	}
	if err != nil {
		return err
	}
	g.priority()
	return g.err
}

// refuse applies an illegal action's inner action to a copy of the game: a
// refusal is recorded as a refused event, and the game goes on as before.
func (g *game) refuse(a Action) error {
	c := g.s.clone()
	inner := &game{s: &c}
	err := inner.apply(*a.Inner)
	if err == nil {
		return errorf(CodeNotRefused, a.Line, 0, a.Inner.Text)
	}
	var e *Error
	if !errors.As(err, &e) {
		return err
	}
	args := []string{string(a.Inner.Kind), e.Code}
	reason := e.Args
	if e.Rule != "" && len(reason) > 0 {
		reason = reason[:len(reason)-1] // the rule is the event's Rule
	}
	g.emit(Event{Kind: EventRefused, Objects: a.Inner.objects(), Args: append(args, reason...), Rule: e.Rule,
		Player: a.Inner.actor(g.s)})
	return nil
}

// objects lists the ids an action names, for the refused event.
func (a *Action) objects() []string {
	var out []string
	add := func(ids ...string) {
		for _, id := range ids {
			if id != "" && !has(out, id) {
				out = append(out, id)
			}
		}
	}
	add(a.IDs...)
	add(a.Attackers...)
	add(a.Blocker)
	add(a.Blockers...)
	add(a.Attacker, a.Target)
	if a.Spell != nil {
		add(a.Spell.Source, a.Spell.ID)
		add(a.Spell.Targets...)
	}
	return out
}

// actor names the player who takes an action, as far as it says.
func (a *Action) actor(s *State) string {
	switch {
	case a.Spell != nil && a.Spell.Controller != "":
		return a.Spell.Controller
	case a.Blocker != "" || len(a.Blockers) > 0:
		id := a.Blocker
		if id == "" {
			id = a.Blockers[0]
		}
		if p := s.perm(id); p != nil {
			return p.Controller
		}
	case a.Spell != nil && a.Spell.Source != "":
		if p := s.perm(a.Spell.Source); p != nil {
			return p.Controller
		}
	case a.Player != "":
		return a.Player
	}
	return s.Active
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
// state-based actions (704.3), then waiting triggers go on the stack
// (603.3), which may make state-based actions apply again.
func (g *game) priority() {
	for round := 0; round < 16; round++ {
		g.recompute(false)
		g.stateBased()
		if len(g.s.Pending) == 0 || g.s.Winner != "" {
			return
		}
		g.putTriggers()
	}
}
