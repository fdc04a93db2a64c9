package kb

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// reportedEnv names an evaluation file TestEvalReported runs instead of
// testdata/eval/reported.yaml: the command line's test of "bot report
// export" runs it on the file the export writes.
const reportedEnv = "ARBITER_EVAL_REPORTED"

// reportedFloor is the recall@5 under which the reported questions of the
// embedded corpus fail: they were answered wrongly when reported, and the
// ones answered well since must stay so.
const reportedFloor = 0.25

// TestEvalReported reads the evaluation cases of confirmed reports, in
// the format of dev.yaml (unknown fields refused), and runs those
// reported on the embedded corpus (their note says so) on it: each of
// their expected IDs must name a text of the corpus, and recall@5 must
// stay at or above reportedFloor. The rows reported on the full data are
// run by TestEvalFullData, with dev.yaml.
func TestEvalReported(t *testing.T) {
	path := filepath.Join("testdata", "eval", "reported.yaml")
	if p := os.Getenv(reportedEnv); p != "" {
		path = p
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var qs []fullQuestion
	if err := yaml.UnmarshalWithOptions(b, &qs, yaml.DisallowUnknownField()); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(qs) == 0 {
		t.Fatalf("%s holds no case", path)
	}
	ix := mustEmbedded(t)
	var embedded []fullQuestion
	for i, q := range qs {
		switch {
		case !slices.Contains([]string{"en", "fr", "ja"}, q.Lang):
			t.Errorf("row %d: language %q", i+1, q.Lang)
		case !slices.Contains([]string{"card", "rules", "keyword", "ygo", "none"}, q.Kind):
			t.Errorf("row %d: kind %q", i+1, q.Kind)
		case strings.TrimSpace(q.Q) == "" || len(q.Expect) == 0:
			t.Errorf("row %d: no question or nothing expected", i+1)
		case strings.Contains(q.Note, "the embedded corpus"):
			for _, want := range q.Expect {
				if !ix.holds(want) {
					t.Errorf("row %d %q expects %s, which the embedded corpus does not hold", i+1, q.Q, want)
				}
			}
			embedded = append(embedded, q)
		}
	}
	if len(embedded) == 0 {
		t.Logf("%d cases, none reported on the embedded corpus", len(qs))
		return
	}
	by := runEval(t, embedded, arbiterSearcher(ix), true)
	t.Logf("\n%s", formatScores("reported (embedded corpus)", by))
	if r := by["all"].recall5(); r < reportedFloor {
		t.Errorf("recall@5 %.2f of the reported questions, under the floor %.2f", r, reportedFloor)
	}
}
