package engine

// leaveGame removes a player (800.4a): what they own leaves the game, with
// phased-out permanents too and no zone-change triggers (702.26k); effects
// giving them control end; permanents that phased out under their control
// phase in at the untap step of the next player in turn order (702.26n).
func (g *game) leaveGame(name string) error {
	i := g.s.player(name)
	if i < 0 {
		return errorf(CodeUnknownPlayer, 0, 0, name)
	}
	if g.s.Players[i].Left {
		return nil
	}
	g.s.Players[i].Left = true
	next := g.s.nextPlayer(name)
	var gone []string
	for j := range g.s.Permanents {
		p := &g.s.Permanents[j]
		if p.Owner == name && p.Zone != ZoneGone {
			gone = append(gone, p.ID)
			g.removeFromCombat(p, "506.4")
			p.Zone = ZoneGone
			p.PhasedOut, p.PhasedIndirect = false, false
		}
	}
	g.emit(Event{Kind: "leaves_game", Player: name, Objects: gone, Rule: "800.4a"})
	for j := range g.s.Effects {
		e := &g.s.Effects[j]
		if !e.Ended && e.Kind == "control" && e.Player == name {
			g.endEffect(e, "800.4a")
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
			g.emit(Event{Kind: "phasing_player_gone", Objects: []string{p.ID}, Args: []string{next}, Rule: "702.26n", Player: name})
		}
	}
	if g.s.Active == name {
		// The rest of the turn is skipped; the next player's turn begins.
		g.s.Step = StepCleanup
	}
	return nil
}
