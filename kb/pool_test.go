package kb

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"golang.org/x/text/unicode/norm"

	"arbiter/kb/internal/evalset"
)

// TestWalkPool checks that the one walk of a question's matches gives the
// candidates the two searches it stands for gave, on the full index and
// the questions of the training and dev sets: the best texts with their
// scores, and the best rules, scored as the rest.
func TestWalkPool(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	ctx := context.Background()
	var rows []evalset.Row
	for _, f := range []string{"train.yaml", "dev.yaml"} {
		r, err := evalset.Load(filepath.Join("testdata", "eval", "sampled", f))
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r...)
	}
	same := func(what, q string, got, want []*search.DocumentMatch) {
		t.Helper()
		if len(got) != len(want) {
			t.Errorf("%q: %s: %d hits, want %d", q, what, len(got), len(want))
			return
		}
		for i := range got {
			if got[i].ID != want[i].ID || got[i].Score != want[i].Score {
				t.Errorf("%q: %s: hit %d is %s (%g), want %s (%g)", q, what, i, got[i].ID, got[i].Score, want[i].ID, want[i].Score)
				return
			}
		}
	}
	walked := 0
	for _, row := range rows {
		rd := ix.reader()
		a := ix.analyze(norm.NFKC.String(row.Q), row.Lang, rd)
		p := ix.plan(a, rd)
		rd.close()
		must := p.must
		if len(must) == 0 {
			must = p.should
		}
		if len(must) == 0 {
			continue
		}
		words, not := ix.poolQuery(must, a.game)
		// What bleve searches for the same: the words, less the cards' texts.
		top := bleve.NewBooleanQuery()
		top.AddMust(bleve.NewDisjunctionQuery(must...))
		if a.game == "ygo" {
			tq := bleve.NewTermQuery(a.game)
			tq.SetField(fGame)
			top.AddMust(tq)
		}
		ck := bleve.NewTermQuery(string(KindCard))
		ck.SetField(fKind)
		top.AddMustNot(ck)
		for _, n := range []int{poolSize(5), 3} {
			best, rules, err := ix.walkPool(ctx, words, not, n, rulePool)
			if err != nil {
				t.Fatalf("%q: %v", row.Q, err)
			}
			want, err := ix.pool(ctx, top, n)
			if err != nil {
				t.Fatal(err)
			}
			same("best", row.Q, best, want)
			if want, err = ix.pool(ctx, rulesOf(top), rulePool); err != nil {
				t.Fatal(err)
			}
			same("rules", row.Q, rules, want)
		}
		walked++
	}
	if walked < len(rows)/2 {
		t.Errorf("%d of %d questions walked", walked, len(rows))
	}
}
