package cardlang

// Card is what a card does, in the card language: its abilities in the
// order its text prints them. Name, ManaCost and TypeLine are the card's,
// for reading; the engine takes a card's characteristics from its card data.
type Card struct {
	Name      string
	ManaCost  string // "{2}{B}{B}", "" when not known
	TypeLine  string // "Creature — Chupacabra"
	Abilities []Ability
}

// Kind is the kind of an ability (CR 113.3), plus the additional costs a
// spell's text adds to casting it.
type Kind string

// The kinds of abilities. Each one's form in the text is given beside it.
const (
	// KindKeyword is a keyword ability (702): "keyword flying".
	KindKeyword Kind = "keyword"
	// KindSpell is an instant's or sorcery's spell ability (113.3a): what
	// it does as it resolves. "spell: destroy(target(creature))".
	KindSpell Kind = "spell"
	// KindAdditional is an additional cost to cast the spell (601.2f):
	// "additional: sacrifice(you, creature)".
	KindAdditional Kind = "additional"
	// KindTriggered is a triggered ability (603): "when EVENT [if COND]
	// [LIMITS]: EFFECTS".
	KindTriggered Kind = "when"
	// KindActivated is an activated ability (602), mana abilities (605)
	// among them: "activate COST [LIMITS]: EFFECTS".
	KindActivated Kind = "activate"
	// KindStatic is a static ability (604): continuous effects (611.3),
	// replacement and prevention effects (614, 615) and rules the card
	// changes. "static [if COND]: EFFECTS".
	KindStatic Kind = "static"
	// KindAsEnters is a choice made as the permanent enters (614.12):
	// "as_enters: choose(color)".
	KindAsEnters Kind = "as_enters"
)

// Ability is one ability of a card. Which fields a kind uses is said
// beside each.
type Ability struct {
	Kind Kind
	// Keyword is the keyword of a keyword ability.
	Keyword *Keyword `json:",omitempty"`
	// Trigger is the event of a triggered ability.
	Trigger *Trigger `json:",omitempty"`
	// Cost is an activated ability's cost, or the additional cost of a
	// spell.
	Cost Cost `json:",omitempty"`
	// Limits restrict when an activated ability may be activated or a
	// triggered ability trigger (LimitSorcery, ...).
	Limits []string `json:",omitempty"`
	// If is a triggered ability's intervening "if" clause (603.4), a
	// static ability's "as long as" (611.3b), or an activated ability's
	// "activate only if".
	If *Condition `json:",omitempty"`
	// Zone is where the ability functions when that is not the
	// battlefield (or the stack, for a spell): ZoneGraveyard for
	// "Return CARDNAME from your graveyard…" (113.6).
	Zone string `json:",omitempty"`
	// Effects are what the ability does: the one-shot effects of a spell,
	// a triggered or an activated ability in order (608.2c), or the
	// continuous effects of a static ability.
	Effects []Effect `json:",omitempty"`
}

// Limits on activating an activated ability or on a triggered ability.
const (
	LimitSorcery      = "sorcery"          // activate only as a sorcery (602.5d)
	LimitInstant      = "instant"          // activate only as an instant: the default; kept for cards that say so
	LimitOnce         = "once_each_turn"   // activate (trigger) only once each turn
	LimitYourTurn     = "your_turn"        // activate only during your turn
	LimitYourUpkeep   = "your_upkeep"      // activate only during your upkeep
	LimitCombat       = "combat"           // activate only during combat
	LimitBeforeBlock  = "before_blockers"  // activate only before blockers are declared
	LimitBeforeAttack = "before_attackers" // activate only before attackers are declared
	LimitAnyPlayer    = "any_player"       // any player may activate this ability (602.2)
)

// Zones, as effects and abilities name them.
const (
	ZoneBattlefield   = "battlefield"
	ZoneHand          = "hand"
	ZoneGraveyard     = "graveyard"
	ZoneExile         = "exile"
	ZoneLibraryTop    = "library_top"
	ZoneLibraryBottom = "library_bottom"
	ZoneStack         = "stack"
)

// Keyword is a keyword ability with its parameter, if it has one: a cost
// ("equip {1}"), a number ("bushido 2"), qualities ("protection from
// black") or what it may enchant ("enchant creature you control").
type Keyword struct {
	Name string
	// Cost is the keyword's cost, for keywords that have one.
	Cost Cost `json:",omitempty"`
	// N is the keyword's number, for keywords that have one.
	N int `json:",omitempty"`
	// From lists protection's qualities (a colour, a card type,
	// "everything", "monocolored", "multicolored").
	From []string `json:",omitempty"`
	// Filter is what enchant may enchant, or what a landwalk walks.
	Filter *Filter `json:",omitempty"`
}

// Trigger is the event a triggered ability waits for (603.2): Event with
// its object or player. Object is a filter ("a creature you control") or
// self; Player says whose step or whose action it is.
type Trigger struct {
	Event  string
	Object *Ref `json:",omitempty"`
	Player *Ref `json:",omitempty"`
	// To is who a damage event's damage goes to (a player, a creature).
	To *Ref `json:",omitempty"`
	// By is the source of a damage event's damage.
	By *Ref `json:",omitempty"`
	// Zone is where a put_into_graveyard event's object comes from
	// ("anywhere", "battlefield").
	Zone string `json:",omitempty"`
	// What filters the spell of a cast event, the permanent of a
	// sacrifices event.
	What *Filter `json:",omitempty"`
	// Combat limits a damage event to combat damage.
	Combat bool `json:",omitempty"`
	// Counter is the kind of counter a gets_counters event is about, ""
	// for any.
	Counter string `json:",omitempty"`
}

// Cost is an activated ability's cost, or an additional cost (118): its
// parts in the order printed, all paid.
type Cost []CostPart

// CostPart is one part of a cost: mana ("{2}{R}", with X, hybrid and
// Phyrexian symbols), tapping or untapping the source ({T}, {Q}), paying
// life, sacrificing, discarding or exiling objects, removing counters,
// or a loyalty cost.
type CostPart struct {
	Kind    string  // CostMana, CostTap, ...
	Mana    string  `json:",omitempty"` // CostMana: the symbols
	N       *Amount `json:",omitempty"` // how many (life, cards, counters); loyalty: the signed change
	What    *Ref    `json:",omitempty"` // sacrifice, exile, tap: what (self, or a filter of what the payer chooses)
	Counter string  `json:",omitempty"` // remove_counters: the kind
}

// Kinds of cost parts.
const (
	CostMana           = "mana"            // {2}{R}: pay mana (118, 202)
	CostTap            = "tap"             // {T}: tap the source (107.5)
	CostUntap          = "untap"           // {Q}: untap the source (107.6)
	CostLife           = "pay_life"        // pay N life (119.4)
	CostSacrifice      = "sacrifice"       // sacrifice self or N objects you choose (701.21)
	CostDiscard        = "discard"         // discard self or N cards (701.9)
	CostExile          = "exile"           // exile self or N cards from a zone
	CostTapOther       = "tap_untapped"    // tap N untapped permanents you control
	CostRemoveCounters = "remove_counters" // remove N counters of a kind from the source (122)
	CostPutCounters    = "put_counters"    // put N counters of a kind on the source
	CostLoyalty        = "loyalty"         // a loyalty ability's cost (606)
	CostReturn         = "return"          // return N permanents you control to their owner's hand
)
