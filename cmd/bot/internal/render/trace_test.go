package render

import (
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
