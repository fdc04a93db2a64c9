package cardlang

// KeywordDef is a keyword ability of the language: the parameter it takes
// ("" none, "n" a number, "cost" a cost, "qualities" protection's
// qualities, "filter" what it enchants), its rule and what the engine
// needs to run it.
type KeywordDef struct {
	Name  string
	Param string
	Rule  string
	Needs []Capability
	Doc   string
}

// KeywordDefs returns every keyword ability of the language, by name.
// Keywords whose rules a game model with the capabilities of this package
// can't follow as printed (face-down cards, copies of spells, banding,
// random choices) are left out, so the compiler refuses them.
func KeywordDefs() map[string]KeywordDef {
	out := map[string]KeywordDef{}
	for _, name := range keywordNames() {
		out[name], _ = keywordDef(name)
	}
	return out
}

// keywordNames lists the names of keywords, in the order the documentation gives them.
func keywordNames() []string {
	return []string{
		"flying", "reach", "first_strike", "double_strike", "deathtouch", "trample", "lifelink", "vigilance",
		"haste", "defender", "indestructible", "hexproof", "shroud", "menace", "protection", "phasing", "flash",
		"flanking", "vanishing", "plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk",
		"intimidate", "fear", "shadow", "horsemanship", "skulk", "enchant", "equip", "ward", "cycling", "kicker",
		"changeling", "devoid", "prowess", "exalted", "bushido", "rampage", "infect", "wither", "toxic", "persist",
		"undying", "split_second", "fading", "echo", "cumulative_upkeep", "flashback", "buyback", "convoke",
		"delve", "improvise", "evolve", "bloodthirst", "modular", "graft", "annihilator", "battle_cry", "mentor",
		"training", "renown", "afflict", "riot", "unearth", "dash", "evoke", "decayed", "living_weapon", "crew",
		"fabricate", "exploit", "partner", "affinity", "sunburst", "extort", "unleash", "totem_armor", "dethrone",
		"melee", "devour", "ingest", "retrace", "provoke", "outlast", "ninjutsu", "soulshift", "undaunted",
	}
}

// keywordDef returns the keyword named name.
func keywordDef(name string) (KeywordDef, bool) {
	c := []Capability{NeedCombat}
	switch name {
	case "flying":
		return KeywordDef{"flying", "", "702.9", c, "can be blocked only by creatures with flying or reach"}, true
	case "reach":
		return KeywordDef{"reach", "", "702.17", c, "can block creatures with flying"}, true
	case "first_strike":
		return KeywordDef{"first_strike", "", "702.7", c, "deals combat damage in the first-strike damage step"}, true
	case "double_strike":
		return KeywordDef{"double_strike", "", "702.4", c, "deals combat damage in both damage steps"}, true
	case "deathtouch":
		return KeywordDef{"deathtouch", "", "702.2", []Capability{NeedDamage}, "any damage it deals to a creature is lethal"}, true
	case "trample":
		return KeywordDef{"trample", "", "702.19", c, "excess combat damage goes to the player or planeswalker"}, true
	case "lifelink":
		return KeywordDef{"lifelink", "", "702.15", []Capability{NeedDamage, NeedLife}, "damage it deals gains its controller that much life"}, true
	case "vigilance":
		return KeywordDef{"vigilance", "", "702.20", c, "attacking doesn't cause it to tap"}, true
	case "haste":
		return KeywordDef{"haste", "", "702.10", nil, "can attack and {T} the turn it comes under its controller's control"}, true
	case "defender":
		return KeywordDef{"defender", "", "702.3", c, "can't attack"}, true
	case "indestructible":
		return KeywordDef{"indestructible", "", "702.12", nil, "isn't destroyed by lethal damage or destroy effects"}, true
	case "hexproof":
		return KeywordDef{"hexproof", "", "702.11", []Capability{NeedStack}, "can't be the target of spells or abilities its opponents control"}, true
	case "shroud":
		return KeywordDef{"shroud", "", "702.18", []Capability{NeedStack}, "can't be the target of spells or abilities"}, true
	case "menace":
		return KeywordDef{"menace", "", "702.111", c, "can't be blocked except by two or more creatures"}, true
	case "protection":
		return KeywordDef{"protection", "qualities", "702.16", []Capability{NeedStack, NeedCombat, NeedDamage, NeedAttach}, "can't be damaged, enchanted or equipped, blocked or targeted by what has a quality"}, true
	case "phasing":
		return KeywordDef{"phasing", "", "702.26", []Capability{NeedPhasing}, "phases in or out in its controller's untap step"}, true
	case "flash":
		return KeywordDef{"flash", "", "702.8", []Capability{NeedStack}, "may be cast any time an instant could"}, true
	case "flanking":
		return KeywordDef{"flanking", "", "702.25", []Capability{NeedCombat, NeedLayer7c}, "a blocker without flanking gets -1/-1"}, true
	case "vanishing":
		return KeywordDef{"vanishing", "n", "702.63", []Capability{NeedCounters}, "enters with N time counters, loses one each upkeep, sacrificed with the last"}, true
	case "plainswalk":
		return KeywordDef{"plainswalk", "", "702.14", c, "can't be blocked as long as the defending player controls a Plains"}, true
	case "islandwalk":
		return KeywordDef{"islandwalk", "", "702.14", c, "… an Island"}, true
	case "swampwalk":
		return KeywordDef{"swampwalk", "", "702.14", c, "… a Swamp"}, true
	case "mountainwalk":
		return KeywordDef{"mountainwalk", "", "702.14", c, "… a Mountain"}, true
	case "forestwalk":
		return KeywordDef{"forestwalk", "", "702.14", c, "… a Forest"}, true
	case "intimidate":
		return KeywordDef{"intimidate", "", "702.13", c, "can be blocked only by artifact creatures and creatures that share a colour with it"}, true
	case "fear":
		return KeywordDef{"fear", "", "702.36", c, "can be blocked only by artifact or black creatures"}, true
	case "shadow":
		return KeywordDef{"shadow", "", "702.28", c, "blocks and is blocked only by creatures with shadow"}, true
	case "horsemanship":
		return KeywordDef{"horsemanship", "", "702.31", c, "can be blocked only by creatures with horsemanship"}, true
	case "skulk":
		return KeywordDef{"skulk", "", "702.118", c, "can't be blocked by creatures with greater power"}, true
	case "enchant":
		return KeywordDef{"enchant", "filter", "702.5", []Capability{NeedAttach}, "what the Aura can be attached to"}, true
	case "equip":
		return KeywordDef{"equip", "cost", "702.6", []Capability{NeedAttach, NeedMana}, "cost: attach to target creature you control, as a sorcery"}, true
	case "ward":
		return KeywordDef{"ward", "cost", "702.21", []Capability{NeedStackObjects, NeedMana}, "counter a spell or ability an opponent controls that targets it unless its controller pays"}, true
	case "cycling":
		return KeywordDef{"cycling", "cost", "702.29", []Capability{NeedHand, NeedLibrary, NeedMana}, "cost, discard this card: draw a card"}, true
	case "kicker":
		return KeywordDef{"kicker", "cost", "702.33", []Capability{NeedMana}, "an optional additional cost; the spell knows it was kicked"}, true
	case "changeling":
		return KeywordDef{"changeling", "", "702.73", []Capability{NeedLayer4}, "is every creature type, in every zone"}, true
	case "devoid":
		return KeywordDef{"devoid", "", "702.114", []Capability{NeedLayer5}, "is colourless"}, true
	case "prowess":
		return KeywordDef{"prowess", "", "702.108", []Capability{NeedStack, NeedLayer7c}, "whenever its controller casts a noncreature spell, it gets +1/+1 until end of turn"}, true
	case "exalted":
		return KeywordDef{"exalted", "", "702.83", []Capability{NeedCombat, NeedLayer7c}, "whenever a creature its controller controls attacks alone, it gets +1/+1 until end of turn"}, true
	case "bushido":
		return KeywordDef{"bushido", "n", "702.45", []Capability{NeedCombat, NeedLayer7c}, "whenever it blocks or becomes blocked, it gets +N/+N until end of turn"}, true
	case "rampage":
		return KeywordDef{"rampage", "n", "702.23", []Capability{NeedCombat, NeedLayer7c}, "whenever it becomes blocked, +N/+N for each creature blocking it beyond the first"}, true
	case "infect":
		return KeywordDef{"infect", "", "702.90", []Capability{NeedDamage, NeedCounters}, "deals damage to creatures as -1/-1 counters and to players as poison counters"}, true
	case "wither":
		return KeywordDef{"wither", "", "702.80", []Capability{NeedDamage, NeedCounters}, "deals damage to creatures as -1/-1 counters"}, true
	case "toxic":
		return KeywordDef{"toxic", "n", "702.164", []Capability{NeedDamage, NeedCounters}, "combat damage to a player also gives N poison counters"}, true
	case "persist":
		return KeywordDef{"persist", "", "702.79", []Capability{NeedZones, NeedGraveyard, NeedCounters}, "when it dies with no -1/-1 counter, it returns with a -1/-1 counter"}, true
	case "undying":
		return KeywordDef{"undying", "", "702.93", []Capability{NeedZones, NeedGraveyard, NeedCounters}, "when it dies with no +1/+1 counter, it returns with a +1/+1 counter"}, true
	case "split_second":
		return KeywordDef{"split_second", "", "702.61", []Capability{NeedStack, NeedRestrictions}, "while on the stack, players can't cast spells or activate non-mana abilities"}, true
	case "fading":
		return KeywordDef{"fading", "n", "702.32", []Capability{NeedCounters}, "enters with N fade counters; removes one each upkeep or is sacrificed"}, true
	case "echo":
		return KeywordDef{"echo", "cost", "702.30", []Capability{NeedMana}, "at its controller's first upkeep with it, sacrificed unless the echo cost is paid"}, true
	case "cumulative_upkeep":
		return KeywordDef{"cumulative_upkeep", "cost", "702.24", []Capability{NeedMana, NeedCounters}, "each upkeep an age counter, then pay the cost per age counter or sacrifice"}, true
	case "flashback":
		return KeywordDef{"flashback", "cost", "702.34", []Capability{NeedGraveyard, NeedZones, NeedMana}, "may be cast from the graveyard for the cost, then exiled"}, true
	case "buyback":
		return KeywordDef{"buyback", "cost", "702.27", []Capability{NeedHand, NeedMana}, "an optional additional cost; if paid, the spell returns to its owner's hand"}, true
	case "convoke":
		return KeywordDef{"convoke", "", "702.51", []Capability{NeedMana}, "creatures tapped pay for {1} or one mana of their colour"}, true
	case "delve":
		return KeywordDef{"delve", "", "702.66", []Capability{NeedMana, NeedGraveyard}, "cards exiled from the graveyard pay for {1} each"}, true
	case "improvise":
		return KeywordDef{"improvise", "", "702.126", []Capability{NeedMana}, "artifacts tapped pay for {1} each"}, true
	case "evolve":
		return KeywordDef{"evolve", "", "702.100", []Capability{NeedCounters}, "a +1/+1 counter when a larger creature enters under its controller's control"}, true
	case "bloodthirst":
		return KeywordDef{"bloodthirst", "n", "702.54", []Capability{NeedDamage, NeedCounters}, "enters with N +1/+1 counters if an opponent was dealt damage this turn"}, true
	case "modular":
		return KeywordDef{"modular", "n", "702.43", []Capability{NeedCounters, NeedZones}, "enters with N +1/+1 counters; when it dies, they may move to an artifact creature"}, true
	case "graft":
		return KeywordDef{"graft", "n", "702.58", []Capability{NeedCounters}, "enters with N +1/+1 counters; may move one to a creature that enters"}, true
	case "annihilator":
		return KeywordDef{"annihilator", "n", "702.86", []Capability{NeedCombat}, "whenever it attacks, the defending player sacrifices N permanents"}, true
	case "battle_cry":
		return KeywordDef{"battle_cry", "", "702.91", []Capability{NeedCombat, NeedLayer7c}, "whenever it attacks, each other attacking creature gets +1/+0 until end of turn"}, true
	case "mentor":
		return KeywordDef{"mentor", "", "702.134", []Capability{NeedCombat, NeedCounters}, "whenever it attacks, a +1/+1 counter on target attacking creature with lesser power"}, true
	case "training":
		return KeywordDef{"training", "", "702.149", []Capability{NeedCombat, NeedCounters}, "whenever it attacks with a creature with greater power, a +1/+1 counter"}, true
	case "renown":
		return KeywordDef{"renown", "n", "702.112", []Capability{NeedCombat, NeedCounters}, "when it deals combat damage to a player, if not renowned, N +1/+1 counters and it becomes renowned"}, true
	case "afflict":
		return KeywordDef{"afflict", "n", "702.130", []Capability{NeedCombat, NeedLife}, "whenever it becomes blocked, the defending player loses N life"}, true
	case "riot":
		return KeywordDef{"riot", "", "702.136", []Capability{NeedChoices, NeedCounters, NeedLayer6}, "enters with a +1/+1 counter or with haste"}, true
	case "unearth":
		return KeywordDef{"unearth", "cost", "702.84", []Capability{NeedGraveyard, NeedZones, NeedMana, NeedDelayed}, "return from the graveyard with haste, exiled at the next end step or if it would leave"}, true
	case "dash":
		return KeywordDef{"dash", "cost", "702.109", []Capability{NeedMana, NeedDelayed, NeedHand}, "cast for the dash cost: haste, returned to hand at the next end step"}, true
	case "evoke":
		return KeywordDef{"evoke", "cost", "702.74", []Capability{NeedMana}, "cast for the evoke cost: sacrificed when it enters"}, true
	case "decayed":
		return KeywordDef{"decayed", "", "702.147", []Capability{NeedRestrictions, NeedDelayed}, "can't block; when it attacks, sacrificed at end of combat"}, true
	case "living_weapon":
		return KeywordDef{"living_weapon", "", "702.92", []Capability{NeedTokens, NeedAttach}, "when it enters, create a 0/0 black Phyrexian Germ token and attach this to it"}, true
	case "crew":
		return KeywordDef{"crew", "n", "702.122", []Capability{NeedLayer4}, "tap creatures with total power N: it becomes an artifact creature until end of turn"}, true
	case "fabricate":
		return KeywordDef{"fabricate", "n", "702.123", []Capability{NeedTokens, NeedCounters, NeedChoices}, "when it enters, N +1/+1 counters or N 1/1 colorless Servo artifact creature tokens"}, true
	case "exploit":
		return KeywordDef{"exploit", "", "702.110", []Capability{NeedChoices}, "when it enters, its controller may sacrifice a creature"}, true
	case "partner":
		return KeywordDef{"partner", "", "702.124", nil, "deck construction only: no effect in a game"}, true
	case "affinity":
		return KeywordDef{"affinity", "filter", "702.41", []Capability{NeedMana}, "costs {1} less for each permanent of the kind its controller controls"}, true
	case "sunburst":
		return KeywordDef{"sunburst", "", "702.44", []Capability{NeedMana, NeedCounters}, "enters with a +1/+1 (or charge) counter for each colour of mana spent to cast it"}, true
	case "extort":
		return KeywordDef{"extort", "", "702.101", []Capability{NeedMana, NeedLife, NeedStack}, "whenever its controller casts a spell, they may pay {W/B}; if they do, each opponent loses 1 life and they gain that much"}, true
	case "unleash":
		return KeywordDef{"unleash", "", "702.98", []Capability{NeedChoices, NeedCounters, NeedRestrictions}, "may enter with a +1/+1 counter; can't block while it has one"}, true
	case "totem_armor":
		return KeywordDef{"totem_armor", "", "702.89", []Capability{NeedReplacement, NeedAttach}, "if the enchanted permanent would be destroyed, its damage is removed and this Aura is destroyed instead"}, true
	case "dethrone":
		return KeywordDef{"dethrone", "", "702.105", []Capability{NeedCombat, NeedCounters}, "whenever it attacks the player with the most life or tied, a +1/+1 counter"}, true
	case "melee":
		return KeywordDef{"melee", "", "702.121", []Capability{NeedCombat, NeedLayer7c}, "whenever it attacks, +1/+1 until end of turn for each opponent attacked"}, true
	case "devour":
		return KeywordDef{"devour", "n", "702.82", []Capability{NeedCounters, NeedChoices}, "as it enters, sacrifice any number of creatures: N +1/+1 counters for each"}, true
	case "ingest":
		return KeywordDef{"ingest", "", "702.115", []Capability{NeedCombat, NeedLibrary, NeedZones}, "whenever it deals combat damage to a player, that player exiles the top card of their library"}, true
	case "retrace":
		return KeywordDef{"retrace", "", "702.81", []Capability{NeedGraveyard, NeedHand, NeedMana}, "may be cast from the graveyard by discarding a land card as an additional cost"}, true
	case "provoke":
		return KeywordDef{"provoke", "", "702.39", []Capability{NeedCombat, NeedRestrictions}, "whenever it attacks, untap target creature defending player controls, which blocks it if able"}, true
	case "outlast":
		return KeywordDef{"outlast", "cost", "702.107", []Capability{NeedMana, NeedCounters}, "cost, {T}: a +1/+1 counter, as a sorcery"}, true
	case "ninjutsu":
		return KeywordDef{"ninjutsu", "cost", "702.49", []Capability{NeedMana, NeedCombat, NeedHand, NeedZones}, "cost, return an unblocked attacker you control to hand: put this card onto the battlefield tapped and attacking"}, true
	case "soulshift":
		return KeywordDef{"soulshift", "n", "702.46", []Capability{NeedGraveyard, NeedZones, NeedHand}, "when it dies, return target Spirit card with mana value N or less from your graveyard to your hand"}, true
	case "undaunted":
		return KeywordDef{"undaunted", "", "702.125", []Capability{NeedMana}, "costs {1} less for each opponent"}, true
	}
	return KeywordDef{}, false
}

// protectionQualities are what protection may be from: a colour, a card
// type, everything, or a number of colours (702.16a, 702.16j).
func protectionQualities() []string {
	return []string{"white", "blue", "black", "red", "green", "everything", "monocolored", "multicolored",
		"creature", "artifact", "enchantment", "land", "planeswalker", "instant", "sorcery"}
}
