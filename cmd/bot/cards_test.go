package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/engine/cardlang"
	"arbiter/kb"
)

// coverageCards are real cards of the shared cards file: some the card
// language compiles, some it refuses at a sentence, some as a whole.
func coverageCards() []string {
	return []string{"Lightning Bolt", "Llanowar Elves", "Serra Angel", "Wrath of God", "Ravenous Chupacabra", "Oubliette",
		"Teferi's Protection", "Clone", "Ponder", "Cultivate", "Agonizing Remorse", "Distress", "Fire // Ice",
		"Academy at Tolaria West", "Arboretum Elemental"}
}

// TestCardsCoverageDefault runs "bot cards coverage" on the default
// index: every card of its cards file is compiled (the counts are the
// card language's, which grows: they are not golden).
func TestCardsCoverageDefault(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI(t, "cards", "coverage", "--top", "3")
	if code != 0 || !strings.Contains(out, "Card language coverage: 23,738 cards") || !strings.Contains(out, "compiled fully: ") {
		t.Errorf("exit %d, stderr %q:\n%s", code, errs, out)
	}
}

// TestCardsCoverage runs "bot cards coverage" on a cards file in the
// three languages and as JSON, and compares with golden files.
func TestCardsCoverage(t *testing.T) {
	file := filepath.Join(t.TempDir(), "cards.jsonl")
	if err := os.WriteFile(file, testutil.CardLines(t, coverageCards()...), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		args []string
		code int
	}{
		{"cards-coverage-en", []string{"cards", "coverage", "--cards", file}, 0},
		{"cards-coverage-fr", []string{"cards", "coverage", "--lang", "fr", "--cards", file, "--top", "2"}, 0},
		{"cards-coverage-ja", []string{"cards", "coverage", "--lang", "ja", "--cards", file}, 0},
		{"cards-coverage-json", []string{"cards", "coverage", "--json", "--cards", file}, 0},
		{"cards-coverage-usage-fr", []string{"cards", "--lang", "fr"}, 2},
		{"cards-coverage-two-sources", []string{"cards", "coverage", "--cards", file, "--index", "/nonexistent"}, 2},
		{"cards-coverage-missing-file-ja", []string{"cards", "coverage", "--lang", "ja", "--cards", "/nonexistent/cards.jsonl"}, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCLI(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tt.code, out, errs)
			}
			cmd := strings.ReplaceAll(strings.Join(tt.args, " "), file, "cards.jsonl")
			got := fmt.Sprintf("$ bot %s\nexit %d\n-- stdout --\n%s-- stderr --\n%s", cmd, code, out, errs)
			testutil.Golden(t, filepath.Join("testdata", "cli", tt.name+".txt"), []byte(got))
		})
	}
}

// TestCardsCoverageOfIndex reads the cards of an index of a cards file
// (in memory, the cards alone): the same counts as from the file, mana
// costs included.
func TestCardsCoverageOfIndex(t *testing.T) {
	lines := testutil.CardLines(t, coverageCards()...)
	file := filepath.Join(t.TempDir(), "cards.jsonl")
	if err := os.WriteFile(file, lines, 0o644); err != nil {
		t.Fatal(err)
	}
	fromFile, err := sourcesOfFile(file)
	if err != nil {
		t.Fatal(err)
	}
	c := kb.NewCollection()
	if err := c.AddCards("cards.jsonl", bytes.NewReader(lines)); err != nil {
		t.Fatal(err)
	}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
	ix, err := kb.NewMem(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	fromIndex, err := sourcesOfIndex(context.Background(), ix)
	if err != nil {
		t.Fatal(err)
	}
	cp := cardlang.NewCompiler()
	a, b := cp.Coverage(slices.Values(fromFile)), cp.Coverage(slices.Values(fromIndex))
	if a.Cards != len(coverageCards()) || a.Cards != b.Cards || a.Compiled != b.Compiled || !reflect.DeepEqual(a.Sentences, b.Sentences) {
		t.Errorf("from the file %+v\nfrom the index %+v", a, b)
	}
}
