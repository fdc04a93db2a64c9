package engine

import "arbiter/engine/cardlang"

// Zones a permanent's card can be in. Phasing is not a zone: a phased-out
// permanent stays on the battlefield (CR 110.5, 702.26d).
const (
	ZoneBattlefield = "battlefield"
	ZoneGraveyard   = "graveyard"
	ZoneExile       = "exile"
	ZoneHand        = "hand"
	ZoneLibrary     = "library"
	ZoneGone        = "gone"  // a token that ceased to exist, or an object that left the game with its owner
	ZoneStack       = "stack" // a permanent spell that has not resolved yet
)

// Step is a step or phase of the turn. MTG uses the twelve steps of CR 500–514;
// Yu-Gi-Oh! uses its six phases.
type Step string

// The steps of an MTG turn, in order.
const (
	StepUntap            Step = "untap"
	StepUpkeep           Step = "upkeep"
	StepDraw             Step = "draw"
	StepMain1            Step = "main1"
	StepBeginCombat      Step = "begin_combat"
	StepDeclareAttackers Step = "declare_attackers"
	StepDeclareBlockers  Step = "declare_blockers"
	StepCombatDamage     Step = "combat_damage"
	StepEndCombat        Step = "end_combat"
	StepMain2            Step = "main2"
	StepEnd              Step = "end"
	StepCleanup          Step = "cleanup"
)

// The phases of a Yu-Gi-Oh! turn, in order.
const (
	PhaseDraw    Step = "draw"
	PhaseStandby Step = "standby"
	PhaseMain1   Step = "main1"
	PhaseBattle  Step = "battle"
	PhaseMain2   Step = "main2"
	PhaseEnd     Step = "end"
)

// Steps returns the MTG steps in turn order.
func Steps() []Step {
	return []Step{StepUntap, StepUpkeep, StepDraw, StepMain1, StepBeginCombat, StepDeclareAttackers,
		StepDeclareBlockers, StepCombatDamage, StepEndCombat, StepMain2, StepEnd, StepCleanup}
}

// Phases returns the Yu-Gi-Oh! phases in turn order.
func Phases() []Step {
	return []Step{PhaseDraw, PhaseStandby, PhaseMain1, PhaseBattle, PhaseMain2, PhaseEnd}
}

// stepRule returns the rule that describes an MTG step.
func stepRule(s Step) string {
	switch s {
	case StepUntap:
		return "502"
	case StepUpkeep:
		return "503"
	case StepDraw:
		return "504"
	case StepMain1, StepMain2:
		return "505"
	case StepBeginCombat:
		return "507"
	case StepDeclareAttackers:
		return "508"
	case StepDeclareBlockers:
		return "509"
	case StepCombatDamage:
		return "510"
	case StepEndCombat:
		return "511"
	case StepEnd:
		return "513"
	case StepCleanup:
		return "514"
	}
	return ""
}

// State is a whole game situation. It is a plain value: Apply never changes
// the State it is given, it returns a new one.
type State struct {
	Game    string // "mtg" or "ygo"
	Turn    int
	Active  string // the active (turn) player's name
	Step    Step
	Players []Player
	// Permanents holds every object the scenario defined, in definition order,
	// whatever its zone; Zone says where it is now.
	Permanents []Permanent
	Effects    []Effect
	Stack      []StackObject
	// LeftStack holds the spells and abilities that have left the stack (or
	// were removed as they would have gone on it), as they last were (last
	// known information, 113.7a), in the order they left.
	LeftStack []StackObject
	// Timestamp is the last timestamp handed out (CR 613.7).
	Timestamp int
	// Seq is the sequence number of the last event produced.
	Seq int
	// Pending holds abilities that triggered where no player gets priority
	// (the untap step, CR 502.4); they are put on the stack at the next priority.
	Pending []Trigger
	// Delayed holds delayed triggered abilities waiting for their moment (603.7).
	Delayed []Delayed
	// Answers holds the players' answers to choices still to come, in order
	// (the scenario's choose actions).
	Answers []Answer
	// Winner is the player who won the game (104.2a), "" while it goes on.
	Winner string
	// PayMana is set when mana costs are paid from mana pools (the
	// scenario's mana: pay); otherwise they are taken as paid.
	PayMana bool
	// NextObject is the last object number handed out (400.7): a card
	// that changes zones becomes a new object with a new number.
	NextObject int
	// LastKnown holds permanents as they last existed on the battlefield
	// (last known information, 608.2h, 113.7a), in the order they left.
	LastKnown []Permanent
	// Used records the abilities activated or triggered this turn that
	// may be only once each turn.
	Used []string
	// YGO holds the Yu-Gi-Oh! part of the game, nil for MTG.
	YGO *YGOState
}

// Player is one player of the game, in turn order.
type Player struct {
	Name       string
	Life       int
	Left       bool // left the game (CR 800.4)
	Lost       bool // lost the game (CR 704.5a)
	SkipUntaps int  // how many of their next untap steps are skipped (CR 702.26m)
	Hand       int  // cards in hand
	// HandKnown is set when the scenario gives the hand size: casting a
	// spell then takes a card from it.
	HandKnown bool
	// Library is the number of cards in their library the scenario
	// doesn't name, or -1 when it doesn't say (drawing then never empties
	// it). Top and Bottom are the named cards above and below them, top
	// first (401.1).
	Library     int
	Top, Bottom []string
	// Graveyard counts the cards in their graveyard the scenario doesn't
	// name (milled or discarded unnamed cards); the named ones are objects.
	Graveyard int
	// DrewFromEmpty records a draw from an empty library since state-based
	// actions were last checked (704.5b).
	DrewFromEmpty bool
	// Pool is the player's mana pool (106.4).
	Pool Mana
	// Poison is the number of poison counters the player has (122.1f).
	Poison int
	// LandsPlayed counts the lands the player played this turn (305.2).
	LandsPlayed int
}

// Permanent is one object a scenario defines: a permanent on the battlefield,
// or the card it became after leaving. Fields marked "derived" are recomputed
// from the base values and the effects in force after every action.
type Permanent struct {
	ID   string
	Name string
	// Card is the English name of the real card it is (scenario key card),
	// "" for an object the scenario describes itself. Its text is what the
	// engine models for that card.
	Card string
	// LocalNames holds the card's printed names by language ("fr", "ja").
	LocalNames map[string]string
	Types      []string
	Subtypes   []string
	Supertypes []string
	Keywords   []string // base keywords; see Abilities for the derived set
	BasePower  int
	BaseTough  int
	Colors     []string // white blue black red green; none for a colorless object
	// ManaCost is its mana cost ("{2}{W}"), "" for none or unknown; see ManaValue.
	ManaCost string
	// Protection lists the qualities its protection keyword is from (702.16):
	// colours, card types, or "everything".
	Protection []string
	// VanishingN is the N of its "Vanishing N": it enters with N time
	// counters (702.63a).
	VanishingN int
	// Enchant lists what an Aura may enchant (702.5a): card types, or
	// "permanent"; empty when the scenario doesn't restrict it.
	Enchant []string
	Owner   string
	// BaseController is who controls the permanent absent control effects.
	BaseController string
	Token          bool
	Tapped         bool
	Damage         int
	Counters       map[string]int
	AttachedTo     string // id of the host, "" if unattached
	// HostObject is the object number the host had when this became
	// attached to it: a host that left and came back is a new object this
	// isn't attached to (400.7).
	HostObject int
	Timestamp  int
	Zone       string
	// Sick is the summoning-sickness bookkeeping of CR 302.6: true until its
	// controller has controlled it continuously since their most recent turn began.
	Sick bool
	// Fresh is set as its controller's turn begins if it came under their
	// control since their previous turn began (echo, 702.30a).
	Fresh    bool
	Static   []Static
	Triggers []string          // trigger conditions: enters, leaves, phases_in, phases_out, attached, unattached, becomes_tapped
	Choices  map[string]string // choices made as it entered (a color, a creature type, ...)

	// Phasing status (CR 110.5, 702.26).
	PhasedOut      bool
	PhasedIndirect bool   // phased out indirectly, with its host (702.26g)
	PhasedOutUnder string // the player who controlled it when it phased out (702.26a)
	// PhaseInOn names the event ("<id>_leaves") that phases it back in (610.4);
	// while set it doesn't phase in during untap steps (610.4a).
	PhaseInOn   string
	TapOnReturn bool
	// PhaseInWaits counts untap steps of PhasedOutUnder to let pass before
	// it phases in: its phasing player left during their own turn (702.26n).
	PhaseInWaits int

	// DeathtouchHit records damage from a source with deathtouch since
	// state-based actions were last checked (704.5h).
	DeathtouchHit bool

	// Object is the number of the game object it is (400.7): a card that
	// changes zones becomes a new object, which effects and targets that
	// followed the old one don't follow.
	Object int
	// Behavior is what the real card's text does, in the card language
	// (engine/cardlang), nil for an object the scenario describes itself.
	Behavior *cardlang.Card `json:"-"`
	// Kicked records that it was cast with its kicker (702.33d).
	Kicked bool
	// EnteredTurn is the turn it last entered the battlefield.
	EnteredTurn int
	// Printed holds its own characteristics while it is a copy of
	// another object (707.2), nil otherwise.
	Printed *Permanent `json:"-"`
	// CopyOf is the permanent whose copiable values it has (707), "" if none.
	CopyOf string
	// ReturnOn names the permanent ("<id>#<object>") whose leaving the
	// battlefield returns this exiled card to the battlefield (610.3).
	ReturnOn string
	// ExiledBy names the object ("<id>#<object>") whose ability exiled
	// this card, and ExiledObj the card's object number in exile: "the
	// exiled card" of that object's linked abilities (607.2a).
	ExiledBy  string
	ExiledObj int
	// toCast marks the card of a scenario's cast action before it is cast:
	// one of the cards in hand the scenario doesn't name, until then.
	toCast bool

	// Combat.
	Attacking string // the player or planeswalker it attacks, "" if not attacking
	Blocking  string // the attacker it blocks, "" if not blocking
	Blocked   bool   // a blocked attacker stays blocked (509.1h)
	// BlockOrder lists its blockers in the order they were declared; its
	// controller divides its combat damage among them (510.1c).
	BlockOrder []string
	// StruckFirst records that it dealt combat damage in a first combat
	// damage step (510.4, 702.7b).
	StruckFirst bool

	// Derived.
	Controller string
	Power      int
	Toughness  int
	Abilities  []string // keywords after grants and static abilities
	// Protections is Protection plus what effects grant (layer 6).
	Protections []string
}

// Static is a static ability of a permanent. It applies only while its source
// is on the battlefield and phased in (702.26b).
type Static struct {
	Kind      string // anthem (+P/+T), grant (keywords), cant_attack_or_block, block_only_by (Subtype)
	Power     int
	Toughness int
	Keywords  []string
	Affects   string // creatures_you_control, creatures, enchanted, equipped, self, creatures_with_flying, lands_of_chosen_type
	Subtype   string // block_only_by: the subtype its blockers need
}

// Effect is a continuous effect from a resolved spell or ability (CR 611.2).
type Effect struct {
	ID   string
	Name string // display name: the spell's name, or the scenario's name for it
	// Origin is the spell or ability it comes from, "" for an effect the
	// scenario starts itself.
	Origin string
	// Kind: pump, set_pt, control, grant, lose (keywords), cant_phase_in,
	// cant_phase_out; player effects: life_cant_change, player_protection,
	// player_hexproof (Player is the player affected).
	Kind      string
	Target    string // the single object it names, if any
	Filter    *Filter
	Affected  []string // the locked affected set (611.2c), phased-out objects excluded (702.26e)
	Power     int
	Toughness int
	Player    string // control: the new controller; player effects: the player affected
	Keywords  []string
	From      []string // player_protection, grant of protection: the qualities (colours, card types, everything)
	Duration  string   // end_of_turn, until_your_next_turn, until_your_next_upkeep, for_as_long_as, until, indefinite
	Source    string   // the permanent a for_as_long_as / until duration tracks
	// Controller is whose effect it is: "your" in "until your next turn".
	Controller string
	Timestamp  int
	Ended      bool

	// Objects are the object numbers of Affected (0 for a player): the
	// effect stops applying to a card that became a new object (400.7).
	Objects []int
	// Action is what a restriction (cant, must) is about: attack, block,
	// untap, be_blocked... (the card language's words).
	Action string
	// By filters the creatures a "can't be blocked by" restriction names.
	By *cardlang.Filter `json:"-"`
	// N is what is left of a prevention shield ("the next 3 damage"), 0
	// for one that prevents all.
	N int
	// To and Sources are the objects or players damage a prevention
	// effect prevents is dealt to, and dealt by; empty for any. Combat
	// limits it to combat damage.
	To, Sources []string
	Combat      bool
	// Event and Instead are a replacement effect's event and what happens
	// instead (614.1a), in the card language, for the objects in Affected.
	Event   *cardlang.Trigger `json:"-"`
	Instead cardlang.Effects  `json:"-"`
	ctx     *langCtx
}

// Filter selects permanents: every listed condition must hold.
type Filter struct {
	Controller string
	Types      []string
	Keywords   []string
}

// StackObject is a spell or ability on the stack.
type StackObject struct {
	ID         string
	Name       string
	Controller string
	// Targets are permanents' ids or players' names.
	Targets []string
	Damage  int
	Destroy bool
	Effect  *Effect // a continuous effect it creates on resolution, applied to its legal targets
	// Ops is what it does to each legal target as it resolves, in the order
	// written (608.2c).
	Ops []Op
	// Types and Colors are the spell's card types (instant unless told) and
	// colours, for timing (307.1) and protection (702.16).
	Types  []string
	Colors []string
	// LocalNames are the printed names of the spell's card by language
	// ("fr", "ja"), for a spell given by card.
	LocalNames map[string]string
	// Card is the real card whose text it follows; Ability is then the
	// number of its ability (1 on), 0 for the spell itself; Mode is the
	// chosen mode of a modal spell (1 on).
	Card    string
	Ability int
	Mode    int
	// Source is the permanent an ability comes from, "" for a spell.
	Source string
	// Object is what a triggered ability refers to ("that creature").
	Object string
	// X is the value chosen for X (601.2b).
	X int
	// Permanent is set for a permanent spell: the permanent's id, which
	// enters the battlefield as it resolves (608.3).
	Permanent string
	// Trigger is the trigger condition of a triggered ability, "" for a spell
	// or an activated ability.
	Trigger string

	// Behavior is the card-language text the spell or ability follows
	// (the card's, a token's), and Lang the number (1 on) of the ability
	// of it that this is; 0 for a spell's own effects.
	Behavior *cardlang.Card `json:"-"`
	Lang     int
	// CardObject is the id of the card a spell is (hand, stack, then
	// graveyard or battlefield), "" for an ability.
	CardObject string
	// Groups gives how many of Targets each target of the ability's text
	// takes, in the order its text names them (601.2c).
	Groups []int
	// TargetObjects are the object numbers of the targets, 0 for a player:
	// a target that became a new object is no longer legal (400.7, 608.2b).
	TargetObjects []int
	// Modes are the modes chosen for a modal spell or ability (700.2).
	Modes []int
	// Kicked and Buyback record optional costs paid (702.33, 702.27);
	// Flashback that it was cast with flashback (702.34).
	Kicked, Buyback, Flashback bool
	// That, ThatPlayer and Damaged are what a triggered ability's event was
	// about: the object, the player, what damage went to; Amount is the
	// number it carried ("that much").
	That, ThatPlayer, Damaged string
	Amount                    int
	// ctx is the context a delayed triggered ability keeps from the
	// ability that created it; do is what it does.
	ctx *langCtx
	do  cardlang.Effects
	// defined is set for a spell whose card the scenario defined (in a
	// hand or graveyard) rather than the cast naming it.
	defined bool
	// reflexive marks a reflexive triggered ability, whose targets are its own.
	reflexive bool
	// manaChoice is the mana type an activation's mana answer asks for;
	// abilityKeyword is the keyword an activation names (ability: cycling).
	manaChoice, abilityKeyword string
}

// Op is one instruction of a spell's effect: damage, destroy, exile,
// bounce, tap, phase_out, phase_in, pump (until end of turn) or counter.
type Op struct {
	Kind      string
	N         int
	Power     int
	Toughness int
}

// Trigger is an ability that triggered and waits to be put on the stack.
type Trigger struct {
	Source    string
	Condition string
	Rule      string
	// Ability is the number (1 on) of the real card's triggered ability
	// that triggered, 0 for a trigger the scenario only names.
	Ability int
	// Object is what the trigger refers to ("that creature"), Player the
	// player it names ("that player").
	Object, Player string
	// Controller controls it (603.3a); X is a number it carries; Card is
	// the card whose ability it is, when its source is no permanent.
	Controller string
	X          int
	Card       string
	// Behavior and Lang name the card-language ability that triggered
	// (Lang: its number, 1 on); Damaged and Amount are what the event was
	// about beside Object and Player.
	Behavior  *cardlang.Card `json:"-"`
	Lang      int
	Damaged   string
	Amount    int
	ctx       *langCtx
	delayedDo cardlang.Effects
	// reflexive marks a reflexive triggered ability (603.12): its targets
	// are chosen as it goes on the stack.
	reflexive bool
}

// Delayed is a delayed triggered ability (603.7): it triggers at When
// (end_combat, next_upkeep) and then does what ability Ability of Card says.
type Delayed struct {
	When       string
	Turn       int // the turn it was created in
	Source     string
	Card       string
	Ability    int
	Object     string
	Player     string
	Controller string
	// Do is what a card-language delayed ability does, in the context of
	// the ability that created it.
	Do  cardlang.Effects `json:"-"`
	ctx *langCtx
}

// Answer is a player's answer to a choice still to come (the scenario's
// choose action). Exactly one of its answers is set.
type Answer struct {
	Player string
	Keep   string // the legend rule: the permanent to keep (704.5j)
	// Order divides an attacker's combat damage among its blockers as
	// lethal damage to each in this order, the rest to the last (510.1c).
	Order []string
	// Divide divides an attacker's combat damage among its blockers (and,
	// with trample, the player it attacks) as it says (510.1c, 702.19b).
	Divide []Share
	// Triggers is the order in which the player's triggered abilities go on
	// the stack (603.3b), the last one on top: each is a source's id, or
	// "<id>:<condition>" for one of several abilities of one source.
	Triggers []string
	X        int // the value of X
	HasX     bool
	Targets  []string // the targets of a triggered ability (603.3d)
	Pick     []string // permanents an effect tells the player to choose
	Mode     int      // the mode of a modal spell or ability (700.2)
	Pay      string   // "yes" or "no": whether to pay an optional cost
	Type     string   // a card or land type to choose
	// Modes are more modes of a modal spell beside Mode (700.2).
	Modes []int
	// May is "yes" or "no": whether to take an optional action (608.2d).
	May string
	// Apply names the replacement or prevention effect (its id, or its
	// source's) that applies first among several (616.1).
	Apply string
	Line  int
}

// Share is an amount given to one object or player: damage divided among
// them (510.1c).
type Share struct {
	ID string // a permanent's id or a player's name
	N  int
}

// player returns the index of the named player, or -1.
func (s *State) player(name string) int {
	for i := range s.Players {
		if s.Players[i].Name == name {
			return i
		}
	}
	return -1
}

// perm returns the permanent with that id, or nil.
func (s *State) perm(id string) *Permanent {
	for i := range s.Permanents {
		if s.Permanents[i].ID == id {
			return &s.Permanents[i]
		}
	}
	return nil
}

// effect returns the effect with that id, or nil.
func (s *State) effect(id string) *Effect {
	for i := range s.Effects {
		if s.Effects[i].ID == id {
			return &s.Effects[i]
		}
	}
	return nil
}

// Names returns, for every scenario id (permanents, effects, stack objects,
// Yu-Gi-Oh! effects), its display name.
func (s State) Names() map[string]string {
	m := make(map[string]string, len(s.Permanents)+len(s.Stack))
	for _, p := range s.Permanents {
		m[p.ID] = p.Name
	}
	for _, o := range s.LeftStack {
		m[o.ID] = o.Name
	}
	for _, o := range s.Stack {
		m[o.ID] = o.Name
	}
	for _, e := range s.Effects {
		if _, ok := m[e.ID]; !ok {
			m[e.ID] = e.Name
			if e.Name == "" {
				m[e.ID] = e.ID
			}
		}
	}
	if s.YGO != nil {
		for _, e := range s.YGO.Effects {
			if e.Name != "" {
				m[e.ID] = e.Name
			} else {
				m[e.ID] = e.ID
			}
		}
	}
	return m
}

// Exists reports whether the permanent is on the battlefield and phased in:
// the game treats a phased-out permanent as though it doesn't exist (702.26b).
// Every query of the engine goes through it.
func (p *Permanent) Exists() bool { return p.Zone == ZoneBattlefield && !p.PhasedOut }

// ManaValue is the mana value of the permanent's mana cost (202.3).
func (p *Permanent) ManaValue() int { return ManaValue(p.ManaCost) }

// Is reports whether the permanent has the card type t.
func (p *Permanent) Is(t string) bool { return has(p.Types, t) }

// Has reports whether the permanent has the keyword k after effects.
func (p *Permanent) Has(k string) bool { return has(p.Abilities, k) }

// IsAttachment reports whether the permanent is an Aura, Equipment or Fortification.
func (p *Permanent) IsAttachment() bool {
	return has(p.Subtypes, "Aura") || has(p.Subtypes, "Equipment") || has(p.Subtypes, "Fortification")
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// clone returns a copy of s that Apply can change freely. Slices the
// engine changes in place are copied; the ones it only ever replaces
// (types, keywords, derived abilities, statics, choices, an effect's affected
// set) are shared, and a counters map is copied before it is written.
func (s State) clone() State {
	c := s
	c.Players = append([]Player(nil), s.Players...)
	c.Permanents = append([]Permanent(nil), s.Permanents...)
	c.Effects = append([]Effect(nil), s.Effects...)
	c.Stack = append([]StackObject(nil), s.Stack...)
	// Only ever appended to: shared, and copied by the first append.
	c.LeftStack = s.LeftStack[:len(s.LeftStack):len(s.LeftStack)]
	c.Pending = append([]Trigger(nil), s.Pending...)
	c.Delayed = append([]Delayed(nil), s.Delayed...)
	c.Answers = append([]Answer(nil), s.Answers...)
	if s.YGO != nil {
		y := s.YGO.clone()
		c.YGO = &y
	}
	return c
}

// nextPlayer returns the player after name in turn order, skipping players who left.
func (s *State) nextPlayer(name string) string {
	i := s.player(name)
	for k := 1; k <= len(s.Players); k++ {
		p := s.Players[(i+k)%len(s.Players)]
		if !p.Left {
			return p.Name
		}
	}
	return name
}
