package kb

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"arbiter/data"
)

// corpusCollection reads the embedded corpus.
func corpusCollection() (*Collection, error) {
	c := NewCollection()
	return c, c.AddCorpus(data.FS())
}

// TestOpenOrBuildOnce opens one index from several goroutines at once, on
// a directory that holds none: one builds it, the others wait for that
// build and open it; later calls open it without building.
func TestOpenOrBuildOnce(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "cache", "index")
	var collects, waits atomic.Int32
	b := Builder{
		Collect: func() (*Collection, error) { collects.Add(1); return corpusCollection() },
		Waiting: func() { waits.Add(1) },
	}
	const n = 4
	var wg sync.WaitGroup
	docs := make([]int, n)
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ix, err := OpenOrBuild(context.Background(), dir, b)
			if err != nil {
				errs[i] = err
				return
			}
			docs[i] = ix.Meta().Docs
			ix.Close()
		}()
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil || docs[i] == 0 || docs[i] != docs[0] {
			t.Fatalf("call %d: %d documents, %v", i, docs[i], errs[i])
		}
	}
	if got := collects.Load(); got != 1 {
		t.Errorf("%d builds, want 1", got)
	}
	ix, err := OpenOrBuild(context.Background(), dir, b)
	if err != nil {
		t.Fatal(err)
	}
	ix.Close()
	if got := collects.Load(); got != 1 {
		t.Errorf("%d builds after a later call, want 1", got)
	}
	t.Logf("%d callers waited for the build", waits.Load())
}

// TestOpenOrBuildRebuildsDamaged builds again an index whose tables were
// damaged, and removes an index entirely with Remove.
func TestOpenOrBuildRebuildsDamaged(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "index")
	built := 0
	b := Builder{Collect: func() (*Collection, error) { built++; return corpusCollection() }}
	ix, err := OpenOrBuild(context.Background(), dir, b)
	if err != nil {
		t.Fatal(err)
	}
	ix.Close()
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	tb := filepath.Join(real, tablesPath)
	raw, err := os.ReadFile(tb)
	if err != nil {
		t.Fatal(err)
	}
	raw[len(raw)/2] ^= 0x40
	if err := os.WriteFile(tb, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(context.Background(), dir); err == nil {
		t.Fatal("an index with damaged tables opens")
	}
	ix, err = OpenOrBuild(context.Background(), dir, b)
	if err != nil {
		t.Fatal(err)
	}
	ix.Close()
	if built != 2 {
		t.Errorf("%d builds, want 2 (the first, then one for the damaged tables)", built)
	}
	if _, err := os.Stat(real); !os.IsNotExist(err) {
		t.Errorf("the damaged build is still there: %v", err)
	}
	if err := Remove(dir); err != nil {
		t.Fatal(err)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), "*"))
	hidden, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), ".*"))
	if len(left)+len(hidden) != 0 {
		t.Errorf("Remove left %v %v", left, hidden)
	}
}
