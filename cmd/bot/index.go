package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"time"

	"arbiter/cmd/bot/internal/progress"
	"arbiter/cmd/bot/internal/render"
	"arbiter/data"
	"arbiter/i18n"
	"arbiter/kb"
)

// openIndex opens the index at dir, or the default index when dir is
// empty (see defaultIndex), telling p's reader of its first build.
func (e *env) openIndex(ctx context.Context, p *i18n.Printer, dir string) (*kb.Index, error) {
	if dir == "" {
		return e.defaultIndex(ctx, p)
	}
	ix, err := kb.Open(ctx, dir)
	if err != nil {
		return nil, &render.IndexError{Dir: dir, Err: err}
	}
	return ix, nil
}

// cacheEnv names the directory where the default index is kept.
const cacheEnv = "ARBITER_CACHE"

// cacheDir is where the default index is kept: ARBITER_CACHE, else
// "arbiter" in the user's cache directory, else in the temporary one.
func (e *env) cacheDir() string {
	if d := e.getenv(cacheEnv); d != "" {
		return d
	}
	if d := userCacheDir(e.getenv); d != "" {
		return filepath.Join(d, "arbiter")
	}
	return filepath.Join(os.TempDir(), "arbiter-cache-"+strconv.Itoa(os.Getuid()))
}

// userCacheDir is os.UserCacheDir with the environment getenv gives (""
// when it tells none).
func userCacheDir(getenv func(string) string) string {
	switch runtime.GOOS {
	case "windows":
		return getenv("LocalAppData")
	case "darwin", "ios":
		if h := getenv("HOME"); h != "" {
			return filepath.Join(h, "Library", "Caches")
		}
		return ""
	}
	if d := getenv("XDG_CACHE_HOME"); filepath.IsAbs(d) {
		return d
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".cache")
	}
	return ""
}

// defaultIndexDir is the directory of the default index in the cache
// directory (see kb.DefaultDir).
func (e *env) defaultIndexDir() (string, error) { return kb.DefaultDir(e.cacheDir()) }

// defaultIndex opens the default index: the embedded corpus and the
// snapshot of the official data. The first run builds it into the cache
// directory, telling p's reader so and showing its progress on stderr;
// every later run opens it. Runs that start while another builds it wait
// for that build.
func (e *env) defaultIndex(ctx context.Context, p *i18n.Printer) (*kb.Index, error) {
	dir, err := e.defaultIndexDir()
	if err != nil {
		return nil, err
	}
	disp := e.display()
	show, done := stagesShown(disp, dir)
	built := false
	limit := debug.SetMemoryLimit(-1)
	ix, err := kb.OpenOrBuild(ctx, dir, kb.Builder{
		Collect: func() (*kb.Collection, error) {
			built = true
			fmt.Fprintln(e.stderr, p.T(i18n.KeyCLIDefaultBuilding, dir))
			// A build's live heap is above the limit of the commands
			// that answer, under which the collector would run without
			// pause.
			if limit < buildMemoryLimit {
				debug.SetMemoryLimit(buildMemoryLimit)
			}
			return collectDefault(disp)
		},
		BuiltAt:  time.Now().UTC().Format(time.RFC3339),
		Progress: show,
		Waiting:  func() { fmt.Fprintln(e.stderr, p.T(i18n.KeyCLIDefaultWaiting, dir)) },
	})
	done()
	if built {
		debug.SetMemoryLimit(limit)
	}
	if err != nil {
		return nil, &render.IndexError{Dir: dir, Err: err}
	}
	if built {
		pruneDefaults(dir)
	}
	return ix, nil
}

// collectDefault reads the embedded corpus and the snapshot of the
// official data into a collection, showing the snapshot's reading on d.
func collectDefault(d *progress.Display) (*kb.Collection, error) {
	snap := data.Official()
	var total int64
	fs.WalkDir(snap, ".", func(p string, de fs.DirEntry, err error) error {
		if err == nil && !de.IsDir() {
			if fi, err := de.Info(); err == nil {
				total += fi.Size()
			}
		}
		return nil
	})
	m := d.Bytes("read the official data", total)
	c, err := kb.DefaultCollection(meteredFS{snap, m})
	m.Done()
	if err != nil {
		return nil, err
	}
	d.Line(fmt.Sprintf("%d documents read; learning the French and Japanese words of the printed cards, compiling the names", len(c.Docs)))
	return c, c.Finish()
}

// meteredFS counts the bytes read from its files into a meter.
type meteredFS struct {
	fsys fs.FS
	m    *progress.Meter
}

// Open opens a file whose reads are counted.
func (f meteredFS) Open(name string) (fs.File, error) {
	file, err := f.fsys.Open(name)
	if err != nil {
		return nil, err
	}
	return meteredFile{file, f.m}, nil
}

type meteredFile struct {
	fs.File
	m *progress.Meter
}

func (f meteredFile) Read(p []byte) (int, error) {
	n, err := f.File.Read(p)
	f.m.Add(int64(n))
	return n, err
}

// ReadDir lists a directory of the file system, for fs.WalkDir.
func (f meteredFS) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(f.fsys, name) }

// pruneAge is how old the default index of other data or another format
// must be (since it was built) to be removed.
const pruneAge = 30 * 24 * time.Hour

// pruneDefaults removes, beside the default index at dir, those of other
// digests built more than pruneAge ago: each is as big as the index, and
// a binary with other data builds its own again if it is run.
func pruneDefaults(dir string) {
	others, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), "index-*"))
	for _, o := range others {
		if o == dir {
			continue
		}
		if fi, err := os.Stat(filepath.Join(o, "meta.json")); err == nil && time.Since(fi.ModTime()) > pruneAge {
			kb.Remove(o)
		}
	}
}
