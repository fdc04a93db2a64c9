package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/discord/discordtest"
	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
)

// liveServer is "bot serve --http 127.0.0.1:0" running in this process
// through run(), with the Ed25519 key Discord would sign with, and a local
// stand-in for Discord's REST API in place of discord.com.
type liveServer struct {
	addr   string
	priv   ed25519.PrivateKey
	logs   *boundedLog
	rest   *discordtest.REST
	client *http.Client
	cancel context.CancelFunc
	exit   chan int
}

// startServe runs "bot serve --http 127.0.0.1:0 ARGS..." in-process and
// waits until it listens. The server stops with the test. It points
// discordgo's endpoints at a stand-in for the test's time: a test that
// calls it must not be parallel.
func startServe(t testing.TB, args ...string) *liveServer {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	ls := &liveServer{priv: priv, logs: &boundedLog{}, exit: make(chan int, 1)}
	ls.rest = discordtest.NewREST(t, nil)
	vars := map[string]string{
		"DISCORD_PUBLIC_KEY": hex.EncodeToString(pub),
		// Leave this test process's memory limit alone.
		"GOMEMLIMIT": "off",
	}
	getenv := func(k string) string { return vars[k] }
	ctx, cancel := context.WithCancel(context.Background())
	ls.cancel = cancel
	argv := append([]string{"serve", "--http", "127.0.0.1:0", "--reload-interval", "0"}, args...)
	go func() { ls.exit <- runArgs(ctx, argv, getenv, strings.NewReader(""), io.Discard, ls.logs) }()
	t.Cleanup(func() {
		ls.stop(t)
	})
	deadline := time.Now().Add(60 * time.Second)
	for ls.addr == "" {
		if time.Now().After(deadline) {
			t.Fatalf("bot serve did not listen within 60s:\n%s", ls.logs.String())
		}
		select {
		case code := <-ls.exit:
			ls.exit <- code
			t.Fatalf("bot serve exited with %d:\n%s", code, ls.logs.String())
		case <-time.After(20 * time.Millisecond):
		}
		ls.addr = listenAddr(ls.logs.String())
	}
	if !strings.HasPrefix(ls.addr, "127.0.0.1:") {
		t.Fatalf("server listens on %s, not on loopback", ls.addr)
	}
	ls.client = &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	return ls
}

// boundedLog keeps a server's JSON log for the test without growing with
// the traffic (a soak logs hundreds of thousands of request lines, which
// would show as heap growth): the first 256 KiB in full, then only the
// warnings and errors, up to 1 MiB of them.
type boundedLog struct {
	mu      sync.Mutex
	head    bytes.Buffer
	notable bytes.Buffer
	dropped int
}

func (l *boundedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.head.Len()+len(p) <= 256<<10:
		l.head.Write(p)
	case (bytes.Contains(p, []byte(`"level":"ERROR"`)) || bytes.Contains(p, []byte(`"level":"WARN"`))) && l.notable.Len()+len(p) <= 1<<20:
		l.notable.Write(p)
	default:
		l.dropped++
	}
	return len(p), nil
}

func (l *boundedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.head.String() + l.notable.String()
}

// listenAddr finds the address of the "listening" log record.
func listenAddr(logs string) string {
	sc := bufio.NewScanner(strings.NewReader(logs))
	for sc.Scan() {
		var rec struct{ Msg, Addr string }
		if json.Unmarshal(sc.Bytes(), &rec) == nil && rec.Msg == "listening" {
			return rec.Addr
		}
	}
	return ""
}

// stop shuts the server down the way SIGTERM does and waits for run to
// return (once; later calls do nothing).
func (ls *liveServer) stop(t testing.TB) int {
	t.Helper()
	ls.cancel()
	select {
	case code := <-ls.exit:
		ls.exit <- code
		if ls.client != nil {
			ls.client.CloseIdleConnections()
		}
		return code
	case <-time.After(30 * time.Second):
		t.Fatalf("bot serve did not stop within 30s")
		return -1
	}
}

func (ls *liveServer) url(path string) string { return "http://" + ls.addr + path }

// signedRequest is a POST /interactions of body signed with key at ts.
func (ls *liveServer) signedRequest(t testing.TB, key ed25519.PrivateKey, body []byte, ts time.Time) *http.Request {
	t.Helper()
	stamp := strconv.FormatInt(ts.Unix(), 10)
	req, err := http.NewRequest(http.MethodPost, ls.url("/interactions"), bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Timestamp", stamp)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(key, append([]byte(stamp), body...))))
	return req
}

// do sends req and returns the status and body.
func (ls *liveServer) do(req *http.Request) (int, []byte, error) {
	resp, err := ls.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

// errorRecords returns the log records at level ERROR.
func errorRecords(logs string) []string {
	var out []string
	for _, line := range strings.Split(logs, "\n") {
		if strings.Contains(line, `"level":"ERROR"`) {
			out = append(out, line)
		}
	}
	return out
}

// slashBody is a slash command interaction with string options, from user
// in channel, with a distinct id so that each body signs differently.
func slashBody(id int64, typ int, user, channel, locale, cmd string, opts ...[2]string) []byte {
	var options []any
	for i, o := range opts {
		options = append(options, map[string]any{"name": o[0], "type": 3, "value": o[1], "focused": typ == 4 && i == 0})
	}
	in := map[string]any{
		"id": strconv.FormatInt(id, 10), "application_id": "1230000000000000000", "type": typ,
		"token": "tok-" + strconv.FormatInt(id, 10), "version": 1,
		"guild_id": "1260000000000000000", "channel_id": channel, "locale": locale, "guild_locale": "en-US",
		"member": map[string]any{"user": map[string]any{"id": user, "username": "u" + user}, "permissions": "2147483647"},
		"data":   map[string]any{"id": "1250000000000000001", "name": cmd, "type": 1, "options": options},
	}
	b, _ := json.Marshal(in)
	return b
}

// replyText checks an interaction reply and returns its visible text.
func replyText(t testing.TB, b []byte) string {
	t.Helper()
	if msg := discordtest.Check(b); msg != "" {
		t.Fatalf("%s: %s", msg, b)
	}
	resp, _ := discordtest.Decode(t, b)
	return discordtest.Text(resp)
}

// TestBadInputLive sends hostile requests to the real server: every one is
// refused with the documented status, or answered with a clear message.
func TestBadInputLive(t *testing.T) {
	ls := startServe(t, "--state", t.TempDir(), "--rate-burst", "1000")
	_, otherKey, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	cat := testutil.Catalog(t)
	en := cat.Printer(i18n.EN)
	ping := []byte(`{"type":1,"id":"1"}`)
	question := func(q string) []byte {
		return slashBody(time.Now().UnixNano(), 2, "1280000000000000009", "1270000000000000000", "en-US", "ruling", [2]string{"question", q})
	}
	replayed := ls.signedRequest(t, ls.priv, []byte(`{"type":1,"id":"2"}`), time.Now())
	if code, body, err := ls.do(replayed); err != nil || code != http.StatusOK {
		t.Fatalf("first sending of a request: %d %s %v", code, body, err)
	}
	tests := []struct {
		name     string
		req      func() *http.Request
		want     int
		contains []string // in the reply's text
		absent   []string
	}{
		{"forged signature", func() *http.Request { return ls.signedRequest(t, otherKey, ping, time.Now()) }, http.StatusUnauthorized, nil, nil},
		{"missing signature", func() *http.Request {
			r := ls.signedRequest(t, ls.priv, ping, time.Now())
			r.Header.Del("X-Signature-Ed25519")
			return r
		}, http.StatusUnauthorized, nil, nil},
		{"missing timestamp", func() *http.Request {
			r := ls.signedRequest(t, ls.priv, ping, time.Now())
			r.Header.Del("X-Signature-Timestamp")
			return r
		}, http.StatusUnauthorized, nil, nil},
		{"signature of another body", func() *http.Request {
			r := ls.signedRequest(t, ls.priv, ping, time.Now())
			r.Body = io.NopCloser(bytes.NewReader([]byte(`{"type":1,"id":"3"}`)))
			return r
		}, http.StatusUnauthorized, nil, nil},
		{"replayed", func() *http.Request {
			// Ed25519 signatures are deterministic: the same body at the
			// same timestamp is the captured request, sent again.
			return ls.signedRequest(t, ls.priv, []byte(`{"type":1,"id":"2"}`), time.Unix(mustAtoi(t, replayed.Header.Get("X-Signature-Timestamp")), 0))
		}, http.StatusUnauthorized, nil, nil},
		{"stale", func() *http.Request { return ls.signedRequest(t, ls.priv, ping, time.Now().Add(-10*time.Minute)) }, http.StatusUnauthorized, nil, nil},
		{"oversized body", func() *http.Request {
			return ls.signedRequest(t, ls.priv, append([]byte(`{"type":1,"x":"`), bytes.Repeat([]byte("a"), 200<<10)...), time.Now())
		}, http.StatusRequestEntityTooLarge, nil, nil},
		{"unsigned 3 MiB body", func() *http.Request {
			r, _ := http.NewRequest(http.MethodPost, ls.url("/interactions"), bytes.NewReader(bytes.Repeat([]byte("a"), 3<<20)))
			return r
		}, http.StatusRequestEntityTooLarge, nil, nil},
		{"not JSON", func() *http.Request { return ls.signedRequest(t, ls.priv, []byte("\x00\xff garbage"), time.Now()) }, http.StatusBadRequest, nil, nil},
		{"unknown command", func() *http.Request {
			return ls.signedRequest(t, ls.priv, slashBody(time.Now().UnixNano(), 2, "9", "9", "en-US", "teleport", [2]string{"where", "moon"}), time.Now())
		}, http.StatusOK, []string{strings.TrimSpace(strings.SplitN(en.T(i18n.KeyUnknownCommand, "teleport"), "\n", 2)[0])}, nil},
		{"unknown options are ignored", func() *http.Request {
			return ls.signedRequest(t, ls.priv, slashBody(time.Now().UnixNano(), 2, "9", "9", "en-US", "rule",
				[2]string{"number", "702.26b"}, [2]string{"colour", "blue"}), time.Now())
		}, http.StatusOK, []string{"702.26b"}, nil},
		{"question full of mentions, markdown and control characters", func() *http.Request {
			return ls.signedRequest(t, ls.priv, question("@everyone @here <@&123> <@456> **aura** __phase__ `out` ||x|| \x00\x07\x1b[31m\u202e?"), time.Now())
		}, http.StatusOK, nil, []string{"@everyone", "@here", "<@&123>", "\x00", "\x1b", "\u202e"}},
		{"question over 500 characters", func() *http.Request {
			return ls.signedRequest(t, ls.priv, question(strings.Repeat("phase ", 100)), time.Now())
		}, http.StatusOK, []string{"500"}, nil},
		{"empty question", func() *http.Request { return ls.signedRequest(t, ls.priv, question(" \t "), time.Now()) }, http.StatusOK, nil, nil},
		{"button with a forged page", func() *http.Request {
			b := []byte(`{"id":"77","type":3,"token":"t","version":1,"channel_id":"1","data":{"custom_id":"p:ruling:en:99999999999:x","component_type":2},"member":{"user":{"id":"5"}}}`)
			return ls.signedRequest(t, ls.priv, b, time.Now())
		}, http.StatusOK, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, body, err := ls.do(tt.req())
			if err != nil {
				t.Fatal(err)
			}
			if code != tt.want {
				t.Fatalf("status %d, want %d: %s", code, tt.want, body)
			}
			if code != http.StatusOK {
				return
			}
			text := replyText(t, body)
			if sub, ok := testutil.HasAll(text, tt.contains...); !ok {
				t.Errorf("reply lacks %q:\n%s", sub, text)
			}
			for _, a := range tt.absent {
				if strings.Contains(text, a) {
					t.Errorf("reply holds %q:\n%q", a, text)
				}
			}
		})
	}
	if errs := errorRecords(ls.logs.String()); len(errs) > 0 {
		t.Errorf("hostile input logged errors:\n%s", strings.Join(errs, "\n"))
	}
}

func mustAtoi(t testing.TB, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestScenarioLimits runs hostile scenario files through "bot simulate":
// each is refused with exit code 2 and a message naming the problem,
// quickly, without a panic.
func TestScenarioLimits(t *testing.T) {
	dir := t.TempDir()
	head := "game: mtg\nplayers: [Alice, Bob]\npermanents:\n  - {id: bear, types: [creature], power: 2, toughness: 2, controller: Alice}\nactions:\n"
	var many strings.Builder
	many.WriteString(head)
	for range 20000 {
		many.WriteString("  - tap: [bear]\n")
	}
	var million bytes.Buffer
	million.WriteString(head)
	for range 1000000 {
		million.WriteString("  - tap: [bear]\n")
	}
	tests := []struct {
		name, src string
		want      string // part of the message
	}{
		{"attachment cycle", "game: mtg\nplayers: [Alice, Bob]\npermanents:\n" +
			"  - {id: a, subtypes: [Aura], controller: Alice, attached_to: b}\n" +
			"  - {id: b, subtypes: [Aura], controller: Alice, attached_to: a}\n", "a"},
		{"self-attached", "game: mtg\nplayers: [Alice, Bob]\npermanents:\n  - {id: a, subtypes: [Equipment], controller: Alice, attached_to: a}\n", "a"},
		{"cycle made by an action", "game: mtg\nplayers: [Alice, Bob]\npermanents:\n" +
			"  - {id: a, subtypes: [Aura], controller: Alice}\n  - {id: b, subtypes: [Aura], controller: Alice, attached_to: a}\n" +
			"actions:\n  - attach: {a: b}\n", "a"},
		{"20,000 actions", many.String(), "10"},
		{"a million actions (16 MB)", million.String(), ""},
		{"deep nesting", "game: mtg\nplayers: " + strings.Repeat("[", 100000) + "\n", ""},
		// Shapes that took the YAML parser minutes (727 s for the first).
		{"- - - …, 1 MiB", strings.Repeat("- ", (1<<20)/2-2) + "\n", "too many elements"},
		{"x: a: a: …, 1 MiB", "x: " + strings.Repeat("a: ", (1<<20)/3-2) + "\n", "too many elements"},
		{"x: a: a: …, 64 levels past the limit", "x: " + strings.Repeat("a: ", 128) + "\n", "nest too deeply"},
		{"alias bomb", "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n", ""},
		{"not YAML", "\x00\x01\x02: [", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_")+".yaml")
			if err := os.WriteFile(file, []byte(tt.src), 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			start := time.Now()
			code := runArgs(context.Background(), []string{"simulate", "--lang", "en", file}, func(k string) string {
				if k == "GOMEMLIMIT" {
					return "off"
				}
				return ""
			}, strings.NewReader(""), &stdout, &stderr)
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("took %v", d)
			}
			if code != 2 {
				t.Fatalf("exit %d, want 2\nstdout: %.300s\nstderr: %.300s", code, stdout.String(), stderr.String())
			}
			msg := stderr.String()
			if strings.TrimSpace(msg) == "" || strings.Contains(msg, "!engine.") || strings.Contains(msg, "panic") || strings.Contains(msg, "goroutine ") {
				t.Fatalf("unclear error: %q", msg)
			}
			if tt.want != "" && !strings.Contains(msg, tt.want) {
				t.Errorf("message %q lacks %q", msg, tt.want)
			}
			t.Logf("%s -> %s", tt.name, strings.TrimSpace(msg))
		})
	}
}

// percentile returns the p-th percentile (0..100) of sorted durations.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(float64(len(sorted)-1) * p / 100)
	return sorted[i]
}

// envIntOr returns the positive integer environment variable name, or def.
func envIntOr(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// rssKiB is this process's resident set size, from /proc (0 elsewhere).
func rssKiB() int {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			return n
		}
	}
	return 0
}
