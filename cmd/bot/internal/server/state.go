package server

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"arbiter/kb"
)

// opsState is the server's operational state: metrics, readiness and the
// work a shutdown waits for. It is safe for concurrent use, and its
// recording methods do nothing on a nil *opsState.
type opsState struct {
	m        *opsMetrics
	loaded   atomic.Bool
	draining atomic.Bool
	// fallback is set while the default index serves because the
	// configured index could not be opened at start.
	fallback atomic.Bool
	meta     atomic.Pointer[kb.Meta]
	// partsReady is the readiness of the server's parts (Parts.Ready).
	partsReady atomic.Pointer[func() bool]
	// features are the states of the parts' features (Parts.Features).
	features atomic.Pointer[func() map[string]string]
	work     *workTracker
	// base is the server's run context, set by watchReload. Once it is
	// done the server is shutting down and requests run on until hardStop.
	base     atomic.Pointer[context.Context]
	hardStop chan struct{}
	hardOnce sync.Once
}

// newOpsState returns the state of a server that has no index yet, with its
// metrics on a registry of their own.
func newOpsState() *opsState {
	o := &opsState{work: newWorkTracker(), hardStop: make(chan struct{})}
	o.m = newOpsMetrics(o.ready, o.builtAt)
	return o
}

// indexLoaded records that ix now serves.
func (o *opsState) indexLoaded(ix *kb.Index) {
	o.fallback.Store(false)
	meta := ix.Meta()
	o.meta.Store(&meta)
	o.m.setIndex(meta)
	o.loaded.Store(true)
}

// indexFailed records that an index could not be opened; whatever served
// before goes on serving.
func (o *opsState) indexFailed(err error) {
	o.m.reloads.WithLabelValues("failure").Inc()
	o.m.lastReloadErr.Set(float64(time.Now().Unix()))
}

// ready reports whether the server should receive traffic.
func (o *opsState) ready() bool { return o.loaded.Load() && !o.draining.Load() && o.partsOK() }

// partsOK tells whether the server's parts can serve (the gateway is
// connected); true when they did not say.
func (o *opsState) partsOK() bool {
	if f := o.partsReady.Load(); f != nil {
		return (*f)()
	}
	return true
}

// featureStates returns the states of the parts' features (nil when
// they said none).
func (o *opsState) featureStates() map[string]string {
	if f := o.features.Load(); f != nil {
		return (*f)()
	}
	return nil
}

// builtAt returns the build time of the serving index (zero if unknown).
func (o *opsState) builtAt() time.Time {
	if m := o.meta.Load(); m != nil {
		return parseTime(m.BuiltAt)
	}
	return time.Time{}
}

// observeInteraction records one interaction answered: its command name as
// registered (ruling, rule, card, simulate, glossary, language, help, or
// "autocomplete:<command>"), its outcome (ok, not_found, bad_input, error,
// rate_limited, ...), the user's Discord locale (en-US, fr, ja, ...) and the
// time from receiving it to the final reply (the edit, for a deferred one).
// Values outside a short [A-Za-z0-9._:+-] form are recorded as "other".
func (o *opsState) observeInteraction(command, outcome, locale string, d time.Duration) {
	if o == nil {
		return
	}
	cmd := labelValue(command)
	o.m.interactions.WithLabelValues(cmd, labelValue(outcome), labelValue(locale)).Inc()
	o.m.interactionSeconds.WithLabelValues(cmd).Observe(d.Seconds())
}

// deferred records an interaction answered with a deferred reply (type 5)
// that an edit completes later.
func (o *opsState) deferred() {
	if o == nil {
		return
	}
	o.m.deferred.Inc()
}

// rateLimited records an interaction refused because its user went over the
// rate limit.
func (o *opsState) rateLimited() {
	if o == nil {
		return
	}
	o.m.rateLimited.Inc()
}

// beginWork registers work that outlives its HTTP request, such as the edit
// that completes a deferred reply; call done when it ends (calling it again
// does nothing). A graceful shutdown waits for such work, up to
// --shutdown-timeout. Use shutdownContext for the work's context.
func (o *opsState) beginWork() (done func()) {
	if o == nil {
		return func() {}
	}
	return o.work.begin()
}

// shutdownContext returns a context for background work that must survive
// the start of a shutdown: it carries parent's values, is not cancelled
// when parent is, and is cancelled when the shutdown deadline passes (or
// when cancel is called).
func (o *opsState) shutdownContext(parent context.Context) (ctx context.Context, cancel context.CancelFunc) {
	ctx, cancel = context.WithCancel(context.WithoutCancel(parent))
	if o == nil {
		return ctx, cancel
	}
	go func() {
		select {
		case <-o.hardStop:
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}

// errShutdownDeadline cancels requests still running when the shutdown
// deadline passes.
var errShutdownDeadline = errors.New("shutdown deadline passed")

// requestContext returns the context a request runs with. The server's
// connections derive from its run context, which ends as soon as the
// shutdown starts; a graceful shutdown must let requests finish, so a
// request's context is cancelled when its client goes away, but not when
// the shutdown starts, only when the shutdown deadline passes.
func (o *opsState) requestContext(parent context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.WithoutCancel(parent))
	stop := context.AfterFunc(parent, func() {
		if b := o.base.Load(); b != nil && (*b).Err() != nil {
			select {
			case <-o.hardStop:
				cancel(errShutdownDeadline)
			case <-ctx.Done():
			}
			return
		}
		cancel(context.Cause(parent))
	})
	return ctx, func() {
		stop()
		cancel(nil)
	}
}

// stopHard cancels what still runs: the shutdown deadline has passed.
func (o *opsState) stopHard() { o.hardOnce.Do(func() { close(o.hardStop) }) }
