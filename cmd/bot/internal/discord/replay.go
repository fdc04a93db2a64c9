package discord

import (
	"sync"
	"time"
)

// replayCache remembers the signatures seen until their requests' timestamps
// are stale, so that a captured request cannot be played again. It is
// bounded: when full, the oldest entries go first.
type replayCache struct {
	mu    sync.Mutex
	max   int
	seen  map[string]time.Time // key: when it expires
	order []string             // insertion order, for eviction
}

// newReplayCache remembers up to max keys (none when max is not
// positive: every request is new, for tests that sign one body twice).
func newReplayCache(max int) *replayCache {
	return &replayCache{max: max, seen: map[string]time.Time{}}
}

// first records key until expires and reports whether it was not seen
// and unexpired.
func (c *replayCache) first(key string, now, expires time.Time) bool {
	if c.max <= 0 {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for len(c.order) > 0 {
		k := c.order[0]
		if exp, ok := c.seen[k]; ok && now.Before(exp) && len(c.order) < c.max {
			break
		}
		if exp, ok := c.seen[k]; ok && (!now.Before(exp) || len(c.order) >= c.max) {
			delete(c.seen, k)
		}
		c.order = c.order[1:]
	}
	if exp, ok := c.seen[key]; ok && now.Before(exp) {
		return false
	}
	if _, ok := c.seen[key]; !ok {
		c.order = append(c.order, key)
	}
	c.seen[key] = expires
	return true
}
