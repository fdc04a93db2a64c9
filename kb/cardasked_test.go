package kb

import (
	"context"
	"testing"
)

// TestWhatACardDoes: a question that asks what a card does, and nothing
// else, opens on the card's own text (its Oracle text, or its printed
// text in the asker's language), not on a rule whose example names it.
func TestWhatACardDoes(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	for _, tc := range []struct {
		q, lang, card string
	}{
		{"what does Lightning Bolt do?", "en", "Lightning Bolt"},
		{"que fait Foudre ?", "fr", "Lightning Bolt"},
		{"稲妻の効果を教えて", "ja", "Lightning Bolt"},
		{"what does Sol Ring do?", "en", "Sol Ring"},
		{"太陽の指輪ってどんな効果？", "ja", "Sol Ring"},
	} {
		res, err := ix.Search(context.Background(), Query{Text: tc.q, Lang: tc.lang, K: 5})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) == 0 {
			t.Errorf("%q: nothing found", tc.q)
			continue
		}
		if d := res.Hits[0].Doc; d.Kind != KindCard || d.Card != tc.card {
			t.Errorf("%q: first %s (%s), want the text of %s", tc.q, d.ID, d.Card, tc.card)
		}
	}
}
