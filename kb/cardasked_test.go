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

// TestWordBesideAGameTerm: a common word that is also a card's name (or
// the first word of one), with one game term beside it, is the ordinary
// word: the question is about the term ("what gets applied in layer 7?"
// is about layers, not Applied Aeronautics), while a card with only
// "effect" beside it is asked about (手品ってどんな効果？).
func TestWordBesideAGameTerm(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	res, err := ix.Search(context.Background(), Query{Text: "what gets applied in layer 7?", Lang: "en", K: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) == 0 || res.Hits[0].Doc.Kind != KindRule || ruleParent(ruleParent(res.Hits[0].Doc.Ref)) != "613" && ruleParent(res.Hits[0].Doc.Ref) != "613" {
		t.Errorf("layer 7: hits %v, want a rule of 613 first", ids(res.Hits))
	}
	for _, h := range res.Hits {
		if h.Doc.Card != "" {
			t.Errorf("layer 7: %s cites the card %s", h.Doc.ID, h.Doc.Card)
		}
	}
	res, err = ix.Search(context.Background(), Query{Text: "手品ってどんな効果？", Lang: "ja", K: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) == 0 || res.Hits[0].Doc.Card == "" {
		t.Errorf("手品ってどんな効果？: hits %v, want the card's texts", ids(res.Hits))
	}
}
