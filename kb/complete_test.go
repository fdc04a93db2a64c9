package kb

import (
	"context"
	"strings"
	"testing"

	"arbiter/data"
)

// crIndex indexes the embedded corpus plus the real CR release.
func crIndex(t *testing.T) *Index {
	t.Helper()
	src := readShared(t, "mtg/cr/MagicCompRules_20260417.txt")
	c := NewCollection()
	if err := c.AddCorpus(data.FS()); err != nil {
		t.Fatal(err)
	}
	if err := c.AddCR("MagicCompRules_20260417.txt", src); err != nil {
		t.Fatal(err)
	}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
	ix, err := NewMem(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	return ix
}

func TestRuleEntries(t *testing.T) {
	ix := crIndex(t)
	entries, err := ix.RuleEntries(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) == 0 {
		t.Fatal("no rule entries in the embedded corpus")
	}
	byNumber := map[string]RuleEntry{}
	for i, e := range entries {
		byNumber[e.Number] = e
		if i > 0 && ruleLess(e.Number, entries[i-1].Number) {
			t.Errorf("entries out of order: %s after %s", e.Number, entries[i-1].Number)
		}
	}
	tests := []struct {
		name, number, titleHas string
	}{
		{"rule with its own title", "702.26", "Phasing"},
		{"subrule borrows its parent's title", "702.26a", "Phasing"},
		{"section", "702", "Keyword Abilities"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, ok := byNumber[tt.number]
			if !ok {
				t.Fatalf("%s missing from %d entries", tt.number, len(entries))
			}
			if !strings.Contains(e.Title, tt.titleHas) {
				t.Errorf("title of %s = %q, want it to contain %q", tt.number, e.Title, tt.titleHas)
			}
			if e.Text == "" {
				t.Errorf("%s has no text", tt.number)
			}
		})
	}
}

func TestCardEntries(t *testing.T) {
	ix := mustEmbedded(t)
	cards, err := ix.CardEntries(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(cards) == 0 {
		t.Fatal("no cards named by the embedded corpus")
	}
	for i, c := range cards {
		if c.Name == "" {
			t.Errorf("card %d has no name", i)
		}
		if i > 0 && c.Name <= cards[i-1].Name {
			t.Errorf("cards not sorted or duplicated: %q after %q", c.Name, cards[i-1].Name)
		}
	}
}
