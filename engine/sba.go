package engine

// sba is one state-based action to perform.
type sba struct{ id, what, rule string }

// stateBased performs state-based actions until none applies (704.3).
func (g *game) stateBased() {
	for round := 0; round < 64; round++ {
		var acts []sba
		s := g.s
		for i := range s.Players {
			pl := &s.Players[i]
			if !pl.Left && !pl.Lost && pl.Life <= 0 {
				pl.Lost = true
				g.emit(Event{Kind: "state_based", Player: pl.Name, Args: []string{"loses"}, Rule: "704.5a"})
			}
		}
		for i := range s.Permanents {
			p := &s.Permanents[i]
			if p.Token && p.Zone != ZoneBattlefield && p.Zone != ZoneGone {
				acts = append(acts, sba{p.ID, "ceases", "704.5d"})
				continue
			}
			if !p.Exists() {
				continue
			}
			switch {
			case p.Is("creature") && p.Toughness <= 0:
				acts = append(acts, sba{p.ID, "graveyard", "704.5f"})
			case p.Is("creature") && p.Damage > 0 && p.Damage >= p.Toughness && !p.Has("indestructible"):
				acts = append(acts, sba{p.ID, "destroyed", "704.5g"})
			case has(p.Subtypes, "Aura") && !g.legalHost(p):
				acts = append(acts, sba{p.ID, "graveyard", "704.5m"})
			case (has(p.Subtypes, "Equipment") || has(p.Subtypes, "Fortification")) && p.AttachedTo != "" && !g.legalHost(p):
				acts = append(acts, sba{p.ID, "unattached", "704.5n"})
			}
		}
		acts = append(acts, g.legendRule()...)
		if len(acts) == 0 {
			return
		}
		for _, a := range acts {
			p := s.perm(a.id)
			g.emit(Event{Kind: "state_based", Objects: []string{a.id}, Args: []string{a.what}, Rule: a.rule, Player: p.Controller})
			switch a.what {
			case "ceases":
				p.Zone = ZoneGone
			case "unattached":
				p.AttachedTo = ""
			case "graveyard", "destroyed":
				if p.Exists() {
					g.leave(a.id, ZoneGraveyard, a.rule)
				}
			}
		}
		g.recompute(false)
	}
}

// legalHost reports whether an attachment's host is still there. A host that
// is phased out still counts: phasing is not a zone change (702.26d); whether
// an Aura phased in on a phased-out host should go to the graveyard is an open
// question, and the engine does not put it there.
func (g *game) legalHost(att *Permanent) bool {
	if att.AttachedTo == "" {
		return false
	}
	h := g.s.perm(att.AttachedTo)
	if h == nil || h.Zone != ZoneBattlefield {
		return false
	}
	if has(att.Subtypes, "Equipment") && h.Exists() && !h.Is("creature") {
		return false
	}
	return true
}

// legendRule applies 704.5j: for each controller and name, the most recent
// of two or more legendary permanents stays (the player's choice, modelled as
// keeping the newest), the others go to the graveyard.
func (g *game) legendRule() []sba {
	n := 0
	for i := range g.s.Permanents {
		if p := &g.s.Permanents[i]; p.Exists() && has(p.Supertypes, "legendary") {
			n++
		}
	}
	if n < 2 {
		return nil
	}
	type key struct{ c, name string }
	groups := map[key][]*Permanent{}
	var order []key
	for i := range g.s.Permanents {
		p := &g.s.Permanents[i]
		if p.Exists() && has(p.Supertypes, "legendary") {
			k := key{p.Controller, p.Name}
			if groups[k] == nil {
				order = append(order, k)
			}
			groups[k] = append(groups[k], p)
		}
	}
	var out []sba
	for _, k := range order {
		ps := groups[k]
		if len(ps) < 2 {
			continue
		}
		keep := ps[0]
		for _, p := range ps {
			if p.Timestamp > keep.Timestamp {
				keep = p
			}
		}
		for _, p := range ps {
			if p != keep {
				out = append(out, struct{ id, what, rule string }{p.ID, "graveyard", "704.5j"})
			}
		}
	}
	return out
}
