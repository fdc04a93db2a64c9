package discord

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/discord/discordtest"
)

// countingMetrics counts what the endpoint records.
type countingMetrics struct {
	mu     sync.Mutex
	counts map[string]int
}

func (m *countingMetrics) add(key string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.counts[key]++
}

func (m *countingMetrics) ObserveInteraction(command, outcome, locale string, d time.Duration) {
	m.add("interaction command=" + command + " outcome=" + outcome + " locale=" + locale)
}
func (m *countingMetrics) Deferred()                    { m.add("deferred") }
func (m *countingMetrics) Delivered(time.Duration)      { m.add("delivered") }
func (m *countingMetrics) Undelivered()                 { m.add("undelivered") }
func (m *countingMetrics) RateLimited()                 { m.add("rate_limited") }
func (m *countingMetrics) GuardFallback()               { m.add("guard_fallback") }
func (m *countingMetrics) Waiting(d int)                { m.add(fmt.Sprintf("waiting %+d", d)) }
func (m *countingMetrics) Working(d int)                { m.add(fmt.Sprintf("working %+d", d)) }
func (m *countingMetrics) Queued(time.Duration)         { m.add("queued") }
func (m *countingMetrics) Busy()                        { m.add("busy") }
func (m *countingMetrics) Expired()                     { m.add("expired") }
func (m *countingMetrics) GatewayConnected(up bool)     { m.add(fmt.Sprintf("gateway up=%t", up)) }
func (m *countingMetrics) GatewayReconnect()            { m.add("gateway reconnect") }
func (m *countingMetrics) GatewayLatency(time.Duration) { m.add("gateway latency") }

// TestInteractionMetrics checks that answered interactions are recorded by
// command, outcome and locale, and rate-limited users too.
func TestInteractionMetrics(t *testing.T) {
	// On a loaded machine an answer may come after its deferral, and is
	// then edited in by REST.
	discordtest.NewREST(t, nil)
	rig := newRig(t, func(c *rigConfig) {
		c.rateBurst = 1
		c.ratePeriod = time.Hour
	})
	m := &countingMetrics{counts: map[string]int{}}
	rig.e.metrics = m
	body := fixture(t, "slash_rule.json")
	for i := 0; i < 2; i++ {
		// A different body each time, so the second is not taken for a replay.
		if w := rig.post(t, append(body, strings.Repeat(" ", i)...)); w.Code != 200 {
			t.Fatalf("status %d", w.Code)
		}
	}
	// An answer is recorded once it is delivered: wait for those still
	// in flight.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rig.e.Wait(ctx)
	m.mu.Lock()
	defer m.mu.Unlock()
	for key, want := range map[string]int{
		"interaction command=rule outcome=ok locale=ja":           1,
		"interaction command=rule outcome=rate_limited locale=ja": 1,
		"rate_limited": 1,
	} {
		if m.counts[key] != want {
			t.Errorf("%s = %v, want %v (have %v)", key, m.counts[key], want, m.counts)
		}
	}
}
