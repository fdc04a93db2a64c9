package engine

// leave moves a permanent from the battlefield to zone: its "leaves"
// triggers trigger, durations that track it end, it is removed from combat,
// and permanents phased out until it leaves phase in (610.4).
func (g *game) leave(id, zone, rule string) {
	p := g.s.perm(id)
	inCombat := p.Attacking != "" || p.Blocking != ""
	p.Attacking, p.Blocking, p.Blocked, p.BlockOrder = "", "", false, nil
	p.Zone = zone
	p.PhasedOut, p.PhasedIndirect, p.PhasedOutUnder, p.PhaseInOn = false, false, "", ""
	p.Tapped, p.Damage, p.Counters, p.AttachedTo, p.DeathtouchHit = false, 0, nil, "", false
	g.emit(Event{Kind: EventLeavesBattlefield, Objects: []string{id}, Args: []string{zone}, Rule: rule, Player: p.Controller})
	if inCombat {
		g.emit(Event{Kind: EventRemovedFromCombat, Objects: []string{id}, Rule: "506.4", Player: p.Controller})
	}
	g.fire(id, "leaves", "603.6c", "")
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if !e.Ended && e.Source == id && (e.Duration == "for_as_long_as" || e.Duration == "until") {
			g.endEffect(e, "611.2b")
		}
	}
	var back, backTapped []string
	for i := range g.s.Permanents {
		q := &g.s.Permanents[i]
		if q.PhasedOut && q.PhaseInOn == id+"_leaves" {
			if q.TapOnReturn {
				backTapped = append(backTapped, q.ID)
			} else {
				back = append(back, q.ID)
			}
		}
	}
	g.phaseIn(back, "610.4", false)
	g.phaseIn(backTapped, "610.4", true)
}

// destroy destroys the permanents (701.8a): an indestructible one isn't
// (702.12b), a phased-out or absent one is unaffected.
func (g *game) destroy(ids []string, rule string) {
	for _, id := range ids {
		p := g.s.perm(id)
		switch {
		case !p.Exists():
			g.unaffected(id)
		case p.Has("indestructible"):
			g.emit(Event{Kind: EventIndestructible, Objects: []string{id}, Rule: "702.12b", Player: p.Controller})
		default:
			g.emit(Event{Kind: EventDestroy, Objects: []string{id}, Rule: rule, Player: p.Controller})
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
	g.destroy(g.matching(f), "701.8a")
}

// enter puts cards onto the battlefield (from hand or elsewhere), under
// their owner's control unless a spell's controller puts them there. A
// card that enters tapped does (614.1c); one with vanishing N enters with N
// time counters (702.63a); a choice made as it enters is made (614.12).
// rule is what puts them there: 608.3a or 608.3c for a resolving permanent
// spell, 110.2a for an effect.
func (g *game) enter(ids []string, rule string) {
	for _, id := range ids {
		p := g.s.perm(id)
		if p.Zone == ZoneBattlefield {
			continue
		}
		p.Zone = ZoneBattlefield
		p.Sick = true
		g.s.Timestamp++
		p.Timestamp = g.s.Timestamp
		var m *cardModel
		if p.Card != "" {
			m = modelOf(p.Card)
		}
		if m != nil && m.entersTapped {
			p.Tapped = true
		}
		if m != nil && m.chooseAs == "land_type" && p.Choices["land_type"] == "" {
			lt, err := g.chooseType(p.BaseController, landTypes(), g.defaultLandType(), "614.12")
			if err != nil && g.err == nil {
				g.err = err
			}
			c := map[string]string{"land_type": lt}
			for k, v := range p.Choices {
				if k != "land_type" {
					c[k] = v
				}
			}
			p.Choices = c
		}
		if n := p.VanishingN; n > 0 {
			m := map[string]int{"time": n}
			for k, v := range p.Counters {
				m[k] += v
			}
			p.Counters = m
		}
		g.emit(Event{Kind: EventEntersBattlefield, Objects: []string{id}, Rule: rule, Player: p.Controller})
		g.fire(id, "enters", "603.6a", "")
	}
}

// landTypes returns the basic land types (205.3i) and the others a choice
// may name.
func landTypes() []string {
	return []string{"Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate", "Lair", "Locus", "Mine",
		"Power-Plant", "Tower", "Urza's", "Cave", "Sphere"}
}

// defaultLandType is the first land type a land on the battlefield has,
// else Island.
func (g *game) defaultLandType() string {
	for i := range g.s.Permanents {
		p := &g.s.Permanents[i]
		if p.Exists() && p.Is("land") {
			for _, st := range p.Subtypes {
				if has(landTypes(), st) {
					return st
				}
			}
		}
	}
	return "Island"
}
