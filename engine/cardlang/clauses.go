package cardlang

// The one-shot effects of spells, triggered and activated abilities
// (608.2c): a sentence is clauses joined by "and", ", then"; some
// sentences change the effect before them ("It can't be regenerated.",
// "If you do, …").

// bodySentence reads one sentence of a one-shot ability into effs.
func (a *abCtx) bodySentence(c *cur, effs *Effects) bool {
	// "It can't be regenerated." after destroy (701.19c).
	if c.lit("it can't be regenerated") || c.lit("they can't be regenerated") {
		if len(*effs) == 0 || (*effs)[len(*effs)-1].Op != "destroy" || (*effs)[len(*effs)-1].Flag("no_regen") {
			return false
		}
		e := &(*effs)[len(*effs)-1]
		e.Args = append(e.Args, Arg{"no_regen", Flag{}})
		a.use("can't be regenerated")
		return true
	}
	// "Tap that creature as it phases in this way." after phasing out
	// until (610.4).
	if c.lit("tap that creature as it phases in this way") {
		if len(*effs) == 0 || (*effs)[len(*effs)-1].Op != "phase_out" || (*effs)[len(*effs)-1].Word("until") == "" {
			return false
		}
		e := &(*effs)[len(*effs)-1]
		e.Args = append(e.Args, Arg{"tapped", Flag{}})
		a.use("phases in tapped")
		return true
	}
	// "If you do, …" after "you may …" (608.2c).
	if c.lit("if you do ,") {
		if len(*effs) == 0 || (*effs)[len(*effs)-1].Op != "may" || (*effs)[len(*effs)-1].Get("then") != nil {
			return false
		}
		then, ok := a.clauses(c)
		if !ok {
			return false
		}
		e := &(*effs)[len(*effs)-1]
		e.Args = append(e.Args, Arg{"then", then})
		a.use("if you do")
		return true
	}
	// "If that permanent is black, exile it instead." (Divine Smite): the
	// previous effect happens only if it isn't; the new one if it is.
	if a.insteadIf(c, effs) {
		return true
	}
	// "If that creature would die this turn, exile it instead." (614.1a)
	if a.wouldDieInstead(c, effs) {
		return true
	}
	// "Simultaneously, all phased-out creatures phase in and all creatures
	// with phasing phase out." (Time and Tide)
	if c.lit("simultaneously , all phased-out creatures phase in and all creatures with phasing phase out") {
		*effs = append(*effs, Effect{Op: "phase_toggle", Args: []Arg{{"what", &Ref{Kind: RefAll, Filter: &Filter{Types: [][]string{{"creature"}}}}}}})
		a.use("phase in and out")
		return true
	}
	// "When you pay this cost one or more times, …" after "you may pay …
	// any number of times": a reflexive triggered ability (603.12), "that
	// many" the number of times.
	if len(*effs) > 0 && (*effs)[len(*effs)-1].Op == "pay_times" && c.lit("when you pay this cost one or more times ,") {
		saveX, saveMany := a.xPaid, a.thatMany
		a.xPaid, a.thatMany = true, true
		do, ok := a.clauses(c)
		a.xPaid, a.thatMany = saveX, saveMany
		if !ok {
			return false
		}
		*effs = append(*effs, Effect{Op: "reflex", Args: []Arg{{"do", do}}})
		a.use("reflexive trigger")
		return true
	}
	// "If this spell was kicked, …"
	save := c.pos
	if c.lit("if") {
		cond, ok := a.condition(c)
		if ok && c.lit(",") {
			then, ok := a.clauses(c)
			if ok {
				*effs = append(*effs, Effect{Op: "if", Args: []Arg{{"cond", cond}, {"then", then}}})
				a.use("if")
				return true
			}
		}
		c.pos = save
		return false
	}
	// "At the beginning of the next end step, …" (603.7)
	if ev, ok := delayedEvent(c); ok {
		if !c.lit(",") {
			return false
		}
		do, ok := a.clauses(c)
		if !ok {
			return false
		}
		*effs = append(*effs, Effect{Op: "at", Args: []Arg{{"event", ev}, {"do", do}}})
		a.use("delayed trigger")
		return true
	}
	es, ok := a.clauses(c)
	if !ok {
		return false
	}
	if ev, ok := delayedEvent(c); ok {
		es = Effects{{Op: "at", Args: []Arg{{"event", ev}, {"do", es}}}}
		a.use("delayed trigger")
	}
	*effs = append(*effs, es...)
	return true
}

// delayedEvent reads when a delayed triggered ability triggers: "at the
// beginning of the next end step".
func delayedEvent(c *cur) (*Trigger, bool) {
	switch {
	case c.lit("at the beginning of the next end step"), c.lit("at the beginning of the end step"):
		return &Trigger{Event: "next_end_step"}, true
	case c.lit("at the beginning of the next turn's upkeep"):
		return &Trigger{Event: "next_upkeep"}, true
	case c.lit("at the beginning of your next upkeep"):
		return &Trigger{Event: "your_next_upkeep"}, true
	case c.lit("at end of combat"):
		return &Trigger{Event: "end_combat"}, true
	}
	return nil, false
}

// clauses reads clauses joined by "and", ", and", "then", ", then".
func (a *abCtx) clauses(c *cur) (Effects, bool) {
	var out Effects
	es, ok := a.clause(c)
	if !ok {
		return nil, false
	}
	out = append(out, es...)
	for {
		save := c.pos
		if _, ok := c.any(", then", "then", ", and", "and"); !ok {
			return out, true
		}
		es, ok := a.clause(c)
		if !ok {
			c.pos = save
			return out, true
		}
		out = append(out, es...)
	}
}

// clause reads one clause: the first template that matches.
func (a *abCtx) clause(c *cur) (Effects, bool) {
	for _, r := range clauseRules() {
		var out Effects
		if a.try(c, func() bool {
			es, ok := r.f(a, c)
			if ok {
				out = es
				a.use(r.name)
			}
			return ok
		}) {
			return out, true
		}
	}
	return nil, false
}

// clauseRule is a template of a one-shot clause.
type clauseRule struct {
	name string
	f    func(a *abCtx, c *cur) (Effects, bool)
}

// setLast records what an effect acted on, for "it" and "that player".
func (a *abCtx) setLast(r *Ref, player bool) {
	if player {
		a.lastPl = r
	} else {
		a.lastObj = r
	}
}

// one wraps an effect.
func one(op string, args ...Arg) (Effects, bool) { return Effects{{Op: op, Args: args}}, true }

// clauseRules lists the templates of one-shot clauses, tried in order.
func clauseRules() []clauseRule {
	return []clauseRule{
		{"unless you pay", func(a *abCtx, c *cur) (Effects, bool) {
			if a.inUnless || !c.ahead("unless") {
				return nil, false
			}
			a.inUnless = true
			es, ok := a.clause(c)
			a.inUnless = false
			if !ok || !c.lit("unless you pay") {
				return nil, false
			}
			m, ok := c.mana()
			if !ok || !isManaCost(m) {
				return nil, false
			}
			return one("may", Arg{"do", Effects{{Op: "pay", Args: []Arg{{"who", &Ref{Kind: RefYou}}, {"mana", Mana(m)}}}}}, Arg{"else", es})
		}},
		{"may", (*abCtx).mayClause},
		{"player chooses a type", func(a *abCtx, c *cur) (Effects, bool) {
			who, ok := a.playerRef(c)
			if !ok || who.Kind == RefYou || !c.lit("chooses artifact , creature , land , or non-aura enchantment") {
				return nil, false
			}
			return one("choose_value", Arg{"what", Word("permanent_type")}, Arg{"who", who})
		}},
		{"pay any number of times", func(a *abCtx, c *cur) (Effects, bool) {
			if !c.lit("you may pay") {
				return nil, false
			}
			m, ok := c.mana()
			if !ok || !isManaCost(m) || !c.lit("any number of times") {
				return nil, false
			}
			return one("pay_times", Arg{"who", &Ref{Kind: RefYou}}, Arg{"mana", Mana(m)})
		}},
		{"destroy", func(a *abCtx, c *cur) (Effects, bool) {
			if !c.lit("destroy") {
				return nil, false
			}
			r, ok := a.objRef(c)
			if !ok {
				return nil, false
			}
			a.setLast(r, false)
			return one("destroy", Arg{"what", r})
		}},
		{"exile", func(a *abCtx, c *cur) (Effects, bool) {
			if !c.lit("exile") {
				return nil, false
			}
			r, ok := a.objRef(c)
			if !ok {
				return nil, false
			}
			a.setLast(r, false)
			if c.lit("until " + selfToken + " leaves the battlefield") {
				return one("exile", Arg{"what", r}, Arg{"until", Word("source_leaves")})
			}
			return one("exile", Arg{"what", r})
		}},
		{"return to hand", func(a *abCtx, c *cur) (Effects, bool) {
			if !c.lit("return") {
				return nil, false
			}
			r, ok := a.objRef(c)
			if !ok {
				if r, ok = a.choiceRef(c); !ok || r.Filter.Control != "you" {
					return nil, false
				}
			}
			if _, ok := c.any("to its owner's hand", "to their owner's hand", "to their owners' hands", "to your hand"); !ok {
				return nil, false
			}
			if c.peek(-2) == "your" && (r.Filter == nil || r.Filter.Zone != ZoneGraveyard || r.Filter.Own != "you") {
				return nil, false
			}
			a.setLast(r, false)
			return one("move", Arg{"what", r}, Arg{"to", Word(ZoneHand)})
		}},
		{"return to the battlefield", func(a *abCtx, c *cur) (Effects, bool) {
			if !c.lit("return") && !c.lit("put") {
				return nil, false
			}
			verb := c.peek(-1)
			r, ok := a.objRef(c)
			if !ok || !(c.lit("to the battlefield") || verb == "put" && c.lit("onto the battlefield")) {
				return nil, false
			}
			if r.Kind != RefIt && r.Kind != RefSelf && r.Kind != RefThat && r.Kind != RefExiled && (r.Filter == nil || r.Filter.Zone == "") {
				return nil, false
			}
			args := []Arg{{"what", r}, {"to", Word(ZoneBattlefield)}}
			if c.lit("tapped") {
				args = append(args, Arg{"tapped", Flag{}})
			}
			switch {
			case c.lit("under its owner's control"), c.lit("under their owner's control"), c.lit("under their owners' control"):
				args = append(args, Arg{"under", Word("owner")})
			case c.lit("under your control"):
				args = append(args, Arg{"under", Word("you")})
			}
			a.setLast(r, false)
			return one("move", args...)
		}},
		{"put on library", func(a *abCtx, c *cur) (Effects, bool) {
			if !c.lit("put") {
				return nil, false
			}
			r, ok := a.objRef(c)
			if !ok {
				return nil, false
			}
			to := ""
			switch {
			case c.lit("on top of its owner's library"), c.lit("on top of their owner's library"), c.lit("on top of their owners' libraries"):
				to = ZoneLibraryTop
			case c.lit("on the bottom of its owner's library"), c.lit("on the bottom of their owner's library"):
				to = ZoneLibraryBottom
			default:
				return nil, false
			}
			a.setLast(r, false)
			return one("move", Arg{"what", r}, Arg{"to", Word(to)})
		}},
		{"damage", (*abCtx).damageClause},
		{"draw", cardsClause("draw", "draws")},
		{"discard", cardsClause("discard", "discards")},
		{"mill", cardsClause("mill", "mills")},
		{"scry", func(a *abCtx, c *cur) (Effects, bool) {
			w, ok := c.any("scry", "surveil")
			if !ok {
				return nil, false
			}
			n, ok := c.number(false)
			if !ok || !a.amountOK(n) {
				return nil, false
			}
			a.setLast(a.you(), true)
			return one(w, Arg{"who", a.you()}, Arg{"n", n})
		}},
		{"life", func(a *abCtx, c *cur) (Effects, bool) {
			who, ok := a.playerRef(c)
			if !ok {
				return nil, false
			}
			op := ""
			switch {
			case c.lit("gain") || c.lit("gains"):
				op = "gain_life"
			case c.lit("lose") || c.lit("loses"):
				op = "lose_life"
			default:
				return nil, false
			}
			n, ok := c.number(false)
			if ok {
				if !c.lit("life") || !a.amountOK(n) {
					return nil, false
				}
			} else if !c.lit("life equal to") {
				return nil, false
			} else if n, ok = a.statOf(c); !ok {
				return nil, false
			}
			a.setLast(who, true)
			return one(op, Arg{"who", who}, Arg{"n", n})
		}},
		{"pump", (*abCtx).pumpClause},
		{"investigate", func(a *abCtx, c *cur) (Effects, bool) {
			if !c.lit("investigate") {
				return nil, false
			}
			a.setLast(&Ref{Kind: RefIt}, false)
			return one("create", Arg{"n", Amount{N: 1}}, Arg{"token", &Token{Name: "Clue"}})
		}},
		{"create token", (*abCtx).createClause},
		{"counters", func(a *abCtx, c *cur) (Effects, bool) {
			op := ""
			switch {
			case c.lit("put"):
				op = "add_counters"
			case c.lit("remove"):
				op = "remove_counters"
			default:
				return nil, false
			}
			n, ok := a.number(c, true)
			if !ok || !a.amountOK(n) {
				return nil, false
			}
			kind, ok := counterKind(c)
			if !ok || !(c.lit("counter") || c.lit("counters")) {
				return nil, false
			}
			if !(op == "add_counters" && c.lit("on") || op == "remove_counters" && c.lit("from")) {
				return nil, false
			}
			r, ok := a.objRef(c)
			if !ok {
				return nil, false
			}
			// "… for each creature phased out this way" (Out of Time).
			if save := c.pos; n.Var == "" && n.N == 1 && c.lit("for each") {
				if _, ok := a.filterPhrase(c); ok && (c.lit("phased out this way") || c.lit("that phased out this way")) && a.lastObj != nil {
					n = Amount{Fn: "number", Ref: &Ref{Kind: RefIt}}
				} else {
					c.pos = save
				}
			}
			a.setLast(r, false)
			return one(op, Arg{"what", r}, Arg{"n", n}, Arg{"kind", Word(kind)})
		}},
		{"tap or untap", func(a *abCtx, c *cur) (Effects, bool) {
			op, ok := c.any("tap", "untap")
			if !ok {
				return nil, false
			}
			r, ok := a.objRef(c)
			if !ok {
				return nil, false
			}
			a.setLast(r, false)
			return one(op, Arg{"what", r})
		}},
		{"counter spell", func(a *abCtx, c *cur) (Effects, bool) {
			if !c.lit("counter") {
				return nil, false
			}
			r, ok := a.objRef(c)
			if !ok || r.Kind != RefTarget || r.Filter == nil || len(r.Filter.Types) == 0 || !contains(r.Filter.Types[len(r.Filter.Types)-1], "spell") {
				return nil, false
			}
			args := []Arg{{"what", r}}
			if c.lit("unless its controller pays") {
				m, ok := c.mana()
				if !ok || !isManaCost(m) {
					return nil, false
				}
				args = append(args, Arg{"unless", Mana(m)})
			}
			a.setLast(r, false)
			return one("counter", args...)
		}},
		{"add mana", (*abCtx).addManaClause},
		{"regenerate", func(a *abCtx, c *cur) (Effects, bool) {
			if !c.lit("regenerate") {
				return nil, false
			}
			r, ok := a.objRef(c)
			if !ok {
				return nil, false
			}
			a.setLast(r, false)
			return one("regenerate", Arg{"what", r})
		}},
		{"prevent damage", func(a *abCtx, c *cur) (Effects, bool) {
			e, ok := a.prevention(c, false)
			if !ok {
				return nil, false
			}
			return Effects{e}, true
		}},
		{"gain control", func(a *abCtx, c *cur) (Effects, bool) {
			if !c.lit("gain control of") {
				return nil, false
			}
			r, ok := a.objRef(c)
			if !ok {
				return nil, false
			}
			d, ok := duration(c)
			if !ok {
				d = "indefinite"
			}
			a.setLast(r, false)
			return one("gain_control", Arg{"what", r}, Arg{"until", Word(d)})
		}},
		{"phase them out", func(a *abCtx, c *cur) (Effects, bool) {
			if !c.lit("phase") {
				return nil, false
			}
			r, ok := a.pronoun(c)
			if !ok || !c.lit("out") {
				return nil, false
			}
			args := []Arg{{"what", r}}
			if c.lit("until " + selfToken + " leaves the battlefield") {
				args = append(args, Arg{"until", Word("source_leaves")})
			}
			a.setLast(r, false)
			return one("phase_out", args...)
		}},
		{"phase out", func(a *abCtx, c *cur) (Effects, bool) {
			r, ok := a.subjectRef(c)
			if ok && c.lit("and") {
				// "CARDNAME and that creature phase out": at once.
				r2, ok2 := a.objRef(c)
				if !ok2 {
					return nil, false
				}
				r = &Ref{Kind: RefAnd, Of: r, And: r2}
			}
			if !ok || !(c.lit("phases out") || c.lit("phase out")) {
				return nil, false
			}
			args := []Arg{{"what", r}}
			if c.lit("until " + selfToken + " leaves the battlefield") {
				args = append(args, Arg{"until", Word("source_leaves")})
			}
			a.setLast(r, false)
			return one("phase_out", args...)
		}},
		{"player restriction", func(a *abCtx, c *cur) (Effects, bool) {
			// "Until your next turn, your life total can't change and you
			// gain protection from everything."
			d, ok := duration(c)
			if !ok || !c.lit(",") {
				return nil, false
			}
			var out Effects
			for {
				switch {
				case c.lit("your life total can't change"):
					out = append(out, Effect{Op: "cant", Args: []Arg{{"what", &Ref{Kind: RefYou}}, {"action", Word("change_life")}, {"until", Word(d)}}})
				case c.lit("you gain"):
					ks, ok := a.cp.keywordList(c)
					if !ok {
						return nil, false
					}
					out = append(out, Effect{Op: "grant", Args: []Arg{{"what", &Ref{Kind: RefYou}}, {"keywords", ks}, {"until", Word(d)}}})
				default:
					return nil, false
				}
				if !c.lit("and") {
					return out, true
				}
			}
		}},
		{"sacrifice", func(a *abCtx, c *cur) (Effects, bool) {
			who, ok := a.subjectVerb(c, "sacrifice", "sacrifices")
			if !ok {
				return nil, false
			}
			var what *Ref
			if r, ok := a.choiceRef(c); ok {
				what = r
			} else if selfRef(c) {
				what = &Ref{Kind: RefSelf}
			} else if r, ok := a.pronoun(c); ok && a.actor == nil && who.Kind == RefYou {
				what = r
			} else {
				return nil, false
			}
			// What is sacrificed is no "it" later: Oracle text names it
			// again when it means it.
			return one("sacrifice", Arg{"who", who}, Arg{"what", what})
		}},
		{"fight", func(a *abCtx, c *cur) (Effects, bool) {
			r1, ok := a.objRef(c)
			if !ok || !c.lit("fights") {
				return nil, false
			}
			r2, ok := a.objRef(c)
			if !ok {
				return nil, false
			}
			a.setLast(r2, false)
			return one("fight", Arg{"a", r1}, Arg{"b", r2})
		}},
		{"attach", func(a *abCtx, c *cur) (Effects, bool) {
			if !c.lit("attach") {
				return nil, false
			}
			what, ok := a.objRef(c)
			if !ok || !c.lit("to") {
				return nil, false
			}
			to, ok := a.objRef(c)
			if !ok {
				return nil, false
			}
			a.setLast(what, false)
			return one("attach", Arg{"what", what}, Arg{"to", to})
		}},
		{"restriction", func(a *abCtx, c *cur) (Effects, bool) {
			d, early := duration(c)
			if early && !c.lit(",") {
				return nil, false
			}
			r, ok := a.subjectRef(c)
			if !ok {
				return nil, false
			}
			e, ok := a.restriction(c, r)
			if !ok {
				return nil, false
			}
			if !early {
				if d, ok = duration(c); !ok {
					return nil, false
				}
			}
			e.Args = append(e.Args, Arg{"until", Word(d)})
			a.setLast(r, false)
			return Effects{e}, true
		}},
	}
}

// again is a reference to the same objects as r in a later effect of
// the same ability: "it" for targets and choices, which must not be
// chosen twice; r itself otherwise.
func again(r *Ref) *Ref {
	if r.Kind == RefTarget || r.Kind == RefChoice {
		return &Ref{Kind: RefIt}
	}
	return r
}

// subjectVerb reads the player who does something and the verb: the
// imperative ("draw": a.you()), "you draw", or "target player draws".
func (a *abCtx) subjectVerb(c *cur, base, third string) (*Ref, bool) {
	if c.lit(base) {
		return a.you(), true
	}
	start := c.pos
	r, ok := a.playerRef(c)
	if ok && (r.Kind == RefYou && c.lit(base) || r.Kind != RefYou && c.lit(third)) {
		return r, true
	}
	c.pos = start
	return nil, false
}

// you is the player an imperative clause is about: "you", or the player
// of "that player may …".
func (a *abCtx) you() *Ref {
	if a.actor != nil {
		return a.actor
	}
	return &Ref{Kind: RefYou}
}

// statOf reads "its power", "CARDNAME's power", "its toughness": the
// power or toughness of an object, as it last existed if it's gone
// (608.2h).
func (a *abCtx) statOf(c *cur) (Amount, bool) {
	start := c.pos
	var r *Ref
	if c.peek(0) == selfToken+"'s" {
		c.pos++
		r = &Ref{Kind: RefSelf}
	} else if ref, ok := a.pronounPossessive(c); ok {
		r = ref
	} else {
		return Amount{}, false
	}
	if w, ok := c.any("power", "toughness"); ok {
		return Amount{Fn: w, Ref: r}, true
	}
	c.pos = start
	return Amount{}, false
}

// cardsClause is the template of "[PLAYER] draws N cards" and the like:
// the operation named by the verb, for the player, on N cards.
func cardsClause(base, third string) func(a *abCtx, c *cur) (Effects, bool) {
	return func(a *abCtx, c *cur) (Effects, bool) {
		who, ok := a.subjectVerb(c, base, third)
		if !ok {
			return nil, false
		}
		n, ok := c.number(true)
		if !ok || !(c.lit("card") || c.lit("cards")) || !a.amountOK(n) {
			return nil, false
		}
		a.setLast(who, true)
		return one(base, Arg{"who", who}, Arg{"n", n})
	}
}

// amountOK accepts X only when the card or the ability has X in a cost
// (107.3a), or the mana cost is not known.
func (a *abCtx) amountOK(n Amount) bool {
	return n.Var == "" || a.xPaid || a.card.src.ManaCost == ""
}

// mayClause reads "you may CLAUSE" (608.2d).
func (a *abCtx) mayClause(c *cur) (Effects, bool) {
	var who *Ref
	if !c.lit("you may") {
		r, ok := a.playerRef(c)
		if !ok || r.Kind == RefYou || !c.lit("may") {
			return nil, false
		}
		who = r
	}
	saveActor := a.actor
	if who != nil {
		a.actor = who
	}
	es, ok := a.clauses(c)
	a.actor = saveActor
	if !ok {
		return nil, false
	}
	args := []Arg{{"do", es}}
	if who != nil {
		args = append(args, Arg{"who", who})
	}
	return one("may", args...)
}

// damageClause reads "CARDNAME deals N damage to ANY [and N damage to
// ANY]" (120.3).
func (a *abCtx) damageClause(c *cur) (Effects, bool) {
	if !selfRef(c) {
		r, ok := a.pronoun(c)
		if !ok || r.Kind != RefSelf {
			return nil, false
		}
	}
	if !c.lit("deals") {
		return nil, false
	}
	var out Effects
	for {
		n, ok := c.number(false)
		if !ok || !c.lit("damage to") || !a.amountOK(n) {
			return nil, false
		}
		to, ok := a.anyRef(c)
		if !ok {
			return nil, false
		}
		out = append(out, Effect{Op: "damage", Args: []Arg{{"n", n}, {"to", to}}})
		a.setLast(to, to.Kind == RefYou || to.Kind == RefEach)
		save := c.pos
		if !c.lit("and") || c.peek(0) == "" {
			c.pos = save
			return out, true
		}
		if _, ok := c.number(false); !ok {
			c.pos = save
			return out, true
		}
		c.pos--
	}
}

// pumpClause reads "OBJ gets +N/+N [and gains KW] until end of turn",
// "OBJ gains KW until end of turn", and those with the duration first.
func (a *abCtx) pumpClause(c *cur) (Effects, bool) {
	d, early := duration(c)
	if early && !c.lit(",") {
		return nil, false
	}
	r, ok := a.subjectRef(c)
	if !ok {
		return nil, false
	}
	var out Effects
	if c.lit("get") || c.lit("gets") {
		pt, ok := ptChange(c)
		if !ok {
			return nil, false
		}
		if pt.Power.Var != "" || pt.Toughness.Var != "" {
			if !a.amountOK(pt.Power) || !a.amountOK(pt.Toughness) {
				return nil, false
			}
		}
		out = append(out, Effect{Op: "pump", Args: []Arg{{"what", r}, {"pt", pt}}})
		if c.lit("and") {
			if !(c.lit("gain") || c.lit("gains")) {
				return nil, false
			}
			ks, ok := a.cp.keywordList(c)
			if !ok {
				return nil, false
			}
			out = append(out, Effect{Op: "grant", Args: []Arg{{"what", again(r)}, {"keywords", ks}}})
		}
	} else if c.lit("gain") || c.lit("gains") {
		ks, ok := a.cp.keywordList(c)
		if !ok {
			return nil, false
		}
		out = append(out, Effect{Op: "grant", Args: []Arg{{"what", r}, {"keywords", ks}}})
	} else if c.lit("lose") || c.lit("loses") {
		ks, ok := a.cp.keywordList(c)
		if !ok {
			return nil, false
		}
		out = append(out, Effect{Op: "lose", Args: []Arg{{"what", r}, {"keywords", ks}}})
	} else {
		return nil, false
	}
	if !early {
		if d, ok = duration(c); !ok {
			// No duration stated: until the end of the game (611.2a).
			d = "indefinite"
		}
	}
	for i := range out {
		out[i].Args = append(out[i].Args, Arg{"until", Word(d)})
	}
	a.setLast(r, false)
	return out, true
}

// createClause reads "create N P/T COLOUR SUBTYPE creature token(s)
// [with KW]", "create a Treasure token" (111).
func (a *abCtx) createClause(c *cur) (Effects, bool) {
	who, ok := a.subjectVerb(c, "create", "creates")
	if !ok {
		return nil, false
	}
	var forArg []Arg
	if who.Kind != RefYou {
		forArg = []Arg{{"for", who}}
	}
	n, ok := c.number(true)
	if !ok || !a.amountOK(n) {
		return nil, false
	}
	t := &Token{}
	// A predefined token.
	for _, name := range predefinedTokens() {
		if c.raw(0) == name && (c.peek(1) == "token" || c.peek(1) == "tokens") {
			c.pos += 2
			t.Name = name
			a.setLast(&Ref{Kind: RefIt}, false)
			return one("create", append([]Arg{{"n", n}, {"token", t}}, forArg...)...)
		}
	}
	if w := c.raw(0); len(w) >= 3 && w[0] >= '0' && w[0] <= '9' || c.raw(0) == "X/X" {
		pt, err := toPT(c.raw(0))
		if err != nil || pt.Mod {
			return nil, false
		}
		if !a.amountOK(pt.Power) {
			return nil, false
		}
		t.PT = &pt
		c.pos++
	}
	if c.lit("colorless") {
	} else if cs, ok := colorAdj(c); ok {
		for _, col := range cs {
			if !contains(colorWords()[:5], col) {
				return nil, false
			}
		}
		t.Colors = cs
		// "white and blue": colorAdj reads "or"; tokens say "and".
		for c.lit("and") {
			more, ok := colorAdj(c)
			if !ok {
				return nil, false
			}
			t.Colors = append(t.Colors, more...)
		}
	} else {
		return nil, false
	}
	for {
		if w := c.peek(0); contains(supertypeWords(), w) {
			t.Supertypes = append(t.Supertypes, w)
			c.pos++
			continue
		}
		if st, ok := a.cp.subtypeWord(c); ok {
			t.Subtypes = append(t.Subtypes, st)
			continue
		}
		break
	}
	for {
		w := c.peek(0)
		if contains([]string{"creature", "artifact", "enchantment", "land"}, w) {
			t.Types = append(t.Types, w)
			c.pos++
			continue
		}
		break
	}
	if !(c.lit("token") || c.lit("tokens")) || len(t.Types) == 0 || contains(t.Types, "creature") != (t.PT != nil) {
		return nil, false
	}
	if c.lit("with") {
		ks, ok := a.cp.keywordList(c)
		if !ok {
			return nil, false
		}
		t.Keywords = ks
	}
	a.setLast(&Ref{Kind: RefIt}, false)
	return one("create", append([]Arg{{"n", n}, {"token", t}}, forArg...)...)
}

// addManaClause reads "Add {G}", "Add {R} or {G}", "Add {W}, {U}, or
// {B}", "Add one mana of any color", "Add two mana of any one color"
// (106.4).
func (a *abCtx) addManaClause(c *cur) (Effects, bool) {
	if !c.lit("add") {
		return nil, false
	}
	if m, ok := c.mana(); ok {
		if !isManaCost(m) {
			return nil, false
		}
		alts := []string{m}
		for {
			save := c.pos
			c.opt(",")
			c.opt("or")
			m2, ok := c.mana()
			if !ok || !isManaCost(m2) {
				c.pos = save
				break
			}
			alts = append(alts, m2)
		}
		mana := alts[0]
		for _, m2 := range alts[1:] {
			mana += "|" + m2
		}
		return one("add", Arg{"mana", Mana(mana)})
	}
	n, ok := c.number(false)
	if !ok || !a.amountOK(n) {
		return nil, false
	}
	if c.lit("mana of the chosen color") {
		return one("add", Arg{"mana", Mana("chosen")}, Arg{"n", n})
	}
	if !c.lit("mana of any") {
		return nil, false
	}
	kind := "any"
	if c.lit("one color") {
		kind = "any_one"
	} else if !c.lit("color") {
		return nil, false
	}
	if n.N == 1 && kind == "any_one" {
		kind = "any"
	}
	return one("add", Arg{"mana", Mana(kind)}, Arg{"n", n})
}

// insteadIf reads "If PRONOUN is FILTER, CLAUSE instead.": the previous
// effect, on the object the pronoun names, becomes the else of an if
// whose condition is about that object; "it" in both branches is that
// object.
func (a *abCtx) insteadIf(c *cur, effs *Effects) bool {
	start := c.pos
	if len(*effs) == 0 || !c.lit("if") {
		return false
	}
	if _, ok := c.any("that permanent", "that creature", "it"); !ok || !c.lit("is") {
		c.pos = start
		return false
	}
	var f *Filter
	if cs, ok := colorAdj(c); ok {
		f = &Filter{Colors: cs}
	} else if c.lit("a") || c.lit("an") {
		var ok bool
		if f, ok = a.filterPhrase(c); !ok {
			c.pos = start
			return false
		}
	} else {
		c.pos = start
		return false
	}
	if !c.lit(",") {
		c.pos = start
		return false
	}
	last := (*effs)[len(*effs)-1]
	idx := -1
	for i, arg := range last.Args {
		if r, ok := arg.Value.(*Ref); ok && arg.Name == "what" && r.Kind != RefIt {
			idx = i
		}
	}
	if idx < 0 {
		c.pos = start
		return false
	}
	r := last.Args[idx].Value.(*Ref)
	saveObj := a.lastObj
	a.lastObj = &Ref{Kind: RefIt}
	then, ok := a.clauses(c)
	a.lastObj = saveObj
	if !ok || !c.lit("instead") {
		c.pos = start
		return false
	}
	els := last
	els.Args = append([]Arg(nil), last.Args...)
	els.Args[idx] = Arg{"what", &Ref{Kind: RefIt}}
	(*effs)[len(*effs)-1] = Effect{Op: "if", Args: []Arg{{"cond", &Condition{Kind: CondIs, Ref: r, Filter: f}}, {"then", then}, {"else", Effects{els}}}}
	a.use("if it is, instead")
	return true
}

// wouldDieInstead reads "If that creature would die this turn, exile it
// instead.": a replacement effect on what the previous effect acted on,
// until the turn ends (614.1a).
func (a *abCtx) wouldDieInstead(c *cur, effs *Effects) bool {
	start := c.pos
	if len(*effs) == 0 || a.lastObj == nil || !c.lit("if") {
		return false
	}
	if _, ok := c.any("that creature", "it"); !ok || !c.lit("would die this turn , exile it instead") {
		c.pos = start
		return false
	}
	ev := &Trigger{Event: "dies", Object: &Ref{Kind: RefIt}}
	*effs = append(*effs, Effect{Op: "replace", Args: []Arg{{"event", ev}, {"instead", Effects{{Op: "exile", Args: []Arg{{"what", &Ref{Kind: RefIt}}}}}}, {"until", Word("this_turn")}}})
	a.use("if it would die this turn, exile it instead")
	return true
}

// number reads a number as c.number does, and "that many" where it is
// the number of a reflexive ability (X).
func (a *abCtx) number(c *cur, article bool) (Amount, bool) {
	if a.thatMany && c.lit("that many") {
		return Amount{Var: "X"}, true
	}
	return c.number(article)
}
