package sim

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arbiter/engine"
)

// hostile are documents whose shape alone makes a YAML parser slow:
// each fits the size limit it is given with, and must be refused by
// that limit's shape, before any parser reads it.
func hostile() []struct {
	name string
	src  string
	lim  Limits
	what string
} {
	user, file := UserLimits(), FileLimits()
	var flatMap, flowMap strings.Builder
	for i := 0; flatMap.Len() < 60<<10; i++ {
		fmt.Fprintf(&flatMap, "k%d: 1\n", i)
	}
	flowMap.WriteString("life: {")
	for i := 0; flowMap.Len() < 60<<10; i++ {
		fmt.Fprintf(&flowMap, "p%d: 1, ", i)
	}
	flowMap.WriteString("}\n")
	var indented strings.Builder
	for i := 0; indented.Len() < 60<<10; i++ {
		indented.WriteString(strings.Repeat(" ", i) + "a:\n")
	}
	return []struct {
		name string
		src  string
		lim  Limits
		what string
	}{
		// What a 213-character share link holds: 65 KB, 21,800 levels.
		{"x: a: a: …, 21,800 levels", "x: " + strings.Repeat("a: ", 21800) + "b\n", user, "depth"},
		{"- - - …, 32,000 levels", strings.Repeat("- ", 32000) + "b\n", user, "depth"},
		{"- - - …, 1 MiB for the command line", strings.Repeat("- ", (1<<20)/2-2) + "\n", file, "depth"},
		{"x: a: a: …, 1 MiB for the command line", "x: " + strings.Repeat("a: ", (1<<20)/3-2) + "\n", file, "depth"},
		{"indentation, one level a line", indented.String(), user, "depth"},
		{"nested flow mappings", strings.Repeat("{a: ", 12000) + "b" + strings.Repeat("}", 12000) + "\n", user, "depth"},
		{"- [ - [ mixed", strings.Repeat("- [", 3000) + "\n", user, "depth"},
		{"a sequence of 16,000 entries", "actions:\n" + strings.Repeat("- 1\n", 16000), user, "nodes"},
		{"a mapping of 7,000 keys", flatMap.String(), user, "keys"},
		{"a flow mapping of 5,000 keys", flowMap.String(), user, "keys"},
	}
}

// TestHostileStructure: documents whose shape makes the YAML parser
// take seconds to minutes are refused by their shape, at once, with a
// *LimitError: the shape check says which bound, and Parse refuses them
// (most by their count of indicators, before any token is made); the
// scan stops when its context ends.
func TestHostileStructure(t *testing.T) {
	t.Parallel()
	for _, tt := range hostile() {
		t.Run(tt.name, func(t *testing.T) {
			if tt.lim.MaxBytes > 0 && len(tt.src) > tt.lim.MaxBytes {
				t.Fatalf("%d bytes: over the size limit, not a test of the shape", len(tt.src))
			}
			var le *LimitError
			if err := CheckStructure(context.Background(), []byte(tt.src), tt.lim); !errors.As(err, &le) || le.What != tt.what {
				t.Fatalf("shape check: %v, want the %s limit", err, tt.what)
			}
			done := make(chan error, 1)
			go func() {
				_, err := Parse([]byte(tt.src), nil, tt.lim)
				done <- err
			}()
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("still parsing after 10 s")
			}
			if !errors.As(err, &le) {
				t.Fatalf("Parse: %v, want a *LimitError", err)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := CheckStructure(ctx, []byte(strings.Repeat("a: 1\n", 10000)), UserLimits()); !errors.Is(err, context.Canceled) {
		t.Errorf("scan of a cancelled request: %v", err)
	}
}

// TestStructureKeepsScenarios: every scenario the bot knows (the presets,
// the test scenarios, one at the user limits of actions and permanents)
// passes the shape check with room to spare.
func TestStructureKeepsScenarios(t *testing.T) {
	t.Parallel()
	srcs := map[string][]byte{}
	for _, p := range engine.Presets() {
		src, err := engine.PresetSource(p.Name)
		if err != nil {
			t.Fatal(err)
		}
		srcs[p.Name] = src
	}
	for _, dir := range []string{"testdata", filepath.Join("..", "discord", "testdata", "scenarios"),
		filepath.Join("..", "render", "testdata"), filepath.Join("..", "..", "testdata", "simulate")} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			srcs[f] = b
		}
	}
	head := "game: mtg\nplayers: [Alice, Bob]\npermanents:\n" + perms(100) + "actions:\n"
	srcs["at the user limits"] = []byte(head + strings.Repeat("  - tap: [p0]\n", 200))
	// Half the bounds: the shape check keeps a margin of two at least.
	half := UserLimits()
	half.MaxDepth, half.MaxNodes, half.MaxKeys = half.MaxDepth/2, half.MaxNodes/2, half.MaxKeys/2
	for name, src := range srcs {
		if err := quickCheck(src, half); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if err := CheckStructure(context.Background(), src, half); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if len(srcs) < 30 {
		t.Errorf("only %d scenarios checked", len(srcs))
	}
}

// TestPlayBudget: a scenario waits for its turn of the gate within its
// budget, past which it is refused with the "time" limit; a request that
// ends stops its scenario with the request's error.
func TestPlayBudget(t *testing.T) {
	t.Parallel()
	src, err := engine.PresetSource("bolt-fizzles")
	if err != nil {
		t.Fatal(err)
	}
	lim := UserLimits()
	lim.Gate = NewGate(1)
	lim.Budget = 300 * time.Millisecond
	if _, r, err := Play(context.Background(), src, "", nil, lim); err != nil || r == nil {
		t.Fatalf("a scenario with the gate free: %v", err)
	}
	release, err := lim.Gate.enter(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, _, err = Play(context.Background(), src, "", nil, lim)
	var le *LimitError
	if !errors.As(err, &le) || le.What != "time" {
		t.Fatalf("with the gate taken: %v, want the time limit", err)
	}
	if d := time.Since(start); d < 250*time.Millisecond {
		t.Errorf("refused after %v, before its budget", d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Play(ctx, src, "", nil, lim); !errors.Is(err, context.Canceled) {
		t.Errorf("a request that ended: %v", err)
	}
	release()
	if _, _, err := Play(context.Background(), src, "", nil, lim); err != nil {
		t.Errorf("the gate free again: %v", err)
	}
}
