package testutil

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// update is the -update flag of every test binary that compares golden
// files, as go/printer's tests have it.
var update = flag.Bool("update", false, "rewrite the golden files instead of comparing with them")

// Updating reports whether the tests run with -update.
func Updating() bool { return *update }

// Golden compares got with the golden file at path, or rewrites the file
// with got when the tests run with -update. A difference fails the test
// with the first line that differs.
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run the test with -update and review the diff)\n%s", path, FirstLineDiff(string(want), string(got)))
	}
}

// FirstLineDiff describes the first line where got differs from want.
func FirstLineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return "line " + strconv.Itoa(i+1) + ":\nwant " + clip(wl, 300) + "\ngot  " + clip(gl, 300)
		}
	}
	return ""
}

// clip keeps the first n bytes of s.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
