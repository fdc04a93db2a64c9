package cardlang

// staticSentence compiles a sentence of a static ability (604): a
// continuous effect, a replacement or prevention effect, a rule the card
// changes; "as long as" gives its condition.
func (cc *cardCtx) staticSentence(s sentence) (Ability, bool) {
	a := cc.newAb(KindStatic)
	var ab Ability
	ok := a.all(s, func(c *cur) bool {
		var cond *Condition
		save := c.pos
		if c.lit("if") {
			if cd, ok := a.condition(c); ok && cd.Kind == CondKicked && c.lit(",") {
				cond = cd
			} else {
				c.pos = save
			}
		} else if c.lit("as long as") {
			cd, ok := a.condition(c)
			if !ok || !c.lit(",") {
				return false
			}
			cond = cd
		}
		effs, ok := a.staticEffects(c)
		if !ok {
			return false
		}
		if cond == nil && c.lit("as long as") {
			cd, ok := a.condition(c)
			if !ok {
				return false
			}
			cond = cd
		}
		if cond != nil {
			a.use("static: as long as")
		}
		ab = Ability{Kind: KindStatic, If: cond, Effects: effs}
		return true
	})
	return ab, ok
}

// staticSubject reads what a static ability affects: the card, the
// permanent it enchants or equips, or a group ("creatures you control",
// "other Elves you control", "all creatures").
func (a *abCtx) staticSubject(c *cur) (*Ref, bool) {
	start := c.pos
	if r, ok := a.objRef(c); ok {
		switch r.Kind {
		case RefSelf, RefEnchanted, RefEquipped, RefAll:
			return r, true
		}
		c.pos = start
		return nil, false
	}
	f, ok := a.filterPhrase(c)
	if !ok {
		return nil, false
	}
	return &Ref{Kind: RefAll, Filter: f}, true
}

// staticEffects reads the continuous effects of one static sentence.
func (a *abCtx) staticEffects(c *cur) (Effects, bool) {
	var out Effects
	rules := []func() bool{
		// "Creatures you control get +1/+1 [and have flying]."
		func() bool {
			subj, ok := a.staticSubject(c)
			if !ok || !(c.lit("get") || c.lit("gets")) {
				return false
			}
			pt, ok := ptChange(c)
			if !ok {
				return false
			}
			pump := Effect{Op: "pump", Args: []Arg{{"what", subj}, {"pt", pt}}}
			if c.lit("for each") {
				f, ok := a.filterPhrase(c)
				if !ok {
					return false
				}
				pump.Args = append(pump.Args, Arg{"per", Amount{Fn: "count", Filter: f}})
				a.use("static: pump for each")
			}
			out = append(out, pump)
			if c.lit("and") {
				if !(c.lit("has") || c.lit("have")) {
					return false
				}
				ks, ok := a.cp.keywordList(c)
				if !ok {
					return false
				}
				out = append(out, Effect{Op: "grant", Args: []Arg{{"what", subj}, {"keywords", ks}}})
				a.use("static: grant")
			}
			a.use("static: pump")
			return true
		},
		// "Creatures you control have haste [and can't be blocked]."
		func() bool {
			subj, ok := a.staticSubject(c)
			if !ok || !(c.lit("has") || c.lit("have")) {
				return false
			}
			ks, ok := a.cp.keywordList(c)
			if !ok {
				return false
			}
			out = append(out, Effect{Op: "grant", Args: []Arg{{"what", subj}, {"keywords", ks}}})
			a.use("static: grant")
			if c.lit("and") {
				e, ok := a.restriction(c, subj)
				if !ok {
					return false
				}
				out = append(out, e)
			}
			return true
		},
		// "CARDNAME can't block." and the like.
		func() bool {
			subj, ok := a.staticSubject(c)
			if !ok {
				return false
			}
			e, ok := a.restriction(c, subj)
			if !ok {
				return false
			}
			out = append(out, e)
			// "…, and their activated abilities with {T} in their costs
			// can't be activated." (Katabatic Winds)
			save := c.pos
			if c.lit(", and their activated abilities with") {
				if m, ok := c.mana(); ok && m == "{T}" && c.lit("in their costs can't be activated") {
					out = append(out, Effect{Op: "cant", Args: []Arg{{"what", subj}, {"action", Word("activate_tap")}}})
					a.use("restriction: tap abilities")
					return true
				}
			}
			c.pos = save
			return true
		},
		// "This spell costs {2} less to cast for each card exiled this way."
		func() bool {
			if !c.lit("this spell costs") {
				return false
			}
			m, ok := c.mana()
			if !ok || !isManaCost(m) || !c.lit("less to cast for each card exiled this way") {
				return false
			}
			out = append(out, Effect{Op: "cost_less", Args: []Arg{{"mana", Mana(m)}, {"per", Amount{Fn: "exiled"}}}})
			a.use("static: costs less")
			return true
		},
		func() bool {
			if !c.lit("this spell can't be countered") {
				return false
			}
			out = append(out, Effect{Op: "cant", Args: []Arg{{"what", &Ref{Kind: RefSelf}}, {"action", Word("be_countered")}}})
			a.use("static: can't be countered")
			return true
		},
		func() bool {
			if !c.lit("you may choose not to untap") || !selfRef(c) || !c.lit("during your untap step") {
				return false
			}
			out = append(out, Effect{Op: "may_not_untap", Args: []Arg{{"what", &Ref{Kind: RefSelf}}}})
			a.use("static: may choose not to untap")
			return true
		},
		// "CARDNAME enters the battlefield tapped." (614.1c)
		func() bool {
			if !selfRef(c) && !c.lit("it") || !c.lit("enters the battlefield") {
				return false
			}
			if c.lit("tapped") {
				out = append(out, Effect{Op: "enters_tapped", Args: []Arg{{"what", &Ref{Kind: RefSelf}}}})
				a.use("static: enters tapped")
				return true
			}
			if !c.lit("with") {
				return false
			}
			n, ok := c.number(true)
			if !ok {
				return false
			}
			kind, ok := counterKind(c)
			if !ok || !(c.lit("counter on it") || c.lit("counters on it")) {
				return false
			}
			out = append(out, Effect{Op: "enters_with_counters", Args: []Arg{{"what", &Ref{Kind: RefSelf}}, {"n", n}, {"kind", Word(kind)}}})
			a.use("static: enters with counters")
			return true
		},
		// "If CARDNAME would die, exile it instead." (614.1a)
		func() bool {
			if !c.lit("if") || !selfRef(c) || !c.lit("would") {
				return false
			}
			var ev *Trigger
			switch {
			case c.lit("die"):
				ev = &Trigger{Event: "dies", Object: &Ref{Kind: RefSelf}}
			case c.lit("be put into a graveyard from anywhere"):
				ev = &Trigger{Event: "put_into_graveyard", Object: &Ref{Kind: RefSelf}, Zone: "anywhere"}
			default:
				return false
			}
			if !c.lit(", exile it instead") {
				return false
			}
			out = append(out, Effect{Op: "replace", Args: []Arg{{"event", ev}, {"instead", Effects{{Op: "exile", Args: []Arg{{"what", &Ref{Kind: RefIt}}}}}}}})
			a.use("static: if it would die, exile it instead")
			return true
		},
		// "You control enchanted creature."
		func() bool {
			if !c.lit("you control enchanted") {
				return false
			}
			if _, ok := typeNoun(c); !ok {
				return false
			}
			out = append(out, Effect{Op: "gain_control", Args: []Arg{{"what", &Ref{Kind: RefEnchanted}}}})
			a.use("static: control enchanted")
			return true
		},
		// "Prevent all damage that would be dealt to CARDNAME."
		func() bool {
			e, ok := a.prevention(c, true)
			if !ok {
				return false
			}
			out = append(out, e)
			return true
		},
		// "CARDNAME's power and toughness are each equal to the number of
		// creatures you control." (604.3)
		func() bool {
			if c.peek(0) != selfToken+"'s" {
				return false
			}
			c.pos++
			if !c.lit("power and toughness are each equal to") {
				return false
			}
			n, ok := a.countPhrase(c)
			if !ok {
				return false
			}
			out = append(out, Effect{Op: "cda_pt", Args: []Arg{{"what", &Ref{Kind: RefSelf}}, {"power", n}, {"toughness", n}}})
			a.use("static: characteristic-defining P/T")
			return true
		},
		// "CARDNAME is colorless." "CARDNAME is all colors." (604.3)
		func() bool {
			if !selfRef(c) || !c.lit("is") {
				return false
			}
			w := ""
			switch {
			case c.lit("colorless"):
				w = "colorless"
			case c.lit("all colors"):
				w = "all"
			default:
				return false
			}
			out = append(out, Effect{Op: "cda_color", Args: []Arg{{"what", &Ref{Kind: RefSelf}}, {"colors", Word(w)}}})
			a.use("static: characteristic-defining colour")
			return true
		},
		// "If an effect would create one or more tokens under your
		// control, it creates twice that many of those tokens instead."
		// (614.1a) and the counter doublers.
		func() bool {
			e, ok := a.multiplier(c)
			if !ok {
				return false
			}
			out = append(out, e)
			return true
		},
		func() bool {
			if !c.lit("you have no maximum hand size") {
				return false
			}
			out = append(out, Effect{Op: "no_max_hand_size", Args: []Arg{{"who", &Ref{Kind: RefYou}}}})
			a.use("static: no maximum hand size")
			return true
		},
	}
	for _, r := range rules {
		if a.try(c, r) {
			return out, true
		}
		out = nil
	}
	return nil, false
}

// restriction reads a rule on what subj can do, after its subject:
// "can't block", "can't attack or block", "can't be blocked", "attacks
// each combat if able", "can block only creatures with flying", "doesn't
// untap during its controller's untap step". A duration follows when a
// resolving spell or ability makes it.
func (a *abCtx) restriction(c *cur, subj *Ref) (Effect, bool) {
	args := []Arg{{"what", subj}}
	start := c.pos
	switch {
	case c.lit("can't attack or block"):
		args = append(args, Arg{"action", Word("attack_or_block")})
	case c.lit("can't attack"):
		args = append(args, Arg{"action", Word("attack")})
	case c.lit("can't block"):
		args = append(args, Arg{"action", Word("block")})
	case c.lit("can't be blocked by"):
		f, ok := a.filterPhrase(c)
		if !ok {
			c.pos = start
			return Effect{}, false
		}
		args = append(args, Arg{"action", Word("be_blocked")}, Arg{"by", f})
	case c.lit("can't be blocked except by"):
		// "except by Walls": by anything that isn't one.
		f, ok := a.filterPhrase(c)
		if !ok || len(f.Types) > 0 || len(f.Subtypes) != 1 || f.Other || f.Control != "" || len(f.Not)+len(f.Colors)+len(f.States)+len(f.With)+len(f.Compare) > 0 {
			c.pos = start
			return Effect{}, false
		}
		args = append(args, Arg{"action", Word("be_blocked")}, Arg{"by", &Filter{Types: [][]string{{"creature"}}, Not: f.Subtypes}})
	case c.lit("can't phase out"):
		args = append(args, Arg{"action", Word("phase_out")})
	case c.lit("can't be blocked"):
		args = append(args, Arg{"action", Word("be_blocked")})
	case c.lit("can't be regenerated"):
		args = append(args, Arg{"action", Word("be_regenerated")})
	case c.lit("doesn't untap"), c.lit("don't untap"):
		// The static form names the untap step; a resolving effect's
		// duration names the next one.
		c.any("during its controller's untap step", "during your untap step", "during their controllers' untap steps", "during their controller's untap step")
		args = append(args, Arg{"action", Word("untap")})
	case c.lit("attacks each combat if able"), c.lit("attack each combat if able"):
		e := Effect{Op: "must", Args: []Arg{{"what", subj}, {"action", Word("attack")}}}
		a.use("restriction: must attack")
		return e, true
	case c.lit("blocks each combat if able"), c.lit("block each combat if able"):
		e := Effect{Op: "must", Args: []Arg{{"what", subj}, {"action", Word("block")}}}
		a.use("restriction: must block")
		return e, true
	case c.lit("can block only creatures with flying"):
		e := Effect{Op: "block_only", Args: []Arg{{"what", subj}, {"filter", &Filter{Types: [][]string{{"creature"}}, With: []string{"flying"}}}}}
		a.use("restriction: block only")
		return e, true
	default:
		return Effect{}, false
	}
	a.use("restriction: can't")
	return Effect{Op: "cant", Args: args}, true
}

// prevention reads "Prevent all [combat] damage that would be dealt
// [to X] [by X] [this turn]" and "Prevent the next N damage that would be
// dealt to X this turn" (615). static says whether a static ability
// makes it (no duration) or a resolving one (a duration).
func (a *abCtx) prevention(c *cur, static bool) (Effect, bool) {
	start := c.pos
	if !c.lit("prevent") {
		return Effect{}, false
	}
	var args []Arg
	combat := false
	switch {
	case c.lit("all combat damage"):
		combat = true
	case c.lit("all damage"):
	case c.lit("the next"):
		n, ok := c.number(false)
		if !ok || !c.lit("damage") {
			c.pos = start
			return Effect{}, false
		}
		args = append(args, Arg{"n", n})
	default:
		c.pos = start
		return Effect{}, false
	}
	if !c.lit("that would be dealt") {
		c.pos = start
		return Effect{}, false
	}
	switch {
	case c.lit("to and dealt by"):
		r, ok := a.objRef(c)
		if !ok {
			c.pos = start
			return Effect{}, false
		}
		if r.Kind == RefTarget {
			c.pos = start
			return Effect{}, false
		}
		args = append(args, Arg{"to", r}, Arg{"from", r})
	case c.lit("to"):
		r, ok := a.anyRef(c)
		if !ok {
			c.pos = start
			return Effect{}, false
		}
		args = append(args, Arg{"to", r})
	case c.lit("by"):
		r, ok := a.objRef(c)
		if !ok {
			c.pos = start
			return Effect{}, false
		}
		args = append(args, Arg{"from", r})
	}
	if combat {
		args = append(args, Arg{"combat", Flag{}})
	}
	if !static {
		d, ok := duration(c)
		if !ok || d != "this_turn" {
			c.pos = start
			return Effect{}, false
		}
		args = append(args, Arg{"until", Word(d)})
	}
	a.use("prevention")
	return Effect{Op: "prevent", Args: args}, true
}

// ptChange reads "+3/+3", "-1/-0", "+X/+0".
func ptChange(c *cur) (PT, bool) {
	w := c.raw(0)
	if w == "" || (w[0] != '+' && w[0] != '-') {
		return PT{}, false
	}
	pt, err := toPT(w)
	if err != nil || !pt.Mod {
		return PT{}, false
	}
	c.pos++
	return pt, true
}

// multiplier reads a replacement effect that changes how many tokens or
// counters an event makes (614.1a): "If an effect would create one or
// more tokens under your control, it creates twice that many of those
// tokens instead.", "If an effect would put one or more counters on a
// permanent you control, it puts twice that many of those counters on
// that permanent instead.", "If one or more +1/+1 counters would be put
// on a creature you control, twice that many (that many plus one) +1/+1
// counters are put on it instead."
func (a *abCtx) multiplier(c *cur) (Effect, bool) {
	start := c.pos
	fail := func() (Effect, bool) { c.pos = start; return Effect{}, false }
	if !c.lit("if") {
		return fail()
	}
	twice := func(ev *Trigger) (Effect, bool) {
		a.use("static: multiply")
		return Effect{Op: "multiply", Args: []Arg{{"event", ev}, {"times", Amount{N: 2}}}}, true
	}
	switch {
	case c.lit("an effect would create one or more tokens under your control , it creates twice that many of those tokens instead"):
		return twice(&Trigger{Event: "creates_tokens", Player: &Ref{Kind: RefYou}})
	case c.lit("an effect would put one or more counters on a"):
		f, ok := a.filterPhrase(c)
		if !ok || !c.lit(", it puts twice that many of those counters on that") {
			return fail()
		}
		if _, ok := typeNoun(c); !ok || !c.lit("instead") {
			return fail()
		}
		return twice(&Trigger{Event: "gets_counters", Object: &Ref{Kind: RefA, Filter: f}})
	case c.lit("one or more"):
		kind, ok := counterKind(c)
		if !ok || !c.lit("counters would be put on a") {
			return fail()
		}
		f, ok := a.filterPhrase(c)
		if !ok || !c.lit(",") {
			return fail()
		}
		ev := &Trigger{Event: "gets_counters", Object: &Ref{Kind: RefA, Filter: f}, Counter: kind}
		switch {
		case c.lit("twice that many " + kind + " counters are put on it instead"):
			return twice(ev)
		case c.lit("that many plus one " + kind + " counters are put on it instead"):
			a.use("static: multiply")
			return Effect{Op: "multiply", Args: []Arg{{"event", ev}, {"times", Amount{N: 1}}, {"plus", Amount{N: 1}}}}, true
		}
	}
	return fail()
}
