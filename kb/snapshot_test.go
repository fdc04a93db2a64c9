package kb

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/klauspost/compress/zstd"

	"arbiter/data"
)

// snapshotCollection reads the embedded snapshot of the official data,
// before Finish.
func snapshotCollection(t *testing.T) *Collection {
	t.Helper()
	c := NewCollection()
	if err := c.AddSnapshot(data.Official()); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestSnapshotParses reads every file of the embedded snapshot with the
// parsers of the upstream formats and checks what they hold: both CR
// releases, the rulings, the cards with French and Japanese names and
// texts, the Yu-Gi-Oh! rulings with their cards named; and that each
// file's content is the one its MANIFEST records.
func TestSnapshotParses(t *testing.T) {
	t.Parallel()
	checkManifest(t, data.Official())
	c := snapshotCollection(t)
	if got, want := c.crDates(), []string{"2026-01-16", "2026-04-17"}; !reflect.DeepEqual(got, want) {
		t.Errorf("CR releases %v, want %v", got, want)
	}
	count := map[string]int{}
	for _, d := range c.Docs {
		count[d.Game+" "+string(d.Kind)+" "+d.Lang]++
	}
	for k, min := range map[string]int{
		"mtg ruling en": 45000, "mtg card en": 23000, "mtg card fr": 18000, "mtg card ja": 17000,
		"ygo ruling en": 150, "ygo ruling ja": 30,
	} {
		if count[k] < min {
			t.Errorf("%d documents %s, want at least %d", count[k], k, min)
		}
	}
	tp := c.cards.lookup("Protection de Téfeiri")
	if len(tp) != 1 || tp[0].Name != "Teferi's Protection" || !slicesHave(tp[0].Names["ja"], "テフェリーの防御") {
		t.Errorf("Protection de Téfeiri names %+v, want Teferi's Protection with its Japanese name", tp)
	}
	if len(c.ygoCards) < 10 {
		t.Errorf("%d Yu-Gi-Oh! cards named, want at least 10", len(c.ygoCards))
	}
}

func slicesHave(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// checkManifest checks that every file the MANIFEST of a snapshot lists
// decompresses to the digest and size recorded, and that it lists every
// file.
func checkManifest(t *testing.T, fsys fs.FS) {
	t.Helper()
	m, err := fs.ReadFile(fsys, "MANIFEST")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(m))
	var upstream []string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "  "):
			f := strings.Fields(line)
			if len(upstream) != 3 || len(f) != 2 {
				t.Fatalf("MANIFEST: line %q out of place", line)
			}
			name := upstream[2] + ".zst"
			listed[name] = true
			b, err := fs.ReadFile(fsys, name)
			if err != nil {
				t.Fatal(err)
			}
			zr, err := zstd.NewReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			content, err := io.ReadAll(zr)
			zr.Close()
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			sum := sha256.Sum256(content)
			if got := hex.EncodeToString(sum[:]); got != f[0] || strconv.Itoa(len(content)) != f[1] {
				t.Errorf("%s holds %d bytes of digest %s; MANIFEST says %s bytes of %s", name, len(content), got, f[1], f[0])
			}
		default:
			upstream = strings.Fields(line)
		}
	}
	files, err := snapshotFiles(fsys)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !listed[f] {
			t.Errorf("%s is not in MANIFEST", f)
		}
	}
}

// TestSnapshotIsTheUpstreamData checks that the snapshot reads as the
// upstream files of the shared data read (their documents and cards, in
// the same order), so that an index of the snapshot answers as an index
// built from those files does. Skipped without the shared data.
func TestSnapshotIsTheUpstreamData(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("reads the full shared data")
	}
	up := fullCollectionNoFinish(t)
	// fullCollection reads the embedded corpus first, as "bot kb build" does.
	snap := NewCollection()
	if err := snap.AddCorpus(data.FS()); err != nil {
		t.Fatal(err)
	}
	if err := snap.AddSnapshot(data.Official()); err != nil {
		t.Fatal(err)
	}
	if len(up.Docs) != len(snap.Docs) {
		t.Fatalf("%d documents from the snapshot, %d from the upstream files", len(snap.Docs), len(up.Docs))
	}
	for i := range snap.Docs {
		if !reflect.DeepEqual(up.Docs[i], snap.Docs[i]) {
			t.Fatalf("document %d:\n snapshot %+v\n upstream %+v", i, snap.Docs[i], up.Docs[i])
		}
	}
	if !reflect.DeepEqual(up.cards.list, snap.cards.list) {
		t.Error("the snapshot's cards are not the upstream file's")
	}
	if !reflect.DeepEqual(up.ygoCards, snap.ygoCards) || !reflect.DeepEqual(up.crSrc, snap.crSrc) {
		t.Error("the snapshot's Yu-Gi-Oh! cards or CR releases are not the upstream files'")
	}
}

// TestAddSnapshotRefusesUnknownFiles checks that a snapshot file no reader
// is for is an error, not left out.
func TestAddSnapshotRefusesUnknownFiles(t *testing.T) {
	t.Parallel()
	w, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{"mtg/prices/prices.json.zst": {Data: w.EncodeAll([]byte("{}"), nil)}}
	w.Close()
	if err := NewCollection().AddSnapshot(fsys); err == nil || !strings.Contains(err.Error(), "no reader") {
		t.Errorf("AddSnapshot of an unknown file: %v, want an error", err)
	}
}
