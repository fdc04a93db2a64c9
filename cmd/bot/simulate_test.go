package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"arbiter/cmd/bot/internal/sim"
	"arbiter/cmd/bot/internal/testutil"
	"arbiter/engine"
	"arbiter/i18n"
	"arbiter/kb"
)

// TestSimulateGolden renders every preset in English, French and Japanese
// and compares the traces with testdata/simulate/<preset>.<lang>.txt.
// Run with -update to rewrite them.
func TestSimulateGolden(t *testing.T) {
	t.Parallel()
	for _, ps := range engine.Presets() {
		for _, lang := range []string{"en", "fr", "ja"} {
			t.Run(ps.Name+"/"+lang, func(t *testing.T) {
				code, out, errOut := runCLI(t, "simulate", ps.Name, "--lang", lang)
				if code != 0 {
					t.Fatalf("exit %d, stderr %q", code, errOut)
				}
				if strings.Contains(out, "!engine.") || strings.Contains(out, "%!") {
					t.Errorf("trace has a missing message or a bad argument:\n%s", out)
				}
				testutil.Golden(t, filepath.Join("testdata", "simulate", ps.Name+"."+lang+".txt"), []byte(out))
			})
		}
	}
}

// TestSimulateJSON checks the --json output against the shape cli.md fixes.
func TestSimulateJSON(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCLI(t, "simulate", "--json", "bolt-fizzles", "--lang", "ja")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &top); err != nil {
		t.Fatalf("not one JSON object: %v\n%s", err, out)
	}
	if got, want := sortedJSONKeys(top), "events,expectations,lang,ok,scenario"; got != want {
		t.Errorf("top-level keys %s, want %s", got, want)
	}
	var doc struct {
		Scenario string
		Lang     string
		OK       bool
		Events   []map[string]json.RawMessage
		Expect   []map[string]json.RawMessage `json:"expectations"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Scenario != "bolt-fizzles" || doc.Lang != "ja" || !doc.OK {
		t.Errorf("scenario %q lang %q ok %t", doc.Scenario, doc.Lang, doc.OK)
	}
	if len(doc.Events) == 0 || len(doc.Expect) == 0 {
		t.Fatalf("%d events, %d expectations", len(doc.Events), len(doc.Expect))
	}
	fizzled := false
	for _, ev := range doc.Events {
		if got, want := sortedJSONKeys(ev), "kind,objects,player,rule,seq,step,text,turn"; got != want {
			t.Fatalf("event keys %s, want %s", got, want)
		}
		var kind, text string
		json.Unmarshal(ev["kind"], &kind)
		json.Unmarshal(ev["text"], &text)
		if text == "" || strings.HasPrefix(text, "!") {
			t.Errorf("event %s has text %q", kind, text)
		}
		if kind == "fizzle" {
			fizzled = true
			if !strings.Contains(text, "稲妻") && !strings.Contains(text, "Lightning Bolt") {
				t.Errorf("fizzle text %q does not name the spell", text)
			}
		}
	}
	if !fizzled {
		t.Error("no fizzle event")
	}
	for _, c := range doc.Expect {
		if got, want := sortedJSONKeys(c), "check,detail,ok"; got != want {
			t.Errorf("expectation keys %s, want %s", got, want)
		}
	}
}

func sortedJSONKeys(m map[string]json.RawMessage) string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ",")
}

// TestSimulateExitCodes checks exit codes and the localized error messages.
func TestSimulateExitCodes(t *testing.T) {
	t.Parallel()
	failing := filepath.Join("testdata", "simulate", "failing.yaml")
	invalid := filepath.Join("testdata", "simulate", "invalid.yaml")
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string // a substring of stdout
		stderr string // a substring of stderr
	}{
		{"preset-passes", []string{"simulate", "oubliette", "--lang", "en"}, 0, "Oubliette", ""},
		{"expectation-fails", []string{"simulate", failing, "--lang", "en"}, 1, "✗ pt: {efreet: 4/1} — found: Rainbow Efreet is 3/1", ""},
		{"expectation-fails-ja", []string{"simulate", failing, "--lang", "ja"}, 1, "実際：虹のイフリート（Rainbow Efreet）は3/1", ""},
		{"expectation-fails-json", []string{"simulate", failing, "--json"}, 1, `"ok":false`, ""},
		{"invalid-scenario-fr", []string{"simulate", invalid, "--lang", "fr"}, 2, "", invalid + ", ligne 6\u00a0: scénario invalide\u00a0: «\u00a0efret\u00a0» n’est pas défini à cet endroit"},
		{"invalid-scenario-ja", []string{"simulate", invalid, "--lang", "ja"}, 2, "", "6行目"},
		{"missing-file", []string{"simulate", "testdata/simulate/none.yaml", "--lang", "en"}, 2, "", "cannot read testdata/simulate/none.yaml"},
		{"unknown-preset", []string{"simulate", "no-such-preset", "--lang", "en"}, 2, "", `there is no preset named "no-such-preset"`},
		{"no-argument", []string{"simulate"}, 2, "", ""},
		{"two-arguments", []string{"simulate", "oubliette", "bolt-fizzles"}, 2, "", ""},
		{"bad-flag", []string{"simulate", "--colour", "oubliette"}, 2, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			if !strings.Contains(out, tt.stdout) {
				t.Errorf("stdout lacks %q:\n%s", tt.stdout, out)
			}
			if !strings.Contains(errOut, tt.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tt.stderr, errOut)
			}
			if tt.code == 2 && strings.TrimSpace(errOut) == "" {
				t.Error("exit 2 with nothing on stderr")
			}
		})
	}
}

// TestScenariosCommand lists the presets in each language.
func TestScenariosCommand(t *testing.T) {
	t.Parallel()
	presets := engine.Presets()
	cat, err := catalog()
	if err != nil {
		t.Fatal(err)
	}
	e := &env{ctx: context.Background(), getenv: testGetenv(os.Getenv), stderr: io.Discard, cat: cat}
	cards, _, err := e.scenarioCards(cat.Printer(i18n.EN), "", false)
	if err != nil {
		t.Fatal(err)
	}
	for i := range presets {
		presets[i].Title = sim.LocalizeTitle(context.Background(), cards, presets[i].Title)
	}
	for _, lang := range []string{"en", "fr", "ja"} {
		t.Run(lang, func(t *testing.T) {
			code, out, errOut := runCLI(t, "scenarios", "--lang", lang)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if len(lines) != len(presets) {
				t.Fatalf("%d lines for %d presets", len(lines), len(presets))
			}
			for i, ps := range presets {
				if !strings.HasPrefix(lines[i], ps.Name+" — ") || !strings.Contains(lines[i], ps.Title[lang]) {
					t.Errorf("line %q, want %s with its %s title", lines[i], ps.Name, lang)
				}
			}
		})
	}
	code, out, _ := runCLI(t, "scenarios", "--json", "--lang", "fr")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var doc scenariosJSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not one JSON object: %v", err)
	}
	if doc.Lang != "fr" || len(doc.Scenarios) != len(presets) {
		t.Fatalf("lang %q, %d scenarios for %d presets", doc.Lang, len(doc.Scenarios), len(presets))
	}
	for i, s := range doc.Scenarios {
		if s.Name != presets[i].Name || s.Title != presets[i].Title["fr"] || len(s.Titles) != 3 || (s.Game != "mtg" && s.Game != "ygo") {
			t.Errorf("bad entry %+v", s)
		}
	}
}

// TestSimulateRealCards plays testdata/simulate/real-cards.yaml, whose
// cards are given by their French names, on an index built with those
// cards and on the default index: they behave as their texts say and are
// named in each language with the English name beside. On an index
// without card data (the embedded corpus alone) it is refused, naming the
// line and the card.
func TestSimulateRealCards(t *testing.T) {
	t.Parallel()
	lines := testutil.CardLines(t, "Serra Angel", "Grizzly Bears", "Lightning Bolt", "March of Swirling Mist")
	c := kb.NewCollection()
	if err := c.AddCards("cards.jsonl", bytes.NewReader(lines)); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "index")
	if _, err := kb.Build(context.Background(), dir, c, ""); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join("testdata", "simulate", "real-cards.yaml")
	for lang, want := range map[string]string{
		"fr": "Grizzlis (Grizzly Bears) passe hors phase.",
		"ja": "Bobは灰色熊（Grizzly Bears）を対象として稲妻（Lightning Bolt）を唱える。",
		"en": "Lightning Bolt doesn't resolve: all its targets are illegal.",
	} {
		for _, index := range [][]string{{"--index", dir}, nil} {
			code, out, errOut := runCLI(t, append(append([]string{"simulate"}, index...), file, "--lang", lang)...)
			if code != 0 || !strings.Contains(out, want) {
				t.Errorf("%s %v: exit %d, stderr %q, output lacks %q:\n%s", lang, index, code, errOut, want, out)
			}
		}
	}
	code, _, errOut := runCLI(t, "simulate", "--index", seedIndex(t), file, "--lang", "fr")
	if code != 2 || !strings.Contains(errOut, "real-cards.yaml, ligne 11\u00a0: scénario invalide\u00a0: aucune carte nommée «\u00a0Ange de Serra\u00a0» dans les données de cartes") {
		t.Errorf("without card data: exit %d, stderr %q", code, errOut)
	}
}
