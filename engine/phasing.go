package engine

// phaseOut phases out the given permanents directly and, with them, every
// attachment of a permanent phasing out, indirectly (702.26g). Something that
// would phase out both ways phases out indirectly (702.26h).
func (g *game) phaseOut(direct []string, rule string) {
	out := map[string]bool{}
	var roots []string
	for _, id := range direct {
		p := g.s.perm(id)
		if p == nil || !p.Exists() || out[id] {
			continue
		}
		out[id] = true
		roots = append(roots, id)
	}
	// Attachments of anything phasing out go indirectly, transitively.
	indirect := map[string]string{} // attachment -> host
	for changed := true; changed; {
		changed = false
		for i := range g.s.Permanents {
			q := &g.s.Permanents[i]
			if q.Exists() && q.AttachedTo != "" && (out[q.AttachedTo] || indirect[q.AttachedTo] != "") && indirect[q.ID] == "" {
				indirect[q.ID] = q.AttachedTo
				changed = true
			}
		}
	}
	children := g.childrenOf(indirect)
	for _, id := range roots {
		if indirect[id] != "" {
			continue
		}
		objs := append([]string{id}, carried(id, children)...)
		for _, o := range objs {
			q := g.s.perm(o)
			g.removeFromCombat(q, "506.4")
		}
		for _, o := range objs {
			q := g.s.perm(o)
			q.PhasedOut = true
			q.PhasedIndirect = o != id
			q.PhasedOutUnder = q.Controller
		}
		g.emit(Event{Kind: "phase_out", Objects: objs, Rule: rule, Player: g.s.perm(id).Controller})
		for _, o := range objs[1:] {
			rl := "702.26g"
			if has(direct, o) {
				rl = "702.26h"
			}
			g.emit(Event{Kind: "phase_out", Objects: []string{o, indirect[o]}, Rule: rl, Indirect: true, Player: g.s.perm(o).Controller})
		}
		for _, o := range objs {
			g.afterPhaseOut(o)
		}
	}
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
	for _, t := range p.Triggers {
		switch t {
		case "phases_out":
			g.s.Pending = append(g.s.Pending, Trigger{Source: id, Condition: t, Rule: "603.10b"})
		case "leaves":
			g.emit(Event{Kind: "no_trigger", Objects: []string{id}, Args: []string{t}, Rule: "702.26d", Player: p.Controller})
		case "unattached":
			if p.AttachedTo != "" {
				g.emit(Event{Kind: "no_trigger", Objects: []string{id}, Args: []string{t}, Rule: "702.26j", Player: p.Controller})
			}
		}
	}
}

// phaseIn phases in the given directly phased-out permanents, with the
// attachments that phased out indirectly with them (702.26g). A directly
// phased-out attachment comes back attached if its host is still on the
// battlefield, else unattached (702.26i). Phasing in cancels any pending
// "phase out until" return (610.4a). With tapped, it phases in tapped,
// without "becomes tapped" triggers.
func (g *game) phaseIn(ids []string, rule string, tapped bool) {
	for _, id := range ids {
		p := g.s.perm(id)
		if p == nil || p.Zone != ZoneBattlefield || !p.PhasedOut {
			continue
		}
		if p.PhasedIndirect {
			g.emit(Event{Kind: "phase_in_blocked", Objects: []string{id}, Rule: "702.26g", Player: p.Controller})
			continue
		}
		hostOf := map[string]string{}
		for changed := true; changed; {
			changed = false
			for i := range g.s.Permanents {
				q := &g.s.Permanents[i]
				if q.PhasedOut && q.PhasedIndirect && q.AttachedTo != "" && hostOf[q.ID] == "" && (q.AttachedTo == id || hostOf[q.AttachedTo] != "") {
					hostOf[q.ID] = q.AttachedTo
					changed = true
				}
			}
		}
		objs := append([]string{id}, carried(id, g.childrenOf(hostOf))...)
		for _, o := range objs {
			q := g.s.perm(o)
			q.PhasedOut, q.PhasedIndirect, q.PhasedOutUnder, q.PhaseInOn, q.TapOnReturn, q.PhaseInWaits = false, false, "", "", false, 0
		}
		ev := Event{Kind: "phase_in", Objects: objs, Rule: rule, Player: p.Controller}
		if tapped {
			p.Tapped = true
			ev.Args = []string{"tapped"}
		}
		g.emit(ev)
		for _, o := range objs[1:] {
			g.emit(Event{Kind: "phase_in", Objects: []string{o, hostOf[o]}, Rule: "702.26g", Indirect: true, Player: g.s.perm(o).Controller})
		}
		if p.AttachedTo != "" {
			if h := g.s.perm(p.AttachedTo); h == nil || h.Zone != ZoneBattlefield {
				g.emit(Event{Kind: "phase_in_unattached", Objects: []string{id, p.AttachedTo}, Rule: "702.26i", Player: p.Controller})
				p.AttachedTo = ""
			}
		}
		for _, o := range objs {
			q := g.s.perm(o)
			for _, t := range q.Triggers {
				switch t {
				case "phases_in":
					g.s.Pending = append(g.s.Pending, Trigger{Source: o, Condition: t, Rule: "502.4"})
				case "enters":
					g.emit(Event{Kind: "no_trigger", Objects: []string{o}, Args: []string{t}, Rule: "702.26d", Player: q.Controller})
				case "attached":
					if q.AttachedTo != "" {
						g.emit(Event{Kind: "no_trigger", Objects: []string{o}, Args: []string{t}, Rule: "702.26j", Player: q.Controller})
					}
				case "becomes_tapped":
					if tapped && o == id {
						g.emit(Event{Kind: "no_trigger", Objects: []string{o}, Args: []string{t}, Rule: "610.4", Player: q.Controller})
					}
				}
			}
		}
	}
}

// phaseOutUntil phases a permanent out until an event (610.4): it won't
// phase in during untap steps (610.4a). If the event already happened, it
// doesn't phase out (610.4b).
func (g *game) phaseOutUntil(a Action) error {
	p := g.s.perm(a.Target)
	if p == nil {
		return errorf(CodeUndefinedID, 0, 0, a.Target)
	}
	src := a.Until[:len(a.Until)-len("_leaves")]
	sp := g.s.perm(src)
	if sp == nil {
		return errorf(CodeUndefinedID, 0, 0, src)
	}
	if sp.Zone != ZoneBattlefield {
		g.emit(Event{Kind: "phase_out_prevented", Objects: []string{a.Target}, Args: []string{src}, Rule: "610.4b", Player: p.Controller})
		return nil
	}
	if !p.Exists() {
		g.unaffected(a.Target)
		return nil
	}
	g.phaseOut([]string{a.Target}, "610.4")
	p.PhaseInOn = a.Until
	p.TapOnReturn = a.TapOnReturn
	return nil
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

// untapStep performs the untap step's turn-based actions: phasing (502.1,
// 702.26a), then untapping (502.3). A skipped untap step does neither
// (702.26m). No player gets priority (502.4).
func (g *game) untapStep() {
	s := g.s
	ap := s.player(s.Active)
	if s.Players[ap].SkipUntaps > 0 {
		s.Players[ap].SkipUntaps--
		g.emit(Event{Kind: "untap_skipped", Rule: "702.26m"})
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
				g.emit(Event{Kind: "phase_in_blocked", Objects: []string{p.ID}, Args: []string{p.PhaseInOn}, Rule: "610.4a", Player: p.PhasedOutUnder})
			case p.PhaseInWaits > 0:
				p.PhaseInWaits--
				g.emit(Event{Kind: "phase_in_blocked", Objects: []string{p.ID}, Rule: "702.26n", Player: p.PhasedOutUnder})
			case g.cantPhaseIn(p.ID):
				g.emit(Event{Kind: "phase_in_blocked", Objects: []string{p.ID}, Rule: "702.26a", Player: p.PhasedOutUnder})
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
			p.Tapped = false
			untapped = append(untapped, p.ID)
		}
	}
	if len(untapped) > 0 {
		g.emit(Event{Kind: "untap", Objects: untapped, Rule: "502.3"})
	}
}
