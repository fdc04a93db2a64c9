package main

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/discord/discordtest"
)

// loadPlan lists the kinds of request the load generator sends, one in ten
// each: four rulings, two rules, two autocompletes, a page button and a
// forged request.
var loadPlan = [10]string{"ruling", "ruling", "ruling", "ruling", "rule", "rule", "autocomplete", "autocomplete", "button", "forged"}

// loadQuestions are asked in turn, in the three languages.
func loadQuestions() []string {
	return []string{
		"can an aura phase out?", "what happens to equipment when the creature phases out",
		"une aura peut-elle être mise hors phase ?", "que devient un jeton hors phase",
		"フェイズアウトしたオーラはどうなる？", "トークンがフェイズアウトしたら",
		"does a phased out creature block", "Teferi's Protection and auras",
		"rule 502.15h", "Oubliette and phasing in tapped", "enchaînement de la chaîne Yu-Gi-Oh!",
		"phasing and summoning sickness", "Hors phase : les permanents phasés sont-ils traités comme inexistants ?",
	}
}

// loadStats is what one run of the load generator measured.
type loadStats struct {
	sent, ok, refused, errors, deferred atomic.Int64
	mu                                  sync.Mutex
	lat                                 map[string][]time.Duration
	firstErrs                           []string
}

func (s *loadStats) fail(format string, args ...any) {
	s.errors.Add(1)
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.firstErrs) < 10 {
		s.firstErrs = append(s.firstErrs, fmt.Sprintf(format, args...))
	}
}

func (s *loadStats) record(kind string, d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lat[kind] = append(s.lat[kind], d)
}

// summary formats the counts and p50/p99/max latencies, overall and per kind.
func (s *loadStats) summary(elapsed time.Duration) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var all []time.Duration
	var b strings.Builder
	kinds := make([]string, 0, len(s.lat))
	for k := range s.lat {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	for _, k := range kinds {
		l := slices.Clone(s.lat[k])
		slices.Sort(l)
		all = append(all, l...)
		fmt.Fprintf(&b, "\n  %-12s n=%-6d p50=%-10v p99=%-10v max=%v", k, len(l), percentile(l, 50).Round(10*time.Microsecond),
			percentile(l, 99).Round(10*time.Microsecond), l[len(l)-1].Round(10*time.Microsecond))
	}
	slices.Sort(all)
	return fmt.Sprintf("sent=%d ok=%d refused-forged=%d errors=%d deferred=%d in %v (%.0f req/s) p50=%v p99=%v%s",
		s.sent.Load(), s.ok.Load(), s.refused.Load(), s.errors.Load(), s.deferred.Load(), elapsed.Round(time.Millisecond),
		float64(s.sent.Load())/elapsed.Seconds(), percentile(all, 50).Round(10*time.Microsecond), percentile(all, 99).Round(10*time.Microsecond), b.String())
}

// loadGen sends signed interactions to a live server from a fixed number of
// workers. It only ever targets the server's loopback address, and stops by
// itself after n requests or at the deadline, whichever comes first.
type loadGen struct {
	ls       *liveServer
	forger   ed25519.PrivateKey
	workers  int
	seq      atomic.Int64
	stats    *loadStats
	captured chan *capturedReq // genuine requests kept for replay
}

type capturedReq struct {
	body []byte
	ts   time.Time
}

func newLoadGen(t testing.TB, ls *liveServer, workers int) *loadGen {
	t.Helper()
	if !strings.HasPrefix(ls.addr, "127.0.0.1:") {
		t.Fatalf("load only ever targets loopback, not %s", ls.addr)
	}
	_, forger, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return &loadGen{ls: ls, forger: forger, workers: workers, stats: &loadStats{lat: map[string][]time.Duration{}},
		captured: make(chan *capturedReq, 64)}
}

// run sends up to n requests, stopping at deadline.
func (g *loadGen) run(t testing.TB, n int64, deadline time.Time) {
	t.Helper()
	var wg sync.WaitGroup
	var next atomic.Int64
	for w := range g.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= n || time.Now().After(deadline) {
					return
				}
				g.one(t, w, i)
			}
		}()
	}
	wg.Wait()
}

// one sends request number i from worker w and checks the answer.
func (g *loadGen) one(t testing.TB, w int, i int64) {
	id := 1300000000000000000 + g.seq.Add(1)
	user := strconv.Itoa(1280000000000000000 + w)
	channel := "1270000000000000000"
	qs := loadQuestions()
	q := qs[int(i/10)%len(qs)]
	locale := []string{"en-US", "fr", "ja", "en-GB"}[int(i)%4]
	kind := loadPlan[i%10]
	var body []byte
	wantType := []int{discordtest.TypeMessage}
	switch kind {
	case "ruling":
		body = slashBody(id, 2, user, channel, locale, "ruling", [2]string{"question", q})
	case "rule":
		num := []string{"702.26", "702.26b", "502.15h", "611.2c", "303.4", "999.9", "100.1a"}[int(i/10)%7]
		body = slashBody(id, 2, user, channel, locale, "rule", [2]string{"number", num})
	case "autocomplete":
		wantType = []int{discordtest.TypeAutocomplete}
		ac := [][2]string{{"rule", "number"}, {"card", "name"}, {"simulate", "scenario"}, {"glossary", "term"}}[int(i/10)%4]
		prefix := []string{"70", "Rain", "aura", "phas", "", "フェ", "hors"}[int(i/40)%7]
		body = slashBody(id, 4, user, channel, locale, ac[0], [2]string{ac[1], prefix})
	case "button":
		wantType = []int{discordtest.TypeUpdate, discordtest.TypeMessage}
		body = []byte(fmt.Sprintf(`{"id":"%d","application_id":"1230000000000000000","type":3,"token":"tok-%d","version":1,`+
			`"channel_id":"%s","locale":"%s","member":{"user":{"id":"%s"},"permissions":"0"},`+
			`"data":{"custom_id":"p:ruling:en:%d:%s","component_type":2},`+
			`"message":{"id":"1","channel_id":"%s","flags":64,"embeds":[{"footer":{"text":"x"}}]}}`,
			id, id, channel, locale, user, int(i/10)%3, q, channel))
	case "forged":
		g.forged(t, i, id)
		return
	}
	ts := time.Now()
	req := g.ls.signedRequest(t, g.ls.priv, body, ts)
	start := time.Now()
	code, reply, err := g.ls.do(req)
	d := time.Since(start)
	g.stats.sent.Add(1)
	if err != nil {
		g.stats.fail("%s: %v", kind, err)
		return
	}
	if code != http.StatusOK {
		g.stats.fail("%s: status %d: %.200s", kind, code, reply)
		return
	}
	if msg := discordtest.Check(reply); msg != "" {
		g.stats.fail("%s: %s: %.300s", kind, msg, reply)
		return
	}
	switch typ := discordtest.TypeOf(reply); typ {
	case discordtest.TypeDeferredMessage, discordtest.TypeDeferredUpdate:
		g.stats.deferred.Add(1)
	default:
		if !slices.Contains(wantType, typ) {
			g.stats.fail("%s: reply type %d, want %v: %.200s", kind, typ, wantType, reply)
			return
		}
	}
	g.stats.ok.Add(1)
	g.stats.record(kind, d)
	select {
	case g.captured <- &capturedReq{body: body, ts: ts}:
	default:
	}
}

// forged sends a request Discord did not sign (or signed once, already
// seen): it must be refused with 401, whatever its body.
func (g *loadGen) forged(t testing.TB, i, id int64) {
	body := slashBody(id, 2, "1", "1", "en-US", "ruling", [2]string{"question", "can an aura phase out?"})
	var req *http.Request
	switch (i / 10) % 4 {
	case 0: // signed with another key
		req = g.ls.signedRequest(t, g.forger, body, time.Now())
	case 1: // a genuine signature over another body
		req = g.ls.signedRequest(t, g.ls.priv, body, time.Now())
		req.Body = io.NopCloser(bytes.NewReader(append(body[:len(body):len(body)], ' ')))
		req.ContentLength++
	case 2: // no signature
		req = g.ls.signedRequest(t, g.ls.priv, body, time.Now())
		req.Header.Del("X-Signature-Ed25519")
	case 3: // a genuine request captured and sent again
		select {
		case c := <-g.captured:
			req = g.ls.signedRequest(t, g.ls.priv, c.body, c.ts)
		default:
			req = g.ls.signedRequest(t, g.ls.priv, body, time.Now().Add(-time.Hour))
		}
	}
	start := time.Now()
	code, reply, err := g.ls.do(req)
	g.stats.sent.Add(1)
	if err != nil {
		g.stats.fail("forged: %v", err)
		return
	}
	if code != http.StatusUnauthorized {
		g.stats.fail("forged request %d accepted: status %d: %.200s", (i/10)%4, code, reply)
		return
	}
	g.stats.refused.Add(1)
	g.stats.record("forged", time.Since(start))
}

// sampleRuntime settles the process and reads its goroutines, live heap
// and resident size.
func sampleRuntime(ls *liveServer) (goroutines int, heapMiB float64, rssMiB float64) {
	ls.client.CloseIdleConnections()
	time.Sleep(300 * time.Millisecond)
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return runtime.NumGoroutine(), float64(ms.HeapAlloc) / (1 << 20), float64(rssKiB()) / 1024
}

// TestLoad sends thousands of signed interactions (rulings, rules,
// autocompletes, buttons, one in ten forged) from 32 workers to the real
// server on loopback: no error, no forged request accepted, no goroutine
// or heap growth between a warm-up and the end. RELIABILITY_LOAD_REQUESTS
// sets the count (default 3000, 1000 with -short) and RELIABILITY_SOAK a
// duration (e.g. 5m) to run for instead, sampling every 10 seconds.
func TestLoad(t *testing.T) {
	n := int64(envIntOr("RELIABILITY_LOAD_REQUESTS", 3000))
	if testing.Short() {
		n = min(n, 1000)
	}
	soak, _ := time.ParseDuration(envOr("RELIABILITY_SOAK", ""))
	workers := envIntOr("RELIABILITY_LOAD_WORKERS", 32)
	ls := startServe(t, "--state", t.TempDir(), "--rate-burst", "1000000000", "--max-in-flight", "1024")
	g := newLoadGen(t, ls, workers)

	// Warm up: every code path once, caches and lazily built lists filled.
	warm := n / 3
	if soak > 0 {
		warm = 3000
	}
	start := time.Now()
	g.run(t, warm, time.Now().Add(5*time.Minute))
	g0, h0, r0 := sampleRuntime(ls)
	t.Logf("after warm-up (%d requests): goroutines=%d heap=%.1fMiB rss=%.1fMiB", warm, g0, h0, r0)

	if soak > 0 {
		end := time.Now().Add(soak)
		for time.Now().Before(end) {
			g.run(t, 1<<62, minTime(end, time.Now().Add(10*time.Second)))
			gs, hs, rs := sampleRuntime(ls)
			t.Logf("soak t=%v sent=%d goroutines=%d heap=%.1fMiB rss=%.1fMiB", time.Since(start).Round(time.Second), g.stats.sent.Load(), gs, hs, rs)
		}
	} else {
		g.run(t, n-warm, time.Now().Add(5*time.Minute))
	}
	elapsed := time.Since(start)
	g1, h1, r1 := sampleRuntime(ls)
	t.Logf("load: %s", g.stats.summary(elapsed))
	t.Logf("at the end: goroutines=%d (%+d) heap=%.1fMiB (%+.1f) rss=%.1fMiB (%+.1f)", g1, g1-g0, h1, h1-h0, r1, r1-r0)

	if e := g.stats.errors.Load(); e > 0 {
		t.Errorf("%d errors; first: %s", e, strings.Join(g.stats.firstErrs, "\n"))
	}
	if g.stats.refused.Load() == 0 || g.stats.ok.Load() == 0 {
		t.Errorf("nothing measured: %s", g.stats.summary(elapsed))
	}
	if g1 > g0+5 {
		t.Errorf("goroutines grew from %d to %d", g0, g1)
	}
	// The replay cache keeps each signature for 5 minutes, up to 100,000
	// of them (about 450 bytes each with the map and the order slice), and
	// the reply cache is bounded; anything more is a leak.
	if growth := h1 - h0; growth > 16+float64(min(g.stats.sent.Load(), 100000))*500/(1<<20) {
		t.Errorf("heap grew by %.1f MiB over %d requests", growth, g.stats.sent.Load())
	}
	if errs := errorRecords(ls.logs.String()); len(errs) > 0 {
		t.Errorf("the server logged %d errors; first: %s", len(errs), errs[0])
	}
	if code := ls.stop(t); code != 0 {
		t.Errorf("bot serve exited with %d", code)
	}
}

func envOr(name, def string) string {
	if v := strings.TrimSpace(os.Getenv(name)); v != "" {
		return v
	}
	return def
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
