package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
)

// catalog is the message catalog, loaded once for the tests of the
// package (a load takes about 50 ms).
var catalog = sync.OnceValues(i18n.Load)

// runArgs runs the command line args (without the program's name), in
// the test's process as the binary would, and returns its exit code.
func runArgs(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) int {
	cat, err := catalog()
	if err != nil {
		panic(err)
	}
	if !hasIndexFlag(args) {
		if err := defaultBuilt(); err != nil {
			panic(err)
		}
	}
	return runCommand(ctx, cat, args, testGetenv(getenv), stdin, stdout, stderr)
}

// hasIndexFlag tells whether args name an index.
func hasIndexFlag(args []string) bool {
	for _, a := range args {
		if a == "--index" || a == "-index" || strings.HasPrefix(a, "--index=") || strings.HasPrefix(a, "-index=") {
			return true
		}
	}
	return false
}

// runCLI runs one command line of the bot, with an empty environment and
// stdin, and returns its exit code and output.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := runArgs(context.Background(), args, func(string) string { return "" }, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// TestCLIGolden runs the question commands on the default index, in the
// three languages, and those about what the seed documents alone answer
// (machine translations and their originals, the hints of an index
// without rules or cards) on an index of the embedded corpus alone
// ("--index SEED" in the golden files), and compares exit code, stdout and
// stderr with golden files under testdata/cli (rewrite them with -update).
func TestCLIGolden(t *testing.T) {
	t.Parallel()
	seed := seedIndex(t)
	tests := []struct {
		name string
		args []string
		code int
		seed bool // on the index of the embedded corpus alone
	}{
		{"ask-en-deathtouch", []string{"ask", "What does deathtouch do?"}, 0, false},
		{"ask-fr-counters", []string{"ask", "Les marqueurs restent-ils sur un permanent hors phase ?"}, 0, false},
		{"ask-en-aura", []string{"ask", "--k", "3", "Does an Aura stay on a creature that phases out?"}, 0, true},
		{"ask-ja-token", []string{"ask", "--k", "3", "フェイズ・アウトしたトークンはどうなる?"}, 0, false},
		{"ask-ja-original", []string{"ask", "--k", "2", "--original", "--lang", "en", "フェイズ・アウトしたトークンはどうなる?"}, 0, false},
		{"ask-fr-json", []string{"ask", "--json", "--k", "2", "jeton hors phase"}, 0, true},
		{"ask-en-mulligan", []string{"ask", "--k", "3", "How many cards do I draw after a mulligan?"}, 0, false},
		{"ask-fr-commander-life", []string{"ask", "--k", "3", "Combien de points de vie au départ en Commander ?"}, 0, false},
		{"ask-en-nothing", []string{"ask", "What is the price of a Black Lotus?"}, 1, false},
		{"ask-fr-nothing", []string{"ask", "Comment faire évoluer un Pokémon ?"}, 1, false},
		{"ask-ja-nothing", []string{"ask", "おすすめのデッキは?"}, 1, false},
		{"ask-too-long-fr", []string{"ask", "--lang", "fr", strings.Repeat("déphasage ", 100)}, 2, false},
		{"ask-missing-ja", []string{"ask", "--lang", "ja"}, 2, false},
		{"rule-old-fr", []string{"rule", "--lang", "fr", "502.15h"}, 0, false},
		{"rule-old-en-json", []string{"rule", "--json", "217.8d"}, 0, false},
		{"rule-unknown-ja", []string{"rule", "--lang", "ja", "999.99"}, 1, false},
		{"rule-no-cr-ja", []string{"rule", "--lang", "ja", "702.26"}, 1, true},
		{"rule-bad-fr", []string{"rule", "--lang", "fr", "abc"}, 2, false},
		{"card-en", []string{"card", "march of swirling mist"}, 0, false},
		{"card-fuzzy-fr", []string{"card", "--lang", "fr", "Unite the Coalitoin"}, 0, false},
		{"card-unknown-ja", []string{"card", "--lang", "ja", "存在しないカード"}, 1, false},
		{"card-no-cards-ja", []string{"card", "--lang", "ja", "Protection de Téfeiri"}, 1, true},
		{"unknown-command", []string{"frobnicate"}, 2, false},
		{"ask-index-missing", []string{"ask", "--index", "/nonexistent", "What does deathtouch do?"}, 2, false},
		{"ask-index-missing-ja", []string{"ask", "--index", "/nonexistent", "接死ってどういう能力？"}, 2, false},
		{"kb-build-missing-file-fr", []string{"kb", "build", "--lang", "fr", "--out", "/nonexistent/x", "--cr", "/nonexistent/cr.txt"}, 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args, shown := tt.args, tt.args
			if tt.seed {
				args = append([]string{tt.args[0], "--index", seed}, tt.args[1:]...)
				shown = append([]string{tt.args[0], "--index", "SEED"}, tt.args[1:]...)
			}
			code, out, errs := runCLI(t, args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tt.code, out, errs)
			}
			got := fmt.Sprintf("$ bot %s\nexit %d\n-- stdout --\n%s-- stderr --\n%s", strings.Join(shown, " "), code, out, errs)
			testutil.Golden(t, filepath.Join("testdata", "cli", tt.name+".txt"), []byte(got))
		})
	}
}
