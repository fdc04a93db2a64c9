package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
	"arbiter/kb"
)

// mustBinary returns the path of cmd/bot, built once for the tests of the
// package (see botBinary).
func mustBinary(t *testing.T) string {
	t.Helper()
	bin, err := botBinary.get()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// botProcess is the bot running as a child process.
type botProcess struct {
	cmd    *exec.Cmd
	stderr *testutil.Log
	stdout *testutil.Log
	done   chan error
}

// startBot starts the binary bin with args and extra environment variables.
func startBot(t *testing.T, bin string, env []string, args ...string) *botProcess {
	t.Helper()
	p := &botProcess{stderr: &testutil.Log{}, stdout: &testutil.Log{}, done: make(chan error, 1)}
	p.cmd = exec.Command(bin, args...)
	p.cmd.Env = append(os.Environ(), env...)
	p.cmd.Stdout, p.cmd.Stderr = p.stdout, p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.done <- p.cmd.Wait() }()
	t.Cleanup(func() { p.kill() })
	return p
}

// kill sends SIGKILL and waits for the process to be gone.
func (p *botProcess) kill() {
	if p.cmd.ProcessState != nil {
		return
	}
	p.cmd.Process.Signal(syscall.SIGKILL)
	select {
	case <-p.done:
		p.done <- nil
	case <-time.After(10 * time.Second):
	}
}

// wait waits for the process to exit and returns its exit code.
func (p *botProcess) wait(t *testing.T, d time.Duration) int {
	t.Helper()
	select {
	case <-p.done:
		p.done <- nil
		return p.cmd.ProcessState.ExitCode()
	case <-time.After(d):
		t.Fatalf("%v did not exit within %v\nstderr: %s", p.cmd.Args, d, p.stderr.String())
		return -1
	}
}

// addr waits for the server's "listening" log line and returns its address.
func (p *botProcess) addr(t *testing.T) string {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if a := listenAddr(p.stderr.String()); a != "" {
			if !strings.HasPrefix(a, "127.0.0.1:") {
				t.Fatalf("listening on %s, not loopback", a)
			}
			return a
		}
		select {
		case <-p.done:
			p.done <- nil
			t.Fatalf("exited: %s", p.stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatalf("no listening line within 60s: %s", p.stderr.String())
	return ""
}

// staleBuilds lists the partial builds beside dir.
func staleBuilds(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+".tmp-*"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestKillDuringBuild kills "bot kb build" with SIGKILL while it writes a
// new index over an existing one: the old index still opens and serves,
// the next start cleans the partial build, and a new build succeeds.
func TestKillDuringBuild(t *testing.T) {
	t.Parallel()
	cr := testutil.SharedFile(t, "mtg/cr/MagicCompRules_20260417.txt")
	rulings := testutil.SharedFile(t, "mtg/rulings/rulings-mtgjson-20220425.jsonl")
	bin := mustBinary(t)
	dir := filepath.Join(t.TempDir(), "index")

	first := startBot(t, bin, nil, "kb", "build", "--out", dir)
	if code := first.wait(t, 2*time.Minute); code != 0 {
		t.Fatalf("first build: exit %d: %s", code, first.stderr.String())
	}
	old, err := kb.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	oldMeta := old.Meta()
	old.Close()

	big := startBot(t, bin, nil, "kb", "build", "--out", dir, "--cr", cr, "--rulings", rulings)
	// Kill once the partial build has been written to for a while.
	deadline := time.Now().Add(2 * time.Minute)
	var seen time.Time
	for {
		if time.Now().After(deadline) {
			t.Fatal("no partial build appeared")
		}
		if len(staleBuilds(t, dir)) > 0 && seen.IsZero() {
			seen = time.Now()
		}
		if !seen.IsZero() && time.Since(seen) > 1500*time.Millisecond {
			break
		}
		select {
		case <-big.done:
			big.done <- nil
			t.Fatalf("the build finished before it could be killed: %s", big.stderr.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
	big.kill()
	left := staleBuilds(t, dir)
	if len(left) == 0 {
		t.Fatal("the killed build left nothing behind: it was not killed mid-way")
	}
	t.Logf("killed after %v of partial build; left %v", time.Since(seen).Round(time.Millisecond), left)

	ix, err := kb.Open(context.Background(), dir)
	if err != nil {
		t.Fatalf("the old index no longer opens after the kill: %v", err)
	}
	if got := ix.Meta(); got.Docs != oldMeta.Docs || got.BuiltAt != oldMeta.BuiltAt {
		t.Errorf("index after the kill: %d docs built %s, want the old %d built %s", got.Docs, got.BuiltAt, oldMeta.Docs, oldMeta.BuiltAt)
	}
	res, err := ix.Search(context.Background(), kb.Query{Text: "can an aura phase out?"})
	if err != nil || len(res.Hits) == 0 {
		t.Errorf("the old index does not answer: %v %v", res, err)
	}
	ix.Close()

	// The server's start cleans the partial build and serves the old index.
	serve := startBot(t, bin, nil, "serve", "--http", "127.0.0.1:0", "--index", dir, "--reload-interval", "0")
	addr := serve.addr(t)
	if left := staleBuilds(t, dir); len(left) > 0 {
		t.Errorf("serve left the partial builds %v", left)
	}
	code, body, err := httpGet(addr, "/readyz")
	if err != nil || code != http.StatusOK || !strings.Contains(body, `"docs":`) || strings.Contains(body, `"fallback"`) {
		t.Errorf("/readyz: %d %s %v", code, body, err)
	}
	serve.kill()

	// Another killed build, then a build: it cleans up and succeeds.
	again := startBot(t, bin, nil, "kb", "build", "--out", dir, "--cr", cr, "--rulings", rulings)
	for len(staleBuilds(t, dir)) == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond)
	again.kill()
	last := startBot(t, bin, nil, "kb", "build", "--out", dir)
	if code := last.wait(t, 2*time.Minute); code != 0 {
		t.Fatalf("build after a killed build: exit %d: %s", code, last.stderr.String())
	}
	if left := staleBuilds(t, dir); len(left) > 0 {
		t.Errorf("a new build left the partial builds %v", left)
	}
	if ix, err := kb.Open(context.Background(), dir); err != nil {
		t.Errorf("the new index does not open: %v", err)
	} else {
		ix.Close()
	}
}

// counterValue returns the value of the counter of family name whose label
// has value (0 if there is none).
func counterValue(fams map[string]*dto.MetricFamily, name, label, value string) float64 {
	for _, m := range fams[name].GetMetric() {
		for _, lp := range m.GetLabel() {
			if lp.GetName() == label && lp.GetValue() == value {
				return m.GetCounter().GetValue()
			}
		}
	}
	return 0
}

func mustRequest(t testing.TB, method, url string) *http.Request {
	t.Helper()
	r, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestBadIndexAtStart starts "bot serve --index BAD" on missing, empty,
// corrupt and non-directory indexes: the server logs the problem, serves
// the default index (the embedded data) and reports ready, never exits.
func TestBadIndexAtStart(t *testing.T) {
	base := t.TempDir()
	corrupt := filepath.Join(base, "corrupt")
	os.MkdirAll(filepath.Join(corrupt, "bleve"), 0o755)
	os.WriteFile(filepath.Join(corrupt, "meta.json"), []byte(`{"docs": "many",`), 0o644)
	os.WriteFile(filepath.Join(corrupt, "bleve", "index_meta.json"), []byte("\x00\x01garbage"), 0o644)
	truncated := filepath.Join(base, "truncated")
	os.MkdirAll(truncated, 0o755)
	os.WriteFile(filepath.Join(truncated, "meta.json"), []byte(`{"docs": 3}`), 0o644)
	file := filepath.Join(base, "file")
	os.WriteFile(file, []byte("not an index"), 0o644)
	empty := filepath.Join(base, "empty")
	os.MkdirAll(empty, 0o755)
	dangling := filepath.Join(base, "dangling")
	os.Symlink(filepath.Join(base, "nowhere"), dangling)
	tests := []struct{ name, dir string }{
		{"missing", filepath.Join(base, "missing")},
		{"empty directory", empty},
		{"corrupt files", corrupt},
		{"meta without the index", truncated},
		{"a file", file},
		{"dangling symlink", dangling},
	}
	embedded := defaultMeta(t).Docs
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ls := startServe(t, "--index", tt.dir)
			code, body, err := ls.do(mustRequest(t, http.MethodGet, ls.url("/readyz")))
			if err != nil {
				t.Fatal(err)
			}
			var st struct {
				Ready    bool `json:"ready"`
				Docs     int  `json:"docs"`
				Fallback bool `json:"fallback"`
			}
			json.Unmarshal(body, &st)
			if code != http.StatusOK || !st.Ready || st.Docs != embedded || !st.Fallback {
				t.Errorf("/readyz %d %s, want ready on the default index (%d docs), marked as a fallback", code, body, embedded)
			}
			req := ls.signedRequest(t, ls.priv, slashBody(1, 2, "1", "1", "en-US", "ruling", [2]string{"question", "can an aura phase out?"}), time.Now())
			if code, body, err := ls.do(req); err != nil || code != http.StatusOK || !strings.Contains(string(body), "embeds") {
				t.Errorf("no answer from the default index: %d %.200s %v", code, body, err)
			}
			logs := ls.logs.String()
			if !strings.Contains(logs, "index unusable, serving the default index") || !strings.Contains(logs, tt.dir) {
				t.Errorf("the problem is not logged with the directory:\n%s", logs)
			}
			fams := scrapeURL(t, ls, "/metrics")
			if v := counterValue(fams, "arbiter_index_reloads_total", "result", "failure"); v < 1 {
				t.Errorf("the failed index load is not counted in the metrics (%v)", v)
			}
			if code := ls.stop(t); code != 0 {
				t.Errorf("exit %d", code)
			}
		})
	}
}

// scrapeURL fetches and parses the server's metrics.
func scrapeURL(t testing.TB, ls *liveServer, path string) map[string]*dto.MetricFamily {
	t.Helper()
	code, body, err := ls.do(mustRequest(t, http.MethodGet, ls.url(path)))
	if err != nil || code != http.StatusOK {
		t.Fatalf("%s: %d %v", path, code, err)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := parser.TextToMetricFamilies(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("%s does not parse: %v", path, err)
	}
	return fams
}

// TestUnwritableTarget builds into places that cannot be written, as root
// too: a regular file where a directory is expected (root cannot make a
// directory under a file), a read-only mount and a full file system (small
// tmpfs mounts, when this process may mount). Each build fails with a
// message that names the directory, leaves nothing half-written, and
// leaves a previous index in place.
func TestUnwritableTarget(t *testing.T) {
	base := t.TempDir()
	file := filepath.Join(base, "file")
	os.WriteFile(file, []byte("x"), 0o644)
	type target struct{ name, out string }
	targets := []target{{"a file where a directory is expected", filepath.Join(file, "index")}}
	mount := func(name, opts string) {
		dir := filepath.Join(base, name)
		os.MkdirAll(dir, 0o755)
		if out, err := exec.Command("mount", "-t", "tmpfs", "-o", opts, "tmpfs", dir).CombinedOutput(); err != nil {
			t.Logf("no %s target (mount: %v %s)", name, err, bytes.TrimSpace(out))
			return
		}
		t.Cleanup(func() { exec.Command("umount", "-l", dir).Run() })
		targets = append(targets, target{name, filepath.Join(dir, "index")})
	}
	if runtime.GOOS == "linux" && os.Geteuid() == 0 {
		mount("read-only", "ro,size=1m")
		mount("full", "size=256k")
	}
	for _, tt := range targets {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := runArgs(context.Background(), []string{"kb", "build", "--lang", "en", "--out", tt.out}, func(k string) string {
				if k == "GOMEMLIMIT" {
					return "off"
				}
				return ""
			}, strings.NewReader(""), &stdout, &stderr)
			msg := strings.TrimSpace(stderr.String())
			t.Logf("exit %d: %s", code, msg)
			if code != 2 {
				t.Fatalf("exit %d, want 2", code)
			}
			internal := strings.TrimSpace(testutil.Catalog(t).Printer(i18n.EN).T(i18n.KeyErrInternal))
			if msg == internal || !strings.Contains(msg, filepath.Dir(tt.out)) {
				t.Errorf("unclear error %q: it should name %s and what is wrong", msg, filepath.Dir(tt.out))
			}
			if left, _ := filepath.Glob(filepath.Join(filepath.Dir(tt.out), ".index.tmp-*")); len(left) > 0 {
				t.Errorf("partial builds left: %v", left)
			}
		})
	}
	t.Run("state directory is a file", func(t *testing.T) {
		// Either bot serve refuses to start, naming the file, or it
		// serves Discord's endpoint (settings in memory): a server that
		// runs without /interactions looks up but never answers Discord.
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		logs := &testutil.Log{}
		pub, priv, _ := ed25519.GenerateKey(rand.Reader)
		exit := make(chan int, 1)
		go func() {
			exit <- runArgs(ctx, []string{"serve", "--http", "127.0.0.1:0", "--state", file, "--reload-interval", "0"}, func(k string) string {
				return map[string]string{"GOMEMLIMIT": "off", "DISCORD_PUBLIC_KEY": hex.EncodeToString(pub)}[k]
			}, strings.NewReader(""), io.Discard, logs)
		}()
		deadline := time.Now().Add(60 * time.Second)
		for {
			select {
			case code := <-exit:
				if code == 0 || !strings.Contains(logs.String(), file) {
					t.Errorf("exit %d: %s", code, logs.String())
				}
				return
			case <-time.After(20 * time.Millisecond):
			}
			if addr := listenAddr(logs.String()); addr != "" {
				ls := &liveServer{addr: addr, client: &http.Client{Timeout: 10 * time.Second}}
				code, body, err := ls.do(ls.signedRequest(t, priv, []byte(`{"type":1}`), time.Now()))
				if err != nil || code != http.StatusOK {
					t.Errorf("bot serve --state FILE runs, but POST /interactions answers %d %s %v\nlogs: %s", code, bytes.TrimSpace(body), err, logs.String())
				}
				cancel()
				<-exit
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("neither listening nor exited: %s", logs.String())
			}
		}
	})
}

// TestSlowClients holds connections open without finishing the request:
// the server drops a client that never ends its headers or its body, and
// refuses a declared oversized body at once, all the while serving others.
func TestSlowClients(t *testing.T) {
	ls := startServe(t)
	dial := func(t *testing.T) net.Conn {
		t.Helper()
		c, err := net.Dial("tcp", ls.addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	// closedAfter reads until the server closes c and returns how long it
	// took and the first line it wrote, if any.
	closedAfter := func(c net.Conn, start time.Time) (time.Duration, string) {
		c.SetReadDeadline(time.Now().Add(30 * time.Second))
		line, _ := bufio.NewReader(c).ReadString('\n')
		io.Copy(io.Discard, c)
		return time.Since(start), strings.TrimSpace(line)
	}
	tests := []struct {
		name     string
		send     string
		min, max time.Duration
		status   string // first line of the answer, if any
	}{
		{"headers never finished", "POST /interactions HTTP/1.1\r\nHost: bot\r\nX-Signature-Timestamp: 1", 4 * time.Second, 8 * time.Second, ""},
		{"body never finished", "POST /interactions HTTP/1.1\r\nHost: bot\r\nContent-Length: 1000\r\n\r\n{\"type\":", 8 * time.Second, 14 * time.Second, ""},
		{"declared body over the limit", "POST /interactions HTTP/1.1\r\nHost: bot\r\nContent-Length: 104857600\r\n\r\n" + strings.Repeat("a", 70<<10), 0, 3 * time.Second, "HTTP/1.1 413"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := dial(t)
			start := time.Now()
			if _, err := io.WriteString(c, tt.send); err != nil {
				t.Fatal(err)
			}
			took, line := closedAfter(c, start)
			t.Logf("closed after %v, answer %q", took.Round(time.Millisecond), line)
			if took < tt.min || took > tt.max {
				t.Errorf("connection closed after %v, want between %v and %v", took, tt.min, tt.max)
			}
			if tt.status != "" && !strings.HasPrefix(line, tt.status) {
				t.Errorf("answer %q, want %s", line, tt.status)
			}
		})
	}
	t.Run("others are served meanwhile", func(t *testing.T) {
		t.Parallel()
		for range 20 {
			start := time.Now()
			code, _, err := ls.do(mustRequest(t, http.MethodGet, ls.url("/healthz")))
			if err != nil || code != http.StatusOK || time.Since(start) > time.Second {
				t.Fatalf("/healthz: %d %v after %v", code, err, time.Since(start))
			}
			time.Sleep(250 * time.Millisecond)
		}
	})
}

// TestStateSurvivesKill sets a channel's language through /language on the
// bot process, kills it with SIGKILL, starts it again on the same state
// directory and checks that the channel still gets French replies.
func TestStateSurvivesKill(t *testing.T) {
	t.Parallel()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	bin := mustBinary(t)
	state := t.TempDir()
	env := []string{"DISCORD_PUBLIC_KEY=" + hex.EncodeToString(pub)}
	args := []string{"serve", "--http", "127.0.0.1:0", "--state", state, "--reload-interval", "0"}
	client := &http.Client{Timeout: 30 * time.Second}
	post := func(t *testing.T, addr string, body []byte) string {
		t.Helper()
		ls := &liveServer{addr: addr, client: client}
		code, reply, err := ls.do(ls.signedRequest(t, priv, body, time.Now()))
		if err != nil || code != http.StatusOK {
			t.Fatalf("status %d %v: %s", code, err, reply)
		}
		text := replyText(t, reply)
		return text
	}
	channel := "1270000000000000042"
	fr := testutil.Catalog(t).Printer(i18n.FR)
	// Every French /ruling reply counts its results in French.
	found := strings.Fields(fr.T(i18n.KeyDiscordResults, 1, 3, 9))[0]

	p1 := startBot(t, bin, env, args...)
	addr := p1.addr(t)
	set := post(t, addr, slashBody(1, 2, "1280000000000000001", channel, "en-US", "language",
		[2]string{"language", "fr"}, [2]string{"scope", "channel"}))
	t.Logf("/language: %s", strings.TrimSpace(set))
	if got := post(t, addr, slashBody(2, 2, "1280000000000000002", channel, "en-US", "ruling", [2]string{"question", "can an aura phase out?"})); !strings.Contains(got, found) {
		t.Fatalf("the setting did not apply before the kill:\n%s", got)
	}
	p1.kill()
	client.CloseIdleConnections()

	p2 := startBot(t, bin, env, args...)
	addr = p2.addr(t)
	got := post(t, addr, slashBody(3, 2, "1280000000000000003", channel, "en-US", "ruling", [2]string{"question", "can an aura phase out?"}))
	if !strings.Contains(got, found) {
		t.Errorf("after kill -9 the channel lost its language; reply:\n%s", got)
	}
	other := post(t, addr, slashBody(4, 2, "1280000000000000003", "1270000000000000099", "en-US", "ruling", [2]string{"question", "can an aura phase out?"}))
	if strings.Contains(other, found) {
		t.Errorf("another channel got French too:\n%s", other)
	}
}

// stallingUpstream serves the official files the way Wizards of the Coast
// and Scryfall do (a rules page, a bulk-data list, bulk files), from the
// shared data; while stall is set, the cards file stops half-way and the
// connection hangs, the way a large download is when the process dies.
type stallingUpstream struct {
	*httptest.Server
	stall    atomic.Bool
	midCards chan struct{} // closed once a stalled cards download is half-way
	once     sync.Once
}

func newStallingUpstream(t *testing.T) *stallingUpstream {
	t.Helper()
	cr := testutil.SharedFile(t, "mtg/cr/MagicCompRules_20260417.txt")
	head := func(rel string, n int) []byte {
		b, err := os.ReadFile(testutil.SharedFile(t, rel))
		if err != nil {
			t.Fatal(err)
		}
		lines := bytes.SplitAfterN(b, []byte("\n"), n+1)
		return bytes.Join(lines[:min(n, len(lines))], nil)
	}
	cards := head("mtg/cards/cards-multilang-mtgjson-20220425.jsonl", 2000)
	rulings := head("mtg/rulings/rulings-mtgjson-20220425.jsonl", 2000)
	u := &stallingUpstream{midCards: make(chan struct{})}
	mux := http.NewServeMux()
	mux.HandleFunc("/en/rules", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<html><a href="%s/downloads/MagicCompRules%%2020260417.txt">TXT</a></html>`, u.URL)
	})
	mux.HandleFunc("/downloads/", func(w http.ResponseWriter, r *http.Request) { http.ServeFile(w, r, cr) })
	mux.HandleFunc("/bulk-data", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"object":"list","data":[{"type":"rulings","download_uri":"%[1]s/files/rulings.json"},{"type":"all_cards","download_uri":"%[1]s/files/cards.json"}]}`, u.URL)
	})
	mux.HandleFunc("/files/rulings.json", func(w http.ResponseWriter, r *http.Request) { w.Write(rulings) })
	mux.HandleFunc("/files/cards.json", func(w http.ResponseWriter, r *http.Request) {
		if !u.stall.Load() {
			w.Write(cards)
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(cards)))
		w.Write(cards[:len(cards)/2])
		w.(http.Flusher).Flush()
		u.once.Do(func() { close(u.midCards) })
		<-r.Context().Done()
	})
	u.Server = httptest.NewServer(mux)
	t.Cleanup(u.Close)
	return u
}

// TestKillDuringUpdate kills "bot kb update" with SIGKILL in the middle of
// its download: the serving index is untouched, and the next update
// succeeds and leaves no download folder behind (a killed update must not
// leave gigabytes of bulk files for every retry).
func TestKillDuringUpdate(t *testing.T) {
	t.Parallel()
	up := newStallingUpstream(t)
	bin := mustBinary(t)
	dir := filepath.Join(t.TempDir(), "index")
	tmp := t.TempDir()
	first := startBot(t, bin, nil, "kb", "build", "--out", dir)
	if code := first.wait(t, 2*time.Minute); code != 0 {
		t.Fatalf("first build: exit %d: %s", code, first.stderr.String())
	}
	old, err := kb.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	oldMeta := old.Meta()
	old.Close()
	update := []string{"kb", "update", "--out", dir, "--tmp", tmp, "--scryfall-api", up.URL, "--rules-page", up.URL + "/en/rules"}

	up.stall.Store(true)
	p := startBot(t, bin, nil, update...)
	select {
	case <-up.midCards:
	case <-time.After(2 * time.Minute):
		t.Fatalf("the update never reached the cards download: %s", p.stderr.String())
	}
	p.kill()
	left, _ := filepath.Glob(filepath.Join(tmp, "arbiter-update-*"))
	t.Logf("killed mid-download; left behind: %v", left)

	ix, err := kb.Open(context.Background(), dir)
	if err != nil {
		t.Fatalf("the serving index no longer opens after the kill: %v", err)
	}
	if got := ix.Meta(); got.BuiltAt != oldMeta.BuiltAt || got.Docs != oldMeta.Docs {
		t.Errorf("index changed by a killed update: %d docs built %s, was %d built %s", got.Docs, got.BuiltAt, oldMeta.Docs, oldMeta.BuiltAt)
	}
	ix.Close()

	up.stall.Store(false)
	again := startBot(t, bin, nil, update...)
	if code := again.wait(t, 3*time.Minute); code != 0 {
		t.Fatalf("update after a killed one: exit %d: %s", code, again.stderr.String())
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "arbiter-update-*")); len(left) > 0 {
		t.Errorf("the download folders of the killed update are still there after a successful update: %v", left)
	}
}
