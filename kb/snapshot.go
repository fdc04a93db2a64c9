package kb

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/klauspost/compress/zstd"

	"arbiter/data"
)

// AddSnapshot reads a snapshot of the official data laid out as package
// data's Official: upstream files compressed with zstd, each under its
// upstream path with ".zst" added. The files of mtg/cards are read as cards
// files, of mtg/cr as Comprehensive Rules releases, of mtg/rulings as
// rulings files and of ygo as clarification documents, in that order (the
// order of "bot kb build"'s flags), each under its path without ".zst", so
// that an index of the snapshot is the index of the upstream files.
func (c *Collection) AddSnapshot(fsys fs.FS) error {
	files, err := snapshotFiles(fsys)
	if err != nil {
		return err
	}
	byRole := map[string][]string{}
	for _, f := range files {
		role, _, _ := strings.Cut(strings.TrimPrefix(f, "mtg/"), "/")
		byRole[role] = append(byRole[role], f)
	}
	read := func(f string, fn func(name string, r io.Reader) error) error {
		file, err := fsys.Open(f)
		if err != nil {
			return err
		}
		defer file.Close()
		zr, err := zstd.NewReader(file, zstd.WithDecoderConcurrency(1))
		if err != nil {
			return err
		}
		defer zr.Close()
		return fn(strings.TrimSuffix(f, ".zst"), zr)
	}
	steps := []struct {
		role string
		fn   func(name string, r io.Reader) error
	}{
		{"cards", c.AddCards},
		{"cr", func(name string, r io.Reader) error {
			b, err := io.ReadAll(r)
			if err != nil {
				return err
			}
			return c.AddCR(name, b)
		}},
		{"rulings", c.AddRulings},
		{"ygo", func(name string, r io.Reader) error {
			b, err := io.ReadAll(r)
			if err != nil {
				return err
			}
			return c.AddDocument(name, b)
		}},
	}
	for _, s := range steps {
		for _, f := range byRole[s.role] {
			if err := read(f, s.fn); err != nil {
				return fmt.Errorf("kb: snapshot %s: %w", f, err)
			}
		}
		delete(byRole, s.role)
	}
	for role, files := range byRole {
		return fmt.Errorf("kb: snapshot: %s: no reader for the files of %s", files[0], role)
	}
	return nil
}

// snapshotFiles lists the .zst files of a snapshot, sorted.
func snapshotFiles(fsys fs.FS) ([]string, error) {
	var files []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && path.Ext(p) == ".zst" {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}

// DefaultCollection reads the sources of the default index: the
// embedded corpus (package data's FS) and a snapshot of the official data
// laid out as package data's Official (official: that snapshot, or a view
// of it that counts what is read).
func DefaultCollection(official fs.FS) (*Collection, error) {
	c := NewCollection()
	if err := c.AddCorpus(data.FS()); err != nil {
		return nil, err
	}
	if err := c.AddSnapshot(official); err != nil {
		return nil, err
	}
	return c, nil
}

// DefaultDir is where the default index is kept in the cache directory
// cache: a directory named by the DefaultKey of the embedded corpus and
// snapshot, so that a binary with other data, or another index format,
// keeps its own.
func DefaultDir(cache string) (string, error) {
	key, err := DefaultKey(data.FS(), data.Official())
	if err != nil {
		return "", err
	}
	return filepath.Join(cache, "index-"+key[:16]), nil
}

// indexVersion changes whenever what Build writes for the same sources
// changes (the documents' fields, the ranking tables, their format), so
// that an index kept under a DefaultKey is never read by code that would
// have built it differently.
const indexVersion = 42

// DefaultKey names the index of the given file systems (the embedded
// corpus and the snapshot, say): a digest of every file's path and bytes
// and of the index version, the same for the same sources and code.
func DefaultKey(fsys ...fs.FS) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "arbiter index %d\n", indexVersion)
	var n [8]byte
	for i, f := range fsys {
		fmt.Fprintf(h, "fs %d\n", i)
		err := fs.WalkDir(f, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := fs.ReadFile(f, p)
			if err != nil {
				return err
			}
			binary.LittleEndian.PutUint64(n[:], uint64(len(b)))
			h.Write([]byte(p))
			h.Write(n[:])
			h.Write(b)
			return nil
		})
		if err != nil {
			return "", fmt.Errorf("kb: digest: %w", err)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
