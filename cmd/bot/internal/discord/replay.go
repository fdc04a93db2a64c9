package discord

import (
	"sync"
	"time"
)

// replayCache remembers the (timestamp, signature) pairs seen within the
// clock-skew window, so that a captured request cannot be played again.
// It is bounded: when full, the oldest entries go first.
type replayCache struct {
	mu    sync.Mutex
	ttl   time.Duration
	max   int
	seen  map[string]time.Time
	order []string // insertion order, for eviction
}

// newReplayCache remembers keys for ttl, up to max of them.
func newReplayCache(ttl time.Duration, max int) *replayCache {
	return &replayCache{ttl: ttl, max: max, seen: map[string]time.Time{}}
}

// first records key and reports whether it was not seen within the TTL.
func (c *replayCache) first(key string, now time.Time) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for len(c.order) > 0 {
		k := c.order[0]
		if t, ok := c.seen[k]; ok && now.Sub(t) < c.ttl && len(c.order) < c.max {
			break
		}
		delete(c.seen, k)
		c.order = c.order[1:]
	}
	if t, ok := c.seen[key]; ok && now.Sub(t) < c.ttl {
		return false
	}
	c.seen[key] = now
	c.order = append(c.order, key)
	return true
}
