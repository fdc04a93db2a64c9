package engine

// maxAdvanceSteps bounds the steps one advance may walk through.
const maxAdvanceSteps = 4 * 12 * 3

// advance runs the game forward to player's next step, doing every
// turn-based action on the way. It stops once that step's turn-based actions
// are done and, where players get priority, state-based actions are checked.
func (g *game) advance(player string, step Step) error {
	i := g.s.player(player)
	if i < 0 {
		return errorf(CodeUnknownPlayer, 0, 0, player)
	}
	if g.s.Players[i].Left {
		return errorf(CodeIllegalAction, 0, 0, "advance", player+" has left the game")
	}
	if stepIndex(step) < 0 {
		return errorf(CodeBadValue, 0, 0, "step", string(step), "a step name")
	}
	for n := 0; ; n++ {
		if n > maxAdvanceSteps {
			return errorf(CodeTooManyActions, 0, 0, "advance")
		}
		g.nextStep()
		if g.s.Active == player && g.s.Step == step {
			return nil
		}
	}
}

func stepIndex(s Step) int {
	for i, x := range Steps() {
		if x == s {
			return i
		}
	}
	return -1
}

// nextStep moves to the next step (or the next turn) and performs its
// turn-based actions.
func (g *game) nextStep() {
	i := stepIndex(g.s.Step)
	if i < 0 || i == len(Steps())-1 {
		g.beginTurn()
		return
	}
	g.enterStep(Steps()[i+1])
}

// goToStep moves forward within the turn to step, if it is still ahead.
func (g *game) goToStep(step Step) {
	for stepIndex(g.s.Step) < stepIndex(step) {
		g.nextStep()
	}
}

// beginTurn starts the next player's turn: "until your next turn" effects of
// that player end, their permanents lose summoning sickness (302.6), and the
// untap step begins.
func (g *game) beginTurn() {
	s := g.s
	s.Turn++
	s.Active = s.nextPlayer(s.Active)
	s.Step = StepUntap
	for i := range s.Effects {
		e := &s.Effects[i]
		if !e.Ended && e.Duration == "until_your_next_turn" && e.Controller == s.Active {
			g.endEffect(e, "611.2a")
		}
	}
	for i := range s.Permanents {
		p := &s.Permanents[i]
		if p.Controller == s.Active {
			p.Sick = false
		}
	}
	g.emit(Event{Kind: "step", Rule: stepRule(StepUntap)})
	g.untapStep()
}

func (g *game) enterStep(step Step) {
	s := g.s
	s.Step = step
	g.emit(Event{Kind: "step", Rule: stepRule(step)})
	switch step {
	case StepCombatDamage:
		g.combatDamage()
	case StepEndCombat:
		for i := range s.Permanents {
			p := &s.Permanents[i]
			if p.Attacking != "" || p.Blocking != "" {
				p.Attacking, p.Blocking, p.Blocked = "", "", false
			}
		}
	case StepCleanup:
		g.cleanup()
		return // no priority in the cleanup step unless something happens (514.3)
	}
	g.priority()
}

// cleanup removes damage from every permanent, phased-out ones included, and
// ends "until end of turn" effects, simultaneously (514.2).
func (g *game) cleanup() {
	var healed []string
	for i := range g.s.Permanents {
		p := &g.s.Permanents[i]
		if p.Zone == ZoneBattlefield && p.Damage > 0 {
			p.Damage = 0
			healed = append(healed, p.ID)
		}
	}
	if len(healed) > 0 {
		g.emit(Event{Kind: "damage_removed", Objects: healed, Rule: "514.2"})
	}
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if !e.Ended && e.Duration == "end_of_turn" {
			g.endEffect(e, "514.2")
		}
	}
	g.recompute(false)
}
