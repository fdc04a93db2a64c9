package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/engine"
	"arbiter/i18n"
)

// TestEngineMessages checks that every value the engine can produce has a
// message in every language: event kinds and their variants, state-based
// results, steps and phases, zones, trigger conditions, the Yu-Gi-Oh!
// procedure references and the error codes.
func TestEngineMessages(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, k := range engine.EventKinds() {
		if k != engine.EventStateBased {
			keys = append(keys, "engine.event."+string(k))
		}
	}
	for _, k := range engine.IndirectKinds() {
		keys = append(keys, "engine.event."+string(k)+".indirect")
	}
	keys = append(keys, "engine.event.phase_in.tapped", "engine.event.phase_in_blocked.until",
		"engine.event.phase_in_blocked.indirect", "engine.event.cast.notarget", "engine.event.damage.nosource",
		"engine.event.effect_begins.none", "engine.event.effect_ends.phased", "engine.event.unaffected.gone",
		"engine.event.leaves_game.none")
	for _, r := range engine.StateBasedResults() {
		keys = append(keys, "engine.event.state_based."+r)
	}
	for _, s := range engine.Steps() {
		keys = append(keys, "engine.step."+string(s))
	}
	for _, s := range engine.Phases() {
		keys = append(keys, "engine.step.ygo."+string(s))
	}
	for _, z := range engine.Zones() {
		keys = append(keys, "engine.zone."+z)
	}
	for _, c := range engine.TriggerConditions() {
		keys = append(keys, "engine.trigger."+c)
	}
	for _, r := range engine.YGORules() {
		keys = append(keys, "engine.rule."+r)
	}
	for _, c := range engine.ErrorCodes() {
		keys = append(keys, "engine.err."+c)
	}
	for _, c := range engine.FindingCodes() {
		switch c {
		case "effect_active":
			keys = append(keys, "engine.found.effect_active.true", "engine.found.effect_active.false")
		default:
			keys = append(keys, "engine.found."+c)
		}
	}
	for _, r := range engine.AttackReasons() {
		keys = append(keys, "engine.reason."+r)
	}
	for _, s := range []string{"phased_in", "phased_out", "phased_out_indirectly"} {
		keys = append(keys, "engine.state."+s)
	}
	for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
		p := cat.Printer(l)
		for _, k := range keys {
			if !p.Has(i18n.Key(k)) {
				t.Errorf("%s has no message for %s", l, k)
			}
		}
	}
}

// TestActionText describes every action of every preset in the three
// languages: each has a message, takes its values, and names no raw key.
func TestActionText(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[engine.ActionKind]bool{}
	for _, ps := range engine.Presets() {
		sc, r, err := engine.RunPreset(ps.Name, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
			p := cat.Printer(l)
			for _, a := range sc.Actions {
				seen[a.Kind] = true
				got := ActionText(p, r, a)
				if got == "" || strings.Contains(got, "!engine.") || strings.Contains(got, "%!") || strings.Contains(got, a.Text) {
					t.Errorf("%s %s: %q describes %q badly", ps.Name, l, got, a.Text)
				}
			}
		}
	}
	for _, k := range engine.ActionKinds() {
		key := i18n.Key("engine.action." + string(k))
		for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
			if !cat.Printer(l).Has(key) {
				t.Errorf("%s has no message %s", l, key)
			}
		}
	}
	t.Logf("action kinds the presets use: %d of %d", len(seen), len(engine.ActionKinds()))
}

// TestEventTextNamesCards names a real card in the reader's language with
// the English name beside, and leaves English alone.
func TestEventTextNamesCards(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	_, r, err := engine.RunPreset("bolt-fizzles", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r.LocalNames["efreet"] = map[string]string{"fr": "Efrit de l'arc-en-ciel", "ja": "虹色のイフリート"}
	var ev engine.Event
	for _, e := range r.Events {
		if e.Kind == engine.EventPhaseOut {
			ev = e
		}
	}
	for l, want := range map[i18n.Lang]string{
		i18n.EN: "Rainbow Efreet phases out.",
		i18n.FR: "Efrit de l'arc-en-ciel (Rainbow Efreet) passe hors phase.",
		i18n.JA: "虹色のイフリート（Rainbow Efreet）がフェイズ・アウトする。",
	} {
		if got := EventText(cat.Printer(l), r, ev); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
}

// TestActionTextEveryKind describes actions of every kind a scenario can
// write (testdata/actions.yaml), in the three languages.
func TestActionTextEveryKind(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join("testdata", "actions.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := engine.ParseScenario(src)
	if err != nil {
		t.Fatal(err)
	}
	r := &engine.Result{Game: sc.Game, Names: sc.Initial.Names()}
	for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
		p := cat.Printer(l)
		for _, a := range sc.Actions {
			got := ActionText(p, r, a)
			if got == "" || strings.Contains(got, "!engine.") || strings.Contains(got, "%!") || strings.Contains(got, a.Text) {
				t.Errorf("%s line %d: %q describes %q badly", l, a.Line, got, a.Text)
			}
			if testing.Verbose() {
				t.Logf("%s", got)
			}
		}
	}
}
