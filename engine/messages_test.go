package engine

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"
)

// TestEveryValueHasAMessage reads the engine's locale files (the engine
// imports nothing of the project, so it reads them as data) and checks that
// every value the engine can emit has a message in English, French and
// Japanese: event kinds and the variants the renderer builds, state-based
// results, trigger conditions, zones, choices, error codes and findings.
func TestEveryValueHasAMessage(t *testing.T) {
	var keys []string
	for _, k := range EventKinds() {
		if k != EventStateBased {
			keys = append(keys, "engine.event."+string(k))
		}
	}
	for _, r := range StateBasedResults() {
		keys = append(keys, "engine.event.state_based."+r)
	}
	for _, c := range ChoiceKinds() {
		keys = append(keys, "engine.event.choice."+c, "engine.event.choice."+c+".default")
	}
	for _, c := range ErrorCodes() {
		keys = append(keys, "engine.refusal."+c)
	}
	for _, k := range effectKinds() {
		keys = append(keys, "engine.event.effect_begins."+k, "engine.event.effect_ends."+k)
	}
	for _, d := range durations() {
		keys = append(keys, "engine.duration."+d)
	}
	for _, k := range Keywords() {
		keys = append(keys, "engine.keyword."+k)
	}
	for _, q := range protectionQualities() {
		keys = append(keys, "engine.quality."+q)
	}
	keys = append(keys, "engine.event.activate.notarget", "engine.event.prevented.nosource", "engine.event.phase_in.tapped",
		"engine.event.effect_begins.none", "engine.event.effect_ends.phased", "engine.share", "engine.name.ability",
		"engine.name.nth", "engine.event.step.second_damage")
	for _, c := range TriggerConditions() {
		keys = append(keys, "engine.trigger."+c)
	}
	for _, z := range Zones() {
		keys = append(keys, "engine.zone."+z)
	}
	for _, c := range ErrorCodes() {
		keys = append(keys, "engine.err."+c)
	}
	for _, c := range FindingCodes() {
		if c == "effect_active" {
			keys = append(keys, "engine.found.effect_active.true", "engine.found.effect_active.false")
			continue
		}
		keys = append(keys, "engine.found."+c)
	}
	for _, lang := range []string{"en", "fr", "ja"} {
		raw, err := os.ReadFile(filepath.Join("..", "i18n", "locales", lang, "engine.json"))
		if err != nil {
			t.Fatal(err)
		}
		var msgs map[string]json.RawMessage
		if err := json.Unmarshal(raw, &msgs); err != nil {
			t.Fatal(err)
		}
		for _, k := range keys {
			if _, ok := msgs[k]; !ok {
				t.Errorf("%s has no message for %s", lang, k)
			}
		}
	}
}

// TestRunPreset runs a preset by name and refuses an unknown one with a
// typed error.
func TestRunPreset(t *testing.T) {
	sc, r, err := RunPreset("teferis-protection", Options{})
	if err != nil || !r.OK || sc.Name != "teferis-protection" {
		t.Fatalf("RunPreset: %v, ok=%v", err, r != nil && r.OK)
	}
	_, _, err = RunPreset("no-such-preset", Options{})
	if !errors.Is(err, ErrUnknownPreset) {
		t.Fatalf("error %v, want ErrUnknownPreset", err)
	}
	if e, ok := AsError(err); !ok || e.Code != CodeUnknownPreset || len(e.Args) != 1 || e.Args[0] != "no-such-preset" {
		t.Errorf("error %#v, want unknown_preset naming the preset", e)
	}
	if errors.Is(errorf(CodeUnknownKey, 1, 1, "x"), ErrUnknownPreset) {
		t.Error("another code matches ErrUnknownPreset")
	}
}

// verbRE matches a formatting verb with its explicit argument index.
var verbRE = regexp.MustCompile(`%\[(\d+)\]([a-zA-Z])`)

// TestMessagesFitEvents runs the presets, the golden archives and the
// conformance scenarios, and checks for each event that Message gives a key
// every language has, with a value for every verb the message uses: a
// number for %d and for a plural's count.
func TestMessagesFitEvents(t *testing.T) {
	msgs := map[string]map[string]json.RawMessage{}
	for _, lang := range []string{"en", "fr", "ja"} {
		raw, err := os.ReadFile(filepath.Join("..", "i18n", "locales", lang, "engine.json"))
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]json.RawMessage{}
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		msgs[lang] = m
	}
	var results []*Result
	for _, p := range Presets() {
		_, r, err := RunPreset(p.Name, Options{NoFrames: true})
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "golden", "*.txtar"))
	for _, f := range files {
		b, _ := os.ReadFile(f)
		for _, af := range parseArchive(b).files {
			if af.name == "scenario.yaml" {
				results = append(results, run(t, string(af.data)))
			}
		}
	}
	sc, err := ParseScenarioWith([]byte(customScenario), ParseOptions{Cards: testCards()})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	results = append(results, r)
	sc, err = ParseScenarioWith([]byte(everyKind), ParseOptions{Cards: testCards()})
	if err != nil {
		t.Fatal(err)
	}
	if r, err = Run(sc); err != nil {
		t.Fatal(err)
	}
	requireOK(t, r)
	results = append(results, r)
	if _, err := os.Stat(filepath.Join("..", "..", "shared", "data", "mtg", "cards")); err == nil {
		sc, err = ParseScenarioWith([]byte(everyKindCards), ParseOptions{Cards: realCards(t)})
		if err != nil {
			t.Fatal(err)
		}
		if r, err = Run(sc); err != nil {
			t.Fatal(err)
		}
		requireOK(t, r)
		results = append(results, r)
	}
	seen := map[EventKind]bool{}
	for _, r := range results {
		for _, e := range r.Events {
			key, args := e.Message(r.Game)
			seen[e.Kind] = true
			for lang, m := range msgs {
				raw, ok := m[key]
				if !ok {
					t.Errorf("%s: no %s message %s for %+v", e.Kind, lang, key, e)
					continue
				}
				var forms []string
				var s string
				if json.Unmarshal(raw, &s) == nil {
					forms = []string{s}
				} else {
					var obj map[string]any
					if err := json.Unmarshal(raw, &obj); err != nil {
						t.Fatal(err)
					}
					for k, v := range obj {
						if k == "arg" {
							if n := int(v.(float64)); n < 3 || n-3 >= len(args) || !args[n-3].IsN {
								t.Errorf("%s %s: plural count %%[%d] is no number of %v", lang, key, n, args)
							}
							continue
						}
						forms = append(forms, v.(string))
					}
				}
				for _, f := range forms {
					for _, v := range verbRE.FindAllStringSubmatch(f, -1) {
						n, _ := strconv.Atoi(v[1])
						if n < 3 {
							continue
						}
						if n-3 >= len(args) {
							t.Errorf("%s %s uses %%[%d] but Message gives %d values", lang, key, n, len(args))
							continue
						}
						if (v[2] == "d") != args[n-3].IsN {
							t.Errorf("%s %s: %%[%d]%s gets %+v", lang, key, n, v[2], args[n-3])
						}
					}
				}
			}
		}
	}
	for _, k := range EventKinds() {
		if !seen[k] && !slices.Contains([]EventKind{EventPhaseInUnattached, EventPhaseOutPrevented, EventNoTrigger, EventEffectNeverStarts, EventEffectExcludes, EventAttach}, k) {
			t.Errorf("no scenario emits %s", k)
		}
	}
}

// everyKind is a scenario that emits the event kinds the presets and golden
// archives don't.
const everyKind = `game: mtg
players: [Alice, Bob, Carol]
start: {turn: 2, active: Alice, step: main1, hand: {Alice: 1}}
permanents:
  - {id: efreet, card: Rainbow Efreet, controller: Alice}
  - {id: binding, card: Spatial Binding, controller: Alice}
  - {id: elves, card: Llanowar Elves, controller: Alice}
  - {id: imp, card: Teferi's Imp, controller: Alice}
  - {id: wisp, types: [creature], power: 1, toughness: 1, keywords: [vanishing, lifelink], counters: {time: 2}, controller: Alice}
  - {id: bears, card: Grizzly Bears, controller: Bob}
  - {id: troll, types: [creature], power: 2, toughness: 2, keywords: [hexproof], controller: Bob}
  - {id: idol, types: [artifact], keywords: [indestructible], controller: Bob}
actions:
  - destroy: [idol]
  - activate: {source: elves}
  - activate: {id: bind, source: binding, targets: [binding]}
  - resolve: bind
  - activate: {source: efreet}
  - resolve:
  - choose: {player: Alice, targets: [bears]}
  - cast: {id: oub, card: Oubliette, controller: Alice}
  - resolve: oub
  - resolve:
  - illegal: {action: {cast: {id: bolt, name: Lightning Bolt, targets: [troll], damage: 3}}, rule: "702.11b"}
  - illegal: {action: {attack: {attackers: [efreet], defender: Bob}}, rule: "702.26b"}
  - illegal: {action: {activate: {source: efreet}}, rule: "702.26b"}
  - attack: {attackers: [wisp], defender: Bob}
  - illegal: {action: {block: {blocker: troll, attacker: efreet}}, rule: "509.1a"}
  - advance: {player: Alice, step: main2}
  - phase_out_all: {types: [creature]}
  - resolve:
  - cast: {id: oub2, card: Oubliette, controller: Alice}
  - resolve: oub2
  - effect: {id: lock, name: Lock, kind: life_cant_change, player: Bob, duration: end_of_turn, controller: Bob}
  - damage: {target: Bob, amount: 1}
  - cast: {id: tp, card: Teferi's Protection, controller: Alice}
  - resolve: tp
  - damage: {target: Alice, amount: 1}
  - leave_game: Carol
  - advance: {player: Alice, step: upkeep}
  - resolve:
  - resolve:
  - damage: {target: Bob, amount: 30}
expect:
  - event: {kind: no_targets}
  - event: {kind: turn_skipped, player: Carol}
  - event: {kind: wins, player: Alice}
  - event: {kind: discard, player: Alice}
  - event: {kind: counter_removed, objects: [wisp]}
`
