package kb

import (
	"compress/gzip"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
)

// tables is what an index directory of format 1 keeps beside bleve, as
// JSON in collection.json.gz: the card name table, the glossary and
// renumbering sources, and the ranking and topic tables.
type tables struct {
	Cards          []cardEntry `json:"cards"`
	GlossarySrc    []byte      `json:"glossary_yaml,omitempty"`
	RenumberingSrc []byte      `json:"renumbering_yaml,omitempty"`
	// Docs is the ranking information of every searchable document, by
	// ID; absent from the oldest indexes.
	Docs map[string]docInfo `json:"docs,omitempty"`
	// Topics, the meanings of the lexicon's names (its transducer is the
	// file lexicon.fst) and the Yu-Gi-Oh! cards they refer to.
	Topics  []topic    `json:"topics,omitempty"`
	LexVals [][]lexRef `json:"lex,omitempty"`
	YGO     []YGOCard  `json:"ygo,omitempty"`
	// Translations are the English words learned for French and Japanese
	// words from the printed cards (see bilingual.go).
	Translations translations `json:"translations,omitempty"`
}

func readTables(file string) (*tables, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	var t tables
	if err := json.NewDecoder(zr).Decode(&t); err != nil {
		return nil, err
	}
	return &t, nil
}

// flat returns the tables of format 1 as a tables file. An index built
// before the ranking table existed has its table made from its stored
// documents (bl).
func (t *tables) flat(ctx context.Context, bl bleve.Index) ([]byte, error) {
	if t.Docs == nil {
		var err error
		if t.Docs, err = scanInfos(ctx, bl); err != nil {
			return nil, err
		}
	}
	return encodeTables(tableSource{infos: t.Docs, cards: t.Cards, lex: t.LexVals,
		misc: misc{Topics: t.Topics, YGO: t.YGO, Translations: t.Translations, GlossarySrc: t.GlossarySrc, RenumberingSrc: t.RenumberingSrc}})
}

// writeSynced creates file, writes it with fn and syncs it to disk.
func writeSynced(file string, fn func(io.Writer) error) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if err := fn(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Build writes the collection as an index at dir, atomically: the index is
// built in a fresh sibling directory, then dir (a symlink) is switched to it
// with a rename, so a reader of dir sees the old index or the new one, never a
// partial one. On failure dir is untouched and the partial build is removed.
// Builds left behind by a killed process are removed by the next Build.
func Build(ctx context.Context, dir string, c *Collection, builtAt string) (Meta, error) {
	return buildReporting(ctx, dir, c, builtAt, nil)
}

// buildReporting is Build, telling progress (nil: nobody) how it advances.
func buildReporting(ctx context.Context, dir string, c *Collection, builtAt string, progress func(BuildProgress)) (Meta, error) {
	meta, err := build(ctx, dir, c, builtAt, progress)
	var pe *ParseError
	if err != nil && !errors.As(err, &pe) && !errors.Is(err, ErrBuildInProgress) && ctx.Err() == nil {
		return meta, &WriteError{Dir: dir, Err: err}
	}
	return meta, err
}

// WriteError is a build that failed writing its directory (disk full, a
// read-only file system, a file in the way); Dir is untouched.
type WriteError struct {
	Dir string
	Err error
}

func (e *WriteError) Error() string { return "kb: build " + e.Dir + ": " + e.Err.Error() }
func (e *WriteError) Unwrap() error { return e.Err }

func build(ctx context.Context, dir string, c *Collection, builtAt string, progress func(BuildProgress)) (Meta, error) {
	if err := c.Finish(); err != nil {
		return Meta{}, err
	}
	dir = filepath.Clean(dir)
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return Meta{}, fmt.Errorf("kb: build: %w", err)
	}
	unlock, err := lockBuild(dir)
	if err != nil {
		return Meta{}, err
	}
	defer unlock()
	return buildLocked(ctx, dir, c, builtAt, progress)
}

// buildLocked is build, its caller holding the lock of dir.
func buildLocked(ctx context.Context, dir string, c *Collection, builtAt string, progress func(BuildProgress)) (Meta, error) {
	if err := c.Finish(); err != nil {
		return Meta{}, err
	}
	dir = filepath.Clean(dir)
	parent, base := filepath.Split(dir)
	if parent == "" {
		parent = "."
	}
	cleanStale(dir)
	id := make([]byte, 6)
	if _, err := rand.Read(id); err != nil {
		return Meta{}, err
	}
	stamp := hex.EncodeToString(id)
	work := filepath.Join(parent, "."+base+".tmp-"+stamp)
	final := filepath.Join(parent, "."+base+"."+stamp)
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(work)
		}
	}()
	if err := os.Mkdir(work, 0o755); err != nil {
		return Meta{}, fmt.Errorf("kb: build: %w", err)
	}
	m, err := newMapping()
	if err != nil {
		return Meta{}, err
	}
	// The texts are indexed in a scratch directory, merged into one
	// segment, and that one snapshot copied to its place: scorch deletes
	// the files of merged segments in the background, often after the
	// index is closed, which would leave them in the build (half its size).
	scratch := filepath.Join(work, blevePath+".scratch")
	bl, err := bleve.NewUsing(scratch, m, scorch.Name, scorch.Name, nil)
	if err != nil {
		return Meta{}, fmt.Errorf("kb: build: %w", err)
	}
	var indexed func(int)
	if progress != nil {
		indexed = func(n int) { report(progress, StageIndex, n, len(c.Docs)) }
	}
	if err := indexCollection(ctx, bl, c, JABoth, indexed); err != nil {
		bl.Close()
		return Meta{}, err
	}
	if err := mergeSegments(ctx, bl, progress); err != nil {
		bl.Close()
		return Meta{}, err
	}
	report(progress, StageWrite, 0, 1)
	if err := copyIndex(bl, filepath.Join(work, blevePath)); err != nil {
		bl.Close()
		return Meta{}, err
	}
	if err := bl.Close(); err != nil {
		return Meta{}, fmt.Errorf("kb: build: %w", err)
	}
	if err := os.RemoveAll(scratch); err != nil {
		return Meta{}, fmt.Errorf("kb: build: %w", err)
	}
	if c.lex != nil && len(c.lex.data) > 0 {
		if err := writeFileSync(filepath.Join(work, lexiconPath), c.lex.data); err != nil {
			return Meta{}, fmt.Errorf("kb: build: %w", err)
		}
	}
	src, err := tablesOf(c)
	if err != nil {
		return Meta{}, err
	}
	tb, err := encodeTables(src)
	if err != nil {
		return Meta{}, err
	}
	if err := writeFileSync(filepath.Join(work, tablesPath), tb); err != nil {
		return Meta{}, fmt.Errorf("kb: build: %w", err)
	}
	if len(c.crSrc) > 0 {
		if err := os.Mkdir(filepath.Join(work, releasesPath), 0o755); err != nil {
			return Meta{}, fmt.Errorf("kb: build: %w", err)
		}
		for date, src := range c.crSrc {
			if err := writeFileSync(filepath.Join(work, releasesPath, date+".txt"), src); err != nil {
				return Meta{}, fmt.Errorf("kb: build: %w", err)
			}
		}
	}
	meta := c.Meta()
	meta.BuiltAt = builtAt
	mb, err := json.MarshalIndent(meta, "", "  ")
	if err != nil {
		return Meta{}, err
	}
	// meta.json is written last: its presence marks a complete index.
	if err := writeFileSync(filepath.Join(work, metaPath), mb); err != nil {
		return Meta{}, fmt.Errorf("kb: build: %w", err)
	}
	if err := os.Rename(work, final); err != nil {
		return Meta{}, fmt.Errorf("kb: build: %w", err)
	}
	if err := swapLink(dir, "."+base+"."+stamp); err != nil {
		os.RemoveAll(final)
		return Meta{}, err
	}
	ok = true
	return meta, nil
}

// swapLink points the symlink dir at target (relative to dir's parent),
// atomically, and removes what dir pointed to before. A dir that is a real
// directory (not a symlink) is moved aside first.
func swapLink(dir, target string) error {
	parent, base := filepath.Split(dir)
	if parent == "" {
		parent = "."
	}
	old, _ := os.Readlink(dir)
	if fi, err := os.Lstat(dir); err == nil && fi.Mode()&os.ModeSymlink == 0 {
		aside := filepath.Join(parent, "."+base+".old-"+target[len(base)+2:])
		if err := os.Rename(dir, aside); err != nil {
			return fmt.Errorf("kb: build: %w", err)
		}
		old = filepath.Base(aside)
	}
	tmpLink := filepath.Join(parent, "."+base+".link-"+target[len(base)+2:])
	os.Remove(tmpLink)
	if err := os.Symlink(target, tmpLink); err != nil {
		return fmt.Errorf("kb: build: %w", err)
	}
	if err := os.Rename(tmpLink, dir); err != nil {
		os.Remove(tmpLink)
		return fmt.Errorf("kb: build: %w", err)
	}
	if old != "" && old != target && !filepath.IsAbs(old) && strings.HasPrefix(old, "."+base+".") {
		os.RemoveAll(filepath.Join(parent, old))
	}
	return nil
}

// ErrBuildInProgress is returned by Build when another build of the same
// directory holds its lock.
var ErrBuildInProgress = errors.New("kb: another build of this index is in progress")

// lockBuild takes the lock file ".DIR.lock" beside dir, so two builds of
// one index never run at once (and one never cleans the other's work).
// The lock is released by the kernel if the process dies.
func lockBuild(dir string) (func(), error) {
	f, err := openLock(dir)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, ErrBuildInProgress
	}
	return unlocker(f), nil
}

// waitLockBuild is lockBuild, waiting while another process holds the
// lock (telling waiting, if not nil, once) until ctx ends.
func waitLockBuild(ctx context.Context, dir string, waiting func()) (func(), error) {
	f, err := openLock(dir)
	if err != nil {
		return nil, err
	}
	for told := false; ; {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return unlocker(f), nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			f.Close()
			return nil, fmt.Errorf("kb: build: lock: %w", err)
		}
		if !told && waiting != nil {
			waiting()
			told = true
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// openLock opens (creating it) the lock file of dir.
func openLock(dir string) (*os.File, error) {
	parent, base := filepath.Split(filepath.Clean(dir))
	if parent == "" {
		parent = "."
	}
	f, err := os.OpenFile(filepath.Join(parent, "."+base+".lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("kb: build: %w", err)
	}
	return f, nil
}

func unlocker(f *os.File) func() {
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}
}

// A Builder makes the index OpenOrBuild opens when its directory holds
// none.
type Builder struct {
	// Collect returns the sources; it is called only when a build is
	// needed, under the build's lock.
	Collect func() (*Collection, error)
	BuiltAt string
	// Progress, if not nil, is told how the build advances (see
	// BuildWithProgress).
	Progress func(BuildProgress)
	// Waiting, if not nil, is told once that another process is building
	// the index, before OpenOrBuild waits for it.
	Waiting func()
}

// OpenOrBuild opens the index at dir, building it first with b when dir
// holds no index that opens (none yet, or a damaged one). The build
// happens once: a concurrent OpenOrBuild of the same dir, in this process
// or another, waits for it and opens what it built.
func OpenOrBuild(ctx context.Context, dir string, b Builder) (*Index, error) {
	if ix, err := Open(ctx, dir); err == nil {
		return ix, nil
	}
	if err := os.MkdirAll(filepath.Dir(filepath.Clean(dir)), 0o755); err != nil {
		return nil, &WriteError{Dir: dir, Err: err}
	}
	unlock, err := waitLockBuild(ctx, dir, b.Waiting)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if ix, err := Open(ctx, dir); err == nil {
		return ix, nil // built while this one waited
	}
	c, err := b.Collect()
	if err != nil {
		return nil, err
	}
	if _, err := buildLocked(ctx, dir, c, b.BuiltAt, b.Progress); err != nil {
		var pe *ParseError
		if !errors.As(err, &pe) && ctx.Err() == nil {
			err = &WriteError{Dir: dir, Err: err}
		}
		return nil, err
	}
	return Open(ctx, dir)
}

// CleanStale removes the partial builds (".DIR.tmp-*") that a killed build
// left beside dir. It never touches the directory dir points to, and does
// nothing while a build of dir is running.
func CleanStale(dir string) {
	unlock, err := lockBuild(dir)
	if err != nil {
		return
	}
	defer unlock()
	cleanStale(dir)
}

func cleanStale(dir string) {
	parent, base := filepath.Split(filepath.Clean(dir))
	if parent == "" {
		parent = "."
	}
	matches, _ := filepath.Glob(filepath.Join(parent, "."+base+".tmp-*"))
	links, _ := filepath.Glob(filepath.Join(parent, "."+base+".link-*"))
	for _, m := range append(matches, links...) {
		os.RemoveAll(m)
	}
}

func writeFileSync(name string, b []byte) error {
	return writeSynced(name, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}

// Releases returns the Comprehensive Rules texts an index directory holds,
// by effective date, so that a rebuild or a diff can use them again.
func Releases(dir string) (map[string]string, error) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, fmt.Errorf("%w at %s: %v", ErrNoIndex, dir, err)
	}
	files, err := filepath.Glob(filepath.Join(real, releasesPath, "*.txt"))
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, f := range files {
		out[strings.TrimSuffix(filepath.Base(f), ".txt")] = f
	}
	return out, nil
}

// IsNoIndex reports whether err means the directory holds no usable index.
func IsNoIndex(err error) bool { return errors.Is(err, ErrNoIndex) }

// PendingDir is where a build waiting for promotion is kept, beside dir.
func PendingDir(dir string) string { return filepath.Clean(dir) + ".pending" }

// Promote makes the pending index beside dir (see PendingDir) the one dir
// serves, atomically, and removes the previous one.
func Promote(dir string) (Meta, error) {
	dir = filepath.Clean(dir)
	pending := PendingDir(dir)
	target, err := os.Readlink(pending)
	if err != nil {
		return Meta{}, fmt.Errorf("%w at %s: nothing pending", ErrNoIndex, pending)
	}
	parent, base := filepath.Split(dir)
	if parent == "" {
		parent = "."
	}
	// The pending build lives beside its own link: ".<base>.pending.<id>".
	// Move it under dir's name so later builds clean it up as dir's.
	stamp := target[strings.LastIndexByte(target, '.')+1:]
	moved := "." + base + "." + stamp
	if err := os.Rename(filepath.Join(parent, target), filepath.Join(parent, moved)); err != nil {
		return Meta{}, fmt.Errorf("kb: promote: %w", err)
	}
	meta, err := ReadMeta(filepath.Join(parent, moved))
	if err != nil {
		return Meta{}, err
	}
	if err := swapLink(dir, moved); err != nil {
		return Meta{}, err
	}
	os.Remove(pending)
	return meta, nil
}

// ReadMeta returns the Meta of the index at dir without opening it.
func ReadMeta(dir string) (Meta, error) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return Meta{}, fmt.Errorf("%w at %s: %v", ErrNoIndex, dir, err)
	}
	mb, err := os.ReadFile(filepath.Join(real, metaPath))
	if err != nil {
		return Meta{}, fmt.Errorf("%w at %s: %v", ErrNoIndex, dir, err)
	}
	var meta Meta
	if err := json.Unmarshal(mb, &meta); err != nil {
		return Meta{}, fmt.Errorf("%w at %s: unreadable %s", ErrNoIndex, dir, metaPath)
	}
	return meta, nil
}

// copyIndex copies bl's current snapshot, and only its files, to dir.
func copyIndex(bl bleve.Index, dir string) error {
	cp, ok := bl.(bleve.IndexCopyable)
	if !ok {
		return fmt.Errorf("kb: build: the index cannot be copied")
	}
	if err := cp.CopyTo(syncedDir(dir)); err != nil {
		return fmt.Errorf("kb: build: %w", err)
	}
	return nil
}

// syncedDir is a directory for bleve's copy whose files reach the disk
// when closed, as the index's own writes do. The root file is given as is:
// scorch opens it as a bolt database, which syncs its own writes.
type syncedDir string

func (d syncedDir) GetWriter(name string) (io.WriteCloser, error) {
	path := filepath.Join(string(d), name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, err
	}
	if filepath.Base(name) == "root.bolt" {
		return f, nil
	}
	return syncedFile{f}, nil
}

type syncedFile struct{ *os.File }

func (f syncedFile) Close() error {
	if err := f.Sync(); err != nil {
		f.File.Close()
		return err
	}
	return f.File.Close()
}

// mergeSegments merges the index into one segment: a question then reads
// one posting list per term instead of one per segment.
// progress, if not nil, is told how the merge advances.
func mergeSegments(ctx context.Context, bl bleve.Index, progress func(BuildProgress)) error {
	adv, err := bl.Advanced()
	if err != nil {
		return fmt.Errorf("kb: build: %w", err)
	}
	sc, ok := adv.(*scorch.Scorch)
	if !ok {
		return nil
	}
	if progress != nil {
		stop, watched := make(chan struct{}), make(chan struct{})
		go func() {
			watchMerge(sc, progress, stop)
			close(watched)
		}()
		defer func() {
			close(stop)
			<-watched
		}()
	}
	if err := sc.ForceMerge(ctx, nil); err != nil {
		return fmt.Errorf("kb: build: merge: %w", err)
	}
	return ctx.Err()
}

// Remove removes the index at dir: the build it points to, the link
// itself, what killed builds left beside it and its lock file. It does
// nothing while a build of dir is running.
func Remove(dir string) error {
	dir = filepath.Clean(dir)
	unlock, err := lockBuild(dir)
	if err != nil {
		return err
	}
	defer unlock()
	cleanStale(dir)
	parent, base := filepath.Split(dir)
	if parent == "" {
		parent = "."
	}
	if target, err := os.Readlink(dir); err == nil && !filepath.IsAbs(target) && strings.HasPrefix(target, "."+base+".") {
		if err := os.RemoveAll(filepath.Join(parent, target)); err != nil {
			return err
		}
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	return os.Remove(filepath.Join(parent, "."+base+".lock"))
}
