package engine

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestBadScenarios checks that invalid scenarios give the right code at the right line.
func TestBadScenarios(t *testing.T) {
	base := "game: mtg\nplayers: [Alice, Bob]\npermanents:\n  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice}\n"
	many := base + "actions:\n" + strings.Repeat("  - tap: [bear]\n", MaxActions+1)
	tests := []struct {
		name string
		src  string
		code string
		line int
	}{
		{"unknown-top-key", "game: mtg\nplayers: [Alice, Bob]\ncolour: blue\n", CodeUnknownKey, 3},
		{"unknown-permanent-key", base + "  - {id: x, colour: blue, controller: Bob}\n", CodeUnknownKey, 5},
		{"unknown-action", base + "actions:\n  - explode: [bear]\n", CodeUnknownKey, 6},
		{"undefined-id-in-action", base + "actions:\n  - phase_out: [efreet]\n", CodeUndefinedID, 6},
		{"used-before-defined", base + "actions:\n  - resolve: bolt\n  - cast: {id: bolt, targets: [bear], damage: 3}\n", CodeUndefinedID, 6},
		{"undefined-id-in-expect", base + "expect:\n  - phased_out: [ghost]\n", CodeUndefinedID, 6},
		{"undefined-attached-to", base + "  - {id: aura, subtypes: [Aura], controller: Alice, attached_to: nobody}\n", CodeUndefinedID, 5},
		{"wrong-type-power", "game: mtg\nplayers: [Alice, Bob]\npermanents:\n  - id: bear\n    controller: Alice\n    power: two\n", CodeWrongType, 6},
		{"wrong-type-players", "game: mtg\nplayers: {Alice: 1}\n", CodeWrongType, 2},
		{"bad-game", "game: chess\nplayers: [Alice, Bob]\n", CodeBadValue, 1},
		{"bad-duration", base + "effects:\n  - {id: e, kind: pump, target: bear, duration: forever}\n", CodeBadValue, 6},
		{"missing-controller", "game: mtg\nplayers: [Alice, Bob]\npermanents:\n  - {id: bear}\n", CodeMissingKey, 4},
		{"unknown-player", base + "actions:\n  - skip_untap: Carol\n", CodeUnknownPlayer, 6},
		{"one-player", "game: mtg\nplayers: [Alice]\n", CodeBadPlayers, 2},
		{"five-players", "game: mtg\nplayers: [A, B, C, D, E]\n", CodeBadPlayers, 2},
		{"duplicate-id", base + "  - {id: bear, controller: Bob}\n", CodeDuplicateID, 5},
		{"bad-id", base + "  - {id: \"a b\", controller: Bob}\n", CodeBadID, 5},
		{"cycle", "game: mtg\nplayers: [Alice, Bob]\npermanents:\n  - {id: a, subtypes: [Aura], controller: Alice, attached_to: b}\n  - {id: b, subtypes: [Aura], controller: Alice, attached_to: a}\n", CodeAttachCycle, 4},
		{"self-attached", "game: mtg\nplayers: [Alice, Bob]\npermanents:\n  - {id: a, subtypes: [Aura], controller: Alice, attached_to: a}\n", CodeAttachCycle, 4},
		{"too-many-actions", many, CodeTooManyActions, 6 + MaxActions},
		{"two-actions-in-one-entry", base + "actions:\n  - {tap: [bear], destroy: [bear]}\n", CodeBadValue, 6},
		{"syntax", "game: mtg\nplayers: [Alice, Bob\n", CodeSyntax, 0},
		{"ygo-key-in-mtg", base + "flow: tcg\n", CodeUnknownKey, 5},
		{"mtg-action-in-ygo", "game: ygo\nplayers: [Yugi, Kaiba]\nactions:\n  - tap: [x]\n", CodeUnknownKey, 4},
		{"bad-decision-id", "game: ygo\nplayers: [Yugi, Kaiba]\ndecisions:\n  Yugi: [nothing]\n", CodeUndefinedID, 4},
		{"nested-too-deep", "game: mtg\nplayers: " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + "\n", CodeSyntax, 2},
		{"too-large", "game: mtg\nplayers: [Alice, Bob]\nname: x" + strings.Repeat("x", 1<<20) + "\n", CodeSyntax, 1},
		{"alias", "game: mtg\nplayers: &p [Alice, Bob]\nname: *p\n", CodeBadValue, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseScenario([]byte(tt.src))
			if err == nil {
				t.Fatal("ParseScenario succeeded, want an error")
			}
			e, ok := AsError(err)
			if !ok {
				t.Fatalf("error %v is not an *Error", err)
			}
			if e.Code != tt.code {
				t.Errorf("code = %q, want %q (%v)", e.Code, tt.code, err)
			}
			if tt.line > 0 && e.Line != tt.line {
				t.Errorf("line = %d, want %d (%v)", e.Line, tt.line, err)
			}
			if tt.code == CodeSyntax && e.Line == 0 {
				t.Errorf("syntax error without a line: %v", err)
			}
		})
	}
}

// TestApplyErrors checks errors found while running, wrapped with the action.
func TestApplyErrors(t *testing.T) {
	base := "game: mtg\nplayers: [Alice, Bob]\npermanents:\n  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice, entered_this_turn: true}\n  - {id: sword, types: [artifact], subtypes: [Equipment], controller: Alice, attached_to: bear}\n"
	tests := []struct {
		name, src, code, action string
		line                    int
	}{
		{"sick-attacker", base + "actions:\n  - attack: {attackers: [bear], defender: Bob}\n", CodeCantAttack, "attack", 7},
		{"attach-cycle", base + "actions:\n  - attach: {bear: sword}\n", CodeAttachCycle, "attach", 7},
		{"empty-stack", base + "actions:\n  - resolve:\n", CodeEmptyStack, "resolve", 7},
		{"illegal-pass", "game: ygo\nplayers: [Yugi, Kaiba]\nphase_effects:\n  - {id: z, controller: Yugi, phase: end, mandatory: true}\ndecisions:\n  Yugi: [pass, pass]\nactions:\n  - enter_phase: end\n", CodeIllegalPass, "enter_phase", 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := ParseScenario([]byte(tt.src))
			if err != nil {
				t.Fatalf("ParseScenario: %v", err)
			}
			_, err = Run(sc)
			if err == nil {
				t.Fatal("Run succeeded, want an error")
			}
			if want := fmt.Sprintf("engine: apply %s: ", tt.action); !strings.HasPrefix(err.Error(), want) {
				t.Errorf("error %q does not start with %q", err, want)
			}
			var e *Error
			if !errors.As(err, &e) || e.Code != tt.code || e.Line != tt.line {
				t.Errorf("got %#v, want code %s line %d", e, tt.code, tt.line)
			}
		})
	}
}
