package artifact

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"arbiter/kb"
)

// Names of the objects in a bucket.
const (
	prefix     = "index/"
	latestName = prefix + "latest.json"
)

// manifestFormat is the version of the manifest's fields.
const manifestFormat = 1

// publishPattern names the archive Publish writes in the temporary
// directory; fetchPattern the archive Fetch downloads into the cache
// (and NAME.d the directory it is unpacked into).
const (
	publishPattern = "arbiter-publish-*.tar.gz"
	fetchPattern   = ".fetch-*.tar.gz"
)

// Manifest describes a published build. Its digest is the SHA-256 of the
// archive, which names both.
type Manifest struct {
	Format    int    `json:"format"`
	Digest    string `json:"digest"` // "sha256:<hex>"
	Archive   string `json:"archive"`
	Size      int64  `json:"size"`
	Published string `json:"published"` // RFC 3339
	BuiltAt   string `json:"built_at,omitempty"`
	CurrentCR string `json:"current_cr,omitempty"`
	Docs      int    `json:"docs"`
}

// ErrCorrupt is an archive whose size or digest is not its manifest's,
// or that does not unpack into an index.
var ErrCorrupt = errors.New("artifact: corrupt archive")

// hexOf is the hex part of a digest.
func hexOf(digest string) string { return strings.TrimPrefix(digest, "sha256:") }

// archiveName and manifestName are the objects of a digest.
func archiveName(digest string) string  { return prefix + "sha256-" + hexOf(digest) + ".tar.gz" }
func manifestName(digest string) string { return prefix + "sha256-" + hexOf(digest) + ".json" }

// validDigest tells whether d is "sha256:" and 64 lower-case hex digits.
func validDigest(d string) bool {
	h := strings.TrimPrefix(d, "sha256:")
	if len(h) != 64 || h == d {
		return false
	}
	_, err := hex.DecodeString(h)
	return err == nil && strings.ToLower(h) == h
}

// Publish packs the index at dir (a build, or the link to one) into one
// archive, and stores it with its manifest, then points "latest" at it.
// The archive is deterministic: the same build gives the same digest.
func Publish(ctx context.Context, b Bucket, dir string, now time.Time) (Manifest, error) {
	meta, err := kb.ReadMeta(dir)
	if err != nil {
		return Manifest{}, err
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return Manifest{}, fmt.Errorf("artifact: %w", err)
	}
	// A publish killed before (kill -9, out of memory) left its archive.
	cleanLeftovers(os.TempDir(), publishPattern)
	tmp, err := lockedTemp("", publishPattern)
	if err != nil {
		return Manifest{}, fmt.Errorf("artifact: %w", err)
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	h := sha256.New()
	if err := pack(real, io.MultiWriter(tmp, h)); err != nil {
		return Manifest{}, err
	}
	size, err := tmp.Seek(0, io.SeekCurrent)
	if err != nil {
		return Manifest{}, fmt.Errorf("artifact: %w", err)
	}
	digest := "sha256:" + hex.EncodeToString(h.Sum(nil))
	m := Manifest{Format: manifestFormat, Digest: digest, Archive: archiveName(digest), Size: size,
		Published: now.UTC().Format(time.RFC3339), BuiltAt: meta.BuiltAt, CurrentCR: meta.CurrentCR, Docs: meta.Docs}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return Manifest{}, fmt.Errorf("artifact: %w", err)
	}
	if err := b.Put(ctx, m.Archive, tmp, size); err != nil {
		return Manifest{}, err
	}
	mb, _ := json.MarshalIndent(m, "", "  ")
	if err := b.Put(ctx, manifestName(digest), bytes.NewReader(mb), int64(len(mb))); err != nil {
		return Manifest{}, err
	}
	if err := b.Put(ctx, latestName, bytes.NewReader(mb), int64(len(mb))); err != nil {
		return Manifest{}, err
	}
	return m, nil
}

// pack writes the files under dir as a gzipped tar, in name order, with
// no times, owners or modes of their own.
func pack(dir string, w io.Writer) error {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() || d.IsDir() && p != dir {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("artifact: %w", err)
	}
	sort.Strings(files)
	zw, _ := gzip.NewWriterLevel(w, gzip.BestSpeed)
	tw := tar.NewWriter(zw)
	for _, rel := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		fi, err := os.Stat(p)
		if err != nil {
			return fmt.Errorf("artifact: %w", err)
		}
		hdr := &tar.Header{Name: rel, Mode: 0o644, Typeflag: tar.TypeReg, Size: fi.Size(), Format: tar.FormatPAX}
		if fi.IsDir() {
			hdr = &tar.Header{Name: rel + "/", Mode: 0o755, Typeflag: tar.TypeDir, Format: tar.FormatPAX}
		}
		if err := tw.WriteHeader(hdr); err != nil {
			return fmt.Errorf("artifact: %w", err)
		}
		if fi.IsDir() {
			continue
		}
		f, err := os.Open(p)
		if err != nil {
			return fmt.Errorf("artifact: %w", err)
		}
		_, err = io.Copy(tw, f)
		f.Close()
		if err != nil {
			return fmt.Errorf("artifact: %w", err)
		}
	}
	if err := tw.Close(); err != nil {
		return fmt.Errorf("artifact: %w", err)
	}
	return zw.Close()
}

// Resolve reads the manifest of want: "latest" (or "") or a digest.
func Resolve(ctx context.Context, b Bucket, want string) (Manifest, error) {
	name := latestName
	if want != "" && want != "latest" {
		if !validDigest(want) {
			return Manifest{}, fmt.Errorf("artifact: %q is neither latest nor a sha256: digest", want)
		}
		name = manifestName(want)
	}
	r, err := b.Get(ctx, name)
	if err != nil {
		return Manifest{}, err
	}
	defer r.Close()
	var m Manifest
	if err := json.NewDecoder(io.LimitReader(r, 1<<20)).Decode(&m); err != nil {
		return Manifest{}, fmt.Errorf("artifact: manifest %s: %w", name, err)
	}
	if !validDigest(m.Digest) || m.Archive != archiveName(m.Digest) || m.Size <= 0 {
		return Manifest{}, fmt.Errorf("artifact: manifest %s: not a manifest of this format", name)
	}
	if want != "" && want != "latest" && m.Digest != want {
		return Manifest{}, fmt.Errorf("artifact: manifest %s names %s", name, m.Digest)
	}
	return m, nil
}

// buildDir is where the cache keeps the build of a digest.
func buildDir(cache, digest string) string { return filepath.Join(cache, "sha256-"+hexOf(digest)) }

// Fetch makes the build of m ready in cache (a local directory) and
// returns its directory: the archive is downloaded, its size and digest
// checked, and only then unpacked and checked to hold an index; the
// SHA-256 of every file unpacked is kept beside the build (see Verify).
// A build already in the cache is verified and kept, or, when it is
// damaged, fetched again. On any error nothing is left behind and the
// other builds in the cache are untouched.
func Fetch(ctx context.Context, b Bucket, m Manifest, cache string) (string, error) {
	final := buildDir(cache, m.Digest)
	if _, err := os.Stat(final); err == nil {
		if Verify(cache, m.Digest) == nil {
			return final, nil
		}
		// Damaged, or from a version that kept no sums: fetched again.
		os.RemoveAll(final)
		os.Remove(sumsFile(cache, m.Digest))
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return "", fmt.Errorf("artifact: %w", err)
	}
	cleanLeftovers(cache, fetchPattern)
	r, err := b.Get(ctx, m.Archive)
	if err != nil {
		return "", err
	}
	defer r.Close()
	tmp, err := lockedTemp(cache, fetchPattern)
	if err != nil {
		return "", fmt.Errorf("artifact: %w", err)
	}
	work := tmp.Name() + ".d"
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(tmp, h), io.LimitReader(ctxReader{ctx, r}, m.Size+1))
	if err != nil {
		return "", fmt.Errorf("artifact: fetch %s: %w", m.Digest, err)
	}
	if n != m.Size {
		return "", fmt.Errorf("%w: %s is %d bytes, its manifest says %d", ErrCorrupt, m.Archive, n, m.Size)
	}
	if got := "sha256:" + hex.EncodeToString(h.Sum(nil)); got != m.Digest {
		return "", fmt.Errorf("%w: %s has digest %s", ErrCorrupt, m.Archive, got)
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return "", fmt.Errorf("artifact: %w", err)
	}
	if err := os.Mkdir(work, 0o755); err != nil {
		return "", fmt.Errorf("artifact: %w", err)
	}
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(work)
		}
	}()
	sums, err := unpack(tmp, work)
	if err != nil {
		return "", err
	}
	meta, err := kb.ReadMeta(work)
	if err != nil || meta.Docs != m.Docs {
		return "", fmt.Errorf("%w: %s holds no index of %d documents", ErrCorrupt, m.Archive, m.Docs)
	}
	if err := writeSums(cache, m.Digest, sums); err != nil {
		return "", err
	}
	if err := os.Rename(work, final); err != nil {
		if Verify(cache, m.Digest) == nil {
			// Fetched meanwhile by another process sharing the cache.
			return final, nil
		}
		return "", fmt.Errorf("artifact: %w", err)
	}
	ok = true
	return final, nil
}

// fileSum is the size and SHA-256 of a file of a build.
type fileSum struct {
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// sumsFile is where the sums of a build's files are kept: beside it, so
// that the build holds only what the archive held.
func sumsFile(cache, digest string) string { return buildDir(cache, digest) + ".sums" }

// writeSums keeps the sums of a build's files, atomically.
func writeSums(cache, digest string, sums map[string]fileSum) error {
	b, err := json.MarshalIndent(sums, "", " ")
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(cache, ".sums-*")
	if err != nil {
		return fmt.Errorf("artifact: %w", err)
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), sumsFile(cache, digest))
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("artifact: %w", err)
	}
	return nil
}

// ErrNoSums is a build in the cache whose sums are not kept (fetched by
// an earlier version): it cannot be verified.
var ErrNoSums = errors.New("artifact: the build's sums are not kept")

// Verify checks the build of digest in cache against the sums recorded
// when it was unpacked from its archive, whose digest had been checked:
// the same files, of the same sizes and SHA-256. A build that fails is
// ErrCorrupt (or ErrNoSums): fetch it again. It reads the whole build
// (tens of megabytes: a fraction of a second).
func Verify(cache, digest string) error {
	b, err := os.ReadFile(sumsFile(cache, digest))
	if errors.Is(err, fs.ErrNotExist) {
		return ErrNoSums
	}
	if err != nil {
		return fmt.Errorf("artifact: %w", err)
	}
	var want map[string]fileSum
	if err := json.Unmarshal(b, &want); err != nil || len(want) == 0 {
		return fmt.Errorf("%w: the sums of %s do not read", ErrCorrupt, digest)
	}
	dir := buildDir(cache, digest)
	seen := 0
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		w, ok := want[rel]
		if !ok {
			return fmt.Errorf("%w: %s holds %s, which its archive did not", ErrCorrupt, digest, rel)
		}
		got, err := sumOf(p)
		if err != nil {
			return err
		}
		if got != w {
			return fmt.Errorf("%w: %s of %s is not what its archive held", ErrCorrupt, rel, digest)
		}
		seen++
		return nil
	})
	if err != nil {
		if errors.Is(err, ErrCorrupt) {
			return err
		}
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if seen != len(want) {
		return fmt.Errorf("%w: %s lacks %d of its files", ErrCorrupt, digest, len(want)-seen)
	}
	return nil
}

// sumOf is the size and SHA-256 of the file at p.
func sumOf(p string) (fileSum, error) {
	f, err := os.Open(p)
	if err != nil {
		return fileSum{}, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return fileSum{}, err
	}
	return fileSum{Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}

// unpack extracts a gzipped tar into dir: regular files and directories
// only, every name inside dir. It returns the size and SHA-256 of each
// file, by its path in dir.
func unpack(r io.Reader, dir string) (map[string]fileSum, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	sums := map[string]fileSum{}
	tr := tar.NewReader(zr)
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			return sums, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
		}
		name := path.Clean(hdr.Name)
		if name == "." || strings.HasPrefix(name, "../") || path.IsAbs(name) || name == ".." {
			return nil, fmt.Errorf("%w: entry %q outside the archive", ErrCorrupt, hdr.Name)
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		switch hdr.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(p, 0o755); err != nil {
				return nil, fmt.Errorf("artifact: %w", err)
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return nil, fmt.Errorf("artifact: %w", err)
			}
			f, err := os.OpenFile(p, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
			if err != nil {
				return nil, fmt.Errorf("artifact: %w", err)
			}
			h := sha256.New()
			n, err := io.Copy(io.MultiWriter(f, h), tr)
			var pe *fs.PathError
			if err != nil && !errors.As(err, &pe) {
				f.Close()
				return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
			}
			sums[name] = fileSum{Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}
			if err == nil {
				err = f.Sync()
			}
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return nil, fmt.Errorf("artifact: %w", err)
			}
		default:
			return nil, fmt.Errorf("%w: entry %q is not a file", ErrCorrupt, hdr.Name)
		}
	}
}

// Activate points the link cache/index at the build of digest, atomically
// (a reader of the link sees the old build or the new one). The server,
// given --index CACHE/index, reloads it as it reloads any new build.
func Activate(cache, digest string) error {
	target := filepath.Base(buildDir(cache, digest))
	id := make([]byte, 6)
	rand.Read(id)
	tmp := filepath.Join(cache, ".link-"+hex.EncodeToString(id))
	if err := os.Symlink(target, tmp); err != nil {
		return fmt.Errorf("artifact: %w", err)
	}
	if err := os.Rename(tmp, IndexLink(cache)); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("artifact: %w", err)
	}
	return nil
}

// IndexLink is the link to the active build of a cache.
func IndexLink(cache string) string { return filepath.Join(cache, "index") }

// Active is the digest of the active build of a cache ("" when none).
func Active(cache string) string {
	t, err := os.Readlink(IndexLink(cache))
	if err != nil || !strings.HasPrefix(t, "sha256-") {
		return ""
	}
	return "sha256:" + strings.TrimPrefix(t, "sha256-")
}

// CleanCache removes from cache the builds other than the active one and
// the keep-1 most recently activated before it, once they have not been
// active for grace (a request may still read a replaced index until it
// ends), and what killed fetches left behind.
func CleanCache(cache string, keep int, grace time.Duration, now time.Time) {
	active := Active(cache)
	entries, err := os.ReadDir(cache)
	if err != nil {
		return
	}
	type build struct {
		name string
		mod  time.Time
	}
	var builds []build
	for _, e := range entries {
		n := e.Name()
		fi, err := e.Info()
		if err != nil {
			continue
		}
		switch {
		case strings.HasPrefix(n, ".fetch-"), strings.HasPrefix(n, ".unpack-"), strings.HasPrefix(n, ".link-"), strings.HasPrefix(n, ".sums-"):
			if now.Sub(fi.ModTime()) > time.Hour {
				os.RemoveAll(filepath.Join(cache, n))
			}
		case strings.HasPrefix(n, "sha256-") && strings.HasSuffix(n, ".sums"):
			if _, err := os.Stat(filepath.Join(cache, strings.TrimSuffix(n, ".sums"))); errors.Is(err, fs.ErrNotExist) {
				os.Remove(filepath.Join(cache, n))
			}
		case strings.HasPrefix(n, "sha256-") && e.IsDir() && "sha256:"+strings.TrimPrefix(n, "sha256-") != active:
			builds = append(builds, build{n, fi.ModTime()})
		}
	}
	sort.Slice(builds, func(i, j int) bool { return builds[i].mod.After(builds[j].mod) })
	for i, b := range builds {
		if i >= keep-1 && now.Sub(b.mod) > grace {
			os.RemoveAll(filepath.Join(cache, b.name))
			os.Remove(filepath.Join(cache, b.name+".sums"))
		}
	}
}

// Prune retires the published builds other than the latest and the
// keep-1 published before it, once they have been replaced for grace:
// a replica fetching a build when a newer one is published still gets
// it. It returns the digests removed.
func Prune(ctx context.Context, b Bucket, keep int, grace time.Duration, now time.Time) ([]string, error) {
	objs, err := b.List(ctx, prefix)
	if err != nil {
		return nil, err
	}
	latest, _ := Resolve(ctx, b, "latest")
	var ms []Manifest
	for _, o := range objs {
		if !strings.HasSuffix(o.Name, ".json") || o.Name == latestName {
			continue
		}
		d := "sha256:" + strings.TrimSuffix(strings.TrimPrefix(o.Name, prefix+"sha256-"), ".json")
		m, err := Resolve(ctx, b, d)
		if err != nil {
			continue
		}
		ms = append(ms, m)
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Published > ms[j].Published })
	var removed []string
	for i, m := range ms {
		if m.Digest == latest.Digest || i < max(keep, 1) {
			continue
		}
		// Replaced when the build after it was published.
		replaced, err := time.Parse(time.RFC3339, ms[i-1].Published)
		if err != nil || now.Sub(replaced) <= grace {
			continue
		}
		if err := b.Delete(ctx, manifestName(m.Digest)); err != nil {
			return removed, err
		}
		if err := b.Delete(ctx, m.Archive); err != nil {
			return removed, err
		}
		removed = append(removed, m.Digest)
	}
	return removed, nil
}
