package artifact

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"arbiter/data"
	"arbiter/kb"
)

// buildIndex builds an index of the embedded corpus (with a note of its
// own, so that two builds differ) at dir.
func buildIndex(t *testing.T, dir, builtAt string) kb.Meta {
	t.Helper()
	c := kb.NewCollection()
	if err := c.AddCorpus(data.FS()); err != nil {
		t.Fatal(err)
	}
	m, err := kb.Build(context.Background(), dir, c, builtAt)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// buckets are the kinds of bucket every test runs on.
func buckets(t *testing.T) map[string]Bucket {
	dir, err := OpenBucket(t.TempDir(), Credentials{})
	if err != nil {
		t.Fatal(err)
	}
	s3, err := OpenBucket(newFakeS3(t).url("builds", "arbiter"), Credentials{AccessKey: "k", SecretKey: "secretsecret"})
	if err != nil {
		t.Fatal(err)
	}
	return map[string]Bucket{"dir": dir, "s3": s3}
}

func TestPublishFetch(t *testing.T) {
	src := filepath.Join(t.TempDir(), "index")
	meta := buildIndex(t, src, "2026-12-01T00:00:00Z")
	for name, b := range buckets(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			m, err := Publish(ctx, b, src, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			if !validDigest(m.Digest) || !strings.Contains(m.Archive, hexOf(m.Digest)) || m.Docs != meta.Docs {
				t.Fatalf("manifest %+v", m)
			}
			// The same build publishes to the same digest.
			again, err := Publish(ctx, b, src, time.Now())
			if err != nil || again.Digest != m.Digest {
				t.Fatalf("republished as %s (%v), want %s", again.Digest, err, m.Digest)
			}
			for _, want := range []string{"latest", m.Digest} {
				got, err := Resolve(ctx, b, want)
				if err != nil || got.Digest != m.Digest {
					t.Fatalf("resolve %s: %+v, %v", want, got, err)
				}
			}
			if _, err := Resolve(ctx, b, "sha256:"+strings.Repeat("0", 64)); !errors.Is(err, ErrNotFound) {
				t.Errorf("unknown digest: %v", err)
			}
			cache := t.TempDir()
			dir, err := Fetch(ctx, b, m, cache)
			if err != nil {
				t.Fatal(err)
			}
			if err := Activate(cache, m.Digest); err != nil {
				t.Fatal(err)
			}
			ix, err := kb.Open(ctx, IndexLink(cache))
			if err != nil {
				t.Fatalf("fetched build does not open: %v", err)
			}
			if ix.Meta().Docs != meta.Docs {
				t.Errorf("fetched %d docs, built %d", ix.Meta().Docs, meta.Docs)
			}
			ix.Close()
			if Active(cache) != m.Digest || dir != buildDir(cache, m.Digest) {
				t.Errorf("active %s in %s", Active(cache), dir)
			}
		})
	}
}

// TestRejectCorrupt: an archive with a flipped byte, a truncated one and
// one that is not an index are refused; the cache keeps serving the build
// it had, and holds nothing of the refused ones.
func TestRejectCorrupt(t *testing.T) {
	src := filepath.Join(t.TempDir(), "index")
	buildIndex(t, src, "2026-12-01T00:00:00Z")
	for name, b := range buckets(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			good, err := Publish(ctx, b, src, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			cache := t.TempDir()
			if _, err := Fetch(ctx, b, good, cache); err != nil {
				t.Fatal(err)
			}
			if err := Activate(cache, good.Digest); err != nil {
				t.Fatal(err)
			}
			archive := readAll(t, b, good.Archive)
			bad := good
			bad.Digest = "sha256:" + strings.Repeat("a", 64)
			bad.Archive = archiveName(bad.Digest)
			tests := []struct {
				name string
				body []byte
				m    func(Manifest) Manifest
			}{
				{"flipped byte", flip(archive, len(archive)/2), func(m Manifest) Manifest { return m }},
				{"truncated", archive[:len(archive)/3], func(m Manifest) Manifest { return m }},
				{"truncated, manifest says so", archive[:len(archive)/3], func(m Manifest) Manifest { m.Size = int64(len(archive) / 3); return m }},
				{"not a tar.gz", []byte(strings.Repeat("junk", 1000)), func(m Manifest) Manifest { m.Size = 4000; return m }},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					if err := b.Put(ctx, bad.Archive, strings.NewReader(string(tt.body)), int64(len(tt.body))); err != nil {
						t.Fatal(err)
					}
					m := tt.m(bad)
					if strings.Contains(tt.name, "manifest says so") || tt.name == "not a tar.gz" {
						// The digest of the bytes as they are: only unpacking tells.
						m.Digest = digestOf(tt.body)
						m.Archive = archiveName(m.Digest)
						b.Put(ctx, m.Archive, strings.NewReader(string(tt.body)), int64(len(tt.body)))
					}
					_, err := Fetch(ctx, b, m, cache)
					if !errors.Is(err, ErrCorrupt) {
						t.Fatalf("corrupt archive: %v, want ErrCorrupt", err)
					}
					if Active(cache) != good.Digest {
						t.Errorf("active build changed to %s", Active(cache))
					}
					if _, err := os.Stat(buildDir(cache, m.Digest)); err == nil {
						t.Error("a refused build was left in the cache")
					}
					left, _ := filepath.Glob(filepath.Join(cache, ".*"))
					if len(left) > 0 {
						t.Errorf("left behind: %v", left)
					}
					ix, err := kb.Open(ctx, IndexLink(cache))
					if err != nil {
						t.Fatalf("the good build no longer opens: %v", err)
					}
					ix.Close()
				})
			}
		})
	}
}

// TestRolloutUnderReaders: readers keep opening and searching the active
// build while newer builds are published, fetched, activated and the old
// ones retired; none fails.
func TestRolloutUnderReaders(t *testing.T) {
	ctx := context.Background()
	srcs := make([]string, 3)
	for i := range srcs {
		srcs[i] = filepath.Join(t.TempDir(), "index")
		buildIndex(t, srcs[i], time.Date(2026, 12, 1+i, 0, 0, 0, 0, time.UTC).Format(time.RFC3339))
	}
	b, err := OpenBucket(t.TempDir(), Credentials{})
	if err != nil {
		t.Fatal(err)
	}
	cache := t.TempDir()
	now := time.Now()
	first, err := Publish(ctx, b, srcs[0], now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Fetch(ctx, b, first, cache); err != nil {
		t.Fatal(err)
	}
	Activate(cache, first.Digest)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var reads, failures atomic.Int64
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				ix, err := kb.Open(ctx, IndexLink(cache))
				if err != nil {
					failures.Add(1)
					t.Errorf("open while rolling out: %v", err)
					return
				}
				if _, err := ix.Search(ctx, kb.Query{Text: "phasing", K: 3}); err != nil {
					failures.Add(1)
					t.Errorf("search while rolling out: %v", err)
				}
				ix.Close()
				reads.Add(1)
			}
		}()
	}
	digests := []string{first.Digest}
	for i, src := range srcs[1:] {
		at := now.Add(time.Duration(i+1) * time.Hour)
		m, err := Publish(ctx, b, src, at)
		if err != nil {
			t.Fatal(err)
		}
		replaced := digests[len(digests)-1]
		digests = append(digests, m.Digest)
		got, err := Resolve(ctx, b, "latest")
		if err != nil || got.Digest != m.Digest {
			t.Fatalf("latest is %s, want %s", got.Digest, m.Digest)
		}
		if _, err := Fetch(ctx, b, got, cache); err != nil {
			t.Fatal(err)
		}
		if err := Activate(cache, got.Digest); err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Millisecond)
		// Retire with a grace period: the build replaced 10 min ago stays.
		if _, err := Prune(ctx, b, 1, 30*time.Minute, at.Add(10*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if _, err := Resolve(ctx, b, replaced); err != nil {
			t.Fatalf("a build replaced 10 min ago was retired (grace 30 min): %v", err)
		}
		CleanCache(cache, 2, 0, at)
	}
	close(stop)
	wg.Wait()
	if reads.Load() == 0 || failures.Load() > 0 {
		t.Fatalf("%d reads, %d failures", reads.Load(), failures.Load())
	}
	// Past the grace period, only the latest (keep 1) stays published.
	removed, err := Prune(ctx, b, 1, 30*time.Minute, now.Add(5*time.Hour))
	if err != nil || len(removed) != 1 {
		t.Fatalf("pruned %v, %v; want the one build still kept", removed, err)
	}
	if _, err := Resolve(ctx, b, digests[2]); err != nil {
		t.Errorf("latest build pruned: %v", err)
	}
	if _, err := Resolve(ctx, b, first.Digest); !errors.Is(err, ErrNotFound) {
		t.Errorf("retired build still published: %v", err)
	}
	// The cache keeps the active build and the one before it, with their
	// sums.
	left, _ := filepath.Glob(filepath.Join(cache, "sha256-*[^s]"))
	sums, _ := filepath.Glob(filepath.Join(cache, "sha256-*.sums"))
	if len(left) != 2 || len(sums) != 2 {
		t.Errorf("cache holds %d builds and %d sums, want 2 (active and previous)", len(left), len(sums))
	}
	t.Logf("%d index opens and searches during the rollout, 0 failures", reads.Load())
}

func readAll(t *testing.T, b Bucket, name string) []byte {
	t.Helper()
	r, err := b.Get(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func flip(b []byte, i int) []byte {
	c := append([]byte(nil), b...)
	c[i] ^= 0xff
	return c
}

func digestOf(b []byte) string {
	h := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(h[:])
}
