package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/testutil"
)

// Both backends are chat stores.
var (
	_ chat.Store = (*Bolt)(nil)
	_ chat.Store = (*Postgres)(nil)
)

// backend opens stores on one backend: open gives a new process's view of
// the same state (a replica, or the same process after a restart).
type backend struct {
	name string
	// shared tells whether two stores may be open at once (replicas).
	shared bool
	open   func(t *testing.T) chat.Store
	// dir is the state directory, where a legacy file may be put before
	// the first open.
	dir string
}

// backends are the embedded store and, with a server, PostgreSQL.
func backends(t *testing.T) []func(t *testing.T) *backend {
	return []func(t *testing.T) *backend{
		func(t *testing.T) *backend {
			b := &backend{name: "bolt", dir: t.TempDir()}
			b.open = func(t *testing.T) chat.Store {
				t.Helper()
				s, err := OpenBolt(b.dir)
				if err != nil {
					t.Fatal(err)
				}
				return s
			}
			return b
		},
		func(t *testing.T) *backend {
			url := testutil.PostgresURL(t)
			b := &backend{name: "postgres", shared: true, dir: t.TempDir()}
			b.open = func(t *testing.T) chat.Store {
				t.Helper()
				s, err := OpenPostgres(context.Background(), url, b.dir, nil)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { s.Close() })
				return s
			}
			return b
		},
	}
}

// forEach runs test on every backend.
func forEach(t *testing.T, test func(t *testing.T, b *backend)) {
	for i, mk := range backends(t) {
		t.Run([]string{"bolt", "postgres"}[i], func(t *testing.T) {
			test(t, mk(t))
		})
	}
}

func mustPut(t *testing.T, s chat.Store, k, v string) {
	t.Helper()
	if err := s.PutSetting(context.Background(), k, v); err != nil {
		t.Fatal(err)
	}
}

// all reads every setting (cleared ones left out).
func all(t *testing.T, s chat.Store) map[string]string {
	t.Helper()
	m, _, err := s.SettingsSince(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range m {
		if v == "" {
			delete(m, k)
		}
	}
	return m
}

func TestSettings(t *testing.T) {
	forEach(t, func(t *testing.T, b *backend) {
		ctx := context.Background()
		s := b.open(t)
		mustPut(t, s, "user:1", "fr")
		mustPut(t, s, "guild:9", "ja")
		_, v1, err := s.SettingsSince(ctx, 0)
		if err != nil {
			t.Fatal(err)
		}
		mustPut(t, s, "user:1", "ja")
		mustPut(t, s, "guild:9", "")
		mustPut(t, s, "channel:5", "en")
		changed, v2, err := s.SettingsSince(ctx, v1)
		if err != nil {
			t.Fatal(err)
		}
		for k, want := range map[string]string{"user:1": "ja", "guild:9": "", "channel:5": "en"} {
			if got, ok := changed[k]; !ok || got != want {
				t.Errorf("changes since %d: %s = %q, %v; want %q", v1, k, got, ok, want)
			}
		}
		if again, _, _ := s.SettingsSince(ctx, v2); len(again) > 0 && b.name == "bolt" {
			t.Errorf("no change since %d, got %v", v2, again)
		}
		if got := all(t, s); len(got) != 2 || got["user:1"] != "ja" || got["channel:5"] != "en" {
			t.Errorf("settings = %v", got)
		}
		// Another process (a replica, or after a restart) reads the same.
		if !b.shared {
			s.Close()
		}
		s2 := b.open(t)
		if got := all(t, s2); len(got) != 2 || got["user:1"] != "ja" {
			t.Errorf("settings in another process = %v", got)
		}
		if !b.shared {
			s2.Close()
		}
	})
}

// TestSettingsConcurrent: writers on two stores (replicas) while a reader
// follows the changes version by version: it must end up with every
// setting, whatever order the writes commit in.
func TestSettingsConcurrent(t *testing.T) {
	forEach(t, func(t *testing.T, b *backend) {
		ctx := context.Background()
		writers := []chat.Store{b.open(t)}
		if b.shared {
			writers = append(writers, b.open(t))
		}
		reader := writers[len(writers)-1]
		seen := map[string]string{}
		var version int64
		follow := func() {
			m, v, err := reader.SettingsSince(ctx, version)
			if err != nil {
				t.Error(err)
				return
			}
			for k, x := range m {
				seen[k] = x
			}
			version = v
		}
		const n = 400
		var wg sync.WaitGroup
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := writers[i%len(writers)].PutSetting(ctx, fmt.Sprintf("user:%d", i), "fr"); err != nil {
					t.Error(err)
				}
			}()
		}
		done := make(chan struct{})
		go func() { wg.Wait(); close(done) }()
	loop:
		for {
			select {
			case <-done:
				break loop
			default:
				follow()
			}
		}
		follow()
		if len(seen) != n {
			t.Errorf("the reader following changes saw %d of %d settings", len(seen), n)
		}
		for _, s := range writers {
			s.Close()
		}
	})
}

func TestChangedSignalled(t *testing.T) {
	forEach(t, func(t *testing.T, b *backend) {
		if !b.shared {
			if b.open(t).Changed() != nil {
				t.Error("a store of one process signals changes")
			}
			return
		}
		a, c := b.open(t), b.open(t)
		// Wait for c to listen: its first signal says it (re)connected.
		select {
		case <-c.Changed():
		case <-time.After(10 * time.Second):
			t.Fatal("no signal on connecting")
		}
		mustPut(t, a, "user:7", "ja")
		select {
		case <-c.Changed():
		case <-time.After(10 * time.Second):
			t.Fatal("a setting made by another replica was not signalled")
		}
		if got := all(t, c)["user:7"]; got != "ja" {
			t.Errorf("after the signal: %q", got)
		}
	})
}

func TestReplayGuard(t *testing.T) {
	forEach(t, func(t *testing.T, b *backend) {
		ctx := context.Background()
		s := b.open(t)
		other := s
		if b.shared {
			other = b.open(t)
		}
		now := time.Now()
		first := func(s chat.Store, k string, at time.Time) bool {
			t.Helper()
			ok, err := s.FirstSeen(ctx, k, at, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		if !first(s, "a", now) {
			t.Error("new key refused")
		}
		if first(other, "a", now.Add(time.Second)) {
			t.Error("replayed key accepted (by another replica)")
		}
		if !first(s, "b", now) {
			t.Error("another key refused")
		}
		if !first(other, "a", now.Add(2*time.Minute)) {
			t.Error("key refused after it expired")
		}
		// Concurrent replays: exactly one wins.
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins := 0
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				st := s
				if i%2 == 1 {
					st = other
				}
				if ok, err := st.FirstSeen(ctx, "race", now, time.Minute); err == nil && ok {
					mu.Lock()
					wins++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if wins != 1 {
			t.Errorf("%d of 20 concurrent plays of one request accepted, want 1", wins)
		}
		s.Close()
		if other != s {
			other.Close()
		}
	})
}

func TestRateBuckets(t *testing.T) {
	forEach(t, func(t *testing.T, b *backend) {
		ctx := context.Background()
		s := b.open(t)
		other := s
		if b.shared {
			other = b.open(t)
		}
		now := time.Now()
		take := func(s chat.Store, k string, at time.Time) (bool, time.Duration) {
			t.Helper()
			ok, wait, err := s.Take(ctx, k, at, 3, 3*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			return ok, wait
		}
		for i := 0; i < 3; i++ {
			st := s
			if i == 1 {
				st = other
			}
			if ok, _ := take(st, "u", now); !ok {
				t.Fatalf("take %d of a burst of 3 refused", i+1)
			}
		}
		ok, wait := take(other, "u", now)
		if ok || wait <= 0 || wait > time.Second+time.Millisecond {
			t.Errorf("4th take: %v, wait %v; want refused, about 1s", ok, wait)
		}
		if ok, _ := take(s, "v", now); !ok {
			t.Error("another user refused")
		}
		if ok, _ := take(s, "u", now.Add(1100*time.Millisecond)); !ok {
			t.Error("refused after a token came back")
		}
		if ok, _ := take(s, "u", now.Add(1200*time.Millisecond)); ok {
			t.Error("two takes on one refilled token")
		}
		// Concurrent takes on a fresh bucket: exactly the burst passes.
		var wg sync.WaitGroup
		var mu sync.Mutex
		passed := 0
		for i := 0; i < 30; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				st := s
				if i%2 == 1 {
					st = other
				}
				if ok, _, err := st.Take(ctx, "crowd", now, 3, time.Hour); err == nil && ok {
					mu.Lock()
					passed++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if passed != 3 {
			t.Errorf("%d of 30 concurrent takes passed on a bucket of 3", passed)
		}
		s.Close()
		if other != s {
			other.Close()
		}
	})
}

// TestLegacyImport: the JSON-lines file of earlier versions is imported at
// the first open, and never again.
func TestLegacyImport(t *testing.T) {
	forEach(t, func(t *testing.T, b *backend) {
		lines := `{"scope":"user","id":"1","lang":"fr"}
{"scope":"guild","id":"9","lang":"ja"}
{"scope":"user","id":"2","lang":"ja"}
{"scope":"user","id":"2","lang":""}
{"scope":"user","id":"3","la`
		if err := os.WriteFile(filepath.Join(b.dir, LegacyFile), []byte(lines), 0o644); err != nil {
			t.Fatal(err)
		}
		s := b.open(t)
		got := all(t, s)
		if len(got) != 2 || got["user:1"] != "fr" || got["guild:9"] != "ja" {
			t.Fatalf("imported %v", got)
		}
		mustPut(t, s, "user:1", "en")
		s.Close()
		s2 := b.open(t)
		if got := all(t, s2)["user:1"]; got != "en" {
			t.Errorf("imported again over a newer setting: user:1 = %q", got)
		}
		s2.Close()
	})
}
