package engine

func (g *game) controllerOf(id string) string {
	if p := g.s.perm(id); p != nil {
		return p.Controller
	}
	return ""
}

// matching returns the ids of the permanents that exist and match f.
func (g *game) matching(f *Filter) []string {
	var ids []string
	for i := range g.s.Permanents {
		p := &g.s.Permanents[i]
		if p.Exists() && f.match(p) {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

// matchingPhasedOut returns the ids of the phased-out permanents that match f.
func (g *game) matchingPhasedOut(f *Filter) []string {
	var ids []string
	for i := range g.s.Permanents {
		p := &g.s.Permanents[i]
		if p.Zone == ZoneBattlefield && p.PhasedOut && f.match(p) {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

func (f *Filter) match(p *Permanent) bool {
	if f == nil {
		return true
	}
	if f.Controller != "" && p.Controller != f.Controller {
		return false
	}
	if len(f.Types) > 0 {
		ok := false
		for _, t := range f.Types {
			if p.Is(t) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	for _, k := range f.Keywords {
		if !p.Has(k) {
			return false
		}
	}
	return true
}

// unaffected records that a phased-out or absent permanent ignores an action (702.26b).
func (g *game) unaffected(id string) {
	p := g.s.perm(id)
	rule := "702.26b"
	if !p.PhasedOut {
		rule = "400.7"
	}
	g.emit(Event{Kind: EventUnaffected, Objects: []string{id}, Rule: rule, Player: p.Controller})
}
