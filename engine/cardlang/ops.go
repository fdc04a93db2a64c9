package cardlang

// Capability is something the game model must be able to do to run a
// construct of the language: Card.Needs lists those of a card, and the
// engine refuses a card that needs one it lacks.
type Capability string

// The capabilities the constructs need. docs/card-language.md says what
// each one means for the game model.
const (
	NeedStack        Capability = "stack"         // casting, activating, triggering, targets, resolving (601, 602, 603, 608)
	NeedCombat       Capability = "combat"        // attacking, blocking, combat damage (506–511)
	NeedDamage       Capability = "damage"        // damage and its results (120, 704.5g)
	NeedLife         Capability = "life"          // life totals (119)
	NeedCounters     Capability = "counters"      // counters on permanents and players (122)
	NeedLibrary      Capability = "library"       // libraries of real cards, in order (401)
	NeedHand         Capability = "hand"          // hands of real cards (402)
	NeedGraveyard    Capability = "graveyard"     // graveyards of real cards that can come back (404)
	NeedZones        Capability = "zones"         // zone changes making new objects, last-known information (400.7, 608.2h)
	NeedMana         Capability = "mana"          // mana pools, mana abilities and paying costs with X, hybrid, Phyrexian and additional costs (106, 118, 601.2f–h, 605)
	NeedTokens       Capability = "tokens"        // creating tokens (111)
	NeedReplacement  Capability = "replacement"   // replacement effects, the affected player's choice among several (614, 616)
	NeedPrevention   Capability = "prevention"    // prevention effects and shields (615)
	NeedRegeneration Capability = "regeneration"  // regeneration shields (701.19)
	NeedLayer2       Capability = "layer-2"       // control-changing effects (613.1b)
	NeedLayer4       Capability = "layer-4"       // type-changing effects (613.1d)
	NeedLayer5       Capability = "layer-5"       // colour-changing effects (613.1e)
	NeedLayer6       Capability = "layer-6"       // ability-adding and -removing effects (613.1f)
	NeedLayer7a      Capability = "layer-7a"      // characteristic-defining P/T (613.4a)
	NeedLayer7b      Capability = "layer-7b"      // P/T-setting effects (613.4b)
	NeedLayer7c      Capability = "layer-7c"      // P/T-changing effects and counters (613.4c)
	NeedRestrictions Capability = "restrictions"  // rules effects on attacking, blocking, untapping, activating and countering (101.2, 302.6, 502.3, 508.1, 509.1)
	NeedDelayed      Capability = "delayed"       // delayed triggered abilities (603.7)
	NeedChoices      Capability = "choices"       // modes, optional actions and choices made as an effect happens (608.2d, 700.2)
	NeedPhasing      Capability = "phasing"       // phasing (702.26)
	NeedStackObjects Capability = "stack-objects" // spells and abilities on the stack as targets, countering them (701.6)
	NeedAttach       Capability = "attach"        // Auras and Equipment attaching (301.5, 303.4, 701.3)
)

// Param is one parameter of an operation or event.
type Param struct {
	Name string
	// Kind is the kind of value: ref, amount, pt, word, mana, keywords,
	// token, effects, modes, cond, event, filter or flag.
	Kind string
	// Named parameters print as "name: value" (a flag as its name);
	// others print in order, before the named ones.
	Named    bool
	Optional bool
	// Words are the words a word parameter takes.
	Words []string
}

// Op is an operation of the language: what an effect does.
type Op struct {
	Name   string
	Params []Param
	// Rule is the Comprehensive Rules number it follows.
	Rule string
	// Layer is the layer a continuous effect of this operation applies
	// in (613.1), "" for a one-shot effect.
	Layer string
	// Continuous is true for an operation that makes a continuous
	// effect: with a duration from a resolving spell or ability, without
	// one from a static ability.
	Continuous bool
	Needs      []Capability
	Doc        string
}

// durations are the durations of continuous effects from resolving
// spells and abilities (611.2).
func durations() []string {
	return []string{"end_of_turn", "this_turn", "your_next_turn", "your_next_upkeep", "end_of_combat", "next_untap_step", "source_leaves", "indefinite"}
}

// cantWords are the actions a restriction effect (cant) forbids.
func cantWords() []string {
	return []string{"attack", "block", "attack_or_block", "be_blocked", "untap", "be_countered", "activate", "be_regenerated", "block_alone", "attack_alone", "be_sacrificed", "transform", "phase_out", "change_life", "activate_tap"}
}

// mustWords are what a requirement (must) asks.
func mustWords() []string { return []string{"attack", "block", "attack_or_block"} }

// zoneWords are the zones an object may be moved to.
func zoneWords() []string {
	return []string{ZoneHand, ZoneBattlefield, ZoneGraveyard, ZoneExile, ZoneLibraryTop, ZoneLibraryBottom}
}

// chooseWords are what a player may choose as a permanent enters (614.12).
func chooseWords() []string {
	return []string{"color", "creature_type", "opponent", "player", "basic_land_type", "card_type", "land_type", "permanent_type"}
}

func p(name, kind string) Param      { return Param{Name: name, Kind: kind} }
func opt(name, kind string) Param    { return Param{Name: name, Kind: kind, Named: true, Optional: true} }
func optPos(name, kind string) Param { return Param{Name: name, Kind: kind, Optional: true} }
func flagParam(name string) Param {
	return Param{Name: name, Kind: "flag", Named: true, Optional: true}
}
func word(name string, w []string) Param { return Param{Name: name, Kind: "word", Words: w} }
func until() Param {
	return Param{Name: "until", Kind: "word", Named: true, Optional: true, Words: durations()}
}

// Ops returns every operation of the language, by name.
func Ops() map[string]Op {
	out := map[string]Op{}
	for _, name := range opNames() {
		out[name], _ = opDef(name)
	}
	return out
}

// opNames lists the names of operations, in the order the documentation gives them.
func opNames() []string {
	return []string{
		"damage", "destroy", "exile", "move", "sacrifice", "tap", "untap", "add_counters", "remove_counters",
		"regenerate", "phase_out", "fight", "attach", "counter", "create", "draw", "discard", "mill", "scry",
		"surveil", "gain_life", "lose_life", "add", "pay", "pump", "cda_pt", "set_pt", "grant", "lose",
		"gain_control", "cant", "must", "block_only", "enters_tapped", "enters_with_counters", "replace",
		"prevent", "no_max_hand_size", "may_not_untap", "choose_value", "may", "if", "choose", "at",
		"phase_toggle", "cda_color", "multiply", "cost_less", "pay_times", "reflex", "copy_of",
	}
}

// opDef returns the operation named name.
func opDef(name string) (Op, bool) {
	switch name {
	// One-shot effects on objects.
	case "damage":
		return Op{Name: "damage", Params: []Param{p("n", "amount"), p("to", "ref"), opt("from", "ref")}, Rule: "120.3",
			Needs: []Capability{NeedDamage}, Doc: "the source (from, else the card) deals n damage to each of to"}, true
	case "destroy":
		return Op{Name: "destroy", Params: []Param{p("what", "ref"), flagParam("no_regen")}, Rule: "701.8",
			Doc: "destroys what (to the graveyard; not indestructible permanents, 702.12b); no_regen: it can't be regenerated (701.19c)"}, true
	case "exile":
		return Op{Name: "exile", Params: []Param{p("what", "ref"), {Name: "until", Kind: "word", Named: true, Optional: true, Words: []string{"source_leaves"}}}, Rule: "701.13", Needs: []Capability{NeedZones},
			Doc: "exiles what: a new object in exile (400.7); until: source_leaves, it returns to the battlefield under its owner's control when the source leaves the battlefield (610.3)"}, true
	case "phase_toggle":
		return Op{Name: "phase_toggle", Params: []Param{p("what", "ref")}, Rule: "702.26", Needs: []Capability{NeedPhasing},
			Doc: "simultaneously, what is phased out of what the filter describes phases in, and what has phasing phases out"}, true
	case "cda_color":
		return Op{Name: "cda_color", Params: []Param{p("what", "ref"), word("colors", []string{"colorless", "all"})}, Rule: "604.3", Layer: "5", Continuous: true,
			Needs: []Capability{NeedLayer5}, Doc: "a characteristic-defining ability: what is colorless, or all colors, in every zone"}, true
	case "multiply":
		return Op{Name: "multiply", Params: []Param{p("event", "event"), p("times", "amount"), opt("plus", "amount")}, Rule: "614.1a", Continuous: true,
			Needs: []Capability{NeedReplacement}, Doc: "if event (creates_tokens, gets_counters) would happen with a number of tokens or counters, that many times times, plus plus, instead"}, true
	case "cost_less":
		return Op{Name: "cost_less", Params: []Param{p("mana", "mana"), opt("per", "amount")}, Rule: "601.2f", Continuous: true,
			Needs: []Capability{NeedMana}, Doc: "the spell costs mana less to cast (per: that many times the amount)"}, true
	case "move":
		return Op{Name: "move", Params: []Param{p("what", "ref"), word("to", zoneWords()), flagParam("tapped"), {Name: "under", Kind: "word", Named: true, Optional: true, Words: []string{"you", "owner"}}, flagParam("attacking")}, Rule: "400.7",
			Needs: []Capability{NeedZones}, Doc: "puts what into a zone (its owner's hand, library or graveyard; the battlefield under the control of the ability's controller (110.2a), or of its owner (under: owner), tapped or attacking if said)"}, true
	case "sacrifice":
		return Op{Name: "sacrifice", Params: []Param{p("who", "ref"), p("what", "ref")}, Rule: "701.21",
			Doc: "each player of who sacrifices what (self, or a choice of what they control)"}, true
	case "tap":
		return Op{Name: "tap", Params: []Param{p("what", "ref")}, Rule: "701.26a", Doc: "taps what"}, true
	case "untap":
		return Op{Name: "untap", Params: []Param{p("what", "ref")}, Rule: "701.26b", Doc: "untaps what"}, true
	case "add_counters":
		return Op{Name: "add_counters", Params: []Param{p("what", "ref"), p("n", "amount"), p("kind", "word")}, Rule: "122.1",
			Needs: []Capability{NeedCounters}, Doc: "puts n counters of kind on each of what (+1/+1 and -1/-1 counters change P/T in layer 7c, 613.4c)"}, true
	case "remove_counters":
		return Op{Name: "remove_counters", Params: []Param{p("what", "ref"), p("n", "amount"), p("kind", "word")}, Rule: "122.1",
			Needs: []Capability{NeedCounters}, Doc: "removes n counters of kind from each of what"}, true
	case "regenerate":
		return Op{Name: "regenerate", Params: []Param{p("what", "ref")}, Rule: "701.19", Needs: []Capability{NeedRegeneration},
			Doc: "the next time what would be destroyed this turn, it is tapped, removed from combat and its damage removed instead"}, true
	case "phase_out":
		return Op{Name: "phase_out", Params: []Param{p("what", "ref"), {Name: "until", Kind: "word", Named: true, Optional: true, Words: []string{"source_leaves"}}, flagParam("tapped")}, Rule: "702.26", Needs: []Capability{NeedPhasing},
			Doc: "what phases out; until: source_leaves, it doesn't phase in until the source leaves the battlefield, then phases in (610.4), tapped if said"}, true
	case "fight":
		return Op{Name: "fight", Params: []Param{p("a", "ref"), p("b", "ref")}, Rule: "701.14", Needs: []Capability{NeedDamage},
			Doc: "a and b each deal damage equal to their power to the other"}, true
	case "attach":
		return Op{Name: "attach", Params: []Param{p("what", "ref"), p("to", "ref")}, Rule: "701.3", Needs: []Capability{NeedAttach},
			Doc: "attaches the Aura or Equipment what to to"}, true
	case "counter":
		return Op{Name: "counter", Params: []Param{p("what", "ref"), opt("unless", "mana")}, Rule: "701.6",
			Needs: []Capability{NeedStackObjects}, Doc: "counters the spell or ability what (to its owner's graveyard); unless: its controller may pay that mana to keep it"}, true
	case "create":
		return Op{Name: "create", Params: []Param{p("n", "amount"), p("token", "token"), flagParam("tapped"), flagParam("attacking"), opt("for", "ref")}, Rule: "111.2",
			Needs: []Capability{NeedTokens}, Doc: "creates n tokens, under the control of for (else the ability's controller)"}, true
	// One-shot effects on players.
	case "draw":
		return Op{Name: "draw", Params: []Param{p("who", "ref"), p("n", "amount")}, Rule: "121.1", Needs: []Capability{NeedLibrary, NeedHand},
			Doc: "each player of who draws n cards"}, true
	case "discard":
		return Op{Name: "discard", Params: []Param{p("who", "ref"), p("n", "amount")}, Rule: "701.9", Needs: []Capability{NeedHand, NeedGraveyard},
			Doc: "each player of who discards n cards of their choice"}, true
	case "mill":
		return Op{Name: "mill", Params: []Param{p("who", "ref"), p("n", "amount")}, Rule: "701.17", Needs: []Capability{NeedLibrary, NeedGraveyard},
			Doc: "each player of who puts the top n cards of their library into their graveyard"}, true
	case "scry":
		return Op{Name: "scry", Params: []Param{p("who", "ref"), p("n", "amount")}, Rule: "701.22", Needs: []Capability{NeedLibrary, NeedChoices},
			Doc: "looks at the top n cards of their library, puts any number on the bottom and the rest on top in any order"}, true
	case "surveil":
		return Op{Name: "surveil", Params: []Param{p("who", "ref"), p("n", "amount")}, Rule: "701.25", Needs: []Capability{NeedLibrary, NeedGraveyard, NeedChoices},
			Doc: "looks at the top n cards of their library, puts any number into their graveyard and the rest on top in any order"}, true
	case "gain_life":
		return Op{Name: "gain_life", Params: []Param{p("who", "ref"), p("n", "amount")}, Rule: "119.3", Needs: []Capability{NeedLife},
			Doc: "each player of who gains n life"}, true
	case "lose_life":
		return Op{Name: "lose_life", Params: []Param{p("who", "ref"), p("n", "amount")}, Rule: "119.3", Needs: []Capability{NeedLife},
			Doc: "each player of who loses n life"}, true
	case "add":
		return Op{Name: "add", Params: []Param{p("mana", "mana"), optPos("n", "amount")}, Rule: "106.4", Needs: []Capability{NeedMana},
			Doc: "adds mana to its controller's pool: the symbols given, or n mana of the kind given (any, any_one, chosen); {W}|{U} is one of them"}, true
	case "pay":
		return Op{Name: "pay", Params: []Param{p("who", "ref"), optPos("mana", "mana"), opt("life", "amount")}, Rule: "118.1", Needs: []Capability{NeedMana},
			Doc: "the player pays the mana (or life); an effect that asks may be declined (may)"}, true
	// Continuous effects.
	case "pump":
		return Op{Name: "pump", Params: []Param{p("what", "ref"), p("pt", "pt"), opt("per", "amount"), until()}, Rule: "613.4c", Layer: "7c", Continuous: true,
			Needs: []Capability{NeedLayer7c}, Doc: "what gets +N/+N (per: that many times the amount, read continuously in a static ability)"}, true
	case "cda_pt":
		return Op{Name: "cda_pt", Params: []Param{p("what", "ref"), p("power", "amount"), p("toughness", "amount")}, Rule: "613.4a", Layer: "7a", Continuous: true,
			Needs: []Capability{NeedLayer7a}, Doc: "a characteristic-defining ability: what's power and toughness are the amounts, in every zone (604.3)"}, true
	case "set_pt":
		return Op{Name: "set_pt", Params: []Param{p("what", "ref"), p("pt", "pt"), until()}, Rule: "613.4b", Layer: "7b", Continuous: true,
			Needs: []Capability{NeedLayer7b}, Doc: "what has base power and toughness N/N"}, true
	case "grant":
		return Op{Name: "grant", Params: []Param{p("what", "ref"), p("keywords", "keywords"), until()}, Rule: "613.1f", Layer: "6", Continuous: true,
			Needs: []Capability{NeedLayer6}, Doc: "what has (gains) the keywords"}, true
	case "lose":
		return Op{Name: "lose", Params: []Param{p("what", "ref"), p("keywords", "keywords"), until()}, Rule: "613.1f", Layer: "6", Continuous: true,
			Needs: []Capability{NeedLayer6}, Doc: "what loses the keywords"}, true
	case "gain_control":
		return Op{Name: "gain_control", Params: []Param{p("what", "ref"), opt("by", "ref"), until()}, Rule: "613.1b", Layer: "2", Continuous: true,
			Needs: []Capability{NeedLayer2}, Doc: "you (or by) control what"}, true
	case "cant":
		return Op{Name: "cant", Params: []Param{p("what", "ref"), word("action", cantWords()), opt("by", "filter"), until()}, Rule: "101.2", Continuous: true,
			Needs: []Capability{NeedRestrictions}, Doc: "what can't do the action (attack, block, untap during its controller's untap step, be blocked (by: except by...), be countered, …)"}, true
	case "must":
		return Op{Name: "must", Params: []Param{p("what", "ref"), word("action", mustWords()), until()}, Rule: "508.1d", Continuous: true,
			Needs: []Capability{NeedRestrictions}, Doc: "what attacks (blocks) each combat if able"}, true
	case "block_only":
		return Op{Name: "block_only", Params: []Param{p("what", "ref"), p("filter", "filter")}, Rule: "509.1b", Continuous: true,
			Needs: []Capability{NeedRestrictions}, Doc: "what can block only creatures filter describes"}, true
	case "enters_tapped":
		return Op{Name: "enters_tapped", Params: []Param{p("what", "ref")}, Rule: "614.1c", Continuous: true,
			Needs: []Capability{NeedReplacement}, Doc: "what enters the battlefield tapped (a replacement effect)"}, true
	case "enters_with_counters":
		return Op{Name: "enters_with_counters", Params: []Param{p("what", "ref"), p("n", "amount"), p("kind", "word")}, Rule: "614.1c", Continuous: true,
			Needs: []Capability{NeedReplacement, NeedCounters}, Doc: "what enters the battlefield with n counters of kind on it"}, true
	case "replace":
		return Op{Name: "replace", Params: []Param{p("event", "event"), p("instead", "effects"), until()}, Rule: "614.1a", Continuous: true,
			Needs: []Capability{NeedReplacement}, Doc: "if event would happen, the effects happen instead; \"it\" in them is the object of the event"}, true
	case "prevent":
		return Op{Name: "prevent", Params: []Param{optPos("n", "amount"), opt("to", "ref"), opt("from", "ref"), flagParam("combat"), until()}, Rule: "615.1", Continuous: true,
			Needs: []Capability{NeedPrevention}, Doc: "prevents damage (all of it, or the next n) that would be dealt (to to, from from, combat only if said)"}, true
	case "no_max_hand_size":
		return Op{Name: "no_max_hand_size", Params: []Param{p("who", "ref")}, Rule: "402.2", Continuous: true,
			Needs: []Capability{NeedHand}, Doc: "who has no maximum hand size"}, true
	case "may_not_untap":
		return Op{Name: "may_not_untap", Params: []Param{p("what", "ref")}, Rule: "502.3", Continuous: true,
			Needs: []Capability{NeedRestrictions, NeedChoices}, Doc: "its controller may choose not to untap what during their untap step"}, true
	case "choose_value":
		return Op{Name: "choose_value", Params: []Param{word("what", chooseWords()), opt("who", "ref")}, Rule: "614.12", Needs: []Capability{NeedChoices},
			Doc: "as the permanent enters, its controller chooses a colour, creature type, opponent…; the permanent remembers it (607.2); as an ability resolves, the player who chooses (608.2d), and the ability remembers it"}, true
	case "copy_of":
		return Op{Name: "copy_of", Params: []Param{p("what", "ref")}, Rule: "707.2", Needs: []Capability{NeedChoices},
			Doc: "as the permanent enters, it becomes a copy of what (its copiable values: what is printed on it and other copy effects, 707.2)"}, true
	case "pay_times":
		return Op{Name: "pay_times", Params: []Param{p("who", "ref"), p("mana", "mana")}, Rule: "608.2d", Needs: []Capability{NeedMana, NeedChoices},
			Doc: "the player pays the mana any number of times (X: how many); it is done if once or more"}, true
	case "reflex":
		return Op{Name: "reflex", Params: []Param{p("do", "effects")}, Rule: "603.12", Needs: []Capability{NeedStack},
			Doc: "a reflexive triggered ability: if the previous effect was done, it triggers, its targets chosen as it goes on the stack; X in it is the previous effect's number"}, true
	// Structure.
	case "may":
		return Op{Name: "may", Params: []Param{p("do", "effects"), opt("who", "ref"), opt("then", "effects"), opt("else", "effects")}, Rule: "608.2d",
			Needs: []Capability{NeedChoices}, Doc: "the player (who, else the controller) may do the effects; then: what happens if they did (\"if you do\"); else: what happens if they didn't (\"… unless you pay\")"}, true
	case "if":
		return Op{Name: "if", Params: []Param{p("cond", "cond"), p("then", "effects"), opt("else", "effects")}, Rule: "608.2c",
			Doc: "the effects happen only if cond holds as the ability resolves"}, true
	case "choose":
		return Op{Name: "choose", Params: []Param{p("modes", "modes")}, Rule: "700.2", Needs: []Capability{NeedChoices},
			Doc: "the modes chosen as the spell or ability is put on the stack happen, in printed order"}, true
	case "at":
		return Op{Name: "at", Params: []Param{p("event", "event"), p("do", "effects")}, Rule: "603.7", Needs: []Capability{NeedDelayed},
			Doc: "a delayed triggered ability: the next time event happens, the effects happen"}, true
	}
	return Op{}, false
}

// EventDef is an event triggered abilities wait for and replacement
// effects replace: its subject (an object or a player) and the
// capabilities it needs.
type EventDef struct {
	Name string
	// Subject is "object", "player" or "" (an event of the game: the
	// next end step).
	Subject string
	// Params are the named parameters besides the subject.
	Params []Param
	Rule   string
	Needs  []Capability
	Doc    string
}

// Events returns every event of the language, by name.
func Events() map[string]EventDef {
	out := map[string]EventDef{}
	for _, name := range eventNames() {
		out[name], _ = eventDef(name)
	}
	return out
}

// eventNames lists the names of events, in the order the documentation gives them.
func eventNames() []string {
	return []string{
		"enters", "dies", "leaves", "put_into_graveyard", "attacks", "blocks", "attacks_or_blocks",
		"becomes_blocked", "deals_damage", "dealt_damage", "becomes_tapped", "becomes_target", "phases_in",
		"phases_out", "upkeep", "draw_step", "combat", "end_step", "end_combat", "next_end_step", "next_upkeep",
		"your_next_upkeep", "cast", "gains_life", "draws", "discards", "sacrifices", "damage", "creates_tokens", "gets_counters",
	}
}

// eventDef returns the event named name.
func eventDef(name string) (EventDef, bool) {
	switch name {
	case "enters":
		return EventDef{Name: "enters", Subject: "object", Rule: "603.6a", Doc: "enters the battlefield"}, true
	case "dies":
		return EventDef{Name: "dies", Subject: "object", Rule: "700.4", Needs: []Capability{NeedZones, NeedGraveyard}, Doc: "is put into a graveyard from the battlefield (looks back in time, 603.10a)"}, true
	case "leaves":
		return EventDef{Name: "leaves", Subject: "object", Rule: "603.6c", Needs: []Capability{NeedZones}, Doc: "leaves the battlefield (looks back in time, 603.10a)"}, true
	case "put_into_graveyard":
		return EventDef{Name: "put_into_graveyard", Subject: "object", Params: []Param{{Name: "zone", Kind: "word", Named: true, Words: []string{"anywhere", ZoneBattlefield}}}, Rule: "603.6a", Needs: []Capability{NeedZones, NeedGraveyard}, Doc: "is put into a graveyard from a zone"}, true
	case "attacks":
		return EventDef{Name: "attacks", Subject: "object", Rule: "508.3a", Needs: []Capability{NeedCombat}, Doc: "is declared as an attacker"}, true
	case "blocks":
		return EventDef{Name: "blocks", Subject: "object", Params: []Param{opt("to", "ref")}, Rule: "509.3c", Needs: []Capability{NeedCombat}, Doc: "is declared as a blocker (of a creature to describes: that creature)"}, true
	case "attacks_or_blocks":
		return EventDef{Name: "attacks_or_blocks", Subject: "object", Rule: "509.3c", Needs: []Capability{NeedCombat}, Doc: "attacks or blocks"}, true
	case "becomes_blocked":
		return EventDef{Name: "becomes_blocked", Subject: "object", Params: []Param{opt("by", "ref")}, Rule: "509.3d", Needs: []Capability{NeedCombat}, Doc: "becomes blocked (by: by each creature by describes, that creature)"}, true
	case "deals_damage":
		return EventDef{Name: "deals_damage", Subject: "object", Params: []Param{opt("to", "ref"), flagParam("combat")}, Rule: "603.2", Needs: []Capability{NeedDamage}, Doc: "deals damage (combat damage if said) to to"}, true
	case "dealt_damage":
		return EventDef{Name: "dealt_damage", Subject: "object", Rule: "603.2", Needs: []Capability{NeedDamage}, Doc: "is dealt damage"}, true
	case "becomes_tapped":
		return EventDef{Name: "becomes_tapped", Subject: "object", Rule: "603.2", Doc: "becomes tapped"}, true
	case "becomes_target":
		return EventDef{Name: "becomes_target", Subject: "object", Rule: "603.2", Doc: "becomes the target of a spell or ability"}, true
	case "phases_in":
		return EventDef{Name: "phases_in", Subject: "object", Rule: "702.26", Needs: []Capability{NeedPhasing}, Doc: "phases in"}, true
	case "phases_out":
		return EventDef{Name: "phases_out", Subject: "object", Rule: "702.26", Needs: []Capability{NeedPhasing}, Doc: "phases out"}, true
	case "upkeep":
		return EventDef{Name: "upkeep", Subject: "player", Rule: "503.1a", Doc: "the beginning of the player's upkeep (anyone: each upkeep)"}, true
	case "draw_step":
		return EventDef{Name: "draw_step", Subject: "player", Rule: "504.2", Doc: "the beginning of the player's draw step"}, true
	case "combat":
		return EventDef{Name: "combat", Subject: "player", Rule: "507.1", Needs: []Capability{NeedCombat}, Doc: "the beginning of combat on the player's turn"}, true
	case "end_step":
		return EventDef{Name: "end_step", Subject: "player", Rule: "513.1a", Doc: "the beginning of the player's end step (anyone: each end step)"}, true
	case "end_combat":
		return EventDef{Name: "end_combat", Subject: "", Rule: "511.1", Needs: []Capability{NeedCombat}, Doc: "the end of combat (this turn's)"}, true
	case "next_end_step":
		return EventDef{Name: "next_end_step", Subject: "", Rule: "603.7", Doc: "the beginning of the next end step"}, true
	case "next_upkeep":
		return EventDef{Name: "next_upkeep", Subject: "", Rule: "603.7", Doc: "the beginning of the next turn's upkeep"}, true
	case "your_next_upkeep":
		return EventDef{Name: "your_next_upkeep", Subject: "", Rule: "603.7", Doc: "the beginning of the next upkeep of the ability's controller"}, true
	case "cast":
		return EventDef{Name: "cast", Subject: "player", Params: []Param{opt("what", "filter")}, Rule: "601.2i", Doc: "the player casts a spell (what: which)"}, true
	case "gains_life":
		return EventDef{Name: "gains_life", Subject: "player", Rule: "119.9", Needs: []Capability{NeedLife}, Doc: "the player gains life"}, true
	case "draws":
		return EventDef{Name: "draws", Subject: "player", Rule: "121.1", Needs: []Capability{NeedLibrary}, Doc: "the player draws a card"}, true
	case "discards":
		return EventDef{Name: "discards", Subject: "player", Rule: "701.9", Needs: []Capability{NeedHand}, Doc: "the player discards a card"}, true
	case "sacrifices":
		return EventDef{Name: "sacrifices", Subject: "player", Params: []Param{opt("what", "filter")}, Rule: "701.21", Doc: "the player sacrifices a permanent"}, true
	case "damage":
		return EventDef{Name: "damage", Subject: "", Params: []Param{opt("to", "ref"), opt("by", "ref"), flagParam("combat")}, Rule: "614.1a", Needs: []Capability{NeedDamage}, Doc: "damage would be dealt (a replacement's event)"}, true
	case "creates_tokens":
		return EventDef{Name: "creates_tokens", Subject: "player", Rule: "614.1a", Needs: []Capability{NeedTokens}, Doc: "an effect would create tokens under the player's control (a replacement's event)"}, true
	case "gets_counters":
		return EventDef{Name: "gets_counters", Subject: "object", Params: []Param{{Name: "kind", Kind: "word", Named: true, Optional: true}}, Rule: "614.1a", Needs: []Capability{NeedCounters}, Doc: "counters (of kind, if given) would be put on the object (a replacement's event)"}, true
	}
	return EventDef{}, false
}
