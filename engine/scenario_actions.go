package engine

import (
	"strconv"
	"strings"
)

// actionKeys lists the actions a scenario may use.
func actionKeys() []string {
	return []string{"phase_out", "phase_out_all", "phase_out_until", "phase_in", "phase_in_all", "phase_toggle",
		"effect", "cast", "resolve", "attack", "block", "damage", "destroy", "destroy_all", "counter", "tap", "attach",
		"enter", "leave_battlefield", "skip_untap", "leave_game", "advance", "enter_phase"}
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
		a, err := p.action(it)
		if err != nil {
			return err
		}
		p.sc.Actions = append(p.sc.Actions, a)
	}
	return nil
}

func (p *scenarioParser) action(v *value) (Action, error) {
	var a Action
	if _, err := asMap(v, "action", actionKeys()...); err != nil {
		return a, err
	}
	if len(v.keys) != 1 {
		return a, errorf(CodeBadValue, v.line, v.col, "action", v.text(), "exactly one action per entry")
	}
	a.Kind = v.keys[0].s
	a.Line, a.Text = v.keys[0].line, a.Kind+": "+v.items[0].text()
	x := v.items[0]
	ygoOnly := a.Kind == "enter_phase"
	if ygoOnly != (p.sc.Game == "ygo") {
		return a, errorf(CodeUnknownKey, v.keys[0].line, v.keys[0].col, a.Kind, p.sc.Game+" actions")
	}
	var err error
	switch a.Kind {
	case "phase_out", "phase_in", "destroy", "tap", "enter", "leave_battlefield":
		a.IDs, err = p.refs(x, a.Kind, "permanent")
	case "phase_out_all", "phase_in_all", "phase_toggle", "destroy_all":
		a.Filter, err = p.filter(x, a.Kind)
	case "phase_out_until":
		var g *fields
		if g, err = asMap(x, a.Kind, "target", "until", "tap_on_return"); err != nil {
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
	case "effect":
		var e Effect
		if e, err = p.effect(x); err != nil {
			return a, err
		}
		a.Effect = &e
	case "cast":
		a.Spell, err = p.spell(x)
	case "resolve":
		if x.tag != "null" {
			a.Target, err = p.ref(x, "resolve", "spell")
		}
	case "attack":
		var g *fields
		if g, err = asMap(x, a.Kind, "attackers", "defender"); err != nil {
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
	case "block":
		var g *fields
		if g, err = asMap(x, a.Kind, "blocker", "attacker"); err != nil {
			return a, err
		}
		var bv, tv *value
		if bv, err = g.require("blocker"); err != nil {
			return a, err
		}
		if a.Blocker, err = p.ref(bv, "blocker", "permanent"); err != nil {
			return a, err
		}
		if tv, err = g.require("attacker"); err != nil {
			return a, err
		}
		a.Attacker, err = p.ref(tv, "attacker", "permanent")
	case "damage":
		var g *fields
		if g, err = asMap(x, a.Kind, "target", "amount"); err != nil {
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
	case "counter":
		var g *fields
		if g, err = asMap(x, a.Kind, "target", "kind", "n"); err != nil {
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
	case "attach":
		// {attachment: host}
		if x.kind != mapValue || len(x.keys) != 1 {
			return a, errorf(CodeWrongType, x.line, x.col, "attach", "{attachment: host}")
		}
		if a.Target, err = p.ref(x.keys[0], "attach", "permanent"); err != nil {
			return a, err
		}
		a.Attacker, err = p.ref(x.items[0], "attach", "permanent")
	case "skip_untap", "leave_game":
		a.Player, err = p.player(x, a.Kind)
	case "advance":
		var g *fields
		if g, err = asMap(x, a.Kind, "player", "step"); err != nil {
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
	case "enter_phase":
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

// spell reads a cast: {id, name, targets, damage, destroy, controller, effect}.
func (p *scenarioParser) spell(v *value) (*StackObject, error) {
	f, err := asMap(v, "cast", "id", "name", "targets", "damage", "destroy", "controller", "effect")
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
	if o.Name, err = f.optStr("name", o.ID); err != nil {
		return nil, err
	}
	if tv := f.get("targets"); tv != nil {
		if o.Targets, err = p.refs(tv, "targets", "permanent"); err != nil {
			return nil, err
		}
	}
	if o.Damage, err = f.optInt("damage", 0); err != nil {
		return nil, err
	}
	if o.Destroy, err = f.optBool("destroy"); err != nil {
		return nil, err
	}
	if cv := f.get("controller"); cv != nil {
		if o.Controller, err = p.player(cv, "controller"); err != nil {
			return nil, err
		}
	}
	if ev := f.get("effect"); ev != nil {
		ef, err := asMap(ev, "spell effect", "kind", "power", "toughness", "player", "keywords", "duration", "source")
		if err != nil {
			return nil, err
		}
		e := &Effect{ID: o.ID, Name: o.Name}
		if err := p.effectBody(ef, e, false); err != nil {
			return nil, err
		}
		o.Effect = e
	}
	if err := p.define(idv, o.ID, "spell"); err != nil {
		return nil, err
	}
	if o.Effect != nil {
		// The effect is known by the spell's id once it resolves.
		p.ids[o.ID] = "spell"
	}
	return o, nil
}

// ygo reads the Yu-Gi-Oh! part of a scenario.
func (p *scenarioParser) ygo(top *fields) error {
	for _, k := range []string{"permanents", "effects"} {
		if v := top.get(k); v != nil {
			return errorf(CodeUnknownKey, v.line, v.col, k, "ygo scenario")
		}
	}
	y := &YGOState{Flow: FlowTCG, HandLimit: 6, Decisions: map[string][]string{}, Used: map[string]int{}}
	p.sc.Initial.YGO = y
	var err error
	if fv := top.get("flow"); fv != nil {
		if y.Flow, err = fv.str("flow"); err != nil {
			return err
		}
		if err := oneOf(fv, "flow", y.Flow, FlowTCG, FlowYGOProCore); err != nil {
			return err
		}
	}
	if y.HandLimit, err = top.optInt("hand_limit", 6); err != nil {
		return err
	}
	if hv := top.get("hands"); hv != nil {
		if _, err := asMapAny(hv, "hands"); err != nil {
			return err
		}
		for i, k := range hv.keys {
			name, err := p.player(k, "hands")
			if err != nil {
				return err
			}
			n, err := hv.items[i].integer("hands")
			if err != nil {
				return err
			}
			p.sc.Initial.Players[p.sc.Initial.player(name)].Hand = n
		}
	}
	if ev := top.get("phase_effects"); ev != nil {
		if ev.kind != seqValue {
			return errorf(CodeWrongType, ev.line, ev.col, "phase_effects", "list")
		}
		for _, it := range ev.items {
			f, err := asMap(it, "phase effect", "id", "name", "controller", "phase", "mandatory")
			if err != nil {
				return err
			}
			var e YGOEffect
			idv, err := f.require("id")
			if err != nil {
				return err
			}
			if e.ID, err = idv.str("id"); err != nil {
				return err
			}
			if err := p.define(idv, e.ID, "ygo"); err != nil {
				return err
			}
			if e.Name, err = f.optStr("name", ""); err != nil {
				return err
			}
			cv, err := f.require("controller")
			if err != nil {
				return err
			}
			if e.Controller, err = p.player(cv, "controller"); err != nil {
				return err
			}
			phv, err := f.require("phase")
			if err != nil {
				return err
			}
			ph, err := phv.str("phase")
			if err != nil {
				return err
			}
			if err := oneOf(phv, "phase", ph, phaseNames()...); err != nil {
				return err
			}
			e.Phase = Step(ph)
			if e.Mandatory, err = f.optBool("mandatory"); err != nil {
				return err
			}
			y.Effects = append(y.Effects, e)
		}
	}
	if dv := top.get("decisions"); dv != nil {
		if _, err := asMapAny(dv, "decisions"); err != nil {
			return err
		}
		for i, k := range dv.keys {
			name, err := p.player(k, "decisions")
			if err != nil {
				return err
			}
			list := dv.items[i]
			if list.kind != seqValue {
				return errorf(CodeWrongType, list.line, list.col, "decisions", "list")
			}
			var ds []string
			for _, it := range list.items {
				s, err := it.str("decisions")
				if err != nil {
					return err
				}
				if s != "pass" {
					if _, err := p.ref(it, "decisions", "ygo"); err != nil {
						return err
					}
				}
				ds = append(ds, s)
			}
			y.Decisions[name] = ds
		}
	}
	return nil
}
