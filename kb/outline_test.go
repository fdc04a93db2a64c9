package kb

import (
	"context"
	"strings"
	"testing"
)

func TestWebLookups(t *testing.T) {
	cr := readShared(t, "mtg/cr/MagicCompRules_20260417.txt")
	c := NewCollection()
	if err := c.AddCR("MagicCompRules_20260417.txt", cr); err != nil {
		t.Fatal(err)
	}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	ix, err := NewMem(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()

	t.Run("outline", func(t *testing.T) {
		out, err := ix.RuleOutline(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(out) < 100 {
			t.Fatalf("outline has %d entries, want the 9 parts and their sections", len(out))
		}
		if out[0].Ref != "1" || out[1].Ref != "100" {
			t.Errorf("outline starts %q, %q; want 1, 100", out[0].Ref, out[1].Ref)
		}
		found := false
		for _, d := range out {
			if strings.Contains(d.Ref, ".") {
				t.Errorf("outline holds rule %s", d.Ref)
			}
			found = found || (d.Ref == "702" && d.Title == "Keyword Abilities")
		}
		if !found {
			t.Error("outline lacks section 702 Keyword Abilities")
		}
	})
	t.Run("rules", func(t *testing.T) {
		all, err := ix.CurrentRules(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := ix.Meta().ByKind["rule"]; len(all) != want {
			t.Errorf("CurrentRules gave %d rules, the index holds %d", len(all), want)
		}
		pos := map[string]int{}
		for i, d := range all {
			pos[d.Ref] = i
		}
		if !(pos["702.9"] < pos["702.10"] && pos["702.26"] < pos["702.26a"] && pos["702.26a"] < pos["702.26b"]) {
			t.Error("CurrentRules is not in rule order")
		}
	})
	t.Run("glossary", func(t *testing.T) {
		g, err := ix.GlossaryEntries(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := ix.Meta().ByKind["glossary"]; len(g) != want || want < 500 {
			t.Errorf("GlossaryEntries gave %d entries, the index holds %d", len(g), want)
		}
		found := false
		for _, d := range g {
			found = found || d.ID == "glossary:phasing"
		}
		if !found {
			t.Error("glossary lacks Phasing")
		}
	})
}
