package discord

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"arbiter/cmd/bot/internal/discord/discordtest"
)

// deliveries sends n commands at once to an endpoint whose replies are
// all deferred, and returns, for each, how long after its arrival its
// reply was delivered by the REST stand-in (0: never), with the metrics.
func deliveries(t *testing.T, rest *discordtest.REST, n int, cfg Config) ([]time.Duration, *countingMetrics) {
	t.Helper()
	cfg.DeferAfter = time.Nanosecond
	if cfg.EditTimeout == 0 {
		cfg.EditTimeout = 10 * time.Second
	}
	m := &countingMetrics{counts: map[string]int{}}
	// The router takes longer than the deferral (1 ns), so that every
	// reply is deferred, never answered in the initial response.
	e, err := New(cfg, slowRouter{delay: 20 * time.Millisecond}, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	arrived := time.Now()
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			in := &discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, ID: fmt.Sprint(i), AppID: "1230000000000000000",
				Token: fmt.Sprintf("tok-%d", i), Data: discordgo.ApplicationCommandInteractionData{Name: "ruling"}}
			var first initial
			e.answer(context.Background(), in, arrived, first.respond)
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Errorf("deferred replies still in flight after 30 s")
	}
	got := make([]time.Duration, n)
	for _, c := range rest.Calls() {
		if c.Status < 200 || c.Status > 299 {
			continue
		}
		var i int
		if _, err := fmt.Sscanf(c.Path[strings.Index(c.Path, "/tok-")+1:], "tok-%d", &i); err != nil || i < 0 || i >= n {
			t.Fatalf("call to %s", c.Path)
		}
		if d := c.Answered.Sub(arrived); got[i] == 0 || d < got[i] {
			got[i] = d
		}
	}
	return got, m
}

// TestDeferredDeliveryAtDiscordLatency: with Discord's API answering in
// 50 to 200 ms, with rate-limit headers, every one of 1,000 deferred
// replies sent at once is delivered within 15 s of its arrival. Edits go
// out concurrently, each in its interaction's own bucket.
func TestDeferredDeliveryAtDiscordLatency(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 300
	}
	rest := discordtest.NewRESTWith(t, discordtest.Options{MinLatency: 50 * time.Millisecond, MaxLatency: 200 * time.Millisecond,
		BucketLimit: 5, BucketWindow: 2 * time.Second}, nil)
	start := time.Now()
	got, m := deliveries(t, rest, n, Config{Workers: 8})
	checkDelivered(t, got, m, 15*time.Second)
	t.Logf("%d deferred replies delivered in %v", n, time.Since(start).Round(time.Millisecond))
}

// TestDeferredDeliveryGlobalLimit: when Discord answers 429 with its
// global limit, the endpoint waits as told and every reply still arrives.
func TestDeferredDeliveryGlobalLimit(t *testing.T) {
	rest := discordtest.NewRESTWith(t, discordtest.Options{MinLatency: 50 * time.Millisecond, MaxLatency: 100 * time.Millisecond,
		GlobalLimit: 100}, nil)
	got, m := deliveries(t, rest, 250, Config{Workers: 8})
	checkDelivered(t, got, m, 15*time.Second)
	limited := 0
	for _, c := range rest.Calls() {
		if c.Status == http.StatusTooManyRequests {
			limited++
		}
	}
	t.Logf("%d calls answered 429", limited)
}

// checkDelivered fails unless every reply was delivered within limit,
// and the metrics say so.
func checkDelivered(t *testing.T, got []time.Duration, m *countingMetrics, limit time.Duration) {
	t.Helper()
	lost := 0
	sorted := append([]time.Duration(nil), got...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	for i, d := range got {
		switch {
		case d == 0:
			lost++
		case d > limit:
			t.Errorf("reply %d delivered %v after its arrival", i, d.Round(time.Millisecond))
		}
	}
	if lost > 0 {
		t.Errorf("%d of %d deferred replies never delivered", lost, len(got))
	}
	m.mu.Lock()
	delivered, undelivered := m.counts["delivered"], m.counts["undelivered"]
	m.mu.Unlock()
	if delivered != len(got)-lost || undelivered != lost {
		t.Errorf("metrics: %d delivered, %d undelivered; the stand-in saw %d delivered, %d lost", delivered, undelivered, len(got)-lost, lost)
	}
	t.Logf("delivery after arrival: p50 %v, p99 %v, max %v", sorted[len(sorted)/2].Round(time.Millisecond),
		sorted[len(sorted)*99/100].Round(time.Millisecond), sorted[len(sorted)-1].Round(time.Millisecond))
}

// TestFollowUpFreshDeadline: an edit that times out is followed by a
// follow-up message with a timeout of its own, which delivers the reply.
func TestFollowUpFreshDeadline(t *testing.T) {
	rest := discordtest.NewREST(t, func(method, path string, body []byte) (int, string) {
		if method == http.MethodPatch {
			time.Sleep(1500 * time.Millisecond)
		}
		return http.StatusOK, `{"id":"1","channel_id":"1","content":""}`
	})
	got, m := deliveries(t, rest, 1, Config{EditTimeout: time.Second})
	if got[0] == 0 {
		t.Fatalf("reply never delivered: %+v", rest.Calls())
	}
	checkDelivered(t, got, m, 5*time.Second)
}
