package engine

// phaseOut phases out the given permanents directly and, with them, every
// attachment of a permanent phasing out, indirectly (702.26g). Something that
// would phase out both ways phases out indirectly (702.26h). They phase out
// simultaneously: one phase_out event lists them all, then one row per
// attachment that went indirectly; then what that causes (removal from
// combat, durations ending, triggers). It returns the permanents that phased
// out directly.
func (g *game) phaseOut(direct []string, rule string) []string {
	out := map[string]bool{}
	var roots []string
	for _, id := range direct {
		p := g.s.perm(id)
		if p == nil || !p.Exists() || out[id] {
			continue
		}
		if g.cantPhaseOut(id) {
			g.emit(Event{Kind: EventPhaseOutBlocked, Objects: []string{id}, Rule: "101.2", Player: p.Controller})
			continue
		}
		out[id] = true
		roots = append(roots, id)
	}
	// Attachments of anything phasing out go indirectly, transitively.
	indirect := map[string]string{} // attachment -> host
	var kept []string               // attachments an effect keeps from phasing out with their host
	for changed := true; changed; {
		changed = false
		for i := range g.s.Permanents {
			q := &g.s.Permanents[i]
			if !q.Exists() || q.AttachedTo == "" || !out[q.AttachedTo] && indirect[q.AttachedTo] == "" || indirect[q.ID] != "" || has(kept, q.ID) {
				continue
			}
			if g.cantPhaseOut(q.ID) {
				kept = append(kept, q.ID)
				if out[q.ID] {
					continue // already reported among the direct ones
				}
				g.emit(Event{Kind: EventPhaseOutBlocked, Objects: []string{q.ID}, Rule: "101.2", Player: q.Controller})
				continue
			}
			indirect[q.ID] = q.AttachedTo
			changed = true
		}
	}
	children := g.childrenOf(indirect)
	var objs, directOut []string
	for _, id := range roots {
		if indirect[id] != "" {
			continue
		}
		directOut = append(directOut, id)
		objs = append(append(objs, id), carried(id, children)...)
	}
	if len(objs) == 0 {
		return nil
	}
	var inCombat []string
	for _, o := range objs {
		q := g.s.perm(o)
		if q.Attacking != "" || q.Blocking != "" {
			inCombat = append(inCombat, o)
		}
		q.PhasedOut = true
		q.PhasedIndirect = indirect[o] != ""
		q.PhasedOutUnder = q.Controller
	}
	g.emit(Event{Kind: EventPhaseOut, Objects: objs, Rule: rule, Player: g.commonController(directOut)})
	for _, o := range objs {
		if indirect[o] == "" {
			continue
		}
		rl := "702.26g"
		if has(direct, o) {
			rl = "702.26h"
		}
		g.emit(Event{Kind: EventPhaseOut, Objects: []string{o, indirect[o]}, Rule: rl, Indirect: true, Player: g.s.perm(o).Controller})
	}
	for _, o := range inCombat {
		g.removeFromCombat(g.s.perm(o), "506.4")
	}
	for _, o := range objs {
		g.afterPhaseOut(o)
	}
	return directOut
}

// commonController is the controller of all of ids, or the active player
// when they differ.
func (g *game) commonController(ids []string) string {
	c := ""
	for _, id := range ids {
		p := g.s.perm(id)
		switch {
		case c == "":
			c = p.Controller
		case c != p.Controller:
			return g.s.Active
		}
	}
	return c
}

// childrenOf indexes attachments by host, in permanent order.
func (g *game) childrenOf(hostOf map[string]string) map[string][]string {
	if len(hostOf) == 0 {
		return nil
	}
	children := map[string][]string{}
	for i := range g.s.Permanents {
		q := &g.s.Permanents[i]
		if h, ok := hostOf[q.ID]; ok {
			children[h] = append(children[h], q.ID)
		}
	}
	return children
}

// carried returns, in order, the attachments (transitively) that go with id.
func carried(id string, children map[string][]string) []string {
	var out []string
	for _, c := range children[id] {
		out = append(out, c)
		out = append(out, carried(c, children)...)
	}
	return out
}

// afterPhaseOut ends the "for as long as" durations() that track the permanent
// (702.26f, 611.2b) and notes which triggers do and don't trigger.
func (g *game) afterPhaseOut(id string) {
	p := g.s.perm(id)
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if !e.Ended && e.Duration == "for_as_long_as" && e.Source == id {
			g.endEffect(e, "702.26f")
		}
	}
	g.fire(id, "phases_out", "603.10b", "")
	g.fireLang(gameEvent{kind: "phases_out", obj: id, rule: "603.10b"})
	for _, t := range p.Triggers {
		switch t {
		case "leaves":
			g.emit(Event{Kind: EventNoTrigger, Objects: []string{id}, Args: []string{t}, Rule: "702.26d", Player: p.Controller})
		case "unattached":
			if p.AttachedTo != "" {
				g.emit(Event{Kind: EventNoTrigger, Objects: []string{id}, Args: []string{t}, Rule: "702.26j", Player: p.Controller})
			}
		}
	}
}

// phaseIn phases in the given directly phased-out permanents, with the
// attachments that phased out indirectly with them (702.26g),
// simultaneously: one phase_in event lists them all, then one row per
// attachment. A directly phased-out attachment comes back attached if its
// host is still on the battlefield, else unattached (702.26i). Phasing in
// cancels any pending "phase out until" return (610.4a). With tapped, they
// phase in tapped, without "becomes tapped" triggers.
func (g *game) phaseIn(ids []string, rule string, tapped bool) {
	var roots []string
	for _, id := range ids {
		p := g.s.perm(id)
		if p == nil || p.Zone != ZoneBattlefield || !p.PhasedOut || has(roots, id) {
			continue
		}
		if p.PhasedIndirect {
			g.emit(Event{Kind: EventPhaseInBlocked, Objects: []string{id}, Rule: "702.26g", Player: p.Controller})
			continue
		}
		roots = append(roots, id)
	}
	if len(roots) == 0 {
		return
	}
	hostOf := map[string]string{}
	for changed := true; changed; {
		changed = false
		for i := range g.s.Permanents {
			q := &g.s.Permanents[i]
			if q.PhasedOut && q.PhasedIndirect && q.AttachedTo != "" && hostOf[q.ID] == "" && (has(roots, q.AttachedTo) || hostOf[q.AttachedTo] != "") {
				hostOf[q.ID] = q.AttachedTo
				changed = true
			}
		}
	}
	children := g.childrenOf(hostOf)
	var objs []string
	for _, id := range roots {
		objs = append(append(objs, id), carried(id, children)...)
	}
	for _, o := range objs {
		q := g.s.perm(o)
		q.PhasedOut, q.PhasedIndirect, q.PhasedOutUnder, q.PhaseInOn, q.TapOnReturn, q.PhaseInWaits = false, false, "", "", false, 0
	}
	ev := Event{Kind: EventPhaseIn, Objects: objs, Rule: rule, Player: g.commonController(roots)}
	if tapped {
		for _, id := range roots {
			g.s.perm(id).Tapped = true
		}
		ev.Args = append([]string{"tapped"}, roots...)
	}
	g.emit(ev)
	for _, o := range objs {
		if h := hostOf[o]; h != "" {
			g.emit(Event{Kind: EventPhaseIn, Objects: []string{o, h}, Rule: "702.26g", Indirect: true, Player: g.s.perm(o).Controller})
		}
	}
	for _, id := range roots {
		p := g.s.perm(id)
		if p.AttachedTo != "" {
			if h := g.s.perm(p.AttachedTo); h == nil || h.Zone != ZoneBattlefield {
				g.emit(Event{Kind: EventPhaseInUnattached, Objects: []string{id, p.AttachedTo}, Rule: "702.26i", Player: p.Controller})
				p.AttachedTo = ""
			}
		}
	}
	for _, o := range objs {
		q := g.s.perm(o)
		// In the untap step it waits for the next priority (502.4).
		rule := "603.2"
		if g.s.Step == StepUntap {
			rule = "502.4"
		}
		g.fire(o, "phases_in", rule, "")
		g.fireLang(gameEvent{kind: "phases_in", obj: o, rule: rule})
		for _, t := range q.Triggers {
			switch t {
			case "enters":
				g.emit(Event{Kind: EventNoTrigger, Objects: []string{o}, Args: []string{t}, Rule: "702.26d", Player: q.Controller})
			case "attached":
				if q.AttachedTo != "" {
					g.emit(Event{Kind: EventNoTrigger, Objects: []string{o}, Args: []string{t}, Rule: "702.26j", Player: q.Controller})
				}
			case "becomes_tapped":
				if tapped && has(roots, o) {
					g.emit(Event{Kind: EventNoTrigger, Objects: []string{o}, Args: []string{t}, Rule: "610.4", Player: q.Controller})
				}
			}
		}
	}
}

// phaseOutUntil phases permanents out until src leaves the battlefield
// (610.4): they won't phase in during untap steps (610.4a), and when src
// leaves they phase in, tapped if tap is set. If src has already left, they
// don't phase out (610.4b). It returns how many phased out directly.
func (g *game) phaseOutUntil(ids []string, src string, tap bool) int {
	return len(g.phaseOutUntilIDs(ids, src, tap))
}

// phaseOutUntilIDs is phaseOutUntil, giving what phased out directly.
func (g *game) phaseOutUntilIDs(ids []string, src string, tap bool) []string {
	sp := g.s.perm(src)
	if sp == nil {
		return nil
	}
	if sp.Zone != ZoneBattlefield {
		for _, id := range ids {
			g.emit(Event{Kind: EventPhaseOutPrevented, Objects: []string{id}, Args: []string{src}, Rule: "610.4b", Player: g.controllerOf(id)})
		}
		return nil
	}
	var live []string
	for _, id := range ids {
		if g.s.perm(id).Exists() {
			live = append(live, id)
		} else {
			g.unaffected(id)
		}
	}
	done := g.phaseOut(live, "610.4")
	for _, id := range done {
		p := g.s.perm(id)
		p.PhaseInOn = src + "_leaves"
		p.TapOnReturn = tap
	}
	return done
}

// phaseToggle is Time and Tide: simultaneously, the phased-out permanents
// matching f phase in and the phased-in ones with phasing phase out.
func (g *game) phaseToggle(f *Filter) {
	ins := g.matchingPhasedOut(f)
	var direct []string
	for _, id := range ins {
		if !g.s.perm(id).PhasedIndirect {
			direct = append(direct, id)
		}
	}
	ff := Filter{}
	if f != nil {
		ff = *f
	}
	ff.Keywords = append(append([]string(nil), ff.Keywords...), "phasing")
	outs := g.matching(&ff)
	g.phaseIn(direct, "702.26c", false)
	g.phaseOut(outs, "702.26b")
}
