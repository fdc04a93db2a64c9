package engine

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
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
			keys = append(keys, "engine.event."+k)
		}
	}
	for _, r := range StateBasedResults() {
		keys = append(keys, "engine.event.state_based."+r)
	}
	for _, c := range ChoiceKinds() {
		keys = append(keys, "engine.event.choice."+c, "engine.event.choice."+c+".default")
	}
	for _, a := range []ActionKind{ActionBlock, ActionAttack, ActionCast, ActionActivate} {
		keys = append(keys, "engine.event.refused."+string(a))
	}
	keys = append(keys, "engine.event.activate.notarget", "engine.event.prevented.nosource")
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
