package web

import (
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/sim"
	"arbiter/cmd/bot/internal/store"
	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
)

// TestClientAddress: the client is the connection's peer unless that is
// a trusted proxy; then it is the rightmost address of the proxies'
// header that is not a trusted proxy. What a client writes in the header
// itself never names it.
func TestClientAddress(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		proxies string
		header  string // X-Forwarded-For or Forwarded
		remote  string
		values  []string
		want    string
	}{
		{"no proxy trusted: the header is ignored", "", "", "198.51.100.7:5555", []string{"203.0.113.5"}, "198.51.100.7"},
		{"an untrusted peer's header is ignored", "10.0.0.0/8", "", "198.51.100.7:5555", []string{"203.0.113.5"}, "198.51.100.7"},
		{"behind a trusted proxy", "10.0.0.0/8", "", "10.0.0.1:80", []string{"203.0.113.5"}, "203.0.113.5"},
		{"a forged address before the real one", "10.0.0.0/8", "", "10.0.0.1:80", []string{"1.2.3.4, 203.0.113.5"}, "203.0.113.5"},
		{"two proxies", "10.0.0.0/8, 192.0.2.10", "", "10.0.0.1:80", []string{"203.0.113.5, 192.0.2.10", "10.1.1.1"}, "203.0.113.5"},
		{"every hop a trusted proxy", "10.0.0.0/8", "", "10.0.0.1:80", []string{"10.0.0.9, 10.0.0.8"}, "10.0.0.9"},
		{"an unreadable hop ends the walk", "10.0.0.0/8", "", "10.0.0.1:80", []string{"203.0.113.5, junk"}, "10.0.0.1"},
		{"no header from a proxy", "10.0.0.0/8", "", "10.0.0.1:80", nil, "10.0.0.1"},
		{"IPv4 in IPv6", "::ffff:10.0.0.0/104", "", "[::ffff:10.0.0.1]:80", []string{"::ffff:203.0.113.5"}, "203.0.113.5"},
		{"Forwarded", "10.0.0.0/8", "Forwarded", "10.0.0.1:80", []string{`for=1.2.3.4, for="[2001:db8::1]:4711";proto=https`}, "2001:db8::1"},
		{"Forwarded read, X-Forwarded-For forged", "10.0.0.0/8", "Forwarded", "10.0.0.1:80", []string{"for=203.0.113.5"}, "203.0.113.5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseProxies(tt.proxies, tt.header)
			if err != nil {
				t.Fatal(err)
			}
			r := httptest.NewRequest("GET", "/ask", nil)
			r.RemoteAddr = tt.remote
			name := "X-Forwarded-For"
			if tt.header == "Forwarded" {
				name = "Forwarded"
				r.Header.Add("X-Forwarded-For", "6.6.6.6")
			}
			for _, v := range tt.values {
				r.Header.Add(name, v)
			}
			if got := p.Client(r).String(); got != tt.want {
				t.Errorf("client %s, want %s", got, tt.want)
			}
		})
	}
	for _, bad := range [][2]string{{"10.0.0.0/33", ""}, {"proxy.example", ""}, {"10.0.0.1", "X-Real-IP"}} {
		if _, err := ParseProxies(bad[0], bad[1]); err == nil {
			t.Errorf("ParseProxies(%q, %q) accepted", bad[0], bad[1])
		}
	}
}

// limitServer serves the pages of the embedded corpus behind a trusted
// proxy (the loopback address the test connects from), with the limits
// "bot serve" gives them: burst requests per hour for a client, eight
// times that for its network, reports 3 an hour per client and 5 per
// network, kept in memory.
func limitServer(t *testing.T, burst int) *httptest.Server {
	t.Helper()
	ix := testutil.EmbeddedIndex(t)
	rt := chat.New(chat.Config{
		Catalog: testutil.Catalog(t),
		Index:   func() (chat.Index, func()) { return ix, func() {} },
		Reports: chat.ReportsConfig{Store: &store.MemoryReports{}, Limit: chat.NewRateLimiter(3, time.Hour, 100).Keyed("report:")},
	})
	proxies, err := ParseProxies("127.0.0.1, ::1", "")
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Reports: rt, Proxies: proxies, SimGate: sim.NewGate(1), Limits: Limits{
		Client:  chat.NewRateLimiter(burst, time.Hour, 1000).Keyed("web:"),
		Network: chat.NewRateLimiter(8*burst, time.Hour, 1000).Keyed("webnet:"),
		Reports: chat.NewRateLimiter(5, time.Hour, 1000).Keyed("webreports:"),
	}}
	pages, err := New(cfg, testutil.Catalog(t), func() (Index, func()) { return ix, func() {} }, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	pages.Routes(mux)
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return ts
}

// TestWebRateLimits: the pages that work on what a client sends have a
// Discord user's rate limit, per client address as the trusted proxy
// names it: one client's flood is refused with 429, a Retry-After and a
// message in its language, while other clients behind the same proxy
// are served; a network of many addresses has a limit of its own; and
// reports are limited per client, not per proxy.
func TestWebRateLimits(t *testing.T) {
	t.Parallel()
	ts := limitServer(t, 3)
	get := func(path, client string) *http.Response {
		t.Helper()
		res, _ := webGet(t, ts, path, "X-Forwarded-For", client, "Accept-Language", "fr")
		return res
	}
	if res := get("/ask?q=phasing", "203.0.113.5"); res.StatusCode != http.StatusOK {
		t.Fatalf("a question: %d", res.StatusCode)
	}
	for i := 0; i < 2; i++ {
		if res := get("/sim/play?s=1abc", "203.0.113.5"); res.StatusCode != http.StatusBadRequest {
			t.Fatalf("link %d: %d", i+1, res.StatusCode)
		}
	}
	res, body := webGet(t, ts, "/sim/play?s=1abc", "X-Forwarded-For", "203.0.113.5", "Accept-Language", "fr")
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" ||
		!strings.Contains(string(body), "Trop de demandes depuis votre adresse") {
		t.Fatalf("a fourth request: %d, Retry-After %q\n%.400s", res.StatusCode, res.Header.Get("Retry-After"), body)
	}
	if res := get("/sim/play/1.png?s=1abc", "203.0.113.5"); res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("a picture over the limit: %d", res.StatusCode)
	}
	if res := get("/sim/", "203.0.113.5"); res.StatusCode != http.StatusOK {
		t.Errorf("a page that works on nothing the client sends: %d", res.StatusCode)
	}
	if res := get("/ask?q=phasing", "198.51.100.7"); res.StatusCode != http.StatusOK {
		t.Errorf("another client behind the same proxy: %d", res.StatusCode)
	}
	// Addresses of one network: each within its own limit, the network
	// past its own (8 × 3 = 24).
	refused := 0
	for i := 0; i < 40; i++ {
		if res := get("/sim/play?s=1abc", "192.0.2."+itoa(10+i)); res.StatusCode == http.StatusTooManyRequests {
			refused++
		}
	}
	if refused != 40-24 {
		t.Errorf("%d of 40 requests from 40 addresses of one network refused, want %d", refused, 40-24)
	}
}

// TestWebReportsPerClient: behind the proxy, each client files its own
// reports (3 an hour here), and a network of many addresses files 5 an
// hour in all.
func TestWebReportsPerClient(t *testing.T) {
	t.Parallel()
	ts := limitServer(t, 1000)
	file := func(client string) int {
		t.Helper()
		res, _ := postReport(t, ts, "en", url.Values{"q": {"jeton hors phase"}, "wrong": {"wrong answer from " + client}}, "X-Forwarded-For", client)
		return res.StatusCode
	}
	for _, client := range []string{"203.0.113.5", "198.51.100.7"} {
		for i := 0; i < 3; i++ {
			if code := file(client); code != http.StatusSeeOther {
				t.Fatalf("report %d of %s: %d", i+1, client, code)
			}
		}
		if code := file(client); code != http.StatusTooManyRequests {
			t.Errorf("a fourth report of %s: %d", client, code)
		}
	}
	filed := 0
	for i := 0; i < 40; i++ {
		if file("192.0.2."+itoa(10+i)) == http.StatusSeeOther {
			filed++
		}
	}
	if filed != 5 {
		t.Errorf("40 addresses of one network filed %d reports, want 5", filed)
	}
}

// itoa writes a small number.
func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestHostileShareLinks: 16 share links at once, each holding a scenario
// of 21,800 nested levels in a 125-character code, are each refused at once with
// a message naming the problem, and the other pages answer meanwhile.
// The figures of the long run are in RELIABILITY.md.
func TestHostileShareLinks(t *testing.T) {
	t.Parallel()
	ts := limitServer(t, 1000)
	code, err := sim.Encode([]byte("x: " + strings.Repeat("a: ", 21800) + "b\n"))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("a hostile link: /sim/play?s=… (%d characters of code)", len(code))
	var wg sync.WaitGroup
	hostile := make([]time.Duration, 16)
	statuses := make([]int, 16)
	bodies := make([]string, 16)
	for i := range hostile {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			res, body := webGet(t, ts, "/sim/play?lang=en&s="+url.QueryEscape(code), "X-Forwarded-For", "203.0.113."+itoa(i))
			hostile[i], statuses[i], bodies[i] = time.Since(start), res.StatusCode, string(body)
		}()
	}
	var others []time.Duration
	for i := 0; i < 20; i++ {
		start := time.Now()
		res, _ := webGet(t, ts, "/sim/", "X-Forwarded-For", "198.51.100.7")
		others = append(others, time.Since(start))
		if res.StatusCode != http.StatusOK {
			t.Errorf("another page: %d", res.StatusCode)
		}
	}
	wg.Wait()
	msg := html.EscapeString(testutil.Catalog(t).Printer(i18n.EN).T(i18n.KeyEngineLimitNodes, 21801, 10000))
	for i := range hostile {
		if statuses[i] != http.StatusBadRequest || !strings.Contains(bodies[i], msg) {
			t.Errorf("hostile link %d: %d, want 400 with %q", i, statuses[i], msg)
		}
	}
	sort.Slice(hostile, func(i, j int) bool { return hostile[i] < hostile[j] })
	sort.Slice(others, func(i, j int) bool { return others[i] < others[j] })
	t.Logf("16 hostile links answered within %v (p50 %v); other pages meanwhile p50 %v, max %v",
		hostile[15].Round(time.Millisecond), hostile[8].Round(time.Millisecond), others[10].Round(time.Millisecond), others[19].Round(time.Millisecond))
	if hostile[15] > 5*time.Second {
		t.Errorf("a hostile link answered after %v", hostile[15])
	}
}
