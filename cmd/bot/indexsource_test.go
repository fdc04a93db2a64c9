package main

import (
	"context"
	"encoding/json"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/artifact"
	"arbiter/cmd/bot/internal/testutil"
	"arbiter/data"
	"arbiter/kb"
)

// TestServeFollowsPublishedBuilds: "bot serve --index-source" serves the
// latest published build, refuses a corrupt newer one while the build it
// has goes on serving, and switches to the next good one by itself.
func TestServeFollowsPublishedBuilds(t *testing.T) {
	bucketDir := t.TempDir()
	b, err := artifact.OpenBucket(bucketDir, artifact.Credentials{})
	if err != nil {
		t.Fatal(err)
	}
	publish := func(builtAt string) artifact.Manifest { return publishCorpus(t, b, builtAt) }
	first := publish("2026-12-01T00:00:00Z")
	ls := startServe(t, "--index-source", bucketDir, "--index-cache", t.TempDir(),
		"--index-poll", "200ms", "--reload-interval", "200ms")
	builtAt := func() string {
		t.Helper()
		at, _ := readyBuiltAt(t, ls)
		return at
	}
	waitFor := func(want string) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for builtAt() != want {
			if time.Now().After(deadline) {
				t.Fatalf("serving %q, want %q\n%s", builtAt(), want, ls.logs.String())
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	waitFor("2026-12-01T00:00:00Z")
	t.Logf("serving %s", first.Digest)

	// A newer build whose archive is damaged after publishing.
	bad := publish("2026-12-02T00:00:00Z")
	archive := filepath.Join(bucketDir, filepath.FromSlash(bad.Archive))
	raw, err := os.ReadFile(archive)
	if err != nil {
		t.Fatal(err)
	}
	raw[len(raw)/2] ^= 0xff
	if err := os.WriteFile(archive, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(ls.logs.String(), "build refused (corrupt)") {
		if time.Now().After(deadline) {
			t.Fatalf("the corrupt build was not refused:\n%s", ls.logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	// Several polls later: still refused, and not downloaded again.
	time.Sleep(1500 * time.Millisecond)
	if got := builtAt(); got != "2026-12-01T00:00:00Z" {
		t.Fatalf("after a corrupt build, serving %q", got)
	}
	if n := strings.Count(ls.logs.String(), "build refused (corrupt)"); n != 1 {
		t.Errorf("the corrupt build was fetched %d times in 8 polls, want once", n)
	}
	// The next good build is fetched and swapped in.
	good := publish("2026-12-03T00:00:00Z")
	waitFor("2026-12-03T00:00:00Z")
	t.Logf("refused %s (corrupt), then switched to %s", bad.Digest, good.Digest)
}

// publishCorpus builds the embedded corpus (built at builtAt) and
// publishes it to b.
func publishCorpus(t *testing.T, b artifact.Bucket, builtAt string) artifact.Manifest {
	t.Helper()
	c := kb.NewCollection()
	if err := c.AddCorpus(data.FS()); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "index")
	if _, err := kb.Build(context.Background(), dir, c, builtAt); err != nil {
		t.Fatal(err)
	}
	m, err := artifact.Publish(context.Background(), b, dir, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// readyBuiltAt is the build time /readyz reports, and whether the
// embedded corpus serves instead of the configured index.
func readyBuiltAt(t *testing.T, ls *liveServer) (string, bool) {
	t.Helper()
	resp, err := ls.client.Get(ls.url("/readyz"))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st struct {
		BuiltAt  string `json:"built_at"`
		Fallback bool   `json:"fallback"`
	}
	json.NewDecoder(resp.Body).Decode(&st)
	return st.BuiltAt, st.Fallback
}

// TestIndexSourceSIGHUPAndDamagedCache: SIGHUP fetches a newer published
// build at once (no poll, no reload interval here); and a server started
// on a cache whose active build was damaged since it was fetched fetches
// it again before serving it, instead of serving the default index or
// crashing.
func TestIndexSourceSIGHUPAndDamagedCache(t *testing.T) {
	// The test's own handler: a SIGHUP never ends the test process.
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	bucketDir := t.TempDir()
	b, err := artifact.OpenBucket(bucketDir, artifact.Credentials{})
	if err != nil {
		t.Fatal(err)
	}
	publishCorpus(t, b, "2026-12-01T00:00:00Z")
	cache := t.TempDir()
	args := []string{"--index-source", bucketDir, "--index-cache", cache, "--index-poll", "1h", "--reload-interval", "0"}
	ls := startServe(t, args...)
	if got, _ := readyBuiltAt(t, ls); got != "2026-12-01T00:00:00Z" {
		t.Fatalf("serving %q", got)
	}
	publishCorpus(t, b, "2026-12-02T00:00:00Z")
	time.Sleep(300 * time.Millisecond)
	if err := syscall.Kill(os.Getpid(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if got, _ := readyBuiltAt(t, ls); got == "2026-12-02T00:00:00Z" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("SIGHUP did not fetch the newer build:\n%s", ls.logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	ls.stop(t)

	// Damage the active build in the cache, then start again on it.
	testutil.DamageSegment(t, artifact.IndexLink(cache))
	ls = startServe(t, args...)
	if got, fallback := readyBuiltAt(t, ls); got != "2026-12-02T00:00:00Z" || fallback {
		t.Fatalf("on a damaged cache: serving %q (fallback %v)\n%s", got, fallback, ls.logs.String())
	}
	if !strings.Contains(ls.logs.String(), "active build in the cache is damaged") {
		t.Errorf("the damaged cache is not logged:\n%s", ls.logs.String())
	}
}
