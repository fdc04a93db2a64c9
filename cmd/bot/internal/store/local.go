package store

import (
	"sync"
	"time"
)

// maxLocalKeys bounds the replay guard of the embedded store and the
// buckets kept in memory.
const maxLocalKeys = 200000

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
