package engine

// removeFromCombat takes p out of combat (506.4). Blockers of a removed
// attacker stay blocking creatures; an attacker whose blockers are all
// removed stays blocked (509.1h).
func (g *game) removeFromCombat(p *Permanent, rule string) {
	if p.Attacking == "" && p.Blocking == "" {
		return
	}
	p.Attacking, p.Blocking, p.Blocked, p.BlockOrder, p.OrderChosen = "", "", false, nil, false
	g.emit(Event{Kind: EventRemovedFromCombat, Objects: []string{p.ID}, Rule: rule, Player: p.Controller})
}

// attack declares attackers (508.1). Each must exist, be an untapped
// creature of the active player's that has been under their control since
// their most recent turn began unless it has haste (302.6), without
// defender (702.3b) or an effect that says it can't attack (508.1c).
func (g *game) attack(ids []string, defender string) error {
	if len(ids) == 0 {
		return errorf(CodeMissingKey, 0, 0, "attackers", "attack")
	}
	if err := g.need(ids...); err != nil {
		return err
	}
	i := g.s.player(defender)
	if i < 0 {
		return errorf(CodeUnknownPlayer, 0, 0, defender)
	}
	if g.s.Players[i].Left {
		return illegal(CodePlayerLeft, "800.4a", defender)
	}
	if defender == g.s.Active {
		return illegal(CodeCantAttack, "506.2", ids[0])
	}
	if stepIndex(g.s.Step) > stepIndex(StepDeclareAttackers) {
		return illegal(CodeCantAttack, "508.1", ids[0])
	}
	for _, id := range ids {
		if rule := g.cantAttack(g.s.perm(id)); rule != "" {
			return illegal(CodeCantAttack, rule, id)
		}
	}
	if err := g.goToStep(StepDeclareAttackers); err != nil {
		return err
	}
	var tapped []string
	for _, id := range ids {
		p := g.s.perm(id)
		p.Attacking = defender
		if !p.Has("vigilance") {
			p.Tapped = true
			tapped = append(tapped, id)
		}
	}
	g.emit(Event{Kind: EventAttack, Objects: ids, Args: []string{defender}, Rule: "508.1"})
	for _, id := range tapped {
		g.fire(id, "becomes_tapped", "603.2", "")
	}
	for _, id := range ids {
		ctrl := g.s.perm(id).Controller
		for j := range g.s.Permanents {
			if q := &g.s.Permanents[j]; q.Exists() && q.Controller == ctrl {
				g.fire(q.ID, onAttacks, "508.3a", id)
			}
		}
	}
	return nil
}

// cantAttack gives the rule that keeps p from attacking now, or "".
func (g *game) cantAttack(p *Permanent) string {
	switch {
	case p.Zone == ZoneBattlefield && p.PhasedOut:
		return "702.26b"
	case p.Zone != ZoneBattlefield, !p.Is("creature"), p.Tapped, p.Controller != g.s.Active:
		return "508.1a"
	case p.Sick && !p.Has("haste"):
		return "302.6"
	case p.Has("defender"):
		return "702.3b"
	case g.restricted(p, "cant_attack_or_block"):
		return "508.1c"
	}
	return ""
}

// restricted reports whether a static ability of kind (cant_attack_or_block,
// no_tap_abilities) applies to p.
func (g *game) restricted(p *Permanent, kind string) bool {
	found := false
	g.eachStatic(func(src *Permanent, st Static) {
		if st.Kind == kind && affects(src, st, p) {
			found = true
		}
	})
	return found
}

// block declares blockers for one attacker (509.1). Blockers declared in
// separate actions add to the same declaration; a menace attacker needs two
// or more of them in one action or in all (702.111b).
func (g *game) block(blockers []string, attacker string) error {
	if err := g.need(append([]string{attacker}, blockers...)...); err != nil {
		return err
	}
	a := g.s.perm(attacker)
	if a.Attacking == "" || !a.Exists() {
		return illegal(CodeCantBlock, "509.1a", blockers[0], attacker)
	}
	if stepIndex(g.s.Step) > stepIndex(StepDeclareBlockers) {
		return illegal(CodeCantBlock, "509.1", blockers[0], attacker)
	}
	for i, id := range blockers {
		if has(blockers[:i], id) {
			return illegal(CodeCantBlock, "509.1a", id, attacker)
		}
		if rule := g.cantBlock(g.s.perm(id), a); rule != "" {
			return illegal(CodeCantBlock, rule, id, attacker)
		}
	}
	if a.Has("menace") && len(a.BlockOrder)+len(blockers) < 2 {
		return illegal(CodeCantBlock, "702.111b", blockers[0], attacker)
	}
	if err := g.goToStep(StepDeclareBlockers); err != nil {
		return err
	}
	for _, id := range blockers {
		b := g.s.perm(id)
		b.Blocking = attacker
		a.Blocked = true
		a.BlockOrder = append(a.BlockOrder[:len(a.BlockOrder):len(a.BlockOrder)], id)
		g.emit(Event{Kind: EventBlock, Objects: []string{id, attacker}, Rule: "509.1h", Player: b.Controller})
	}
	for _, id := range blockers {
		g.fire(id, onBlocks, "509.2a", attacker)
		g.fire(attacker, onBecomesBlocked, "509.2a", id)
		if a.Has("flanking") && !g.s.perm(id).Has("flanking") {
			g.s.Pending = append(g.s.Pending, Trigger{Source: attacker, Condition: onFlanking, Rule: "702.25a", Object: id, Controller: a.Controller})
		}
	}
	return nil
}

// cantBlock gives the rule that keeps b from blocking a, or "".
func (g *game) cantBlock(b, a *Permanent) string {
	switch {
	case b.Zone == ZoneBattlefield && b.PhasedOut:
		return "702.26b"
	case !b.Exists(), !b.Is("creature"), b.Tapped, b.Controller != a.Attacking, b.Blocking != "":
		return "509.1a"
	case g.restricted(b, "cant_attack_or_block"):
		return "509.1b"
	case a.Has("flying") && !b.Has("flying") && !b.Has("reach"):
		return "702.9b"
	case protected(a.Protections, quality{colors: b.Colors, types: b.Types, controller: b.Controller}):
		return "702.16f"
	}
	for _, k := range a.Abilities {
		if lt := landwalkType(k); lt != "" {
			for i := range g.s.Permanents {
				l := &g.s.Permanents[i]
				if l.Exists() && l.Controller == b.Controller && l.Is("land") && has(l.Subtypes, lt) {
					return "702.14c"
				}
			}
		}
	}
	var only string
	g.eachStatic(func(src *Permanent, st Static) {
		if st.Kind == "block_only_by" && affects(src, st, a) && !has(b.Subtypes, st.Subtype) {
			only = "509.1b"
		}
	})
	return only
}

// hasFirstStrike reports whether p has first strike or double strike.
func hasFirstStrike(p *Permanent) bool { return p.Has("first_strike") || p.Has("double_strike") }

// combatDamageStep performs the combat damage step: with a creature with
// first strike or double strike in combat, a first step for those, then a
// second for the others and those with double strike (510.4).
func (g *game) combatDamageStep() {
	first := false
	for i := range g.s.Permanents {
		p := &g.s.Permanents[i]
		if p.Exists() && (p.Attacking != "" || p.Blocking != "") && hasFirstStrike(p) {
			first = true
			p.StruckFirst = true
		}
	}
	if !first {
		g.combatDamage(0)
		return
	}
	g.combatDamage(1)
	g.priority()
	if err := g.resolveStack(); err != nil && g.err == nil {
		g.err = err
	}
	g.emit(Event{Kind: EventStep, Rule: "510.4"})
	g.combatDamage(2)
}

// dealsDamageIn reports whether p assigns combat damage in step: 0 the only
// step, 1 the first-strike step, 2 the second one (510.4, 702.4b, 702.7b).
func dealsDamageIn(p *Permanent, step int) bool {
	switch step {
	case 1:
		return hasFirstStrike(p)
	case 2:
		return !p.StruckFirst || p.Has("double_strike")
	}
	return true
}

// combatDamage assigns and deals combat damage (510.1, 510.2). An unblocked
// attacker damages the player it attacks; a blocked one divides its damage
// among its blockers in the order its controller chooses, lethal damage to
// each in turn and the rest to the last (510.1c) or, with trample, to the
// player (702.19b); deathtouch makes 1 damage lethal (702.2c). A blocked
// creature with no blocker left deals none, unless it has trample (702.19d).
func (g *game) combatDamage(step int) {
	type hit struct {
		src, dst string
		n        int
	}
	var hits []hit
	assigned := map[string]int{}
	for i := range g.s.Permanents {
		a := &g.s.Permanents[i]
		if !a.Exists() || a.Attacking == "" || a.Power <= 0 || !dealsDamageIn(a, step) {
			continue
		}
		if !a.Blocked {
			hits = append(hits, hit{a.ID, a.Attacking, a.Power})
			continue
		}
		order := g.damageOrder(a)
		left := a.Power
		for k, id := range order {
			if left <= 0 {
				break
			}
			b := g.s.perm(id)
			lethal := max(b.Toughness-b.Damage-assigned[id], 0)
			if a.Has("deathtouch") {
				lethal = min(lethal, 1)
			}
			n := min(left, lethal)
			if k == len(order)-1 && !a.Has("trample") {
				n = left
			}
			if n > 0 {
				hits = append(hits, hit{a.ID, id, n})
				assigned[id] += n
				left -= n
			}
		}
		if left > 0 && a.Has("trample") {
			hits = append(hits, hit{a.ID, a.Attacking, left})
		}
	}
	for i := range g.s.Permanents {
		b := &g.s.Permanents[i]
		if b.Exists() && b.Blocking != "" && b.Power > 0 && dealsDamageIn(b, step) {
			if a := g.s.perm(b.Blocking); a != nil && a.Exists() && a.Attacking != "" {
				hits = append(hits, hit{b.ID, a.ID, b.Power})
			}
		}
	}
	for _, h := range hits {
		g.dealDamage(h.src, h.dst, h.n, "510.2", true)
	}
}

// damageOrder gives the blockers still blocking a, in the order its
// controller divides its damage among them: their answer, else the order
// the blockers were declared in (see Choices). It is chosen once.
func (g *game) damageOrder(a *Permanent) []string {
	var live []string
	for _, id := range a.BlockOrder {
		if b := g.s.perm(id); b != nil && b.Exists() && b.Blocking == a.ID {
			live = append(live, id)
		}
	}
	if len(live) < 2 || a.OrderChosen {
		return live
	}
	a.OrderChosen = true
	ans, ok, err := g.answer(a.Controller, ChoiceOrder)
	if err != nil {
		if g.err == nil {
			g.err = err
		}
		return live
	}
	if ok {
		var order []string
		for _, id := range ans.Order {
			if has(live, id) && !has(order, id) {
				order = append(order, id)
			}
		}
		for _, id := range live {
			if !has(order, id) {
				order = append(order, id)
			}
		}
		a.BlockOrder = order
		g.chose(a.Controller, ChoiceOrder, "", "510.1c", false, order...)
		return order
	}
	a.BlockOrder = live
	g.chose(a.Controller, ChoiceOrder, "", "510.1c", true, live...)
	return live
}
