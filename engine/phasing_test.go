package engine

import (
	"strings"
	"testing"
)

// run parses and runs a scenario, failing the test on any error.
func run(t *testing.T, src string) *Result {
	t.Helper()
	sc, err := ParseScenario([]byte(src))
	if err != nil {
		t.Fatalf("ParseScenario: %v", err)
	}
	r, err := Run(sc)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return r
}

// requireOK fails the test for every expectation that does not hold.
func requireOK(t *testing.T, r *Result) {
	t.Helper()
	if len(r.Expectations) == 0 {
		t.Fatal("scenario has no expectations")
	}
	for _, c := range r.Expectations {
		if !c.OK {
			t.Errorf("%s: failed (%s)", c.Check, c.Detail)
		}
	}
	if t.Failed() {
		for _, e := range r.Events {
			t.Logf("#%d t%d %s %s %s %v %s indirect=%t %v", e.Seq, e.Turn, e.Player, e.Step, e.Kind, e.Objects, e.Rule, e.Indirect, e.Args)
		}
	}
}

const twoPlayers = "game: mtg\nplayers: [Alice, Bob]\n"

// TestPhasingSubrules has one or more rows per subrule of CR 702.26 (there
// is no 702.26l or 702.26o). Each row is a scenario whose expectations state
// what the rule requires.
func TestPhasingSubrules(t *testing.T) {
	tests := []struct {
		name string
		src  string
	}{
		{"702.26a/phasing-out-and-in-simultaneously", twoPlayers + `
permanents:
  - {id: keeper, types: [creature], power: 4, toughness: 4, keywords: [phasing], controller: Alice}
  - {id: out, types: [creature], power: 1, toughness: 1, keywords: [phasing], controller: Alice, phased_out: true}
  - {id: bobs, types: [creature], power: 1, toughness: 1, keywords: [phasing], controller: Bob}
actions:
  - advance: {player: Alice, step: upkeep}
expect:
  - phased_out: [keeper]
  - phased_in: [out]
  - phased_out: [bobs]
  - event: {kind: phase_out, objects: [keeper], rule: "702.26a", step: untap, turn: 3}
  - event: {kind: phase_in, objects: [out], rule: "702.26a", step: untap, turn: 3}
  - event: {kind: phase_out, objects: [bobs], rule: "702.26a", turn: 2}
`},
		{"702.26a/phases-in-under-the-player-it-phased-out-under", twoPlayers + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice, phased_out: true, phased_out_under: Bob}
actions:
  - advance: {player: Alice, step: upkeep}
  - advance: {player: Bob, step: upkeep}
expect:
  - no_event: {kind: phase_in, turn: 3}
  - event: {kind: phase_in, objects: [bear], turn: 2}
`},
		{"702.26b/treated-as-though-it-does-not-exist", twoPlayers + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice}
  - {id: anthem, name: Glorious Anthem, types: [enchantment], controller: Alice, static: [{kind: anthem, power: 1, toughness: 1, affects: creatures_you_control}]}
actions:
  - phase_out: [anthem]
  - destroy_all: {types: [enchantment]}
  - damage: {target: anthem, amount: 3}
expect:
  - pt: {bear: "2/2"}
  - zone: {anthem: battlefield}
  - event: {kind: unaffected, objects: [anthem], rule: "702.26b"}
  - no_event: {kind: destroy}
`},
		{"702.26b/static-ability-back-when-phased-in", twoPlayers + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice}
  - {id: anthem, types: [enchantment], controller: Alice, static: [{kind: anthem, power: 1, toughness: 1, affects: creatures_you_control}]}
actions:
  - phase_out: [anthem]
  - phase_in: [anthem]
expect:
  - pt: {bear: "3/3"}
`},
		{"702.26c/exists-again", twoPlayers + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice, phased_out: true}
actions:
  - phase_in: [bear]
  - destroy: [bear]
expect:
  - zone: {bear: graveyard}
  - event: {kind: phase_in, objects: [bear], rule: "702.26c"}
`},
		{"702.26d/no-zone-change-and-tokens-stay", twoPlayers + `
permanents:
  - {id: token, types: [creature], power: 1, toughness: 1, token: true, controller: Alice, triggers: [enters, leaves]}
actions:
  - phase_out: [token]
  - advance: {player: Alice, step: upkeep}
expect:
  - zone: {token: battlefield}
  - phased_in: [token]
  - no_event: {kind: leaves_battlefield}
  - no_event: {kind: enters_battlefield}
  - no_event: {kind: trigger}
  - event: {kind: no_trigger, objects: [token], args: [leaves], rule: "702.26d"}
`},
		{"702.26d/no-control-change-and-can-attack", twoPlayers + `
start: {turn: 2, active: Bob, step: main1}
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice, phased_out: true, entered_this_turn: true}
actions:
  - advance: {player: Alice, step: main1}
expect:
  - can_attack: [bear]
  - controller: {bear: Alice}
  - no_event: {kind: control}
`},
		{"702.26e/new-effect-does-not-include-phased-out", twoPlayers + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice}
  - {id: out, types: [creature], power: 2, toughness: 2, controller: Alice, phased_out: true}
actions:
  - effect: {id: charge, kind: pump, affects: {controller: Alice, types: [creature]}, power: 2, toughness: 1, duration: end_of_turn}
  - effect: {id: named, kind: pump, target: out, power: 5, toughness: 5, duration: end_of_turn}
  - phase_in: [out]
expect:
  - pt: {bear: "4/3", out: "2/2"}
  - event: {kind: effect_excludes, objects: [charge, out], rule: "702.26e"}
  - event: {kind: effect_excludes, objects: [named, out], rule: "702.26e"}
`},
		{"702.26e/control-effect-on-phased-out-does-nothing", twoPlayers + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice, phased_out: true}
actions:
  - effect: {id: steal, kind: control, target: bear, player: Bob, duration: indefinite}
  - phase_in: [bear]
expect:
  - controller: {bear: Alice}
`},
		{"702.26f/until-end-of-turn-expires-while-out", twoPlayers + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice}
actions:
  - effect: {id: grow, kind: pump, target: bear, power: 3, toughness: 3, duration: end_of_turn}
  - phase_out: [bear]
  - advance: {player: Alice, step: upkeep}
expect:
  - pt: {bear: "2/2"}
  - event: {kind: effect_ends, objects: [grow], rule: "514.2", turn: 1}
`},
		{"702.26f/for-as-long-as-ends-and-never-restarts", twoPlayers + `
permanents:
  - {id: sower, types: [creature], power: 2, toughness: 2, controller: Alice}
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Bob}
effects:
  - {id: steal, kind: control, target: bear, player: Alice, duration: for_as_long_as, source: sower}
actions:
  - phase_out: [sower]
  - phase_in: [sower]
expect:
  - controller: {bear: Bob}
  - effect_active: {steal: false}
  - event: {kind: effect_ends, objects: [steal], rule: "702.26f"}
`},
		{"702.26f/until-duration-is-not-ended-by-phasing", twoPlayers + `
permanents:
  - {id: bat, types: [creature], power: 1, toughness: 1, controller: Alice}
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Bob}
effects:
  - {id: hold, kind: pump, target: bear, power: -1, toughness: 0, duration: until, source: bat}
actions:
  - phase_out: [bat]
  - phase_in: [bat]
  - leave_battlefield: [bat]
expect:
  - event: {kind: effect_ends, objects: [hold], rule: "611.2b"}
  - no_event: {kind: effect_ends, rule: "702.26f"}
  - pt: {bear: "2/2"}
`},
		{"702.26g/attachments-phase-out-indirectly", twoPlayers + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice}
  - {id: aura, types: [enchantment], subtypes: [Aura], controller: Bob, attached_to: bear}
  - {id: sword, types: [artifact], subtypes: [Equipment], controller: Alice, attached_to: bear}
actions:
  - phase_out: [bear]
  - phase_in: [aura]
expect:
  - indirect: [aura, sword]
  - phased_out: [bear]
  - event: {kind: phase_in_blocked, objects: [aura], rule: "702.26g"}
  - event: {kind: phase_out, objects: [aura], indirect: true, rule: "702.26g"}
`},
		{"702.26g/indirect-attachment-phases-in-only-with-host", twoPlayers + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, keywords: [phasing], controller: Alice}
  - {id: aura, types: [enchantment], subtypes: [Aura], controller: Bob, attached_to: bear}
actions:
  - advance: {player: Alice, step: upkeep}
  - advance: {player: Bob, step: upkeep}
  - advance: {player: Alice, step: upkeep}
expect:
  - no_event: {kind: phase_in, turn: 4}
  - event: {kind: phase_in, objects: [aura], indirect: true, turn: 5}
  - attached: {aura: bear}
`},
		{"702.26h/both-directly-and-indirectly-means-indirectly", twoPlayers + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice}
  - {id: aura, types: [enchantment], subtypes: [Aura], keywords: [phasing], controller: Alice, attached_to: bear}
actions:
  - phase_out_all: {controller: Alice}
  - advance: {player: Alice, step: upkeep}
expect:
  - event: {kind: phase_out, objects: [aura], indirect: true, rule: "702.26h"}
  - phased_in: [bear, aura]
  - attached: {aura: bear}
`},
		{"702.26h/attachment-with-phasing-on-a-phasing-host", twoPlayers + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, keywords: [phasing], controller: Alice}
  - {id: aura, types: [enchantment], subtypes: [Aura], keywords: [phasing], controller: Alice, attached_to: bear}
actions:
  - advance: {player: Alice, step: upkeep}
expect:
  - indirect: [aura]
`},
		{"702.26i/direct-attachment-returns-attached", twoPlayers + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice}
  - {id: aura, types: [enchantment], subtypes: [Aura], controller: Alice, attached_to: bear}
actions:
  - phase_out: [aura]
  - advance: {player: Alice, step: upkeep}
expect:
  - attached: {aura: bear}
  - no_event: {kind: phase_in_unattached}
`},
		{"702.26i/host-gone-aura-to-graveyard-equipment-stays", twoPlayers + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice}
  - {id: aura, types: [enchantment], subtypes: [Aura], controller: Alice, attached_to: bear}
  - {id: sword, types: [artifact], subtypes: [Equipment], controller: Alice, attached_to: bear}
actions:
  - phase_out: [aura, sword]
  - destroy: [bear]
  - advance: {player: Alice, step: upkeep}
expect:
  - zone: {aura: graveyard, sword: battlefield}
  - unattached: [sword]
  - event: {kind: state_based, objects: [aura], rule: "704.5m", step: upkeep}
`},
		{"702.26j/no-attach-or-unattach-triggers", twoPlayers + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice}
  - {id: sword, types: [artifact], subtypes: [Equipment], controller: Alice, attached_to: bear, triggers: [attached, unattached]}
actions:
  - phase_out: [bear]
  - phase_in: [bear]
expect:
  - no_event: {kind: trigger}
  - event: {kind: no_trigger, objects: [sword], args: [unattached], rule: "702.26j"}
  - event: {kind: no_trigger, objects: [sword], args: [attached], rule: "702.26j"}
`},
		{"702.26k/phased-out-permanents-leave-with-their-owner", "game: mtg\nplayers: [Alice, Bob, Carol]\n" + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Bob, phased_out: true, triggers: [leaves]}
  - {id: wall, types: [creature], power: 0, toughness: 4, controller: Carol}
actions:
  - leave_game: Bob
expect:
  - zone: {bear: gone, wall: battlefield}
  - event: {kind: leaves_game, player: Bob, objects: [bear], rule: "800.4a"}
  - no_event: {kind: trigger}
`},
		{"702.26m/skipped-untap-step-no-phasing", twoPlayers + `
permanents:
  - {id: keeper, types: [creature], power: 4, toughness: 4, keywords: [phasing], controller: Alice}
  - {id: out, types: [creature], power: 1, toughness: 1, controller: Alice, phased_out: true}
actions:
  - skip_untap: Alice
  - advance: {player: Alice, step: upkeep}
  - advance: {player: Alice, step: upkeep}
expect:
  - event: {kind: untap_skipped, turn: 3, rule: "702.26m"}
  - event: {kind: phase_out, objects: [keeper], turn: 5}
  - event: {kind: phase_in, objects: [out], turn: 5}
`},
		{"702.26n/phasing-player-left-phases-in-at-next-players-untap", "game: mtg\nplayers: [Alice, Bob, Carol]\n" + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice}
effects:
  - {id: steal, kind: control, target: bear, player: Bob, duration: indefinite}
actions:
  - phase_out: [bear]
  - leave_game: Bob
  - advance: {player: Carol, step: upkeep}
expect:
  - event: {kind: phasing_player_gone, objects: [bear], args: [Carol], rule: "702.26n"}
  - event: {kind: phase_in, objects: [bear], step: untap, turn: 2}
  - controller: {bear: Alice}
  - zone: {bear: battlefield}
`},
		{"702.26n/phasing-player-left-in-their-own-turn", "game: mtg\nplayers: [Alice, Bob, Carol]\n" + `
start: {turn: 2, active: Bob, step: main1}
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice}
effects:
  - {id: steal, kind: control, target: bear, player: Bob, duration: indefinite}
actions:
  - phase_out: [bear]
  - leave_game: Bob
  - advance: {player: Carol, step: upkeep}
  - advance: {player: Carol, step: upkeep}
expect:
  - event: {kind: phase_in_blocked, objects: [bear], rule: "702.26n", turn: 3}
  - no_event: {kind: phase_in, turn: 3}
  - event: {kind: phase_in, objects: [bear], step: untap, turn: 5}
  - controller: {bear: Alice}
`},
		{"702.26p/redundant-instances", twoPlayers + `
permanents:
  - {id: keeper, types: [creature], power: 4, toughness: 4, keywords: [phasing, phasing], controller: Alice}
effects:
  - {id: more, kind: grant, target: keeper, keywords: [phasing], duration: indefinite}
actions:
  - advance: {player: Alice, step: upkeep}
  - advance: {player: Alice, step: upkeep}
expect:
  - event: {kind: phase_out, objects: [keeper], turn: 3}
  - event: {kind: phase_in, objects: [keeper], turn: 5}
  - phased_in: [keeper]
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			requireOK(t, run(t, tt.src))
		})
	}
	// Every subrule a–p but l and o has a row.
	for _, sub := range "abcdefghijkmnp" {
		found := false
		for _, tt := range tests {
			if strings.HasPrefix(tt.name, "702.26"+string(sub)+"/") {
				found = true
			}
		}
		if !found {
			t.Errorf("no test for 702.26%c", sub)
		}
	}
}

// TestRelatedRules covers the rules around phasing the engine models.
func TestRelatedRules(t *testing.T) {
	tests := []struct {
		name string
		src  string
	}{
		{"610.4b/until-event-already-happened", twoPlayers + `
permanents:
  - {id: oub, types: [enchantment], controller: Alice, zone: graveyard}
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Bob}
actions:
  - phase_out_until: {target: bear, until: oub_leaves}
expect:
  - phased_in: [bear]
  - event: {kind: phase_out_prevented, objects: [bear], rule: "610.4b"}
`},
		{"611.2b/for-as-long-as-never-starts", twoPlayers + `
permanents:
  - {id: sower, types: [creature], power: 2, toughness: 2, controller: Alice, phased_out: true}
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Bob}
actions:
  - effect: {id: steal, kind: control, target: bear, player: Alice, duration: for_as_long_as, source: sower}
expect:
  - controller: {bear: Bob}
  - effect_active: {steal: false}
  - event: {kind: effect_never_starts, objects: [steal, sower], rule: "611.2b"}
  - no_event: {kind: effect_begins}
`},
		{"514.2/damage-removed-from-phased-out", twoPlayers + `
permanents:
  - {id: wall, types: [creature], power: 0, toughness: 5, controller: Alice}
actions:
  - damage: {target: wall, amount: 3}
  - phase_out: [wall]
  - advance: {player: Alice, step: cleanup}
expect:
  - damage: {wall: 0}
  - event: {kind: damage_removed, objects: [wall], rule: "514.2"}
`},
		{"611.2a/until-your-next-turn", twoPlayers + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Bob}
actions:
  - effect: {id: shrink, kind: pump, target: bear, power: -1, toughness: 0, duration: until_your_next_turn, controller: Alice}
  - advance: {player: Bob, step: end}
expect:
  - effect_active: {shrink: true}
  - pt: {bear: "1/2"}
`},
		{"611.2a/until-your-next-turn-ends-as-it-begins", twoPlayers + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Bob}
actions:
  - effect: {id: shrink, kind: pump, target: bear, power: -1, toughness: 0, duration: until_your_next_turn, controller: Alice}
  - advance: {player: Alice, step: untap}
expect:
  - effect_active: {shrink: false}
  - event: {kind: effect_ends, objects: [shrink], turn: 3, step: untap}
`},
		{"611.2a/initial-effect-belongs-to-the-active-player", twoPlayers + `
start: {turn: 2, active: Bob, step: main1}
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice}
effects:
  - {id: shrink, kind: pump, target: bear, power: -1, toughness: 0, duration: until_your_next_turn}
actions:
  - advance: {player: Alice, step: upkeep}
  - advance: {player: Bob, step: upkeep}
expect:
  - event: {kind: effect_ends, objects: [shrink], turn: 4, player: Bob}
  - pt: {bear: "2/2"}
`},
		{"can't-phase-in/blocks-the-untap-step", twoPlayers + `
start: {turn: 2, active: Bob, step: main1}
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice, phased_out: true}
actions:
  - effect: {id: hold, kind: cant_phase_in, target: bear, duration: until_your_next_turn, controller: Bob}
  - advance: {player: Alice, step: upkeep}
  - advance: {player: Alice, step: upkeep}
expect:
  - event: {kind: phase_in_blocked, objects: [bear], turn: 3}
  - event: {kind: effect_ends, objects: [hold], turn: 4}
  - no_event: {kind: phase_in, turn: 3}
  - event: {kind: phase_in, objects: [bear], turn: 5}
`},
		{"302.6/summoning-sick-cannot-attack", twoPlayers + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice, entered_this_turn: true}
  - {id: hasty, types: [creature], power: 2, toughness: 2, keywords: [haste], controller: Alice, entered_this_turn: true}
expect:
  - cannot_attack: [bear]
  - can_attack: [hasty]
`},
		{"704.5g/lethal-damage", twoPlayers + `
permanents:
  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice}
  - {id: god, types: [creature], power: 2, toughness: 2, keywords: [indestructible], controller: Alice}
actions:
  - damage: {target: bear, amount: 2}
  - damage: {target: god, amount: 5}
expect:
  - zone: {bear: graveyard, god: battlefield}
  - event: {kind: state_based, objects: [bear], rule: "704.5g"}
`},
		{"704.5n/equipment-on-non-creature-unattaches", twoPlayers + `
permanents:
  - {id: land, types: [land], controller: Alice}
  - {id: sword, types: [artifact], subtypes: [Equipment], controller: Alice, attached_to: land}
actions:
  - tap: [land]
expect:
  - unattached: [sword]
  - zone: {sword: battlefield}
  - event: {kind: state_based, objects: [sword], rule: "704.5n"}
`},
		{"702.19d/trample-with-no-blocker-left", twoPlayers + `
start: {turn: 1, active: Alice, step: main1}
permanents:
  - {id: rhino, types: [creature], power: 5, toughness: 4, keywords: [trample], controller: Alice}
  - {id: wall, types: [creature], power: 0, toughness: 5, controller: Bob}
actions:
  - attack: {attackers: [rhino], defender: Bob}
  - block: {blocker: wall, attacker: rhino}
  - phase_out: [wall]
  - advance: {player: Alice, step: combat_damage}
expect:
  - blocked: [rhino]
  - life: {Bob: 15}
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			requireOK(t, run(t, tt.src))
		})
	}
}
