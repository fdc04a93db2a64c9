package engine

import (
	"strings"

	"arbiter/engine/cardlang"
)

// A real card's behaviour is its Oracle text compiled into the card
// language (engine/cardlang), which one interpreter runs (interp.go).
// A card is simulated only when every sentence of its text compiles and
// the interpreter runs every construct the compiled text uses; otherwise
// it is refused with the line of its text that stops it.

// typeLine writes a card's type line from its types ("Legendary Creature
// — Elf Druid"), for the compiler.
func typeLine(c CardInfo) string {
	var words []string
	for _, w := range append(append([]string(nil), c.Supertypes...), c.Types...) {
		if w != "" {
			words = append(words, strings.ToUpper(w[:1])+w[1:])
		}
	}
	line := strings.Join(words, " ")
	if len(c.Subtypes) > 0 {
		line += " — " + strings.Join(c.Subtypes, " ")
	}
	return line
}

// compileCard compiles a card's Oracle text and checks that the
// interpreter runs all of it: the card's behaviour, or an *Error with
// CodeCardNotModelled whose Args are the card and the line of its text
// (or the reason) that stops it.
func compileCard(cp *cardlang.Compiler, c CardInfo) (*cardlang.Card, *Error) {
	if c.Faces > 1 || strings.Contains(c.Name, " // ") {
		return nil, errorf(CodeCardNotModelled, 0, 0, c.Name, "cards with several faces")
	}
	for _, t := range c.Types {
		if !has(spellTypes(), t) {
			return nil, errorf(CodeCardNotModelled, 0, 0, c.Name, "the card type "+t)
		}
	}
	src := cardlang.Source{Name: c.Name, ManaCost: c.ManaCost, TypeLine: typeLine(c), Text: c.Text, Faces: c.Faces}
	card, lines, err := cp.CompileLines(src)
	if err != nil {
		r, ok := err.(*cardlang.Refusal)
		if !ok {
			return nil, errorf(CodeCardNotModelled, 0, 0, c.Name, err.Error())
		}
		reason := r.Sentence
		switch r.Reason {
		case cardlang.ReasonFaces:
			reason = "cards with several faces"
		case cardlang.ReasonCardType:
			reason = "the card type " + r.Detail
		case cardlang.ReasonManaCost:
			reason = "the mana cost " + r.Detail
		}
		return nil, errorf(CodeCardNotModelled, 0, 0, c.Name, reason)
	}
	if i, _ := Lacks(card); i >= 0 {
		line := lines[i]
		if line == "" {
			line = card.Abilities[i].String()
		}
		return nil, errorf(CodeCardNotModelled, 0, 0, c.Name, line)
	}
	return &card, nil
}

// Lacks says whether the interpreter runs every construct of a card: -1
// when it does, else the index of the first ability it can't run and the
// construct ("keyword rampage", "op scry", "event becomes_target").
func Lacks(c cardlang.Card) (int, string) {
	for i, a := range c.Abilities {
		if what := lacksAbility(a); what != "" {
			return i, what
		}
	}
	return -1, ""
}

// Simulates reports whether a compiled card runs in the engine as printed:
// nil, or an error naming the first construct the interpreter lacks.
func Simulates(c cardlang.Card) error {
	if _, what := Lacks(c); what != "" {
		return errorf(CodeCardNotModelled, 0, 0, c.Name, what)
	}
	return nil
}

// lacksAbility gives the first construct of an ability the interpreter
// can't run, "" if none.
func lacksAbility(a cardlang.Ability) string {
	switch a.Kind {
	case cardlang.KindKeyword:
		if a.Keyword == nil || !has(langKeywords(), a.Keyword.Name) {
			return "keyword " + a.Keyword.Name
		}
		if a.Keyword.Filter != nil {
			if w := lacksFilter(a.Keyword.Filter); w != "" {
				return w
			}
		}
		return ""
	case cardlang.KindTriggered:
		if a.Trigger == nil || !has(langEvents(), a.Trigger.Event) {
			return "event " + a.Trigger.Event
		}
		if w := lacksTrigger(a.Trigger); w != "" {
			return w
		}
	case cardlang.KindActivated, cardlang.KindAdditional:
		for _, cp := range a.Cost {
			if !has(langCosts(), cp.Kind) {
				return "cost " + cp.Kind
			}
			if cp.Kind == cardlang.CostMana && !payable(cp.Mana) {
				return "mana " + cp.Mana
			}
			if cp.What != nil {
				if w := lacksRef(cp.What); w != "" {
					return w
				}
			}
		}
		if a.Zone != "" && a.Zone != cardlang.ZoneHand && a.Zone != cardlang.ZoneGraveyard {
			return "zone " + a.Zone
		}
	case cardlang.KindAsEnters:
		for _, e := range a.Effects {
			switch {
			case e.Op == "may" && len(e.Sub("do")) == 1 && e.Sub("do")[0].Op == "copy_of":
			case e.Op != "choose_value" || !has([]string{"color", "creature_type", "opponent", "player", "basic_land_type", "card_type", "land_type", "permanent_type"}, e.Word("what")):
				return "as_enters " + e.Word("what")
			}
		}
		return ""
	}
	for _, l := range a.Limits {
		if !has(langLimits(), l) {
			return "limit " + l
		}
	}
	if a.If != nil {
		if w := lacksCond(a.If); w != "" {
			return w
		}
	}
	return lacksEffects(a.Effects, a.Kind == cardlang.KindStatic)
}

// langKeywords are the keyword abilities the interpreter runs: those the
// engine checks for (Keywords) and those that stand for abilities or
// costs (abilityKeywords).
func langKeywords() []string { return append(Keywords(), abilityKeywords()...) }

// abilityKeywords are keywords that are abilities or costs of the card
// that has them (equip, cycling, prowess, kicker...): an effect can't
// grant them in the engine.
func abilityKeywords() []string {
	return []string{"enchant", "equip", "cycling", "kicker", "flashback", "buyback", "echo", "prowess", "bushido",
		"persist", "undying", "partner", "battle_cry", "afflict", "soulshift"}
}

// langEvents are the trigger events the interpreter runs.
func langEvents() []string {
	return []string{"enters", "dies", "leaves", "put_into_graveyard", "attacks", "blocks", "attacks_or_blocks",
		"becomes_blocked", "deals_damage", "dealt_damage", "becomes_tapped", "becomes_target", "phases_in", "phases_out",
		"upkeep", "draw_step", "combat", "end_step", "cast", "gains_life", "draws", "discards"}
}

// langCosts are the cost parts the interpreter pays.
func langCosts() []string {
	return []string{cardlang.CostMana, cardlang.CostTap, cardlang.CostUntap, cardlang.CostLife, cardlang.CostSacrifice,
		cardlang.CostDiscard, cardlang.CostExile, cardlang.CostTapOther, cardlang.CostRemoveCounters,
		cardlang.CostPutCounters, cardlang.CostReturn}
}

// langLimits are the limits on activating and triggering the interpreter follows.
func langLimits() []string {
	return []string{cardlang.LimitSorcery, cardlang.LimitInstant, cardlang.LimitOnce, cardlang.LimitYourTurn,
		cardlang.LimitYourUpkeep, cardlang.LimitCombat, cardlang.LimitBeforeBlock, cardlang.LimitBeforeAttack,
		cardlang.LimitAnyPlayer}
}

// langOps are the operations the interpreter runs.
func langOps() []string {
	return []string{"damage", "destroy", "exile", "move", "sacrifice", "tap", "untap", "add_counters", "remove_counters",
		"regenerate", "phase_out", "fight", "attach", "counter", "create", "draw", "discard", "mill", "scry", "surveil",
		"gain_life", "lose_life", "add", "pay", "pump", "cda_pt", "set_pt", "grant", "lose", "gain_control", "cant",
		"must", "block_only", "enters_tapped", "enters_with_counters", "replace", "prevent", "no_max_hand_size",
		"may_not_untap", "choose_value", "may", "if", "choose", "at", "phase_toggle", "cda_color", "multiply", "cost_less",
		"pay_times", "reflex", "copy_of"}
}

func lacksEffects(es cardlang.Effects, static bool) string {
	for _, e := range es {
		if w := lacksEffect(e, static); w != "" {
			return w
		}
	}
	return ""
}

func lacksEffect(e cardlang.Effect, static bool) string {
	if !has(langOps(), e.Op) {
		return "op " + e.Op
	}
	switch e.Op {
	case "cant":
		if !has([]string{"attack", "block", "attack_or_block", "be_blocked", "untap", "be_countered", "be_regenerated", "phase_out", "change_life", "activate_tap"}, e.Word("action")) {
			return "cant " + e.Word("action")
		}
	case "must":
		if e.Word("action") != "attack" {
			return "must " + e.Word("action")
		}
	case "add":
		if m, _ := e.Get("mana").(cardlang.Mana); m == "chosen" {
			return "mana of the chosen color"
		} else if string(m) != "any" && string(m) != "any_one" {
			for _, alt := range strings.Split(string(m), "|") {
				if !payable(alt) || strings.Contains(alt, "X") || strings.Contains(alt, "/") {
					return "mana " + alt
				}
			}
		}
	case "pay":
		if m, ok := e.Get("mana").(cardlang.Mana); ok && !payable(string(m)) {
			return "mana " + string(m)
		}
	case "replace":
		ev, _ := e.Get("event").(*cardlang.Trigger)
		if ev == nil || ev.Event != "dies" && ev.Event != "put_into_graveyard" || insteadZone(e.Sub("instead")) == "" {
			return "replacement"
		}
	case "add_counters", "remove_counters", "enters_with_counters":
		if k := e.Word("kind"); !counterKindOK(k) {
			return "counter " + k
		}
	}
	if u := e.Word("until"); u != "" && !has([]string{"end_of_turn", "this_turn", "your_next_turn", "end_of_combat",
		"your_next_upkeep", "next_untap_step", "source_leaves", "indefinite"}, u) {
		return "duration " + u
	}
	for _, a := range e.Args {
		if w := lacksValue(a.Value, static); w != "" {
			return w
		}
	}
	return ""
}

// counterKindOK reports whether the engine follows what counters of a
// kind do: +1/+1 and -1/-1 counters change P/T (613.4c); counters with no
// rules of their own (charge, time...) are only counted. Keyword counters,
// shield and stun counters have rules of their own the engine doesn't
// follow.
func counterKindOK(k string) bool {
	switch {
	case k == "+1/+1" || k == "-1/-1":
		return true
	case strings.Contains(k, "/"), k == "shield", k == "stun", k == "loyalty", k == "defense":
		return false
	}
	for _, kw := range langKeywords() {
		if strings.ReplaceAll(k, " ", "_") == kw {
			return false
		}
	}
	return true
}

func lacksValue(v cardlang.Value, static bool) string {
	switch v := v.(type) {
	case *cardlang.Ref:
		return lacksRef(v)
	case cardlang.Amount:
		return lacksAmount(v)
	case cardlang.PT:
		if w := lacksAmount(v.Power); w != "" {
			return w
		}
		return lacksAmount(v.Toughness)
	case cardlang.Keywords:
		for _, k := range v {
			if !has(Keywords(), k.Name) || k.Name == "vanishing" || k.Name == "changeling" {
				return "keyword " + k.Name
			}
		}
	case *cardlang.Token:
		if v.Name != "" && !has([]string{"Treasure", "Food", "Clue", "Blood", "Gold"}, v.Name) {
			return "token " + v.Name
		}
		for _, k := range v.Keywords {
			if !has(Keywords(), k.Name) || k.Name == "vanishing" {
				return "keyword " + k.Name
			}
		}
	case cardlang.Effects:
		return lacksEffects(v, static)
	case cardlang.Modes:
		if v.Repeat {
			return "modes chosen more than once"
		}
		for _, o := range v.Options {
			if w := lacksEffects(o, static); w != "" {
				return w
			}
		}
	case *cardlang.Condition:
		return lacksCond(v)
	case *cardlang.Trigger:
		if !has(append(langEvents(), "next_end_step", "next_upkeep", "your_next_upkeep", "end_combat", "creates_tokens", "gets_counters"), v.Event) {
			return "event " + v.Event
		}
		return lacksTrigger(v)
	case *cardlang.Filter:
		return lacksFilter(v)
	}
	return ""
}

func lacksTrigger(t *cardlang.Trigger) string {
	for _, r := range []*cardlang.Ref{t.Object, t.Player, t.To, t.By} {
		if r == nil {
			continue
		}
		if r.Kind == cardlang.RefEnchanted && r == t.Player {
			return "enchanted player"
		}
		if w := lacksRef(r); w != "" {
			return w
		}
	}
	if t.What != nil {
		return lacksFilter(t.What)
	}
	return ""
}

func lacksRef(r *cardlang.Ref) string {
	switch r.Kind {
	case cardlang.RefSelf, cardlang.RefIt, cardlang.RefTarget, cardlang.RefAll, cardlang.RefEach, cardlang.RefA,
		cardlang.RefChoice, cardlang.RefYou, cardlang.RefThat, cardlang.RefThatPl, cardlang.RefDamaged,
		cardlang.RefEnchanted, cardlang.RefEquipped, cardlang.RefDefending, cardlang.RefAny, cardlang.RefExiled:
	case cardlang.RefAnd:
		if w := lacksRef(r.Of); w != "" {
			return w
		}
		return lacksRef(r.And)
	case cardlang.RefCtrl, cardlang.RefOwner:
		if r.Of == nil {
			return "ref " + r.Kind
		}
		return lacksRef(r.Of)
	default:
		return "ref " + r.Kind
	}
	if r.Filter != nil {
		return lacksFilter(r.Filter)
	}
	return ""
}

func lacksFilter(f *cardlang.Filter) string {
	for _, g := range f.Types {
		for _, t := range g {
			if !has([]string{"creature", "artifact", "enchantment", "land", "planeswalker", "permanent", "spell", "card",
				"instant", "sorcery", "player", "opponent", "any", "battle", "kindred"}, t) {
				return "type " + t
			}
		}
	}
	switch f.Zone {
	case "", cardlang.ZoneGraveyard, cardlang.ZoneHand, "library", cardlang.ZoneExile, cardlang.ZoneStack:
	default:
		return "zone " + f.Zone
	}
	for _, c := range f.Compare {
		if w := lacksAmount(c.N); w != "" {
			return w
		}
	}
	return ""
}

func lacksAmount(a cardlang.Amount) string {
	switch a.Fn {
	case "", "count", "power", "toughness", "mana_value", "life", "hand", "counters", "number", "exiled":
	default:
		return "amount " + a.Fn
	}
	if a.Ref != nil {
		if w := lacksRef(a.Ref); w != "" {
			return w
		}
	}
	if a.Filter != nil {
		return lacksFilter(a.Filter)
	}
	return ""
}

func lacksCond(c *cardlang.Condition) string {
	switch c.Kind {
	case cardlang.CondCompare, cardlang.CondYourTurn, cardlang.CondKicked, cardlang.CondTapped, cardlang.CondUntapped,
		cardlang.CondAttacking, cardlang.CondIsCreature, cardlang.CondDid, cardlang.CondIs:
	default:
		return "condition " + c.Kind
	}
	for _, a := range []*cardlang.Amount{c.Left, c.Right} {
		if a != nil {
			if w := lacksAmount(*a); w != "" {
				return w
			}
		}
	}
	if c.Filter != nil {
		if w := lacksFilter(c.Filter); w != "" {
			return w
		}
	}
	if c.Ref != nil {
		return lacksRef(c.Ref)
	}
	return ""
}
