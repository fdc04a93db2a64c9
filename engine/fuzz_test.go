package engine

import (
	"os"
	"path/filepath"
	"testing"
)

// fuzzSeeds are scenarios using every part of the format: the presets, the
// golden archives, and the syntax of the engine's additions.
func fuzzSeeds(f *testing.F) {
	f.Add([]byte("game: mtg\nplayers: [Alice, Bob]\n"))
	for _, s := range []string{
		`game: mtg
players: [Alice, Bob, Carol]
start: {turn: 2, active: Bob, step: main1, hand: {Alice: 2}, library: {Bob: 1}}
permanents:
  - {id: oub, card: Oubliette, controller: Alice, zone: hand}
  - {id: bears, card: Grizzlis, controller: Bob}
  - {id: k, card: White Knight, power: 3, controller: Alice, protection_from: [black, artifact]}
  - {id: angel, name: Serra Angel, types: [creature], power: 4, toughness: 4, keywords: [flying, vigilance, First Strike], colors: [white], controller: Alice}
effects:
  - {id: tp, kind: life_cant_change, player: Alice, duration: until_your_next_turn, controller: Alice}
  - {id: pp, kind: player_protection, player: Alice, from: [everything], duration: until_your_next_upkeep}
actions:
  - cast: {id: m, name: Mist, controller: Alice, targets: [bears, Bob], damage: 2, tap: true, pump: {power: 1, toughness: 1}, phase_out: true, exile: true, bounce: true, colors: [blue], types: [instant]}
  - cast: {id: tpc, card: Teferi's Protection, controller: Alice, x: 2, mode: 1}
  - resolve: m
  - resolve:
  - choose: {player: Alice, keep: angel}
  - choose: {player: Bob, order: [bears, k]}
  - choose: {player: Bob, x: 3}
  - choose: {player: Bob, targets: [Alice, bears]}
  - choose: {player: Bob, pick: [bears]}
  - choose: {player: Bob, mode: 2}
  - choose: {player: Bob, pay: true}
  - choose: {player: Bob, type: land}
  - draw: {player: Alice, n: 2}
  - draw: {player: Bob, for_each: {controller: Alice, types: [creature]}}
  - illegal: {action: {block: {blockers: [bears], attacker: angel}}, rule: "702.9b"}
  - check:
      - hand: {Alice: 2}
      - lost: [Bob]
      - left_game: Bob
  - untap: [bears]
  - leave_game: Carol
  - activate: {id: a1, source: k, ability: equip, targets: [angel], x: 1}
expect:
  - lost: [Carol]
  - left_game: [Carol]
  - hand: {Bob: 0}
  - event: {kind: refused, rule: "702.9b"}
`,
		`game: mtg
players: [Alice, Bob]
permanents:
  - {id: x, types: [creature], keywords: [banding], controller: Alice}
`,
	} {
		f.Add([]byte(s))
	}
	for _, glob := range []string{"presets/*.yaml", "testdata/golden/*.txtar"} {
		files, _ := filepath.Glob(glob)
		for _, file := range files {
			b, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			if filepath.Ext(file) == ".txtar" {
				for _, af := range parseArchive(b).files {
					if af.name == "scenario.yaml" {
						b = af.data
					}
				}
			}
			f.Add(b)
		}
	}
}

// FuzzParseScenario feeds arbitrary documents to the parser, with a card
// lookup, and runs those that parse: neither may panic, and a failure must
// be an *Error.
func FuzzParseScenario(f *testing.F) {
	fuzzSeeds(f)
	cards := testCards()
	f.Fuzz(func(t *testing.T, src []byte) {
		sc, err := ParseScenarioWith(src, ParseOptions{Cards: cards})
		if err != nil {
			if _, ok := AsError(err); !ok {
				t.Fatalf("error %v is not an *Error", err)
			}
			return
		}
		if len(sc.Actions) > 200 {
			return
		}
		if _, err := Run(sc); err != nil {
			if _, ok := AsError(err); !ok {
				t.Fatalf("run error %v has no *Error", err)
			}
		}
	})
}
