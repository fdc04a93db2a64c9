package engine

// sba is one state-based action to perform.
type sba struct{ id, what, rule string }

// StateBasedResults returns the values Args[0] of a state_based event can take.
func StateBasedResults() []string {
	return []string{"ceases", "counters", "deathtouch", "destroyed", "graveyard", "loses", "unattached"}
}

// stateBased performs state-based actions until none applies (704.3). A
// player who loses leaves the game (104.5, 800.4a).
func (g *game) stateBased() {
	for round := 0; round < 64; round++ {
		var acts []sba
		s := g.s
		var losers []string
		for i := range s.Players {
			pl := &s.Players[i]
			if pl.Left || pl.Lost {
				continue
			}
			rule := ""
			switch {
			case pl.Life <= 0:
				rule = "704.5a"
			case pl.DrewFromEmpty:
				rule = "704.5b"
			case pl.Poison >= 10:
				rule = "704.5c"
			}
			pl.DrewFromEmpty = false
			if rule != "" {
				pl.Lost = true
				losers = append(losers, pl.Name)
				g.emit(Event{Kind: EventStateBased, Player: pl.Name, Args: []string{"loses"}, Rule: rule})
			}
		}
		for i := range s.Permanents {
			p := &s.Permanents[i]
			if p.Token && p.Zone != ZoneBattlefield && p.Zone != ZoneGone && p.Zone != ZoneStack {
				acts = append(acts, sba{p.ID, "ceases", "704.5d"})
				continue
			}
			if !p.Exists() {
				continue
			}
			if p.Counters["+1/+1"] > 0 && p.Counters["-1/-1"] > 0 {
				acts = append(acts, sba{p.ID, "counters", "704.5q"})
			}
			switch {
			case p.Is("planeswalker") && p.Counters["loyalty"] <= 0 && !p.Is("creature"):
				acts = append(acts, sba{p.ID, "graveyard", "704.5i"})
			case p.Is("creature") && p.Toughness <= 0:
				acts = append(acts, sba{p.ID, "graveyard", "704.5f"})
			case p.Is("creature") && p.Damage > 0 && p.Damage >= p.Toughness && !p.Has("indestructible"):
				acts = append(acts, sba{p.ID, "destroyed", "704.5g"})
			case p.Is("creature") && p.DeathtouchHit && !p.Has("indestructible"):
				acts = append(acts, sba{p.ID, "deathtouch", "704.5h"})
			case has(p.Subtypes, "Aura") && !g.legalHost(p):
				acts = append(acts, sba{p.ID, "graveyard", "704.5m"})
			case (has(p.Subtypes, "Equipment") || has(p.Subtypes, "Fortification")) && p.AttachedTo != "" && !g.legalHost(p):
				acts = append(acts, sba{p.ID, "unattached", "704.5n"})
			}
			p.DeathtouchHit = false
		}
		acts = append(acts, g.legendRule()...)
		acts = append(acts, g.worldRule()...)
		for _, name := range losers {
			g.leaveGame(name, "104.5")
		}
		if len(acts) == 0 && len(losers) == 0 {
			return
		}
		for _, a := range acts {
			p := s.perm(a.id)
			if p.Zone == ZoneGone {
				continue
			}
			if a.what == "counters" {
				// N of each go, N the smaller number (704.5q).
				n := min(p.Counters["+1/+1"], p.Counters["-1/-1"])
				m := make(map[string]int, len(p.Counters))
				for k, v := range p.Counters {
					m[k] = v
				}
				m["+1/+1"] -= n
				m["-1/-1"] -= n
				for _, k := range []string{"+1/+1", "-1/-1"} {
					if m[k] == 0 {
						delete(m, k)
					}
				}
				p.Counters = m
				g.emit(Event{Kind: EventStateBased, Objects: []string{a.id}, Args: []string{a.what, itoa(n)}, Rule: a.rule, Player: p.Controller})
				continue
			}
			g.emit(Event{Kind: EventStateBased, Objects: []string{a.id}, Args: []string{a.what}, Rule: a.rule, Player: p.Controller})
			switch a.what {
			case "ceases":
				p.Zone = ZoneGone
			case "unattached":
				p.AttachedTo = ""
			case "destroyed", "deathtouch":
				// Lethal damage destroys: a regeneration shield replaces it (701.19a).
				if p.Exists() && !g.regenerates(p) {
					g.leave(a.id, ZoneGraveyard, a.rule)
				}
			case "graveyard":
				if p.Exists() {
					g.leave(a.id, ZoneGraveyard, a.rule)
				}
			}
		}
		g.recompute(false)
	}
}

// legalHost reports whether an attachment may stay attached to its host.
// A phased-in attachment whose host is phased out is not legally attached:
// the host is treated as though it doesn't exist (702.26b), so an Aura kept
// from phasing out with it goes to the graveyard (704.5m; Spatial Binding's
// ruling of 2012-07-01), and an Equipment becomes unattached (704.5n).
func (g *game) legalHost(att *Permanent) bool {
	if att.AttachedTo == "" {
		return false
	}
	h := g.s.perm(att.AttachedTo)
	if h == nil || !h.Exists() || att.HostObject != 0 && h.Object != att.HostObject {
		return false
	}
	return g.canHost(att, h)
}

// legendRule applies 704.5j: for each controller and name, that player
// chooses one of two or more legendary permanents to keep (the newest if
// no answer says), the others go to the graveyard.
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
		ans, ok, err := g.answer(k.c, ChoiceKeep)
		switch {
		case err != nil:
			if g.err == nil {
				g.err = err
			}
		case ok:
			found := false
			for _, p := range ps {
				if p.ID == ans.Keep {
					keep, found = p, true
				}
			}
			if !found && g.err == nil {
				g.err = errorf(CodeBadChoice, ans.Line, 0, k.c, ChoiceKeep, ans.Keep)
			}
		}
		g.chose(k.c, ChoiceKeep, "", "704.5j", !ok, keep.ID)
		for _, p := range ps {
			if p != keep {
				out = append(out, sba{p.ID, "graveyard", "704.5j"})
			}
		}
	}
	return out
}

// worldRule applies 704.5k: of two or more world permanents, all but the
// newest go to the graveyard (all of them on a tie).
func (g *game) worldRule() []sba {
	var worlds []*Permanent
	newest := 0
	for i := range g.s.Permanents {
		if p := &g.s.Permanents[i]; p.Exists() && has(p.Supertypes, "world") {
			worlds = append(worlds, p)
			newest = max(newest, p.Timestamp)
		}
	}
	if len(worlds) < 2 {
		return nil
	}
	ties := 0
	for _, p := range worlds {
		if p.Timestamp == newest {
			ties++
		}
	}
	var out []sba
	for _, p := range worlds {
		if p.Timestamp != newest || ties > 1 {
			out = append(out, sba{p.ID, "graveyard", "704.5k"})
		}
	}
	return out
}
