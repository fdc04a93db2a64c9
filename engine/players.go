package engine

// leaveGame has a player leave the game (800.4a), because they conceded
// (104.3a) or lost (104.5). Everything they own leaves the game, phased-out
// permanents too, with no zone-change triggers (702.26k); effects giving
// them control of anything end; what they still control is exiled; the
// permanents that phased out under their control phase in after their next
// turn would have begun (702.26n); their turns are skipped (800.4k). When
// one player is left, that player wins (104.2a).
func (g *game) leaveGame(name, rule string) error {
	i := g.s.player(name)
	if i < 0 {
		return errorf(CodeUnknownPlayer, 0, 0, name)
	}
	if g.s.Players[i].Left {
		return nil
	}
	g.s.Players[i].Left = true
	next := g.s.nextPlayer(name)
	var gone, inCombat []string
	for j := range g.s.Permanents {
		p := &g.s.Permanents[j]
		if p.Owner == name && p.Zone != ZoneGone {
			gone = append(gone, p.ID)
			if p.Attacking != "" || p.Blocking != "" {
				inCombat = append(inCombat, p.ID)
			}
			p.Attacking, p.Blocking, p.Blocked, p.BlockOrder = "", "", false, nil
			p.Zone = ZoneGone
			p.PhasedOut, p.PhasedIndirect, p.PhaseInOn, p.AttachedTo = false, false, "", ""
		}
	}
	g.emit(Event{Kind: EventLeavesGame, Player: name, Objects: gone, Rule: "800.4a"})
	for _, id := range inCombat {
		g.emit(Event{Kind: EventRemovedFromCombat, Objects: []string{id}, Rule: "506.4", Player: name})
	}
	// Spells and abilities they control leave the stack.
	var stack []StackObject
	for _, o := range g.s.Stack {
		if o.Controller != name {
			stack = append(stack, o)
		} else {
			g.s.LeftStack = append(g.s.LeftStack, o)
		}
	}
	g.s.Stack = stack
	for j := range g.s.Effects {
		e := &g.s.Effects[j]
		if !e.Ended && e.Kind == "control" && e.Player == name {
			g.endEffect(e, "800.4a")
		}
	}
	g.recompute(false)
	// What they still control is exiled (800.4a, 800.4c).
	for j := range g.s.Permanents {
		p := &g.s.Permanents[j]
		if p.Zone == ZoneBattlefield && p.Controller == name && !p.PhasedOut {
			g.leave(p.ID, ZoneExile, "800.4a")
		}
	}
	for j := range g.s.Permanents {
		p := &g.s.Permanents[j]
		if p.Zone == ZoneBattlefield && p.PhasedOut && p.PhasedOutUnder == name {
			// It phases in at the first untap step after the leaver's next
			// turn would have begun: the next player's, unless the leaver
			// leaves in their own turn, when that player's next untap step
			// still comes first.
			p.PhasedOutUnder = next
			if g.s.Active == name {
				p.PhaseInWaits = 1
			}
			g.emit(Event{Kind: EventPhasingPlayerGone, Objects: []string{p.ID}, Args: []string{next}, Rule: "702.26n", Player: name})
		}
	}
	var delayed []Delayed
	for _, d := range g.s.Delayed {
		if d.Controller != name {
			delayed = append(delayed, d)
		}
	}
	g.s.Delayed = delayed
	var in []string
	for _, p := range g.s.Players {
		if !p.Left {
			in = append(in, p.Name)
		}
	}
	if len(in) == 1 && g.s.Winner == "" {
		g.s.Winner = in[0]
		g.emit(Event{Kind: EventWins, Player: in[0], Rule: "104.2a"})
	}
	return nil
}

// draw has a player draw n cards, one at a time (121.2); a draw from an
// empty library makes them lose at the next check (704.5b).
func (g *game) draw(player string, n int, rule string) {
	i := g.s.player(player)
	if i < 0 || g.s.Players[i].Left || n <= 0 {
		return
	}
	pl := &g.s.Players[i]
	drawn := 0
	for k := 0; k < n; k++ {
		if pl.Library == 0 {
			pl.DrewFromEmpty = true
			continue
		}
		if pl.Library > 0 {
			pl.Library--
		}
		pl.Hand++
		drawn++
	}
	g.emit(Event{Kind: EventDraw, Player: player, Args: []string{itoa(drawn), itoa(pl.Hand)}, Rule: rule})
}

// discard has a player discard n cards, as many as they have (701.9a).
func (g *game) discard(player string, n int, rule string) {
	i := g.s.player(player)
	if i < 0 || g.s.Players[i].Left {
		return
	}
	pl := &g.s.Players[i]
	k := min(n, pl.Hand)
	pl.Hand -= k
	g.emit(Event{Kind: EventDiscard, Player: player, Args: []string{itoa(k), itoa(pl.Hand)}, Rule: rule})
}

// drawAction is the draw action: n cards, or one for each permanent that
// matches forEach; a phased-out permanent isn't counted (702.26b).
func (g *game) drawAction(player string, n int, forEach *Filter) error {
	i := g.s.player(player)
	if i < 0 {
		return errorf(CodeUnknownPlayer, 0, 0, player)
	}
	if g.s.Players[i].Left {
		return illegal(CodePlayerLeft, "800.4a", player)
	}
	rule := "121.1"
	if forEach != nil {
		n = len(g.matching(forEach))
		rule = "121.2"
	}
	if n == 0 {
		g.emit(Event{Kind: EventDraw, Player: player, Args: []string{"0", itoa(g.s.Players[i].Hand)}, Rule: rule})
		return nil
	}
	g.draw(player, n, rule)
	return nil
}
