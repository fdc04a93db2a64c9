package kb

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/data"
)

var updateIndexVersion = flag.Bool("update-index-version", false, "record the digest of what Build writes for the embedded corpus in testdata/index-version.txt")

// TestIndexVersion guards the default index kept in users' caches: it is
// found by the digest of its data and of indexVersion, so code that builds
// it otherwise must change indexVersion, or the caches would keep serving
// what the old code built. The test digests what Build writes of the
// embedded corpus (each document's fields, and the tables) and compares
// it with testdata/index-version.txt: a new digest with the same version
// fails. After changing indexVersion, rewrite the file with
// go test ./kb -run TestIndexVersion -update-index-version.
func TestIndexVersion(t *testing.T) {
	t.Parallel()
	c := NewCollection()
	if err := c.AddCorpus(data.FS()); err != nil {
		t.Fatal(err)
	}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
	h := sha256.New()
	for _, d := range c.Docs {
		x, err := toIndexDoc(d, c.cards.namesOf(d.Card))
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(x)
		if err != nil {
			t.Fatal(err)
		}
		h.Write(b)
	}
	src, err := tablesOf(c)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := encodeTables(src)
	if err != nil {
		t.Fatal(err)
	}
	h.Write(tb)
	h.Write(c.lex.data)
	got := fmt.Sprintf("%d %s", indexVersion, hex.EncodeToString(h.Sum(nil)))
	file := filepath.Join("testdata", "index-version.txt")
	if *updateIndexVersion {
		if err := os.WriteFile(file, []byte(got+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.TrimSpace(string(b))
	wantVersion, _, _ := strings.Cut(want, " ")
	switch {
	case got == want:
	case wantVersion == fmt.Sprint(indexVersion):
		t.Errorf("what Build writes changed (%s, recorded %s) but indexVersion did not: increase indexVersion in kb/snapshot.go, then run go test ./kb -run TestIndexVersion -update-index-version", got, want)
	default:
		t.Errorf("indexVersion is %d, testdata/index-version.txt records %s: run go test ./kb -run TestIndexVersion -update-index-version", indexVersion, want)
	}
}
