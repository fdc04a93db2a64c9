package engine

// leave moves a permanent from the battlefield to zone: it is removed from
// combat, its "leaves" triggers trigger, durations() that track it end, and
// permanents phased out until it leaves phase in (610.4).
func (g *game) leave(id, zone, rule string) {
	p := g.s.perm(id)
	g.removeFromCombat(p, "506.4")
	p.Zone = zone
	p.PhasedOut, p.PhasedIndirect, p.PhasedOutUnder, p.PhaseInOn = false, false, "", ""
	p.Tapped, p.Damage, p.Counters, p.AttachedTo = false, 0, nil, ""
	g.emit(Event{Kind: "leaves_battlefield", Objects: []string{id}, Args: []string{zone}, Rule: rule, Player: p.Controller})
	if has(p.Triggers, "leaves") {
		g.s.Pending = append(g.s.Pending, Trigger{Source: id, Condition: "leaves", Rule: "603.6c"})
	}
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if !e.Ended && e.Source == id && (e.Duration == "for_as_long_as" || e.Duration == "until") {
			g.endEffect(e, "611.2b")
		}
	}
	var back []string
	for i := range g.s.Permanents {
		q := &g.s.Permanents[i]
		if q.PhasedOut && q.PhaseInOn == id+"_leaves" {
			back = append(back, q.ID)
		}
	}
	for _, b := range back {
		q := g.s.perm(b)
		tap := q.TapOnReturn
		g.phaseIn([]string{b}, "610.4", tap)
	}
}

func (g *game) destroy(ids []string, rule string) {
	for _, id := range ids {
		p := g.s.perm(id)
		switch {
		case !p.Exists():
			g.unaffected(id)
		case p.Has("indestructible"):
			g.emit(Event{Kind: "indestructible", Objects: []string{id}, Rule: "702.12b", Player: p.Controller})
		default:
			g.emit(Event{Kind: "destroy", Objects: []string{id}, Rule: rule, Player: p.Controller})
			g.leave(id, ZoneGraveyard, rule)
		}
	}
}

// destroyAll destroys every existing permanent matching f; phased-out ones
// are untouched, as though they didn't exist (702.26b).
func (g *game) destroyAll(f *Filter) {
	for _, id := range g.matchingPhasedOut(f) {
		g.unaffected(id)
	}
	g.destroy(g.matching(f), "701.8")
}

// enter puts cards onto the battlefield (from hand or elsewhere).
func (g *game) enter(ids []string) {
	for _, id := range ids {
		p := g.s.perm(id)
		if p.Zone == ZoneBattlefield {
			continue
		}
		p.Zone = ZoneBattlefield
		p.Sick = true
		g.s.Timestamp++
		p.Timestamp = g.s.Timestamp
		g.emit(Event{Kind: "enters_battlefield", Objects: []string{id}, Rule: "403.1", Player: p.Controller})
		if has(p.Triggers, "enters") {
			g.s.Pending = append(g.s.Pending, Trigger{Source: id, Condition: "enters", Rule: "603.6a"})
		}
	}
}
