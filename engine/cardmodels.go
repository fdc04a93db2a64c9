package engine

// cardModel is what the engine knows of a real card's text beyond its
// keyword lines (which cardText reads): its static abilities, the effect
// of the spell, and its triggered and activated abilities. A model accounts
// for the whole text of its card, or refuse says what the engine cannot model.
type cardModel struct {
	refuse    string
	keywords  []string
	statics   []Static
	spell     *ability   // an instant or sorcery's effect
	modes     []*ability // a modal spell's modes ("Choose one —")
	triggers  []*ability // triggered abilities, in the order printed
	activated []*ability // activated abilities, in the order printed; equip comes from the text
	delayed   []*ability // delayed triggered abilities its other abilities create
	// entersTapped: "<this> enters the battlefield tapped" (614.1c).
	entersTapped bool
	// chooseAs is a choice made as it enters ("land_type").
	chooseAs string
	text     keywordText
}

// ability is one ability of a card model.
type ability struct {
	on      string // a triggered ability's condition (TriggerConditions)
	cost    cost
	targets *targetSpec
	mana    string // a mana ability: the mana it adds; it doesn't use the stack (605.3a)
	equip   bool
	do      func(g *game, o *StackObject, legal []string) error
}

// cost is an activated ability's cost, as far as the engine pays costs:
// mana is taken as paid, {T} taps, life is paid (119.4).
type cost struct {
	tap     bool
	life    int
	sorcery bool // activate only as a sorcery (602.5d)
}

// Trigger conditions of real cards' triggered abilities, besides those a
// scenario may name on a permanent.
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
)

// phaseOutSelf is "<this> phases out".
func phaseOutSelf(g *game, o *StackObject, _ []string) error {
	if p := g.s.perm(o.Source); p != nil && p.Exists() {
		g.phaseOut([]string{o.Source}, "702.26b")
	}
	return nil
}

// phaseOutTargets is "target(s) phase out".
func phaseOutTargets(g *game, _ *StackObject, legal []string) error {
	g.phaseOut(legal, "702.26b")
	return nil
}

// phaseOutHost is "enchanted/equipped creature phases out".
func phaseOutHost(g *game, o *StackObject, _ []string) error {
	if p := g.s.perm(o.Source); p != nil && p.AttachedTo != "" {
		if h := g.s.perm(p.AttachedTo); h.Exists() {
			g.phaseOut([]string{h.ID}, "702.26b")
		}
	}
	return nil
}

// phaseOutUnlessPaid is "<this> phases out unless you pay …".
func phaseOutUnlessPaid(g *game, o *StackObject, legal []string) error {
	paid, err := g.choosePay(o.Controller, "608.2d")
	if err != nil || paid {
		return err
	}
	return phaseOutSelf(g, o, legal)
}

// grantSelf gives an effect of kind (grant or lose) with keywords to the source.
func grantSelf(kind, duration string, keywords ...string) func(*game, *StackObject, []string) error {
	return func(g *game, o *StackObject, _ []string) error {
		if p := g.s.perm(o.Source); p == nil || !p.Exists() {
			return nil
		}
		return g.addEffect(Effect{ID: g.effectID(o.ID), Name: o.Name, Origin: o.ID, Kind: kind, Target: o.Source, Keywords: keywords,
			Duration: duration, Controller: o.Controller})
	}
}

// modelOf returns the engine's model of the card with that English name,
// nil for a card it has none for (a card whose text is only keywords needs
// none). It builds the model afresh on each call.
func modelOf(name string) *cardModel {
	switch name {
	// Cards that phase things (every card whose Oracle text mentions phasing).
	case "Blink Dog", "Rainbow Efreet", "Teferi's Honor Guard":
		return &cardModel{activated: []*ability{{do: phaseOutSelf}}}
	case "Breezekeeper", "Merfolk Raiders", "Sandbar Crocodile", "Teferi's Drake", "Tolarian Drake":
		return &cardModel{}
	case "Cloak of Invisibility":
		return &cardModel{statics: []Static{{Kind: "grant", Keywords: []string{"phasing"}, Affects: "enchanted"},
			{Kind: "block_only_by", Subtype: "Wall", Affects: "enchanted"}}}
	case "Crystal Golem":
		return &cardModel{triggers: []*ability{{on: onEndStep, do: phaseOutSelf}}}
	case "Divine Smite":
		return &cardModel{spell: &ability{targets: &targetSpec{min: 1, max: 1, what: []string{"creature", "planeswalker"}, control: "opponent", prefer: "opponent"},
			do: func(g *game, o *StackObject, legal []string) error {
				for _, t := range legal {
					if has(g.s.perm(t).Colors, "black") {
						g.leave(t, ZoneExile, "406.2")
					} else {
						g.phaseOut([]string{t}, "702.26b")
					}
				}
				return nil
			}}}
	case "Dream Fighter":
		both := func(g *game, o *StackObject, _ []string) error {
			var ids []string
			for _, id := range []string{o.Source, o.Object} {
				if p := g.s.perm(id); p != nil && p.Exists() {
					ids = append(ids, id)
				}
			}
			g.phaseOut(ids, "702.26b")
			return nil
		}
		return &cardModel{triggers: []*ability{{on: onBlocks, do: both}, {on: onBecomesBlocked, do: both}}}
	case "Equipoise":
		return &cardModel{triggers: []*ability{{on: onUpkeep, targets: &targetSpec{min: 1, max: 1, what: []string{"player"}, prefer: "opponent"}, do: equipoise}}}
	case "Guardian of Faith":
		return &cardModel{triggers: []*ability{{on: onEnters, targets: &targetSpec{min: 0, max: anyNumber, what: []string{"creature"}, control: "you", other: true, prefer: "all"},
			do: phaseOutTargets}}}
	case "Katabatic Winds":
		return &cardModel{statics: []Static{{Kind: "cant_attack_or_block", Affects: "creatures_with_flying"},
			{Kind: "no_tap_abilities", Affects: "creatures_with_flying"}}}
	case "March of Swirling Mist":
		// The additional cost (exiling blue cards from hand) only lowers the
		// mana cost, which the engine doesn't count.
		return &cardModel{spell: &ability{targets: &targetSpec{min: 0, max: maxX, what: []string{"creature"}, prefer: "opponent"}, do: phaseOutTargets}}
	case "Mist Dragon":
		return &cardModel{activated: []*ability{{do: grantSelf("grant", "indefinite", "flying")}, {do: grantSelf("lose", "indefinite", "flying")}, {do: phaseOutSelf}}}
	case "Oubliette":
		return &cardModel{triggers: []*ability{{on: onEnters, targets: one("creature"), do: func(g *game, o *StackObject, legal []string) error {
			for _, t := range legal {
				g.phaseOutUntil([]string{t}, o.Source, true)
			}
			return nil
		}}}}
	case "Out of Time":
		return &cardModel{triggers: []*ability{{on: onEnters, do: func(g *game, o *StackObject, _ []string) error {
			ids := g.matching(&Filter{Types: []string{"creature"}})
			g.untap(ids, "701.26b")
			n := g.phaseOutUntil(ids, o.Source, false)
			if n > 0 {
				if p := g.s.perm(o.Source); p.Exists() {
					g.counterN(o.Source, "time", n, "122.1")
				}
			}
			return nil
		}}}}
	case "Reality Ripple":
		return &cardModel{spell: &ability{targets: one("artifact", "creature", "land"), do: phaseOutTargets}}
	case "Robe of Stars":
		return &cardModel{statics: []Static{{Kind: "anthem", Toughness: 3, Affects: "equipped"}}, activated: []*ability{{do: phaseOutHost}}}
	case "Sapphire Charm":
		return &cardModel{modes: []*ability{
			{targets: &targetSpec{min: 1, max: 1, what: []string{"player"}}, do: func(g *game, o *StackObject, legal []string) error {
				for _, t := range legal {
					g.s.Delayed = append(g.s.Delayed, Delayed{When: onNextUpkeep, Card: o.Card, Ability: 1, Player: t, Controller: o.Controller, Source: o.ID})
				}
				return nil
			}},
			{targets: &targetSpec{min: 1, max: 1, what: []string{"creature"}}, do: func(g *game, o *StackObject, legal []string) error {
				for _, t := range legal {
					if err := g.addEffect(Effect{ID: g.effectID(o.ID), Name: o.Name, Origin: o.ID, Kind: "grant", Target: t, Keywords: []string{"flying"},
						Duration: "end_of_turn", Controller: o.Controller}); err != nil {
						return err
					}
				}
				return nil
			}},
			{targets: &targetSpec{min: 1, max: 1, what: []string{"creature"}, control: "opponent", prefer: "opponent"}, do: phaseOutTargets},
		}, delayed: []*ability{{on: onNextUpkeep, do: func(g *game, o *StackObject, _ []string) error {
			g.draw(o.Object, 1, "121.1")
			return nil
		}}}}
	case "Shimmer":
		return &cardModel{chooseAs: "land_type", statics: []Static{{Kind: "grant", Keywords: []string{"phasing"}, Affects: "lands_of_chosen_type"}}}
	case "Shimmering Efreet":
		return &cardModel{triggers: []*ability{{on: onPhasesIn, targets: one("creature"), do: phaseOutTargets}}}
	case "Slip Out the Back":
		return &cardModel{spell: &ability{targets: &targetSpec{min: 1, max: 1, what: []string{"creature"}, prefer: "you"}, do: func(g *game, o *StackObject, legal []string) error {
			for _, t := range legal {
				g.counterN(t, "+1/+1", 1, "122.1")
				g.phaseOut([]string{t}, "702.26b")
			}
			return nil
		}}}
	case "Spatial Binding":
		return &cardModel{activated: []*ability{{cost: cost{life: 1}, targets: &targetSpec{min: 1, max: 1, what: []string{"permanent"}},
			do: func(g *game, o *StackObject, legal []string) error {
				for _, t := range legal {
					if err := g.addEffect(Effect{ID: g.effectID(o.ID), Name: o.Name, Origin: o.ID, Kind: "cant_phase_out", Target: t,
						Duration: "until_your_next_upkeep", Controller: o.Controller}); err != nil {
						return err
					}
				}
				return nil
			}}}}
	case "Spectral Adversary":
		return &cardModel{triggers: []*ability{
			{on: onEnters, do: func(g *game, o *StackObject, _ []string) error {
				x, err := g.chooseTimes(o.Controller)
				if err != nil || x == 0 {
					return err
				}
				g.s.Pending = append(g.s.Pending, Trigger{Source: o.Source, Condition: onPaid, Rule: "603.12", Ability: 2, Controller: o.Controller, X: x})
				return nil
			}},
			{on: onPaid, targets: &targetSpec{min: 0, max: maxX, what: []string{"artifact", "creature", "enchantment"}, other: true, prefer: "opponent"},
				do: func(g *game, o *StackObject, legal []string) error {
					if p := g.s.perm(o.Source); p != nil && p.Exists() {
						g.counterN(o.Source, "+1/+1", o.X, "122.1")
					}
					g.phaseOut(legal, "702.26b")
					return nil
				}},
		}}
	case "Taniwha":
		return &cardModel{triggers: []*ability{{on: onUpkeep, do: func(g *game, o *StackObject, _ []string) error {
			g.phaseOut(g.matching(&Filter{Controller: o.Controller, Types: []string{"land"}}), "702.26b")
			return nil
		}}}}
	case "Teferi's Curse":
		return &cardModel{statics: []Static{{Kind: "grant", Keywords: []string{"phasing"}, Affects: "enchanted"}}}
	case "Teferi's Imp":
		return &cardModel{triggers: []*ability{
			{on: onPhasesOut, do: func(g *game, o *StackObject, _ []string) error { g.discard(o.Controller, 1, "701.9a"); return nil }},
			{on: onPhasesIn, do: func(g *game, o *StackObject, _ []string) error { g.draw(o.Controller, 1, "121.1"); return nil }},
		}}
	case "Teferi's Isle":
		return &cardModel{entersTapped: true, activated: []*ability{{cost: cost{tap: true}, mana: "{U}{U}"}}}
	case "Teferi's Protection":
		return &cardModel{spell: &ability{do: func(g *game, o *StackObject, _ []string) error {
			for _, e := range []Effect{
				{ID: g.effectID(o.ID), Kind: "life_cant_change"},
				{ID: g.effectID(o.ID + "-protection"), Kind: "player_protection", From: []string{"everything"}},
			} {
				e.Name, e.Player, e.Controller, e.Duration, e.Origin = o.Name, o.Controller, o.Controller, "until_your_next_turn", o.ID
				if err := g.addEffect(e); err != nil {
					return err
				}
			}
			g.phaseOut(g.matching(&Filter{Controller: o.Controller}), "702.26b")
			g.emit(Event{Kind: EventSpellExiled, Objects: []string{o.ID}, Rule: "406.2", Player: o.Controller})
			return nil
		}}}
	case "Teferi's Realm":
		return &cardModel{triggers: []*ability{{on: onEachUpkeep, do: func(g *game, o *StackObject, _ []string) error {
			t, err := g.chooseType(o.Object, []string{"artifact", "creature", "land", "non-Aura enchantment"}, "creature", "608.2d")
			if err != nil {
				return err
			}
			var ids []string
			for i := range g.s.Permanents {
				p := &g.s.Permanents[i]
				if !p.Exists() || p.Token {
					continue
				}
				if t == "non-Aura enchantment" && p.Is("enchantment") && !has(p.Subtypes, "Aura") || p.Is(t) {
					ids = append(ids, p.ID)
				}
			}
			g.phaseOut(ids, "702.26b")
			return nil
		}}}}
	case "Teferi's Veil":
		return &cardModel{triggers: []*ability{{on: onAttacks, do: func(g *game, o *StackObject, _ []string) error {
			g.s.Delayed = append(g.s.Delayed, Delayed{When: onEndCombat, Card: o.Card, Ability: 1, Object: o.Object, Controller: o.Controller, Source: o.Source})
			return nil
		}}}, delayed: []*ability{{on: onEndCombat, do: func(g *game, o *StackObject, _ []string) error {
			if p := g.s.perm(o.Object); p != nil && p.Exists() {
				g.phaseOut([]string{o.Object}, "702.26b")
			}
			return nil
		}}}}
	case "Time and Tide":
		return &cardModel{spell: &ability{do: func(g *game, _ *StackObject, _ []string) error {
			g.phaseToggle(&Filter{Types: []string{"creature"}})
			return nil
		}}}
	case "Vanishing":
		return &cardModel{activated: []*ability{{do: phaseOutHost}}}
	case "Vaporous Djinn":
		return &cardModel{triggers: []*ability{{on: onUpkeep, do: phaseOutUnlessPaid}}}
	case "Vodalian Illusionist":
		return &cardModel{activated: []*ability{{cost: cost{tap: true}, targets: one("creature"), do: phaseOutTargets}}}
	case "Warping Wurm":
		return &cardModel{triggers: []*ability{{on: onUpkeep, do: phaseOutUnlessPaid},
			{on: onPhasesIn, do: func(g *game, o *StackObject, _ []string) error {
				if p := g.s.perm(o.Source); p != nil && p.Exists() {
					g.counterN(o.Source, "+1/+1", 1, "122.1")
				}
				return nil
			}}}}

	case "Brokers Confluence":
		return &cardModel{refuse: "proliferating and countering an activated or triggered ability"}
	case "Change of Plans":
		return &cardModel{refuse: "conniving: the engine doesn't know the cards in hand or in the library"}
	case "Ertai's Familiar":
		return &cardModel{refuse: "milling: the engine doesn't know the cards in the library"}
	case "Frenetic Efreet":
		return &cardModel{refuse: "flipping a coin: the engine has no randomness"}
	case "Kaito Shizuki":
		return &cardModel{refuse: "planeswalker loyalty abilities, tokens and emblems"}
	case "Old Fogey":
		return &cardModel{refuse: "cumulative upkeep, echo, fading, banding with other Dinosaurs, protection from Homarids, snow-covered plainswalk and rampage"}
	case "Teferi, Master of Time":
		return &cardModel{refuse: "planeswalker loyalty abilities and extra turns"}
	case "Teferi, Timeless Voyager":
		return &cardModel{refuse: "planeswalker loyalty abilities and putting a card on top of a library"}
	case "Vision Charm":
		return &cardModel{refuse: "milling and changing land types"}

	// A few common cards the presets and rulings talk about.
	case "Lightning Bolt", "Shock", "Ghostfire":
		// Ghostfire's "Ghostfire is colorless." is its colour (CardColors).
		n := 3
		if name == "Shock" {
			n = 2
		}
		return &cardModel{spell: &ability{targets: anyTarget(), do: func(g *game, o *StackObject, legal []string) error {
			for _, t := range legal {
				g.dealDamage(o.ID, t, n, "120.3", false)
			}
			return nil
		}}}
	case "Wrath of God", "Day of Judgment":
		// "They can't be regenerated": the engine has no regeneration.
		return &cardModel{spell: &ability{do: func(g *game, _ *StackObject, _ []string) error {
			g.destroyAll(&Filter{Types: []string{"creature"}})
			return nil
		}}}
	case "Giant Growth":
		return &cardModel{spell: &ability{targets: &targetSpec{min: 1, max: 1, what: []string{"creature"}, prefer: "you"}, do: func(g *game, o *StackObject, legal []string) error {
			for _, t := range legal {
				if err := g.addEffect(Effect{ID: g.effectID(o.ID), Name: o.Name, Origin: o.ID, Kind: "pump", Target: t, Power: 3, Toughness: 3,
					Duration: "end_of_turn", Controller: o.Controller}); err != nil {
					return err
				}
			}
			return nil
		}}}
	case "Disenchant", "Naturalize":
		return &cardModel{spell: &ability{targets: one("artifact", "enchantment"), do: destroyTargets}}
	case "Murder":
		return &cardModel{spell: &ability{targets: one("creature"), do: destroyTargets}}
	case "Doom Blade":
		return &cardModel{spell: &ability{targets: &targetSpec{min: 1, max: 1, what: []string{"creature"}, nonblack: true, prefer: "opponent"}, do: destroyTargets}}
	case "Unsummon":
		return &cardModel{spell: &ability{targets: one("creature"), do: func(g *game, _ *StackObject, legal []string) error {
			for _, t := range legal {
				g.leave(t, ZoneHand, "400.7")
			}
			return nil
		}}}
	case "Pacifism":
		return &cardModel{statics: []Static{{Kind: "cant_attack_or_block", Affects: "enchanted"}}}
	case "Glorious Anthem":
		return &cardModel{statics: []Static{{Kind: "anthem", Power: 1, Toughness: 1, Affects: "creatures_you_control"}}}
	case "Llanowar Elves":
		return &cardModel{activated: []*ability{{cost: cost{tap: true}, mana: "{G}"}}}
	}
	return nil
}

// destroyTargets is "destroy target …".
func destroyTargets(g *game, _ *StackObject, legal []string) error {
	g.destroy(legal, "701.8a")
	return nil
}

// equipoise: for lands, then artifacts, then creatures, the controller
// chooses as many of that type target player controls as they control in
// excess, and those phase out.
func equipoise(g *game, o *StackObject, legal []string) error {
	for _, target := range legal {
		for _, t := range []string{"land", "artifact", "creature"} {
			mine := g.matching(&Filter{Controller: o.Controller, Types: []string{t}})
			theirs := g.matching(&Filter{Controller: target, Types: []string{t}})
			if len(theirs) <= len(mine) {
				continue
			}
			pick, err := g.choosePick(o.Controller, len(theirs)-len(mine), theirs, "608.2d")
			if err != nil {
				return err
			}
			g.phaseOut(pick, "702.26b")
		}
	}
	return nil
}

// chooseTimes is "you may pay … any number of times": an X answer, 0 (not
// paying) by default.
func (g *game) chooseTimes(player string) (int, error) {
	a, ok, err := g.answer(player, ChoiceX)
	if err != nil {
		return 0, err
	}
	if ok {
		g.chose(player, ChoiceX, itoa(a.X), "608.2d", false)
		return a.X, nil
	}
	g.chose(player, ChoiceX, "0", "608.2d", true)
	return 0, nil
}

// effectID gives an unused effect id based on id.
func (g *game) effectID(id string) string {
	out := id
	for n := 2; g.s.effect(out) != nil; n++ {
		out = id + "-" + itoa(n)
	}
	return out
}
