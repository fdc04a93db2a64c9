package engine

import (
	"arbiter/engine/cardlang"
)

// Replacement and prevention effects (614, 615), regeneration (701.19)
// and the rules effects of the card language (cant, must, block_only:
// 101.2, 508.1, 509.1).

// repl is one replacement or prevention effect that applies to an event:
// a resolved effect, or a static ability of a permanent.
type repl struct {
	id     string // the effect's id, or the source permanent's id for a static ability
	e      *Effect
	le     *cardlang.Effect
	src    *Permanent
	ts     int
	zone   string // for a "would die" replacement: where the object goes instead
	self   bool   // a self-replacement effect (614.15): applied first (616.1a)
	amount int    // a prevention shield's size, 0 for all
}

// chooseRepl has the affected player choose which of several
// replacement or prevention effects applies first (616.1): the apply
// answer names one (its id, or its source's), else the first in timestamp
// order, self-replacement effects first (616.1a). The choice event says
// which.
func (g *game) chooseRepl(player string, rs []repl) (repl, error) {
	if len(rs) == 1 {
		return rs[0], nil
	}
	first := 0
	for i, r := range rs {
		if r.self && !rs[first].self || r.self == rs[first].self && r.ts < rs[first].ts {
			first = i
		}
	}
	a, ok, err := g.answer(player, ChoiceApply)
	if err != nil {
		return repl{}, err
	}
	pick := first
	if ok {
		found := false
		for i, r := range rs {
			if r.id == a.Apply || r.src != nil && r.src.ID == a.Apply {
				pick, found = i, true
				break
			}
		}
		if !found {
			return repl{}, errorf(CodeBadChoice, a.Line, 0, player, ChoiceApply, a.Apply)
		}
	}
	g.chose(player, ChoiceApply, "", "616.1", !ok, rs[pick].id)
	return rs[pick], nil
}

// replaceDies gives where a permanent that would go to the graveyard from
// the battlefield goes: the graveyard, or where a replacement effect says
// (614.1a: "If it would die, exile it instead"), with the effect's id.
// Among several, its controller chooses (616.1); each applies once
// (614.5).
func (g *game) replaceDies(p *Permanent) (string, string) {
	var rs []repl
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if e.Ended || e.Kind != "replace" || !e.applies(p) || e.Event == nil {
			continue
		}
		if z := insteadZone(e.Instead); z != "" {
			rs = append(rs, repl{id: e.ID, e: e, ts: e.Timestamp, zone: z})
		}
	}
	for i := range g.s.Permanents {
		src := &g.s.Permanents[i]
		if !src.Exists() {
			continue
		}
		for _, st := range staticAbilities(src.Behavior) {
			ctx := &langCtx{ctl: src.Controller, self: src.ID, selfObj: src.Object, name: src.Name}
			if st.If != nil && !g.cond(ctx, st.If) {
				continue
			}
			for k := range st.Effects {
				le := &st.Effects[k]
				ev, _ := le.Get("event").(*cardlang.Trigger)
				if le.Op != "replace" || ev == nil || ev.Event != "dies" && ev.Event != "put_into_graveyard" {
					continue
				}
				if ev.Event == "dies" && !p.Is("creature") && !p.Is("planeswalker") {
					continue
				}
				if !g.eventObjectMatches(ctx, ev.Object, p) {
					continue
				}
				if z := insteadZone(le.Sub("instead")); z != "" {
					rs = append(rs, repl{id: src.ID, le: le, src: src, ts: src.Timestamp, zone: z, self: src.ID == p.ID})
				}
			}
		}
	}
	if len(rs) == 0 {
		return ZoneGraveyard, ""
	}
	r, err := g.chooseRepl(p.Controller, rs)
	if err != nil {
		g.fail(err)
		return ZoneGraveyard, ""
	}
	return r.zone, r.id
}

// insteadZone reads a replacement's effects as the zone the object goes
// to instead: "exile it" is exile.
func insteadZone(es cardlang.Effects) string {
	if len(es) != 1 {
		return ""
	}
	e := es[0]
	if r := e.Ref("what"); r == nil || r.Kind != cardlang.RefIt {
		return ""
	}
	switch e.Op {
	case "exile":
		return ZoneExile
	case "move":
		switch e.Word("to") {
		case cardlang.ZoneHand:
			return ZoneHand
		case cardlang.ZoneLibraryTop, cardlang.ZoneLibraryBottom:
			return ZoneLibrary
		}
	}
	return ""
}

// eventObjectMatches reports whether an event's object reference (self,
// enchanted, equipped, or "a FILTER") describes p, in the context of the
// ability's source.
func (g *game) eventObjectMatches(c *langCtx, r *cardlang.Ref, p *Permanent) bool {
	if r == nil {
		return false
	}
	switch r.Kind {
	case cardlang.RefSelf:
		return p.ID == c.self
	case cardlang.RefEnchanted, cardlang.RefEquipped:
		src := g.s.perm(c.self)
		return src != nil && src.AttachedTo == p.ID
	case cardlang.RefA, cardlang.RefAll:
		return r.Filter == nil || g.matchCard(c, r.Filter, p, false)
	case cardlang.RefIt, cardlang.RefThat:
		for _, l := range c.it {
			if l.id == p.ID {
				return true
			}
		}
		return c.that == p.ID
	}
	return false
}

// regenerates applies a regeneration shield to a permanent that would be
// destroyed, if one protects it and nothing says it can't be regenerated
// (701.19): the shield is used up, and instead the permanent is tapped,
// its damage removed and it is removed from combat (701.19c).
func (g *game) regenerates(p *Permanent) bool {
	if g.restrictedLang(p, "be_regenerated") {
		return false
	}
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if e.Ended || e.Kind != "regenerate" || !e.applies(p) {
			continue
		}
		e.Ended = true
		g.emit(Event{Kind: EventRegenerate, Objects: []string{p.ID, e.ID}, Rule: "701.19a", Player: p.Controller})
		if !p.Tapped {
			p.Tapped = true
			g.emit(Event{Kind: EventTap, Objects: []string{p.ID}, Rule: "701.19a", Player: p.Controller})
		}
		if p.Damage > 0 {
			p.Damage = 0
			g.emit(Event{Kind: EventDamageRemoved, Objects: []string{p.ID}, Rule: "701.19a", Player: p.Controller})
		}
		p.DeathtouchHit = false
		g.removeFromCombat(p, "701.19a")
		return true
	}
	return false
}

// prevention gives the prevention effects that apply to damage from src
// to target (615): resolved ones (Fog, "prevent the next 3 damage") and
// static ones ("Prevent all damage that would be dealt to CARDNAME").
func (g *game) prevention(src, target string, combat bool) []repl {
	var rs []repl
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if e.Ended || e.Kind != "prevent" || e.Combat && !combat {
			continue
		}
		if len(e.To) > 0 && !has(e.To, target) || len(e.Sources) > 0 && !has(e.Sources, src) {
			continue
		}
		rs = append(rs, repl{id: e.ID, e: e, ts: e.Timestamp, amount: e.N})
	}
	for i := range g.s.Permanents {
		s := &g.s.Permanents[i]
		if !s.Exists() {
			continue
		}
		for _, st := range staticAbilities(s.Behavior) {
			ctx := &langCtx{ctl: s.Controller, self: s.ID, selfObj: s.Object, name: s.Name}
			if st.If != nil && !g.cond(ctx, st.If) {
				continue
			}
			for k := range st.Effects {
				le := &st.Effects[k]
				if le.Op != "prevent" || le.Flag("combat") && !combat {
					continue
				}
				if to := le.Ref("to"); to != nil && !has(g.refIDs(ctx, to, false), target) {
					continue
				}
				if from := le.Ref("from"); from != nil && !has(g.refIDs(ctx, from, false), src) {
					continue
				}
				n := 0
				if a, ok := le.Amount("n"); ok {
					n = g.amount(ctx, a)
				}
				rs = append(rs, repl{id: s.ID, le: le, src: s, ts: s.Timestamp, amount: n})
			}
		}
	}
	return rs
}

// prevent applies prevention effects to damage about to be dealt: it
// gives what is left to deal. The affected player, or the controller of
// the creature dealt damage, chooses the order among several (616.1).
func (g *game) prevent(src, target string, n int, combat bool, objs []string, kind, affected string) int {
	used := map[string]bool{}
	for n > 0 {
		var rs []repl
		for _, r := range g.prevention(src, target, combat) {
			if !used[r.id] {
				rs = append(rs, r)
			}
		}
		if len(rs) == 0 {
			return n
		}
		r, err := g.chooseRepl(affected, rs)
		if err != nil {
			g.fail(err)
			return n
		}
		used[r.id] = true
		k := n
		if r.amount > 0 {
			k = min(n, r.amount)
			if r.e != nil {
				r.e.N -= k
				if r.e.N <= 0 {
					r.e.Ended = true
				}
			}
		}
		n -= k
		ev := Event{Kind: EventPrevented, Objects: objs, Args: []string{itoa(k), kind, r.id}, Rule: "615.1", Player: affected}
		if kind == "player" {
			ev.Player = target
		}
		g.emit(ev)
	}
	return 0
}

// replaceCounterCount gives how many counters of kind are put on p when
// n would be (614.1a: "twice that many"), as the replacement effects of
// its controller's permanents say, in the order its controller chooses
// (616.1).
func (g *game) replaceCounterCount(p *Permanent, kind string, n int) int {
	return g.multiply(p.Controller, n, func(ctx *langCtx, ev *cardlang.Trigger) bool {
		if ev.Event != "gets_counters" {
			return false
		}
		if w := ev.Counter; w != "" && w != kind {
			return false
		}
		return g.eventObjectMatches(ctx, ev.Object, p)
	})
}

// replaceTokenCount gives how many tokens an effect creates for player
// when it would create n (614.1a: Doubling Season).
func (g *game) replaceTokenCount(player string, n int) int {
	return g.multiply(player, n, func(ctx *langCtx, ev *cardlang.Trigger) bool {
		if ev.Event != "creates_tokens" {
			return false
		}
		ps := g.playersOf(ctx, ev.Player)
		return has(ps, player)
	})
}

// multiply applies the multiply effects of static abilities whose event
// matches: "twice that many" (times 2), "that many plus one" (plus 1).
// The affected player chooses their order (616.1).
func (g *game) multiply(player string, n int, match func(*langCtx, *cardlang.Trigger) bool) int {
	if n <= 0 {
		return n
	}
	type mult struct {
		r           repl
		times, plus int
	}
	var all []mult
	for i := range g.s.Permanents {
		s := &g.s.Permanents[i]
		if !s.Exists() {
			continue
		}
		for _, st := range staticAbilities(s.Behavior) {
			ctx := &langCtx{ctl: s.Controller, self: s.ID, selfObj: s.Object, name: s.Name}
			for k := range st.Effects {
				le := &st.Effects[k]
				ev, _ := le.Get("event").(*cardlang.Trigger)
				if le.Op != "multiply" || ev == nil || !match(ctx, ev) {
					continue
				}
				t, p := 1, 0
				if a, ok := le.Amount("times"); ok {
					t = g.amount(ctx, a)
				}
				if a, ok := le.Amount("plus"); ok {
					p = g.amount(ctx, a)
				}
				all = append(all, mult{repl{id: s.ID, le: le, src: s, ts: s.Timestamp}, t, p})
			}
		}
	}
	for len(all) > 0 {
		var rs []repl
		for _, m := range all {
			rs = append(rs, m.r)
		}
		r, err := g.chooseRepl(player, rs)
		if err != nil {
			g.fail(err)
			return n
		}
		for i, m := range all {
			if m.r.id == r.id && m.r.le == r.le {
				old := n
				n = n*m.times + m.plus
				g.emit(Event{Kind: EventReplaced, Objects: []string{r.id}, Args: []string{"count", itoa(old), itoa(n)}, Rule: "614.1a", Player: player})
				all = append(all[:i:i], all[i+1:]...)
				break
			}
		}
	}
	return n
}

// putCounters puts n counters of kind on a permanent, as replacement
// effects say (614.1a).
func (g *game) putCounters(id, kind string, n int, rule string) {
	p := g.s.perm(id)
	n = g.replaceCounterCount(p, kind, n)
	if n > 0 {
		g.counterN(id, kind, n, rule)
	}
}

// restrictedLang reports whether a card-language restriction (cant) on
// action applies to p: a resolved effect, or a static ability of a
// permanent that exists.
func (g *game) restrictedLang(p *Permanent, action string) bool {
	return len(g.restrictions(p, "cant", action)) > 0
}

// restriction is a cant, must or block_only effect on a permanent.
type restriction struct {
	by  *cardlang.Filter
	ctx *langCtx
}

// restrictions gives the cant (or must, block_only) effects on action
// that apply to p. "attack_or_block" counts for attack and block.
func (g *game) restrictions(p *Permanent, op, action string) []restriction {
	var out []restriction
	match := func(a string) bool {
		return a == action || a == "attack_or_block" && (action == "attack" || action == "block")
	}
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if e.Ended || e.Kind != op || !match(e.Action) || !e.applies(p) {
			continue
		}
		out = append(out, restriction{by: e.By, ctx: e.ctx})
	}
	for i := range g.s.Permanents {
		s := &g.s.Permanents[i]
		if !s.Exists() {
			continue
		}
		for _, st := range staticAbilities(s.Behavior) {
			ctx := &langCtx{ctl: s.Controller, self: s.ID, selfObj: s.Object, name: s.Name}
			if st.If != nil && !g.cond(ctx, st.If) {
				continue
			}
			for k := range st.Effects {
				le := &st.Effects[k]
				if le.Op != op || op != "block_only" && !match(le.Word("action")) {
					continue
				}
				if !has(g.objectsOf(ctx, le.Ref("what")), p.ID) {
					continue
				}
				r := restriction{ctx: ctx}
				if f, ok := le.Get("by").(*cardlang.Filter); ok {
					r.by = f
				}
				if f, ok := le.Get("filter").(*cardlang.Filter); ok {
					r.by = f
				}
				out = append(out, r)
			}
		}
	}
	return out
}
