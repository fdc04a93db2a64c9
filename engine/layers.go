package engine

import (
	"sort"

	"arbiter/engine/cardlang"
)

// The layer system (613): the characteristics of every object are worked
// out from its base values by applying continuous effects layer by layer
// (613.1), in timestamp order within a layer (613.7) unless one effect
// depends on another (613.8). The engine has layer 2 (control), layer 6
// (abilities), and layer 7 (7a characteristic-defining, 7b setting, 7c
// changes and counters); the effects come from resolved spells and
// abilities (State.Effects), static abilities of the cards' texts and the
// static abilities a scenario gives a permanent.

// cont is one continuous effect as the layer system applies it.
type cont struct {
	layer string // "2", "6", "7a", "7b", "7c"
	ts    int
	// One of: a resolved effect, a scenario static of src, a
	// card-language effect of a static ability of src.
	e    *Effect
	st   *Static
	le   *cardlang.Effect
	src  *Permanent
	ctx  *langCtx
	cda  bool
	name string // for ordering ties: the source's id
}

// locked reports whether the effect's set of affected objects was fixed
// as it began (611.2c): then no other effect changes what it applies to.
func (x cont) locked() bool { return x.e != nil }

// reads reports whether what the effect applies to depends on the
// characteristic its layer changes: only then may it depend on another
// effect of the layer (613.8a).
func (x cont) reads() bool {
	if x.locked() {
		return false
	}
	var f *cardlang.Filter
	if x.le != nil {
		if r := x.le.Ref("what"); r != nil && r.Kind == cardlang.RefAll {
			f = r.Filter
		}
	}
	if x.st != nil {
		return x.st.Affects == "creatures_with_flying" && x.layer == "6" || x.layer == "2" && x.st.Affects == "creatures_you_control"
	}
	if f == nil {
		return false
	}
	switch x.layer {
	case "2":
		return f.Control != "" || f.Own != ""
	case "6":
		return len(f.With)+len(f.Without) > 0
	case "7c", "7b", "7a":
		for _, c := range f.Compare {
			if c.Stat == "power" || c.Stat == "toughness" {
				return true
			}
		}
	}
	return false
}

// recompute derives controllers, abilities and P/T from base values,
// effects and static abilities, in layer order (613). At setup it records
// the result without events.
func (g *game) recompute(setup bool) {
	s := g.s
	olds := make([]string, len(s.Permanents))
	for i := range s.Permanents {
		p := &s.Permanents[i]
		olds[i] = p.Controller
		if p.PhasedOut || p.Zone != ZoneBattlefield {
			// A phased-out permanent keeps the controller it had
			// (702.26d); a card elsewhere is its owner's.
			if p.Controller == "" {
				p.Controller = p.BaseController
			}
		} else {
			p.Controller = p.BaseController
		}
		p.Abilities = p.Keywords[:len(p.Keywords):len(p.Keywords)]
		p.Protections = p.Protection[:len(p.Protection):len(p.Protection)]
		p.Power, p.Toughness = p.BasePower, p.BaseTough
	}
	conts := g.continuous()
	for _, layer := range []string{"2", "6", "7a", "7b", "7c"} {
		var in []cont
		for _, x := range conts {
			if x.layer == layer {
				in = append(in, x)
			}
		}
		g.applyLayer(in)
		switch layer {
		case "2":
			for i := range s.Permanents {
				p := &s.Permanents[i]
				if p.PhasedOut || p.Zone != ZoneBattlefield {
					p.Controller = olds[i]
					if p.Controller == "" {
						p.Controller = p.BaseController
					}
					continue
				}
				if c, old := p.Controller, olds[i]; c != old && !setup && old != "" {
					p.Sick = true
					g.emit(Event{Kind: EventControl, Objects: []string{p.ID}, Args: []string{old, c}, Rule: "613.1b", Player: c})
					g.removeFromCombat(p, "506.4")
				}
			}
		case "6":
			for i := range s.Permanents {
				p := &s.Permanents[i]
				if !has(p.Abilities, "protection") {
					p.Protections = nil
				}
			}
		case "7c":
			for i := range s.Permanents {
				p := &s.Permanents[i]
				if len(p.Counters) > 0 {
					d := p.Counters["+1/+1"] - p.Counters["-1/-1"]
					p.Power += d
					p.Toughness += d
				}
			}
		}
	}
}

// applyLayer applies a layer's effects: in timestamp order, except that an
// effect that depends on another waits until just after it (613.8b); the
// order is re-evaluated after each (613.8c), and a dependency loop is
// applied in timestamp order.
func (g *game) applyLayer(in []cont) {
	if len(in) == 0 {
		return
	}
	sort.SliceStable(in, func(i, j int) bool {
		if in[i].ts != in[j].ts {
			return in[i].ts < in[j].ts
		}
		return in[i].name < in[j].name
	})
	left := in
	for len(left) > 0 {
		pick := 0
		if len(left) > 1 {
			pick = g.firstIndependent(left)
		}
		g.applyCont(left[pick], g.contAffected(left[pick]))
		left = append(left[:pick:pick], left[pick+1:]...)
	}
}

// firstIndependent gives the first effect, in timestamp order, that
// depends on none of the others (613.8a): applying one of them would
// change what it applies to. If every one depends on another (a loop),
// the first is applied (613.8b).
func (g *game) firstIndependent(left []cont) int {
	dynamic := false
	for _, x := range left {
		if x.reads() {
			dynamic = true
		}
	}
	if !dynamic {
		return 0
	}
	for i, a := range left {
		if !a.reads() || g.independent(a, left, i) {
			return i
		}
	}
	return 0
}

// independent reports whether a (left[i]) depends on none of the others.
func (g *game) independent(a cont, left []cont, i int) bool {
	before := g.contAffected(a)
	for j, b := range left {
		if j == i || b.cda != a.cda {
			continue
		}
		if g.dependsOn(a, b, before) {
			return false
		}
	}
	return true
}

// dependsOn reports whether applying b would change what a applies to
// (613.8a): a is tried on a copy of the game where b has applied.
func (g *game) dependsOn(a, b cont, before []string) bool {
	cp := *g.s
	cp.Permanents = append([]Permanent(nil), g.s.Permanents...)
	sg := &game{s: &cp}
	sb := b
	if b.src != nil {
		sb.src = cp.perm(b.src.ID)
	}
	sg.applyCont(sb, sg.contAffected(sb))
	sa := a
	if a.src != nil {
		sa.src = cp.perm(a.src.ID)
	}
	after := sg.contAffected(sa)
	if len(after) != len(before) {
		return true
	}
	for k := range after {
		if after[k] != before[k] {
			return true
		}
	}
	return false
}

// continuous lists the continuous effects in force.
func (g *game) continuous() []cont {
	s := g.s
	var out []cont
	for i := range s.Effects {
		e := &s.Effects[i]
		if e.Ended {
			continue
		}
		layer := ""
		switch e.Kind {
		case "control":
			layer = "2"
		case "grant", "lose":
			layer = "6"
		case "set_pt":
			layer = "7b"
		case "pump":
			layer = "7c"
		}
		if layer != "" {
			out = append(out, cont{layer: layer, ts: e.Timestamp, e: e, name: e.ID})
		}
	}
	for i := range s.Permanents {
		src := &s.Permanents[i]
		if !src.Exists() {
			continue
		}
		for k := range src.Static {
			st := &src.Static[k]
			layer := ""
			switch st.Kind {
			case "anthem":
				layer = "7c"
			case "grant":
				layer = "6"
			}
			if layer != "" {
				out = append(out, cont{layer: layer, ts: src.Timestamp, st: st, src: src, name: src.ID})
			}
		}
		for _, ab := range staticAbilities(src.Behavior) {
			ctx := &langCtx{ctl: src.Controller, self: src.ID, selfObj: src.Object, name: src.Name}
			if ab.If != nil && !g.cond(ctx, ab.If) {
				continue
			}
			for k := range ab.Effects {
				le := &ab.Effects[k]
				layer, cda := "", false
				switch le.Op {
				case "gain_control":
					layer = "2"
				case "grant", "lose":
					layer = "6"
				case "cda_pt":
					layer, cda = "7a", true
				case "set_pt":
					layer = "7b"
				case "pump":
					layer = "7c"
				}
				if layer == "" {
					continue
				}
				if r := le.Ref("what"); r != nil && (r.Kind == cardlang.RefYou || r.Kind == cardlang.RefEach) {
					continue // an effect on players: not a characteristic
				}
				out = append(out, cont{layer: layer, ts: src.Timestamp, le: le, src: src, ctx: ctx, cda: cda, name: src.ID})
			}
		}
	}
	return out
}

// contAffected gives the ids an effect applies to now.
func (g *game) contAffected(x cont) []string {
	switch {
	case x.e != nil:
		var out []string
		for i := range g.s.Permanents {
			if p := &g.s.Permanents[i]; x.e.applies(p) {
				out = append(out, p.ID)
			}
		}
		return out
	case x.st != nil:
		var out []string
		for i := range g.s.Permanents {
			if p := &g.s.Permanents[i]; p.Exists() && affects(x.src, *x.st, p) {
				out = append(out, p.ID)
			}
		}
		return out
	case x.le != nil:
		ctx := *x.ctx
		if x.src != nil {
			ctx.ctl = x.src.Controller
		}
		var out []string
		for _, id := range g.objectsOf(&ctx, x.le.Ref("what")) {
			if p := g.s.perm(id); p != nil && (p.Exists() || x.cda) {
				out = append(out, id)
			}
		}
		return out
	}
	return nil
}

// applies reports whether a resolved effect applies to p: p is one of the
// objects it locked when it began, still the same object (400.7).
func (e *Effect) applies(p *Permanent) bool {
	for i, id := range e.Affected {
		if id != p.ID {
			continue
		}
		if i < len(e.Objects) && e.Objects[i] != 0 && e.Objects[i] != p.Object {
			return false
		}
		return true
	}
	return false
}

// applyCont applies one effect to the objects it affects.
func (g *game) applyCont(x cont, ids []string) {
	for _, id := range ids {
		p := g.s.perm(id)
		if p == nil {
			continue
		}
		switch {
		case x.e != nil:
			e := x.e
			switch e.Kind {
			case "control":
				if i := g.s.player(e.Player); i >= 0 && !g.s.Players[i].Left {
					p.Controller = e.Player
				}
			case "grant":
				p.Abilities = appendNew(p.Abilities[:len(p.Abilities):len(p.Abilities)], e.Keywords...)
				if has(e.Keywords, "protection") {
					p.Protections = appendNew(p.Protections[:len(p.Protections):len(p.Protections)], e.From...)
				}
			case "lose":
				p.Abilities = without(p.Abilities, e.Keywords)
				if has(e.Keywords, "protection") {
					p.Protections = nil
				}
			case "set_pt":
				p.Power, p.Toughness = e.Power, e.Toughness
			case "pump":
				p.Power += e.Power
				p.Toughness += e.Toughness
			}
		case x.st != nil:
			switch x.st.Kind {
			case "anthem":
				p.Power += x.st.Power
				p.Toughness += x.st.Toughness
			case "grant":
				p.Abilities = appendNew(p.Abilities[:len(p.Abilities):len(p.Abilities)], x.st.Keywords...)
			}
		case x.le != nil:
			ctx := *x.ctx
			if x.src != nil {
				ctx.ctl = x.src.Controller
			}
			g.applyLangStatic(&ctx, x.le, p)
		}
	}
}

// applyLangStatic applies a static ability's effect to one object.
func (g *game) applyLangStatic(c *langCtx, e *cardlang.Effect, p *Permanent) {
	switch e.Op {
	case "gain_control":
		who := c.ctl
		if by := e.Ref("by"); by != nil {
			if ps := g.playersOf(c, by); len(ps) > 0 {
				who = ps[0]
			}
		}
		p.Controller = who
	case "grant", "lose":
		ks, _ := e.Get("keywords").(cardlang.Keywords)
		var names, from []string
		for _, k := range ks {
			names = append(names, k.Name)
			from = append(from, k.From...)
		}
		if e.Op == "grant" {
			p.Abilities = appendNew(p.Abilities[:len(p.Abilities):len(p.Abilities)], names...)
			if len(from) > 0 {
				p.Protections = appendNew(p.Protections[:len(p.Protections):len(p.Protections)], from...)
			}
		} else {
			p.Abilities = without(p.Abilities, names)
			if has(names, "protection") {
				p.Protections = nil
			}
		}
	case "cda_pt":
		pw, _ := e.Amount("power")
		tg, _ := e.Amount("toughness")
		p.Power, p.Toughness = g.amount(c, pw), g.amount(c, tg)
	case "set_pt":
		pt, _ := e.Get("pt").(cardlang.PT)
		p.Power, p.Toughness = g.amount(c, pt.Power), g.amount(c, pt.Toughness)
	case "pump":
		pt, _ := e.Get("pt").(cardlang.PT)
		times := 1
		if per, ok := e.Amount("per"); ok {
			times = g.amount(c, per)
		}
		p.Power += times * g.amount(c, pt.Power)
		p.Toughness += times * g.amount(c, pt.Toughness)
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
