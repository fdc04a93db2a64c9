package engine

import "strconv"

// dealDamage has src deal n damage to target, a player or a permanent
// (120.3). Protection from the source's quality prevents it (702.16e), and
// so do prevention effects (615), in the order the affected player or
// the creature's controller chooses (616.1); a player whose life total
// can't change loses no life; damage from a source with infect or wither
// is -1/-1 counters on a creature (702.90b, 702.80a), and from infect
// poison counters for a player (702.90b); damage from a source with
// deathtouch destroys the creature at the next check (704.5h); a source
// with lifelink gains its controller that much life (702.15b). The damage
// event's Objects are the source (if any) then the permanent dealt damage;
// Args are the amount and "player" or "permanent".
func (g *game) dealDamage(src, target string, n int, rule string, combat bool) {
	if n <= 0 {
		return
	}
	var objs []string
	if src != "" {
		objs = append(objs, src)
	}
	q := g.sourceQuality(src)
	srcPerm := g.s.perm(src)
	hasKw := func(k string) bool { return srcPerm != nil && srcPerm.Has(k) }
	if i := g.s.player(target); i >= 0 {
		pl := &g.s.Players[i]
		if pl.Left {
			return // 800.4e
		}
		for _, e := range g.playerEffects(target, "player_protection") {
			if src != "" && protected(e.From, q) || has(e.From, "everything") {
				r := "702.16e"
				if has(e.From, "everything") {
					r = "702.16j"
				}
				g.emit(Event{Kind: EventPrevented, Objects: objs, Player: target, Args: []string{strconv.Itoa(n), "player"}, Rule: r})
				return
			}
		}
		if n = g.prevent(src, target, n, combat, objs, "player", target); n <= 0 {
			return
		}
		g.emit(Event{Kind: EventDamage, Objects: objs, Player: target, Args: []string{strconv.Itoa(n), "player"}, Rule: rule})
		if hasKw("infect") {
			pl.Poison += n
			g.emit(Event{Kind: EventPoison, Player: target, Objects: objs, Args: []string{strconv.Itoa(n), strconv.Itoa(pl.Poison)}, Rule: "702.90b"})
		} else {
			g.changeLife(target, -n, src, "120.3a")
		}
	} else {
		p := g.s.perm(target)
		if !p.Exists() {
			g.unaffected(target)
			return
		}
		if src != "" && protected(p.Protections, q) {
			r := "702.16e"
			if has(p.Protections, "everything") {
				r = "702.16j"
			}
			g.emit(Event{Kind: EventPrevented, Objects: append(objs, target), Args: []string{strconv.Itoa(n), "permanent"}, Rule: r, Player: p.Controller})
			return
		}
		if n = g.prevent(src, target, n, combat, append(append([]string(nil), objs...), target), "permanent", p.Controller); n <= 0 {
			return
		}
		g.emit(Event{Kind: EventDamage, Objects: append(objs, target), Args: []string{strconv.Itoa(n), "permanent"}, Rule: rule, Player: p.Controller})
		switch {
		case p.Is("planeswalker") && !p.Is("creature"):
			// Damage to a planeswalker removes that many loyalty counters (120.3c).
			g.counterN(target, "loyalty", -min(n, p.Counters["loyalty"]), "120.3c")
		case hasKw("infect"):
			g.counterN(target, "-1/-1", n, "702.90b")
		case hasKw("wither"):
			g.counterN(target, "-1/-1", n, "702.80a")
		default:
			p.Damage += n
		}
		if hasKw("deathtouch") {
			p.DeathtouchHit = true
		}
	}
	if hasKw("lifelink") {
		g.changeLife(srcPerm.Controller, n, src, "702.15b")
	}
	if srcPerm != nil {
		g.fireLang(gameEvent{kind: "deals_damage", obj: src, to: target, amount: n, combat: combat, rule: "603.2"})
	}
	if g.s.player(target) < 0 {
		g.fireLang(gameEvent{kind: "dealt_damage", obj: target, amount: n, combat: combat, rule: "603.2"})
	}
}

// changeLife adds delta (negative: a loss) to a player's life total,
// unless an effect says it can't change (119.7, 119.8).
func (g *game) changeLife(player string, delta int, src, rule string) {
	i := g.s.player(player)
	if i < 0 || delta == 0 || g.s.Players[i].Left {
		return
	}
	var objs []string
	if src != "" {
		objs = []string{src}
	}
	if e := g.playerEffect(player, "life_cant_change"); e != nil {
		r := "119.8"
		if delta > 0 {
			r = "119.7"
		}
		g.emit(Event{Kind: EventLifeUnchanged, Player: player, Objects: append(objs, e.ID), Args: []string{strconv.Itoa(delta)}, Rule: r})
		return
	}
	pl := &g.s.Players[i]
	pl.Life += delta
	if delta > 0 {
		g.emit(Event{Kind: EventLifeGain, Player: player, Objects: objs, Args: []string{strconv.Itoa(delta), strconv.Itoa(pl.Life)}, Rule: rule})
		g.fireLang(gameEvent{kind: "gains_life", player: player, amount: delta, rule: "603.2"})
	}
}

// damage is the damage action: damage from no particular source.
func (g *game) damage(target string, n int) error {
	if g.s.player(target) < 0 && g.s.perm(target) == nil {
		return errorf(CodeUndefinedID, 0, 0, target)
	}
	g.dealDamage("", target, n, "120.3", false)
	return nil
}
