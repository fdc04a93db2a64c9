package testutil

import (
	"crypto/rand"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"arbiter/kb"
)

// An index is built once per test binary and kept in memory, file by
// file, for the tests that need one on disk: each gets a copy of its own,
// laid out as kb.Build lays out its directory, in milliseconds instead of
// seconds.

// builtIndex is an index directory's files and what the build said of it.
type builtIndex struct {
	files map[string][]byte // by path relative to the directory
	modes map[string]fs.FileMode
	meta  kb.Meta
}

// builds holds the indexes built so far, by what they were built from.
type builds struct {
	mu   sync.Mutex
	done map[string]*sync.Once
	ix   map[string]*builtIndex
	errs map[string]error
}

var built = &builds{done: map[string]*sync.Once{}, ix: map[string]*builtIndex{}, errs: map[string]error{}}

// get returns the index of key, building it with build (into a temporary
// directory) the first time.
func (b *builds) get(key string, build func(dir string) (kb.Meta, error)) (*builtIndex, error) {
	b.mu.Lock()
	once, ok := b.done[key]
	if !ok {
		once = &sync.Once{}
		b.done[key] = once
	}
	b.mu.Unlock()
	once.Do(func() {
		tmp, err := os.MkdirTemp("", "arbiter-test-index-")
		if err != nil {
			b.set(key, nil, err)
			return
		}
		defer os.RemoveAll(tmp)
		dir := filepath.Join(tmp, "index")
		meta, err := build(dir)
		if err != nil {
			b.set(key, nil, err)
			return
		}
		ix, err := readIndexDir(dir)
		if ix != nil {
			ix.meta = meta
		}
		b.set(key, ix, err)
	})
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.ix[key], b.errs[key]
}

func (b *builds) set(key string, ix *builtIndex, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.ix[key], b.errs[key] = ix, err
}

// readIndexDir reads the files of the index directory dir (a symlink to
// the build, as kb.Build leaves it).
func readIndexDir(dir string) (*builtIndex, error) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, err
	}
	ix := &builtIndex{files: map[string][]byte{}, modes: map[string]fs.FileMode{}}
	err = filepath.WalkDir(real, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(real, p)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		ix.files[rel], ix.modes[rel] = b, info.Mode().Perm()
		return nil
	})
	return ix, err
}

// writeTo puts the index at dir as kb.Build does: its files in a new
// directory beside dir, then dir, a symlink, switched to it with a
// rename; what dir pointed to before is removed, as a rebuild removes it.
func (ix *builtIndex) writeTo(dir string) error {
	dir = filepath.Clean(dir)
	parent, base := filepath.Split(dir)
	if parent == "" {
		parent = "."
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	id := make([]byte, 6)
	if _, err := rand.Read(id); err != nil {
		return err
	}
	stamp := hex.EncodeToString(id)
	target := "." + base + "." + stamp
	for rel, b := range ix.files {
		p := filepath.Join(parent, target, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, ix.modes[rel]); err != nil {
			return err
		}
	}
	old, _ := os.Readlink(dir)
	link := filepath.Join(parent, "."+base+".link-"+stamp)
	if err := os.Symlink(target, link); err != nil {
		return err
	}
	if err := os.Rename(link, dir); err != nil {
		return err
	}
	if old != "" && !filepath.IsAbs(old) {
		os.RemoveAll(filepath.Join(parent, old))
	}
	return nil
}

// copyBuilt puts at dir the index of key, built by build the first time.
func copyBuilt(t testing.TB, dir, key string, build func(dir string) (kb.Meta, error)) kb.Meta {
	t.Helper()
	ix, err := built.get(key, build)
	if err != nil {
		t.Fatalf("build the index of %s: %v", key, err)
	}
	if err := ix.writeTo(dir); err != nil {
		t.Fatalf("copy the index of %s to %s: %v", key, dir, err)
	}
	return ix.meta
}
