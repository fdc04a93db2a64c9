package store

import (
	"sync"
	"time"
)

// maxLocalKeys bounds the replay guard and the buckets kept in memory.
const maxLocalKeys = 200000

// localGuard is a replay guard in memory: keys and when they expire. When
// full, expired keys go first, then the oldest.
type localGuard struct {
	mu    sync.Mutex
	seen  map[string]time.Time // key: expiry
	order []string
}

// firstSeen records key until now+ttl and reports whether it was new.
func (g *localGuard) firstSeen(key string, now time.Time, ttl time.Duration) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.seen == nil {
		g.seen = map[string]time.Time{}
	}
	for len(g.order) > 0 {
		k := g.order[0]
		if exp, ok := g.seen[k]; ok && now.Before(exp) && len(g.order) < maxLocalKeys {
			break
		}
		if exp, ok := g.seen[k]; ok && !now.Before(exp) || len(g.order) >= maxLocalKeys {
			delete(g.seen, k)
		}
		g.order = g.order[1:]
	}
	if exp, ok := g.seen[key]; ok && now.Before(exp) {
		return false
	}
	g.seen[key] = now.Add(ttl)
	g.order = append(g.order, key)
	return true
}

// localBuckets are token buckets in memory.
type localBuckets struct {
	mu sync.Mutex
	m  map[string]*tokenBucket
}

type tokenBucket struct {
	tokens float64
	last   time.Time
}

// take spends a token of key's bucket (burst tokens refilled over period).
func (b *localBuckets) take(key string, now time.Time, burst int, period time.Duration) (bool, time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.m == nil {
		b.m = map[string]*tokenBucket{}
	}
	refill := float64(burst) / period.Seconds()
	tb, ok := b.m[key]
	if !ok {
		if len(b.m) >= maxLocalKeys {
			for k, o := range b.m {
				if o.tokens+now.Sub(o.last).Seconds()*refill >= float64(burst) {
					delete(b.m, k)
				}
			}
		}
		tb = &tokenBucket{tokens: float64(burst), last: now}
		if len(b.m) < maxLocalKeys {
			b.m[key] = tb
		}
	}
	tb.tokens = min(float64(burst), tb.tokens+max(0, now.Sub(tb.last).Seconds())*refill)
	if now.After(tb.last) {
		tb.last = now
	}
	if tb.tokens >= 1 {
		tb.tokens--
		return true, 0
	}
	return false, time.Duration((1 - tb.tokens) / refill * float64(time.Second))
}
