package engine

import (
	"regexp"
	"sort"
	"strings"
	"testing"
)

// mapCards is a Cards lookup over a few cards described by hand (names,
// types, power and toughness, keyword lines): enough to test the card key
// without the shared card data.
type mapCards map[string]CardInfo

func (m mapCards) Card(name string) (CardInfo, bool) {
	for _, c := range m {
		if strings.EqualFold(c.Name, name) {
			return c, true
		}
		for _, n := range c.Names {
			if n == name {
				return c, true
			}
		}
	}
	return CardInfo{}, false
}

func testCards() mapCards {
	return mapCards{
		"oubliette": {Name: "Oubliette", Types: []string{"enchantment"}, ManaCost: "{1}{B}{B}", Faces: 1,
			Names: map[string]string{"fr": "Oubliettes", "ja": "忘却の穴"},
			Text:  "When Oubliette enters the battlefield, target creature phases out until Oubliette leaves the battlefield. Tap that creature as it phases in this way. (Auras and Equipment phase out with it. While permanents are phased out, they're treated as though they don't exist.)"},
		"bears": {Name: "Grizzly Bears", Types: []string{"creature"}, Subtypes: []string{"Bear"}, ManaCost: "{1}{G}",
			Power: "2", Toughness: "2", Faces: 1, Names: map[string]string{"fr": "Grizzlis", "ja": "灰色熊"}},
		"drake": {Name: "Teferi's Drake", Types: []string{"creature"}, Subtypes: []string{"Drake"}, ManaCost: "{2}{U}",
			Power: "3", Toughness: "1", Text: "Flying\nPhasing (This phases in or out before you untap during each of your untap steps.)", Faces: 1},
		"tp": {Name: "Teferi's Protection", Types: []string{"instant"}, ManaCost: "{2}{W}", Faces: 1,
			Names: map[string]string{"fr": "Protection de Téfeiri", "ja": "テフェリーの防御"},
			Text:  "Until your next turn, your life total can't change and you gain protection from everything. All permanents you control phase out. (While they're phased out, they're treated as though they don't exist. They phase in before you untap during your untap step.)\nExile Teferi's Protection."},
		"knight": {Name: "White Knight", Types: []string{"creature"}, ManaCost: "{W}{W}", Power: "2", Toughness: "2",
			Text: "First strike\nProtection from black", Faces: 1},
		"coin": {Name: "Coin Trick", Types: []string{"instant"}, ManaCost: "{U}", Text: "Flip a coin.", Faces: 1},
		"efreet": {Name: "Frenetic Efreet", Types: []string{"creature"}, ManaCost: "{1}{U}{R}", Power: "2", Toughness: "1", Faces: 1,
			Text: "Flying\n{0}: Flip a coin. If you win the flip, Frenetic Efreet phases out. If you lose the flip, sacrifice Frenetic Efreet."},
		"dfc":   {Name: "Front // Back", Types: []string{"creature"}, Power: "1", Toughness: "1", Faces: 2},
		"angel": {Name: "Serra Angel", Types: []string{"creature"}, ManaCost: "{3}{W}{W}", Text: "Flying\nVigilance", Faces: 1},
		"rainbow": {Name: "Rainbow Efreet", Types: []string{"creature"}, ManaCost: "{3}{U}", Power: "3", Toughness: "1", Faces: 1,
			Text: "Flying\n{U}{U}: Rainbow Efreet phases out."},
		"binding": {Name: "Spatial Binding", Types: []string{"enchantment"}, ManaCost: "{U}{B}", Faces: 1,
			Text: "Pay 1 life: Until your next upkeep, target permanent can't phase out."},
		"elves": {Name: "Llanowar Elves", Types: []string{"creature"}, ManaCost: "{G}", Power: "1", Toughness: "1", Faces: 1, Text: "{T}: Add {G}."},
		"imp": {Name: "Teferi's Imp", Types: []string{"creature"}, ManaCost: "{2}{U}", Power: "1", Toughness: "1", Faces: 1,
			Text: "Flying\nPhasing\nWhenever Teferi's Imp phases out, discard a card.\nWhenever Teferi's Imp phases in, draw a card."},
	}
}

// TestCardKey covers permanents and spells given by card name: the
// characteristics come from the lookup, keys beside card override them, and
// a card the engine cannot model is refused with a reason.
func TestCardKey(t *testing.T) {
	cards := testCards()
	runRulesCases(t, []rulesCase{
		{"names-in-three-languages", twoPlayers + `permanents:
  - {id: a, card: Grizzly Bears, controller: Alice}
  - {id: b, card: Grizzlis, controller: Bob}
  - {id: c, card: 灰色熊, controller: Bob}
  - {id: d, card: Teferi's Drake, controller: Alice}
  - {id: e, card: White Knight, controller: Alice}
expect:
  - pt: {a: "2/2", b: "2/2", c: "2/2", d: "3/1"}
  - controller: {b: Bob}
`},
		{"610.4/oubliette-by-name", twoPlayers + `start: {turn: 2, active: Alice, step: main1}
permanents:
  - {id: bears, card: Grizzly Bears, controller: Bob}
actions:
  - cast: {id: oub, card: 忘却の穴, controller: Alice}
  - resolve:
  - resolve:
  - advance: {player: Bob, step: upkeep}
  - destroy: [oub]
expect:
  - event: {kind: trigger, objects: [oub], args: [enters], rule: "603.6a"}
  - event: {kind: choice, objects: [bears], args: [targets, "", default]}
  - event: {kind: phase_out, objects: [bears], rule: "610.4"}
  - event: {kind: phase_in_blocked, objects: [bears], rule: "610.4a"}
  - event: {kind: phase_in, objects: [bears], args: [tapped], rule: "610.4"}
  - tapped: [bears]
`},
		{"teferis-protection-as-a-spell", twoPlayers + `start: {turn: 2, active: Bob, step: main1}
permanents:
  - {id: drake, card: Teferi's Drake, controller: Alice}
  - {id: bears, card: Grizzly Bears, controller: Bob}
actions:
  - cast: {id: tp, card: Protection de Téfeiri, controller: Alice}
  - resolve: tp
  - damage: {target: Alice, amount: 4}
  - cast: {id: wrath, name: Wrath of God, controller: Bob, types: [sorcery]}
  - destroy_all: {types: [creature]}
expect:
  - event: {kind: effect_begins, objects: [tp, Alice], args: [life_cant_change, until_your_next_turn]}
  - event: {kind: phase_out, objects: [drake], player: Alice}
  - event: {kind: spell_exiled, objects: [tp]}
  - event: {kind: prevented, player: Alice, rule: "702.16j"}
  - life: {Alice: 20}
  - phased_out: [drake]
  - zone: {bears: graveyard}
`},
		{"keys-beside-card-override", twoPlayers + `permanents:
  - {id: a, card: Serra Angel, power: 5, toughness: 6, controller: Alice}
expect:
  - pt: {a: "5/6"}
`},
		{"702.16f/keyword-lines-of-the-text", twoPlayers + `start: {turn: 3, active: Alice, step: main1}
permanents:
  - {id: k, card: White Knight, controller: Alice}
  - {id: z, types: [creature], colors: [black], power: 2, toughness: 2, controller: Bob}
actions:
  - attack: {attackers: [k], defender: Bob}
  - illegal: {action: {block: {blocker: z, attacker: k}}, rule: "702.16f"}
expect:
  - attacking: [k]
`},
	}, cards)

	for _, tt := range []struct {
		name, src, code string
	}{
		{"unknown", "permanents:\n  - {id: x, card: No Such Card, controller: Alice}\n", CodeUnknownCard},
		{"text-not-modelled", "actions:\n  - cast: {id: x, card: Coin Trick}\n", CodeCardNotModelled},
		{"refused-by-its-model", "permanents:\n  - {id: x, card: Frenetic Efreet, controller: Alice}\n", CodeCardNotModelled},
		{"several-faces", "permanents:\n  - {id: x, card: Front // Back, controller: Alice}\n", CodeCardNotModelled},
		{"no-power-in-the-data", "permanents:\n  - {id: x, card: Serra Angel, controller: Alice}\n", CodeCardNoPT},
		{"a-spell-is-no-permanent", "permanents:\n  - {id: x, card: Teferi's Protection, controller: Alice}\n", CodeBadValue},
		{"generic-keys-on-a-card-spell", "actions:\n  - cast: {id: x, card: Teferi's Protection, damage: 2}\n", CodeUnknownKey},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseScenarioWith([]byte(twoPlayers+tt.src), ParseOptions{Cards: cards})
			e, ok := AsError(err)
			if !ok || e.Code != tt.code || e.Line == 0 {
				t.Fatalf("error %v, want %s with a line", err, tt.code)
			}
		})
	}
	_, err := ParseScenario([]byte(twoPlayers + "permanents:\n  - {id: x, card: Grizzly Bears, controller: Alice}\n"))
	if e, ok := AsError(err); !ok || e.Code != CodeNoCardData {
		t.Errorf("without a lookup: %v, want no_card_data", err)
	}
}

// phasingRE matches an Oracle text that phases things.
var phasingRE = regexp.MustCompile(`(?i)phas(e|es|ed|ing)\s+(in|out)|phasing`)

// TestPhasingCardsModelledOrRefused checks, over the real card data, that
// every card whose Oracle text mentions phasing is either modelled as
// printed or refused with a reason, and reports the counts.
func TestPhasingCardsModelledOrRefused(t *testing.T) {
	d := realCards(t)
	seen := map[string]bool{}
	var modelled, refused []string
	for _, l := range d.lines {
		if !phasingRE.MatchString(l.OracleText) || seen[l.Name] {
			continue
		}
		seen[l.Name] = true
		c, ok := d.Card(l.Name)
		if !ok {
			t.Errorf("%s: not found by its name", l.Name)
			continue
		}
		err := CardSupport(c)
		switch e, isErr := AsError(err); {
		case err == nil:
			modelled = append(modelled, c.Name)
		case isErr && e.Code == CodeCardNotModelled && len(e.Args) == 2 && e.Args[1] != "":
			refused = append(refused, c.Name+": "+e.Args[1])
		default:
			t.Errorf("%s: %v, want nil or card_not_modelled with a reason", c.Name, err)
		}
	}
	sort.Strings(modelled)
	sort.Strings(refused)
	t.Logf("%d phasing cards: %d modelled, %d refused", len(seen), len(modelled), len(refused))
	for _, r := range refused {
		t.Logf("refused: %s", r)
	}
	if len(seen) != 49 {
		t.Errorf("%d phasing cards in the data, want 49 (the rulings subset lists 49)", len(seen))
	}
	if len(modelled) != 38 || len(refused) != 11 {
		t.Errorf("%d modelled and %d refused, want 38 and 11", len(modelled), len(refused))
	}
}

// TestModelsNameRealCards checks that every card the engine has a model for
// exists in the card data under that English name.
func TestModelsNameRealCards(t *testing.T) {
	d := realCards(t)
	for _, name := range modelledNames() {
		if _, ok := d.Card(name); !ok {
			t.Errorf("%q, a name the card data doesn't have", name)
		}
	}
}

// TestPhasingCards plays every card whose text phases things and that the
// engine models, over the real card data, each as its text and its official
// rulings say (MTGJSON rulings of 2022-04 and earlier, dates given).
func TestPhasingCards(t *testing.T) {
	cards := realCards(t)
	board := twoPlayers + `start: {turn: 2, active: Alice, step: main1}
permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
  - {id: wolf, name: Wolf, types: [creature], power: 2, toughness: 2, controller: Alice}
`
	runRulesCases(t, []rulesCase{
		{"keyword-only-creatures", board + `  - {id: a, card: Breezekeeper, controller: Alice}
  - {id: b, card: Sandbar Crocodile, controller: Alice}
  - {id: c, card: Teferi's Drake, controller: Alice}
  - {id: d, card: Tolarian Drake, controller: Alice}
  - {id: e, card: Merfolk Raiders, controller: Alice}
actions:
  - advance: {player: Alice, step: upkeep}
expect:
  - phased_out: [a, b, c, d, e]
  - event: {kind: phase_out, objects: [a, b, c, d, e], rule: "702.26a"}
`},
		{"self-phasing-abilities", board + `  - {id: dog, card: Blink Dog, power: 1, toughness: 1, controller: Alice}
  - {id: efreet, card: Rainbow Efreet, controller: Alice}
  - {id: guard, card: Teferi's Honor Guard, controller: Alice}
  - {id: dragon, card: Mist Dragon, controller: Alice}
actions:
  - activate: {source: dog}
  - activate: {source: efreet}
  - activate: {source: guard}
  - activate: {source: dragon, ability: 3}
  - activate: {source: dragon, ability: 2}
  - resolve:
  - resolve:
  - resolve:
  - resolve:
  - resolve:
expect:
  - phased_out: [dog, efreet, guard, dragon]
  - event: {kind: effect_begins, objects: [dragon], args: [lose, indefinite]}
`},
		{"crystal-golem-phases-out-at-your-end-step", board + `  - {id: golem, card: Crystal Golem, controller: Alice}
actions:
  - advance: {player: Alice, step: end}
  - resolve:
  - advance: {player: Alice, step: upkeep}
expect:
  - event: {kind: trigger, objects: [golem], args: [end_step]}
  - event: {kind: phase_out, objects: [golem], step: end, turn: 2}
  - event: {kind: phase_in, objects: [golem], step: untap, turn: 4}
`},
		{"divine-smite-exiles-a-black-creature", board + `  - {id: knight, name: Black Knight, types: [creature], colors: [black], power: 2, toughness: 2, controller: Bob}
actions:
  - cast: {id: s1, card: Divine Smite, controller: Alice, targets: [bears]}
  - resolve:
  - cast: {id: s2, card: Divine Smite, controller: Alice, targets: [knight]}
  - resolve:
  - illegal: {action: {cast: {id: s3, card: Divine Smite, controller: Alice, targets: [wolf]}}, rule: "115.1"}
expect:
  - phased_out: [bears]
  - zone: {knight: exile}
`},
		{"dream-fighter-and-what-it-blocks-phase-out", board + `  - {id: fighter, card: Dream Fighter, controller: Bob}
actions:
  - advance: {player: Alice, step: declare_attackers}
  - attack: {attackers: [wolf], defender: Bob}
  - block: {blocker: fighter, attacker: wolf}
  - resolve:
expect:
  - event: {kind: trigger, objects: [fighter], args: [blocks]}
  - event: {kind: phase_out, objects: [fighter, wolf]}
  - event: {kind: removed_from_combat, objects: [wolf]}
  - life: {Bob: 20}
`},
		{"guardian-of-faith-other-creatures-you-control-with-flash", board + `  - {id: other, name: Elf, types: [creature], power: 1, toughness: 1, controller: Bob}
actions:
  - advance: {player: Bob, step: main1}
  - cast: {id: gof, card: Guardian of Faith, power: 2, toughness: 1, controller: Alice}
  - resolve: gof
  - resolve:
expect:
  - event: {kind: choice, objects: [wolf], args: [targets, "", default]}
  - phased_out: [wolf]
  - phased_in: [gof, bears, other]
`},
		{"katabatic-winds-flyers-cant-attack-or-block", board + `  - {id: winds, card: Katabatic Winds, controller: Bob}
  - {id: drake, card: Teferi's Drake, controller: Alice}
  - {id: drake2, card: Tolarian Drake, controller: Alice}
actions:
  - illegal: {action: {attack: {attackers: [drake], defender: Bob}}, rule: "508.1c"}
  - phase_out: [winds]
  - attack: {attackers: [drake2], defender: Bob}
expect:
  - attacking: [drake2]
`},
		{"march-of-swirling-mist-up-to-x-targets", board + `actions:
  - advance: {player: Bob, step: main1}
  - cast: {id: march, card: March of Swirling Mist, controller: Alice, targets: [bears, wolf], x: 3}
  - resolve:
  - illegal: {action: {cast: {id: m2, card: March of Swirling Mist, controller: Alice, targets: [bears], x: 1}}, rule: "702.26b"}
expect:
  - phased_out: [bears, wolf]
`},
		{"oubliette-leaves-before-its-trigger-resolves/2020-08-07", board + `actions:
  - cast: {id: oub, card: Oubliette, controller: Alice}
  - resolve: oub
  - destroy: [oub]
  - resolve:
expect:
  - event: {kind: phase_out_prevented, objects: [bears], rule: "610.4b"}
  - phased_in: [bears]
  - untapped: [bears]
`},
		{"out-of-time-untaps-phases-out-and-counts/2021-06-18", board + `actions:
  - tap: [bears]
  - cast: {id: oot, card: Out of Time, controller: Alice}
  - resolve: oot
  - resolve:
  - advance: {player: Bob, step: upkeep}
  - advance: {player: Alice, step: upkeep}
  - resolve:
  - advance: {player: Alice, step: main1}
  - advance: {player: Alice, step: upkeep}
  - resolve:
  - resolve:
expect:
  - event: {kind: untap, objects: [bears]}
  - event: {kind: counter, objects: [oot], args: [time, "2", "2"]}
  - event: {kind: phase_in_blocked, objects: [bears], rule: "610.4a"}
  - event: {kind: leaves_battlefield, objects: [oot], rule: "701.21a"}
  - phased_in: [bears, wolf]
`},
		{"out-of-time-gone-before-its-trigger-resolves/2021-06-18", board + `actions:
  - tap: [bears]
  - cast: {id: oot, card: Out of Time, controller: Alice}
  - resolve: oot
  - destroy: [oot]
  - resolve:
expect:
  - untapped: [bears]
  - phased_in: [bears, wolf]
  - no_event: {kind: counter}
`},
		{"reality-ripple-and-slip-out-the-back", board + `actions:
  - cast: {id: r, card: Reality Ripple, controller: Alice, targets: [bears]}
  - cast: {id: s, card: Slip Out the Back, controller: Alice, targets: [wolf]}
  - resolve:
  - resolve:
expect:
  - phased_out: [bears, wolf]
  - counters: {wolf: {"+1/+1": 1}}
`},
		{"robe-of-stars-equipped-creature-phases-out-with-the-robe/2021-07-23", board + `  - {id: robe, card: Robe of Stars, controller: Alice}
actions:
  - activate: {source: robe, ability: equip, targets: [wolf]}
  - resolve:
  - check:
      - pt: {wolf: "2/5"}
  - activate: {source: robe, ability: 1}
  - resolve:
expect:
  - phased_out: [wolf]
  - indirect: [robe]
`},
		{"sapphire-charm-modes", board + `actions:
  - cast: {id: c1, card: Sapphire Charm, controller: Alice, mode: 3, targets: [bears]}
  - resolve:
  - illegal: {action: {cast: {id: c2, card: Sapphire Charm, controller: Alice, mode: 3, targets: [wolf]}}, rule: "115.1"}
  - cast: {id: c3, card: Sapphire Charm, controller: Alice, mode: 2, targets: [wolf]}
  - resolve:
  - cast: {id: c4, card: Sapphire Charm, controller: Alice, targets: [Alice]}
  - resolve:
  - advance: {player: Bob, step: upkeep}
  - resolve:
expect:
  - event: {kind: phase_out, objects: [bears], turn: 2}
  - event: {kind: effect_begins, objects: [wolf], args: [grant, end_of_turn]}
  - event: {kind: draw, player: Alice, step: upkeep, turn: 3}
`},
		{"shimmer-lands-of-the-chosen-type-have-phasing", board + `  - {id: shimmer, card: Shimmer, controller: Alice, choices: {land_type: Island}}
  - {id: island, name: Island, types: [land], subtypes: [Island], controller: Bob}
  - {id: forest, name: Forest, types: [land], subtypes: [Forest], controller: Bob}
actions:
  - advance: {player: Bob, step: upkeep}
expect:
  - phased_out: [island]
  - phased_in: [forest]
`},
		{"shimmering-efreet-phases-in-and-a-creature-phases-out", board + `  - {id: efreet, card: Shimmering Efreet, controller: Alice, phased_out: true}
actions:
  - advance: {player: Alice, step: upkeep}
  - resolve:
expect:
  - event: {kind: trigger, objects: [efreet], args: [phases_in], step: upkeep}
  - phased_out: [bears]
`},
		{"spatial-binding-no-life-payment-while-life-cant-change/2017-08-25", twoPlayers + `start: {turn: 2, active: Bob, step: main1}
permanents:
  - {id: wolf, name: Wolf, types: [creature], power: 2, toughness: 2, controller: Alice}
  - {id: binding, card: Spatial Binding, controller: Bob}
  - {id: keeper, card: Breezekeeper, controller: Alice}
actions:
  - activate: {source: binding, targets: [keeper]}
  - resolve:
  - effect: {id: lock, name: Teferi's Protection, kind: life_cant_change, player: Bob, duration: until_your_next_turn, controller: Bob}
  - illegal: {action: {activate: {source: binding, targets: [wolf]}}, rule: "119.8"}
  - advance: {player: Alice, step: upkeep}
expect:
  - event: {kind: phase_out_blocked, objects: [keeper], turn: 3}
  - phased_in: [keeper]
  - life: {Bob: 19}
`},
		{"spectral-adversary-pays-then-a-reflexive-trigger/2021-09-24", board + `actions:
  - advance: {player: Bob, step: main1}
  - cast: {id: adv, card: Spectral Adversary, power: 2, toughness: 1, controller: Alice}
  - resolve: adv
  - choose: {player: Alice, x: 1}
  - resolve:
  - resolve:
expect:
  - event: {kind: trigger, objects: [adv], args: [paid]}
  - counters: {adv: {"+1/+1": 1}}
  - phased_out: [bears]
`},
		{"taniwha-phases-out-your-lands-at-upkeep", board + `  - {id: taniwha, card: Taniwha, controller: Alice, phased_out: true}
  - {id: land, name: Island, types: [land], controller: Alice}
actions:
  - advance: {player: Alice, step: upkeep}
  - resolve:
expect:
  - phased_out: [land]
  - phased_in: [taniwha]
`},
		{"teferis-curse-and-cloak-grant-phasing", board + `  - {id: curse, card: Teferi's Curse, controller: Bob, attached_to: wolf}
  - {id: cloak, card: Cloak of Invisibility, controller: Bob, attached_to: bears}
  - {id: wall, name: Wall of Stone, types: [creature], subtypes: [Wall], power: 0, toughness: 8, controller: Alice}
actions:
  - advance: {player: Alice, step: upkeep}
expect:
  - phased_out: [wolf]
  - indirect: [curse]
`},
		{"cloak-of-invisibility-blocked-only-by-walls", twoPlayers + `start: {turn: 3, active: Alice, step: main1}
permanents:
  - {id: wolf, name: Wolf, types: [creature], power: 2, toughness: 2, controller: Alice}
  - {id: cloak, card: Cloak of Invisibility, controller: Alice, attached_to: wolf}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
  - {id: wall, name: Wall of Stone, types: [creature], subtypes: [Wall], power: 0, toughness: 8, controller: Bob}
actions:
  - attack: {attackers: [wolf], defender: Bob}
  - illegal: {action: {block: {blocker: bears, attacker: wolf}}, rule: "509.1b"}
  - block: {blocker: wall, attacker: wolf}
expect:
  - blocked: [wolf]
`},
		{"teferis-imp-discards-and-draws", board + `  - {id: imp, card: Teferi's Imp, controller: Alice}
actions:
  - advance: {player: Alice, step: upkeep}
  - resolve:
  - advance: {player: Alice, step: main1}
  - advance: {player: Alice, step: upkeep}
  - resolve:
expect:
  - event: {kind: trigger, objects: [imp], args: [phases_out], rule: "603.10b"}
  - event: {kind: discard, player: Alice}
  - event: {kind: trigger, objects: [imp], args: [phases_in]}
  - hand: {Alice: 2}
`},
		{"teferis-isle-enters-tapped-and-taps-for-mana", board + `  - {id: isle, card: Teferi's Isle, controller: Alice, zone: hand}
actions:
  - enter: [isle]
  - check:
      - tapped: [isle]
  - advance: {player: Alice, step: upkeep}
  - check:
      - phased_out: [isle]
  - advance: {player: Bob, step: upkeep}
  - advance: {player: Alice, step: main1}
  - activate: {source: isle}
expect:
  - event: {kind: mana, objects: [isle], args: ["{U}{U}"], rule: "605.3a"}
  - tapped: [isle]
`},
		{"teferis-protection-a-targeting-spell-loses-its-target/2017-08-25", twoPlayers + `start: {turn: 2, active: Bob, step: main1}
permanents:
  - {id: wolf, name: Wolf, types: [creature], power: 2, toughness: 2, controller: Alice}
actions:
  - cast: {id: bolt, card: Lightning Bolt, controller: Bob, targets: [Alice]}
  - cast: {id: tp, card: Teferi's Protection, controller: Alice}
  - resolve: tp
  - resolve: bolt
expect:
  - event: {kind: fizzle, objects: [bolt]}
  - life: {Alice: 20}
  - phased_out: [wolf]
`},
		{"teferis-realm-that-player-chooses-a-type", board + `  - {id: realm, card: Teferi's Realm, controller: Bob}
  - {id: land, name: Island, types: [land], controller: Alice}
actions:
  - choose: {player: Bob, type: land}
  - advance: {player: Bob, step: upkeep}
  - resolve:
expect:
  - phased_out: [land]
  - phased_in: [bears, wolf]
`},
		{"teferis-veil-phases-attackers-out-at-end-of-combat", board + `  - {id: veil, card: Teferi's Veil, controller: Alice}
actions:
  - attack: {attackers: [wolf], defender: Bob}
  - advance: {player: Alice, step: end_combat}
  - resolve:
expect:
  - life: {Bob: 18}
  - phased_out: [wolf]
`},
		{"time-and-tide", board + `  - {id: drake, card: Teferi's Drake, controller: Alice}
actions:
  - phase_out: [bears]
  - cast: {id: tt, card: Time and Tide, controller: Alice}
  - resolve:
expect:
  - phased_in: [bears]
  - phased_out: [drake]
`},
		{"vanishing-the-aura-phases-out-the-enchanted-creature", board + `  - {id: v, card: Vanishing, controller: Alice, attached_to: wolf}
actions:
  - activate: {source: v}
  - resolve:
expect:
  - phased_out: [wolf]
  - indirect: [v]
`},
		{"vaporous-djinn-and-warping-wurm-phase-out-unless-paid", board + `  - {id: djinn, card: Vaporous Djinn, controller: Alice}
  - {id: wurm, card: Warping Wurm, controller: Alice, keywords: []}
actions:
  - choose: {player: Alice, pay: true}
  - advance: {player: Alice, step: upkeep}
  - resolve:
  - resolve:
expect:
  - event: {kind: choice, player: Alice, args: [pay, "", chosen]}
  - event: {kind: choice, player: Alice, args: [decline, "", default]}
`},
		{"warping-wurm-gets-a-counter-as-it-phases-in", board + `  - {id: wurm, card: Warping Wurm, controller: Alice, phased_out: true}
actions:
  - choose: {player: Alice, pay: true}
  - advance: {player: Alice, step: upkeep}
  - resolve:
  - resolve:
expect:
  - counters: {wurm: {"+1/+1": 1}}
`},
		{"vodalian-illusionist-taps-to-phase-out", board + `  - {id: illus, card: Vodalian Illusionist, controller: Alice}
actions:
  - activate: {source: illus, targets: [bears]}
  - resolve:
  - illegal: {action: {activate: {source: illus, targets: [wolf]}}, rule: "602.2b"}
expect:
  - phased_out: [bears]
  - tapped: [illus]
`},
	}, cards)
}

// modelledNames lists the cards the engine has a model for (refusals
// included).
func modelledNames() []string {
	return strings.Split("Blink Dog|Rainbow Efreet|Teferi's Honor Guard|Breezekeeper|Merfolk Raiders|Sandbar Crocodile|"+
		"Teferi's Drake|Tolarian Drake|Cloak of Invisibility|Crystal Golem|Divine Smite|Dream Fighter|Equipoise|"+
		"Guardian of Faith|Katabatic Winds|March of Swirling Mist|Mist Dragon|Oubliette|Out of Time|Reality Ripple|"+
		"Robe of Stars|Sapphire Charm|Shimmer|Shimmering Efreet|Slip Out the Back|Spatial Binding|Spectral Adversary|"+
		"Taniwha|Teferi's Curse|Teferi's Imp|Teferi's Isle|Teferi's Protection|Teferi's Realm|Teferi's Veil|"+
		"Time and Tide|Vanishing|Vaporous Djinn|Vodalian Illusionist|Warping Wurm|Brokers Confluence|Change of Plans|"+
		"Ertai's Familiar|Frenetic Efreet|Kaito Shizuki|Old Fogey|Teferi, Master of Time|Teferi, Timeless Voyager|"+
		"Vision Charm|Lightning Bolt|Shock|Wrath of God|Day of Judgment|Giant Growth|Disenchant|Naturalize|Murder|"+
		"Doom Blade|Unsummon|Pacifism|Glorious Anthem|Llanowar Elves", "|")
}

// TestCardColorsAndManaValue works out colours (202.2, 204, 604.3,
// 702.114a) and mana values (202.3) from card data.
func TestCardColorsAndManaValue(t *testing.T) {
	tests := []struct {
		c      CardInfo
		colors string
		mv     int
	}{
		{CardInfo{Name: "Doom Blade", ManaCost: "{1}{B}"}, "black", 2},
		{CardInfo{Name: "Boros Charm", ManaCost: "{R}{W}"}, "white red", 2},
		{CardInfo{Name: "Kitchen Finks", ManaCost: "{1}{G/W}{G/W}"}, "white green", 3},
		{CardInfo{Name: "Spectral Procession", ManaCost: "{2/W}{2/W}{2/W}"}, "white", 6},
		{CardInfo{Name: "Gitaxian Probe", ManaCost: "{U/P}"}, "blue", 1},
		{CardInfo{Name: "Fireball", ManaCost: "{X}{R}"}, "red", 1},
		{CardInfo{Name: "Ancestral Vision", ColorIndicator: []string{"Blue"}, Text: "Suspend 4—{U}"}, "blue", 0},
		{CardInfo{Name: "Dryad Arbor", ColorIndicator: []string{"G"}}, "green", 0},
		{CardInfo{Name: "Evermind", Text: "Evermind is blue.\nDraw a card."}, "blue", 0},
		{CardInfo{Name: "Transguild Courier", ManaCost: "{4}", Text: "Transguild Courier is all colors."}, "white blue black red green", 4},
		{CardInfo{Name: "Ghostfire", ManaCost: "{2}{R}", Text: "Ghostfire is colorless.\nGhostfire deals 3 damage to any target."}, "", 3},
		{CardInfo{Name: "Eldrazi Devastator", ManaCost: "{8}"}, "", 8},
		{CardInfo{Name: "Forest"}, "", 0},
		{CardInfo{Name: "Given", ManaCost: "{R}", Colors: []string{"green"}}, "green", 1},
	}
	for _, tt := range tests {
		if got := strings.Join(CardColors(tt.c), " "); got != tt.colors {
			t.Errorf("%s: colours %q, want %q", tt.c.Name, got, tt.colors)
		}
		if got := ManaValue(tt.c.ManaCost); got != tt.mv {
			t.Errorf("%s: mana value %d, want %d", tt.c.Name, got, tt.mv)
		}
	}
}
