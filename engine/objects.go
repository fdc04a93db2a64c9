package engine

import "strconv"

// addCounter is the counter action: n counters of kind on a permanent.
func (g *game) addCounter(id, kind string, n int) error {
	if err := g.need(id); err != nil {
		return err
	}
	if !g.s.perm(id).Exists() {
		g.unaffected(id)
		return nil
	}
	g.counterN(id, kind, n, "122.1")
	return nil
}

// counterN puts n counters of kind on an existing permanent, or removes -n.
func (g *game) counterN(id, kind string, n int, rule string) {
	p := g.s.perm(id)
	// Counters maps are shared between states; write a copy.
	m := make(map[string]int, len(p.Counters)+1)
	for k, v := range p.Counters {
		m[k] = v
	}
	m[kind] = max(m[kind]+n, 0)
	if m[kind] == 0 {
		delete(m, kind)
	}
	p.Counters = m
	kindEv, shown := EventCounter, n
	if n < 0 {
		kindEv, shown = EventCounterRemoved, -n
	}
	g.emit(Event{Kind: kindEv, Objects: []string{id}, Args: []string{kind, strconv.Itoa(shown), strconv.Itoa(p.Counters[kind])}, Rule: rule, Player: p.Controller})
}

// tap taps the untapped ones among ids (701.26a), as one event.
func (g *game) tap(ids []string) {
	var done []string
	for _, id := range ids {
		p := g.s.perm(id)
		if !p.Exists() {
			g.unaffected(id)
			continue
		}
		if p.Tapped {
			continue
		}
		p.Tapped = true
		done = append(done, id)
	}
	if len(done) > 0 {
		g.emit(Event{Kind: EventTap, Objects: done, Rule: "701.26a"})
	}
	for _, id := range done {
		g.fire(id, "becomes_tapped", "603.2", "")
	}
}

// untap untaps the tapped ones among ids, as one event.
func (g *game) untap(ids []string, rule string) {
	var done []string
	for _, id := range ids {
		p := g.s.perm(id)
		if !p.Exists() {
			g.unaffected(id)
			continue
		}
		if p.Tapped {
			p.Tapped = false
			done = append(done, id)
		}
	}
	if len(done) > 0 {
		g.emit(Event{Kind: EventUntap, Objects: done, Rule: rule})
	}
}

// attach is the attach action: an Aura or Equipment on a host, attachment
// cycles refused.
func (g *game) attach(att, host string) error {
	return g.attachRule(att, host, "701.3a")
}

// attachRule attaches att to host (701.3a). It must be legal: both exist,
// and no protection of the host keeps it off (702.16c, 702.16d).
func (g *game) attachRule(att, host, rule string) error {
	if err := g.need(att, host); err != nil {
		return err
	}
	for h := host; h != ""; h = g.s.perm(h).AttachedTo {
		if h == att {
			return errorf(CodeAttachCycle, 0, 0, att)
		}
	}
	a, h := g.s.perm(att), g.s.perm(host)
	switch {
	case !a.Exists() || !h.Exists():
		return illegal(CodeCantAttach, "702.26b", att, host)
	case !g.canHost(a, h):
		r := "303.4a"
		if protected(h.Protections, quality{colors: a.Colors, types: a.Types, controller: a.Controller}) {
			r = "702.16c"
		}
		return illegal(CodeCantAttach, r, att, host)
	}
	a.AttachedTo = host
	a.HostObject = h.Object
	g.s.Timestamp++
	a.Timestamp = g.s.Timestamp
	g.emit(Event{Kind: EventAttach, Objects: []string{att, host}, Rule: rule, Player: a.Controller})
	g.fire(att, "attached", "603.2", host)
	return nil
}

// canHost reports whether h is a legal object for a to be attached to: what
// an Aura may enchant (303.4c), an Equipment only a creature (301.5c), and
// nothing with protection from its quality (702.16c–d).
func (g *game) canHost(a, h *Permanent) bool {
	if h.ID == a.ID {
		return false
	}
	if has(a.Subtypes, "Aura") && len(a.Enchant) > 0 {
		ok := false
		for _, t := range a.Enchant {
			if t == "permanent" || h.Is(t) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	if has(a.Subtypes, "Equipment") && !h.Is("creature") {
		return false
	}
	if a.IsAttachment() && protected(h.Protections, quality{colors: a.Colors, types: a.Types, controller: a.Controller}) {
		return false
	}
	return true
}
