package server

import (
	"context"
	"sync"
)

// waitInFlight waits until in-flight requests, the parts' work (wait:
// deferred Discord edits) and background work (see beginWork) are done, or
// ctx ends; then whatever still runs is cancelled.
func (s *Server) waitInFlight(ctx context.Context, wait func(context.Context)) {
	stop := context.AfterFunc(ctx, s.ops.stopHard)
	defer stop()
	if wait != nil {
		wait(ctx)
	}
	// The deadline may have passed before this call (hs.Shutdown waits for
	// requests until then): work that ended then ended by cancellation.
	if n, err := s.ops.work.wait(ctx); err != nil || ctx.Err() != nil {
		s.log.Warn("shutdown deadline passed, cancelling in-flight work", "in_flight", n)
		s.ops.stopHard()
		return
	}
	s.log.Info("in-flight work done")
}

// workTracker counts work in progress and tells when none is left.
type workTracker struct {
	mu   sync.Mutex
	n    int
	idle chan struct{} // closed while n == 0
}

// newWorkTracker tracks no work yet.
func newWorkTracker() *workTracker {
	t := &workTracker{idle: make(chan struct{})}
	close(t.idle)
	return t
}

// begin counts one more piece of work; done counts it finished.
func (t *workTracker) begin() (done func()) {
	t.mu.Lock()
	if t.n == 0 {
		t.idle = make(chan struct{})
	}
	t.n++
	t.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			t.mu.Lock()
			t.n--
			if t.n == 0 {
				close(t.idle)
			}
			t.mu.Unlock()
		})
	}
}

// wait returns when no work is left, or with ctx's error and the amount of
// work left when ctx ends first.
func (t *workTracker) wait(ctx context.Context) (int, error) {
	t.mu.Lock()
	idle := t.idle
	t.mu.Unlock()
	select {
	case <-idle:
		return 0, nil
	case <-ctx.Done():
		t.mu.Lock()
		defer t.mu.Unlock()
		return t.n, ctx.Err()
	}
}
