package cardlang

// Effect is one thing an ability does: an operation (Ops lists them, with
// the arguments each takes, the rule it follows and what the engine needs
// to run it) and its arguments. In the text form it is a call:
// "damage(3, target(any))", "pump(target(creature), +3/+3, until:
// end_of_turn)".
type Effect struct {
	Op   string
	Args []Arg
}

// Arg is one argument of an effect, named by its parameter.
type Arg struct {
	Name  string
	Value Value
}

// Value is an argument's value: *Ref, Amount, PT, Word, Mana, Keywords,
// *Token, Effects, Modes, *Condition, *Trigger, *Filter or Flag.
type Value interface{ valueKind() string }

// Get returns the argument named name, nil if the effect has none.
func (e Effect) Get(name string) Value {
	for _, a := range e.Args {
		if a.Name == name {
			return a.Value
		}
	}
	return nil
}

// Ref returns the argument name as a *Ref, nil if absent.
func (e Effect) Ref(name string) *Ref { r, _ := e.Get(name).(*Ref); return r }

// Amount returns the argument name as an Amount, and whether it is there.
func (e Effect) Amount(name string) (Amount, bool) { a, ok := e.Get(name).(Amount); return a, ok }

// Word returns the argument name as a word, "" if absent.
func (e Effect) Word(name string) string { w, _ := e.Get(name).(Word); return string(w) }

// Flag reports whether the flag name is set.
func (e Effect) Flag(name string) bool { _, ok := e.Get(name).(Flag); return ok }

// Sub returns the argument name as a list of effects, nil if absent.
func (e Effect) Sub(name string) Effects { s, _ := e.Get(name).(Effects); return s }

// Effects is a sequence of effects, done in order (608.2c). In the text
// form: "[draw(you, 1); discard(you, 1)]".
type Effects []Effect

// Modes are a modal spell's or ability's options (700.2): between Min and
// Max of them are chosen (Max 0: any number), each a sequence of effects.
// "choose(1, [destroy(target(artifact))], [destroy(target(enchantment))])".
type Modes struct {
	Min, Max int
	Options  []Effects
	// Repeat is true when the same mode may be chosen more than once.
	Repeat bool
}

// Word is an argument chosen from a closed list: a zone, a duration, a
// counter kind, a restriction, a colour.
type Word string

// Mana is mana symbols: "{2}{R}", "{W}|{U}" (one of), "any" (one mana of
// any colour), "any_one" (mana of any one colour), "chosen" (of the
// chosen colour).
type Mana string

// Keywords is a list of keyword abilities an effect grants or removes.
type Keywords []Keyword

// Flag is an argument that is there or not ("no_regen", "tapped").
type Flag struct{}

func (*Ref) valueKind() string       { return "ref" }
func (Amount) valueKind() string     { return "amount" }
func (PT) valueKind() string         { return "pt" }
func (Word) valueKind() string       { return "word" }
func (Mana) valueKind() string       { return "mana" }
func (Keywords) valueKind() string   { return "keywords" }
func (*Token) valueKind() string     { return "token" }
func (Effects) valueKind() string    { return "effects" }
func (Modes) valueKind() string      { return "modes" }
func (*Condition) valueKind() string { return "cond" }
func (*Trigger) valueKind() string   { return "event" }
func (*Filter) valueKind() string    { return "filter" }
func (Flag) valueKind() string       { return "flag" }

// Ref says which objects or players an effect acts on.
type Ref struct {
	Kind string // RefSelf, RefTarget, ...
	// Filter describes the objects or players of a target, all, each,
	// choice or a kind of reference.
	Filter *Filter `json:",omitempty"`
	// Min and Max are how many targets (or chosen objects): 1 and 1 for
	// "target creature", 0 and 2 for "up to two target creatures"; Max
	// -1 is any number.
	Min, Max int `json:",omitempty"`
	// Of is the object whose controller or owner is meant.
	Of *Ref `json:",omitempty"`
	// MaxX is true for "up to X": the most is the value of X, not Max.
	MaxX bool `json:",omitempty"`
	// And is the second reference of RefAnd.
	And *Ref `json:",omitempty"`
}

// Kinds of references.
const (
	RefSelf      = "self"        // the card itself (CARDNAME, "this creature"), or the spell as it resolves
	RefIt        = "it"          // what the previous effect of the ability acted on ("it", "that creature", "those cards"), followed to where that effect put it (400.7)
	RefTarget    = "target"      // target objects or players, chosen as the spell or ability is put on the stack (115, 601.2c)
	RefAll       = "all"         // every object the filter describes ("all creatures", "each creature")
	RefEach      = "each"        // every player the filter describes ("each opponent")
	RefA         = "a"           // an object or player the filter describes, in a trigger's event ("a creature you control")
	RefChoice    = "choice"      // objects the acting player chooses as the effect happens, not targeted ("sacrifice a creature")
	RefYou       = "you"         // the controller of the ability or spell (109.5)
	RefThat      = "that"        // the object the trigger's event was about ("that creature")
	RefThatPl    = "that_player" // the player the trigger's event was about ("that player")
	RefDamaged   = "damaged"     // the creature or player a damage event's damage was dealt to ("that creature", "that player")
	RefEnchanted = "enchanted"   // the object the source Aura enchants (303.4)
	RefEquipped  = "equipped"    // the creature the source Equipment is attached to (301.5)
	RefDefending = "defending"   // the defending player (506.2)
	RefCtrl      = "controller"  // the controller of Of
	RefOwner     = "owner"       // the owner of Of
	RefAny       = "anyone"      // any player ("any player may")
	RefAnd       = "and"         // the objects of Of and of And together ("CARDNAME and that creature")
	RefExiled    = "exiled"      // the cards the card's other abilities exiled, still in exile ("the exiled card"; linked abilities, 607.2a)
)

// Filter describes objects or players. Every field that is set must
// match; inside a field, one of the values is enough (except Types,
// whose groups must all match: "artifact creature" is two groups,
// "artifact or enchantment" one).
type Filter struct {
	Types      [][]string `json:",omitempty"` // card types, "permanent", "spell", "card", "player", "opponent", "any" (any target: 115.4)
	Subtypes   []string   `json:",omitempty"` // "Goblin", "Island"
	Supertypes []string   `json:",omitempty"` // "legendary", "basic", "snow"
	Colors     []string   `json:",omitempty"` // white ... green, "colorless", "multicolored", "monocolored"
	Not        []string   `json:",omitempty"` // what it must not be: a type, a subtype, a supertype, a colour, "token"
	States     []string   `json:",omitempty"` // tapped, untapped, attacking, blocking, blocked, unblocked
	With       []string   `json:",omitempty"` // keywords it has ("with flying")
	Without    []string   `json:",omitempty"` // keywords it doesn't have
	Compare    []Compare  `json:",omitempty"` // power, toughness or mana value against a number
	Control    string     `json:",omitempty"` // who controls it: you, opponent, not_you
	Own        string     `json:",omitempty"` // who owns it (a card in a graveyard or hand): you, opponent
	Zone       string     `json:",omitempty"` // where a card is, for cards not on the battlefield: graveyard, hand, library, exile, stack
	Other      bool       `json:",omitempty"` // "another", "other": not the source (109.1)
	Token      bool       `json:",omitempty"` // a token (111)
	// Chosen is a choice the source made as it entered (614.12) that the
	// object must fit: land_type, creature_type or color ("of the chosen
	// type", "of the chosen color").
	Chosen string `json:",omitempty"`
}

// Compare is one numeric condition of a filter: Stat Op N, as
// "power<=2".
type Compare struct {
	Stat string // power, toughness, mana_value
	Op   string // <=, >=, ==, <, >
	N    Amount
}

// Amount is a number: a constant, X, or a count or characteristic read
// as the effect happens.
type Amount struct {
	N   int    `json:",omitempty"` // the constant, when Fn is ""
	Var string `json:",omitempty"` // "X": the value chosen for X (107.3)
	// Fn reads a number: "count" (objects Filter describes), "number"
	// (how many objects Ref names: "for each creature phased out this
	// way"), "power", "toughness", "mana_value" (of Ref), "life" (of Ref's
	// player), "hand" (cards in Ref's player's hand), "counters" (counters
	// of kind Word on Ref), "exiled" (the cards exiled to pay the spell's
	// additional cost).
	Fn     string  `json:",omitempty"`
	Ref    *Ref    `json:",omitempty"`
	Filter *Filter `json:",omitempty"`
	Word   string  `json:",omitempty"`
}

// PT is a power and toughness: a change ("+3/+3", "-1/-1"; Mod true) or
// a value ("0/1", "X/X").
type PT struct {
	Power, Toughness Amount
	Mod              bool
}

// Token describes the tokens an effect creates (111): their power and
// toughness, colours, types, subtypes and keywords; or a predefined token
// by name (Treasure, Food, Clue, Blood, Gold: 111.10), whose abilities
// the rules give.
type Token struct {
	Name       string   `json:",omitempty"` // a predefined token
	PT         *PT      `json:",omitempty"`
	Colors     []string `json:",omitempty"` // none: colorless
	Supertypes []string `json:",omitempty"`
	Types      []string `json:",omitempty"`
	Subtypes   []string `json:",omitempty"`
	Keywords   Keywords `json:",omitempty"`
}

// Condition is a condition a triggered ability checks (603.4), a static
// ability needs ("as long as"), or an effect tests ("if").
type Condition struct {
	// Kind is CondCompare (Left Op Right), or a state named by a word
	// (CondYourTurn, CondKicked, ...).
	Kind  string
	Left  *Amount `json:",omitempty"`
	Op    string  `json:",omitempty"`
	Right *Amount `json:",omitempty"`
	// Ref is the object a state condition is about; Filter what it must
	// be for CondIs.
	Ref    *Ref    `json:",omitempty"`
	Filter *Filter `json:",omitempty"`
	// Not negates the condition.
	Not bool `json:",omitempty"`
}

// Kinds of conditions.
const (
	CondCompare    = "compare"     // Left Op Right
	CondYourTurn   = "your_turn"   // it's your turn
	CondKicked     = "kicked"      // the spell was kicked (702.33d)
	CondTapped     = "tapped"      // Ref is tapped
	CondUntapped   = "untapped"    // Ref is untapped
	CondAttacking  = "attacking"   // Ref is attacking
	CondIsCreature = "is_creature" // Ref is a creature
	CondDid        = "did"         // the previous "you may" was done ("if you do", 608.2c)
	CondIs         = "is"          // Ref is what Filter describes ("if that permanent is black")
)
