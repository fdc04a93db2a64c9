package engine

import (
	"sort"
	"strconv"
	"strings"
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

// spellAbility gives the model ability a stack object follows: the spell
// (or its chosen mode), an activated, triggered or delayed ability of its
// card; nil for a spell or ability the scenario describes itself.
func (g *game) spellAbility(o *StackObject) *ability {
	card := o.Card
	if card == "" {
		if p := g.s.perm(o.Source); p != nil {
			card = p.Card
		}
	}
	var m *cardModel
	if card != "" {
		m = modelOf(card)
	}
	isEquipment := false
	if p := g.s.perm(o.Source); p != nil && has(p.Subtypes, "Equipment") {
		isEquipment = true
	}
	switch {
	case o.Trigger == onEndCombat || o.Trigger == onNextUpkeep:
		if m != nil && o.Ability >= 1 && o.Ability <= len(m.delayed) {
			return m.delayed[o.Ability-1]
		}
	case o.Trigger != "":
		if m != nil && o.Ability >= 1 && o.Ability <= len(m.triggers) {
			return m.triggers[o.Ability-1]
		}
	case o.Ability > 0:
		list := activatedAbilities(m, isEquipment)
		if o.Ability <= len(list) {
			return list[o.Ability-1]
		}
	case m != nil && len(m.modes) > 0 && o.Mode >= 1 && o.Mode <= len(m.modes):
		return m.modes[o.Mode-1]
	case m != nil:
		return m.spell
	}
	return nil
}

// activatedAbilities lists a model's activated abilities, equip last for an
// Equipment (702.6a).
func activatedAbilities(m *cardModel, equipment bool) []*ability {
	var list []*ability
	if m != nil {
		list = append(list, m.activated...)
	}
	if equipment {
		list = append(list, &ability{cost: cost{sorcery: true}, equip: true,
			targets: &targetSpec{min: 1, max: 1, what: []string{"creature"}, control: "you", prefer: "you"},
			do: func(g *game, o *StackObject, legal []string) error {
				if p := g.s.perm(o.Source); p != nil && p.Exists() && len(legal) == 1 {
					return g.attachRule(o.Source, legal[0], "702.6a")
				}
				return nil
			}})
	}
	return list
}

// genericSpec is what a spell the scenario describes may target: any
// permanent or player, or phased-out permanents for a spell that phases
// them in.
func genericSpec(o *StackObject) *targetSpec {
	spec := &targetSpec{min: len(o.Targets), max: len(o.Targets), what: []string{"permanent", "player"}}
	for _, op := range o.Ops {
		if op.Kind == OpPhaseIn {
			spec.phased = true
		}
	}
	return spec
}

// specOf gives the targeting rules of a stack object.
func (g *game) specOf(o *StackObject) *targetSpec {
	if ab := g.spellAbility(o); ab != nil {
		return ab.targets
	}
	if o.Permanent != "" {
		if p := g.s.perm(o.Permanent); p != nil && has(p.Subtypes, "Aura") {
			what := p.Enchant
			if len(what) == 0 {
				what = []string{"permanent"}
			}
			return &targetSpec{min: 1, max: 1, what: what}
		}
		return nil
	}
	return genericSpec(o)
}

// cast puts a spell on the stack (601.2): its mode and X are chosen, its
// targets checked, and a permanent spell's card moves to the stack.
func (g *game) cast(o StackObject) error {
	for _, x := range g.s.Stack {
		if x.ID == o.ID {
			return errorf(CodeDuplicateID, 0, 0, o.ID)
		}
	}
	if o.Permanent == "" && g.s.perm(o.ID) != nil {
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
	for _, t := range o.Targets {
		if g.s.player(t) < 0 {
			if err := g.need(t); err != nil {
				return err
			}
		}
	}
	var perm *Permanent
	flash := false
	if o.Permanent != "" {
		perm = g.s.perm(o.Permanent)
		if perm == nil {
			return errorf(CodeUndefinedID, 0, 0, o.Permanent)
		}
		if perm.Zone != ZoneHand {
			return illegal(CodeCantCast, "601.2", o.ID)
		}
		flash = has(perm.Keywords, "flash")
	}
	if !has(o.Types, "instant") && !flash {
		main := g.s.Step == StepMain1 || g.s.Step == StepMain2
		if !main || g.s.Active != o.Controller || len(g.s.Stack) > 0 {
			return illegal(CodeCantCast, "307.1", o.ID)
		}
	}
	var m *cardModel
	if o.Card != "" {
		m = modelOf(o.Card)
	}
	src := g.stackSource(&o)
	if m != nil && len(m.modes) > 0 && o.Mode == 0 {
		if err := g.chooseMode(&o, m, src); err != nil {
			return err
		}
	}
	if m != nil && len(m.modes) > 0 && (o.Mode < 1 || o.Mode > len(m.modes)) {
		return errorf(CodeBadValue, 0, 0, "mode", itoa(o.Mode), "1 to "+itoa(len(m.modes)))
	}
	spec := g.specOf(&o)
	if spec == nil && len(o.Targets) > 0 {
		return illegal(CodeNotLegalTarget, "115.1", o.ID, o.Targets[0])
	}
	if spec != nil {
		if spec.max == maxX {
			x, err := g.chooseX(o.Controller, o.X, len(o.Targets), "601.2b")
			if err != nil {
				return err
			}
			o.X = x
		}
		if err := g.checkTargets(src, spec, o.Targets, o.X); err != nil {
			return err
		}
	}
	if perm != nil {
		perm.Zone = ZoneStack
	}
	if pl := &g.s.Players[i]; pl.HandKnown && pl.Hand > 0 {
		pl.Hand--
	}
	g.s.Stack = append(g.s.Stack, o)
	g.emit(Event{Kind: EventCast, Objects: append([]string{o.ID}, o.Targets...), Rule: "601.2", Player: o.Controller})
	return nil
}

// chooseMode chooses a modal spell's mode (700.2): the answer, or the first
// mode whose targeting the given targets fit.
func (g *game) chooseMode(o *StackObject, m *cardModel, src source) error {
	a, ok, err := g.answer(o.Controller, ChoiceMode)
	if err != nil {
		return err
	}
	if ok {
		o.Mode = a.Mode
		g.chose(o.Controller, ChoiceMode, itoa(a.Mode), "601.2b", false)
		return nil
	}
	o.Mode = 1
	for i, md := range m.modes {
		if md.targets == nil || g.checkTargets(src, md.targets, o.Targets, len(o.Targets)) == nil {
			o.Mode = i + 1
			break
		}
	}
	g.chose(o.Controller, ChoiceMode, itoa(o.Mode), "601.2b", true)
	return nil
}

// activateAbility activates an activated ability of a permanent (602.2):
// its costs are paid ({T}, life; mana is taken as paid) and it goes on the
// stack, except a mana ability, which resolves at once (605.3a).
func (g *game) activateAbility(o StackObject) error {
	src := g.s.perm(o.Source)
	if src == nil {
		return errorf(CodeUndefinedID, 0, 0, o.Source)
	}
	switch {
	case src.PhasedOut && src.Zone == ZoneBattlefield:
		return illegal(CodeCantActivate, "702.26b", o.Source)
	case !src.Exists():
		return illegal(CodeCantActivate, "602.2", o.Source)
	}
	var m *cardModel
	if src.Card != "" {
		m = modelOf(src.Card)
	}
	list := activatedAbilities(m, has(src.Subtypes, "Equipment"))
	if o.Ability == -1 && has(src.Subtypes, "Equipment") {
		o.Ability = len(list) // equip comes last
	}
	switch {
	case len(list) == 0:
		return illegal(CodeCantActivate, "602.1", o.Source)
	case o.Ability == 0 && len(list) == 1:
		o.Ability = 1
	case o.Ability < 1 || o.Ability > len(list):
		return errorf(CodeBadValue, 0, 0, "ability", itoa(o.Ability), "1 to "+itoa(len(list)))
	}
	ab := list[o.Ability-1]
	ctrl := src.Controller
	if o.Controller != "" && o.Controller != ctrl {
		return illegal(CodeCantActivate, "602.2", o.Source)
	}
	o.Controller = ctrl
	pl := &g.s.Players[g.s.player(ctrl)]
	if ab.cost.tap {
		switch {
		case src.Tapped:
			return illegal(CodeCantActivate, "602.2b", o.Source)
		case src.Is("creature") && src.Sick && !src.Has("haste"):
			return illegal(CodeCantActivate, "302.6", o.Source)
		case src.Is("creature") && g.restricted(src, "no_tap_abilities"):
			return illegal(CodeCantActivate, "101.2", o.Source)
		}
	}
	if ab.cost.life > 0 {
		switch {
		case pl.Life < ab.cost.life:
			return illegal(CodeCantPay, "119.4", ctrl, itoa(ab.cost.life))
		case g.playerEffect(ctrl, "life_cant_change") != nil:
			return illegal(CodeCantPay, "119.8", ctrl, itoa(ab.cost.life))
		}
	}
	if ab.cost.sorcery && (g.s.Active != ctrl || len(g.s.Stack) > 0 || g.s.Step != StepMain1 && g.s.Step != StepMain2) {
		return illegal(CodeCantActivate, "602.5d", o.Source)
	}
	if o.ID == "" {
		o.ID = g.stackID(o.Source + ":" + itoa(o.Ability))
	}
	o.Name, o.Colors, o.Types, o.Card = src.Name, src.Colors, src.Types, src.Card
	if ab.targets != nil {
		if err := g.checkTargets(g.stackSource(&o), ab.targets, o.Targets, o.X); err != nil {
			return err
		}
	} else if len(o.Targets) > 0 {
		return illegal(CodeNotLegalTarget, "115.1", o.ID, o.Targets[0])
	}
	g.emit(Event{Kind: EventActivate, Objects: append([]string{o.ID, o.Source}, o.Targets...), Rule: "602.2", Player: ctrl})
	if ab.cost.tap {
		src.Tapped = true
		g.emit(Event{Kind: EventTap, Objects: []string{o.Source}, Rule: "107.5", Player: ctrl}) // {T}: tap this permanent
	}
	if ab.cost.life > 0 {
		pl.Life -= ab.cost.life
		g.emit(Event{Kind: EventPayLife, Player: ctrl, Args: []string{itoa(ab.cost.life), itoa(pl.Life)}, Rule: "119.4"})
	}
	if ab.mana != "" {
		g.emit(Event{Kind: EventMana, Objects: []string{o.Source}, Player: ctrl, Args: []string{ab.mana}, Rule: "605.3a"})
		return nil
	}
	g.s.Stack = append(g.s.Stack, o)
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
		if !used {
			return out
		}
		out = id + "-" + itoa(n)
	}
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
	spec := g.specOf(&o)
	src := g.stackSource(&o)
	var legal []string
	for _, t := range o.Targets {
		rule := "608.2b"
		if spec != nil {
			rule = g.canTarget(src, spec, t)
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
	if ab := g.spellAbility(&o); ab != nil {
		if ab.do != nil {
			return ab.do(g, &o, legal)
		}
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

// resolvePermanent puts a resolving permanent spell onto the battlefield
// (608.3); an Aura spell enters attached to its target (303.4f).
func (g *game) resolvePermanent(o *StackObject, legal []string) error {
	p := g.s.perm(o.Permanent)
	p.BaseController = o.Controller
	rule := "608.3a"
	if has(p.Subtypes, "Aura") && len(legal) == 1 {
		p.AttachedTo = legal[0]
		rule = "608.3c"
	}
	g.enter([]string{p.ID}, rule)
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
// the engine implements (vanishing, flanking).
func isKeywordTrigger(cond string) bool {
	return cond == onVanishing || cond == onLastCounter || cond == onFlanking
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
	}
}

// fire records that id's abilities with condition cond trigger: those the
// scenario names on it (only an event) and those of its card (they go on
// the stack). object is what the trigger refers to.
func (g *game) fire(id, cond, rule, object string) {
	p := g.s.perm(id)
	if p == nil {
		return
	}
	if has(p.Triggers, cond) {
		g.s.Pending = append(g.s.Pending, Trigger{Source: id, Condition: cond, Rule: rule, Object: object})
	}
	if p.Card == "" {
		return
	}
	m := modelOf(p.Card)
	if m == nil {
		return
	}
	for i, ab := range m.triggers {
		if ab.on == cond {
			g.s.Pending = append(g.s.Pending, Trigger{Source: id, Condition: cond, Rule: rule, Ability: i + 1, Object: object,
				Controller: p.Controller, Card: p.Card})
		}
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
		if t.Ability == 0 && !isKeywordTrigger(t.Condition) {
			continue
		}
		o := StackObject{ID: g.stackID(t.Source + ":" + t.Condition), Controller: ctrl, Card: t.Card, Ability: t.Ability,
			Source: t.Source, Object: t.Object, X: t.X, Trigger: t.Condition}
		if t.Player != "" {
			o.Object = t.Player
		}
		o.Name = t.Source
		if p := g.s.perm(t.Source); p != nil {
			o.Name, o.Colors, o.Types = p.Name, p.Colors, p.Types
		} else if t.Card != "" {
			o.Name = t.Card
		}
		ab := g.spellAbility(&o)
		if ab != nil && ab.targets != nil {
			targets, err := g.triggerTargets(&o, ab.targets)
			if err != nil {
				if g.err == nil {
					g.err = err
				}
				return
			}
			if len(targets) < ab.targets.min {
				g.s.LeftStack = append(g.s.LeftStack, o)
				g.emit(Event{Kind: EventNoTargets, Objects: []string{o.ID}, Rule: "603.3d", Player: ctrl})
				continue
			}
			o.Targets = targets
			if len(targets) > 0 {
				g.emit(Event{Kind: EventTarget, Objects: append([]string{o.ID}, targets...), Rule: "603.3d", Player: ctrl})
			}
		}
		g.s.Stack = append(g.s.Stack, o)
	}
}

// orderTriggers puts one player's triggered abilities in the order they go
// on the stack (603.3b): the player's triggers answer, else the order they
// triggered in. When two or more go on the stack, a choice event says the
// order, the last one on top.
func (g *game) orderTriggers(ts []Trigger) error {
	var stacked []int
	for i, t := range ts {
		if t.Ability != 0 || isKeywordTrigger(t.Condition) {
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

// triggerTargets chooses a triggered ability's targets: the controller's
// answer, else the default (see Choices).
func (g *game) triggerTargets(o *StackObject, spec *targetSpec) ([]string, error) {
	src := g.stackSource(o)
	a, ok, err := g.answer(o.Controller, ChoiceTargets)
	if err != nil {
		return nil, err
	}
	if ok {
		if err := g.checkTargets(src, spec, a.Targets, o.X); err != nil {
			return nil, err
		}
		g.chose(o.Controller, ChoiceTargets, "", "603.3d", false, a.Targets...)
		return a.Targets, nil
	}
	t := g.defaultTargets(src, spec, o.X)
	g.chose(o.Controller, ChoiceTargets, "", "603.3d", true, t...)
	return t, nil
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
