package engine

import "testing"

// TestApplyBadActions checks that actions built by hand, not parsed, are
// refused with an error rather than a panic.
func TestApplyBadActions(t *testing.T) {
	sc, err := ParseScenario([]byte(twoPlayers + "permanents:\n  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice}\n"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		a    Action
		code string
	}{
		{"effect-without-effect", Action{Kind: "effect"}, CodeMissingKey},
		{"cast-without-spell", Action{Kind: "cast"}, CodeMissingKey},
		{"until-without-event", Action{Kind: "phase_out_until", Target: "bear", Until: "x"}, CodeBadValue},
		{"unknown-kind", Action{Kind: "explode"}, CodeIllegalAction},
		{"undefined-id", Action{Kind: "phase_out", IDs: []string{"ghost"}}, CodeUndefinedID},
		{"unknown-player", Action{Kind: "advance", Player: "Carol", Step: StepUntap}, CodeUnknownPlayer},
		{"bad-step", Action{Kind: "advance", Player: "Alice", Step: "lunch"}, CodeBadValue},
		{"attack-nobody", Action{Kind: "attack", Attackers: []string{"bear"}, Defender: "Zed"}, CodeUnknownPlayer},
		{"resolve-empty", Action{Kind: "resolve"}, CodeEmptyStack},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			next, evs, err := Apply(sc.Initial, tt.a)
			e, ok := AsError(err)
			if !ok || e.Code != tt.code {
				t.Fatalf("Apply error %v, want code %s", err, tt.code)
			}
			if evs != nil || next.Seq != sc.Initial.Seq {
				t.Errorf("a failed Apply returned events %v or a changed state", evs)
			}
		})
	}
}

// TestAttackAfterCombat refuses attackers once combat is over.
func TestAttackAfterCombat(t *testing.T) {
	sc, err := ParseScenario([]byte(twoPlayers + "start: {step: main2}\npermanents:\n  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice}\nactions:\n  - attack: {attackers: [bear], defender: Bob}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(sc); err == nil {
		t.Fatal("attack in the second main phase succeeded")
	} else if e, _ := AsError(err); e == nil || e.Code != CodeCantAttack || e.Rule != "508.1" || e.Line != 7 {
		t.Errorf("error %v, want cant_attack (508.1) at line 7", err)
	}
}
