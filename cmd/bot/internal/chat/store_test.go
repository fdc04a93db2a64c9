package chat

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"arbiter/i18n"
)

// fakeStore is a Store in memory that a test can take down, and whose
// settings "another replica" can change.
type fakeStore struct {
	mu       sync.Mutex
	down     bool
	settings map[string]string
	versions map[string]int64
	version  int64
	changed  chan struct{}
	taken    map[string]int
}

func newFakeStore() *fakeStore {
	return &fakeStore{settings: map[string]string{}, versions: map[string]int64{}, changed: make(chan struct{}, 1), taken: map[string]int{}}
}

var errDown = errors.New("connection refused")

func (f *fakeStore) PutSetting(ctx context.Context, key, value string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.down {
		return errDown
	}
	f.version++
	f.settings[key], f.versions[key] = value, f.version
	return nil
}

func (f *fakeStore) SettingsSince(ctx context.Context, after int64) (map[string]string, int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.down {
		return nil, 0, errDown
	}
	out := map[string]string{}
	for k, v := range f.settings {
		if f.versions[k] > after {
			out[k] = v
		}
	}
	return out, f.version, nil
}

func (f *fakeStore) Changed() <-chan struct{} { return f.changed }

func (f *fakeStore) FirstSeen(ctx context.Context, key string, now time.Time, ttl time.Duration) (bool, error) {
	return true, nil
}

// Take allows burst takes per key, and never refills.
func (f *fakeStore) Take(ctx context.Context, key string, now time.Time, burst int, period time.Duration) (bool, time.Duration, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.down {
		return false, 0, errDown
	}
	if f.taken[key] >= burst {
		return false, period, nil
	}
	f.taken[key]++
	return true, 0, nil
}

func (f *fakeStore) Close() error { return nil }

func (f *fakeStore) setDown(down bool) {
	f.mu.Lock()
	f.down = down
	f.mu.Unlock()
}

// TestPrefsFollowStore: a setting another replica makes is picked up when
// the store signals it; with the store down, settings are read from
// memory and a new one is refused with a message saying why.
func TestPrefsFollowStore(t *testing.T) {
	fs := newFakeStore()
	fs.PutSetting(context.Background(), "user:old", "ja")
	prefs := NewPrefs(fs, nil)
	if err := prefs.Sync(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go prefs.Follow(ctx)
	rt := testRouter(t)
	rt.prefs = prefs
	if got := rt.Lang(Request{UserID: "old"}); got != i18n.JA {
		t.Fatalf("setting in the store at start: %v", got)
	}
	// Another replica writes, and the store signals it.
	fs.PutSetting(context.Background(), "user:u1", "fr")
	fs.changed <- struct{}{}
	deadline := time.Now().Add(2 * time.Second)
	for rt.Lang(Request{UserID: "u1"}) != i18n.FR {
		if time.Now().After(deadline) {
			t.Fatal("a setting made on another replica was not picked up")
		}
		time.Sleep(5 * time.Millisecond)
	}
	fs.setDown(true)
	r := rt.Serve(context.Background(), Request{Kind: KindCommand, Command: "language", UserID: "u2", Locale: "fr", Options: map[string]string{"language": "ja"}})
	if !strings.Contains(r.Content, "ne peuvent pas être enregistrés") || !r.Ephemeral {
		t.Errorf("write with the store down: %q", r.Content)
	}
	if got := rt.Lang(Request{UserID: "u1"}); got != i18n.FR {
		t.Errorf("setting in memory lost while the store is down: %v", got)
	}
	fs.setDown(false)
	r = rt.Serve(context.Background(), Request{Kind: KindCommand, Command: "language", UserID: "u2", Locale: "fr", Options: map[string]string{"language": "ja"}})
	if got := rt.Lang(Request{UserID: "u2"}); got != i18n.JA {
		t.Errorf("write after the store came back: %v (%q)", got, r.Content)
	}
}

// TestRateLimitShared: the buckets of the store decide, and this
// process's own when the store is down.
func TestRateLimitShared(t *testing.T) {
	fs := newFakeStore()
	l := NewRateLimiter(2, time.Minute, 100).Shared(fs)
	now := time.Now()
	fs.taken["rate:u"] = 2 // spent on other replicas
	if ok, _ := l.allow(context.Background(), "u", now); ok {
		t.Error("a bucket spent on other replicas allowed one more")
	}
	fs.setDown(true)
	for i := 0; i < 2; i++ {
		if ok, _ := l.allow(context.Background(), "u", now); !ok {
			t.Errorf("store down: local bucket refused take %d", i+1)
		}
	}
	if ok, _ := l.allow(context.Background(), "u", now); ok {
		t.Error("store down: local bucket allowed more than its burst")
	}
}
