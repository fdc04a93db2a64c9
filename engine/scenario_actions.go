package engine

import (
	"strconv"
	"strings"
)

// actionKeys lists the actions a scenario may use.
func actionKeys() []string {
	var out []string
	for _, k := range ActionKinds() {
		out = append(out, string(k))
	}
	return out
}

func (p *scenarioParser) actions(top *fields) error {
	av := top.get("actions")
	if av == nil {
		return nil
	}
	if av.kind != seqValue {
		return errorf(CodeWrongType, av.line, av.col, "actions", "list")
	}
	if len(av.items) > MaxActions {
		it := av.items[MaxActions]
		return errorf(CodeTooManyActions, it.line, it.col, strconv.Itoa(MaxActions))
	}
	for _, it := range av.items {
		a, err := p.action(it, 0)
		if err != nil {
			return err
		}
		p.sc.Actions = append(p.sc.Actions, a)
	}
	return nil
}

// action reads one action; depth counts the illegal actions it is inside.
func (p *scenarioParser) action(v *value, depth int) (Action, error) {
	var a Action
	if _, err := asMap(v, "action", actionKeys()...); err != nil {
		return a, err
	}
	if len(v.keys) != 1 {
		return a, errorf(CodeBadValue, v.line, v.col, "action", v.text(), "exactly one action per entry")
	}
	kind := v.keys[0].s
	a.Kind = ActionKind(kind)
	a.Line, a.Text = v.keys[0].line, kind+": "+v.items[0].text()
	x := v.items[0]
	ygoOnly := a.Kind == ActionEnterPhase
	if a.Kind != ActionCheck && ygoOnly != (p.sc.Game == "ygo") {
		return a, errorf(CodeUnknownKey, v.keys[0].line, v.keys[0].col, kind, p.sc.Game+" actions")
	}
	var err error
	switch a.Kind {
	case ActionPhaseOut, ActionPhaseIn, ActionDestroy, ActionTap, ActionUntap, ActionEnter, ActionLeaveBattlefield:
		a.IDs, err = p.refs(x, kind, "permanent")
	case ActionPlay:
		a.Target, err = p.ref(x, kind, "permanent")
	case ActionPhaseOutAll, ActionPhaseInAll, ActionPhaseToggle, ActionDestroyAll:
		a.Filter, err = p.filter(x, kind)
	case ActionPhaseOutUntil:
		var g *fields
		if g, err = asMap(x, kind, "target", "until", "tap_on_return"); err != nil {
			return a, err
		}
		var tv, uv *value
		if tv, err = g.require("target"); err != nil {
			return a, err
		}
		if a.Target, err = p.ref(tv, "target", "permanent"); err != nil {
			return a, err
		}
		if uv, err = g.require("until"); err != nil {
			return a, err
		}
		if a.Until, err = uv.str("until"); err != nil {
			return a, err
		}
		src, ok := strings.CutSuffix(a.Until, "_leaves")
		if !ok {
			return a, errorf(CodeBadValue, uv.line, uv.col, "until", a.Until, "<id>_leaves")
		}
		if p.ids[src] != "permanent" {
			return a, errorf(CodeUndefinedID, uv.line, uv.col, src)
		}
		a.TapOnReturn, err = g.optBool("tap_on_return")
	case ActionEffect:
		var e Effect
		if e, err = p.effect(x); err != nil {
			return a, err
		}
		a.Effect = &e
	case ActionCast:
		a.Spell, err = p.spell(x)
	case ActionActivate:
		a.Spell, err = p.activation(x)
	case ActionResolve:
		if x.tag != "null" {
			a.Target, err = p.ref(x, "resolve", "spell", "permanent")
		}
	case ActionAttack:
		var g *fields
		if g, err = asMap(x, kind, "attackers", "defender"); err != nil {
			return a, err
		}
		var av, dv *value
		if av, err = g.require("attackers"); err != nil {
			return a, err
		}
		if a.Attackers, err = p.refs(av, "attackers", "permanent"); err != nil {
			return a, err
		}
		if dv, err = g.require("defender"); err != nil {
			return a, err
		}
		a.Defender, err = p.player(dv, "defender")
	case ActionBlock:
		var g *fields
		if g, err = asMap(x, kind, "blocker", "blockers", "attacker"); err != nil {
			return a, err
		}
		bv, bsv := g.get("blocker"), g.get("blockers")
		switch {
		case bv != nil && bsv != nil:
			return a, errorf(CodeBadValue, x.line, x.col, "block", x.text(), "blocker or blockers, not both")
		case bv != nil:
			if a.Blocker, err = p.ref(bv, "blocker", "permanent"); err != nil {
				return a, err
			}
		case bsv != nil:
			if a.Blockers, err = p.refs(bsv, "blockers", "permanent"); err != nil {
				return a, err
			}
			if len(a.Blockers) == 0 {
				return a, errorf(CodeMissingKey, x.line, x.col, "blockers", "block")
			}
		default:
			return a, errorf(CodeMissingKey, x.line, x.col, "blocker", "block")
		}
		var tv *value
		if tv, err = g.require("attacker"); err != nil {
			return a, err
		}
		a.Attacker, err = p.ref(tv, "attacker", "permanent")
	case ActionDamage:
		var g *fields
		if g, err = asMap(x, kind, "target", "amount"); err != nil {
			return a, err
		}
		var tv, nv *value
		if tv, err = g.require("target"); err != nil {
			return a, err
		}
		if s, _ := tv.str("target"); has(p.players, s) {
			a.Target = s
		} else if a.Target, err = p.ref(tv, "target", "permanent"); err != nil {
			return a, err
		}
		if nv, err = g.require("amount"); err != nil {
			return a, err
		}
		a.Amount, err = nv.integer("amount")
		if err == nil && a.Amount < 0 {
			err = errorf(CodeBadValue, nv.line, nv.col, "amount", nv.s, "a number from 0")
		}
	case ActionCounter:
		var g *fields
		if g, err = asMap(x, kind, "target", "kind", "n"); err != nil {
			return a, err
		}
		var tv *value
		if tv, err = g.require("target"); err != nil {
			return a, err
		}
		if a.Target, err = p.ref(tv, "target", "permanent"); err != nil {
			return a, err
		}
		if a.Counter, err = g.optStr("kind", "+1/+1"); err != nil {
			return a, err
		}
		a.N, err = g.optInt("n", 1)
	case ActionAttach:
		// {attachment: host}
		if x.kind != mapValue || len(x.keys) != 1 {
			return a, errorf(CodeWrongType, x.line, x.col, "attach", "{attachment: host}")
		}
		if a.Target, err = p.ref(x.keys[0], "attach", "permanent"); err != nil {
			return a, err
		}
		a.Attacker, err = p.ref(x.items[0], "attach", "permanent")
	case ActionSkipUntap, ActionLeaveGame:
		a.Player, err = p.player(x, kind)
	case ActionDraw:
		err = p.drawAction(x, &a)
	case ActionChoose:
		a.Answer, err = p.answer(x)
	case ActionIllegal:
		if depth > 0 {
			return a, errorf(CodeBadValue, x.line, x.col, "illegal", x.text(), "an action that is not itself illegal")
		}
		var g *fields
		if g, err = asMap(x, kind, "action", "rule"); err != nil {
			return a, err
		}
		var iv, rv *value
		if iv, err = g.require("action"); err != nil {
			return a, err
		}
		in, err := p.action(iv, depth+1)
		if err != nil {
			return a, err
		}
		a.Inner = &in
		if rv, err = g.require("rule"); err != nil {
			return a, err
		}
		a.Rule, err = rv.str("rule")
	case ActionCheck:
		a.Checks, err = p.expectList(x, "check")
	case ActionAdvance:
		var g *fields
		if g, err = asMap(x, kind, "player", "step"); err != nil {
			return a, err
		}
		a.Player = p.sc.Initial.Active
		if pv := g.get("player"); pv != nil {
			if a.Player, err = p.player(pv, "player"); err != nil {
				return a, err
			}
		}
		var sv *value
		if sv, err = g.require("step"); err != nil {
			return a, err
		}
		var s string
		if s, err = sv.str("step"); err != nil {
			return a, err
		}
		if err = oneOf(sv, "step", s, stepNames()...); err != nil {
			return a, err
		}
		a.Step = Step(s)
	case ActionEnterPhase:
		var s string
		if s, err = x.str("enter_phase"); err != nil {
			return a, err
		}
		if err = oneOf(x, "enter_phase", s, phaseNames()...); err != nil {
			return a, err
		}
		a.Step = Step(s)
	}
	return a, err
}

// drawAction reads draw: {player, n} or {player, for_each: filter}.
func (p *scenarioParser) drawAction(x *value, a *Action) error {
	g, err := asMap(x, "draw", "player", "n", "for_each")
	if err != nil {
		return err
	}
	pv, err := g.require("player")
	if err != nil {
		return err
	}
	if a.Player, err = p.player(pv, "player"); err != nil {
		return err
	}
	if a.N, err = g.optInt("n", 1); err != nil {
		return err
	}
	if a.N < 0 {
		nv := g.get("n")
		return errorf(CodeBadValue, nv.line, nv.col, "n", nv.s, "a number from 0")
	}
	if fv := g.get("for_each"); fv != nil {
		if g.get("n") != nil {
			return errorf(CodeBadValue, fv.line, fv.col, "draw", x.text(), "n or for_each, not both")
		}
		a.ForEach, err = p.filter(fv, "for_each")
	}
	return err
}

// answer reads choose: {player, and one of keep, order, divide, triggers,
// x, targets, pick, mode, pay, type}.
func (p *scenarioParser) answer(x *value) (*Answer, error) {
	g, err := asMap(x, "choose", "player", "keep", "order", "divide", "triggers", "x", "targets", "pick", "mode", "modes", "pay", "type", "may", "apply")
	if err != nil {
		return nil, err
	}
	pv, err := g.require("player")
	if err != nil {
		return nil, err
	}
	a := &Answer{Line: x.line}
	if a.Player, err = p.player(pv, "player"); err != nil {
		return nil, err
	}
	if len(x.keys) != 2 {
		return nil, errorf(CodeBadValue, x.line, x.col, "choose", x.text(), "player and exactly one answer")
	}
	k, v := x.keys[0], x.items[0]
	if k.s == "player" {
		k, v = x.keys[1], x.items[1]
	}
	switch k.s {
	case "keep":
		a.Keep, err = p.ref(v, "keep", "permanent")
	case "order":
		a.Order, err = p.refs(v, "order", "permanent")
		if err == nil && a.Order == nil {
			a.Order = []string{}
		}
	case "divide":
		// {blocker: n, ...}, and the defending player with trample.
		if v.kind != mapValue || len(v.keys) == 0 {
			return nil, errorf(CodeWrongType, v.line, v.col, "divide", "mapping of ids to amounts of damage")
		}
		a.Divide = []Share{}
		for i, kv := range v.keys {
			id := kv.s
			if !has(p.players, id) {
				if id, err = p.ref(kv, "divide", "permanent"); err != nil {
					return nil, err
				}
			}
			n, err := v.items[i].integer(id)
			if err != nil {
				return nil, err
			}
			if n < 0 {
				return nil, errorf(CodeBadValue, v.items[i].line, v.items[i].col, id, v.items[i].s, "a number from 0")
			}
			a.Divide = append(a.Divide, Share{ID: id, N: n})
		}
	case "triggers":
		// [source, or source:condition, ...]: the order in which they go on the stack.
		items := []*value{v}
		if v.kind == seqValue {
			items = v.items
		}
		a.Triggers = []string{}
		for _, it := range items {
			s, err := it.str("triggers")
			if err != nil {
				return nil, err
			}
			src, cond, _ := strings.Cut(s, ":")
			if what := p.ids[src]; what != "permanent" {
				return nil, errorf(CodeUndefinedID, it.line, it.col, src)
			}
			if cond != "" && !has(TriggerConditions(), cond) {
				return nil, errorf(CodeBadValue, it.line, it.col, "triggers", s, "<id> or <id>:<trigger condition>")
			}
			a.Triggers = append(a.Triggers, s)
		}
	case "pick":
		a.Pick, err = p.refs(v, "pick", "permanent")
		if err == nil && a.Pick == nil {
			a.Pick = []string{}
		}
	case "targets":
		a.Targets, err = p.targetRefs(v, "targets")
		if err == nil && a.Targets == nil {
			a.Targets = []string{}
		}
	case "x":
		a.X, err = v.integer("x")
		a.HasX = true
		if err == nil && a.X < 0 {
			err = errorf(CodeBadValue, v.line, v.col, "x", v.s, "a number from 0")
		}
	case "mode":
		a.Mode, err = v.integer("mode")
		if err == nil && a.Mode < 1 {
			err = errorf(CodeBadValue, v.line, v.col, "mode", v.s, "a mode number from 1")
		}
	case "pay":
		var b bool
		b, err = v.boolean("pay")
		a.Pay = "no"
		if b {
			a.Pay = "yes"
		}
	case "type":
		a.Type, err = v.str("type")
	case "modes":
		var ns []int
		if ns, err = v.ints("modes"); err == nil {
			if len(ns) == 0 || ns[0] < 1 {
				return nil, errorf(CodeBadValue, v.line, v.col, "modes", v.text(), "mode numbers from 1")
			}
			a.Mode, a.Modes = ns[0], ns[1:]
		}
	case "may":
		var b bool
		b, err = v.boolean("may")
		a.May = "no"
		if b {
			a.May = "yes"
		}
	case "apply":
		a.Apply, err = v.str("apply")
		if err == nil && p.ids[a.Apply] == "" {
			err = errorf(CodeUndefinedID, v.line, v.col, a.Apply)
		}
	}
	return a, err
}

// targetRefs reads targets: permanents' ids or players' names.
func (p *scenarioParser) targetRefs(v *value, key string) ([]string, error) {
	items := []*value{v}
	if v.kind == seqValue {
		items = v.items
	} else if v.kind != scalarValue {
		return nil, errorf(CodeWrongType, v.line, v.col, key, "list of ids")
	}
	var out []string
	for _, it := range items {
		if s, err := it.str(key); err == nil && has(p.players, s) {
			out = append(out, s)
			continue
		}
		s, err := p.ref(it, key, "permanent")
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

func spellKeys() []string {
	return []string{"id", "name", "card", "targets", "controller", "effect", "x", "mode", "modes", "types", "colors", "power", "toughness",
		"kicked", "buyback", OpDamage, OpDestroy, OpPhaseOut, OpPhaseIn, OpExile, OpBounce, OpTap, OpPump}
}

// spell reads a cast: an id, a real card or a name with generic effects
// (in the order written), targets, controller, X and mode; or the id of
// a card the scenario defined in a hand or graveyard, which is cast.
func (p *scenarioParser) spell(v *value) (*StackObject, error) {
	f, err := asMap(v, "cast", spellKeys()...)
	if err != nil {
		return nil, err
	}
	o := &StackObject{}
	idv, err := f.require("id")
	if err != nil {
		return nil, err
	}
	if o.ID, err = idv.str("id"); err != nil {
		return nil, err
	}
	if cv := f.get("controller"); cv != nil {
		if o.Controller, err = p.player(cv, "controller"); err != nil {
			return nil, err
		}
	}
	defined := p.ids[o.ID] == "permanent" && f.get("card") == nil && f.get("name") == nil
	var perm *Permanent
	switch {
	case defined:
		for _, k := range v.keys {
			if has(append(OpKinds(), "effect", "types", "colors", "power", "toughness"), k.s) {
				return nil, errorf(CodeUnknownKey, k.line, k.col, k.s, "cast of a card defined in the scenario")
			}
		}
		o.CardObject, o.defined = o.ID, true
	case f.get("card") != nil:
		cv := f.get("card")
		c, b, err := p.card(cv)
		if err != nil {
			return nil, err
		}
		for _, k := range v.keys {
			if has(append(OpKinds(), "effect", "types", "colors", "name"), k.s) {
				return nil, errorf(CodeUnknownKey, k.line, k.col, k.s, "cast of a real card")
			}
		}
		if has(c.Types, "land") {
			return nil, errorf(CodeBadValue, cv.line, cv.col, "card", c.Name, "a spell (a land is played, not cast: 305.1)")
		}
		o.Card, o.Name, o.Types, o.Colors, o.LocalNames, o.Behavior = c.Name, c.Name, c.Types, CardColors(c), c.Names, b
		ctrl := o.Controller
		if ctrl == "" {
			ctrl = p.sc.Initial.Active
		}
		q := Permanent{ID: o.ID, Owner: ctrl, BaseController: ctrl, Controller: ctrl, Zone: ZoneHand, toCast: true}
		permanentFromCard(&q, c, b)
		if q.BasePower, err = f.optInt("power", q.BasePower); err != nil {
			return nil, err
		}
		if q.BaseTough, err = f.optInt("toughness", q.BaseTough); err != nil {
			return nil, err
		}
		if q.Is("creature") && (c.Power == "" || c.Toughness == "") && (f.get("power") == nil || f.get("toughness") == nil) && !hasCDA(b) {
			return nil, errorf(CodeCardNoPT, cv.line, cv.col, c.Name)
		}
		perm = &q
		o.CardObject = o.ID
		if isPermanentCard(c.Types) {
			o.Permanent = o.ID
		}
	default:
		for _, k := range []string{"power", "toughness", "kicked", "buyback"} {
			if kv := f.get(k); kv != nil {
				return nil, errorf(CodeUnknownKey, kv.line, kv.col, k, "cast without a card")
			}
		}
		if o.Name, err = f.optStr("name", o.ID); err != nil {
			return nil, err
		}
		if o.Types, err = f.optStrs("types"); err != nil {
			return nil, err
		}
		for _, t := range o.Types {
			if err := oneOf(f.get("types"), "types", t, "instant", "sorcery"); err != nil {
				return nil, err
			}
		}
		if len(o.Types) == 0 {
			o.Types = []string{"instant"}
		}
		if o.Colors, err = f.optStrs("colors"); err != nil {
			return nil, err
		}
		for _, c := range o.Colors {
			if err := oneOf(f.get("colors"), "colors", c, Colors()...); err != nil {
				return nil, err
			}
		}
		for i, k := range v.keys {
			val := v.items[i]
			switch k.s {
			case OpDamage:
				n, err := val.integer(k.s)
				if err != nil {
					return nil, err
				}
				if n < 0 {
					return nil, errorf(CodeBadValue, val.line, val.col, k.s, val.s, "a number from 0")
				}
				o.Ops = append(o.Ops, Op{Kind: OpDamage, N: n})
			case OpDestroy, OpPhaseOut, OpPhaseIn, OpExile, OpBounce, OpTap:
				b, err := val.boolean(k.s)
				if err != nil {
					return nil, err
				}
				if b {
					o.Ops = append(o.Ops, Op{Kind: k.s})
				}
			case OpPump:
				pf, err := asMap(val, "pump", "power", "toughness")
				if err != nil {
					return nil, err
				}
				op := Op{Kind: OpPump}
				if op.Power, err = pf.optInt("power", 0); err != nil {
					return nil, err
				}
				if op.Toughness, err = pf.optInt("toughness", 0); err != nil {
					return nil, err
				}
				o.Ops = append(o.Ops, op)
			}
		}
	}
	if o.Kicked, err = f.optBool("kicked"); err != nil {
		return nil, err
	}
	if o.Buyback, err = f.optBool("buyback"); err != nil {
		return nil, err
	}
	if mv := f.get("modes"); mv != nil {
		ns, err := mv.ints("modes")
		if err != nil {
			return nil, err
		}
		for _, n := range ns {
			if n < 1 {
				return nil, errorf(CodeBadValue, mv.line, mv.col, "modes", mv.text(), "mode numbers from 1")
			}
		}
		o.Modes = ns
	}
	if tv := f.get("targets"); tv != nil {
		if o.Targets, err = p.targetRefs(tv, "targets"); err != nil {
			return nil, err
		}
	}
	if o.X, err = f.optInt("x", 0); err != nil {
		return nil, err
	}
	if o.Mode, err = f.optInt("mode", 0); err != nil {
		return nil, err
	}
	if o.X < 0 || o.Mode < 0 {
		return nil, errorf(CodeBadValue, v.line, v.col, "x", v.text(), "numbers from 0")
	}
	if ev := f.get("effect"); ev != nil {
		ef, err := asMap(ev, "spell effect", "kind", "power", "toughness", "player", "keywords", "duration", "source", "from")
		if err != nil {
			return nil, err
		}
		e := &Effect{ID: o.ID, Name: o.Name}
		if err := p.effectBody(ef, e, false); err != nil {
			return nil, err
		}
		o.Effect = e
	}
	if defined {
		return o, nil
	}
	what := "spell"
	if perm != nil {
		what = "permanent"
	}
	if err := p.define(idv, o.ID, what); err != nil {
		return nil, err
	}
	if perm != nil {
		st := &p.sc.Initial
		st.NextObject++
		perm.Object = st.NextObject
		st.Permanents = append(st.Permanents, *perm)
	}
	return o, nil
}

// isPermanentCard reports whether a card with these types is a permanent card.
func isPermanentCard(types []string) bool {
	for _, t := range types {
		if has(cardTypes(), t) {
			return true
		}
	}
	return false
}

// activation reads activate: {id, source, ability, targets, x}.
func (p *scenarioParser) activation(v *value) (*StackObject, error) {
	f, err := asMap(v, "activate", "id", "source", "ability", "targets", "x", "mana")
	if err != nil {
		return nil, err
	}
	o := &StackObject{}
	sv, err := f.require("source")
	if err != nil {
		return nil, err
	}
	if o.Source, err = p.ref(sv, "source", "permanent"); err != nil {
		return nil, err
	}
	if av := f.get("ability"); av != nil {
		if av.s == "equip" {
			o.Ability = -1
		} else if has(abilityKeywords(), av.s) {
			o.abilityKeyword = av.s
		} else if o.Ability, err = av.integer("ability"); err != nil {
			return nil, err
		} else if o.Ability < 1 {
			return nil, errorf(CodeBadValue, av.line, av.col, "ability", av.s, "an ability number from 1, or equip")
		}
	}
	if tv := f.get("targets"); tv != nil {
		if o.Targets, err = p.targetRefs(tv, "targets"); err != nil {
			return nil, err
		}
	}
	if o.X, err = f.optInt("x", 0); err != nil {
		return nil, err
	}
	if mv := f.get("mana"); mv != nil {
		ms, err := mv.str("mana")
		if err != nil {
			return nil, err
		}
		m, ok := ParseMana(ms)
		if !ok || m.Total() != 1 {
			return nil, errorf(CodeBadValue, mv.line, mv.col, "mana", ms, "one mana symbol: {W} {U} {B} {R} {G} {C}")
		}
		for _, t := range manaTypes() {
			if m.get(t) > 0 {
				o.manaChoice = t
			}
		}
	}
	if iv := f.get("id"); iv != nil {
		if o.ID, err = iv.str("id"); err != nil {
			return nil, err
		}
		if err := p.define(iv, o.ID, "spell"); err != nil {
			return nil, err
		}
	}
	return o, nil
}
