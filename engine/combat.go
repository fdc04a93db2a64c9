package engine

// removeFromCombat takes p out of combat (506.4). Blockers of a removed
// attacker stay blocking creatures; an attacker whose blockers are all
// removed stays blocked (509.1h).
func (g *game) removeFromCombat(p *Permanent, rule string) {
	if p.Attacking == "" && p.Blocking == "" {
		return
	}
	p.Attacking, p.Blocking, p.Blocked, p.BlockOrder = "", "", false, nil
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
	// A creature that attacks each combat if able must be declared (508.1d).
	if g.s.Step != StepDeclareAttackers || !g.attacked() {
		for i := range g.s.Permanents {
			p := &g.s.Permanents[i]
			if p.Exists() && p.Controller == g.s.Active && !has(ids, p.ID) && p.Attacking == "" &&
				len(g.restrictions(p, "must", "attack")) > 0 && g.cantAttack(p) == "" {
				return illegal(CodeCantAttack, "508.1d", p.ID)
			}
		}
	}
	g.attackGiven = true
	if err := g.goToStep(StepDeclareAttackers); err != nil {
		return err
	}
	g.declareAttack(ids, defender, "508.1")
	return nil
}

// attacked reports whether some creature is attacking.
func (g *game) attacked() bool {
	for i := range g.s.Permanents {
		if g.s.Permanents[i].Attacking != "" {
			return true
		}
	}
	return false
}

// declareAttack makes creatures attack defender (508.1): they tap unless
// they have vigilance, and their "attacks" abilities trigger (508.3a).
func (g *game) declareAttack(ids []string, defender, rule string) {
	var tapped []string
	for _, id := range ids {
		p := g.s.perm(id)
		p.Attacking = defender
		if !p.Has("vigilance") {
			p.Tapped = true
			tapped = append(tapped, id)
		}
	}
	g.emit(Event{Kind: EventAttack, Objects: ids, Args: []string{defender}, Rule: rule})
	for _, id := range tapped {
		g.fire(id, "becomes_tapped", "603.2", "")
		g.fireLang(gameEvent{kind: "becomes_tapped", obj: id, rule: "603.2"})
	}
	for _, id := range ids {
		ctrl := g.s.perm(id).Controller
		for j := range g.s.Permanents {
			if q := &g.s.Permanents[j]; q.Exists() && q.Controller == ctrl {
				g.fire(q.ID, onAttacks, "508.3a", id)
			}
		}
		g.fireLang(gameEvent{kind: "attacks", obj: id, player: ctrl, rule: "508.3a"})
	}
	if len(ids) == 1 {
		// Exalted: whenever a creature its controller controls attacks
		// alone, each instance triggers (702.83a, 702.83b).
		a := g.s.perm(ids[0])
		for j := range g.s.Permanents {
			if q := &g.s.Permanents[j]; q.Exists() && q.Controller == a.Controller && q.Has("exalted") {
				g.s.Pending = append(g.s.Pending, Trigger{Source: q.ID, Condition: onExalted, Rule: "702.83a", Object: a.ID, Controller: q.Controller})
			}
		}
	}
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
	case g.restricted(p, "cant_attack_or_block"), g.restrictedLang(p, "attack"):
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
	wasBlocked := a.Blocked
	for _, id := range blockers {
		b := g.s.perm(id)
		b.Blocking = attacker
		a.Blocked = true
		a.BlockOrder = append(a.BlockOrder[:len(a.BlockOrder):len(a.BlockOrder)], id)
		g.emit(Event{Kind: EventBlock, Objects: []string{id, attacker}, Rule: "509.1h", Player: b.Controller})
	}
	for k, id := range blockers {
		g.fire(id, onBlocks, "509.2a", attacker)
		g.fire(attacker, onBecomesBlocked, "509.2a", id)
		g.fireLang(gameEvent{kind: "blocks", obj: id, to: attacker, player: g.s.perm(id).Controller, rule: "509.2a"})
		// It becomes blocked once, however many creatures block it
		// (509.3c); "becomes blocked by a creature" triggers for each.
		g.fireLang(gameEvent{kind: "becomes_blocked", obj: attacker, by: id, first: !wasBlocked && k == 0, player: a.Controller, rule: "509.2a"})
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
	case g.restricted(b, "cant_attack_or_block"), g.restrictedLang(b, "block"):
		return "509.1b"
	case a.Has("flying") && !b.Has("flying") && !b.Has("reach"):
		return "702.9b"
	case a.Has("horsemanship") && !b.Has("horsemanship"):
		return "702.31b"
	case a.Has("shadow") != b.Has("shadow"):
		return "702.28b"
	case a.Has("fear") && !b.Is("artifact") && !has(b.Colors, "black"):
		return "702.36b"
	case a.Has("intimidate") && !b.Is("artifact") && !sharesColor(a, b):
		return "702.13b"
	case a.Has("skulk") && b.Power > a.Power:
		return "702.118b"
	case protected(a.Protections, quality{colors: b.Colors, types: b.Types, controller: b.Controller}):
		return "702.16f"
	case g.blockedByForbidden(b, a):
		return "509.1b"
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

// sharesColor reports whether two permanents have a colour in common.
func sharesColor(a, b *Permanent) bool {
	for _, c := range a.Colors {
		if has(b.Colors, c) {
			return true
		}
	}
	return false
}

// blockedByForbidden reports whether a restriction keeps b from blocking
// a: "a can't be blocked" (by what filter describes), or "b can block only
// creatures with flying" (509.1b).
func (g *game) blockedByForbidden(b, a *Permanent) bool {
	for _, r := range g.restrictions(a, "cant", "be_blocked") {
		if r.by == nil || g.matchCard(r.ctx, r.by, b, false) {
			return true
		}
	}
	for _, r := range g.restrictions(b, "block_only", "") {
		if r.by != nil && !g.matchCard(r.ctx, r.by, a, false) {
			return true
		}
	}
	return false
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
// attacker damages the player it attacks (510.1b). A blocked one assigns
// its damage to its blockers: all of it to a lone blocker, divided as its
// controller chooses among two or more (510.1c, see divideDamage), and with
// trample the excess over lethal damage may go to the player (702.19b); a
// blocked creature with no blocker left deals none, unless it has trample
// (702.19d). A blocker assigns its damage to the attacker it blocks (510.1d).
func (g *game) combatDamage(step int) {
	var hits []Share
	var srcs []string
	assigned := map[string]int{}
	for i := range g.s.Permanents {
		a := &g.s.Permanents[i]
		if !a.Exists() || a.Attacking == "" || a.Power <= 0 || !dealsDamageIn(a, step) {
			continue
		}
		shares := []Share{{a.Attacking, a.Power}}
		if a.Blocked {
			shares = g.divideDamage(a, assigned)
		}
		for _, sh := range shares {
			if sh.N > 0 {
				hits = append(hits, sh)
				srcs = append(srcs, a.ID)
				if sh.ID != a.Attacking {
					assigned[sh.ID] += sh.N
				}
			}
		}
	}
	for i := range g.s.Permanents {
		b := &g.s.Permanents[i]
		if b.Exists() && b.Blocking != "" && b.Power > 0 && dealsDamageIn(b, step) {
			if a := g.s.perm(b.Blocking); a != nil && a.Exists() && a.Attacking != "" {
				hits = append(hits, Share{a.ID, b.Power})
				srcs = append(srcs, b.ID)
			}
		}
	}
	for k, h := range hits {
		g.dealDamage(srcs[k], h.ID, h.N, "510.2", true)
	}
}

// lethalFor is the damage still lethal to blocker b from attacker a, given
// what other attackers are assigning it this step (702.19b): its toughness
// less the damage marked and assigned, 1 from a source with deathtouch
// (702.2c).
func lethalFor(a, b *Permanent, assigned map[string]int) int {
	n := max(b.Toughness-b.Damage-assigned[b.ID], 0)
	if a.Has("deathtouch") {
		n = min(n, 1)
	}
	return n
}

// divideDamage gives how blocked attacker a assigns its combat damage.
// With two or more blockers, or a lone blocker and trample with damage to
// spare, its controller divides it (510.1c, 702.19b): a divide answer
// gives the amounts, an order answer the order in which each blocker is
// assigned lethal damage; by default that order is the one the blockers
// were declared in, the rest going to the last blocker, or with trample to
// the player. The choice event says which.
func (g *game) divideDamage(a *Permanent, assigned map[string]int) []Share {
	var live []string
	for _, id := range a.BlockOrder {
		if b := g.s.perm(id); b != nil && b.Exists() && b.Blocking == a.ID {
			live = append(live, id)
		}
	}
	trample := a.Has("trample")
	switch {
	case len(live) == 0 && trample:
		return []Share{{a.Attacking, a.Power}} // 702.19d
	case len(live) == 0:
		return nil // 510.1c
	case len(live) == 1 && (!trample || a.Power <= lethalFor(a, g.s.perm(live[0]), assigned)):
		return []Share{{live[0], a.Power}}
	}
	lethalInOrder := func(order []string) []Share {
		var out []Share
		left := a.Power
		for k, id := range order {
			n := min(left, lethalFor(a, g.s.perm(id), assigned))
			if k == len(order)-1 && !trample {
				n = left
			}
			out = append(out, Share{id, n})
			left -= n
		}
		if left > 0 {
			out = append(out, Share{a.Attacking, left})
		}
		return out
	}
	ans, ok, err := g.answer(a.Controller, ChoiceOrder)
	if err != nil {
		g.fail(err)
		return nil
	}
	var shares []Share
	switch {
	case !ok:
		shares = lethalInOrder(live)
	case ans.Divide != nil:
		shares = ans.Divide
		if err := g.checkDivision(a, live, shares, assigned, ans); err != nil {
			g.fail(err)
			return nil
		}
	default:
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
		shares = lethalInOrder(order)
	}
	// An order answer and the default are lethal damage in an order:
	// choice order; a divide answer is choice divide.
	kind, how := ChoiceOrder, "chosen"
	if ok && ans.Divide != nil {
		kind = ChoiceDivide
	}
	if !ok {
		how = "default"
	}
	objs, args := []string{a.ID}, []string{kind, "", how}
	for _, sh := range shares {
		if sh.N > 0 {
			objs = append(objs, sh.ID)
			args = append(args, itoa(sh.N))
		}
	}
	g.emit(Event{Kind: EventChoice, Player: a.Controller, Objects: objs, Args: args, Rule: "510.1c"})
	return shares
}

// checkDivision checks a divide answer for attacker a: only its blockers,
// and with trample the player it attacks, once every blocker is assigned
// lethal damage (702.19b); the amounts add up to its power (510.1a).
func (g *game) checkDivision(a *Permanent, live []string, shares []Share, assigned map[string]int, ans *Answer) error {
	total, toPlayer := 0, 0
	given := map[string]int{}
	for _, sh := range shares {
		switch {
		case sh.ID == a.Attacking && a.Has("trample"):
			toPlayer += sh.N
		case !has(live, sh.ID):
			return errorf(CodeBadChoice, ans.Line, 0, ans.Player, ChoiceDivide, sh.ID)
		}
		given[sh.ID] += sh.N
		total += sh.N
	}
	if total != a.Power {
		return errorf(CodeBadChoice, ans.Line, 0, ans.Player, ChoiceDivide+" "+itoa(a.Power), itoa(total))
	}
	if toPlayer > 0 {
		for _, id := range live {
			if given[id] < lethalFor(a, g.s.perm(id), assigned) {
				return errorf(CodeBadChoice, ans.Line, 0, ans.Player, ChoiceDivide, id)
			}
		}
	}
	return nil
}

// fail records the first error met where a step can't return one.
func (g *game) fail(err error) {
	if g.err == nil {
		g.err = err
	}
}
