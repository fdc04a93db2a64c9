package engine

// maxAdvanceSteps bounds the steps one advance may walk through.
const maxAdvanceSteps = 4 * 12 * 3

// advance runs the game forward to player's next step, doing every
// turn-based action on the way. A step where players get priority ends
// only once the stack is empty (500.2): what is on it resolves first, as
// when every player passes. It stops once that step's turn-based actions
// are done and, where players get priority, state-based actions are
// checked and triggered abilities put on the stack.
func (g *game) advance(player string, step Step) error {
	i := g.s.player(player)
	if i < 0 {
		return errorf(CodeUnknownPlayer, 0, 0, player)
	}
	if g.s.Players[i].Left {
		return illegal(CodePlayerLeft, "800.4k", player)
	}
	if stepIndex(step) < 0 {
		return errorf(CodeBadValue, 0, 0, "step", string(step), "a step name")
	}
	for n := 0; ; n++ {
		if n > maxAdvanceSteps {
			return errorf(CodeTooManyActions, 0, 0, "advance")
		}
		if err := g.nextStep(); err != nil {
			return err
		}
		if g.s.Winner != "" {
			return nil
		}
		if g.s.Active == player && g.s.Step == step {
			return g.err
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

// nextStep resolves the stack, then moves to the next step (or the next
// turn) and performs its turn-based actions.
func (g *game) nextStep() error {
	if err := g.resolveStack(); err != nil {
		return err
	}
	if g.err != nil {
		return g.err
	}
	g.emptyPools()
	i := stepIndex(g.s.Step)
	if i < 0 || i == len(Steps())-1 {
		g.beginTurn()
	} else {
		g.enterStep(Steps()[i+1])
	}
	return g.err
}

// goToStep moves forward within the turn to step, if it is still ahead.
func (g *game) goToStep(step Step) error {
	for stepIndex(g.s.Step) < stepIndex(step) {
		if err := g.nextStep(); err != nil {
			return err
		}
	}
	return nil
}

// beginTurn starts the next player's turn: the turns of players who left
// are skipped (800.4k), and "until your next turn" effects of theirs end
// when that turn would have begun (800.4m); "until your next turn" effects
// of the new active player end, their permanents lose summoning sickness
// (302.6), and the untap step begins.
func (g *game) beginTurn() {
	s := g.s
	s.Turn++
	prev := s.Active
	s.Active = s.nextPlayer(prev)
	s.Step = StepUntap
	for k, i := 1, s.player(prev); k < len(s.Players); k++ {
		pl := &s.Players[(i+k)%len(s.Players)]
		if pl.Name == s.Active {
			break
		}
		if pl.Left {
			g.emit(Event{Kind: EventTurnSkipped, Player: pl.Name, Rule: "800.4k"})
			g.endTurnEffects(pl.Name, "800.4m")
		}
	}
	s.Step = StepUntap
	g.endTurnEffects(s.Active, "611.2a")
	s.Used = nil
	for i := range s.Players {
		s.Players[i].LandsPlayed = 0
	}
	for i := range s.Permanents {
		p := &s.Permanents[i]
		if p.Controller == s.Active {
			p.Fresh = p.Sick
			p.Sick = false
		}
	}
	g.emit(Event{Kind: EventStep, Rule: stepRule(StepUntap)})
	g.untapStep()
}

// endTurnEffects ends the "until your next turn" effects of player.
func (g *game) endTurnEffects(player, rule string) {
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if !e.Ended && e.Duration == "until_your_next_turn" && e.Controller == player {
			g.endEffect(e, rule)
		}
	}
}

// enterStep enters a step and performs its turn-based actions and the
// triggers "at the beginning of" it.
func (g *game) enterStep(step Step) {
	s := g.s
	s.Step = step
	g.emit(Event{Kind: EventStep, Rule: stepRule(step)})
	switch step {
	case StepUpkeep:
		g.upkeep()
	case StepDraw:
		// The player who plays first skips the draw of their first turn in a
		// two-player game (103.8a).
		if !(s.Turn == 1 && len(s.Players) == 2) {
			g.draw(s.Active, 1, "504.1")
		}
		g.beginningOf("draw_step")
		g.beginningOf("draw_step")
	case StepBeginCombat:
		g.beginningOf("combat")
	case StepDeclareAttackers:
		g.mustAttack()
	case StepCombatDamage:
		g.combatDamageStep()
	case StepEndCombat:
		g.delayedTriggers(onEndCombat)
		for i := range s.Permanents {
			p := &s.Permanents[i]
			if p.Attacking != "" || p.Blocking != "" || p.StruckFirst {
				p.Attacking, p.Blocking, p.Blocked, p.BlockOrder, p.StruckFirst = "", "", false, nil, false
			}
		}
		for i := range s.Effects {
			if e := &s.Effects[i]; !e.Ended && e.Duration == "end_of_combat" {
				g.endEffect(e, "511.3")
			}
		}
	case StepEnd:
		g.beginningOf(onEndStep)
		g.delayedTriggers("next_end_step")
	case StepCleanup:
		g.handLimit()
		g.cleanup()
		return // no priority in the cleanup step unless something happens (514.3)
	}
	g.priority()
}

// upkeep makes the upkeep's abilities trigger: "at the beginning of your
// upkeep", "of each upkeep", vanishing (702.63a) and delayed ones for the
// next upkeep; "until your next upkeep" effects end.
func (g *game) upkeep() {
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if !e.Ended && e.Duration == "until_your_next_upkeep" && e.Controller == g.s.Active {
			g.endEffect(e, "611.2a")
		}
	}
	g.beginningOf(onUpkeep)
	g.delayedTriggers("your_next_upkeep")
	for i := range g.s.Permanents {
		p := &g.s.Permanents[i]
		if p.Exists() && p.Has("vanishing") && p.Controller == g.s.Active && p.Counters["time"] > 0 {
			g.s.Pending = append(g.s.Pending, Trigger{Source: p.ID, Condition: onVanishing, Rule: "702.63a", Controller: p.Controller})
		}
	}
	g.delayedTriggers(onNextUpkeep)
}

// beginningOf makes "at the beginning of" abilities trigger for the
// active player's step: those of the scenario's permanents that name the
// condition, and those of the cards' texts ("your upkeep", "each upkeep").
func (g *game) beginningOf(cond string) {
	g.fireLang(gameEvent{kind: cond, player: g.s.Active, rule: "603.2b"})
}

// delayedTriggers makes the delayed triggered abilities waiting for when
// trigger (603.7b: once).
func (g *game) delayedTriggers(when string) { g.delayedLang(when) }

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
		g.emit(Event{Kind: EventDamageRemoved, Objects: healed, Rule: "514.2"})
	}
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if !e.Ended && e.Duration == "end_of_turn" {
			g.endEffect(e, "514.2")
		}
	}
	g.recompute(false)
}

// handLimit discards the active player down to their maximum hand size
// of seven (514.1), when the scenario knows their hand, unless an effect
// says they have none (402.2).
func (g *game) handLimit() {
	pl := &g.s.Players[g.s.player(g.s.Active)]
	if !pl.HandKnown || g.noMaxHandSize(pl.Name) {
		return
	}
	if n := g.handCount(pl.Name) - 7; n > 0 {
		if err := g.discardCards(pl.Name, n, "514.1"); err != nil {
			g.fail(err)
		}
	}
}

// noMaxHandSize reports whether a static ability says player has no
// maximum hand size (402.2).
func (g *game) noMaxHandSize(player string) bool {
	for i := range g.s.Permanents {
		src := &g.s.Permanents[i]
		if !src.Exists() {
			continue
		}
		for _, st := range staticAbilities(src.Behavior) {
			for _, e := range st.Effects {
				if e.Op == "no_max_hand_size" && src.Controller == player {
					return true
				}
			}
		}
	}
	return false
}

// untapStep performs the untap step's turn-based actions: phasing (502.1,
// 702.26a), then untapping (502.3). A skipped untap step does neither
// (702.26m). No player gets priority (502.4).
func (g *game) untapStep() {
	s := g.s
	ap := s.player(s.Active)
	if s.Players[ap].SkipUntaps > 0 {
		s.Players[ap].SkipUntaps--
		g.emit(Event{Kind: EventUntapSkipped, Rule: "702.26m"})
		return
	}
	var outs, ins []string
	for i := range s.Permanents {
		p := &s.Permanents[i]
		switch {
		case p.Exists() && p.Has("phasing") && p.Controller == s.Active:
			outs = append(outs, p.ID)
		case p.Zone == ZoneBattlefield && p.PhasedOut && !p.PhasedIndirect && p.PhasedOutUnder == s.Active:
			switch {
			case p.PhaseInOn != "":
				g.emit(Event{Kind: EventPhaseInBlocked, Objects: []string{p.ID}, Args: []string{p.PhaseInOn}, Rule: "610.4a", Player: p.PhasedOutUnder})
			case p.PhaseInWaits > 0:
				p.PhaseInWaits--
				g.emit(Event{Kind: EventPhaseInBlocked, Objects: []string{p.ID}, Rule: "702.26n", Player: p.PhasedOutUnder})
			case g.cantPhaseIn(p.ID):
				g.emit(Event{Kind: EventPhaseInBlocked, Objects: []string{p.ID}, Rule: "702.26a", Player: p.PhasedOutUnder})
			default:
				ins = append(ins, p.ID)
			}
		}
	}
	// Both sets were fixed before anything changed: the exchange is simultaneous.
	g.phaseOut(outs, "702.26a")
	g.phaseIn(ins, "702.26a", false)
	g.recompute(false)
	var untapped []string
	for i := range s.Permanents {
		p := &s.Permanents[i]
		if p.Exists() && p.Controller == s.Active && p.Tapped {
			if g.restrictedLang(p, "untap") {
				g.emit(Event{Kind: EventUntapPrevented, Objects: []string{p.ID}, Rule: "502.3", Player: p.Controller})
				continue
			}
			if g.mayNotUntap(p) {
				if stay, err := g.chooseMay(p.Controller, "502.3"); err != nil {
					g.fail(err)
				} else if !stay {
					continue
				}
			}
			p.Tapped = false
			untapped = append(untapped, p.ID)
		}
	}
	if len(untapped) > 0 {
		g.emit(Event{Kind: EventUntap, Objects: untapped, Rule: "502.3"})
	}
	// "Doesn't untap during its controller's next untap step" has done
	// what it says.
	for i := range s.Effects {
		e := &s.Effects[i]
		if e.Ended || e.Duration != "next_untap_step" {
			continue
		}
		done := false
		for _, id := range e.Affected {
			if p := s.perm(id); p != nil && p.Controller == s.Active {
				done = true
			}
		}
		if done {
			g.endEffect(e, "502.3")
		}
	}
}

// mayNotUntap reports whether a static ability of p says its controller
// may choose not to untap it (502.3).
func (g *game) mayNotUntap(p *Permanent) bool {
	for _, st := range staticAbilities(p.Behavior) {
		for _, e := range st.Effects {
			if e.Op == "may_not_untap" {
				return true
			}
		}
	}
	return false
}

// mustAttack declares the attackers a requirement makes attack when the
// active player declares none (508.1d): each creature that attacks each
// combat if able and can, attacking the next player in turn order.
func (g *game) mustAttack() {
	if g.attackGiven {
		return
	}
	var ids []string
	for i := range g.s.Permanents {
		p := &g.s.Permanents[i]
		if p.Exists() && p.Controller == g.s.Active && p.Attacking == "" && len(g.restrictions(p, "must", "attack")) > 0 && g.cantAttack(p) == "" {
			ids = append(ids, p.ID)
		}
	}
	if len(ids) == 0 {
		return
	}
	def := g.s.nextPlayer(g.s.Active)
	g.declareAttack(ids, def, "508.1d")
}
