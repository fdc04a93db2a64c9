package kb

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedData returns the path of rel under the shared official data
// (../shared/data next to the repository root), skipping the test when the
// file is absent.
func sharedData(t testing.TB, rel string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("no go.mod above the test directory")
		}
		dir = parent
	}
	p := filepath.Join(dir, "..", "shared", "data", rel)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("shared data %s absent: %v", rel, err)
	}
	return p
}

// readShared reads a file of the shared official data (see sharedData).
func readShared(t testing.TB, rel string) []byte {
	t.Helper()
	b, err := os.ReadFile(sharedData(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// readTestdata reads a file under testdata/.
func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
