package testutil

import (
	"os"
	"path/filepath"
	"testing"
)

// RepoRoot is the directory holding go.mod above the test; the test is
// skipped when there is none.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("no go.mod above the test directory")
		}
		dir = parent
	}
}

// SharedDataDir is ../shared/data beside the repository root, where the
// official data files are; the test is skipped when it is absent.
func SharedDataDir(t testing.TB) string {
	t.Helper()
	d := filepath.Join(RepoRoot(t), "..", "shared", "data")
	if _, err := os.Stat(d); err != nil {
		t.Skip("no shared data at " + d)
	}
	return d
}

// SharedFile is the path of rel under the shared data; the test is
// skipped when the file is absent.
func SharedFile(t testing.TB, rel string) string {
	t.Helper()
	p, ok := LookupShared(t, rel)
	if !ok {
		t.Skipf("shared data %s absent", rel)
	}
	return p
}

// LookupShared is the path of rel under the shared data, and whether the
// file is there, for tests that do without it.
func LookupShared(t testing.TB, rel string) (string, bool) {
	t.Helper()
	p := filepath.Join(RepoRoot(t), "..", "shared", "data", rel)
	_, err := os.Stat(p)
	return p, err == nil
}
