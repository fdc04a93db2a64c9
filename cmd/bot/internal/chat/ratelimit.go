package chat

import (
	"sync"
	"time"
)

// RateLimiter is a per-user token bucket: each user holds up to burst
// tokens, one is spent per interaction and they come back at one per
// every/burst. The map is bounded: when it is full, users whose bucket has
// refilled are forgotten (they are indistinguishable from new users).
type RateLimiter struct {
	mu      sync.Mutex
	burst   float64
	refill  float64 // tokens per second
	max     int
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// NewRateLimiter allows burst interactions per user in every period.
func NewRateLimiter(burst int, every time.Duration, maxUsers int) *RateLimiter {
	return &RateLimiter{burst: float64(burst), refill: float64(burst) / every.Seconds(), max: maxUsers, buckets: map[string]*bucket{}}
}

// allow spends a token of user's bucket; when there is none it returns
// false and how long until there is one.
func (l *RateLimiter) allow(user string, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[user]
	if !ok {
		if len(l.buckets) >= l.max {
			l.sweep(now)
		}
		b = &bucket{tokens: l.burst, last: now}
		if len(l.buckets) < l.max {
			l.buckets[user] = b
		}
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.refill)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / l.refill * float64(time.Second))
}

// sweep forgets the users whose bucket is full again.
func (l *RateLimiter) sweep(now time.Time) {
	for u, b := range l.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*l.refill >= l.burst {
			delete(l.buckets, u)
		}
	}
}
