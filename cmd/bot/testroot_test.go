package main

import (
	"os"
	"path/filepath"
	"testing"
)

// repoRoot is the directory holding go.mod above the test.
func repoRoot(t testing.TB) string {
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

// sharedDataDir is ../shared/data beside the repository root, where the
// official data files are; the test is skipped when it is absent.
func sharedDataDir(t testing.TB) string {
	t.Helper()
	d := filepath.Join(repoRoot(t), "..", "shared", "data")
	if _, err := os.Stat(d); err != nil {
		t.Skip("no shared data at " + d)
	}
	return d
}

// sharedFile is the path of rel under the shared data; the test is skipped
// when the file is absent.
func sharedFile(t testing.TB, rel string) string {
	t.Helper()
	p := filepath.Join(sharedDataDir(t), rel)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("shared data %s absent: %v", rel, err)
	}
	return p
}
