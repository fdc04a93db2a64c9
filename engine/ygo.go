package engine

import "strconv"

// Yu-Gi-Oh! phase-timed effects.
//
// The engine follows the procedure the project's reference article gives for
// effects that activate or apply in a given phase (the TCG-style loop):
//
//  1. the turn player may activate one of their effects (mandatory or
//     optional) or pass;
//  2. then the opponent may;
//  3. then the turn player must activate a remaining mandatory effect, if any
//     (a forced player may pick any of their remaining effects);
//  4. then the opponent must.
//
// After any activation and its resolution the loop restarts at step 1. Each
// activation is its own chain, as Chain Link 1, never a simultaneous chain
// (SEGOC). The phase ends when no mandatory effect remains and both players
// pass in succession; in the End Phase the turn player then discards down to
// the hand-size limit.
//
// ygopro-core (the simulator most online play uses) differs in two ways,
// available as FlowYGOProCore: after an activation resolves, the loop goes on
// with the player who just acted rather than restarting with the turn player;
// and a player with a mandatory effect listed can never pass, not even on
// their first decision. Both engines agree that a forced player may pick any
// entry, optional ones included. (ygopro-core also ends "this turn" effects
// together with "until the End Phase" ones; the engine models neither.)

// Flows of the phase-timed effect loop.
const (
	FlowTCG        = "tcg"         // the reference article's loop (default)
	FlowYGOProCore = "ygopro-core" // the loop as ygopro-core runs it
)

// YGOState is the Yu-Gi-Oh! part of a game.
type YGOState struct {
	Flow      string
	HandLimit int
	Effects   []YGOEffect
	// Decisions lists, per player, the answers they give in order; Used
	// counts how many each player has consumed.
	Decisions map[string][]string
	Used      map[string]int
	Chains    [][]string
	Resolved  []string
	// PhaseChains counts the chains started in the current phase.
	PhaseChains int
}

// YGOEffect is an effect that can activate or apply in a given phase.
type YGOEffect struct {
	ID         string
	Name       string
	Controller string
	Phase      Step
	Mandatory  bool
	Done       bool
}

func (y YGOState) clone() YGOState {
	c := y
	c.Effects = append([]YGOEffect(nil), y.Effects...)
	c.Decisions = make(map[string][]string, len(y.Decisions))
	for k, v := range y.Decisions {
		c.Decisions[k] = v // never modified in place
	}
	c.Used = make(map[string]int, len(y.Used))
	for k, v := range y.Used {
		c.Used[k] = v
	}
	c.Chains = append([][]string(nil), y.Chains...)
	c.Resolved = append([]string(nil), y.Resolved...)
	return c
}

// maxPhaseLoops bounds the decisions of one phase.
const maxPhaseLoops = 10000

// enterPhase moves to phase (from the current one, through the phases in
// between) and runs each phase's effect loop.
func (g *game) enterPhase(phase Step) error {
	target := -1
	for i, p := range Phases() {
		if p == phase {
			target = i
		}
	}
	if target < 0 {
		return errorf(CodeBadValue, 0, 0, "enter_phase", string(phase), "a phase name")
	}
	cur := -1
	for i, p := range Phases() {
		if p == g.s.Step {
			cur = i
		}
	}
	for i := cur + 1; i <= target; i++ {
		g.s.Step = Phases()[i]
		g.s.YGO.PhaseChains = 0
		g.emit(Event{Kind: EventStep, Rule: "ygo.phase"})
		if err := g.phaseLoop(); err != nil {
			return err
		}
	}
	return nil
}

func (g *game) opponent() string {
	for _, p := range g.s.Players {
		if p.Name != g.s.Active && !p.Left {
			return p.Name
		}
	}
	return g.s.Active
}

// remaining returns the effects of player still to use in the current phase.
func (g *game) remaining(player string) (all []int, mandatory int) {
	for i, e := range g.s.YGO.Effects {
		if !e.Done && e.Controller == player && e.Phase == g.s.Step {
			all = append(all, i)
			if e.Mandatory {
				mandatory++
			}
		}
	}
	return all, mandatory
}

// decide returns the player's next decision: an effect index, or -1 to pass.
func (g *game) decide(player string, forced bool) (int, error) {
	y := g.s.YGO
	all, mand := g.remaining(player)
	list := y.Decisions[player]
	if y.Used[player] < len(list) {
		d := list[y.Used[player]]
		y.Used[player]++
		if d == "pass" {
			if forced {
				return 0, errorf(CodeIllegalPass, 0, 0, player)
			}
			return -1, nil
		}
		for _, i := range all {
			if y.Effects[i].ID == d {
				return i, nil
			}
		}
		return 0, errorf(CodeBadDecision, 0, 0, player, d)
	}
	if !forced || mand == 0 {
		return -1, nil
	}
	for _, i := range all {
		if y.Effects[i].Mandatory {
			return i, nil
		}
	}
	return -1, nil
}

// activate activates effect i as a new chain (Chain Link 1) and resolves it.
func (g *game) activate(i int, rule string) {
	y := g.s.YGO
	e := &y.Effects[i]
	e.Done = true
	y.Chains = append(y.Chains, []string{e.ID})
	y.PhaseChains++
	g.emit(Event{Kind: EventYGOActivate, Player: e.Controller, Objects: []string{e.ID}, Args: []string{"1", strconv.Itoa(y.PhaseChains)}, Rule: rule})
	y.Resolved = append(y.Resolved, e.ID)
	g.emit(Event{Kind: EventYGOResolve, Player: e.Controller, Objects: []string{e.ID}, Rule: "ygo.chain"})
}

func (g *game) phaseLoop() error {
	if g.s.YGO.Flow == FlowYGOProCore {
		if err := g.phaseLoopCore(); err != nil {
			return err
		}
	} else if err := g.phaseLoopTCG(); err != nil {
		return err
	}
	g.emit(Event{Kind: EventPhaseEnd, Rule: "ygo.phase.end"})
	if g.s.Step == PhaseEnd {
		g.handSize()
	}
	return nil
}

func (g *game) phaseLoopTCG() error {
	tp, opp := g.s.Active, g.opponent()
	stages := []struct {
		player string
		forced bool
		rule   string
	}{{tp, false, "ygo.phase.1"}, {opp, false, "ygo.phase.2"}, {tp, true, "ygo.phase.3"}, {opp, true, "ygo.phase.4"}}
	for n := 0; ; n++ {
		if n > maxPhaseLoops {
			return errorf(CodeTooManyActions, 0, 0, strconv.Itoa(maxPhaseLoops))
		}
		acted := false
		for _, st := range stages {
			all, mand := g.remaining(st.player)
			if st.forced && mand == 0 {
				continue
			}
			if len(all) == 0 {
				if !st.forced {
					g.emit(Event{Kind: EventPhasePass, Player: st.player, Rule: st.rule})
				}
				continue
			}
			i, err := g.decide(st.player, st.forced)
			if err != nil {
				return err
			}
			if i < 0 {
				g.emit(Event{Kind: EventPhasePass, Player: st.player, Rule: st.rule})
				continue
			}
			g.activate(i, st.rule)
			acted = true
			break
		}
		if !acted {
			return nil
		}
	}
}

// phaseLoopCore is the loop as ygopro-core runs it (see FlowYGOProCore).
func (g *game) phaseLoopCore() error {
	cp := g.s.Active
	passed := false
	for n := 0; ; n++ {
		if n > maxPhaseLoops {
			return errorf(CodeTooManyActions, 0, 0, strconv.Itoa(maxPhaseLoops))
		}
		all, mand := g.remaining(cp)
		i := -1
		if len(all) > 0 {
			var err error
			if i, err = g.decide(cp, mand > 0); err != nil {
				return err
			}
		}
		if i < 0 {
			g.emit(Event{Kind: EventPhasePass, Player: cp, Rule: "ygo.core.pass"})
			if passed {
				return nil
			}
			passed = true
			if cp == g.s.Active {
				cp = g.opponent()
			} else {
				cp = g.s.Active
			}
			continue
		}
		passed = false
		g.activate(i, "ygo.core.activate")
	}
}

// handSize is the last thing in the End Phase: the turn player discards down
// to the hand-size limit.
func (g *game) handSize() {
	y := g.s.YGO
	i := g.s.player(g.s.Active)
	pl := &g.s.Players[i]
	if y.HandLimit > 0 && pl.Hand > y.HandLimit {
		n := pl.Hand - y.HandLimit
		pl.Hand = y.HandLimit
		g.emit(Event{Kind: EventHandDiscard, Args: []string{strconv.Itoa(n), strconv.Itoa(y.HandLimit)}, Rule: "ygo.end.hand"})
	}
}
