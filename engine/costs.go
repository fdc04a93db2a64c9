package engine

import "arbiter/engine/cardlang"

// payCosts pays the parts of a cost in order (601.2h, 602.2b): mana from
// the pool, {T} and {Q}, life, and what is sacrificed, discarded, exiled,
// tapped or returned, chosen by the player's pick answer or, by default,
// the first that fit in the scenario's order. src is the permanent or card
// the ability or spell is. A cost that can't be paid is refused with the
// rule; Apply then leaves the game as it was.
func (g *game) payCosts(c *langCtx, o *StackObject, cost cardlang.Cost, src *Permanent) error {
	ctl := o.Controller
	refuse := func(rule string) error {
		if o.Lang == 0 {
			if rule == "602.2b" {
				rule = "601.2h"
			}
			return illegal(CodeCantCast, rule, o.ID)
		}
		return illegal(CodeCantActivate, rule, o.Source)
	}
	pi := g.s.player(ctl)
	pl := &g.s.Players[pi]
	for _, cp := range cost {
		n := 1
		if cp.N != nil {
			n = g.amount(c, *cp.N)
		}
		switch cp.Kind {
		case cardlang.CostMana:
			if err := g.payMana(ctl, cp.Mana, o.X, o.ID); err != nil {
				return err
			}
		case cardlang.CostTap, cardlang.CostUntap:
			untap := cp.Kind == cardlang.CostUntap
			switch {
			case src == nil || !src.Exists():
				return refuse("602.2b")
			case src.Tapped != untap:
				return refuse("602.2b")
			case src.Is("creature") && src.Sick && !src.Has("haste"):
				return refuse("302.6")
			case src.Is("creature") && g.restricted(src, "no_tap_abilities"), !untap && g.restrictedLang(src, "activate_tap"):
				return refuse("101.2")
			}
			if untap {
				src.Tapped = false
				g.emit(Event{Kind: EventUntap, Objects: []string{src.ID}, Rule: "107.6", Player: ctl})
			} else {
				src.Tapped = true
				g.emit(Event{Kind: EventTap, Objects: []string{src.ID}, Rule: "107.5", Player: ctl}) // {T}: tap this permanent
				g.fire(src.ID, "becomes_tapped", "603.2", "")
				g.fireLang(gameEvent{kind: "becomes_tapped", obj: src.ID, rule: "603.2"})
			}
		case cardlang.CostLife:
			switch {
			case pl.Life < n:
				return illegal(CodeCantPay, "119.4", ctl, itoa(n))
			case g.playerEffect(ctl, "life_cant_change") != nil:
				return illegal(CodeCantPay, "119.8", ctl, itoa(n))
			}
			pl.Life -= n
			g.emit(Event{Kind: EventPayLife, Player: ctl, Args: []string{itoa(n), itoa(pl.Life)}, Rule: "119.4"})
		case cardlang.CostSacrifice:
			var ids []string
			if cp.What.Kind == cardlang.RefSelf {
				if src == nil || !src.Exists() {
					return refuse("602.2b")
				}
				ids = []string{src.ID}
			} else {
				cands := g.controlledMatching(c, cp.What.Filter, ctl)
				if len(cands) < cp.What.Min {
					return refuse("602.2b")
				}
				pick, err := g.choosePick(ctl, cp.What.Min, cands, "601.2h")
				if err != nil {
					return err
				}
				ids = pick
			}
			g.sacrifice(ids, ctl)
		case cardlang.CostDiscard:
			if cp.What.Kind == cardlang.RefSelf {
				if src == nil || src.Zone != ZoneHand {
					return refuse("602.2b")
				}
				g.discardKnown(ctl, []string{src.ID}, "702.29a")
				continue
			}
			if g.handCount(ctl) < cp.What.Min {
				return refuse("602.2b")
			}
			if err := g.discardCards(ctl, cp.What.Min, "701.9a"); err != nil {
				return err
			}
		case cardlang.CostExile:
			var ids []string
			if cp.What.Kind == cardlang.RefSelf {
				if src == nil {
					return refuse("602.2b")
				}
				ids = []string{src.ID}
			} else {
				var cands []string
				for _, id := range g.allMatching(c, cp.What.Filter) {
					if p := g.s.perm(id); p != nil && (p.Zone == ZoneBattlefield && p.Controller == ctl || p.Zone != ZoneBattlefield && p.Owner == ctl) {
						cands = append(cands, id)
					}
				}
				if len(cands) < cp.What.Min {
					return refuse("602.2b")
				}
				if cp.What.Max < 0 {
					// Any number of them: the pick answer's, none by default.
					pick, err := g.chooseAny(ctl, cands, "601.2h")
					if err != nil {
						return err
					}
					ids = pick
				} else {
					pick, err := g.choosePick(ctl, cp.What.Min, cands, "601.2h")
					if err != nil {
						return err
					}
					ids = pick
				}
			}
			for _, id := range ids {
				g.moveTo(c, id, ZoneExile, "406.2")
			}
			c.exiled += len(ids)
		case cardlang.CostTapOther:
			var cands []string
			for _, id := range g.controlledMatching(c, cp.What.Filter, ctl) {
				if p := g.s.perm(id); !p.Tapped {
					cands = append(cands, id)
				}
			}
			if len(cands) < cp.What.Min {
				return refuse("602.2b")
			}
			pick, err := g.choosePick(ctl, cp.What.Min, cands, "601.2h")
			if err != nil {
				return err
			}
			g.tap(pick)
		case cardlang.CostRemoveCounters:
			if src == nil || src.Counters[cp.Counter] < n {
				return refuse("602.2b")
			}
			g.counterN(src.ID, cp.Counter, -n, "122.1")
		case cardlang.CostPutCounters:
			if src == nil || !src.Exists() {
				return refuse("602.2b")
			}
			g.counterN(src.ID, cp.Counter, n, "122.1")
		case cardlang.CostReturn:
			cands := g.controlledMatching(c, cp.What.Filter, ctl)
			if len(cands) < cp.What.Min {
				return refuse("602.2b")
			}
			pick, err := g.choosePick(ctl, cp.What.Min, cands, "601.2h")
			if err != nil {
				return err
			}
			for _, id := range pick {
				g.leave(id, ZoneHand, "400.7")
			}
		default:
			return refuse("602.2b")
		}
	}
	return nil
}

// checkCosts is kept for the order of events: costs are checked as they
// are paid (payCosts), and Apply undoes everything when one can't be.
func (g *game) checkCosts(c *langCtx, src *Permanent, cost cardlang.Cost, player string) error {
	for _, cp := range cost {
		if cp.Kind == cardlang.CostMana && !payable(cp.Mana) {
			return illegal(CodeCantPayMana, "601.2h", player, cp.Mana)
		}
		if (cp.Kind == cardlang.CostTap || cp.Kind == cardlang.CostUntap) && src != nil && src.Exists() {
			untap := cp.Kind == cardlang.CostUntap
			switch {
			case src.Tapped != untap:
				return illegal(CodeCantActivate, "602.2b", src.ID)
			case src.Is("creature") && src.Sick && !src.Has("haste"):
				return illegal(CodeCantActivate, "302.6", src.ID)
			case src.Is("creature") && g.restricted(src, "no_tap_abilities"), !untap && g.restrictedLang(src, "activate_tap"):
				return illegal(CodeCantActivate, "101.2", src.ID)
			}
		}
		if cp.Kind == cardlang.CostLife {
			n := 1
			if cp.N != nil {
				n = g.amount(c, *cp.N)
			}
			i := g.s.player(player)
			switch {
			case g.s.Players[i].Life < n:
				return illegal(CodeCantPay, "119.4", player, itoa(n))
			case g.playerEffect(player, "life_cant_change") != nil:
				return illegal(CodeCantPay, "119.8", player, itoa(n))
			}
		}
	}
	return nil
}
