package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

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
