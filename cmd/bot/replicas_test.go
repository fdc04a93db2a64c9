package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"arbiter/cmd/bot/internal/discord/discordtest"
	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
)

// replicaSet is several "bot serve" processes on one PostgreSQL database.
type replicaSet struct {
	t      *testing.T
	dir    string   // of the REST logs
	logs   []string // every REST log of every start
	env    []string
	args   []string
	priv   ed25519.PrivateKey
	client *http.Client
	mu     sync.Mutex
	procs  []*botProcess
	addrs  []string
}

// startReplicas starts n replicas with DATABASE_URL set to url.
func startReplicas(t *testing.T, n int, url string, extra ...string) *replicaSet {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	rs := &replicaSet{t: t, priv: priv, dir: t.TempDir(),
		env:    []string{"DISCORD_PUBLIC_KEY=" + hex.EncodeToString(pub), "DATABASE_URL=" + url},
		args:   append([]string{"serve", "--http", "127.0.0.1:0", "--reload-interval", "0"}, extra...),
		client: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 256}},
		procs:  make([]*botProcess, n), addrs: make([]string, n)}
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rs.start(i)
		}()
	}
	wg.Wait()
	return rs
}

// start starts replica i (again).
func (rs *replicaSet) start(i int) {
	rs.mu.Lock()
	log := filepath.Join(rs.dir, fmt.Sprintf("rest-%d-%d.log", i, len(rs.logs)))
	rs.logs = append(rs.logs, log)
	rs.mu.Unlock()
	p := startChild(rs.t, append(rs.env, childRESTLogEnv+"="+log), rs.args...)
	addr := p.addr(rs.t)
	rs.mu.Lock()
	rs.procs[i], rs.addrs[i] = p, addr
	rs.mu.Unlock()
}

// kill kills replica i with SIGKILL.
func (rs *replicaSet) kill(i int) {
	rs.mu.Lock()
	p := rs.procs[i]
	rs.addrs[i] = "127.0.0.1:1" // refused until it is back
	rs.mu.Unlock()
	p.kill()
}

// post sends body, signed now, to replica i; it returns the status and
// the reply's text ("" for a deferred reply, whose text comes in an edit:
// see edits).
func (rs *replicaSet) post(i int, body []byte) (int, string, []byte, error) {
	rs.mu.Lock()
	addr := rs.addrs[i]
	rs.mu.Unlock()
	ls := &liveServer{addr: addr, client: rs.client}
	req := ls.signedRequest(rs.t, rs.priv, body, time.Now())
	code, b, err := ls.do(req)
	if err != nil || code != http.StatusOK || deferredReply(b) {
		return code, "", b, err
	}
	return code, replyText(rs.t, b), b, nil
}

// reply sends body to replica i like post and returns the reply's text;
// for a deferred reply, the text of its edit, waited for up to 30 s (a
// replica busy enough defers even /help: see admission).
func (rs *replicaSet) reply(i int, body []byte) (string, error) {
	code, text, raw, err := rs.post(i, body)
	if err != nil {
		return "", err
	}
	if code != http.StatusOK {
		return "", fmt.Errorf("status %d", code)
	}
	if !deferredReply(raw) {
		return text, nil
	}
	var in struct{ Token string }
	json.Unmarshal(body, &in)
	for wait := time.Now(); time.Since(wait) < 30*time.Second; time.Sleep(100 * time.Millisecond) {
		if text, ok := rs.edits()[in.Token]; ok {
			return text, nil
		}
	}
	return "", fmt.Errorf("deferred reply %s never edited", in.Token)
}

// deferredReply tells whether b is a deferred response (type 5 or 6).
func deferredReply(b []byte) bool {
	var r struct{ Type int }
	return json.Unmarshal(b, &r) == nil && (r.Type == 5 || r.Type == 6)
}

// edits returns the text of the edits of deferred replies that the
// replicas sent to their stand-ins of Discord's REST API, by interaction
// token.
func (rs *replicaSet) edits() map[string]string {
	out := map[string]string{}
	rs.mu.Lock()
	logs := append([]string(nil), rs.logs...)
	rs.mu.Unlock()
	for _, p := range logs {
		b, _ := os.ReadFile(p)
		for _, line := range strings.Split(string(b), "\n") {
			f := strings.SplitN(line, "\t", 3)
			if len(f) != 3 || f[0] != http.MethodPatch {
				continue
			}
			parts := strings.Split(f[1], "/")
			for j, part := range parts {
				if part == "webhooks" && j+2 < len(parts) && json.Valid([]byte(f[2])) {
					// The edit's text as an inline reply's reads (its
					// content, then its embeds).
					resp, _ := discordtest.Decode(rs.t, []byte(`{"type":4,"data":`+f[2]+`}`))
					out[parts[j+2]] = discordtest.Text(resp)
				}
			}
		}
	}
	return out
}

// TestReplicasShareState: three replicas on one PostgreSQL database take
// /language writes spread over them, one replica killed with SIGKILL and
// started again half-way: no acknowledged setting is lost, every replica
// reads every setting afterwards; a request replayed to another replica
// is refused; the rate limit holds across replicas.
// ARBITER_REPLICA_WRITES sets the number of writes (default 1,500; 600
// with -short; scripts/scale.sh runs 10,000).
func TestReplicasShareState(t *testing.T) {
	t.Parallel()
	url := testutil.PostgresURL(t)
	writes := envIntOr("ARBITER_REPLICA_WRITES", 1500)
	if testing.Short() {
		writes = min(writes, 600)
	}
	rs := startReplicas(t, 3, url)
	cat := testutil.Catalog(t)
	langs := []i18n.Lang{i18n.FR, i18n.JA}
	setText := map[i18n.Lang]string{}
	for _, l := range langs {
		p := cat.Printer(l)
		setText[l] = p.T(i18n.KeyDiscordLangSet, p.T(i18n.KeyDiscordScopeUser), p.LangName(l))
	}
	user := func(i int) string { return fmt.Sprintf("1290000000%09d", i) }

	// Writes from 256 senders at once, round robin over the replicas.
	var acked sync.Map // user -> lang
	var next, ok, failed, redirected, replayed atomic.Int64
	var deferred sync.Map // token -> write
	var latMu sync.Mutex
	var lat []time.Duration
	killAt, restarted := int64(writes/3), make(chan struct{})
	start := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < 256; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= writes {
					return
				}
				if int64(i) == killAt {
					go func() {
						rs.kill(1)
						t.Logf("replica 1 killed with SIGKILL after %d writes sent", i)
						time.Sleep(500 * time.Millisecond)
						rs.start(1)
						t.Logf("replica 1 started again")
						close(restarted)
					}()
				}
				l := langs[i%2]
				body := slashBody(int64(i+1), 2, user(i), "1270000000000000000", "en-US", "language", [2]string{"language", l.String()})
				t0 := time.Now()
				code, text, raw, err := rs.post(i%3, body)
				if err != nil {
					// Refused by the killed replica: the load balancer
					// sends it to the next one.
					redirected.Add(1)
					for _, r := range []int{(i + 1) % 3, (i + 2) % 3} {
						if code, text, raw, err = rs.post(r, body); err == nil {
							break
						}
					}
				}
				d := time.Since(t0)
				if err == nil && code == http.StatusOK && deferredReply(raw) {
					// Acknowledged by the edit, if it says so (checked below).
					deferred.Store(fmt.Sprintf("tok-%d", i+1), i)
					continue
				}
				if code == http.StatusUnauthorized {
					// Sent again after the killed replica had recorded
					// it: the shared replay guard refuses the same
					// signed request, as it must.
					replayed.Add(1)
					continue
				}
				if err != nil || code != http.StatusOK || !strings.Contains(text, setText[l]) {
					if failed.Add(1) <= 3 {
						t.Logf("write %d not acknowledged: %d %v %.200q", i, code, err, text)
					}
					continue
				}
				ok.Add(1)
				acked.Store(user(i), l)
				latMu.Lock()
				lat = append(lat, d)
				latMu.Unlock()
			}
		}()
	}
	wg.Wait()
	<-restarted
	elapsed := time.Since(start)
	// Deferred replies: acknowledged when their edit says the setting is
	// made (the edits may still be on their way).
	ndeferred := 0
	deferred.Range(func(_, _ any) bool { ndeferred++; return true })
	for wait := time.Now(); ; time.Sleep(200 * time.Millisecond) {
		edits := rs.edits()
		missing := 0
		deferred.Range(func(tok, i any) bool {
			text, seen := edits[tok.(string)]
			if !seen {
				missing++
				return true
			}
			l := langs[i.(int)%2]
			if strings.Contains(text, setText[l]) {
				ok.Add(1)
				acked.Store(user(i.(int)), l)
			} else {
				failed.Add(1)
			}
			deferred.Delete(tok)
			return true
		})
		if missing == 0 || time.Since(wait) > 30*time.Second {
			failed.Add(int64(missing))
			break
		}
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	t.Logf("%d writes in %.1fs (%.0f/s): %d acknowledged (%d by a deferred reply's edit), %d not; %d refused by the killed replica and sent to the next, of which %d refused there as replays (the killed replica had recorded them); inline replies p50 %v, p99 %v, max %v",
		writes, elapsed.Seconds(), float64(writes)/elapsed.Seconds(), ok.Load(), ndeferred, failed.Load()+replayed.Load(), redirected.Load(), replayed.Load(),
		percentile(lat, 50), percentile(lat, 99), lat[len(lat)-1])
	if ok.Load() < int64(writes)*9/10 {
		t.Fatalf("only %d of %d writes acknowledged", ok.Load(), writes)
	}

	// Every acknowledged setting is in the database.
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	inDB := map[string]string{}
	rows, _ := conn.Query(ctx, "SELECT key, lang FROM arbiter_settings")
	var k, v string
	pgx.ForEachRow(rows, []any{&k, &v}, func() error { inDB[k] = v; return nil })
	lost := 0
	acked.Range(func(u, l any) bool {
		if inDB["user:"+u.(string)] != l.(i18n.Lang).String() {
			lost++
		}
		return true
	})
	t.Logf("database: %d settings; acknowledged settings lost: %d", len(inDB), lost)
	if lost > 0 {
		t.Errorf("%d acknowledged settings lost", lost)
	}

	// Every replica reads every setting: /help from each user, in English
	// by their Discord locale, comes in the language they set.
	help := map[i18n.Lang]string{}
	for j, l := range langs {
		text, err := rs.reply(0, slashBody(int64(900000+j), 2, fmt.Sprintf("12900000009%08d", j), "1270000000000000000", l.String(), "help"))
		if err != nil {
			t.Fatal(err)
		}
		help[l] = text
	}
	time.Sleep(500 * time.Millisecond)
	var users []string
	acked.Range(func(u, _ any) bool { users = append(users, u.(string)); return true })
	var wrong, reads atomic.Int64
	var rmu sync.Mutex
	var examples []string
	var rwg sync.WaitGroup
	var idx atomic.Int64
	for w := 0; w < 64; w++ {
		rwg.Add(1)
		go func() {
			defer rwg.Done()
			for {
				n := int(idx.Add(1) - 1)
				if n >= len(users)*3 {
					return
				}
				u, r := users[n/3], n%3
				l, _ := acked.Load(u)
				text, err := rs.reply(r, slashBody(int64(1000000+n), 2, u, "1270000000000000000", "en-US", "help"))
				reads.Add(1)
				if err != nil || text != help[l.(i18n.Lang)] {
					wrong.Add(1)
					rmu.Lock()
					if len(examples) < 3 {
						examples = append(examples, fmt.Sprintf("replica %d, user %s (%s): %v %.80q", r, u, l, err, text))
					}
					rmu.Unlock()
				}
			}
		}()
	}
	rwg.Wait()
	t.Logf("%d reads over the 3 replicas, %d not in the language set", reads.Load(), wrong.Load())
	if wrong.Load() > 0 {
		t.Errorf("%d reads missed a setting: %v", wrong.Load(), examples)
	}

	// A request replayed to another replica is refused.
	body := slashBody(5000001, 2, "1290000000999999999", "1270000000000000000", "en-US", "help")
	ls0 := &liveServer{addr: rs.addrs[0], client: rs.client}
	req := ls0.signedRequest(t, rs.priv, body, time.Now())
	sig, ts := req.Header.Get("X-Signature-Ed25519"), req.Header.Get("X-Signature-Timestamp")
	if code, _, err := ls0.do(req); err != nil || code != http.StatusOK {
		t.Fatalf("original request: %d %v", code, err)
	}
	for _, r := range []int{1, 2} {
		ls := &liveServer{addr: rs.addrs[r], client: rs.client}
		replay := ls.signedRequest(t, rs.priv, body, time.Now())
		replay.Header.Set("X-Signature-Ed25519", sig)
		replay.Header.Set("X-Signature-Timestamp", ts)
		if code, b, _ := ls.do(replay); code != http.StatusUnauthorized || !strings.Contains(string(b), "replayed") {
			t.Errorf("request replayed to replica %d: %d %s", r, code, b)
		}
	}

	// The rate limit (5 in 10 s) holds across replicas.
	limited := cat.Printer(i18n.EN).T(i18n.KeyDiscordRateLimited, 0)
	limited = limited[:strings.Index(limited, "0")]
	answered := 0
	for n := 0; n < 15; n++ {
		_, text, _, err := rs.post(n%3, slashBody(int64(6000000+n), 2, "1290000000888888888", "1270000000000000000", "en-US", "help"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, limited) {
			answered++
		}
	}
	t.Logf("rate limit: %d of 15 requests from one user over 3 replicas answered (burst 5)", answered)
	if answered < 5 || answered > 6 {
		t.Errorf("%d of 15 answered across replicas; the burst is 5", answered)
	}
}
