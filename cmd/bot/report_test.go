package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/goccy/go-yaml"

	"arbiter/cmd/bot/internal/report"
	"arbiter/cmd/bot/internal/store"
	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
)

// reportEnv is the environment of the report tests: a state directory of
// their own, and who runs the command.
func reportEnv(env map[string]string) func(string) string {
	return func(k string) string { return env[k] }
}

// runWith runs one command line with env and returns its exit code and
// output.
func runWith(t *testing.T, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := runArgs(context.Background(), args, reportEnv(env), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// today writes the dates of today in every language, and the paths of
// the test, as placeholders, so that the golden files hold still.
func today(t *testing.T, s string, paths map[string]string) string {
	t.Helper()
	cat := testutil.Catalog(t)
	iso := time.Now().UTC().Format("2006-01-02")
	for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
		s = strings.ReplaceAll(s, cat.Printer(l).Date(iso), "<today>")
	}
	s = strings.ReplaceAll(s, iso, "<today>")
	for p, name := range paths {
		s = strings.ReplaceAll(s, p, name)
	}
	return s
}

// TestReportCLIGolden files reports with "bot report" on an index of the
// embedded corpus alone ("--index SEED" in the golden files), in the three
// languages, reviews them (list, show, confirm,
// reject, comment, refusals, a decision reversed only with --overrule),
// asks a confirmed question again (its answer opens on the confirmed
// text) and a rejected one (unchanged), and exports the confirmed ones,
// and compares
// each command's exit code and output with testdata/cli/report/*.txt
// (rewrite them with -update).
func TestReportCLIGolden(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "reported.yaml")
	broken := filepath.Join(dir, "broken.yaml")
	if err := os.WriteFile(broken, []byte("# cases\n- {q: [not a row\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	player := map[string]string{"ARBITER_STATE": dir, "USER": "player"}
	judge := map[string]string{"ARBITER_STATE": dir, "USER": "judge"}
	steps := []struct {
		name string
		env  map[string]string
		args []string
		code int
	}{
		{"01-file-en", player, []string{"report", "Can I Shock a creature that phased out?", "--wrong", "It quotes the Aura ruling; the question is about targeting.", "--suggest", "wotc-2022-02-18-phasing-2"}, 0},
		{"02-file-fr-mentions", player, []string{"report", "--lang", "fr", "Peut-on cibler une créature hors phase avec une Foudre ?", "--wrong", "@everyone la réponse parle des Auras <@&123>\x07"}, 0},
		{"03-file-ja", player, []string{"report", "フェイジングを2つ持つパーマネントはどうなる？", "--wrong", "複数のフェイジングについての引用がありません。"}, 0},
		{"04-file-no-wrong", player, []string{"report", "--lang", "fr", "jeton hors phase"}, 2},
		{"05-file-too-long", player, []string{"report", "jeton hors phase", "--wrong", strings.Repeat("x", report.MaxWrong+1)}, 2},
		{"06-list", judge, []string{"report", "list"}, 0},
		{"07-show", judge, []string{"report", "show", "#2", "--lang", "fr"}, 0},
		{"08-show-unknown", judge, []string{"report", "show", "9"}, 1},
		{"09-show-not-a-number", judge, []string{"report", "show", "deux", "--lang", "fr"}, 2},
		{"10-confirm-unresolved", judge, []string{"report", "confirm", "2", "--expect", "the targeting ruling"}, 2},
		{"11-confirm-no-answer", judge, []string{"report", "confirm", "3", "--lang", "ja"}, 2},
		{"12-confirm", judge, []string{"report", "confirm", "1"}, 0},
		{"12a-ask-corrected", player, []string{"ask", "--k", "2", "can i shock a creature that phased out"}, 0},
		{"13-confirm-link-fr", judge, []string{"report", "confirm", "2", "--lang", "fr", "--expect", "https://arbiter.example/cards/March%20of%20Swirling%20Mist", "--note", "Toutes ses décisions"}, 0},
		{"14-comment", judge, []string{"report", "comment", "3", "Old rule 502.15p answers it <@1>."}, 0},
		{"15-confirm-old-rule-ja", judge, []string{"report", "confirm", "3", "--lang", "ja", "--expect", "502.15p"}, 0},
		{"16-file-rejected", player, []string{"report", "Does an Aura stay on a creature that phases out?", "--wrong", "It should quote the rules."}, 0},
		{"17-reject", judge, []string{"report", "reject", "4", "--note", "The ruling answers it."}, 0},
		{"17a-ask-rejected", player, []string{"ask", "--k", "1", "Does an Aura stay on a creature that phases out?"}, 0},
		{"18-list-all", judge, []string{"report", "list", "--status", "all"}, 0},
		{"19-show-confirmed-ja", judge, []string{"report", "show", "3", "--lang", "ja"}, 0},
		{"20-export", judge, []string{"report", "export"}, 0},
		{"21-export-out", judge, []string{"report", "export", "--out", out}, 0},
		{"22-export-out-again", judge, []string{"report", "export", "--out", out, "--lang", "fr"}, 0},
		{"23-export-broken-file", judge, []string{"report", "export", "--out", broken}, 2},
		{"24-list-bad-status", judge, []string{"report", "list", "--status", "pending"}, 2},
		// A decision is reversed only on purpose: a confirmed report is
		// an evaluation case.
		{"25-reject-confirmed", judge, []string{"report", "reject", "1"}, 1},
		{"26-reject-confirmed-fr", judge, []string{"report", "reject", "2", "--lang", "fr"}, 1},
		{"27-confirm-rejected-ja", judge, []string{"report", "confirm", "4", "--lang", "ja"}, 1},
		{"28-reject-confirmed-overrule", judge, []string{"report", "reject", "1", "--overrule", "--note", "The Aura ruling answers it after all."}, 0},
		{"29-list-confirmed", judge, []string{"report", "list", "--status", "confirmed"}, 0},
	}
	// The exported cases are the evaluation cases of the embedded corpus
	// (kb/testdata/eval/reported.yaml): the reports are filed against it.
	seed := seedIndex(t)
	paths := map[string]string{out: "<dir>/reported.yaml", broken: "<dir>/broken.yaml", seed: "SEED", dir: "<dir>"}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			st.args = append(st.args, "--index", seed)
			code, stdout, stderr := runWith(t, st.env, st.args...)
			if code != st.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, st.code, stdout, stderr)
			}
			args := strings.Join(st.args, " ")
			for p, name := range paths {
				args = strings.ReplaceAll(args, p, name)
			}
			if len(args) > 200 {
				args = args[:200] + "…"
			}
			got := fmt.Sprintf("$ bot %s\nexit %d\n-- stdout --\n%s-- stderr --\n%s", args, code, stdout, stderr)
			testutil.Golden(t, filepath.Join("testdata", "cli", "report", st.name+".txt"), []byte(today(t, got, paths)))
		})
	}
	// What the mentions left of the French report.
	code, stdout, _ := runWith(t, judge, "report", "show", "2", "--json", "--index", seed)
	var r report.Report
	if err := json.Unmarshal([]byte(stdout), &r); code != 0 || err != nil {
		t.Fatalf("show --json: exit %d, %v\n%s", code, err, stdout)
	}
	if r.Wrong != "la réponse parle des Auras" || r.Lang != "fr" || r.Reporter != "cli:player" || r.Source != "cli" ||
		r.Decision == nil || r.Decision.Reviewer != "cli:judge" || len(r.Decision.Expected) != 10 {
		t.Errorf("report 2: %+v %+v", r, r.Decision)
	}
	checkExport(t, out, 3)
}

// evalCase is a row of an evaluation file as package kb reads it
// (kb/eval_test.go's fullQuestion): no other field is allowed.
type evalCase struct {
	Q      string   `yaml:"q"`
	Lang   string   `yaml:"lang"`
	Kind   string   `yaml:"kind"`
	Name   string   `yaml:"name"`
	Expect []string `yaml:"expect"`
	Note   string   `yaml:"note"`
}

// checkExport reads an exported file as the kb evaluation does, then runs
// the kb evaluation of reported cases on it (go test arbiter/kb, the file
// named by ARBITER_EVAL_REPORTED), unless the tests are short.
func checkExport(t *testing.T, path string, n int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cases []evalCase
	if err := yaml.UnmarshalWithOptions(b, &cases, yaml.DisallowUnknownField()); err != nil {
		t.Fatalf("the export does not read as an evaluation file: %v\n%s", err, b)
	}
	if len(cases) != n {
		t.Fatalf("%d cases exported, want %d:\n%s", len(cases), n, b)
	}
	ix := testutil.EmbeddedIndex(t)
	for _, c := range cases {
		for _, id := range c.Expect {
			if _, ok := ix.Doc(context.Background(), id); !ok {
				t.Errorf("%q expects %s, which the embedded corpus does not hold", c.Q, id)
			}
		}
	}
	if testing.Short() {
		return
	}
	cmd := exec.Command("go", "test", "-count=1", "-run", "^TestEvalReported$", "-v", "arbiter/kb")
	cmd.Env = append(os.Environ(), "ARBITER_EVAL_REPORTED="+path)
	got, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the kb evaluation of the export failed: %v\n%s", err, got)
	}
	if want := fmt.Sprintf("all   %d questions", n); !strings.Contains(string(got), want) {
		t.Errorf("the kb evaluation did not run the %d exported cases:\n%s", n, got)
	}
}

// TestReportCLIPostgres: the same verbs on the PostgreSQL store of
// DATABASE_URL, whose limit of reports every process shares: a flood of
// reports from one user is throttled across command lines.
func TestReportCLIPostgres(t *testing.T) {
	url := testutil.PostgresURL(t)
	env := map[string]string{"DATABASE_URL": url, "USER": "flooder"}
	for i := 1; i <= 6; i++ {
		code, stdout, stderr := runWith(t, env, "report", "jeton hors phase", "--lang", "fr", "--wrong", fmt.Sprintf("réponse %d", i), "--suggest", "mtgwiki-ja-phase-out-zone")
		switch {
		case i <= 5 && (code != 0 || !strings.Contains(stdout, fmt.Sprintf("#%d", i))):
			t.Fatalf("report %d: exit %d\n%s%s", i, code, stdout, stderr)
		case i == 6 && (code != 1 || !strings.Contains(stderr, "plusieurs signalements en peu de temps")):
			t.Fatalf("report 6 of a flood: exit %d\n%s%s", code, stdout, stderr)
		}
	}
	env["USER"] = "judge"
	if code, stdout, stderr := runWith(t, env, "report", "confirm", "5"); code != 0 || !strings.Contains(stdout, "mtgwiki-ja-phase-out-zone") {
		t.Fatalf("confirm: exit %d\n%s%s", code, stdout, stderr)
	}
	if code, stdout, _ := runWith(t, env, "report", "list"); code != 0 || !strings.Contains(stdout, "4 reports open") {
		t.Errorf("list: exit %d\n%s", code, stdout)
	}
	// --json prints one document, even for every status at once.
	for _, st := range []string{"all", "open", "confirmed"} {
		code, stdout, _ := runWith(t, env, "report", "list", "--status", st, "--json")
		dec := json.NewDecoder(strings.NewReader(stdout))
		var doc struct {
			Status  string `json:"status"`
			Reports []struct {
				ID     int64  `json:"id"`
				Status string `json:"status"`
			} `json:"reports"`
		}
		if err := dec.Decode(&doc); code != 0 || err != nil {
			t.Fatalf("list --status %s --json: exit %d, %v\n%s", st, code, err, stdout)
		}
		if dec.More() {
			t.Errorf("list --status %s --json prints more than one JSON document:\n%s", st, stdout)
		}
		want := map[string]int{"all": 5, "open": 4, "confirmed": 1}[st]
		if doc.Status != st || len(doc.Reports) != want {
			t.Errorf("list --status %s --json: status %q, %d reports, want %d", st, doc.Status, len(doc.Reports), want)
		}
	}
	code, stdout, stderr := runWith(t, env, "report", "export")
	if code != 0 || !strings.Contains(stdout, `{q: "jeton hors phase", lang: fr, kind: rules, expect: ["mtgwiki-ja-phase-out-zone"], note: "report #5`) {
		t.Errorf("export: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestReportStateBusy: the embedded store of a running bot is its own;
// the command line says so, and how to review instead.
func TestReportStateBusy(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("waits for the file's lock")
	}
	dir := t.TempDir()
	b, err := store.OpenBolt(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	code, _, stderr := runWith(t, map[string]string{"ARBITER_STATE": dir}, "report", "list")
	if code != 1 || !strings.Contains(stderr, "is in use by the running bot") || !strings.Contains(stderr, "/reports") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}
