package engine

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
