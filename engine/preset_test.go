package engine

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// TestPresets runs every preset: each must parse, run, and meet all its expectations.
func TestPresets(t *testing.T) {
	presets := Presets()
	files, err := presetFS.ReadDir("presets")
	if err != nil {
		t.Fatal(err)
	}
	if len(presets) != len(files) {
		t.Errorf("Presets() lists %d presets, presets/ holds %d files", len(presets), len(files))
	}
	for _, f := range files {
		name := strings.TrimSuffix(f.Name(), ".yaml")
		t.Run(name, func(t *testing.T) {
			sc, err := LoadPreset(name)
			if err != nil {
				t.Fatalf("LoadPreset: %v", err)
			}
			if sc.Name != name {
				t.Errorf("name = %q, want the file name %q", sc.Name, name)
			}
			for _, l := range []string{"en", "fr", "ja"} {
				if sc.Title[l] == "" {
					t.Errorf("title.%s missing", l)
				}
			}
			src, err := PresetSource(name)
			if err != nil {
				t.Fatal(err)
			}
			if again, err := ParseScenario(src); err != nil || again.Name != name {
				t.Errorf("PresetSource gives a scenario that does not parse as the preset: %v", err)
			}
			if _, ok := presetHeader(src); !ok {
				t.Error("game and title must come before players:, for Presets")
			}
			for _, p := range presets {
				if p.Name == name && (p.Game != sc.Game || !reflect.DeepEqual(p.Title, sc.Title)) {
					t.Errorf("Presets() says %s %v, the scenario %s %v", p.Game, p.Title, sc.Game, sc.Title)
				}
			}
			if len(sc.Expect) == 0 {
				t.Error("no expect: entries")
			}
			r, err := Run(sc)
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			for _, c := range r.Expectations {
				if !c.OK {
					t.Errorf("%s: failed (%s)", c.Check, c.Detail)
				}
			}
			if !r.OK {
				for _, e := range r.Events {
					t.Logf("%d t%d %s %s %s %v %s ind=%t %v", e.Seq, e.Turn, e.Player, e.Step, e.Kind, e.Objects, e.Rule, e.Indirect, e.Args)
				}
			}
			if len(r.Frames) != len(sc.Actions) {
				t.Errorf("%d frames for %d actions", len(r.Frames), len(sc.Actions))
			}
		})
	}
}

// BenchmarkPresets lists the presets.
func BenchmarkPresets(b *testing.B) {
	for b.Loop() {
		if len(Presets()) == 0 {
			b.Fatal("no presets")
		}
	}
}

// TestRequiredPresets checks that the presets other parts of the project link to exist.
func TestRequiredPresets(t *testing.T) {
	want := []string{"aura-phases-with-host", "counters-kept", "attacker-removed-from-combat", "for-as-long-as-ends",
		"control-expires-while-phased-out", "choices-remembered", "no-etb-ltb-triggers", "phased-in-can-attack",
		"giant-growth-expired", "giant-growth-same-turn", "token-persists", "skipped-untap-step",
		"legends-phase-in-together", "teferis-protection", "oubliette", "time-and-tide", "equipment-host-gone",
		"bolt-fizzles", "ygo-end-phase"}
	have := map[string]bool{}
	for _, p := range Presets() {
		have[p.Name] = true
	}
	for _, n := range want {
		if !have[n] {
			t.Errorf("preset %q missing", n)
		}
	}
}

// TestPresetSourceUnknown refuses a name that is no preset, and a path.
func TestPresetSourceUnknown(t *testing.T) {
	for _, name := range []string{"no-such-preset", "../presets/oubliette", ""} {
		if _, err := PresetSource(name); !errors.Is(err, ErrUnknownPreset) {
			t.Errorf("PresetSource(%q): %v, want ErrUnknownPreset", name, err)
		}
	}
}
