package engine

import (
	"sort"
	"strconv"
	"strings"

	"arbiter/engine/cardlang"
)

func itoa(n int) string { return strconv.Itoa(n) }

// Generic spell effects a scenario may give a cast (scenario key = Op.Kind).
const (
	OpDamage   = "damage"
	OpDestroy  = "destroy"
	OpExile    = "exile"
	OpBounce   = "bounce"
	OpTap      = "tap"
	OpPhaseOut = "phase_out"
	OpPhaseIn  = "phase_in"
	OpPump     = "pump"
)

// OpKinds returns the generic effects a cast may list.
func OpKinds() []string {
	return []string{OpDamage, OpDestroy, OpPhaseOut, OpPhaseIn, OpExile, OpBounce, OpTap, OpPump}
}

// Trigger conditions of the engine's keyword abilities and the events a
// trigger event can name, besides those a scenario may name on a permanent.
const (
	onEnters         = "enters"
	onPhasesIn       = "phases_in"
	onPhasesOut      = "phases_out"
	onUpkeep         = "upkeep"      // at the beginning of your upkeep
	onEachUpkeep     = "each_upkeep" // at the beginning of each player's upkeep
	onEndStep        = "end_step"    // at the beginning of your end step
	onAttacks        = "attacks"     // whenever a creature you control attacks
	onBlocks         = "blocks"
	onBecomesBlocked = "becomes_blocked"
	onEndCombat      = "end_combat"  // a delayed trigger: at end of combat
	onNextUpkeep     = "next_upkeep" // a delayed trigger: at the beginning of the next turn's upkeep
	onPaid           = "paid"        // a reflexive trigger: when you pay
	onVanishing      = "vanishing"   // vanishing's upkeep trigger (702.63a)
	onLastCounter    = "last_time_counter"
	onFlanking       = "flanking" // flanking's trigger (702.25a)
	onExalted        = "exalted"  // exalted's trigger (702.83a)
)

// targetSpec describes what a generic spell may target (115.1).
type targetSpec struct {
	min, max int      // how many
	what     []string // card types a target may have, "permanent" for any, "player" for a player
	phased   bool     // it targets phased-out permanents (an effect that names them, 702.26b)
}

// genericSpec is what a spell the scenario describes may target: any
// permanent or player, or phased-out permanents for a spell that phases
// them in; an Aura spell the scenario describes, what it may enchant.
func (g *game) genericSpec(o *StackObject) *targetSpec {
	if o.Permanent != "" {
		if p := g.s.perm(o.Permanent); p != nil && has(p.Subtypes, "Aura") && p.Behavior == nil {
			what := p.Enchant
			if len(what) == 0 {
				what = []string{"permanent"}
			}
			return &targetSpec{min: 1, max: 1, what: what}
		}
		return nil
	}
	spec := &targetSpec{min: len(o.Targets), max: len(o.Targets), what: []string{"permanent", "player"}}
	for _, op := range o.Ops {
		if op.Kind == OpPhaseIn {
			spec.phased = true
		}
	}
	return spec
}

// stackCtx is the context a spell or ability on the stack has: its
// controller, its source (the permanent, or the spell's card), its targets.
func (g *game) stackCtx(o *StackObject) *langCtx {
	c := &langCtx{ctl: o.Controller, spell: o.ID, x: o.X, kicked: o.Kicked, name: o.Name, chosenModes: o.Modes}
	if o.ctx != nil {
		c = o.ctx.clone()
		c.ctl, c.spell = o.Controller, o.ID
	}
	switch {
	case o.Source != "":
		c.self = o.Source
		if p := g.s.perm(o.Source); p != nil && c.selfObj == 0 {
			c.selfObj = p.Object
		}
	case o.CardObject != "":
		c.self = o.CardObject
	}
	if o.Trigger != "" && o.do == nil {
		c.that, c.thatPl, c.damaged, c.amount = o.That, o.ThatPlayer, o.Damaged, o.Amount
	}
	c.triggered = o.Trigger != ""
	if o.Kicked {
		c.kicked = true
	}
	if o.X != 0 {
		c.x = o.X
	}
	if len(o.Modes) > 0 {
		c.chosenModes = o.Modes
	}
	return c
}

// langEffects gives the effects a card-language spell or ability on the
// stack does: a spell's, an ability's, a delayed ability's.
func (g *game) langEffects(o *StackObject) (cardlang.Effects, *cardlang.Ability) {
	if o.do != nil {
		return o.do, nil
	}
	if o.Behavior == nil {
		return nil, nil
	}
	if o.Lang == 0 {
		return spellEffects(o.Behavior), nil
	}
	if a := abilityN(o.Behavior, o.Lang); a != nil {
		return a.lang.Effects, a.lang
	}
	return nil, nil
}

// cast puts a spell on the stack (601.2): its mode and X are chosen, its
// targets checked, its costs paid, and its card moves to the stack.
func (g *game) cast(o StackObject) error {
	for _, x := range g.s.Stack {
		if x.ID == o.ID {
			return errorf(CodeDuplicateID, 0, 0, o.ID)
		}
	}
	if o.Permanent == "" && o.CardObject == "" && g.s.perm(o.ID) != nil {
		return errorf(CodeDuplicateID, 0, 0, o.ID)
	}
	if o.Controller == "" {
		o.Controller = g.s.Active
	}
	i := g.s.player(o.Controller)
	if i < 0 {
		return errorf(CodeUnknownPlayer, 0, 0, o.Controller)
	}
	if g.s.Players[i].Left {
		return illegal(CodePlayerLeft, "800.4a", o.Controller)
	}
	if g.splitSecond() {
		return illegal(CodeCantCast, "702.61a", o.ID)
	}
	for _, t := range o.Targets {
		if g.s.player(t) < 0 && g.stackObject(t) == nil {
			if err := g.need(t); err != nil {
				return err
			}
		}
	}
	if o.defined {
		c := g.s.perm(o.CardObject)
		if c == nil {
			return errorf(CodeUndefinedID, 0, 0, o.CardObject)
		}
		if c.Behavior == nil || c.Is("land") && len(c.Types) == 1 {
			return illegal(CodeCantCast, "601.2", o.ID)
		}
		o.Behavior, o.Card, o.Name, o.Types, o.Colors, o.LocalNames = c.Behavior, c.Card, c.Name, c.Types, c.Colors, c.LocalNames
		if o.Controller == "" {
			o.Controller = c.Owner
		}
		if isPermanentCard(c.Types) {
			o.Permanent = c.ID
		}
	}
	var card *Permanent
	cardID := o.CardObject
	if cardID == "" {
		cardID = o.Permanent
	}
	flash := false
	if cardID != "" {
		card = g.s.perm(cardID)
		if card == nil {
			return errorf(CodeUndefinedID, 0, 0, cardID)
		}
		switch {
		case card.Zone == ZoneHand:
		case card.Zone == ZoneGraveyard && hasKeyword(card.Behavior, "flashback") != nil:
			o.Flashback = true
		default:
			return illegal(CodeCantCast, "601.2", o.ID)
		}
		if card.Owner != o.Controller {
			return illegal(CodeCantCast, "601.2", o.ID)
		}
		flash = has(card.Keywords, "flash")
	}
	if !has(o.Types, "instant") && !flash {
		main := g.s.Step == StepMain1 || g.s.Step == StepMain2
		if !main || g.s.Active != o.Controller || len(g.s.Stack) > 0 {
			return illegal(CodeCantCast, "307.1", o.ID)
		}
	}
	if o.Behavior != nil {
		if err := g.castLang(&o, card); err != nil {
			return err
		}
	} else {
		spec := g.genericSpec(&o)
		if spec == nil && len(o.Targets) > 0 {
			return illegal(CodeNotLegalTarget, "115.1", o.ID, o.Targets[0])
		}
		if spec != nil {
			if err := g.checkTargets(o.ID, o.Controller, g.genericQuality(&o), spec, o.Targets); err != nil {
				return err
			}
		}
	}
	if card != nil {
		g.unlist(card)
		card.Zone = ZoneStack
		card.toCast = false
		g.newObject(card)
	}
	if pl := &g.s.Players[i]; pl.HandKnown && pl.Hand > 0 && !o.defined {
		pl.Hand--
	}
	g.s.Stack = append(g.s.Stack, o)
	g.emit(Event{Kind: EventCast, Objects: append([]string{o.ID}, o.Targets...), Rule: "601.2", Player: o.Controller})
	g.fireLang(gameEvent{kind: "cast", player: o.Controller, spell: o.ID, rule: "601.2i"})
	g.becameTargets(&g.s.Stack[len(g.s.Stack)-1])
	return nil
}

// genericQuality is the quality of a spell the scenario describes.
func (g *game) genericQuality(o *StackObject) quality {
	return quality{colors: o.Colors, types: o.Types, controller: o.Controller}
}

// splitSecond reports whether a spell with split second is on the stack
// (702.61a): players can't cast spells or activate abilities that aren't
// mana abilities.
func (g *game) splitSecond() bool {
	for _, o := range g.s.Stack {
		if o.Lang == 0 && o.Behavior != nil && hasKeyword(o.Behavior, "split_second") != nil {
			return true
		}
	}
	return false
}

// castLang does what casting a card-language spell takes (601.2b–h): the
// modes, X, kicker and targets announced and checked, the additional
// costs and the mana cost paid.
func (g *game) castLang(o *StackObject, card *Permanent) error {
	effs := spellEffects(o.Behavior)
	c := g.stackCtx(o)
	if card != nil {
		c.self = card.ID
	}
	if m, ok := modesOf(effs); ok {
		if err := g.chooseModes(o, c, m); err != nil {
			return err
		}
		c.chosenModes = o.Modes
	}
	if strings.Contains(o.manaCost(card), "{X}") || usesX(effs) {
		x, err := g.chooseX(o.Controller, o.X, len(o.Targets), "601.2b")
		if err != nil {
			return err
		}
		o.X, c.x = x, x
	}
	refs := targetRefs(effs, o.Modes)
	if card != nil && has(card.Subtypes, "Aura") {
		if k := hasKeyword(o.Behavior, "enchant"); k != nil {
			refs = []*cardlang.Ref{{Kind: cardlang.RefTarget, Min: 1, Max: 1, Filter: enchantFilter(k)}}
		}
	}
	if len(refs) > 0 || len(o.Targets) > 0 {
		if len(refs) == 0 {
			return illegal(CodeNotLegalTarget, "115.1", o.ID, o.Targets[0])
		}
		groups := g.groupTargets(c, refs, o.Targets, o.X)
		if err := g.checkLangTargets(c, o.ID, refs, groups); err != nil {
			return err
		}
		o.Groups = groupSizes(groups)
		o.TargetObjects = g.targetObjects(o.Targets)
	}
	// Additional costs (601.2f), then the mana cost (601.2g–h).
	for _, a := range o.Behavior.Abilities {
		if a.Kind == cardlang.KindAdditional {
			if err := g.payCosts(c, o, a.Cost, card); err != nil {
				return err
			}
		}
	}
	cost := o.manaCost(card)
	if o.Flashback {
		cost = manaOfCost(hasKeyword(o.Behavior, "flashback").Cost)
	}
	if o.Kicked {
		k := hasKeyword(o.Behavior, "kicker")
		if k == nil {
			return errorf(CodeBadValue, 0, 0, "kicked", "true", "a card with kicker")
		}
		cost += manaOfCost(k.Cost)
	}
	if o.Buyback {
		k := hasKeyword(o.Behavior, "buyback")
		if k == nil {
			return errorf(CodeBadValue, 0, 0, "buyback", "true", "a card with buyback")
		}
		cost += manaOfCost(k.Cost)
	}
	x := o.X
	for _, st := range staticAbilities(o.Behavior) {
		for _, e := range st.Effects {
			if e.Op != "cost_less" {
				continue
			}
			m, _ := e.Get("mana").(cardlang.Mana)
			times := 1
			if per, ok := e.Amount("per"); ok {
				times = g.amount(c, per)
			}
			cost, x = reduceGeneric(cost, x, ManaValue(string(m))*times)
		}
	}
	return g.payMana(o.Controller, cost, x, o.ID)
}

// manaCost is the mana cost of a spell's card.
func (o *StackObject) manaCost(card *Permanent) string {
	if card != nil {
		return card.ManaCost
	}
	return ""
}

// usesX reports whether effects use X.
func usesX(es cardlang.Effects) bool {
	found := false
	var val func(v cardlang.Value)
	var amt func(a cardlang.Amount)
	amt = func(a cardlang.Amount) {
		if a.Var == "X" {
			found = true
		}
	}
	var effs func(es cardlang.Effects)
	val = func(v cardlang.Value) {
		switch v := v.(type) {
		case cardlang.Amount:
			amt(v)
		case cardlang.PT:
			amt(v.Power)
			amt(v.Toughness)
		case *cardlang.Ref:
			if v.Kind == cardlang.RefTarget && v.Max < 0 {
				// any number: not X
			}
		case cardlang.Effects:
			effs(v)
		case cardlang.Modes:
			for _, o := range v.Options {
				effs(o)
			}
		case *cardlang.Token:
			if v.PT != nil {
				amt(v.PT.Power)
				amt(v.PT.Toughness)
			}
		}
	}
	effs = func(es cardlang.Effects) {
		for _, e := range es {
			for _, a := range e.Args {
				val(a.Value)
			}
		}
	}
	effs(es)
	return found
}

// enchantFilter is what an Aura's enchant keyword may enchant.
func enchantFilter(k *cardlang.Keyword) *cardlang.Filter {
	if k.Filter != nil {
		return k.Filter
	}
	return &cardlang.Filter{Types: [][]string{{"permanent"}}}
}

// targetObjects records the object numbers of targets.
func (g *game) targetObjects(ts []string) []int {
	out := make([]int, len(ts))
	for i, t := range ts {
		if p := g.s.perm(t); p != nil {
			out[i] = p.Object
		}
	}
	return out
}

// checkLangTargets checks the targets chosen for the target refs of a
// text (601.2c, 115.3): the number each takes, and each one's legality.
func (g *game) checkLangTargets(c *langCtx, id string, refs []*cardlang.Ref, groups [][]string) error {
	total := 0
	for i, r := range refs {
		grp := groups[i]
		total += len(grp)
		maxN := refMax(c, r)
		if maxN < 0 {
			maxN = len(grp)
		}
		if len(grp) < r.Min || len(grp) > maxN {
			n := 0
			for _, gg := range groups {
				n += len(gg)
			}
			return illegal(CodeTargetCount, "601.2c", id, itoa(n))
		}
		for k, t := range grp {
			if has(grp[:k], t) {
				return illegal(CodeNotLegalTarget, "115.3", id, t)
			}
			if rule := g.langTargetRule(c, r, t); rule != "" {
				return illegal(CodeNotLegalTarget, rule, id, t)
			}
		}
	}
	return nil
}

// chooseLangTargets chooses the targets of a triggered ability as it is
// put on the stack (603.3d): the controller's targets answer, else the
// default (Choices); it returns nil when a target has no legal choice.
func (g *game) chooseLangTargets(c *langCtx, o *StackObject, refs []*cardlang.Ref, trigger bool) ([]string, error) {
	a, ok, err := g.answer(o.Controller, ChoiceTargets)
	if err != nil {
		return nil, err
	}
	if ok {
		groups := g.groupTargets(c, refs, a.Targets, o.X)
		if err := g.checkLangTargets(c, o.ID, refs, groups); err != nil {
			return nil, err
		}
		g.chose(o.Controller, ChoiceTargets, "", "603.3d", false, a.Targets...)
		o.Targets = a.Targets
		o.Groups = groupSizes(groups)
		o.TargetObjects = g.targetObjects(o.Targets)
		return o.Targets, nil
	}
	var groups [][]string
	var all []string
	for _, r := range refs {
		legal := g.legalLangTargets(c, r, all)
		picked := defaultPick(g, c, r, legal)
		if len(picked) < r.Min {
			return nil, nil
		}
		groups = append(groups, picked)
		all = append(all, picked...)
	}
	g.chose(o.Controller, ChoiceTargets, "", "603.3d", true, all...)
	o.Targets = all
	o.Groups = groupSizes(groups)
	o.TargetObjects = g.targetObjects(all)
	if all == nil {
		return []string{}, nil
	}
	return all, nil
}

// legalLangTargets lists what ref r may target, players first, then
// permanents and cards in the scenario's order, then spells; taken ones
// left out.
func (g *game) legalLangTargets(c *langCtx, r *cardlang.Ref, taken []string) []string {
	var out []string
	for _, pl := range g.s.Players {
		if !has(taken, pl.Name) && g.langTargetRule(c, r, pl.Name) == "" {
			out = append(out, pl.Name)
		}
	}
	for i := range g.s.Permanents {
		id := g.s.Permanents[i].ID
		if !has(taken, id) && g.s.Permanents[i].Zone != ZoneStack && g.langTargetRule(c, r, id) == "" {
			out = append(out, id)
		}
	}
	for _, o := range g.s.Stack {
		if !has(taken, o.ID) && g.langTargetRule(c, r, o.ID) == "" {
			out = append(out, o.ID)
		}
	}
	return out
}

// defaultPick picks a target ref's targets by default: an opponent's (or
// what an opponent controls) first, unless the ref wants what its
// controller controls; as many as it must take, at least one when it may
// take some; every legal one for "any number of".
func defaultPick(g *game, c *langCtx, r *cardlang.Ref, legal []string) []string {
	mine := func(id string) bool {
		if g.s.player(id) >= 0 {
			return id == c.ctl
		}
		if o := g.stackObject(id); o != nil {
			return o.Controller == c.ctl
		}
		p := g.s.perm(id)
		return p.Controller == c.ctl && p.Zone == ZoneBattlefield || p.Owner == c.ctl && p.Zone != ZoneBattlefield
	}
	preferMine := r.Filter != nil && (r.Filter.Control == "you" || r.Filter.Own == "you")
	var first, second []string
	for _, id := range legal {
		if mine(id) != preferMine {
			second = append(second, id)
		} else {
			first = append(first, id)
		}
	}
	ordered := append(first, second...)
	n := r.Min
	if m := refMax(c, r); m < 0 {
		n = len(ordered)
	} else if n == 0 && m > 0 {
		n = min(1, m)
	}
	n = min(n, len(ordered))
	return ordered[:n:n]
}

// becameTargets makes "becomes the target" abilities trigger for the
// targets of o (603.2).
func (g *game) becameTargets(o *StackObject) {
	for _, t := range o.Targets {
		if g.s.perm(t) != nil {
			g.fireLang(gameEvent{kind: "becomes_target", obj: t, rule: "603.2"})
		}
	}
}

// chooseModes chooses a modal spell's modes (700.2): a mode given or
// answered, else the first ones whose targets the given targets fit.
func (g *game) chooseModes(o *StackObject, c *langCtx, m cardlang.Modes) error {
	if o.Mode > 0 && len(o.Modes) == 0 {
		o.Modes = []int{o.Mode}
	}
	if len(o.Modes) == 0 {
		a, ok, err := g.answer(o.Controller, ChoiceMode)
		if err != nil {
			return err
		}
		if ok {
			o.Modes = append([]int{a.Mode}, a.Modes...)
			g.chose(o.Controller, ChoiceMode, joinInts(o.Modes), "601.2b", false)
		} else {
			for i, opt := range m.Options {
				if len(o.Modes) >= m.Min && len(o.Modes) > 0 {
					break
				}
				refs := targetRefs(opt, nil)
				if len(refs) == 0 && len(o.Targets) > 0 && len(m.Options) > 1 && m.Min == 1 {
					continue
				}
				ok := true
				if len(refs) > 0 {
					groups := g.groupTargets(c, refs, o.Targets, o.X)
					ok = g.checkLangTargets(c, o.ID, refs, groups) == nil
				}
				if ok {
					o.Modes = append(o.Modes, i+1)
				}
			}
			if len(o.Modes) == 0 {
				o.Modes = []int{1}
			}
			g.chose(o.Controller, ChoiceMode, joinInts(o.Modes), "601.2b", true)
		}
	} else {
		g.chose(o.Controller, ChoiceMode, joinInts(o.Modes), "601.2b", false)
	}
	seen := map[int]bool{}
	for _, md := range o.Modes {
		if md < 1 || md > len(m.Options) || seen[md] && !m.Repeat {
			return errorf(CodeBadValue, 0, 0, "mode", itoa(md), "1 to "+itoa(len(m.Options)))
		}
		seen[md] = true
	}
	if len(o.Modes) < m.Min || m.Max > 0 && len(o.Modes) > m.Max {
		return errorf(CodeBadValue, 0, 0, "mode", joinInts(o.Modes), itoa(m.Min)+" to "+itoa(max(m.Max, m.Min))+" modes")
	}
	sort.Ints(o.Modes)
	o.Mode = o.Modes[0]
	return nil
}

func joinInts(ns []int) string { return strings.Join(intStrings(ns), " ") }

// activateAbility activates an activated ability of a permanent or card
// (602.2): its costs are paid and it goes on the stack, except a mana
// ability, which resolves at once (605.3a).
func (g *game) activateAbility(o StackObject) error {
	src := g.s.perm(o.Source)
	if src == nil {
		return errorf(CodeUndefinedID, 0, 0, o.Source)
	}
	list := activatedOf(src)
	if len(list) == 0 && has(src.Subtypes, "Equipment") && src.Behavior == nil {
		// An Equipment the scenario describes has equip (702.6a).
		b := &cardlang.Card{Name: src.Name, Abilities: []cardlang.Ability{{Kind: cardlang.KindKeyword, Keyword: &cardlang.Keyword{Name: "equip"}}}}
		src.Behavior = b
		list = activatedOf(src)
	}
	if o.abilityKeyword != "" {
		o.Ability = -1
	}
	switch {
	case o.Ability == -1:
		want := o.abilityKeyword
		if want == "" {
			want = "equip"
		}
		o.Ability = 0
		for k, a := range list {
			if a.keyword == want {
				o.Ability = k + 1
			}
		}
		if o.Ability == 0 {
			return illegal(CodeCantActivate, "602.1", o.Source)
		}
	case len(list) == 0:
		return illegal(CodeCantActivate, "602.1", o.Source)
	case o.Ability == 0 && len(list) == 1:
		o.Ability = 1
	case o.Ability == 0:
		o.Ability = 1
	case o.Ability < 1 || o.Ability > len(list):
		return errorf(CodeBadValue, 0, 0, "ability", itoa(o.Ability), "1 to "+itoa(len(list)))
	}
	ab := list[o.Ability-1]
	zone := ab.lang.Zone
	switch {
	case zone == "" && src.PhasedOut && src.Zone == ZoneBattlefield:
		return illegal(CodeCantActivate, "702.26b", o.Source)
	case zone == "" && !src.Exists():
		return illegal(CodeCantActivate, "602.2", o.Source)
	case zone == cardlang.ZoneHand && src.Zone != ZoneHand, zone == cardlang.ZoneGraveyard && src.Zone != ZoneGraveyard:
		return illegal(CodeCantActivate, "113.6", o.Source)
	}
	if g.splitSecond() && !isManaAbility(ab.lang) {
		return illegal(CodeCantActivate, "702.61a", o.Source)
	}
	ctrl := src.Controller
	if zone != "" {
		ctrl = src.Owner
	}
	if o.Controller != "" && o.Controller != ctrl && !has(ab.lang.Limits, cardlang.LimitAnyPlayer) {
		return illegal(CodeCantActivate, "602.2", o.Source)
	}
	if o.Controller == "" {
		o.Controller = ctrl
	}
	if err := g.checkLimits(ab, src, o.Controller); err != nil {
		return err
	}
	if o.ID == "" {
		o.ID = g.stackID(o.Source + ":" + itoa(o.Ability))
	}
	o.Name, o.Colors, o.Types, o.Card = src.Name, src.Colors, src.Types, src.Card
	o.Behavior, o.Lang = src.Behavior, ab.n
	c := g.stackCtx(&o)
	c.self, c.selfObj = src.ID, src.Object
	for _, cp := range ab.lang.Cost {
		if cp.Kind == cardlang.CostMana && strings.Contains(cp.Mana, "{X}") {
			c.x = o.X
		}
	}
	if m, ok := modesOf(ab.lang.Effects); ok {
		if err := g.chooseModes(&o, c, m); err != nil {
			return err
		}
		c.chosenModes = o.Modes
	}
	refs := targetRefs(ab.lang.Effects, o.Modes)
	if len(refs) > 0 {
		groups := g.groupTargets(c, refs, o.Targets, o.X)
		if err := g.checkLangTargets(c, o.ID, refs, groups); err != nil {
			return err
		}
		o.Groups = groupSizes(groups)
		o.TargetObjects = g.targetObjects(o.Targets)
	} else if len(o.Targets) > 0 {
		return illegal(CodeNotLegalTarget, "115.1", o.ID, o.Targets[0])
	}
	if err := g.checkCosts(c, src, ab.lang.Cost, o.Controller); err != nil {
		return err
	}
	g.emit(Event{Kind: EventActivate, Objects: append([]string{o.ID, o.Source}, o.Targets...), Rule: "602.2", Player: o.Controller})
	if err := g.payCosts(c, &o, ab.lang.Cost, src); err != nil {
		return err
	}
	if has(ab.lang.Limits, cardlang.LimitOnce) {
		g.s.Used = append(g.s.Used[:len(g.s.Used):len(g.s.Used)], src.ID+"#"+itoa(src.Object)+":"+itoa(ab.n))
	}
	if isManaAbility(ab.lang) {
		c.manaChoice = o.manaChoice
		return g.run(c, ab.lang.Effects)
	}
	g.s.Stack = append(g.s.Stack, o)
	g.becameTargets(&g.s.Stack[len(g.s.Stack)-1])
	return nil
}

// isManaAbility reports whether an activated ability is a mana ability
// (605.1a): it could add mana, has no target and is no loyalty ability.
func isManaAbility(a *cardlang.Ability) bool {
	if a.Kind != cardlang.KindActivated || len(targetRefs(a.Effects, nil)) > 0 {
		return false
	}
	for _, cp := range a.Cost {
		if cp.Kind == cardlang.CostLoyalty {
			return false
		}
	}
	for _, e := range a.Effects {
		if e.Op == "add" {
			return true
		}
	}
	return false
}

// checkLimits checks when an ability may be activated (602.5).
func (g *game) checkLimits(ab langAbility, src *Permanent, player string) error {
	for _, l := range ab.lang.Limits {
		rule := ""
		switch l {
		case cardlang.LimitSorcery:
			if g.s.Active != player || len(g.s.Stack) > 0 || g.s.Step != StepMain1 && g.s.Step != StepMain2 {
				rule = "602.5d"
			}
		case cardlang.LimitOnce:
			if has(g.s.Used, src.ID+"#"+itoa(src.Object)+":"+itoa(ab.n)) {
				rule = "602.5b"
			}
		case cardlang.LimitYourTurn:
			if g.s.Active != player {
				rule = "602.5b"
			}
		case cardlang.LimitYourUpkeep:
			if g.s.Active != player || g.s.Step != StepUpkeep {
				rule = "602.5b"
			}
		case cardlang.LimitCombat:
			if i := stepIndex(g.s.Step); i < stepIndex(StepBeginCombat) || i > stepIndex(StepEndCombat) {
				rule = "602.5b"
			}
		case cardlang.LimitBeforeBlock:
			if stepIndex(g.s.Step) >= stepIndex(StepDeclareBlockers) && stepIndex(g.s.Step) <= stepIndex(StepEndCombat) {
				rule = "602.5b"
			}
		case cardlang.LimitBeforeAttack:
			if stepIndex(g.s.Step) >= stepIndex(StepDeclareAttackers) && stepIndex(g.s.Step) <= stepIndex(StepEndCombat) {
				rule = "602.5b"
			}
		}
		if rule != "" {
			return illegal(CodeCantActivate, rule, src.ID)
		}
	}
	if ab.lang.If != nil {
		c := &langCtx{ctl: player, self: src.ID, selfObj: src.Object}
		if !g.cond(c, ab.lang.If) {
			return illegal(CodeCantActivate, "602.5b", src.ID)
		}
	}
	return nil
}

// stackID gives an unused stack object id based on id.
func (g *game) stackID(id string) string {
	out := id
	for n := 2; ; n++ {
		used := g.s.perm(out) != nil
		for _, x := range g.s.Stack {
			used = used || x.ID == out
		}
		for _, x := range g.s.LeftStack {
			used = used || x.ID == out
		}
		if !used {
			return out
		}
		out = id + "-" + itoa(n)
	}
}

// stackObjectOfCard returns the spell on the stack whose card is id.
func (g *game) stackObjectOfCard(id string) *StackObject {
	for i := range g.s.Stack {
		if o := &g.s.Stack[i]; o.CardObject == id || o.Permanent == id {
			return o
		}
	}
	return nil
}

// removeSpell takes a spell off the stack without resolving it, its card
// to zone.
func (g *game) removeSpell(id, zone, rule string) {
	for i, o := range g.s.Stack {
		if o.ID != id {
			continue
		}
		g.s.Stack = append(g.s.Stack[:i:i], g.s.Stack[i+1:]...)
		g.s.LeftStack = append(g.s.LeftStack, o)
		if card := o.CardObject; card == "" {
			_ = card
		}
		g.spellCardTo(&o, zone, rule)
		return
	}
}

// spellCardTo moves a spell's card from the stack to zone.
func (g *game) spellCardTo(o *StackObject, zone, rule string) {
	id := o.CardObject
	if id == "" {
		id = o.Permanent
	}
	p := g.s.perm(id)
	if p == nil || p.Zone != ZoneStack {
		return
	}
	if o.Flashback && zone != ZoneExile {
		zone, rule = ZoneExile, "702.34a"
	}
	p.Zone = zone
	g.newObject(p)
	if zone == ZoneLibrary {
		g.toLibrary(id, p.Owner, false)
	}
	if zone == ZoneGraveyard {
		g.fireLang(gameEvent{kind: "put_into_graveyard", obj: id, from: ZoneStack, rule: "603.6a"})
	}
	if zone != ZoneGraveyard || o.Flashback {
		g.emit(Event{Kind: EventZoneChange, Objects: []string{id}, Args: []string{ZoneStack, zone}, Rule: rule, Player: p.Owner})
	}
}

// counterSpell counters a spell or ability (701.6a): unless its
// controller pays what unless says; one that can't be countered isn't.
func (g *game) counterSpell(c *langCtx, id string, e cardlang.Effect) error {
	o := g.stackObject(id)
	if o == nil {
		return nil
	}
	if o.Behavior != nil && o.Lang == 0 && g.cantBeCountered(o) {
		g.emit(Event{Kind: EventUnaffected, Objects: []string{id}, Rule: "101.2", Player: o.Controller})
		return nil
	}
	if m, ok := e.Get("unless").(cardlang.Mana); ok {
		paid, err := g.choosePay(o.Controller, "608.2d")
		if err != nil {
			return err
		}
		if paid {
			if err := g.payMana(o.Controller, string(m), 0, id); err == nil {
				return nil
			}
		}
	}
	ctl := o.Controller
	g.emit(Event{Kind: EventCountered, Objects: []string{id}, Rule: "701.6a", Player: ctl})
	g.removeSpell(id, ZoneGraveyard, "701.6a")
	return nil
}

// cantBeCountered reports whether a spell's own text says it can't be
// countered (101.2).
func (g *game) cantBeCountered(o *StackObject) bool {
	for _, st := range staticAbilities(o.Behavior) {
		for _, e := range st.Effects {
			if e.Op == "cant" && e.Word("action") == "be_countered" {
				return true
			}
		}
	}
	return false
}

// resolve resolves a stack object: the top one, or the one named (or the
// topmost ability of the permanent named). Illegal targets are left out,
// and a spell or ability all of whose targets are illegal doesn't resolve
// (608.2b).
func (g *game) resolve(id string) error {
	st := g.s.Stack
	if len(st) == 0 {
		return errorf(CodeEmptyStack, 0, 0)
	}
	i := len(st) - 1
	if id != "" {
		for i = len(st) - 1; i >= 0 && st[i].ID != id && st[i].Source != id; i-- {
		}
		if i < 0 {
			return errorf(CodeUndefinedID, 0, 0, id)
		}
	}
	o := st[i]
	g.s.Stack = append(st[:i:i], st[i+1:]...)
	g.s.LeftStack = append(g.s.LeftStack, o)
	if o.Behavior != nil || o.do != nil {
		return g.resolveLang(&o)
	}
	spec := g.genericSpec(&o)
	var legal []string
	for _, t := range o.Targets {
		rule := "608.2b"
		if spec != nil {
			rule = g.canTargetGeneric(o.Controller, g.genericQuality(&o), spec, t)
		}
		if rule == "" {
			legal = append(legal, t)
			continue
		}
		g.emit(Event{Kind: EventIllegalTarget, Objects: []string{o.ID, t}, Rule: "608.2b", Player: o.Controller})
	}
	if len(o.Targets) > 0 && len(legal) == 0 {
		g.emit(Event{Kind: EventFizzle, Objects: []string{o.ID}, Rule: "608.2b", Player: o.Controller})
		if p := g.s.perm(o.Permanent); p != nil {
			p.Zone = ZoneGraveyard
		}
		return nil
	}
	g.emit(Event{Kind: EventResolve, Objects: append([]string{o.ID}, legal...), Rule: "608.2", Player: o.Controller})
	if o.Permanent != "" {
		return g.resolvePermanent(&o, legal)
	}
	if o.Ability == 0 && o.Card == "" && isKeywordTrigger(o.Trigger) {
		g.keywordTrigger(&o)
		return nil
	}
	if o.Damage > 0 {
		o.Ops = append([]Op{{Kind: OpDamage, N: o.Damage}}, o.Ops...)
	}
	if o.Destroy {
		o.Ops = append([]Op{{Kind: OpDestroy}}, o.Ops...)
	}
	if err := g.doOps(&o, legal); err != nil {
		return err
	}
	if o.Effect != nil {
		for n, t := range legal {
			if g.s.player(t) >= 0 {
				continue
			}
			e := *o.Effect
			e.Target = t
			if e.ID == "" {
				e.ID = o.ID
			}
			if n > 0 {
				e.ID += "-" + strconv.Itoa(n+1)
			}
			e.Controller = o.Controller
			e.Origin = o.ID
			if err := g.addEffect(e); err != nil {
				return err
			}
		}
	}
	return nil
}

// resolveLang resolves a card-language spell or ability (608.2): targets
// that became illegal are left out, and it doesn't resolve when all are
// (608.2b); its effects happen in order (608.2c); a spell's card then
// goes to its owner's graveyard (608.2n), or enters the battlefield for a
// permanent spell (608.3).
func (g *game) resolveLang(o *StackObject) error {
	effs, ab := g.langEffects(o)
	c := g.stackCtx(o)
	if o.Lang == 0 && o.do == nil && o.CardObject != "" {
		c.self = o.CardObject
	}
	if o.do != nil && !o.reflexive {
		// A delayed ability does what the ability that made it said, to
		// what it chose then (603.7c).
		g.emit(Event{Kind: EventResolve, Objects: []string{o.ID}, Rule: "608.2", Player: o.Controller})
		return g.run(c, effs)
	}
	refs := targetRefs(effs, o.Modes)
	card := g.s.perm(o.CardObject)
	if card != nil && has(card.Subtypes, "Aura") {
		if k := hasKeyword(o.Behavior, "enchant"); k != nil {
			refs = []*cardlang.Ref{{Kind: cardlang.RefTarget, Min: 1, Max: 1, Filter: enchantFilter(k)}}
		}
	}
	groups := splitGroups(o.Targets, o.Groups)
	if len(groups) < len(refs) {
		groups = append(groups, make([][]string, len(refs)-len(groups))...)
	}
	var legal []string
	k := 0
	for gi, grp := range groups {
		var keep []string
		for _, t := range grp {
			ok := gi < len(refs) && g.langTargetRule(c, refs[gi], t) == ""
			if ok && k < len(o.TargetObjects) && o.TargetObjects[k] != 0 {
				if p := g.s.perm(t); p == nil || p.Object != o.TargetObjects[k] {
					ok = false // a new object (400.7)
				}
			}
			k++
			if ok {
				keep = append(keep, t)
				legal = append(legal, t)
				continue
			}
			g.emit(Event{Kind: EventIllegalTarget, Objects: []string{o.ID, t}, Rule: "608.2b", Player: o.Controller})
		}
		groups[gi] = keep
	}
	c.refs, c.groups = refs, groups
	if len(o.Targets) > 0 && len(legal) == 0 {
		g.emit(Event{Kind: EventFizzle, Objects: []string{o.ID}, Rule: "608.2b", Player: o.Controller})
		g.spellCardTo(o, ZoneGraveyard, "608.2b")
		return nil
	}
	if ab != nil && ab.Kind == cardlang.KindTriggered && ab.If != nil && !g.cond(c, ab.If) {
		// The intervening "if" is checked again as it resolves (603.4).
		g.emit(Event{Kind: EventFizzle, Objects: []string{o.ID}, Args: []string{"condition"}, Rule: "603.4", Player: o.Controller})
		return nil
	}
	g.emit(Event{Kind: EventResolve, Objects: append([]string{o.ID}, legal...), Rule: "608.2", Player: o.Controller})
	if card != nil && isPermanentCard(card.Types) {
		return g.resolvePermanent(o, legal)
	}
	if err := g.run(c, effs); err != nil {
		return err
	}
	if card != nil {
		zone, rule := ZoneGraveyard, "608.2n"
		switch {
		case c.selfTo != "":
			zone, rule = c.selfTo, "608.2n"
		case o.Buyback:
			zone, rule = ZoneHand, "702.27a"
		}
		g.spellCardTo(o, zone, rule)
	}
	return nil
}

// resolvePermanent puts a resolving permanent spell onto the battlefield
// (608.3); an Aura spell enters attached to its target (303.4f).
func (g *game) resolvePermanent(o *StackObject, legal []string) error {
	id := o.Permanent
	if id == "" {
		id = o.CardObject
	}
	p := g.s.perm(id)
	p.BaseController = o.Controller
	p.Controller = o.Controller
	p.Kicked = o.Kicked
	rule := "608.3a"
	if has(p.Subtypes, "Aura") && len(legal) == 1 {
		p.AttachedTo = legal[0]
		if h := g.s.perm(legal[0]); h != nil {
			p.HostObject = h.Object
		}
		rule = "608.3c"
	}
	g.enter([]string{p.ID}, rule)
	return nil
}

// canTargetGeneric says whether t may be a target of a spell the
// scenario describes: "" if it may, else the rule that forbids it.
func (g *game) canTargetGeneric(ctl string, q quality, spec *targetSpec, t string) string {
	if i := g.s.player(t); i >= 0 {
		pl := &g.s.Players[i]
		switch {
		case !has(spec.what, "player"):
			return "115.2"
		case pl.Left:
			return "800.4a"
		case t != ctl && g.playerEffect(t, "player_hexproof") != nil:
			return "702.11c"
		}
		for _, e := range g.playerEffects(t, "player_protection") {
			if protected(e.From, q) {
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
	case p.Has("shroud"):
		return "702.18a"
	case p.Has("hexproof") && p.Controller != ctl:
		return "702.11b"
	case protected(p.Protections, q):
		return "702.16b"
	}
	return ""
}

// checkTargets checks the targets chosen for a spell the scenario
// describes (601.2c): their number and each one's legality.
func (g *game) checkTargets(id, ctl string, q quality, spec *targetSpec, targets []string) error {
	if len(targets) < spec.min || len(targets) > spec.max {
		return illegal(CodeTargetCount, "601.2c", id, strconv.Itoa(len(targets)))
	}
	for i, t := range targets {
		if has(targets[:i], t) {
			return illegal(CodeNotLegalTarget, "115.3", id, t)
		}
		if rule := g.canTargetGeneric(ctl, q, spec, t); rule != "" {
			return illegal(CodeNotLegalTarget, rule, id, t)
		}
	}
	return nil
}

// doOps performs a generic spell's effects on its legal targets, one
// instruction after another (608.2c).
func (g *game) doOps(o *StackObject, legal []string) error {
	perms := func() []string {
		var out []string
		for _, t := range legal {
			if g.s.player(t) < 0 {
				out = append(out, t)
			}
		}
		return out
	}
	for _, op := range o.Ops {
		switch op.Kind {
		case OpDamage:
			for _, t := range legal {
				g.dealDamage(o.ID, t, op.N, "120.3", false)
			}
		case OpDestroy:
			g.destroy(perms(), "701.8a")
		case OpExile, OpBounce:
			zone, rule := ZoneExile, "406.2"
			if op.Kind == OpBounce {
				zone, rule = ZoneHand, "400.3"
			}
			for _, t := range perms() {
				if g.s.perm(t).Exists() {
					g.leave(t, zone, rule)
				} else {
					g.unaffected(t)
				}
			}
		case OpTap:
			g.tap(perms())
		case OpPhaseOut:
			g.phaseOut(perms(), "702.26b")
		case OpPhaseIn:
			g.phaseIn(perms(), "702.26c", false)
		case OpPump:
			for _, t := range perms() {
				if err := g.addEffect(Effect{ID: g.effectID(o.ID), Name: o.Name, Origin: o.ID, Kind: "pump", Target: t, Power: op.Power,
					Toughness: op.Toughness, Duration: "end_of_turn", Controller: o.Controller}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// isKeywordTrigger reports whether cond is the trigger of a keyword ability
// the engine implements itself (vanishing, flanking, exalted).
func isKeywordTrigger(cond string) bool {
	return cond == onVanishing || cond == onLastCounter || cond == onFlanking || cond == onExalted
}

// keywordTrigger resolves a keyword's triggered ability.
func (g *game) keywordTrigger(o *StackObject) {
	p := g.s.perm(o.Source)
	switch o.Trigger {
	case onVanishing:
		// "If this permanent has a time counter on it, remove a time counter
		// from it" (702.63a); the last one removed triggers its sacrifice.
		if p != nil && p.Exists() && p.Counters["time"] > 0 {
			g.counterN(p.ID, "time", -1, "702.63a")
			if p.Counters["time"] == 0 {
				g.s.Pending = append(g.s.Pending, Trigger{Source: p.ID, Condition: onLastCounter, Rule: "702.63a", Controller: p.Controller})
			}
		}
	case onLastCounter:
		if p != nil && p.Exists() {
			g.leave(p.ID, ZoneGraveyard, "701.21a")
		}
	case onFlanking:
		if b := g.s.perm(o.Object); b != nil && b.Exists() {
			g.addEffect(Effect{ID: g.effectID(o.ID), Name: o.Name, Origin: o.ID, Kind: "pump", Target: b.ID, Power: -1, Toughness: -1,
				Duration: "end_of_turn", Controller: o.Controller})
		}
	case onExalted:
		if a := g.s.perm(o.Object); a != nil && a.Exists() {
			g.addEffect(Effect{ID: g.effectID(o.ID), Name: o.Name, Origin: o.ID, Kind: "pump", Target: a.ID, Power: 1, Toughness: 1,
				Duration: "end_of_turn", Controller: o.Controller})
		}
	}
}

// fire records that id's abilities the scenario names with condition cond
// trigger (only an event is reported for them). object is what the
// trigger refers to.
func (g *game) fire(id, cond, rule, object string) {
	p := g.s.perm(id)
	if p == nil {
		return
	}
	if has(p.Triggers, cond) {
		g.s.Pending = append(g.s.Pending, Trigger{Source: id, Condition: cond, Rule: rule, Object: object})
	}
}

// putTriggers puts the abilities that triggered on the stack (603.3): the
// active player's first, then each other player's in turn order (603.3b),
// each in the order it triggered. Their targets are chosen now (603.3d).
// A trigger the scenario only names on a permanent is just reported.
func (g *game) putTriggers() {
	pend := g.s.Pending
	g.s.Pending = nil
	order := func(t Trigger) int {
		c := t.Controller
		if c == "" {
			c = g.controllerOf(t.Source)
		}
		for k, name := 0, g.s.Active; k < len(g.s.Players); k, name = k+1, g.s.nextPlayer(name) {
			if name == c {
				return k
			}
		}
		return len(g.s.Players)
	}
	sort.SliceStable(pend, func(i, j int) bool { return order(pend[i]) < order(pend[j]) })
	for i := 0; i < len(pend); {
		j := i + 1
		for j < len(pend) && order(pend[j]) == order(pend[i]) {
			j++
		}
		if err := g.orderTriggers(pend[i:j]); err != nil {
			g.fail(err)
			return
		}
		i = j
	}
	for _, t := range pend {
		rule := t.Rule
		if rule == "" {
			rule = "603.3"
		}
		ctrl := t.Controller
		if ctrl == "" {
			ctrl = g.controllerOf(t.Source)
		}
		if i := g.s.player(ctrl); i >= 0 && g.s.Players[i].Left {
			continue // 800.4d
		}
		g.emit(Event{Kind: EventTrigger, Objects: []string{t.Source}, Args: []string{t.Condition}, Rule: rule, Player: ctrl})
		switch {
		case t.delayedDo != nil:
			o := StackObject{ID: g.stackID(t.Source + ":" + t.Condition), Controller: ctrl, Source: t.Source, Trigger: t.Condition,
				do: t.delayedDo, ctx: t.ctx, Card: t.Card, Name: t.Card, X: t.X}
			if p := g.s.perm(t.Source); p != nil {
				o.Name, o.Colors, o.Types = p.Name, p.Colors, p.Types
			}
			if t.reflexive {
				c := g.stackCtx(&o)
				if refs := targetRefs(t.delayedDo, nil); len(refs) > 0 {
					targets, err := g.chooseLangTargets(c, &o, refs, true)
					if err != nil {
						g.fail(err)
						return
					}
					if targets == nil {
						g.s.LeftStack = append(g.s.LeftStack, o)
						g.emit(Event{Kind: EventNoTargets, Objects: []string{o.ID}, Rule: "603.3d", Player: ctrl})
						continue
					}
					if len(o.Targets) > 0 {
						g.emit(Event{Kind: EventTarget, Objects: append([]string{o.ID}, o.Targets...), Rule: "603.3d", Player: ctrl})
					}
					o.reflexive = true
				}
			}
			g.s.Stack = append(g.s.Stack, o)
		case t.Lang != 0:
			g.langTrigger(t, ctrl)
		case isKeywordTrigger(t.Condition):
			o := StackObject{ID: g.stackID(t.Source + ":" + t.Condition), Controller: ctrl, Source: t.Source, Object: t.Object,
				X: t.X, Trigger: t.Condition}
			o.Name = t.Source
			if p := g.s.perm(t.Source); p != nil {
				o.Name, o.Colors, o.Types = p.Name, p.Colors, p.Types
			}
			g.s.Stack = append(g.s.Stack, o)
		}
	}
}

// stacked reports whether a trigger goes on the stack (one the scenario
// only names doesn't).
func (t Trigger) stacked() bool {
	return t.Lang != 0 || t.delayedDo != nil || isKeywordTrigger(t.Condition)
}

// orderTriggers puts one player's triggered abilities in the order they go
// on the stack (603.3b): the player's triggers answer, else the order they
// triggered in. When two or more go on the stack, a choice event says the
// order, the last one on top.
func (g *game) orderTriggers(ts []Trigger) error {
	var stacked []int
	for i, t := range ts {
		if t.stacked() {
			stacked = append(stacked, i)
		}
	}
	if len(stacked) < 2 {
		return nil
	}
	ctrl := ts[stacked[0]].Controller
	if ctrl == "" {
		ctrl = g.controllerOf(ts[stacked[0]].Source)
	}
	ans, ok, err := g.answer(ctrl, ChoiceTriggers)
	if err != nil {
		return err
	}
	pos := append([]int(nil), stacked...) // where the stacked ones go
	order := stacked
	if ok {
		order = nil
		used := map[int]bool{}
		for _, want := range ans.Triggers {
			src, cond, _ := strings.Cut(want, ":")
			found := false
			for _, i := range stacked {
				if !used[i] && ts[i].Source == src && (cond == "" || ts[i].Condition == cond) {
					used[i], found = true, true
					order = append(order, i)
					break
				}
			}
			if !found {
				return errorf(CodeBadChoice, ans.Line, 0, ctrl, ChoiceTriggers, want)
			}
		}
		for _, i := range stacked {
			if !used[i] {
				order = append(order, i)
			}
		}
	}
	orig := append([]Trigger(nil), ts...)
	objs := make([]string, len(order))
	args := []string{ChoiceTriggers, "", "chosen"}
	if !ok {
		args[2] = "default"
	}
	for k, i := range order {
		ts[pos[k]] = orig[i]
		objs[k] = orig[i].Source
		args = append(args, orig[i].Condition)
	}
	g.emit(Event{Kind: EventChoice, Player: ctrl, Objects: objs, Args: args, Rule: "603.3b"})
	return nil
}

// resolveStack resolves the stack from the top, as when every player
// passes in succession (117.4, 500.2), with triggers and state-based
// actions in between.
func (g *game) resolveStack() error {
	for n := 0; len(g.s.Stack) > 0; n++ {
		if n > 256 {
			return errorf(CodeTooManyActions, 0, 0, "resolve")
		}
		if err := g.resolve(""); err != nil {
			return err
		}
		g.priority()
		if g.err != nil {
			return g.err
		}
	}
	return nil
}

// effectID gives an unused effect id based on id.
func (g *game) effectID(id string) string {
	out := id
	for n := 2; g.s.effect(out) != nil; n++ {
		out = id + "-" + itoa(n)
	}
	return out
}
