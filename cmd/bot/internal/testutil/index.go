package testutil

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"arbiter/data"
	"arbiter/i18n"
	"arbiter/kb"
)

// embedded indexes the embedded corpus once per test binary.
var embedded = sync.OnceValues(func() (*kb.Index, error) { return newEmbedded(context.Background()) })

// newEmbedded indexes the embedded corpus in memory.
func newEmbedded(ctx context.Context) (*kb.Index, error) {
	c := kb.NewCollection()
	if err := c.AddCorpus(data.FS()); err != nil {
		return nil, err
	}
	if err := c.Finish(); err != nil {
		return nil, err
	}
	return kb.NewMem(ctx, c)
}

// EmbeddedIndex is the embedded corpus indexed in memory, shared by the
// tests of a package: they must not close it.
func EmbeddedIndex(t testing.TB) *kb.Index {
	t.Helper()
	ix, err := embedded()
	if err != nil {
		t.Fatalf("index the embedded corpus: %v", err)
	}
	return ix
}

// NewEmbeddedIndex indexes the embedded corpus in memory for one test,
// which owns it (and closes it).
func NewEmbeddedIndex(t testing.TB) *kb.Index {
	t.Helper()
	ix, err := newEmbedded(context.Background())
	if err != nil {
		t.Fatalf("index the embedded corpus: %v", err)
	}
	return ix
}

// CRIndex indexes in memory the embedded corpus and the Comprehensive
// Rules of 2026-04-17 from the shared data (the test is skipped without
// them), with the extra lines of cards, if any, in the JSON Lines card
// format. Without cards the index is shared by the tests of the package
// (indexed once); with cards it is the test's own. Either way the test
// must not close it.
func CRIndex(t testing.TB, cards []byte) *kb.Index {
	t.Helper()
	cr, err := os.ReadFile(SharedFile(t, "mtg/cr/MagicCompRules_20260417.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if cards == nil {
		return sharedMem(t, "cr", func() (*kb.Index, error) { return newMemIndex(nil, cr) })
	}
	return memIndex(t, cards, cr)
}

// ReleasesIndex puts on disk an index of the two real Comprehensive Rules
// releases of the shared data (2026-01-16 and 2026-04-17), built once per
// test binary, and opens it; it is closed with the test.
func ReleasesIndex(t testing.TB) *kb.Index {
	t.Helper()
	var srcs [][]byte
	files := []string{"mtg/cr/MagicCompRules_20260116.txt", "mtg/cr/MagicCompRules_20260417.txt"}
	for _, f := range files {
		b, err := os.ReadFile(SharedFile(t, f))
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, b)
	}
	dir := filepath.Join(t.TempDir(), "index")
	copyBuilt(t, dir, "releases", func(out string) (kb.Meta, error) {
		c := kb.NewCollection()
		for i, f := range files {
			if err := c.AddCR(f, srcs[i]); err != nil {
				return kb.Meta{}, err
			}
		}
		return kb.Build(context.Background(), out, c, "")
	})
	ix, err := kb.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	return ix
}

// BuildCR puts at dir an index of one CR release as kb.Build builds it
// ("bot kb build --no-default --cr FILE"), built once per test binary and
// file: each call makes a new directory beside dir and switches dir, a
// symlink, to it, removing the one it replaces, as a rebuild does.
func BuildCR(t testing.TB, dir, crFile string) kb.Meta {
	t.Helper()
	src, err := os.ReadFile(crFile)
	if err != nil {
		t.Fatal(err)
	}
	return copyBuilt(t, dir, "cr:"+crFile, func(out string) (kb.Meta, error) {
		c := kb.NewCollection()
		if err := c.AddCR(crFile, src); err != nil {
			return kb.Meta{}, err
		}
		return kb.Build(context.Background(), out, c, time.Now().UTC().Format(time.RFC3339))
	})
}

// BuildSeed puts at dir an index of the embedded corpus alone, as
// "bot kb build --out DIR" builds it, built once per test binary: each
// call makes a new directory beside dir and switches dir, a symlink, to
// it, as a rebuild does.
func BuildSeed(t testing.TB, dir string) kb.Meta {
	t.Helper()
	return copyBuilt(t, dir, "seed", func(out string) (kb.Meta, error) {
		c := kb.NewCollection()
		if err := c.AddCorpus(data.FS()); err != nil {
			return kb.Meta{}, err
		}
		return kb.Build(context.Background(), out, c, "")
	})
}

// Catalog loads the message catalog.
func Catalog(t testing.TB) *i18n.Catalog {
	t.Helper()
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// CardLines returns the lines of the shared cards file
// (cards-multilang-mtgjson-20220425.jsonl) of the cards named, English
// names; the test is skipped without the file.
func CardLines(t testing.TB, names ...string) []byte {
	t.Helper()
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	out := CardLinesWhere(t, func(name, text string) bool { return want[name] })
	for _, n := range names {
		if !bytes.Contains(out, []byte(`"name": `+strconv.Quote(n))) {
			t.Fatalf("card %q is not in the shared cards file", n)
		}
	}
	return out
}

// CardLinesWhere returns the lines of the shared cards file of the cards
// keep accepts, by English name and Oracle text (one line per card).
func CardLinesWhere(t testing.TB, keep func(name, text string) bool) []byte {
	t.Helper()
	f, err := os.Open(SharedFile(t, "mtg/cards/cards-multilang-mtgjson-20220425.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[string]bool{}
	var out bytes.Buffer
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		var head struct {
			Name string `json:"name"`
			Text string `json:"oracle_text"`
		}
		line := sc.Bytes()
		if json.Unmarshal(line, &head) != nil || seen[head.Name] || !keep(head.Name, head.Text) {
			continue
		}
		seen[head.Name] = true
		out.Write(line)
		out.WriteByte('\n')
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// CardsIndex indexes in memory the embedded corpus and the cards named,
// from the shared cards file, with their texts and printed names; the
// test is skipped without the file. The tests of the package that name
// the same cards share one index: they must not close it.
func CardsIndex(t testing.TB, names ...string) *kb.Index {
	t.Helper()
	lines := CardLines(t, names...)
	return sharedMem(t, "cards:"+strings.Join(names, "\x00"), func() (*kb.Index, error) { return newMemIndex(lines, nil) })
}

// CardsIndexOf indexes in memory the embedded corpus and lines of the
// cards file. It is closed with the test.
func CardsIndexOf(t testing.TB, lines []byte) *kb.Index {
	t.Helper()
	return memIndex(t, lines, nil)
}

// memIndex indexes in memory the embedded corpus, the lines of the cards
// file and the text of the Comprehensive Rules of 2026-04-17, those that
// are given. It is closed with the test.
func memIndex(t testing.TB, cards, cr []byte) *kb.Index {
	t.Helper()
	ix, err := newMemIndex(cards, cr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	return ix
}

// newMemIndex indexes in memory the embedded corpus, the lines of the
// cards file and the text of the Comprehensive Rules of 2026-04-17, those
// that are given.
func newMemIndex(cards, cr []byte) (*kb.Index, error) {
	c := kb.NewCollection()
	if err := c.AddCorpus(data.FS()); err != nil {
		return nil, err
	}
	if len(cards) > 0 {
		if err := c.AddCards("cards.jsonl", bytes.NewReader(cards)); err != nil {
			return nil, err
		}
	}
	if cr != nil {
		if err := c.AddCR("MagicCompRules_20260417.txt", cr); err != nil {
			return nil, err
		}
	}
	if err := c.Finish(); err != nil {
		return nil, err
	}
	return kb.NewMem(context.Background(), c)
}

// mems are the indexes in memory the tests of a package share, by what
// they hold.
var mems = struct {
	sync.Mutex
	m map[string]func() (*kb.Index, error)
}{m: map[string]func() (*kb.Index, error){}}

// sharedMem returns the shared index of key, made by make the first time.
func sharedMem(t testing.TB, key string, make func() (*kb.Index, error)) *kb.Index {
	t.Helper()
	mems.Lock()
	get, ok := mems.m[key]
	if !ok {
		get = sync.OnceValues(make)
		mems.m[key] = get
	}
	mems.Unlock()
	ix, err := get()
	if err != nil {
		t.Fatalf("index %s: %v", key, err)
	}
	return ix
}

// DamageSegment flips a few bytes near the end of the first segment file
// of the index at dir (its footer, where zap reads its offsets from), as
// a damaged disk or a bad copy does: zapx sliced out of range reading it.
func DamageSegment(t testing.TB, dir string) {
	t.Helper()
	zaps, _ := filepath.Glob(filepath.Join(dir, "bleve", "store", "*.zap"))
	if len(zaps) == 0 {
		t.Fatalf("no segment in %s", dir)
	}
	b, err := os.ReadFile(zaps[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, back := range []int{20, 28, 44} {
		b[len(b)-back] ^= 0x5a
	}
	if err := os.WriteFile(zaps[0], b, 0o644); err != nil {
		t.Fatal(err)
	}
}
