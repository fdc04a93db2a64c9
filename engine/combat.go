package engine

// removeFromCombat takes p out of combat (506.4). Blockers of a removed
// attacker stay blocking creatures; an attacker whose blockers are all
// removed stays blocked (509.1h).
func (g *game) removeFromCombat(p *Permanent, rule string) {
	if p.Attacking == "" && p.Blocking == "" {
		return
	}
	p.Attacking, p.Blocking, p.Blocked = "", "", false
	g.emit(Event{Kind: "removed_from_combat", Objects: []string{p.ID}, Rule: rule, Player: p.Controller})
}

// attack declares attackers (508.1). Each must exist, be untapped, and have
// been under its controller's control since their most recent turn began
// unless it has haste (302.6).
func (g *game) attack(ids []string, defender string) error {
	if err := g.need(ids...); err != nil {
		return err
	}
	if g.s.player(defender) < 0 {
		return errorf(CodeUnknownPlayer, 0, 0, defender)
	}
	if stepIndex(g.s.Step) > stepIndex(StepDeclareAttackers) {
		return errorf(CodeIllegalAction, 0, 0, "attack", "attackers are declared only once, in the declare attackers step")
	}
	for _, id := range ids {
		if why := g.cantAttack(g.s.perm(id)); why != "" {
			return errorf(CodeIllegalAction, 0, 0, "attack", id+": "+why)
		}
	}
	g.goToStep(StepDeclareAttackers)
	for _, id := range ids {
		p := g.s.perm(id)
		p.Attacking = defender
		if !p.Has("vigilance") {
			p.Tapped = true
		}
	}
	g.emit(Event{Kind: "attack", Objects: ids, Args: []string{defender}, Rule: "508.1"})
	return nil
}

// cantAttack says why p can't attack this turn, or "" if it can.
func (g *game) cantAttack(p *Permanent) string {
	switch {
	case p.Zone != ZoneBattlefield:
		return "not on the battlefield"
	case p.PhasedOut:
		return "phased out (702.26b)"
	case !p.Is("creature"):
		return "not a creature"
	case p.Tapped:
		return "tapped"
	case p.Sick && !p.Has("haste"):
		return "summoning sick (302.6)"
	case p.Controller != g.s.Active:
		return "not the active player's"
	}
	return ""
}

func (g *game) block(blocker, attacker string) error {
	if err := g.need(blocker, attacker); err != nil {
		return err
	}
	b, a := g.s.perm(blocker), g.s.perm(attacker)
	if !b.Exists() || !b.Is("creature") || b.Tapped {
		return errorf(CodeIllegalAction, 0, 0, "block", blocker+" can't block")
	}
	if a.Attacking == "" || !a.Exists() {
		return errorf(CodeIllegalAction, 0, 0, "block", attacker+" is not attacking")
	}
	if stepIndex(g.s.Step) > stepIndex(StepDeclareBlockers) {
		return errorf(CodeIllegalAction, 0, 0, "block", "blockers are declared in the declare blockers step")
	}
	g.goToStep(StepDeclareBlockers)
	b.Blocking = attacker
	a.Blocked = true
	g.emit(Event{Kind: "block", Objects: []string{blocker, attacker}, Rule: "509.1h", Player: b.Controller})
	return nil
}

// combatDamage deals combat damage (510): a blocked attacker with no blocker
// left deals none unless it has trample (510.1c, 702.19d).
func (g *game) combatDamage() {
	type hit struct {
		src, dst string
		n        int
	}
	var hits []hit
	for i := range g.s.Permanents {
		a := &g.s.Permanents[i]
		if !a.Exists() || a.Attacking == "" || a.Power <= 0 {
			continue
		}
		if !a.Blocked {
			hits = append(hits, hit{a.ID, a.Attacking, a.Power})
			continue
		}
		left := a.Power
		for j := range g.s.Permanents {
			b := &g.s.Permanents[j]
			if b.Exists() && b.Blocking == a.ID && left > 0 {
				n := left
				if a.Has("trample") {
					n = min(left, max(b.Toughness-b.Damage, 0))
				}
				hits = append(hits, hit{a.ID, b.ID, n})
				left -= n
			}
		}
		if left > 0 && a.Has("trample") {
			hits = append(hits, hit{a.ID, a.Attacking, left})
		}
	}
	for i := range g.s.Permanents {
		b := &g.s.Permanents[i]
		if b.Exists() && b.Blocking != "" && b.Power > 0 {
			if a := g.s.perm(b.Blocking); a != nil && a.Exists() && a.Attacking != "" {
				hits = append(hits, hit{b.ID, a.ID, b.Power})
			}
		}
	}
	for _, h := range hits {
		if h.n > 0 {
			g.dealDamage(h.src, h.dst, h.n, "510.2")
		}
	}
}
