package preset

import (
	"errors"
	"testing"

	"arbiter/engine"
)

func TestRun(t *testing.T) {
	tests := []struct {
		name    string
		preset  string
		unknown bool
	}{
		{"a preset", "oubliette", false},
		{"no such preset", "no-such-preset", true},
		{"a path", "../presets/oubliette", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Run(tt.preset)
			var unknown *UnknownError
			if got := errors.As(err, &unknown); got != tt.unknown {
				t.Fatalf("Run(%q) error %v, unknown %v, want unknown %v", tt.preset, err, got, tt.unknown)
			}
			if tt.unknown {
				if e, ok := engine.AsError(err); !ok || e.Code != engine.CodeUnknownPreset || unknown.Name != tt.preset {
					t.Errorf("error %#v does not carry the engine's code", err)
				}
				return
			}
			if err != nil || res == nil || res.Name != tt.preset || len(res.Events) == 0 {
				t.Fatalf("Run(%q) = %+v, %v", tt.preset, res, err)
			}
		})
	}
}
