package engine

import "arbiter/engine/cardlang"

// durationOf gives the engine's duration for a card-language one (611.2).
func durationOf(d string) string {
	switch d {
	case "end_of_turn", "this_turn":
		return "end_of_turn"
	case "your_next_turn":
		return "until_your_next_turn"
	case "your_next_upkeep":
		return "until_your_next_upkeep"
	case "end_of_combat":
		return "end_of_combat"
	case "next_untap_step":
		return "next_untap_step"
	case "source_leaves":
		return "for_as_long_as"
	}
	return "indefinite"
}

// startEffect begins the continuous effect of a resolving spell or
// ability (611.2): the objects it affects are fixed now (611.2c), and
// its numbers are worked out now (608.2h).
func (g *game) startEffect(c *langCtx, e cardlang.Effect) error {
	what := e.Ref("what")
	dur := durationOf(e.Word("until"))
	base := Effect{Name: c.name, Origin: c.spell, Duration: dur, Controller: c.ctl}
	if dur == "for_as_long_as" {
		base.Source = c.self
	}
	add := func(x Effect, ids []string) error {
		x.ID = g.effectID(c.effectBase())
		if ids == nil && !has(rulesEffectKinds(), x.Kind) && !has(playerEffectKinds(), x.Kind) {
			ids = []string{}
		}
		x.Affected = ids
		return g.addEffect(x)
	}
	// Effects on players: protection, hexproof, a life total that can't
	// change (Teferi's Protection).
	if what != nil && (what.Kind == cardlang.RefYou || what.Kind == cardlang.RefEach || what.Kind == cardlang.RefThatPl ||
		what.Kind == cardlang.RefTarget && what.Filter != nil && isPlayerRef(what)) {
		for _, pl := range g.playersOf(c, what) {
			x := base
			x.Player = pl
			switch {
			case e.Op == "cant" && e.Word("action") == "change_life":
				x.Kind = "life_cant_change"
			case e.Op == "grant":
				ks, _ := e.Get("keywords").(cardlang.Keywords)
				for _, k := range ks {
					y := x
					switch k.Name {
					case "protection":
						y.Kind, y.From = "player_protection", k.From
					case "hexproof", "shroud":
						y.Kind = "player_hexproof"
					default:
						continue
					}
					if err := add(y, nil); err != nil {
						return err
					}
				}
				continue
			default:
				continue
			}
			if err := add(x, nil); err != nil {
				return err
			}
		}
		c.itPl = g.playersOf(c, what)
		return nil
	}
	var ids []string
	if what != nil {
		ids = g.chosenObjects(c, what, c.ctl)
	}
	x := base
	switch e.Op {
	case "pump", "set_pt":
		pt, _ := e.Get("pt").(cardlang.PT)
		x.Kind = e.Op
		x.Power, x.Toughness = g.amount(c, pt.Power), g.amount(c, pt.Toughness)
	case "grant", "lose":
		x.Kind = e.Op
		ks, _ := e.Get("keywords").(cardlang.Keywords)
		for _, k := range ks {
			x.Keywords = append(x.Keywords, k.Name)
			x.From = append(x.From, k.From...)
		}
	case "gain_control":
		x.Kind, x.Player = "control", c.ctl
		if by := e.Ref("by"); by != nil {
			if ps := g.playersOf(c, by); len(ps) > 0 {
				x.Player = ps[0]
			}
		}
	case "cant":
		x.Kind, x.Action = "cant", e.Word("action")
		if x.Action == "phase_out" {
			x.Kind, x.Action = "cant_phase_out", ""
		}
		if f, ok := e.Get("by").(*cardlang.Filter); ok {
			x.By = f
		}
		x.ctx = c.clone()
	case "must":
		x.Kind, x.Action = "must", e.Word("action")
		x.ctx = c.clone()
	case "block_only":
		x.Kind = "block_only"
		if f, ok := e.Get("filter").(*cardlang.Filter); ok {
			x.By = f
		}
		x.ctx = c.clone()
	case "prevent":
		x.Kind = "prevent"
		x.Combat = e.Flag("combat")
		if a, ok := e.Amount("n"); ok {
			x.N = g.amount(c, a)
		}
		if to := e.Ref("to"); to != nil {
			x.To = g.refIDs(c, to, false)
			if len(x.To) == 0 {
				return nil
			}
		}
		if from := e.Ref("from"); from != nil {
			x.Sources = g.refIDs(c, from, false)
			if len(x.Sources) == 0 {
				return nil
			}
		}
		return add(x, nil)
	case "replace":
		ev, _ := e.Get("event").(*cardlang.Trigger)
		x.Kind, x.Event, x.Instead = "replace", ev, e.Sub("instead")
		if ev != nil && ev.Object != nil {
			ids = g.objectsOf(c, ev.Object)
		}
		x.ctx = c.clone()
	}
	g.setIt(c, ids)
	return add(x, ids)
}

// isPlayerRef reports whether a target reference names players.
func isPlayerRef(r *cardlang.Ref) bool {
	if r.Filter == nil || len(r.Filter.Types) != 1 {
		return false
	}
	for _, t := range r.Filter.Types[0] {
		if t != "player" && t != "opponent" {
			return false
		}
	}
	return true
}
