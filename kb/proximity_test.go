package kb

import (
	"context"
	"testing"
)

// TestProximity reads, on the full index, how much of a question's pairs
// of concepts a text holds near each other.
func TestProximity(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	for _, tc := range []struct {
		q, lang string
		// near holds two of the question's concepts near each other; far
		// holds them apart.
		near, far string
	}{
		// Blood Moon's ruling 3: "Nonbasic lands will lose any other land
		// types … gain the land type Mountain"; ruling 4: "It won't turn
		// any land into a basic land … won't be named “Mountain.”", its
		// "basic" and "Mountain" apart, and its "land" alone is not
		// "nonbasic land".
		{"Does Blood Moon make my nonbasic lands basic Mountains?", "en", "ruling:94fac5fe-97d5-4c12-a80c-8efff9d853ae:3", "ruling:94fac5fe-97d5-4c12-a80c-8efff9d853ae:4"},
		// The same pairs through the translations of the Japanese words.
		{"血染めの月で基本でない土地は基本土地の山になる？", "ja", "ruling:94fac5fe-97d5-4c12-a80c-8efff9d853ae:3", "ruling:94fac5fe-97d5-4c12-a80c-8efff9d853ae:4"},
	} {
		p, err := ix.Prepare(context.Background(), Query{Text: tc.q, Lang: tc.lang, K: 5})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]float64{}
		for _, c := range p.pr.cands {
			got[c.Doc.ID] = c.x[fProximity]
			if v := c.x[fProximity]; v < 0 || v > 1 {
				t.Errorf("%q: %s proximity %v, out of 0..1", tc.q, c.Doc.ID, v)
			}
		}
		near, okN := got[tc.near]
		far, okF := got[tc.far]
		if !okN || !okF {
			t.Fatalf("%q: %s or %s not among the candidates", tc.q, tc.near, tc.far)
		}
		if near <= far {
			t.Errorf("%q: proximity %.3f for %s, %.3f for %s; want the first higher", tc.q, near, tc.near, far, tc.far)
		}
	}
	// A name's terms stand for it together: Wrath of God's Japanese text
	// says 破壊 (destroy), not 破壊不能 (indestructible), and holds no pair.
	p, err := ix.Prepare(context.Background(), Query{Text: "Colère de Dieu et les créatures indestructibles", Lang: "fr", K: 5})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range p.pr.cands {
		if c.Doc.ID == "card:34515b16-c9a4-4f98-8c77-416a7a523407.ja" {
			found = true
			if c.x[fProximity] != 0 {
				t.Errorf("Wrath of God's Japanese text: proximity %v, want 0", c.x[fProximity])
			}
		}
	}
	if !found {
		t.Error("Wrath of God's Japanese text is not a candidate")
	}
	// A question of one concept has no pairs.
	p, err = ix.Prepare(context.Background(), Query{Text: "What does deathtouch do?", Lang: "en", K: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range p.pr.cands {
		if c.x[fProximity] != 0 {
			t.Errorf("one concept: %s has proximity %v, want 0", c.Doc.ID, c.x[fProximity])
		}
	}
}
