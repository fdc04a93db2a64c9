package engine

import "strings"

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

// draw has a player draw n cards, one at a time (121.2): the named cards
// on top of their library first, then the cards the scenario doesn't
// name, then the named ones below them. A draw from an empty library
// makes them lose at the next check (704.5b).
func (g *game) draw(player string, n int, rule string) {
	i := g.s.player(player)
	if i < 0 || g.s.Players[i].Left || n <= 0 {
		return
	}
	pl := &g.s.Players[i]
	drawn := 0
	var named []string
	for k := 0; k < n; k++ {
		var id string
		switch {
		case len(pl.Top) > 0:
			id = pl.Top[0]
		case pl.Library != 0:
			if pl.Library > 0 {
				pl.Library--
			}
			pl.Hand++
		case len(pl.Bottom) > 0:
			id = pl.Bottom[0]
		default:
			pl.DrewFromEmpty = true
			continue
		}
		if id != "" {
			c := g.s.perm(id)
			g.unlist(c)
			c.Zone = ZoneHand
			g.newObject(c)
			named = append(named, id)
		}
		drawn++
	}
	g.emit(Event{Kind: EventDraw, Player: player, Objects: named, Args: []string{itoa(drawn), itoa(g.handCount(player))}, Rule: rule})
	for k := 0; k < drawn; k++ {
		g.fireLang(gameEvent{kind: "draws", player: player, rule: "603.2"})
	}
}

// discard has a player discard n cards, as many as they have (701.9a).
func (g *game) discard(player string, n int, rule string) {
	if err := g.discardCards(player, n, rule); err != nil {
		g.fail(err)
	}
}

// discardCards has a player discard n cards of their choice (701.9a): a
// pick answer names the named ones they discard; by default they discard
// the cards the scenario doesn't name first, then the named ones in order.
func (g *game) discardCards(player string, n int, rule string) error {
	i := g.s.player(player)
	if i < 0 || g.s.Players[i].Left || n <= 0 {
		return nil
	}
	pl := &g.s.Players[i]
	var named []string
	for j := range g.s.Permanents {
		if p := &g.s.Permanents[j]; p.Zone == ZoneHand && p.Owner == player && !p.toCast {
			named = append(named, p.ID)
		}
	}
	n = min(n, pl.Hand+len(named))
	var pick []string
	if len(named) > 0 {
		a, ok, err := g.answer(player, ChoicePick)
		if err != nil {
			return err
		}
		if ok {
			for _, id := range a.Pick {
				if !has(named, id) {
					return errorf(CodeBadChoice, a.Line, 0, player, ChoicePick, id)
				}
			}
			if len(a.Pick) > n || n-len(a.Pick) > pl.Hand {
				return errorf(CodeBadChoice, a.Line, 0, player, ChoicePick+" "+itoa(n), strings.Join(a.Pick, " "))
			}
			pick = a.Pick
			g.chose(player, ChoicePick, "", "701.9a", false, pick...)
		} else if n > pl.Hand {
			pick = named[:n-pl.Hand]
			g.chose(player, ChoicePick, "", "701.9a", true, pick...)
		}
	}
	unnamed := n - len(pick)
	pl.Hand -= unnamed
	pl.Graveyard += unnamed
	g.discardKnown(player, pick, "")
	if len(pick) == 0 || unnamed > 0 {
		g.emit(Event{Kind: EventDiscard, Player: player, Args: []string{itoa(unnamed), itoa(g.handCount(player))}, Rule: rule})
		for k := 0; k < unnamed; k++ {
			g.fireLang(gameEvent{kind: "discards", player: player, rule: "603.2"})
		}
	}
	return nil
}

// discardKnown discards named cards from a player's hand into their
// graveyard (701.9a).
func (g *game) discardKnown(player string, ids []string, rule string) {
	if len(ids) == 0 {
		return
	}
	if rule == "" {
		rule = "701.9a"
	}
	for _, id := range ids {
		p := g.s.perm(id)
		p.Zone = ZoneGraveyard
		g.newObject(p)
	}
	g.emit(Event{Kind: EventDiscard, Player: player, Objects: ids, Args: []string{itoa(len(ids)), itoa(g.handCount(player))}, Rule: rule})
	for _, id := range ids {
		g.fireLang(gameEvent{kind: "discards", player: player, obj: id, rule: "603.2"})
		g.fireLang(gameEvent{kind: "put_into_graveyard", obj: id, from: ZoneHand, rule: "603.6a"})
	}
}

// mill puts the top n cards of a player's library into their graveyard
// (701.17a): named ones as themselves, the others counted.
func (g *game) mill(player string, n int) {
	i := g.s.player(player)
	if i < 0 || g.s.Players[i].Left || n <= 0 {
		return
	}
	pl := &g.s.Players[i]
	var named []string
	count := 0
	for k := 0; k < n; k++ {
		var id string
		switch {
		case len(pl.Top) > 0:
			id = pl.Top[0]
		case pl.Library != 0:
			if pl.Library > 0 {
				pl.Library--
			}
			pl.Graveyard++
		case len(pl.Bottom) > 0:
			id = pl.Bottom[0]
		default:
			continue
		}
		count++
		if id != "" {
			c := g.s.perm(id)
			g.unlist(c)
			c.Zone = ZoneGraveyard
			g.newObject(c)
			named = append(named, id)
		}
	}
	g.emit(Event{Kind: EventMill, Player: player, Objects: named, Args: []string{itoa(count)}, Rule: "701.17a"})
	for _, id := range named {
		g.fireLang(gameEvent{kind: "put_into_graveyard", obj: id, from: ZoneLibrary, rule: "603.6a"})
	}
}

// scry has a player look at the top n cards of their library and put any
// number of them on the bottom, the rest on top (701.22a); surveil puts
// them into the graveyard instead (701.25a). A pick answer names the
// named cards that go; by default every card stays on top.
func (g *game) scry(player string, n int, surveil bool) error {
	i := g.s.player(player)
	if i < 0 || g.s.Players[i].Left || n <= 0 {
		return nil
	}
	pl := &g.s.Players[i]
	seen := pl.Top[:min(n, len(pl.Top))]
	var away []string
	if len(seen) > 0 {
		a, ok, err := g.answer(player, ChoicePick)
		if err != nil {
			return err
		}
		if ok {
			for _, id := range a.Pick {
				if !has(seen, id) {
					return errorf(CodeBadChoice, a.Line, 0, player, ChoicePick, id)
				}
			}
			away = a.Pick
		}
		rule := "701.22a"
		if surveil {
			rule = "701.25a"
		}
		g.chose(player, ChoicePick, "", rule, !ok, away...)
	}
	rule := "701.22a"
	if surveil {
		rule = "701.25a"
	}
	g.emit(Event{Kind: EventScry, Player: player, Objects: away, Args: []string{itoa(n), itoa(len(away))}, Rule: rule})
	for _, id := range away {
		p := g.s.perm(id)
		if surveil {
			g.changeZone(p, ZoneGraveyard, rule)
		} else {
			g.toLibrary(id, player, true)
		}
	}
	return nil
}

// loseLife has a player lose n life (119.3), unless their life total
// can't change (119.8).
func (g *game) loseLife(player string, n int, src, rule string) {
	i := g.s.player(player)
	if i < 0 || n <= 0 || g.s.Players[i].Left {
		return
	}
	var objs []string
	if src != "" {
		objs = []string{src}
	}
	if e := g.playerEffect(player, "life_cant_change"); e != nil {
		g.emit(Event{Kind: EventLifeUnchanged, Player: player, Objects: append(objs, e.ID), Args: []string{itoa(-n)}, Rule: "119.8"})
		return
	}
	pl := &g.s.Players[i]
	pl.Life -= n
	g.emit(Event{Kind: EventLifeLoss, Player: player, Objects: objs, Args: []string{itoa(n), itoa(pl.Life)}, Rule: rule})
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
		g.emit(Event{Kind: EventDraw, Player: player, Args: []string{"0", itoa(g.handCount(player))}, Rule: rule})
		return nil
	}
	g.draw(player, n, rule)
	return nil
}
