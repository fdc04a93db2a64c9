package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/report"
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

// TestReplayGuardSurvivesRestart: a request seen before the process
// stopped is still refused when it comes again within its window after a
// restart (the embedded store keeps the guard in its file), and the file
// does not keep what has expired.
func TestReplayGuardSurvivesRestart(t *testing.T) {
	forEach(t, func(t *testing.T, b *backend) {
		ctx := context.Background()
		now := time.Now()
		s := b.open(t)
		for i := 0; i < 50; i++ {
			if ok, err := s.FirstSeen(ctx, fmt.Sprintf("replay:%d", i), now, time.Minute); err != nil || !ok {
				t.Fatalf("key %d: %v %v", i, ok, err)
			}
		}
		s.Close()
		s = b.open(t)
		defer s.Close()
		if ok, err := s.FirstSeen(ctx, "replay:7", now.Add(30*time.Second), time.Minute); err != nil || ok {
			t.Fatalf("a key seen before the restart accepted again after it: %v %v", ok, err)
		}
		if ok, err := s.FirstSeen(ctx, "replay:7", now.Add(2*time.Minute), time.Minute); err != nil || !ok {
			t.Fatalf("an expired key refused after the restart: %v %v", ok, err)
		}
		bs, ok := s.(*Bolt)
		if !ok {
			return
		}
		// Each call sweeps a few expired entries: 50 expired keys are gone
		// after a few calls past their expiry.
		later := now.Add(10 * time.Minute)
		for i := 0; i < 10; i++ {
			if ok, err := bs.FirstSeen(ctx, fmt.Sprintf("later:%d", i), later, time.Minute); err != nil || !ok {
				t.Fatalf("later key %d: %v %v", i, ok, err)
			}
		}
		n, err := bs.replayEntries()
		if err != nil {
			t.Fatal(err)
		}
		if n != 10 {
			t.Errorf("%d entries in the guard after the old ones expired, want the 10 new ones", n)
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

// Every backend keeps reports.
var (
	_ chat.Reports = (*Bolt)(nil)
	_ chat.Reports = (*Postgres)(nil)
	_ chat.Reports = (*MemoryReports)(nil)
)

// reportsOn runs test on the reports of every backend: the two stores,
// and the memory of a bot run with none (open gives the same memory
// again: it has no other process).
func reportsOn(t *testing.T, test func(t *testing.T, b *backend, open func(t *testing.T) chat.Reports)) {
	forEach(t, func(t *testing.T, b *backend) {
		test(t, b, func(t *testing.T) chat.Reports { return b.open(t).(chat.Reports) })
	})
	t.Run("memory", func(t *testing.T) {
		m := &MemoryReports{}
		test(t, &backend{name: "memory", shared: true}, func(t *testing.T) chat.Reports { return m })
	})
}

// closeReports closes r when it is a store.
func closeReports(r chat.Reports) {
	if s, ok := r.(chat.Store); ok {
		s.Close()
	}
}

// sampleReport is a report as package chat files one.
func sampleReport(q string, at time.Time) report.Report {
	return report.Report{
		Question: q, Lang: "fr", Page: 1, CRRelease: "2026-04-17", Build: "2026-04-20T10:00:00Z",
		Shown: []report.Citation{
			{ID: "wotc-2022-02-18-phasing-3.fr", Label: "Décision sur March of Swirling Mist"},
			{ID: "cr:702.26b", Label: "Règle 702.26b"},
		},
		Wrong: "La réponse cite la mauvaise règle.\nC’est la 702.26b.", Suggestion: "702.26b",
		Reporter: "1280000000000000004", GuildID: "1260000000000000000", ChannelID: "1270000000000000000",
		Source: "discord", Created: at,
	}
}

// sameTime compares times to the microsecond PostgreSQL keeps.
func sameTime(a, b time.Time) bool {
	return a.Truncate(time.Microsecond).Equal(b.Truncate(time.Microsecond))
}

func TestReports(t *testing.T) {
	reportsOn(t, func(t *testing.T, b *backend, open func(t *testing.T) chat.Reports) {
		ctx := context.Background()
		s := open(t)
		at := time.Date(2026, 5, 1, 12, 30, 15, 123456789, time.UTC)
		var ids []int64
		for i, q := range []string{"Un jeton hors phase ?", "Foudre sur une créature hors phase ?", "Deux fois le déphasage ?"} {
			r, err := s.AddReport(ctx, sampleReport(q, at.Add(time.Duration(i)*time.Minute)))
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != report.Open || r.Question != q {
				t.Errorf("added %+v", r)
			}
			ids = append(ids, r.ID)
		}
		if ids[0] < 1 || ids[1] <= ids[0] || ids[2] <= ids[1] {
			t.Fatalf("numbers %v, want increasing from 1", ids)
		}
		got, err := s.Report(ctx, ids[0])
		if err != nil {
			t.Fatal(err)
		}
		want := sampleReport("Un jeton hors phase ?", at)
		if got.ID != ids[0] || got.Question != want.Question || got.Lang != "fr" || got.Page != 1 || got.CRRelease != want.CRRelease ||
			got.Build != want.Build || len(got.Shown) != 2 || got.Shown[1] != want.Shown[1] || got.Wrong != want.Wrong ||
			got.Suggestion != "702.26b" || got.Reporter != want.Reporter || got.GuildID != want.GuildID ||
			got.ChannelID != want.ChannelID || got.Source != "discord" || !sameTime(got.Created, at) ||
			got.Status != report.Open || got.Decision != nil || len(got.Comments) != 0 {
			t.Errorf("read back %+v\nwant %+v", got, want)
		}
		if _, err := s.Report(ctx, ids[2]+100); !errors.Is(err, report.ErrNotFound) {
			t.Errorf("an unknown number: %v, want ErrNotFound", err)
		}

		// Comments keep their order; a decision replaces the one before.
		for _, text := range []string{"Je vérifie.", "C’est bien la 702.26b."} {
			if _, err := s.CommentReport(ctx, ids[1], report.Comment{Author: "judge", At: at.Add(time.Hour), Text: text}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.DecideReport(ctx, ids[1], report.Decision{Reviewer: "judge", At: at, Status: report.Rejected, Note: "first look"}); err != nil {
			t.Fatal(err)
		}
		d := report.Decision{Reviewer: "judge-2", At: at.Add(2 * time.Hour), Status: report.Confirmed,
			Expected: []string{"wotc-2022-02-18-phasing-2", "wotc-2022-09-09-phasing-6"}, Label: "Ruling", Kind: "card", Note: "seen"}
		r, err := s.DecideReport(ctx, ids[1], d)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != report.Confirmed || r.Decision == nil || r.Decision.Reviewer != "judge-2" || !sameTime(r.Decision.At, d.At) ||
			len(r.Decision.Expected) != 2 || r.Decision.Expected[1] != d.Expected[1] || r.Decision.Kind != "card" ||
			r.Decision.Label != "Ruling" || r.Decision.Note != "seen" {
			t.Errorf("decided %+v (decision %+v)", r, r.Decision)
		}
		if len(r.Comments) != 2 || r.Comments[0].Text != "Je vérifie." || r.Comments[1].Author != "judge" || !sameTime(r.Comments[1].At, at.Add(time.Hour)) {
			t.Errorf("comments %+v", r.Comments)
		}
		if _, err := s.DecideReport(ctx, ids[2], report.Decision{Reviewer: "judge", At: at, Status: report.Rejected}); err != nil {
			t.Fatal(err)
		}
		for name, err := range map[string]error{
			"decision": func() error {
				_, err := s.DecideReport(ctx, ids[2]+100, report.Decision{Reviewer: "x", At: at, Status: report.Rejected})
				return err
			}(),
			"comment": func() error {
				_, err := s.CommentReport(ctx, ids[2]+100, report.Comment{Author: "x", At: at, Text: "?"})
				return err
			}(),
		} {
			if !errors.Is(err, report.ErrNotFound) {
				t.Errorf("a %s on an unknown report: %v, want ErrNotFound", name, err)
			}
		}

		list := func(s chat.Reports, f report.Filter) []int64 {
			t.Helper()
			rs, err := s.Reports(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			var out []int64
			for _, r := range rs {
				out = append(out, r.ID)
			}
			return out
		}
		for _, tt := range []struct {
			f    report.Filter
			want []int64
		}{
			{report.Filter{}, ids},
			{report.Filter{Limit: 2}, ids[:2]},
			{report.Filter{Status: report.Open}, ids[:1]},
			{report.Filter{Status: report.Confirmed}, ids[1:2]},
			{report.Filter{Status: report.Rejected}, ids[2:]},
		} {
			if got := list(s, tt.f); fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("Reports(%+v) = %v, want %v", tt.f, got, tt.want)
			}
		}
		if rs, _ := s.Reports(ctx, report.Filter{Status: report.Confirmed}); len(rs) != 1 || len(rs[0].Comments) != 2 || rs[0].Decision == nil {
			t.Errorf("a listed report lacks its comments or decision: %+v", rs)
		}

		// Another process (a replica, or after a restart) reads the same.
		if !b.shared {
			closeReports(s)
		}
		s2 := open(t)
		if got := list(s2, report.Filter{}); fmt.Sprint(got) != fmt.Sprint(ids) {
			t.Errorf("reports in another process: %v, want %v", got, ids)
		}
		if r, err := s2.Report(ctx, ids[1]); err != nil || r.Status != report.Confirmed || len(r.Comments) != 2 {
			t.Errorf("report in another process: %+v, %v", r, err)
		}
		if !b.shared {
			closeReports(s2)
		}
	})
}

// TestReportsConcurrent: reports filed at once on two replicas get
// numbers of their own, and all are kept.
func TestReportsConcurrent(t *testing.T) {
	reportsOn(t, func(t *testing.T, b *backend, open func(t *testing.T) chat.Reports) {
		ctx := context.Background()
		stores := []chat.Reports{open(t)}
		if b.shared {
			stores = append(stores, open(t))
		}
		const n = 60
		var mu sync.Mutex
		seen := map[int64]bool{}
		var wg sync.WaitGroup
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err := stores[i%len(stores)].AddReport(ctx, sampleReport(fmt.Sprintf("question %d", i), time.Now()))
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				defer mu.Unlock()
				if seen[r.ID] {
					t.Errorf("number %d given twice", r.ID)
				}
				seen[r.ID] = true
			}()
		}
		wg.Wait()
		rs, err := stores[0].Reports(ctx, report.Filter{Status: report.Open})
		if err != nil {
			t.Fatal(err)
		}
		if len(seen) != n || len(rs) != n {
			t.Errorf("%d numbers given, %d reports kept; want %d", len(seen), len(rs), n)
		}
		for _, s := range stores {
			if b.name != "memory" {
				closeReports(s)
			}
		}
	})
}
