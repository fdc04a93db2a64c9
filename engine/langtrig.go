package engine

import (
	"arbiter/engine/cardlang"
)

// Triggered abilities of the card language (603): each game event is
// matched against the triggered abilities of the permanents on the
// battlefield, and, for an event of leaving it, of what left with it,
// which look back in time (603.10a).

// gameEvent is something that happened that abilities may trigger on.
type gameEvent struct {
	kind   string // a card-language event: enters, dies, attacks, upkeep, cast...
	obj    string // the object it is about
	player string // the player it is about
	to     string // what damage was dealt to
	amount int
	combat bool
	from   string // the zone a card went to a graveyard from
	spell  string // the spell cast
	// by is the creature blocking, for becomes_blocked; first is set for
	// the first creature that blocks it (it becomes blocked once, 509.3c).
	by    string
	first bool
	rule  string
	// lki is the object as it last existed on the battlefield, for an
	// event of leaving it; lookBack the permanents that left with it.
	lki      *Permanent
	lookBack []Permanent
}

// fireLang makes the triggered abilities that ev matches trigger: each is
// put on the stack the next time a player would receive priority (603.3).
func (g *game) fireLang(ev gameEvent) {
	if g.s.Game == "ygo" {
		return
	}
	var sources []*Permanent
	seen := map[string]bool{}
	for i := range g.s.Permanents {
		p := &g.s.Permanents[i]
		if p.Exists() && p.Behavior != nil {
			sources = append(sources, p)
			seen[p.ID] = true
		}
	}
	// What phases out triggers on its own phasing out (603.10b).
	if ev.kind == "phases_out" {
		if p := g.s.perm(ev.obj); p != nil && p.Behavior != nil && !seen[p.ID] {
			sources = append(sources, p)
			seen[p.ID] = true
		}
	}
	// What left the battlefield looks back (603.10a); so do the
	// permanents that left with it.
	lookBack := ev.lookBack
	if ev.lki != nil {
		lookBack = append([]Permanent{*ev.lki}, lookBack...)
	}
	for i := range lookBack {
		q := lookBack[i]
		if !seen[q.ID] && q.Behavior != nil {
			sources = append(sources, &q)
			seen[q.ID] = true
		}
	}
	for _, src := range sources {
		for _, a := range expand(src.Behavior) {
			ab := a.lang
			if ab.Kind != cardlang.KindTriggered || ab.Trigger == nil {
				continue
			}
			if !g.triggers(src, ab, ev) {
				continue
			}
			key := src.ID + "#" + itoa(src.Object) + ":" + itoa(a.n)
			if has(ab.Limits, cardlang.LimitOnce) {
				if has(g.s.Used, key) {
					continue
				}
				g.s.Used = append(g.s.Used[:len(g.s.Used):len(g.s.Used)], key)
			}
			t := Trigger{Source: src.ID, Condition: ab.Trigger.Event, Rule: ev.rule, Lang: a.n, Behavior: src.Behavior,
				Object: ev.obj, Player: ev.player, Damaged: ev.to, Amount: ev.amount, Controller: src.Controller, Card: src.Card}
			switch {
			case ev.spell != "":
				t.Object = ev.spell
			case ab.Trigger.Event == "blocks" && ab.Trigger.To != nil:
				t.Object = ev.to // "blocks a creature": that creature
			case ab.Trigger.By != nil && ev.by != "":
				t.Object = ev.by
			}
			ctx := &langCtx{ctl: src.Controller, self: src.ID, selfObj: src.Object, name: src.Name, kicked: src.Kicked}
			if src.Zone == ZoneBattlefield && !src.Exists() || g.s.perm(src.ID) != nil && g.s.perm(src.ID).Object != src.Object {
				// It looks back: the ability knows the object as it was.
				ctx.selfPrev = src.Object
				if p := g.s.perm(src.ID); p != nil {
					ctx.selfObj = p.Object
				}
			}
			t.ctx = ctx
			if ab.If != nil {
				c := g.triggerCtx(t)
				if !g.cond(c, ab.If) {
					continue
				}
			}
			g.s.Pending = append(g.s.Pending, t)
		}
	}
}

// triggers reports whether an ability of src triggers on ev.
func (g *game) triggers(src *Permanent, ab *cardlang.Ability, ev gameEvent) bool {
	t := ab.Trigger
	switch {
	case t.Event == ev.kind:
	case t.Event == "attacks_or_blocks" && (ev.kind == "attacks" || ev.kind == "blocks"):
	default:
		return false
	}
	ctx := &langCtx{ctl: src.Controller, self: src.ID, selfObj: src.Object}
	// A phased-out source's abilities don't trigger (702.26b), except its
	// own phasing out.
	if src.Zone == ZoneBattlefield && src.PhasedOut && !(ev.kind == "phases_out" && ev.obj == src.ID) {
		return false
	}
	if t.Object != nil {
		obj := g.eventObject(ev)
		if obj == nil {
			return false
		}
		switch t.Object.Kind {
		case cardlang.RefSelf:
			if obj.ID != src.ID {
				return false
			}
		case cardlang.RefEnchanted, cardlang.RefEquipped:
			if src.AttachedTo != obj.ID {
				return false
			}
		case cardlang.RefA:
			if t.Object.Filter != nil && !g.matchCard(ctx, t.Object.Filter, obj, false) {
				return false
			}
		default:
			return false
		}
	}
	if t.Player != nil {
		switch t.Player.Kind {
		case cardlang.RefYou:
			if ev.player != src.Controller {
				return false
			}
		case cardlang.RefAny:
		case cardlang.RefA:
			if t.Player.Filter == nil || !g.matchPlayer(ctx, t.Player.Filter, &Player{Name: ev.player}) {
				return false
			}
		default:
			return false
		}
	}
	if t.To != nil {
		if t.To.Kind != cardlang.RefA || t.To.Filter == nil {
			return false
		}
		if i := g.s.player(ev.to); i >= 0 {
			if !g.matchPlayer(ctx, t.To.Filter, &g.s.Players[i]) {
				return false
			}
		} else if p := g.s.perm(ev.to); p == nil || !g.matchCard(ctx, t.To.Filter, p, false) {
			return false
		}
	}
	if t.Combat && !ev.combat {
		return false
	}
	if ev.kind == "becomes_blocked" {
		if t.By == nil && !ev.first {
			return false
		}
		if t.By != nil {
			b := g.s.perm(ev.by)
			if b == nil || t.By.Filter != nil && !g.matchCard(ctx, t.By.Filter, b, false) {
				return false
			}
		}
	}
	if t.What != nil {
		o := g.stackObject(ev.spell)
		if o == nil || !g.matchSpell(ctx, t.What, o) {
			return false
		}
	}
	if t.Zone == ZoneBattlefield && ev.from != ZoneBattlefield {
		return false
	}
	return true
}

// eventObject gives the object an event is about, as the event saw it.
func (g *game) eventObject(ev gameEvent) *Permanent {
	if ev.lki != nil {
		return ev.lki
	}
	return g.s.perm(ev.obj)
}

// triggerCtx is the context a triggered ability resolves (or checks its
// intervening "if") in.
func (g *game) triggerCtx(t Trigger) *langCtx {
	c := &langCtx{ctl: t.Controller, self: t.Source, name: t.Source}
	if t.ctx != nil {
		c = t.ctx.clone()
		c.ctl = t.Controller
	}
	c.that, c.thatPl, c.damaged, c.amount = t.Object, t.Player, t.Damaged, t.Amount
	if p := g.s.perm(t.Source); p != nil {
		c.name = p.Name
	}
	return c
}

// langTrigger puts a card-language triggered ability on the stack
// (603.3): its targets are chosen now (603.3d); one that has none it
// needs is removed (603.3d).
func (g *game) langTrigger(t Trigger, ctl string) {
	a := abilityN(t.Behavior, t.Lang)
	if a == nil {
		return
	}
	o := StackObject{ID: g.stackID(t.Source + ":" + t.Condition), Controller: ctl, Source: t.Source, Trigger: t.Condition,
		Behavior: t.Behavior, Lang: t.Lang, That: t.Object, ThatPlayer: t.Player, Damaged: t.Damaged, Amount: t.Amount,
		Card: t.Card, ctx: t.ctx}
	o.Name = t.Source
	if p := g.s.perm(t.Source); p != nil {
		o.Name, o.Colors, o.Types = p.Name, p.Colors, p.Types
	}
	c := g.stackCtx(&o)
	refs := targetRefs(a.lang.Effects, nil)
	if len(refs) > 0 {
		targets, err := g.chooseLangTargets(c, &o, refs, true)
		if err != nil {
			g.fail(err)
			return
		}
		if targets == nil {
			g.s.LeftStack = append(g.s.LeftStack, o)
			g.emit(Event{Kind: EventNoTargets, Objects: []string{o.ID}, Rule: "603.3d", Player: ctl})
			return
		}
		if len(o.Targets) > 0 {
			g.emit(Event{Kind: EventTarget, Objects: append([]string{o.ID}, o.Targets...), Rule: "603.3d", Player: ctl})
			g.becameTargets(&o)
		}
	}
	g.s.Stack = append(g.s.Stack, o)
}

// delayedLang makes card-language delayed triggered abilities waiting for
// when trigger (603.7b: once).
func (g *game) delayedLang(when string) {
	var keep []Delayed
	for _, d := range g.s.Delayed {
		due := d.Do != nil && (d.When == when || when == "next_upkeep" && d.When == "your_next_upkeep" && d.Controller == g.s.Active)
		if due && (when == "next_upkeep" || when == "your_next_upkeep") && d.Turn >= g.s.Turn {
			due = false
		}
		if !due {
			keep = append(keep, d)
			continue
		}
		g.s.Pending = append(g.s.Pending, Trigger{Source: d.Source, Condition: d.When, Rule: "603.7b", Controller: d.Controller,
			Object: d.Object, delayedDo: d.Do, ctx: d.ctx, Card: d.Card})
	}
	g.s.Delayed = keep
}
