package kb

import (
	"context"
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestEmbeddedModel(t *testing.T) {
	t.Parallel()
	m := DefaultModel()
	if m.W[fCoverage] <= 0 {
		t.Errorf("coverage weight %v: a text covering more of the question must score more", m.W[fCoverage])
	}
	// The fitted decision to answer is recorded; the model ships without
	// its threshold (ranktrain -abstain), so it answers whatever it finds.
	if m.Abstain.Threshold < 0 || m.Abstain.Threshold >= 1 {
		t.Errorf("abstention threshold %v is not a probability", m.Abstain.Threshold)
	}
	if f, ok := m.Trained["fitted_threshold"].(float64); !ok || f <= 0 || f >= 1 {
		t.Errorf("fitted threshold %v is not recorded as a probability", m.Trained["fitted_threshold"])
	}
	// The file is what MarshalJSON writes of the model it holds.
	b, err := m.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	again, err := ParseModel(b)
	if err != nil {
		t.Fatal(err)
	}
	if again.W != m.W || again.Abstain != m.Abstain || !reflect.DeepEqual(again.Trees, m.Trees) {
		t.Errorf("the model changed through its file: %+v, then %+v", m, again)
	}
}

func TestParseModelRefuses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, file, want string }{
		{"unknown feature", `{"version": 1, "weights": {"coverage": 1, "popularity": 2}}`, `unknown feature "popularity"`},
		{"other version", `{"version": 2, "weights": {}}`, "version 2"},
		{"unknown key", `{"version": 1, "weights": {}, "bias": 3}`, "unknown field"},
		{"not JSON", `weights: {coverage: 1}`, "ranking model"},
		{"empty", ``, "ranking model"},
		{"tree loops", `{"version": 1, "weights": {}, "trees": [[{"f": "share", "t": 0.5, "l": 0, "r": 1}, {"v": 1}]]}`, "must come after it"},
		{"tree child outside", `{"version": 1, "weights": {}, "trees": [[{"f": "share", "t": 0.5, "l": 1, "r": 7}, {"v": 1}]]}`, "must come after it"},
		{"tree unknown feature", `{"version": 1, "weights": {}, "trees": [[{"f": "price", "t": 0.5, "l": 1, "r": 2}, {"v": 1}, {"v": 2}]]}`, `unknown feature "price"`},
		{"leaf with children", `{"version": 1, "weights": {}, "trees": [[{"v": 1, "l": 1}, {"v": 2}]]}`, "a leaf with children"},
		{"empty tree", `{"version": 1, "weights": {}, "trees": [[]]}`, "no nodes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseModel([]byte(tc.file))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ParseModel(%s) = %v, want an error with %q", tc.file, err, tc.want)
			}
		})
	}
}

func TestAnswers(t *testing.T) {
	t.Parallel()
	m := &Model{Abstain: Abstention{Bias: -2, Share: 4, Unnamed: -4, Threshold: 0.5}}
	for _, tc := range []struct {
		name   string
		ranked []scored
		want   bool
	}{
		{"nothing", nil, false},
		{"covers most", []scored{{share: 0.9}}, true},
		{"covers little", []scored{{share: 0.2}}, false},
		{"covers most, names nothing", []scored{{share: 0.9, unnamed: true}}, false},
		{"named by number", []scored{{share: 0, named: true}}, true},
	} {
		if got := m.answers(tc.ranked); got != tc.want {
			t.Errorf("%s: answers = %v, want %v", tc.name, got, tc.want)
		}
	}
	never := &Model{}
	if !never.answers([]scored{{share: 0}}) {
		t.Error("a model with no threshold abstained")
	}
}

func TestRuleDepth(t *testing.T) {
	t.Parallel()
	for n, want := range map[string]int{"7": 1, "702": 2, "702.26": 3, "702.26b": 4} {
		if got := ruleDepth(n); got != want {
			t.Errorf("ruleDepth(%q) = %d, want %d", n, got, want)
		}
	}
}

// FuzzFeatures describes the candidates of arbitrary questions on the
// embedded corpus: every feature is a finite number in its range, and
// ranking the same prepared question twice gives the same hits.
func FuzzFeatures(f *testing.F) {
	ix := mustEmbedded(f)
	for _, s := range []string{"can an aura phase out?", "une aura peut-elle être mise hors phase ?", "フェイズアウトしたオーラはどうなる？",
		"rule 702.26b", "Teferi's Protection phasing tokens", "\xff\xfe", "phasing phasing phasing phasing phasing"} {
		f.Add(s, "")
	}
	f.Fuzz(func(t *testing.T, text, lang string) {
		p, err := ix.Prepare(context.Background(), Query{Text: text, Lang: lang})
		if err != nil {
			return // refused questions are FuzzSearch's
		}
		for _, c := range p.Candidates() {
			id, x := c.IDs[0], c.X
			for i, v := range x {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("%q: %s: feature %s is %v", text, id, featureNames[i], v)
				}
			}
			for _, i := range []int{fShare, fBleve, fOwnBM25, fCardLink, fDefines} {
				if x[i] < 0 || x[i] > 1+1e-9 {
					t.Fatalf("%q: %s: feature %s = %v, out of 0..1", text, id, featureNames[i], x[i])
				}
			}
		}
		a, ea, _ := p.Rank(DefaultModel(), 5)
		b, eb, _ := p.Rank(DefaultModel(), 5)
		if len(a) != len(b) || ea != eb {
			t.Fatalf("%q: two rankings differ: %v, %v", text, a, b)
		}
		for i := range a {
			if strings.Join(a[i].IDs, " ") != strings.Join(b[i].IDs, " ") {
				t.Fatalf("%q: two rankings differ at %d: %v, %v", text, i, a[i].IDs, b[i].IDs)
			}
		}
	})
}

// BenchmarkRankFull measures what the learned model adds to a question on
// the full index: scoring and ordering its candidates, once its features
// are made (target: under a millisecond).
func BenchmarkRankFull(b *testing.B) {
	ix := fullIndex(b)
	m := DefaultModel()
	var lists [][]candidate
	for _, q := range benchQuestions {
		p, err := ix.Prepare(context.Background(), q)
		if err != nil {
			b.Fatal(err)
		}
		lists = append(lists, p.pr.cands)
	}
	n := 0
	for _, l := range lists {
		n += len(l)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l := lists[i%len(lists)]
		m.order(l)
	}
	b.ReportMetric(float64(n)/float64(len(lists)), "candidates/question")
}

// TestRankModel checks which model ranks which index: the learned one the
// official data, the prior the embedded corpus alone.
func TestRankModel(t *testing.T) {
	t.Parallel()
	if m := mustEmbedded(t).rankModel(); m.W != PriorModel().W || m.tail != priorTail {
		t.Errorf("the embedded corpus ranks with %+v, want the prior", m.W)
	}
	if m := fullIndex(t).rankModel(); m != DefaultModel() || m.tail != learnedTail {
		t.Errorf("the default index does not rank with the learned model")
	}
}

func TestRankBy(t *testing.T) {
	t.Parallel()
	cands := make([]candidate, 4)
	for i, v := range []float64{0.5, 0.9, 0.5, 0.1} {
		cands[i].x[fBleve] = v
	}
	cands[3].Doc.Card = "Fog"
	rankBy(cands, fBleveRank, func(*candidate) string { return "" }, func(a, b *candidate) bool { return a.x[fBleve] > b.x[fBleve] })
	want := []float64{1.0 / 2, 1, 1.0 / 2, 1.0 / 4} // ties share the better rank
	for i, c := range cands {
		if c.x[fBleveRank] != want[i] {
			t.Errorf("candidate %d: 1/rank %v, want %v", i, c.x[fBleveRank], want[i])
		}
	}
	// Grouped by card: the card's only text is first of its group; the
	// texts of no card get nothing.
	rankBy(cands, fCardRank, func(c *candidate) string { return c.Doc.Card }, func(a, b *candidate) bool { return a.x[fBleve] > b.x[fBleve] })
	for i, want := range []float64{0, 0, 0, 1} {
		if cands[i].x[fCardRank] != want {
			t.Errorf("candidate %d: card rank %v, want %v", i, cands[i].x[fCardRank], want)
		}
	}
}

// FuzzParseModel reads arbitrary model files: a file is refused or read,
// never a panic, and a model read scores any features in a walk that ends
// (a tree whose nodes point back would loop).
func FuzzParseModel(f *testing.F) {
	f.Add(string(rankerJSON))
	f.Add(`{"version": 1, "weights": {"share": 1}, "trees": [[{"f": "share", "t": 0.5, "l": 1, "r": 2}, {"v": -1}, {"v": 1}]]}`)
	f.Add(`{"version": 1, "weights": {}, "trees": [[{"f": "share", "t": 0.5, "l": 0, "r": 0}]]}`)
	f.Fuzz(func(t *testing.T, file string) {
		m, err := ParseModel([]byte(file))
		if err != nil {
			return
		}
		var x Features
		for i := range x {
			x[i] = float64(i%3) / 2
		}
		m.score(&x)
	})
}
