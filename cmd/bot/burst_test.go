package main

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/discord/discordtest"
	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
)

// TestBurst sends ARBITER_BURST (default 1,000; 300 with -short) signed
// interactions at the same instant to a "bot serve" process: new /ruling
// questions, /rule lookups and card autocompletes. Every one must get its
// initial response within Discord's 3 s (an answer, a deferral later
// edited in, or choices), none dropped or refused with a 5xx; and every
// deferred reply must be delivered within 15 s of its request through a
// stand-in of Discord's REST API that answers in 100 ms, with Discord's
// rate-limit headers (5 calls per interaction every 2 s).
// It serves an index of the embedded corpus alone, which the burst's
// questions are about (the server's mechanics are measured, not the
// search); ARBITER_BURST_INDEX serves another index directory
// (scripts/scale.sh builds the full one).
func TestBurst(t *testing.T) {
	n := envIntOr("ARBITER_BURST", 1000)
	if testing.Short() {
		n = min(n, 300)
	}
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"serve", "--http", "127.0.0.1:0", "--reload-interval", "0"}
	dir := os.Getenv("ARBITER_BURST_INDEX")
	if dir == "" {
		dir = seedIndex(t)
	}
	args = append(args, "--index", dir)
	// The memory settings of the manifests: the default soft limit
	// (180 MiB) is below the live heap of the full index.
	rest := discordtest.NewRESTWith(t, discordtest.Options{MinLatency: 100 * time.Millisecond, MaxLatency: 100 * time.Millisecond,
		BucketLimit: 5, BucketWindow: 2 * time.Second}, nil)
	env := []string{"DISCORD_PUBLIC_KEY=" + hex.EncodeToString(pub), "GOMEMLIMIT=420MiB", "GOGC=50", childRESTURLEnv + "=" + rest.URL()}
	if w := os.Getenv("ARBITER_WORKERS"); w != "" {
		env = append(env, "ARBITER_WORKERS="+w)
	}
	p := startChild(t, env, args...)
	addr := p.addr(t)
	ls := &liveServer{addr: addr}
	bodies := make([][]byte, n)
	kinds := make([]string, n)
	topics := []string{"aura", "token", "counters", "equipment", "phasing", "combat damage", "the untap step", "a creature"}
	for i := range bodies {
		user := fmt.Sprintf("1295%015d", i)
		switch i % 5 {
		case 0, 1, 2:
			kinds[i] = "ruling"
			q := fmt.Sprintf("what happens to %s that phases out during turn %d?", topics[i%len(topics)], i)
			bodies[i] = slashBody(int64(i+1), 2, user, "1270000000000000000", "en-US", "ruling", [2]string{"question", q})
		case 3:
			kinds[i] = "rule"
			bodies[i] = slashBody(int64(i+1), 2, user, "1270000000000000000", "fr", "rule", [2]string{"number", "702.26" + string(rune('a'+i%16))})
		default:
			kinds[i] = "autocomplete"
			bodies[i] = slashBody(int64(i+1), 4, user, "1270000000000000000", "en-US", "card", [2]string{"name", "tef"[:1+i%3]})
		}
	}
	// Warm the server up: the first search, and the autocomplete lists
	// (built in the background at start; a minute for the full index).
	warm := &http.Client{Timeout: 30 * time.Second}
	ls.client = warm
	ls.do(ls.signedRequest(t, priv, slashBody(9999999, 2, "1", "1", "en-US", "ruling", [2]string{"question", "aura"}), time.Now()))
	for w := int64(0); ; w++ {
		_, b, err := ls.do(ls.signedRequest(t, priv, slashBody(9999000+w, 4, "1", "1", "en-US", "card", [2]string{"name", "tef"}), time.Now()))
		if err == nil && strings.Contains(string(b), `"choices":[{`) {
			break
		}
		if w > 600 {
			t.Fatalf("autocomplete lists not built after 2 minutes: %s", b)
		}
		time.Sleep(200 * time.Millisecond)
	}

	reqs := make([]*http.Request, n)
	for i, b := range bodies {
		reqs[i] = ls.signedRequest(t, priv, b, time.Now())
	}
	client := &http.Client{Timeout: 20 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: n, MaxConnsPerHost: 0}}
	type result struct {
		sent    time.Time
		code    int
		typ     int
		d       time.Duration
		err     error
		text    string
		choices int
	}
	results := make([]result, n)
	var ready, done sync.WaitGroup
	start := make(chan struct{})
	for i := range reqs {
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			ready.Done()
			<-start
			t0 := time.Now()
			resp, err := client.Do(reqs[i])
			r := result{err: err, sent: t0}
			if err == nil {
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				r.code = resp.StatusCode
				var ir struct {
					Type int `json:"type"`
					Data struct {
						Content string            `json:"content"`
						Choices []json.RawMessage `json:"choices"`
					} `json:"data"`
				}
				json.Unmarshal(b, &ir)
				r.typ, r.text, r.choices = ir.Type, ir.Data.Content, len(ir.Data.Choices)
			}
			r.d = time.Since(t0)
			results[i] = r
		}()
	}
	ready.Wait()
	began := time.Now()
	close(start)
	done.Wait()
	wall := time.Since(began)

	busy := testutil.Catalog(t).Printer(i18n.EN).T(i18n.KeyDiscordBusy)
	byKind := map[string][]time.Duration{}
	var all []time.Duration
	counts := map[string]int{}
	for i, r := range results {
		switch {
		case r.err != nil:
			counts["error"]++
			t.Errorf("%s %d: %v", kinds[i], i, r.err)
			continue
		case r.code != http.StatusOK:
			counts["status "+strconv.Itoa(r.code)]++
			t.Errorf("%s %d: status %d", kinds[i], i, r.code)
			continue
		case r.typ == 5:
			counts["deferred"]++
		case r.typ == 8 && r.choices == 0:
			counts["autocomplete without choices"]++
		case r.typ == 8:
			counts["autocomplete"]++
		case strings.Contains(r.text, busy):
			counts["busy"]++
		default:
			counts["answered"]++
		}
		if r.d > 3*time.Second {
			counts["over 3 s"]++
			t.Errorf("%s %d: initial response after %v", kinds[i], i, r.d)
		}
		byKind[kinds[i]] = append(byKind[kinds[i]], r.d)
		all = append(all, r.d)
	}
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	var sb bytes.Buffer
	fmt.Fprintf(&sb, "%d interactions at once, all sent and answered in %v: %v\n", n, wall.Round(time.Millisecond), counts)
	fmt.Fprintf(&sb, "initial response p50 %v, p99 %v, max %v", percentile(all, 50).Round(time.Millisecond), percentile(all, 99).Round(time.Millisecond), all[len(all)-1].Round(time.Millisecond))
	for _, k := range []string{"ruling", "rule", "autocomplete"} {
		d := byKind[k]
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		fmt.Fprintf(&sb, "; %s p50 %v p99 %v", k, percentile(d, 50).Round(time.Millisecond), percentile(d, 99).Round(time.Millisecond))
	}
	t.Log(sb.String())
	checkDeferredDelivered(t, rest, func(yield func(token string, sent time.Time) bool) {
		for i, r := range results {
			if r.typ == 5 && !yield("tok-"+strconv.Itoa(i+1), r.sent) {
				return
			}
		}
	}, 15*time.Second)
	if counts["busy"] > 0 {
		t.Errorf("%d interactions answered busy: the queue holds 10,000", counts["busy"])
	}
}

// checkDeferredDelivered waits until the reply of every deferred
// interaction (its token, and when its request was sent) is delivered by
// an edit or a follow-up that the REST stand-in accepted, and fails for
// each delivered later than within, or never.
func checkDeferredDelivered(t *testing.T, rest *discordtest.REST, deferred iter.Seq2[string, time.Time], within time.Duration) {
	t.Helper()
	want := map[string]time.Time{}
	for tok, sent := range deferred {
		want[tok] = sent
	}
	delivered := map[string]time.Time{}
	deadline := time.Now().Add(within + 5*time.Second)
	for {
		for _, c := range rest.Calls() {
			if c.Status < 200 || c.Status > 299 {
				continue
			}
			// PATCH .../webhooks/APP/TOKEN/messages/@original or POST .../webhooks/APP/TOKEN
			parts := strings.Split(strings.TrimPrefix(c.Path, discordtest.APIPath()+"/webhooks/"), "/")
			if len(parts) < 2 {
				continue
			}
			if _, ok := want[parts[1]]; ok {
				if at, seen := delivered[parts[1]]; !seen || c.Answered.Before(at) {
					delivered[parts[1]] = c.Answered
				}
			}
		}
		if len(delivered) == len(want) || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	var late, lost int
	var all []time.Duration
	for tok, sent := range want {
		at, ok := delivered[tok]
		switch {
		case !ok:
			lost++
		case at.Sub(sent) > within:
			late++
		}
		if ok {
			all = append(all, at.Sub(sent))
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	if len(all) > 0 {
		t.Logf("%d deferred replies: %d delivered (p50 %v, p99 %v, max %v after the request), %d late, %d lost; %d REST calls",
			len(want), len(all), percentile(all, 50).Round(time.Millisecond), percentile(all, 99).Round(time.Millisecond),
			all[len(all)-1].Round(time.Millisecond), late, lost, len(rest.Calls()))
	}
	if late > 0 || lost > 0 {
		t.Errorf("deferred replies: %d delivered later than %v, %d never delivered", late, within, lost)
	}
}
