package kb

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	"arbiter/data"
)

// layoutQuestions are the evaluation set's questions plus rule numbers,
// which also find the older release's copies of a rule.
func layoutQuestions(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("testdata/eval/questions.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var qs []evalQuestion
	if err := yaml.Unmarshal(b, &qs); err != nil {
		t.Fatal(err)
	}
	out := []string{"702.26d", "rule 104.3a", "What does 702.26b say about phasing?"}
	for _, q := range qs {
		out = append(out, q.Q)
	}
	return out
}

func answers(t *testing.T, ix *Index, qs []string) []string {
	t.Helper()
	var out []string
	for _, q := range qs {
		res, err := ix.Search(context.Background(), Query{Text: q, K: 5})
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%s (%d):", q, res.Total)
		for _, h := range res.Hits {
			fmt.Fprintf(&b, " %s=%.4f", h.Doc.ID, h.Score)
			if h.Doc.Text == "" {
				t.Errorf("%q: hit %s has no text", q, h.Doc.ID)
			}
		}
		out = append(out, b.String())
	}
	return out
}

// TestSearchSameAcrossLayouts checks that an answer depends on the texts
// indexed, not on how the index lays them out: in memory (many segments,
// documents in batch order) and on disk (merged into one segment), with or
// without the ranking table of an older build.
func TestSearchSameAcrossLayouts(t *testing.T) {
	c := NewCollection()
	if err := c.AddCorpus(data.FS()); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"mtg/cr/MagicCompRules_20260116.txt", "mtg/cr/MagicCompRules_20260417.txt"} {
		if err := c.AddCR(f, readShared(t, f)); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
	mem, err := NewMem(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	dir := filepath.Join(t.TempDir(), "index")
	if _, err := Build(context.Background(), dir, c, ""); err != nil {
		t.Fatal(err)
	}
	disk, err := Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	// One segment, and none of the files it was merged from.
	zaps, err := filepath.Glob(filepath.Join(dir, blevePath, "store", "*.zap"))
	if err != nil || len(zaps) != 1 {
		t.Errorf("segment files on disk: %d %v, want 1", len(zaps), err)
	}
	qs := layoutQuestions(t)
	want := answers(t, mem, qs)
	got := answers(t, disk, qs)
	disk.Close()
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("on disk:\n  %s\nin memory:\n  %s", got[i], want[i])
		}
	}
	for i, a := range want {
		if strings.Contains(a, " cr@") || strings.Contains(a, " glossary@") {
			t.Errorf("%q cites an older release's copy: %s", qs[i], a)
		}
	}

	// An index of format 1, its tables as JSON, built before the ranking
	// table existed: its stored documents stand in for the table.
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	writeFormat1(t, real, c)
	if raw := gunzip(t, filepath.Join(real, collectionPath)); strings.Contains(raw, `"docs"`) {
		t.Fatal("the table is still there")
	}
	old, err := Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	// The table is made again from the stored documents.
	got = answers(t, old, qs)
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("without the table:\n  %s\nwith it:\n  %s", got[i], want[i])
		}
	}
}

// writeFormat1 turns the index directory dir, built from c, into one of
// format 1: its tables, but the ranking table, as JSON in
// collection.json.gz, and no tables.bin.
func writeFormat1(t *testing.T, dir string, c *Collection) {
	t.Helper()
	tb := &tables{Cards: c.cards.list, GlossarySrc: c.glossarySrc, RenumberingSrc: c.renumberingSrc,
		Topics: c.topics, YGO: c.ygoList, Translations: c.trans, LexVals: c.lex.vals.all()}
	err := writeSynced(filepath.Join(dir, collectionPath), func(w io.Writer) error {
		zw := gzip.NewWriter(w)
		if err := json.NewEncoder(zw).Encode(tb); err != nil {
			return err
		}
		return zw.Close()
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, tablesPath)); err != nil {
		t.Fatal(err)
	}
	mb, err := os.ReadFile(filepath.Join(dir, metaPath))
	if err != nil {
		t.Fatal(err)
	}
	var meta map[string]any
	if err := json.Unmarshal(mb, &meta); err != nil {
		t.Fatal(err)
	}
	meta["format"] = 1
	if mb, err = json.Marshal(meta); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, metaPath), mb, 0o644); err != nil {
		t.Fatal(err)
	}
}

func gunzip(t *testing.T, file string) string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]json.RawMessage
	if err := json.NewDecoder(zr).Decode(&v); err != nil {
		t.Fatal(err)
	}
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, `"`+k+`"`)
	}
	return strings.Join(keys, ",")
}

// TestSearchPagesAgreeOnTotal checks that the pages of one question give
// the same total, so "results 4–6 of N" follows "results 1–3 of N".
func TestSearchPagesAgreeOnTotal(t *testing.T) {
	ix := fullIndex(t)
	for _, q := range []string{"Does an Aura stay on a creature that phases out?", "Que deviennent les jetons hors phase ?", "フェイズ・アウトしたトークンはどうなる?"} {
		first, err := ix.Search(context.Background(), Query{Text: q, K: 3})
		if err != nil {
			t.Fatal(err)
		}
		second, err := ix.Search(context.Background(), Query{Text: q, K: 3, Offset: 3})
		if err != nil {
			t.Fatal(err)
		}
		if first.Total != second.Total || first.Total <= 3 {
			t.Errorf("%q: page 1 says %d results, page 2 says %d", q, first.Total, second.Total)
		}
		for _, a := range first.Hits {
			for _, b := range second.Hits {
				if a.Doc.ID == b.Doc.ID {
					t.Errorf("%q: %s on both pages", q, a.Doc.ID)
				}
			}
		}
	}
}

// TestOlderReleaseDoesNotCrowd checks that adding an older CR release to
// an index (kept for pinned citations and diffs) changes no answer: the
// same questions get the same current rules with one release and with two.
func TestOlderReleaseDoesNotCrowd(t *testing.T) {
	build := func(files ...string) *Index {
		c := NewCollection()
		if err := c.AddCorpus(data.FS()); err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if err := c.AddCR(f, readShared(t, f)); err != nil {
				t.Fatal(err)
			}
		}
		ix, err := NewMem(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ix.Close() })
		return ix
	}
	one := build("mtg/cr/MagicCompRules_20260417.txt")
	two := build("mtg/cr/MagicCompRules_20260116.txt", "mtg/cr/MagicCompRules_20260417.txt")
	qs := []string{
		"what layer do power and toughness setting effects apply in",
		"Effects that set power and/or toughness to a specific number",
		"What happens to damage in the cleanup step?",
		"who receives priority after a spell resolves",
		"state-based actions",
	}
	for _, q := range qs {
		top := func(ix *Index) string {
			res, err := ix.Search(context.Background(), Query{Text: q, K: 5})
			if err != nil {
				t.Fatal(err)
			}
			return strings.Join(ids(res.Hits), " ")
		}
		if a, b := top(one), top(two); a != b {
			t.Errorf("%q with the older release: %s; with the current one alone: %s", q, b, a)
		}
	}
	res, err := two.Search(context.Background(), Query{Text: qs[1], K: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) == 0 || res.Hits[0].Doc.ID != "cr:613.4b" {
		t.Errorf("%q: want cr:613.4b first, got %v", qs[1], ids(res.Hits))
	}
}
