package discord

import (
	"context"
	"runtime"
	"sync/atomic"
	"time"
)

// Discord's deadline for the initial response to an interaction, counted
// from when it was sent; what is spent before the request reaches us
// (network, proxies) is not ours to see, hence the margin.
const (
	discordDeadline = 3 * time.Second
	deadlineMargin  = 300 * time.Millisecond
)

// admission bounds the interactions worked on at once, so that a burst
// queues instead of sharing the cores among hundreds of searches that
// would all miss the deadline. Time spent waiting counts against
// Discord's 3 seconds: a command not answered within its defer budget,
// counted from its arrival, gets a deferred response and is edited in
// when done; an autocomplete, which cannot be deferred, answers no
// choices when its budget runs out. Only when more interactions wait than
// the queue holds does one get "busy, try again" at once; and one that
// waited longer than MaxQueueWait after its deferral is told the same in
// the edit.
type admission struct {
	work     chan struct{} // a token per command being worked on
	complete chan struct{} // a token per autocomplete being worked on
	waiting  atomic.Int64
	max      int64
	maxWait  time.Duration
}

// newAdmission sizes the admission from the configuration.
func newAdmission(cfg Config) *admission {
	return &admission{
		work:     make(chan struct{}, cfg.workers()),
		complete: make(chan struct{}, max(2, runtime.GOMAXPROCS(0))),
		max:      int64(cfg.maxWaiting()),
		maxWait:  cfg.maxQueueWait(),
	}
}

// full tells whether the queue holds as many interactions as it may.
func (a *admission) full() bool { return a.waiting.Load() >= a.max }

// acquire waits for a worker of pool (a.work or a.complete) until ctx
// ends; it records the waiting and, on success, the time since arrival.
// release ends the work.
func (a *admission) acquire(ctx context.Context, pool chan struct{}, arrived time.Time, m Metrics) (release func(), ok bool) {
	a.waiting.Add(1)
	m.Waiting(1)
	defer func() {
		a.waiting.Add(-1)
		m.Waiting(-1)
	}()
	select {
	case pool <- struct{}{}:
	default:
		select {
		case pool <- struct{}{}:
		case <-ctx.Done():
			return nil, false
		}
	}
	m.Queued(time.Since(arrived))
	m.Working(1)
	return func() {
		m.Working(-1)
		<-pool
	}, true
}

// workers is how many commands are worked on at once.
func (c Config) workers() int {
	if c.Workers > 0 {
		return c.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// maxWaiting is how many interactions may wait for a worker.
func (c Config) maxWaiting() int {
	if c.MaxWaiting > 0 {
		return c.MaxWaiting
	}
	return 10000
}

// maxQueueWait is how long a deferred command may wait for a worker.
func (c Config) maxQueueWait() time.Duration {
	if c.MaxQueueWait > 0 {
		return c.MaxQueueWait
	}
	return 2 * time.Minute
}
