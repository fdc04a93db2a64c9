package engine

import "strconv"

// targetSpec describes what a spell or ability may target (115.1).
type targetSpec struct {
	min, max int      // how many; max anyNumber for "any number of", maxX for "up to X"
	what     []string // card types a target may have, "permanent" for any, "player" for a player
	control  string   // "", "you" or "opponent": who must control it
	other    bool     // "other": not the source itself
	phased   bool     // it targets phased-out permanents (an effect that names them, 702.26b)
	prefer   string   // default targets (603.3d): "opponent", "you" or "all"
	nonblack bool
}

const (
	anyNumber = 1 << 20
	maxX      = -1
)

// anyTarget is "any target" (115.4): a creature, planeswalker, battle or player.
func anyTarget() *targetSpec {
	return &targetSpec{min: 1, max: 1, what: []string{"creature", "planeswalker", "battle", "player"}, prefer: "opponent"}
}

// one is "target <types>".
func one(what ...string) *targetSpec {
	return &targetSpec{min: 1, max: 1, what: what, prefer: "opponent"}
}

// source is who targets: the spell or ability's controller, its source
// permanent, and its quality for protection.
type source struct {
	id, from, controller string
	q                    quality
}

// stackSource describes the stack object o as a source of targeting.
func (g *game) stackSource(o *StackObject) source {
	src := source{id: o.ID, from: o.Source, controller: o.Controller, q: quality{colors: o.Colors, types: o.Types, controller: o.Controller}}
	if p := g.s.perm(o.Source); p != nil {
		src.q = quality{colors: p.Colors, types: p.Types, controller: o.Controller}
	}
	return src
}

// canTarget says whether t may be a target of src under spec: "" if it may,
// else the rule that forbids it.
func (g *game) canTarget(src source, spec *targetSpec, t string) string {
	if i := g.s.player(t); i >= 0 {
		pl := &g.s.Players[i]
		switch {
		case !has(spec.what, "player"):
			return "115.2"
		case pl.Left:
			return "800.4a"
		case spec.control == "you" && t != src.controller, spec.control == "opponent" && t == src.controller:
			return "115.1"
		case t != src.controller && g.playerEffect(t, "player_hexproof") != nil:
			return "702.11c"
		}
		for _, e := range g.playerEffects(t, "player_protection") {
			if protected(e.From, src.q) {
				return "702.16b"
			}
		}
		return ""
	}
	p := g.s.perm(t)
	switch {
	case p == nil || p.Zone != ZoneBattlefield:
		return "115.2"
	case spec.phased && !p.PhasedOut:
		return "115.1"
	case spec.phased && p.PhasedIndirect:
		return "702.26g"
	case !spec.phased && p.PhasedOut:
		return "702.26b"
	}
	if !spec.phased {
		ok := false
		for _, w := range spec.what {
			if w == "permanent" || p.Is(w) {
				ok = true
			}
		}
		if !ok {
			return "115.1"
		}
	}
	switch {
	case spec.control == "you" && p.Controller != src.controller,
		spec.control == "opponent" && p.Controller == src.controller,
		spec.other && t == src.from,
		spec.nonblack && has(p.Colors, "black"):
		return "115.1"
	case p.Has("shroud"):
		return "702.18a"
	case p.Has("hexproof") && p.Controller != src.controller:
		return "702.11b"
	case protected(p.Protections, src.q):
		return "702.16b"
	}
	return ""
}

// checkTargets checks the targets chosen for src under spec (601.2c): their
// number (x for "up to X") and each one's legality.
func (g *game) checkTargets(src source, spec *targetSpec, targets []string, x int) error {
	maxN := spec.max
	if maxN == maxX {
		maxN = x
	}
	if len(targets) < spec.min || len(targets) > maxN {
		return illegal(CodeTargetCount, "601.2c", src.id, strconv.Itoa(len(targets)))
	}
	for i, t := range targets {
		if has(targets[:i], t) {
			return illegal(CodeNotLegalTarget, "115.3", src.id, t)
		}
		if rule := g.canTarget(src, spec, t); rule != "" {
			return illegal(CodeNotLegalTarget, rule, src.id, t)
		}
	}
	return nil
}

// legalTargets gives, in the scenario's order (players first for a spec
// that allows them), everything src may target under spec.
func (g *game) legalTargets(src source, spec *targetSpec) []string {
	var out []string
	for _, pl := range g.s.Players {
		if g.canTarget(src, spec, pl.Name) == "" {
			out = append(out, pl.Name)
		}
	}
	for i := range g.s.Permanents {
		if id := g.s.Permanents[i].ID; g.canTarget(src, spec, id) == "" {
			out = append(out, id)
		}
	}
	return out
}

// defaultTargets picks targets for a triggered ability no answer covers:
// what spec prefers first, up to its maximum (all of them for "all").
func (g *game) defaultTargets(src source, spec *targetSpec, x int) []string {
	legal := g.legalTargets(src, spec)
	maxN := spec.max
	if maxN == maxX {
		maxN = x
	}
	mine := func(id string) bool {
		if i := g.s.player(id); i >= 0 {
			return id == src.controller
		}
		return g.s.perm(id).Controller == src.controller
	}
	var first, second []string
	for _, id := range legal {
		switch {
		case spec.prefer == "opponent" && mine(id), spec.prefer == "you" && !mine(id):
			second = append(second, id)
		default:
			first = append(first, id)
		}
	}
	ordered := append(first, second...)
	n := spec.min
	if spec.prefer == "all" || spec.prefer == "opponent" && spec.max != 1 {
		n = maxN
	}
	if n == 0 && spec.max > 0 && spec.prefer != "all" {
		n = 1
	}
	n = min(n, maxN, len(ordered))
	return ordered[:n:n]
}

// playerEffect returns the first effect of that kind on player in force.
func (g *game) playerEffect(player, kind string) *Effect {
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if !e.Ended && e.Kind == kind && e.Player == player {
			return e
		}
	}
	return nil
}

// playerEffects returns the effects of that kind on player in force.
func (g *game) playerEffects(player, kind string) []*Effect {
	var out []*Effect
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if !e.Ended && e.Kind == kind && e.Player == player {
			out = append(out, e)
		}
	}
	return out
}
