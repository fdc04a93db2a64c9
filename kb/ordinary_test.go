package kb

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"arbiter/kb/internal/evalset"
)

// ordinaryCeilings are the shares of the ordinary-word questions of each
// language that may take their word for the card it names: a little over
// the figures BENCHMARKS.md records, to catch a regression. The aim is 1%.
var ordinaryCeilings = map[string]float64{"en": 0.06, "fr": 0.02, "ja": 0.08}

// TestOrdinaryWords asks, on the full index, the questions of the
// ordinary-word lists (kb/testdata/eval/ordinary): each uses an everyday
// word that is also a card's name ("début", "castle", "暴動") in its
// ordinary sense. A question takes the word for the card when ranking
// reads it as naming the card (its texts weigh as the card's) or cites one
// of the card's texts first; at most ordinaryCeilings of each language's
// questions may.
func TestOrdinaryWords(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	for _, lang := range []string{"en", "fr", "ja"} {
		list, err := evalset.LoadOrdinary(filepath.Join("testdata", "eval", "ordinary", lang+".yaml"))
		if err != nil {
			t.Fatal(err)
		}
		if len(list) < 200 {
			t.Errorf("%s: %d ordinary words, want 200", lang, len(list))
		}
		taken := 0
		for _, o := range list {
			res, err := ix.Search(context.Background(), Query{Text: o.Q, Lang: lang, K: 5})
			if err != nil {
				t.Fatalf("%q: %v", o.Q, err)
			}
			first := len(res.Hits) > 0 && res.Hits[0].Doc.Card == o.Card
			p, err := ix.Prepare(context.Background(), Query{Text: o.Q, Lang: lang, K: 5})
			if err != nil {
				t.Fatal(err)
			}
			var ranked []string // the cards ranking took the question to name
			if p.pr.plan != nil {
				ranked = p.pr.plan.namedCards()
			}
			if slices.Contains(ranked, o.Card) || first {
				taken++
				t.Logf("%s: %q takes %q for %s (ranked as naming %v, first hit %v)", lang, o.Q, o.Word, o.Card, ranked, first)
			}
		}
		share := ratio(taken, len(list))
		t.Logf("%s: %d of %d ordinary words taken for a card (%.1f%%)", lang, taken, len(list), 100*share)
		if share > ordinaryCeilings[lang] {
			t.Errorf("%s: %.1f%% of ordinary words taken for a card, over %.0f%%", lang, 100*share, 100*ordinaryCeilings[lang])
		}
	}
}
