package engine

import "arbiter/engine/cardlang"

// enterAsCopy makes a permanent entering the battlefield a copy of an
// object its controller chooses (707.2, 614.1c): the pick answer's, else
// the first the filter describes in the scenario's order. It copies the
// copiable values (what is printed, as other copy effects change it:
// 707.2, 707.3), not counters, effects or its status.
func (g *game) enterAsCopy(c *langCtx, r *cardlang.Ref) error {
	p := g.s.perm(c.self)
	if p == nil || r == nil {
		return nil
	}
	var cands []string
	for _, id := range g.allMatching(c, r.Filter) {
		if id != p.ID {
			cands = append(cands, id)
		}
	}
	pick, err := g.choosePick(p.Controller, 1, cands, "707.2")
	if err != nil || len(pick) == 0 {
		return err
	}
	o := g.s.perm(pick[0])
	own := *p
	own.Printed, own.CopyOf = nil, ""
	if p.Printed == nil {
		p.Printed = &own
	}
	p.Name, p.Card, p.LocalNames = o.Name, o.Card, o.LocalNames
	p.Types = append([]string(nil), o.Types...)
	p.Subtypes = append([]string(nil), o.Subtypes...)
	p.Supertypes = append([]string(nil), o.Supertypes...)
	p.Colors = append([]string(nil), o.Colors...)
	p.ManaCost = o.ManaCost
	p.BasePower, p.BaseTough = o.BasePower, o.BaseTough
	p.Keywords = append([]string(nil), o.Keywords...)
	p.Protection = append([]string(nil), o.Protection...)
	p.Enchant = append([]string(nil), o.Enchant...)
	p.VanishingN = o.VanishingN
	p.Behavior = o.Behavior
	p.Static = append([]Static(nil), o.Static...)
	p.CopyOf = o.ID
	g.emit(Event{Kind: EventCopy, Objects: []string{p.ID, o.ID}, Rule: "707.2", Player: p.Controller})
	return nil
}

// restorePrinted gives a permanent that was a copy of another object its
// own characteristics back as it leaves the battlefield: the copy effect
// ends with the object (400.7, 707.2).
func (g *game) restorePrinted(p *Permanent) {
	q := p.Printed
	p.Name, p.Card, p.LocalNames = q.Name, q.Card, q.LocalNames
	p.Types, p.Subtypes, p.Supertypes = q.Types, q.Subtypes, q.Supertypes
	p.Colors, p.ManaCost = q.Colors, q.ManaCost
	p.BasePower, p.BaseTough = q.BasePower, q.BaseTough
	p.Keywords, p.Protection, p.Enchant, p.VanishingN = q.Keywords, q.Protection, q.Enchant, q.VanishingN
	p.Behavior = q.Behavior
	p.Printed, p.CopyOf = nil, ""
}
