package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/cmd/bot/internal/testutil"
)

// coverageCards are real cards of the shared cards file: some the card
// language compiles, some it refuses at a sentence, some as a whole.
func coverageCards() []string {
	return []string{"Lightning Bolt", "Llanowar Elves", "Serra Angel", "Wrath of God", "Ravenous Chupacabra", "Oubliette",
		"Teferi's Protection", "Clone", "Ponder", "Cultivate", "Agonizing Remorse", "Distress", "Fire // Ice",
		"Academy at Tolaria West"}
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
		{"cards-coverage-no-source", []string{"cards", "coverage"}, 2},
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

// TestCardsCoverageOfIndex builds an index with a cards file and reads
// its cards back: the same counts as from the file, mana costs aside.
func TestCardsCoverageOfIndex(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "cards.jsonl")
	if err := os.WriteFile(file, testutil.CardLines(t, coverageCards()...), 0o644); err != nil {
		t.Fatal(err)
	}
	index := filepath.Join(dir, "index")
	if code, out, errs := runCLI(t, "kb", "build", "--quiet", "--out", index, "--cards", file); code != 0 {
		t.Fatalf("kb build: exit %d\n%s%s", code, out, errs)
	}
	counts := func(args ...string) map[string]any {
		code, out, errs := runCLI(t, append([]string{"cards", "coverage", "--json"}, args...)...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatal(err)
		}
		return map[string]any{"cards": v["cards"], "compiled": v["compiled"]}
	}
	fromFile, fromIndex := counts("--cards", file), counts("--index", index)
	if fmt.Sprint(fromFile) != fmt.Sprint(fromIndex) || fromFile["cards"] != float64(len(coverageCards())) {
		t.Errorf("from the file %v, from the index %v, want %d cards", fromFile, fromIndex, len(coverageCards()))
	}
}
