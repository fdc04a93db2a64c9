package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
	"arbiter/kb"
)

// testCacheDir is where the tests keep the default index (kb's tests use
// the same one, kb/eval_test.go's testCache), for every test
// binary and every run of the tests: it is named by the digest of what it
// is built from, so it is built once until the data or the index format
// change, and the builds of concurrent test binaries wait for one another.
func testCacheDir() string { return filepath.Join(os.TempDir(), "arbiter-test-cache") }

// defaultBuilt builds the default index in the tests' cache directory,
// or finds it built, once per test binary: tests that answer from it call
// it first, so that no output of theirs shows a first build.
var defaultBuilt = sync.OnceValue(func() error {
	cat, err := catalog()
	if err != nil {
		return err
	}
	e := &env{ctx: context.Background(), getenv: testGetenv(os.Getenv), stdin: nil, stdout: io.Discard, stderr: io.Discard, cat: cat}
	ix, err := e.defaultIndex(context.Background(), cat.Printer(i18n.EN))
	if err != nil {
		return err
	}
	return ix.Close()
})

// needDefault makes sure the default index is built before the test
// answers from it.
func needDefault(t testing.TB) {
	t.Helper()
	if err := defaultBuilt(); err != nil {
		t.Fatalf("the default index: %v", err)
	}
}

// testGetenv is getenv with the tests' cache directory as ARBITER_CACHE
// when getenv gives none.
func testGetenv(getenv func(string) string) func(string) string {
	return func(k string) string {
		if v := getenv(k); v != "" || k != cacheEnv {
			return v
		}
		return testCacheDir()
	}
}

// defaultMeta is what the default index holds.
func defaultMeta(t testing.TB) kb.Meta {
	t.Helper()
	needDefault(t)
	cat, err := catalog()
	if err != nil {
		t.Fatal(err)
	}
	e := &env{getenv: testGetenv(os.Getenv), cat: cat}
	dir, err := e.defaultIndexDir()
	if err != nil {
		t.Fatal(err)
	}
	m, err := kb.ReadMeta(dir)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// seedIndex is an index of the embedded corpus alone, as "bot kb build
// --out DIR" builds it, put at a directory of the test's own: for the
// tests of what the seed documents answer.
func seedIndex(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "seed-index")
	testutil.BuildSeed(t, dir)
	return dir
}

// TestDefaultReleases compares and looks up the two CR releases the
// default index holds, with no --index: kb diff by dates, an old rule
// number renumbered since, and a release the index does not hold.
func TestDefaultReleases(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"diff", []string{"kb", "diff", "--summary", "2026-01-16", "2026-04-17"}, 0, "722.1→723.1", ""},
		{"diff-json", []string{"kb", "diff", "--json", "2026-01-16", "2026-04-17"}, 0, `"from":"2026-01-16"`, ""},
		{"renumbered", []string{"rule", "--cr-date", "2026-01-16", "722.1"}, 0, "this rule has become rule 723.1 of the current one (April 17, 2026)", ""},
		{"no-such-release", []string{"rule", "--cr-date", "2025-01-01", "702.19b"}, 2, "", "no Comprehensive Rules release of 2025-01-01 (it has: 2026-01-16, 2026-04-17)"},
		{"diff-no-such-release-fr", []string{"kb", "diff", "--lang", "fr", "2025-01-01", "2026-04-17"}, 2, "", "2025-01-01"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCLI(t, tt.args...)
			if code != tt.code || !strings.Contains(out, tt.stdout) || !strings.Contains(errs, tt.stderr) {
				t.Errorf("exit %d (want %d)\nstdout (want %q): %.600s\nstderr (want %q): %s", code, tt.code, tt.stdout, out, tt.stderr, errs)
			}
		})
	}
}
