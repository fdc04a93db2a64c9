package artifact

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/kb"
)

// TestDamagedCacheFetchedAgain: a build in the cache whose files changed
// after it was unpacked (a damaged disk, a bad copy) fails Verify, and
// Fetch fetches it again instead of serving it; so does a build whose
// sums were not kept.
func TestDamagedCacheFetchedAgain(t *testing.T) {
	src := filepath.Join(t.TempDir(), "index")
	buildIndex(t, src, "2026-12-01T00:00:00Z")
	b, err := OpenBucket(t.TempDir(), Credentials{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	m, err := Publish(ctx, b, src, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	cache := t.TempDir()
	dir, err := Fetch(ctx, b, m, cache)
	if err != nil {
		t.Fatal(err)
	}
	if err := Verify(cache, m.Digest); err != nil {
		t.Fatalf("a build just fetched: %v", err)
	}
	damage := map[string]func(t *testing.T){
		"flipped bytes": func(t *testing.T) { testutil.DamageSegment(t, dir) },
		"a file gone": func(t *testing.T) {
			if err := os.Remove(filepath.Join(dir, "meta.json")); err != nil {
				t.Fatal(err)
			}
		},
		"a file added": func(t *testing.T) {
			if err := os.WriteFile(filepath.Join(dir, "bleve", "extra"), []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		},
	}
	for name, do := range damage {
		t.Run(name, func(t *testing.T) {
			do(t)
			if err := Verify(cache, m.Digest); !errors.Is(err, ErrCorrupt) {
				t.Fatalf("Verify: %v, want ErrCorrupt", err)
			}
			again, err := Fetch(ctx, b, m, cache)
			if err != nil || again != dir {
				t.Fatalf("fetched again: %q %v", again, err)
			}
			if err := Verify(cache, m.Digest); err != nil {
				t.Fatalf("after fetching again: %v", err)
			}
			ix, err := kb.Open(ctx, dir)
			if err != nil {
				t.Fatalf("the build fetched again does not open: %v", err)
			}
			ix.Close()
		})
	}
	t.Run("no sums", func(t *testing.T) {
		os.Remove(sumsFile(cache, m.Digest))
		if err := Verify(cache, m.Digest); !errors.Is(err, ErrNoSums) {
			t.Fatalf("Verify: %v, want ErrNoSums", err)
		}
		if _, err := Fetch(ctx, b, m, cache); err != nil {
			t.Fatal(err)
		}
		if err := Verify(cache, m.Digest); err != nil {
			t.Fatalf("after fetching again: %v", err)
		}
	})
}

// TestLeftoversCleaned: what a killed publish or fetch leaves (an archive
// of tens of megabytes in the temporary directory, the bucket or the
// cache, and an unpacked build) is removed by the next one, while the
// files of one still running (it holds their lock) are left alone.
func TestLeftoversCleaned(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	src := filepath.Join(t.TempDir(), "index")
	buildIndex(t, src, "2026-12-01T00:00:00Z")
	bdir := t.TempDir()
	b, err := OpenBucket(bdir, Credentials{})
	if err != nil {
		t.Fatal(err)
	}
	cache := t.TempDir()
	if err := os.MkdirAll(filepath.Join(bdir, "index"), 0o755); err != nil {
		t.Fatal(err)
	}
	killed := []string{
		filepath.Join(tmp, "arbiter-publish-1234.tar.gz"),
		filepath.Join(bdir, "index", ".put-5678"),
		filepath.Join(cache, ".fetch-9012.tar.gz"),
	}
	for _, f := range killed {
		if err := os.WriteFile(f, make([]byte, 1<<20), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	unpacked := filepath.Join(cache, ".fetch-9012.tar.gz.d")
	if err := os.MkdirAll(filepath.Join(unpacked, "bleve"), 0o755); err != nil {
		t.Fatal(err)
	}
	// Files of a publish and a fetch still running: locked.
	var running []string
	for _, at := range [][2]string{{tmp, publishPattern}, {cache, fetchPattern}} {
		f, err := lockedTemp(at[0], at[1])
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		running = append(running, f.Name())
	}
	ctx := context.Background()
	m, err := Publish(ctx, b, src, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Fetch(ctx, b, m, cache); err != nil {
		t.Fatal(err)
	}
	for _, f := range append(killed, unpacked) {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("%s left behind", f)
		}
	}
	for _, f := range running {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("the file of a run in progress was removed: %v", err)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, publishPattern)); len(left) != 1 {
		t.Errorf("temporary directory holds %v", left)
	}
}
