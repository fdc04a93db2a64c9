package artifact

import (
	"os"
	"path/filepath"
	"strings"
)

// lockedTemp creates a temporary file in dir (os.CreateTemp's pattern)
// and holds a lock on it until it is closed, so that cleanLeftovers, in
// this process or another, tells it from the leftover of a killed one.
func lockedTemp(dir, pattern string) (*os.File, error) {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	if err := lock(f); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return f, nil
}

// cleanLeftovers removes the files in dir matching pattern (a glob) that
// no process holds a lock on: what a process killed while it wrote them
// (kill -9, an out-of-memory kill, a node lost) left behind, with the
// directory named after each (NAME.d), if any. Where files cannot be
// locked (see lock), it removes nothing.
func cleanLeftovers(dir, pattern string) (removed []string) {
	matches, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil {
		return nil
	}
	for _, m := range matches {
		if strings.HasSuffix(m, ".d") {
			continue
		}
		f, err := os.Open(m)
		if err != nil {
			continue
		}
		free := tryLock(f)
		f.Close()
		if !free {
			continue
		}
		os.RemoveAll(m + ".d")
		if os.Remove(m) == nil {
			removed = append(removed, m)
		}
	}
	return removed
}
