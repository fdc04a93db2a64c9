package kb

import (
	"context"
	"path/filepath"
	"testing"
)

// TestBuildWithProgress builds the rules of 2026-04-17 (several batches of
// documents) and checks what the build tells of its progress: the stages
// in order, the documents indexed counted up to all of them, the merges
// up to their total, the write last.
func TestBuildWithProgress(t *testing.T) {
	t.Parallel()
	c := NewCollection()
	if err := c.AddCR("MagicCompRules_20260417.txt", readShared(t, "mtg/cr/MagicCompRules_20260417.txt")); err != nil {
		t.Fatal(err)
	}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
	var got []BuildProgress
	meta, err := BuildWithProgress(context.Background(), filepath.Join(t.TempDir(), "index"), c, "", func(p BuildProgress) { got = append(got, p) })
	if err != nil {
		t.Fatal(err)
	}
	order := map[string]int{StageIndex: 0, StageMerge: 1, StageWrite: 2}
	last, indexed, merged := BuildProgress{Stage: StageIndex}, 0, -1
	for _, p := range got {
		if order[p.Stage] < order[last.Stage] || p.Done > p.Total || p.Done < 0 {
			t.Fatalf("%+v after %+v", p, last)
		}
		switch p.Stage {
		case StageIndex:
			if p.Done <= indexed || p.Total != meta.Docs {
				t.Errorf("index %+v after %d indexed, %d documents", p, indexed, meta.Docs)
			}
			indexed = p.Done
		case StageMerge:
			if p.Done < merged {
				t.Errorf("merge went back: %+v after %d", p, merged)
			}
			merged = p.Done
		}
		last = p
	}
	if merged < 0 {
		t.Error("no merge told")
	}
	if indexed != meta.Docs || indexed < 2*batchSize {
		t.Errorf("%d of %d documents indexed told", indexed, meta.Docs)
	}
	if n := len(got); n < 4 || got[n-1] != (BuildProgress{Stage: StageWrite, Done: 0, Total: 1}) {
		t.Errorf("the reports end with %+v", got[max(n-2, 0):])
	}
	for i := len(got) - 2; i >= 0; i-- {
		if got[i].Stage == StageMerge {
			if got[i].Done != got[i].Total {
				t.Errorf("the merge ended at %+v", got[i])
			}
			break
		}
	}
}
