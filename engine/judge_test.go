package engine

import (
	"strings"
	"testing"
)

// judgeCards are the real cards the conformance cases below play, as their
// card data gives them (mana cost, type line, Oracle text).
func judgeCards() mapCards {
	m := testCards()
	add := func(key string, c CardInfo) { c.Faces = 1; m[key] = c }
	add("wurm", CardInfo{Name: "Warping Wurm", Types: []string{"creature"}, Subtypes: []string{"Wurm"}, ManaCost: "{2}{G}{U}",
		Power: "1", Toughness: "1", Text: "Phasing (This phases in or out before you untap during each of your untap steps. While it's phased out, it's treated as though it doesn't exist.)\n" +
			"At the beginning of your upkeep, Warping Wurm phases out unless you pay {2}{G}{U}.\nWhenever Warping Wurm phases in, put a +1/+1 counter on it."})
	add("smite", CardInfo{Name: "Divine Smite", Types: []string{"instant"}, ManaCost: "{1}{W}",
		Text: "Target creature or planeswalker an opponent controls phases out. If that permanent is black, exile it instead."})
	add("blade", CardInfo{Name: "Doom Blade", Types: []string{"instant"}, ManaCost: "{1}{B}", Text: "Destroy target nonblack creature."})
	add("zombies", CardInfo{Name: "Scathe Zombies", Types: []string{"creature"}, Subtypes: []string{"Zombie"}, ManaCost: "{2}{B}", Power: "2", Toughness: "3"})
	add("djinn", CardInfo{Name: "Vaporous Djinn", Types: []string{"creature"}, Subtypes: []string{"Djinn"}, ManaCost: "{2}{U}{U}", Power: "3", Toughness: "4",
		Text: "Flying\nAt the beginning of your upkeep, Vaporous Djinn phases out unless you pay {U}{U}."})
	add("shimmering", CardInfo{Name: "Shimmering Efreet", Types: []string{"creature"}, Subtypes: []string{"Efreet"}, ManaCost: "{2}{U}", Power: "2", Toughness: "2",
		Text: "Flying\nPhasing\nWhenever Shimmering Efreet phases in, target creature phases out."})
	add("ghostfire", CardInfo{Name: "Ghostfire", Types: []string{"instant"}, ManaCost: "{2}{R}", Text: "Ghostfire is colorless.\nGhostfire deals 3 damage to any target."})
	add("sword", CardInfo{Name: "Short Sword", Types: []string{"artifact"}, Subtypes: []string{"Equipment"}, ManaCost: "{1}", Text: "Equip {1}"})
	return m
}

// regrower is 510.1c's example: Elvish Regrower (4/3) blocked by Vampire
// Spawn (2/3) and Helpful Hunter (1/1).
const regrower = twoPlayers + `start: {turn: 3, active: Alice, step: main1}
permanents:
  - {id: regrower, name: Elvish Regrower, types: [creature], power: 4, toughness: 3, controller: Alice}
  - {id: spawn, name: Vampire Spawn, types: [creature], power: 2, toughness: 3, controller: Bob}
  - {id: hunter, name: Helpful Hunter, types: [creature], power: 1, toughness: 1, controller: Bob}
actions:
  - attack: {attackers: [regrower], defender: Bob}
  - block: {blockers: [spawn, hunter], attacker: regrower}
`

// TestJudgeRules plays the rules as the current Comprehensive Rules word
// them, each case quoting its rule.
func TestJudgeRules(t *testing.T) {
	const divided = "If two or more creatures are blocking it, it assigns its combat damage to those creatures divided as its controller chooses among them."
	runQuotedCases(t, []quotedCase{
		{"510.1c/two-damage-to-each-of-two-blockers", divided, regrower + `  - choose: {player: Alice, divide: {spawn: 2, hunter: 2}}
  - advance: {player: Alice, step: end_combat}
expect:
  - event: {kind: choice, objects: [regrower, spawn, hunter], args: [divide, chosen], rule: "510.1c"}
  - zone: {hunter: graveyard, spawn: battlefield}
  - damage: {spawn: 2}
`},
		{"510.1c/all-damage-to-one-blocker-none-to-the-other", divided, regrower + `  - choose: {player: Alice, divide: {spawn: 4, hunter: 0}}
  - advance: {player: Alice, step: end_combat}
expect:
  - zone: {spawn: graveyard, hunter: battlefield}
  - damage: {hunter: 0}
`},
		{"510.1c/less-than-lethal-to-the-first-blocker", divided, regrower + `  - choose: {player: Alice, divide: {spawn: 1, hunter: 3}}
  - advance: {player: Alice, step: end_combat}
expect:
  - zone: {spawn: battlefield, hunter: graveyard}
  - damage: {spawn: 1}
`},
		{"510.1c/by-default-lethal-in-the-order-declared-and-said", divided, regrower + `  - advance: {player: Alice, step: end_combat}
expect:
  - event: {kind: choice, objects: [regrower, spawn, hunter], args: [order, default, "3", "1"], rule: "510.1c"}
  - zone: {spawn: graveyard, hunter: graveyard}
`},
		{"510.1c/an-order-answer-is-lethal-in-that-order", divided, regrower + `  - choose: {player: Alice, order: [hunter, spawn]}
  - advance: {player: Alice, step: end_combat}
expect:
  - event: {kind: choice, args: [order, chosen, "1", "3"], rule: "510.1c"}
  - zone: {spawn: graveyard, hunter: graveyard}
`},
		{"510.1c/a-lone-blocker-is-assigned-all-the-damage", "If exactly one creature is blocking it, it assigns all its combat damage to that creature.", twoPlayers + `start: {turn: 3, active: Alice, step: main1}
permanents:
  - {id: giant, name: Hill Giant, types: [creature], power: 3, toughness: 3, controller: Alice}
  - {id: bears, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Bob}
actions:
  - attack: {attackers: [giant], defender: Bob}
  - block: {blocker: bears, attacker: giant}
  - advance: {player: Alice, step: end_combat}
expect:
  - no_event: {kind: choice}
  - event: {kind: damage, objects: [giant, bears], args: ["3"]}
  - life: {Bob: 20}
`},
		{"510.1d/a-blocker-assigns-its-damage-to-the-creature-it-blocks", "If it's blocking exactly one creature, it assigns all its combat damage to that creature.", regrower + `  - choose: {player: Alice, divide: {spawn: 2, hunter: 2}}
  - advance: {player: Alice, step: end_combat}
expect:
  - event: {kind: damage, objects: [spawn, regrower], args: ["2"]}
  - event: {kind: damage, objects: [hunter, regrower], args: ["1"]}
  - zone: {regrower: graveyard}
`},
		{"702.19b/trample-excess-once-every-blocker-is-assigned-lethal", "Once all those blocking creatures are assigned lethal damage, any excess damage is assigned as its controller chooses among those blocking creatures and the player", twoPlayers + `start: {turn: 3, active: Alice, step: main1}
permanents:
  - {id: wurm, name: Craw Wurm, types: [creature], power: 6, toughness: 4, keywords: [trample], controller: Alice}
  - {id: b1, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Bob}
  - {id: b2, name: Hill Giant, types: [creature], power: 3, toughness: 3, controller: Bob}
actions:
  - attack: {attackers: [wurm], defender: Bob}
  - block: {blockers: [b1, b2], attacker: wurm}
  - choose: {player: Alice, divide: {b1: 2, b2: 3, Bob: 1}}
  - advance: {player: Alice, step: end_combat}
expect:
  - zone: {b1: graveyard, b2: graveyard}
  - life: {Bob: 19}
`},
		{"702.2c/deathtouch-makes-one-damage-lethal-when-dividing", "Any nonzero amount of combat damage assigned to a creature by a source with deathtouch is considered to be lethal damage", twoPlayers + `start: {turn: 3, active: Alice, step: main1}
permanents:
  - {id: snake, name: Deadly Snake, types: [creature], power: 3, toughness: 3, keywords: [deathtouch, trample], controller: Alice}
  - {id: b1, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Bob}
  - {id: b2, name: Hill Giant, types: [creature], power: 3, toughness: 3, controller: Bob}
actions:
  - attack: {attackers: [snake], defender: Bob}
  - block: {blockers: [b1, b2], attacker: snake}
  - advance: {player: Alice, step: end_combat}
expect:
  - event: {kind: choice, args: [order, default, "1", "1"]}
  - zone: {b1: graveyard, b2: graveyard}
  - life: {Bob: 19}
`},
		{"704.5q/plus-and-minus-counters-cancel-out", "If a permanent has both a +1/+1 counter and a -1/-1 counter on it, N +1/+1 and N -1/-1 counters are removed from it, where N is the smaller of the number of +1/+1 and -1/-1 counters on it.", twoPlayers + `permanents:
  - {id: bears, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, counters: {"+1/+1": 2}, controller: Alice}
actions:
  - counter: {target: bears, kind: "-1/-1", n: 1}
expect:
  - event: {kind: state_based, objects: [bears], args: [counters, "1"], rule: "704.5q"}
  - counters: {bears: {"+1/+1": 1, "-1/-1": 0}}
  - pt: {bears: "3/3"}
`},
		{"704.5q/as-many-of-each-leaves-none", "N +1/+1 and N -1/-1 counters are removed from it", twoPlayers + `permanents:
  - {id: bears, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, counters: {"-1/-1": 2}, controller: Alice}
actions:
  - counter: {target: bears, kind: "+1/+1", n: 2}
expect:
  - counters: {bears: {"+1/+1": 0, "-1/-1": 0}}
  - pt: {bears: "2/2"}
`},
		{"603.3b/the-player-orders-their-triggers-warping-wurm-keeps-its-counter", "puts each triggered ability they control with a trigger condition that isn't another ability triggering on the stack in any order they choose", twoPlayers + `start: {turn: 2, active: Bob, step: main1}
permanents:
  - {id: wurm, card: Warping Wurm, controller: Alice, phased_out: true}
actions:
  - choose: {player: Alice, triggers: ["wurm:upkeep", "wurm:phases_in"]}
  - advance: {player: Alice, step: draw}
expect:
  - event: {kind: choice, objects: [wurm], args: [triggers, chosen], rule: "603.3b"}
  - counters: {wurm: {"+1/+1": 1}}
  - phased_out: [wurm]
`},
		{"603.3b/the-default-order-is-named", "in any order they choose", twoPlayers + `start: {turn: 2, active: Bob, step: main1}
permanents:
  - {id: wurm, card: Warping Wurm, controller: Alice, phased_out: true}
actions:
  - advance: {player: Alice, step: draw}
expect:
  - event: {kind: choice, objects: [wurm], args: [triggers, default, phases_in, upkeep], rule: "603.3b"}
  - counters: {wurm: {"+1/+1": 0}}
  - phased_out: [wurm]
`},
		{"702.19d/trample-with-no-blocker-left-damages-the-player", "its damage is assigned to the defending player and/or planeswalker as though all blocking creatures have been assigned lethal damage.", twoPlayers + `start: {turn: 3, active: Alice, step: main1}
permanents:
  - {id: wurm, name: Craw Wurm, types: [creature], power: 6, toughness: 4, keywords: [trample], controller: Alice}
  - {id: b1, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Bob}
actions:
  - attack: {attackers: [wurm], defender: Bob}
  - block: {blocker: b1, attacker: wurm}
  - phase_out: [b1]
  - advance: {player: Alice, step: end_combat}
expect:
  - no_event: {kind: choice}
  - life: {Bob: 14}
`},
		{"608.2d/a-choice-made-while-resolving", "If an effect of a spell or ability offers any choices other than choices already made as part of casting the spell, activating the ability, or otherwise putting the spell or ability on the stack, the player announces these while applying the effect.", twoPlayers + `start: {turn: 2, active: Bob, step: main1}
permanents:
  - {id: djinn, card: Vaporous Djinn, controller: Alice}
actions:
  - choose: {player: Alice, pay: true}
  - advance: {player: Alice, step: draw}
expect:
  - event: {kind: choice, args: [pay, chosen], rule: "608.2d"}
  - phased_in: [djinn]
`},
		{"608.3a/a-permanent-spell-enters-the-battlefield-as-it-resolves", "If the object that's resolving has no targets, it becomes a permanent and enters the battlefield under the control of the spell's controller.", twoPlayers + `start: {turn: 1, active: Alice, step: main1}
permanents:
  - {id: giant, name: Hill Giant, types: [creature], power: 3, toughness: 3, controller: Bob}
actions:
  - cast: {id: bears, card: Grizzly Bears}
  - resolve: bears
expect:
  - event: {kind: enters_battlefield, objects: [bears], rule: "608.3a"}
  - zone: {bears: battlefield}
`},
		{"110.2a/put-onto-the-battlefield-by-an-effect", "If an effect instructs a player to put an object onto the battlefield, that object enters the battlefield under that player's control", twoPlayers + `permanents:
  - {id: bears, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Alice, zone: graveyard}
actions:
  - enter: [bears]
expect:
  - event: {kind: enters_battlefield, objects: [bears], rule: "110.2a"}
  - no_event: {kind: enters_battlefield, rule: "403.1"}
`},
		{"611.2a/an-effect-on-a-player-lasts-as-stated", "A continuous effect generated by the resolution of a spell or ability lasts as long as stated by the spell or ability creating it", twoPlayers + `start: {turn: 2, active: Bob, step: main1}
permanents:
  - {id: angel, name: Serra Angel, types: [creature], power: 4, toughness: 4, controller: Alice}
actions:
  - cast: {id: tp, card: Teferi's Protection, controller: Alice}
  - resolve: tp
  - advance: {player: Alice, step: upkeep}
expect:
  - event: {kind: effect_begins, objects: [tp, Alice], args: [life_cant_change], rule: "611.2a"}
  - event: {kind: effect_begins, objects: [Alice], args: [player_protection, everything], rule: "611.2a"}
  - no_event: {kind: effect_begins, rule: "611.2c"}
  - event: {kind: effect_ends, objects: [Alice], args: [life_cant_change], rule: "611.2a"}
  - event: {kind: spell_exiled, objects: [tp], rule: "406.2"}
`},
		{"603.2/phasing-in-outside-the-untap-step-triggers-at-once", "Whenever a game event or game state matches a triggered ability's trigger event, that ability automatically triggers.", twoPlayers + `start: {turn: 1, active: Alice, step: main1}
permanents:
  - {id: efreet, card: Shimmering Efreet, controller: Alice, phased_out: true}
  - {id: bears, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Bob}
actions:
  - phase_in: [efreet]
  - resolve:
expect:
  - event: {kind: trigger, objects: [efreet], args: [phases_in], rule: "603.2"}
  - phased_out: [bears]
`},
		{"502.4/phasing-in-during-the-untap-step-waits-for-the-upkeep", "Any ability that triggers during this step will be held until the next time a player would receive priority", twoPlayers + `start: {turn: 2, active: Bob, step: main1}
permanents:
  - {id: efreet, card: Shimmering Efreet, controller: Alice, phased_out: true}
  - {id: bears, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Bob}
actions:
  - advance: {player: Alice, step: draw}
expect:
  - event: {kind: trigger, objects: [efreet], rule: "502.4", step: upkeep}
  - phased_out: [bears]
`},
		{"202.2/a-black-card-is-exiled-by-divine-smite", "An object is the color or colors of the mana symbols in its mana cost", twoPlayers + `start: {turn: 1, active: Alice, step: main1}
permanents:
  - {id: zombies, card: Scathe Zombies, controller: Bob}
  - {id: bears, card: Grizzly Bears, controller: Bob}
actions:
  - illegal: {action: {cast: {id: blade, card: Doom Blade, targets: [zombies]}}, rule: "115.1"}
  - cast: {id: s1, card: Divine Smite, targets: [zombies]}
  - resolve: s1
  - cast: {id: s2, card: Divine Smite, targets: [bears]}
  - resolve: s2
expect:
  - zone: {zombies: exile}
  - phased_out: [bears]
`},
		{"702.16b/protection-from-black-against-a-real-black-spell", "A permanent or player with protection can't be targeted by spells with the stated quality", twoPlayers + `start: {turn: 1, active: Alice, step: main1}
permanents:
  - {id: knight, card: White Knight, controller: Bob}
  - {id: bears, card: Grizzly Bears, controller: Bob}
actions:
  - illegal: {action: {cast: {id: blade, card: Doom Blade, targets: [knight]}}, rule: "702.16b"}
  - cast: {id: blade2, card: Doom Blade, targets: [bears]}
  - resolve: blade2
expect:
  - zone: {bears: graveyard, knight: battlefield}
`},
		{"604.3/a-colour-defining-ability-makes-ghostfire-colourless", "Characteristic-defining abilities can add to or override information found elsewhere on that object.", twoPlayers + `start: {turn: 1, active: Alice, step: main1}
permanents:
  - {id: knight, card: White Knight, controller: Bob}
actions:
  - cast: {id: g, card: Ghostfire, targets: [knight]}
  - resolve: g
expect:
  - zone: {knight: graveyard}
`},
		{"601.2c/the-wrong-number-of-targets-is-refused-for-that-reason", "The player announces their choice of an appropriate object or player for each target the spell requires.", twoPlayers + `start: {turn: 1, active: Alice, step: main1}
permanents:
  - {id: bears, card: Grizzly Bears, controller: Bob}
  - {id: giant, name: Hill Giant, types: [creature], power: 3, toughness: 3, controller: Bob}
actions:
  - illegal: {action: {cast: {id: m1, card: Divine Smite, targets: [bears, giant]}}, rule: "601.2c"}
expect:
  - event: {kind: refused, objects: [m1], args: [cast, target_count, m1, "2"], rule: "601.2c"}
`},
	}, judgeCards())
}

// TestSpatialBindingRuling plays Spatial Binding's ruling of 2012-07-01:
// "If used on an Aura and the permanent enchanted by that Aura phases out,
// the Aura will not phase out. It will stay on the battlefield and then
// immediately be put into the graveyard since the permanent it was
// enchanting is phased out." An Equipment kept the same way becomes
// unattached instead (704.5n).
func TestSpatialBindingRuling(t *testing.T) {
	board := twoPlayers + `start: {turn: 1, active: Alice, step: main1}
permanents:
  - {id: binding, card: Spatial Binding, controller: Alice}
  - {id: bears, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Alice}
  - {id: aura, name: Rancor, types: [enchantment], subtypes: [Aura], controller: Alice, attached_to: bears}
  - {id: sword, card: Short Sword, controller: Alice, attached_to: bears}
actions:
  - activate: {id: bind, source: binding, targets: [aura]}
  - resolve: bind
  - activate: {id: bind2, source: binding, targets: [sword]}
  - resolve: bind2
  - phase_out: [bears]
`
	runQuotedCases(t, []quotedCase{
		{"704.5m/an-aura-kept-from-phasing-out-goes-to-the-graveyard", "If an Aura is attached to an illegal object or player, or is not attached to an object or player, that Aura is put into its owner's graveyard.", board + `expect:
  - event: {kind: phase_out_blocked, objects: [aura], rule: "101.2"}
  - event: {kind: state_based, objects: [aura], args: [graveyard], rule: "704.5m"}
  - zone: {aura: graveyard}
  - phased_out: [bears]
`},
		{"704.5n/an-equipment-kept-from-phasing-out-becomes-unattached", "If an Equipment or Fortification is attached to an illegal permanent or to a player, it becomes unattached from that permanent or player. It remains on the battlefield.", board + `expect:
  - event: {kind: state_based, objects: [sword], args: [unattached], rule: "704.5n"}
  - unattached: [sword]
  - phased_in: [sword]
`},
	}, judgeCards())
	if !strings.Contains(judgeCards()["binding"].Name, "Spatial Binding") {
		t.Fatal("Spatial Binding missing from the cards")
	}
}
