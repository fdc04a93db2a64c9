package server

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/kb"
)

// buildIndex builds an index of one CR release at dir and opens it.
func buildIndex(t testing.TB, dir, crFile string) *kb.Index {
	t.Helper()
	testutil.BuildCR(t, dir, crFile)
	ix, err := kb.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

// pointAt switches the symlink link to target atomically, as kb.Build does.
func pointAt(t testing.TB, link, target string) {
	t.Helper()
	tmp := link + ".new"
	os.Remove(tmp)
	if err := os.Symlink(target, tmp); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, link); err != nil {
		t.Fatal(err)
	}
}

// TestReloadUnderLoad swaps between two real indexes (the January and April
// 2026 Comprehensive Rules) while goroutines query: no query may fail, and
// every answer must come from one index only.
func TestReloadUnderLoad(t *testing.T) {
	janFile := testutil.SharedFile(t, "mtg/cr/MagicCompRules_20260116.txt")
	aprFile := testutil.SharedFile(t, "mtg/cr/MagicCompRules_20260417.txt")
	root := t.TempDir()
	jan := filepath.Join(root, "jan", "ix")
	apr := filepath.Join(root, "apr", "ix")
	testutil.BuildCR(t, jan, janFile)
	testutil.BuildCR(t, apr, aprFile)
	cur := filepath.Join(root, "current")
	pointAt(t, cur, jan)

	cfg := DefaultConfig()
	cfg.Index = cur
	ix, err := kb.Open(t.Context(), cur)
	if err != nil {
		t.Fatal(err)
	}
	s, logs := testServer(t, cfg, ix)

	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var wg sync.WaitGroup
	var queries atomic.Int64
	seen := map[string]*atomic.Int64{"2026-01-16": {}, "2026-04-17": {}}
	errc := make(chan error, 16)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			questions := []string{"phasing", "phased out permanents", "untap step", "indirectly phased out"}
			for i := 0; ctx.Err() == nil; i++ {
				if err := reloadOneRequest(ctx, s, questions[(g+i)%len(questions)], seen); err != nil {
					errc <- err
					return
				}
				queries.Add(1)
			}
		}()
	}
	waitQueries := func(n int64) {
		t.Helper()
		target := queries.Load() + n
		for queries.Load() < target && len(errc) == 0 {
			time.Sleep(time.Millisecond)
		}
	}
	// Swap back and forth, first by reloadIndex (as SIGHUP does), then by
	// letting the watcher notice the symlink change.
	swaps := 0
	for i := range 6 {
		waitQueries(20)
		target := apr
		if i%2 == 1 {
			target = jan
		}
		pointAt(t, cur, target)
		if !s.reloadIndex(ctx, "test") {
			t.Fatalf("reload %d failed:\n%s", i, logs)
		}
		swaps++
	}
	s.cfg.ReloadInterval = 20 * time.Millisecond
	stop := s.watchReload(ctx)
	for i := range 4 {
		waitQueries(20)
		target := apr
		if i%2 == 1 {
			target = jan
		}
		want := int64(swaps + 1)
		pointAt(t, cur, target)
		deadline := time.Now().Add(10 * time.Second)
		for reloadSuccesses(t, s) < want {
			if time.Now().After(deadline) {
				t.Fatalf("the watcher did not reload after swap %d:\n%s", i, logs)
			}
			time.Sleep(5 * time.Millisecond)
		}
		swaps++
	}
	// A rebuild in place (what "bot kb update" does) deletes the directory of
	// the index that serves while it serves.
	waitQueries(20)
	testutil.BuildCR(t, jan, aprFile)
	if !s.reloadIndex(ctx, "test") {
		t.Fatalf("reload after rebuild failed:\n%s", logs)
	}
	swaps++
	waitQueries(50)
	cancel()
	wg.Wait()
	stop()
	close(errc)
	for err := range errc {
		t.Error(err)
	}
	if got := reloadSuccesses(t, s); got < int64(swaps) {
		t.Errorf("reload successes %d, want at least %d", got, swaps)
	}
	for date, n := range seen {
		if n.Load() == 0 {
			t.Errorf("no answer came from the %s index", date)
		}
	}
	t.Logf("%d queries over %d swaps", queries.Load(), swaps)
	live, release := s.index.acquire()
	defer release()
	if got := live.Meta().CurrentCR; got != "2026-04-17" {
		t.Errorf("serving CR %s after the last reload, want 2026-04-17", got)
	}
}

// reloadOneRequest does what a request does: acquire the index, search, look up a
// rule, release. Every text it gets must come from the same CR release.
func reloadOneRequest(ctx context.Context, s *Server, question string, seen map[string]*atomic.Int64) error {
	ix, release := s.index.acquire()
	defer release()
	want := ix.Meta().CurrentCR
	res, err := ix.Search(ctx, kb.Query{Text: question, Lang: "en", K: 8})
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return fmt.Errorf("search %q: %w", question, err)
	}
	if len(res.Hits) == 0 {
		return fmt.Errorf("search %q: no hits", question)
	}
	for _, h := range res.Hits {
		if h.Doc.CRDate != want {
			return fmt.Errorf("search %q on the %s index returned %s from %s", question, want, h.Doc.ID, h.Doc.CRDate)
		}
	}
	r, found, err := ix.Rule(ctx, "702.26", "")
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return fmt.Errorf("rule 702.26: %w", err)
	}
	if !found {
		return fmt.Errorf("rule 702.26 not found in the %s index", want)
	}
	if got := r.Rule.CRDate; got != want {
		return fmt.Errorf("rule 702.26 from %s in the %s index", got, want)
	}
	seen[want].Add(1)
	return nil
}

func reloadSuccesses(t testing.TB, s *Server) int64 {
	t.Helper()
	v, _ := metricSample(scrapeMetrics(t, opsRoutes(s)), "arbiter_index_reloads_total", map[string]string{"result": "success"})
	return int64(v)
}

func TestReloadFailureKeepsServing(t *testing.T) {
	aprFile := testutil.SharedFile(t, "mtg/cr/MagicCompRules_20260417.txt")
	root := t.TempDir()
	good := filepath.Join(root, "good", "ix")
	testutil.BuildCR(t, good, aprFile)
	broken := filepath.Join(root, "broken")
	if err := os.MkdirAll(broken, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(broken, "meta.json"), []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A copy of the good build with a few bytes of its segment's footer
	// flipped, as a damaged disk or a bad copy leaves it (zapx panicked
	// reading it: "slice bounds out of range").
	damaged := filepath.Join(root, "damaged", "ix")
	if err := os.CopyFS(damaged, os.DirFS(good)); err != nil {
		t.Fatal(err)
	}
	testutil.DamageSegment(t, damaged)
	cur := filepath.Join(root, "current")
	pointAt(t, cur, good)
	cfg := DefaultConfig()
	cfg.Index = cur
	cfg.ReloadInterval = 10 * time.Millisecond
	ix, err := kb.Open(t.Context(), cur)
	if err != nil {
		t.Fatal(err)
	}
	s, logs := testServer(t, cfg, ix)
	stop := s.watchReload(t.Context())
	defer stop()

	tests := []struct {
		name   string
		target string
	}{
		{"directory with a damaged meta.json", broken},
		{"missing directory", filepath.Join(root, "gone")},
		{"build with a damaged segment", damaged},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pointAt(t, cur, tt.target)
			if s.reloadIndex(t.Context(), "test") {
				t.Fatal("reload of a bad index reported success")
			}
			ix, release := s.index.acquire()
			defer release()
			if ix.Meta().CurrentCR != "2026-04-17" {
				t.Errorf("serving %+v after a failed reload", ix.Meta())
			}
			res, err := ix.Search(t.Context(), kb.Query{Text: "phasing", Lang: "en"})
			if err != nil || len(res.Hits) == 0 {
				t.Errorf("the old index does not answer after a failed reload: %v", err)
			}
		})
	}
	// The watcher tries each damaged build at most once (its fingerprint
	// does not change afterwards) and never the missing one.
	time.Sleep(100 * time.Millisecond)
	fams := scrapeMetrics(t, opsRoutes(s))
	failures, _ := metricSample(fams, "arbiter_index_reloads_total", map[string]string{"result": "failure"})
	if failures < 3 || failures > 5 {
		t.Errorf("reload failures = %v, want 3 (explicit) plus at most 2 (watcher)", failures)
	}
	if ready, _ := metricSample(fams, "arbiter_ready", nil); ready != 1 {
		t.Errorf("ready = %v after failed reloads", ready)
	}
	if n := len(logs.Records(t, "index reload failed, the previous index keeps serving")); n < 3 {
		t.Errorf("%d failure log lines:\n%s", n, logs)
	}
	// A new good build: the watcher picks it up. (Pointing back at the
	// build that already serves would change nothing.)
	testutil.BuildCR(t, good, aprFile)
	pointAt(t, cur, good)
	deadline := time.Now().Add(10 * time.Second)
	for reloadSuccesses(t, s) < 1 {
		if time.Now().After(deadline) {
			t.Fatalf("the watcher did not reload the good index:\n%s", logs)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestIndexFingerprint(t *testing.T) {
	aprFile := testutil.SharedFile(t, "mtg/cr/MagicCompRules_20260417.txt")
	root := t.TempDir()
	ix := filepath.Join(root, "ix")
	testutil.BuildCR(t, ix, aprFile)
	first := indexFingerprint(ix)
	empty := filepath.Join(root, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		dir   string
		empty bool
	}{
		{"no directory configured", "", true},
		{"missing", filepath.Join(root, "nope"), true},
		{"no meta.json", empty, true},
		{"built index", ix, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := indexFingerprint(tt.dir); (got == "") != tt.empty {
				t.Errorf("indexFingerprint(%q) = %q", tt.dir, got)
			}
		})
	}
	testutil.BuildCR(t, ix, aprFile)
	if second := indexFingerprint(ix); second == first || second == "" {
		t.Errorf("fingerprint did not change with a rebuild: %q then %q", first, second)
	}
}

func TestReloadSignal(t *testing.T) {
	aprFile := testutil.SharedFile(t, "mtg/cr/MagicCompRules_20260417.txt")
	janFile := testutil.SharedFile(t, "mtg/cr/MagicCompRules_20260116.txt")
	root := t.TempDir()
	jan := filepath.Join(root, "jan", "ix")
	apr := filepath.Join(root, "apr", "ix")
	testutil.BuildCR(t, jan, janFile)
	testutil.BuildCR(t, apr, aprFile)
	cur := filepath.Join(root, "current")
	pointAt(t, cur, jan)
	cfg := DefaultConfig()
	cfg.Index = cur
	cfg.ReloadInterval = 0 // only SIGHUP
	ix, err := kb.Open(t.Context(), cur)
	if err != nil {
		t.Fatal(err)
	}
	s, logs := testServer(t, cfg, ix)
	stop := s.watchReload(t.Context())
	defer stop()
	pointAt(t, cur, apr)
	time.Sleep(50 * time.Millisecond)
	if got := reloadSuccesses(t, s); got != 0 {
		t.Fatalf("reloaded without a signal: %d", got)
	}
	if err := sendHUP(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for reloadSuccesses(t, s) < 1 {
		if time.Now().After(deadline) {
			t.Fatalf("no reload after SIGHUP:\n%s", logs)
		}
		time.Sleep(5 * time.Millisecond)
	}
	live, release := s.index.acquire()
	defer release()
	if got := live.Meta().CurrentCR; got != "2026-04-17" {
		t.Errorf("serving CR %s after SIGHUP", got)
	}
	recs := logs.Records(t, "index reloaded")
	if len(recs) != 1 || recs[0]["reason"] != "signal" {
		t.Errorf("reload log: %v", recs)
	}
}
