package kb

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	segment "github.com/blevesearch/scorch_segment_api/v2"
)

// buildMini builds the mini CR into a new index directory.
func buildMini(t *testing.T) string {
	t.Helper()
	c := NewCollection()
	if err := c.AddCR("cr/mini.txt", readTestdata(t, "cr/mini.txt")); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "index")
	if _, err := Build(context.Background(), dir, c, ""); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestOpenDamagedSegment: an index whose segment file has a few bytes
// flipped, near its end (the footer zap reads its offsets from) or in
// its middle, does not open: the error says the file is damaged, and
// nothing panics. The same index, undamaged, opens and answers.
func TestOpenDamagedSegment(t *testing.T) {
	t.Parallel()
	good := buildMini(t)
	ix, err := Open(context.Background(), good)
	if err != nil {
		t.Fatalf("the undamaged index: %v", err)
	}
	res, err := ix.Search(context.Background(), Query{Text: "phasing", Lang: "en", K: 3})
	ix.Close()
	if err != nil || len(res.Hits) == 0 {
		t.Fatalf("the undamaged index answers nothing: %v", err)
	}
	for _, tt := range []struct {
		name string
		at   func(size int) []int // offsets to flip
	}{
		{"footer", func(n int) []int { return []int{n - 20, n - 28, n - 36} }},
		{"offsets", func(n int) []int { return []int{n - 44, n - 50} }},
		{"middle", func(n int) []int { return []int{n / 2} }},
		{"start", func(n int) []int { return []int{0, 1, 2} }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "index")
			if err := os.CopyFS(dir, os.DirFS(good)); err != nil {
				t.Fatal(err)
			}
			zaps, err := filepath.Glob(filepath.Join(dir, blevePath, "store", "*.zap"))
			if err != nil || len(zaps) == 0 {
				t.Fatalf("no segment: %v", err)
			}
			b, err := os.ReadFile(zaps[0])
			if err != nil {
				t.Fatal(err)
			}
			for _, at := range tt.at(len(b)) {
				b[at] ^= 0x5a
			}
			if err := os.WriteFile(zaps[0], b, 0o644); err != nil {
				t.Fatal(err)
			}
			ix, err := func() (ix *Index, err error) {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("Open panicked: %v", r)
					}
				}()
				return Open(context.Background(), dir)
			}()
			if err == nil {
				ix.Close()
				t.Fatal("a damaged index opened")
			}
			if !errors.Is(err, ErrNoIndex) {
				t.Errorf("error %v, want ErrNoIndex", err)
			}
			t.Logf("%v", err)
		})
	}
}

// TestCheckedOpenRecovers: a panic of a segment's reader is an error.
func TestCheckedOpenRecovers(t *testing.T) {
	t.Parallel()
	dir := buildMini(t)
	zaps, _ := filepath.Glob(filepath.Join(dir, blevePath, "store", "*.zap"))
	if len(zaps) == 0 {
		t.Fatal("no segment")
	}
	_, err := checkedOpen(zaps[0], func() (segment.Segment, error) {
		var s []byte
		_ = s[:len(zaps)+7] // slice bounds out of range, as zapx on a damaged footer
		return nil, nil
	})
	if !errors.Is(err, ErrDamaged) {
		t.Errorf("error %v, want ErrDamaged", err)
	}
}
