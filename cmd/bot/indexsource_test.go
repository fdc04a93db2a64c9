package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/artifact"
	"arbiter/data"
	"arbiter/kb"
)

// TestServeFollowsPublishedBuilds: "bot serve --index-source" serves the
// latest published build, refuses a corrupt newer one while the build it
// has goes on serving, and switches to the next good one by itself.
func TestServeFollowsPublishedBuilds(t *testing.T) {
	ctx := context.Background()
	bucketDir := t.TempDir()
	b, err := artifact.OpenBucket(bucketDir, artifact.Credentials{})
	if err != nil {
		t.Fatal(err)
	}
	publish := func(builtAt string) artifact.Manifest {
		t.Helper()
		c := kb.NewCollection()
		if err := c.AddCorpus(data.FS()); err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(t.TempDir(), "index")
		if _, err := kb.Build(ctx, dir, c, builtAt); err != nil {
			t.Fatal(err)
		}
		m, err := artifact.Publish(ctx, b, dir, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	first := publish("2026-12-01T00:00:00Z")
	ls := startServe(t, "--index-source", bucketDir, "--index-cache", t.TempDir(),
		"--index-poll", "200ms", "--reload-interval", "200ms")
	builtAt := func() string {
		t.Helper()
		resp, err := ls.client.Get(ls.url("/readyz"))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var st struct {
			BuiltAt string `json:"built_at"`
			Ready   bool
		}
		json.NewDecoder(resp.Body).Decode(&st)
		return st.BuiltAt
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
	time.Sleep(500 * time.Millisecond)
	if got := builtAt(); got != "2026-12-01T00:00:00Z" {
		t.Fatalf("after a corrupt build, serving %q", got)
	}
	// The next good build is fetched and swapped in.
	good := publish("2026-12-03T00:00:00Z")
	waitFor("2026-12-03T00:00:00Z")
	t.Logf("refused %s (corrupt), then switched to %s", bad.Digest, good.Digest)
}
