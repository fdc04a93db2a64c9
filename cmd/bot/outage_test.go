package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
)

// TestPostgresOutage stops the PostgreSQL server of two replicas under
// load for ARBITER_PG_OUTAGE seconds (default 10; 5 with -short;
// scripts/scale.sh runs 30): every
// question is answered all along, settings made before keep applying,
// a new setting is refused with a message saying why, and once the server
// is back the replicas recover by themselves: a setting made on one holds
// on the other.
func TestPostgresOutage(t *testing.T) {
	t.Parallel()
	pg := testutil.StartPostgres(t)
	outage := time.Duration(envIntOr("ARBITER_PG_OUTAGE", 10)) * time.Second
	if testing.Short() {
		outage = min(outage, 5*time.Second)
	}
	rs := startReplicas(t, 2, pg.URL)
	cat := testutil.Catalog(t)
	fr := cat.Printer(i18n.FR)
	down := cat.Printer(i18n.EN).T(i18n.KeyDiscordStoreDown)
	const channel = "1270000000000000000"
	set := func(r int, user string, l i18n.Lang) string {
		t.Helper()
		_, text, _, err := rs.post(r, slashBody(time.Now().UnixNano(), 2, user, channel, "en-US", "language", [2]string{"language", l.String()}))
		if err != nil {
			t.Fatal(err)
		}
		return text
	}
	frSet := fr.T(i18n.KeyDiscordLangSet, fr.T(i18n.KeyDiscordScopeUser), fr.LangName(i18n.FR))
	if got := set(0, "1290000000000000001", i18n.FR); !strings.Contains(got, frSet) {
		t.Fatalf("setting before the outage: %q", got)
	}
	// Every French /ruling reply counts its results in French.
	found := strings.Fields(fr.T(i18n.KeyDiscordResults, 1, 3, 9))[0]

	// Load: questions from a user whose setting is French, on both replicas.
	var answered, failed, notFrench atomic.Int64
	var latMu sync.Mutex
	var lat []time.Duration
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var seq atomic.Int64
	questions := []string{"can an aura phase out?", "does a token phase out?", "what happens to counters on a phased-out permanent?"}
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				n := seq.Add(1)
				// Many users, so that the rate limit lets every question
				// through; one of them, every 2.5 s, has set French.
				user := fmt.Sprintf("12900000000001%05d", n%5000)
				if w == 0 && n%8 == 0 {
					user = "1290000000000000001"
					time.Sleep(2500 * time.Millisecond)
				}
				t0 := time.Now()
				code, text, _, err := rs.post(int(n%2), slashBody(10000000+n, 2, user, channel, "en-US", "ruling", [2]string{"question", questions[n%3]}))
				d := time.Since(t0)
				switch {
				case err != nil || code != 200 || text == "":
					failed.Add(1)
				case user == "1290000000000000001" && !strings.Contains(text, found):
					notFrench.Add(1)
				default:
					answered.Add(1)
				}
				latMu.Lock()
				lat = append(lat, d)
				latMu.Unlock()
				time.Sleep(20 * time.Millisecond)
			}
		}()
	}
	time.Sleep(2 * time.Second)
	before := answered.Load()
	pg.Stop(t)
	t.Logf("PostgreSQL stopped for %v", outage)
	stopped := time.Now()
	refused := 0
	for time.Since(stopped) < outage {
		text := set(int(time.Now().UnixNano()%2), fmt.Sprintf("12910000000%08d", time.Now().UnixNano()%1e8), i18n.JA)
		if strings.Contains(text, down) {
			refused++
		} else {
			t.Errorf("a setting while the store is down: %q", text)
		}
		time.Sleep(time.Second)
	}
	during := answered.Load() - before
	pg.Start(t)
	back := time.Now()
	// Recovery: a new setting made on replica 0 holds on replica 1. Two
	// figures: from PostgreSQL accepting connections again (pg_ctl start
	// returns then) to the first setting acknowledged, tried every 100 ms;
	// and from that acknowledgement to replica 1 answering in its language,
	// asked every 50 ms.
	var accepted, visible time.Duration
	for {
		text := set(0, "1290000000000000002", i18n.FR)
		if strings.Contains(text, frSet) {
			accepted = time.Since(back)
			break
		}
		if time.Since(back) > 30*time.Second {
			t.Fatalf("no setting accepted 30s after PostgreSQL came back: %q", text)
		}
		time.Sleep(100 * time.Millisecond)
	}
	acked := time.Now()
	for {
		_, text, _, _ := rs.post(1, slashBody(time.Now().UnixNano(), 2, "1290000000000000002", channel, "en-US", "ruling", [2]string{"question", questions[0]}))
		if strings.Contains(text, found) {
			visible = time.Since(acked)
			break
		}
		if time.Since(back) > 45*time.Second {
			t.Fatal("replica 1 did not pick up a setting made on replica 0 after the outage")
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(time.Second)
	close(stop)
	wg.Wait()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	t.Logf("questions answered: %d (%d while PostgreSQL was down), failed %d, not in the user's language %d; p50 %v, p99 %v, max %v",
		answered.Load(), during, failed.Load(), notFrench.Load(), percentile(lat, 50), percentile(lat, 99), lat[len(lat)-1])
	t.Logf("settings refused with a message while down: %d; after the restart, the first setting acknowledged %v later, read on the other replica %v after its acknowledgement (%v in all)",
		refused, accepted.Round(10*time.Millisecond), visible.Round(10*time.Millisecond), (accepted + visible).Round(10*time.Millisecond))
	if failed.Load() > 0 || notFrench.Load() > 0 {
		t.Errorf("%d questions failed and %d lost their user's language", failed.Load(), notFrench.Load())
	}
	if during == 0 || refused == 0 {
		t.Errorf("no load during the outage (%d answers, %d settings refused)", during, refused)
	}
}
