package chat

import (
	"context"
	"sync"
	"time"
)

// RateLimiter is a per-user token bucket: each user holds up to burst
// tokens, one is spent per interaction and they come back at one per
// every/burst. With a Store the buckets are shared by every replica, so N
// replicas allow one burst, not N; when the store cannot answer in time,
// the buckets of this process decide. The local map is bounded: when it
// is full, users whose bucket has refilled are forgotten (they are
// indistinguishable from new users).
type RateLimiter struct {
	mu      sync.Mutex
	burst   float64
	refill  float64 // tokens per second
	every   time.Duration
	max     int
	buckets map[string]*bucket
	store   Store
	prefix  string // of the buckets' keys in the store
}

type bucket struct {
	tokens float64
	last   time.Time
}

// NewRateLimiter allows burst interactions per user in every period.
func NewRateLimiter(burst int, every time.Duration, maxUsers int) *RateLimiter {
	return &RateLimiter{burst: float64(burst), refill: float64(burst) / every.Seconds(), every: every, max: maxUsers,
		buckets: map[string]*bucket{}, prefix: "rate:"}
}

// Keyed names the buckets of l in the store "<prefix><user>" (the
// interactions' are "rate:<user>"), so that limits of other things do not
// share a user's bucket, and returns l.
func (l *RateLimiter) Keyed(prefix string) *RateLimiter {
	l.prefix = prefix
	return l
}

// Shared makes the buckets those of store, shared by every replica on it
// (nil: this process's only), and returns l.
func (l *RateLimiter) Shared(store Store) *RateLimiter {
	l.store = store
	return l
}

// Allow spends a token of key's bucket now (a web client's, say); when
// there is none it returns false and how long until there is one.
func (l *RateLimiter) Allow(ctx context.Context, key string) (bool, time.Duration) {
	return l.allow(ctx, key, time.Now())
}

// allow spends a token of user's bucket; when there is none it returns
// false and how long until there is one.
func (l *RateLimiter) allow(ctx context.Context, user string, now time.Time) (bool, time.Duration) {
	if l.store != nil {
		ctx, cancel := context.WithTimeout(ctx, guardTimeout)
		ok, wait, err := l.store.Take(ctx, l.prefix+user, now, int(l.burst), l.every)
		cancel()
		if err == nil {
			return ok, wait
		}
	}
	return l.allowLocal(user, now)
}

// allowLocal is allow on this process's buckets.
func (l *RateLimiter) allowLocal(user string, now time.Time) (bool, time.Duration) {
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
