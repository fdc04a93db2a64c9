package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/discord/discordtest"
	"arbiter/cmd/bot/internal/testutil"
	"arbiter/data"
	"arbiter/kb"
)

// benchIndex is the embedded corpus plus the real Comprehensive Rules when
// ../shared/data holds them (else the embedded corpus alone).
func benchIndex(b *testing.B) *kb.Index {
	b.Helper()
	c := kb.NewCollection()
	if err := c.AddCorpus(data.FS()); err != nil {
		b.Fatal(err)
	}
	if file, ok := testutil.LookupShared(b, "mtg/cr/MagicCompRules_20260417.txt"); ok {
		cr, err := os.ReadFile(file)
		if err != nil {
			b.Fatal(err)
		}
		if err := c.AddCR("MagicCompRules_20260417.txt", cr); err != nil {
			b.Fatal(err)
		}
	}
	if err := c.Finish(); err != nil {
		b.Fatal(err)
	}
	ix, err := kb.NewMem(context.Background(), c)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ix.Close() })
	return ix
}

// BenchmarkInteractions sends signed /rule and /ruling interactions to the
// real endpoint over loopback HTTP, from concurrent clients, and reports
// the throughput (req/s) and the 99th percentile latency (p99-ms). The
// "-uncached" variants turn the reply cache off, so every request runs
// the search or the rule lookup.
func BenchmarkInteractions(b *testing.B) {
	ix := benchIndex(b)
	cases := []struct {
		name, command, option, value string
		cache                        int // reply cache size
	}{
		{"rule", "rule", "number", "702.26", 2048},
		{"ruling", "ruling", "question", "can an aura phase out?", 2048},
		{"rule-uncached", "rule", "number", "702.26", 0},
		{"ruling-uncached", "ruling", "question", "can an aura phase out?", 0},
	}
	for _, bc := range cases {
		b.Run(bc.name, func(b *testing.B) {
			rig := newRig(b, func(c *rigConfig) { c.rateBurst, c.replyCache, c.index = 1<<30, bc.cache, ix })
			srv := httptest.NewServer(rig.mux)
			defer srv.Close()
			// Each request is a distinct interaction, signed beforehand.
			type signedReq struct {
				body    []byte
				sig, ts string
			}
			reqs := make([]signedReq, b.N)
			ts := strconv.FormatInt(time.Now().Unix(), 10)
			for i := range reqs {
				body := fmt.Appendf(nil, `{"id":"%d","application_id":"1","type":2,"token":"t%d","version":1,"channel_id":"2","locale":"en-US",`+
					`"user":{"id":"3","username":"u"},"data":{"id":"4","name":%q,"type":1,"options":[{"name":%q,"type":3,"value":%q}]}}`,
					i, i, bc.command, bc.option, bc.value)
				sig := ed25519.Sign(rig.priv, append([]byte(ts), body...))
				reqs[i] = signedReq{body, hex.EncodeToString(sig), ts}
			}
			workers := 8
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: workers, MaxConnsPerHost: workers}}
			lat := make([]time.Duration, b.N)
			var next sync.Mutex
			i := 0
			var wg sync.WaitGroup
			failed := 0
			b.ResetTimer()
			start := time.Now()
			for w := 0; w < workers; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for {
						next.Lock()
						n := i
						i++
						next.Unlock()
						if n >= len(reqs) {
							return
						}
						r := reqs[n]
						hr, _ := http.NewRequest(http.MethodPost, srv.URL+"/interactions", bytes.NewReader(r.body))
						hr.Header.Set("X-Signature-Ed25519", r.sig)
						hr.Header.Set("X-Signature-Timestamp", r.ts)
						t0 := time.Now()
						resp, err := client.Do(hr)
						if err == nil {
							io.Copy(io.Discard, resp.Body)
							resp.Body.Close()
						}
						lat[n] = time.Since(t0)
						if err != nil || resp.StatusCode != http.StatusOK {
							next.Lock()
							failed++
							next.Unlock()
						}
					}
				}()
			}
			wg.Wait()
			elapsed := time.Since(start)
			b.StopTimer()
			if failed > 0 {
				b.Fatalf("%d of %d requests failed", failed, b.N)
			}
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			p99 := lat[min(len(lat)-1, len(lat)*99/100)]
			b.ReportMetric(float64(b.N)/elapsed.Seconds(), "req/s")
			b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
		})
	}
}

// BenchmarkSimulateReply sends a user's scenario of 10 permanents and 10
// actions (sim/testdata/bench-10x10.yaml) pasted in the /simulate form,
// signed, through the real endpoint, and measures until Discord has the
// reply with its picture: the deferred response (ack-ms, what Discord's
// 3-second deadline bounds) and then the edit that uploads the board and
// the scenario to a local stand-in of the REST API (ns/op, end to end).
// The "step" variant is a click on a step of it, not cached, which reads
// the scenario back from the message and updates the message in place.
func BenchmarkSimulateReply(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "sim", "testdata", "bench-10x10.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	discordtest.NewREST(b, nil)
	c := &cdn{files: map[string][]byte{"/a/1/scenario.yaml": src}}
	r := newRig(b, func(rc *rigConfig) {
		rc.rateBurst = 1 << 30
		rc.fetch = NewFetcher(Config{}, &http.Client{Transport: c})
	})
	r.e.replays = newReplayCache(0)
	modal := func(i int) []byte {
		body, _ := json.Marshal(map[string]any{"id": strconv.Itoa(i), "application_id": "2", "token": "bench", "version": 1, "type": 5,
			"channel_id": "4", "locale": "fr", "user": map[string]any{"id": "5", "username": "bench"},
			"data": map[string]any{"custom_id": "m:simulate", "components": []any{map[string]any{"type": 1,
				"components": []any{map[string]any{"type": 4, "custom_id": "scenario", "value": string(src) + "# " + strconv.Itoa(i) + "\n"}}}}}})
		return body
	}
	run := func(b *testing.B, body func(i int) []byte, want int) {
		var ack time.Duration
		i := 0
		for b.Loop() {
			i++
			start := time.Now()
			w := httptest.NewRecorder()
			r.mux.ServeHTTP(w, signed(b, r.priv, body(i), time.Now()))
			ack += time.Since(start)
			if got := discordtest.TypeOf(w.Body.Bytes()); got != want {
				b.Fatalf("reply type %d: %s", got, w.Body)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			r.e.Wait(ctx)
			cancel()
		}
		b.ReportMetric(float64(ack.Microseconds())/1000/float64(i), "ack-ms")
	}
	b.Run("paste", func(b *testing.B) { run(b, modal, discordtest.TypeDeferredMessage) })
	b.Run("step", func(b *testing.B) {
		run(b, func(i int) []byte {
			// Each click its own scenario (a comment differs), so that no
			// step comes from the reply cache.
			text := append(append([]byte(nil), src...), []byte("# "+strconv.Itoa(i)+"\n")...)
			c.mu.Lock()
			c.files["/a/1/scenario.yaml"] = text
			c.mu.Unlock()
			sum := sha256.Sum256(text)
			body, _ := json.Marshal(map[string]any{"id": strconv.Itoa(i), "application_id": "2", "token": "bench", "version": 1, "type": 3,
				"channel_id": "4", "locale": "fr", "user": map[string]any{"id": "5", "username": "bench"},
				"data": map[string]any{"custom_id": "p:simulate:fr:7:#" + hex.EncodeToString(sum[:8]), "component_type": 2},
				"message": map[string]any{"id": "6", "channel_id": "4", "attachments": []any{
					map[string]any{"id": "1", "filename": "scenario.yaml", "size": len(text), "url": "https://cdn.discordapp.com/a/1/scenario.yaml"}}}})
			return body
		}, discordtest.TypeDeferredUpdate)
	})
}
