package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/sim"
)

// TestHostileLinksLive runs "bot serve" as a process of its own and sends
// it, for ARBITER_HOSTILE_SECONDS (default 3), 16 share links at a time,
// each holding a scenario of 21,800 nested levels (what a 213-character
// link held, and stalled a replica with before) or 9,000, from 16 clients
// the rate limit does not hold back, while another client asks for a page and
// sends signed /rule interactions: every hostile link is refused with a
// message, every other request answered, and the process's peak RSS stays
// under 400 MB. The latencies are logged (RELIABILITY.md has those of the
// long run). ARBITER_HOSTILE_INDEX serves an index directory instead of
// the embedded corpus; ARBITER_HOSTILE_GOMEMLIMIT and ARBITER_HOSTILE_GOGC
// set the Go runtime's memory settings (default those of the manifests,
// 420MiB and 50). ARBITER_HOSTILE_CLIENTS sets the number of hostile
// clients (0: the other requests' latency with none, for comparison).
func TestHostileLinksLive(t *testing.T) {
	t.Parallel()
	secs := envIntOr("ARBITER_HOSTILE_SECONDS", 3)
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	// The manifests' memory settings; a rate limit the hostile clients do
	// not reach: what holds them is the scenario's shape.
	args := []string{"serve", "--http", "127.0.0.1:0", "--reload-interval", "0", "--rate-burst", "1000000"}
	if dir := os.Getenv("ARBITER_HOSTILE_INDEX"); dir != "" {
		args = append(args, "--index", dir)
	}
	p := startChild(t, []string{"DISCORD_PUBLIC_KEY=" + hex.EncodeToString(pub), "GOMEMLIMIT=" + envOr("ARBITER_HOSTILE_GOMEMLIMIT", "420MiB"),
		"GOGC=" + envOr("ARBITER_HOSTILE_GOGC", "50")}, args...)
	ls := &liveServer{addr: p.addr(t), client: &http.Client{Timeout: 30 * time.Second}}
	// Two shapes: one past the count of indicators, refused before any
	// token is made; one within it (9,000 levels), whose tokens are read
	// at the gate.
	var links []string
	for _, levels := range []int{21800, 9000} {
		code, err := sim.Encode([]byte("x: " + strings.Repeat("a: ", levels) + "b\n"))
		if err != nil {
			t.Fatal(err)
		}
		links = append(links, ls.url("/sim/play?lang=en&s="+url.QueryEscape(code)))
	}
	deadline := time.Now().Add(time.Duration(secs) * time.Second)
	var hostile, refused atomic.Int64
	var wrong sync.Map
	var wg sync.WaitGroup
	clients := 16
	if n, err := strconv.Atoi(os.Getenv("ARBITER_HOSTILE_CLIENTS")); err == nil && n >= 0 {
		clients = n
	}
	for w := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := &http.Client{Timeout: 30 * time.Second}
			for time.Now().Before(deadline) {
				resp, err := c.Get(links[w%2])
				if err != nil {
					wrong.Store(w, err.Error())
					return
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				hostile.Add(1)
				if resp.StatusCode == http.StatusBadRequest && (strings.Contains(string(b), "too many elements") || strings.Contains(string(b), "nest too deeply")) {
					refused.Add(1)
				} else {
					wrong.Store(w, fmt.Sprintf("status %d", resp.StatusCode))
				}
			}
		}()
	}
	var page, rule []time.Duration
	failed := 0
	for i := 0; time.Now().Before(deadline); i++ {
		start := time.Now()
		var code int
		var err error
		if i%2 == 0 {
			code, _, err = ls.do(mustRequest(t, http.MethodGet, ls.url("/sim/?lang=fr")))
			page = append(page, time.Since(start))
		} else {
			body := slashBody(int64(i+1), 2, "1295"+strconv.Itoa(100000+i), "1270000000000000000", "en-US", "rule", [2]string{"number", "702.26b"})
			code, _, err = ls.do(ls.signedRequest(t, priv, body, time.Now()))
			rule = append(rule, time.Since(start))
		}
		if err != nil || code != http.StatusOK {
			failed++
		}
		time.Sleep(20 * time.Millisecond)
	}
	wg.Wait()
	wrong.Range(func(k, v any) bool {
		t.Errorf("hostile client %v: %v", k, v)
		return true
	})
	rss, hwm := procMemory(p.cmd.Process.Pid)
	t.Logf("%d s: %d hostile links, %d refused; other requests meanwhile: page p50 %v p99 %v max %v, /rule p50 %v p99 %v max %v, %d failed; RSS %d MB, peak %d MB",
		secs, hostile.Load(), refused.Load(), pct(page, 50), pct(page, 99), pct(page, 100), pct(rule, 50), pct(rule, 99), pct(rule, 100), failed, rss>>20, hwm>>20)
	if failed > 0 || len(page) == 0 || len(rule) == 0 {
		t.Errorf("%d other requests failed", failed)
	}
	if hwm > 400<<20 {
		t.Errorf("peak RSS %d MB, over 400 MB", hwm>>20)
	}
}

// pct is the q-th percentile of ds (100: the maximum), rounded.
func pct(ds []time.Duration, q int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[min(len(s)-1, len(s)*q/100)].Round(time.Millisecond)
}

// procMemory reads a process's resident memory and its peak, in bytes
// (0 where /proc does not tell).
func procMemory(pid int) (rss, hwm int64) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		n, _ := strconv.ParseInt(f[1], 10, 64)
		switch f[0] {
		case "VmRSS:":
			rss = n << 10
		case "VmHWM:":
			hwm = n << 10
		}
	}
	return rss, hwm
}
