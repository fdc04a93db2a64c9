package engine

import (
	"sort"
)

// recompute derives controllers, abilities and P/T from base values, effects
// and static abilities, in layer order (613: control in layer 2, abilities in
// layer 6, P/T in layer 7). At setup it records the result without events.
func (g *game) recompute(setup bool) {
	s := g.s
	var effects []*Effect
	for i := range s.Effects {
		if !s.Effects[i].Ended {
			effects = append(effects, &s.Effects[i])
		}
	}
	if len(effects) > 1 {
		sort.SliceStable(effects, func(i, j int) bool { return effects[i].Timestamp < effects[j].Timestamp })
	}
	hasStatics := false
	for i := range s.Permanents {
		if len(s.Permanents[i].Static) > 0 {
			hasStatics = true
			break
		}
	}
	// Layer 2: control. A phased-out permanent keeps the controller it had
	// (702.26d); it is re-evaluated once it phases in.
	for i := range s.Permanents {
		p := &s.Permanents[i]
		if p.PhasedOut || p.Zone != ZoneBattlefield {
			if p.Controller == "" {
				p.Controller = p.BaseController
			}
			continue
		}
		c := p.BaseController
		for _, e := range effects {
			if e.Kind == "control" && has(e.Affected, p.ID) && s.player(e.Player) >= 0 && !s.Players[s.player(e.Player)].Left {
				c = e.Player
			}
		}
		if c != p.Controller {
			old := p.Controller
			p.Controller = c
			if !setup && old != "" {
				p.Sick = true
				g.emit(Event{Kind: EventControl, Objects: []string{p.ID}, Args: []string{old, c}, Rule: "613.1b", Player: c})
				g.removeFromCombat(p, "506.4")
			}
		}
	}
	// Layer 6: abilities.
	for i := range s.Permanents {
		p := &s.Permanents[i]
		// Abilities is rebuilt, never written in place: states share it.
		ab := p.Keywords[:len(p.Keywords):len(p.Keywords)]
		prot := p.Protection[:len(p.Protection):len(p.Protection)]
		for _, e := range effects {
			if !has(e.Affected, p.ID) {
				continue
			}
			switch e.Kind {
			case "grant":
				ab = appendNew(ab, e.Keywords...)
				if has(e.Keywords, "protection") {
					prot = appendNew(prot, e.From...)
				}
			case "lose":
				ab = without(ab, e.Keywords)
				if has(e.Keywords, "protection") {
					prot = nil
				}
			}
		}
		if hasStatics && p.Exists() {
			g.eachStatic(func(src *Permanent, st Static) {
				if st.Kind == "grant" && affects(src, st, p) {
					ab = appendNew(ab, st.Keywords...)
				}
			})
		}
		if !has(ab, "protection") {
			prot = nil
		}
		p.Abilities = ab
		p.Protections = prot
	}
	// Layer 7: P/T. 7b setting, 7c modifications and counters.
	for i := range s.Permanents {
		p := &s.Permanents[i]
		pw, tg := p.BasePower, p.BaseTough
		for _, e := range effects {
			if e.Kind == "set_pt" && has(e.Affected, p.ID) {
				pw, tg = e.Power, e.Toughness
			}
		}
		for _, e := range effects {
			if e.Kind == "pump" && has(e.Affected, p.ID) {
				pw += e.Power
				tg += e.Toughness
			}
		}
		if hasStatics && p.Exists() {
			g.eachStatic(func(src *Permanent, st Static) {
				if st.Kind == "anthem" && affects(src, st, p) {
					pw += st.Power
					tg += st.Toughness
				}
			})
		}
		if len(p.Counters) > 0 {
			d := p.Counters["+1/+1"] - p.Counters["-1/-1"]
			pw += d
			tg += d
		}
		p.Power, p.Toughness = pw, tg
	}
}

// without returns list less the items, in a new slice.
func without(list, items []string) []string {
	var out []string
	for _, x := range list {
		if !has(items, x) {
			out = append(out, x)
		}
	}
	return out
}

func appendNew(list []string, items ...string) []string {
	for _, x := range items {
		if !has(list, x) {
			list = append(list, x)
		}
	}
	return list
}

// eachStatic calls f for every static ability whose source exists: a
// phased-out source's static abilities do nothing (702.26b).
func (g *game) eachStatic(f func(src *Permanent, st Static)) {
	for i := range g.s.Permanents {
		src := &g.s.Permanents[i]
		if !src.Exists() {
			continue
		}
		for _, st := range src.Static {
			f(src, st)
		}
	}
}

func affects(src *Permanent, st Static, p *Permanent) bool {
	switch st.Affects {
	case "creatures_you_control":
		return p.Is("creature") && p.Controller == src.Controller
	case "other_creatures_you_control":
		return p.Is("creature") && p.Controller == src.Controller && p.ID != src.ID
	case "creatures":
		return p.Is("creature")
	case "enchanted", "equipped":
		return src.AttachedTo == p.ID
	case "self":
		return src.ID == p.ID
	case "creatures_with_flying":
		return p.Is("creature") && p.Has("flying")
	case "lands_of_chosen_type":
		return p.Is("land") && src.Choices["land_type"] != "" && has(p.Subtypes, src.Choices["land_type"])
	}
	return false
}
