package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"arbiter/kb"
)

// opsConfig holds the operations settings of "bot serve". Every setting is
// a flag, and an ARBITER_* environment variable that the flag overrides
// (see deploy/README.md for the list and the defaults).
type opsConfig struct {
	logLevel        slog.Level
	shutdown        time.Duration
	drainDelay      time.Duration
	reloadInterval  time.Duration
	maxRequestBytes int64
	maxInFlight     int
	// envProblems lists environment values that could not be used; the
	// server logs them at start.
	envProblems []string
}

// envFlags maps environment variables to the flags of "bot serve" they set
// when the command line does not. The last three belong to serve.go's
// own flags; they are mapped here so that every setting has a variable.
func envFlags() [][2]string {
	return [][2]string{
		{"ARBITER_LOG_LEVEL", "log-level"},
		{"ARBITER_SHUTDOWN_TIMEOUT", "shutdown-timeout"},
		{"ARBITER_DRAIN_DELAY", "drain-delay"},
		{"ARBITER_RELOAD_INTERVAL", "reload-interval"},
		{"ARBITER_MAX_REQUEST_BYTES", "max-request-bytes"},
		{"ARBITER_MAX_IN_FLIGHT", "max-in-flight"},
		{"ARBITER_HTTP", "http"},
		{"ARBITER_INDEX", "index"},
		{"ARBITER_PUBLIC_URL", "public-url"},
	}
}

// Defaults of the operations settings.
const (
	defaultShutdownTimeout = 10 * time.Second
	defaultReloadInterval  = 30 * time.Second
	defaultMaxRequestBytes = 1 << 20
	defaultMaxInFlight     = 256
)

func (c *opsConfig) register(fs *flag.FlagSet, getenv func(string) string) {
	fs.TextVar(&c.logLevel, "log-level", slog.LevelInfo, "log level: debug, info, warn or error (JSON logs on stderr)")
	fs.DurationVar(&c.shutdown, "shutdown-timeout", defaultShutdownTimeout, "how long a shutdown waits for in-flight requests and deferred replies")
	fs.DurationVar(&c.drainDelay, "drain-delay", 0, "on shutdown, how long /readyz answers 503 while still serving, before closing the listener (e.g. 5s behind a load balancer)")
	fs.DurationVar(&c.reloadInterval, "reload-interval", defaultReloadInterval, "how often to check whether the --index directory changed (0: only on SIGHUP)")
	fs.Int64Var(&c.maxRequestBytes, "max-request-bytes", defaultMaxRequestBytes, "largest HTTP request body accepted")
	fs.IntVar(&c.maxInFlight, "max-in-flight", defaultMaxInFlight, "HTTP requests served at once before answering 503 (0: no limit)")
	for _, ef := range envFlags() {
		v := getenv(ef[0])
		f := fs.Lookup(ef[1])
		if v == "" || f == nil {
			continue
		}
		// A failed Set may leave a zero value behind: put the default back.
		def := f.Value.String()
		if err := fs.Set(ef[1], v); err != nil {
			f.Value.Set(def)
			c.envProblems = append(c.envProblems, fmt.Sprintf("%s=%q: %v; using --%s=%s", ef[0], v, err, ef[1], def))
		}
	}
}

func (c *opsConfig) shutdownTimeout() time.Duration {
	if c.shutdown <= 0 {
		return defaultShutdownTimeout
	}
	return c.shutdown
}

// opsState is the server's operational state: metrics, readiness and the
// work a shutdown waits for. It is safe for concurrent use, and its
// recording methods do nothing on a nil *opsState.
type opsState struct {
	m        *opsMetrics
	loaded   atomic.Bool
	draining atomic.Bool
	// fallback is set while the embedded corpus serves because the
	// configured index could not be opened at start.
	fallback atomic.Bool
	meta     atomic.Pointer[kb.Meta]
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
func (o *opsState) ready() bool { return o.loaded.Load() && !o.draining.Load() }

// builtAt returns the build time of the serving index (zero if unknown).
func (o *opsState) builtAt() time.Time {
	if m := o.meta.Load(); m != nil {
		return parseTime(m.BuiltAt)
	}
	return time.Time{}
}

// ObserveInteraction records one interaction answered: its command name as
// registered (ruling, rule, card, simulate, glossary, language, help, or
// "autocomplete:<command>"), its outcome (ok, not_found, bad_input, error,
// rate_limited, ...), the user's Discord locale (en-US, fr, ja, ...) and the
// time from receiving it to the final reply (the edit, for a deferred one).
// Values outside a short [A-Za-z0-9._:+-] form are recorded as "other".
func (o *opsState) ObserveInteraction(command, outcome, locale string, d time.Duration) {
	if o == nil {
		return
	}
	cmd := labelValue(command)
	o.m.interactions.WithLabelValues(cmd, labelValue(outcome), labelValue(locale)).Inc()
	o.m.interactionSeconds.WithLabelValues(cmd).Observe(d.Seconds())
}

// Deferred records an interaction answered with a deferred reply (type 5)
// that an edit completes later.
func (o *opsState) Deferred() {
	if o == nil {
		return
	}
	o.m.deferred.Inc()
}

// RateLimited records an interaction refused because its user went over the
// rate limit.
func (o *opsState) RateLimited() {
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

// routesOps adds /healthz, /readyz and /metrics to mux.
func (s *server) routesOps(mux *http.ServeMux) {
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		fmt.Fprintln(w, "ok")
	})
	mux.HandleFunc("GET /readyz", s.handleReady)
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.ops.m.reg, promhttp.HandlerOpts{
		ErrorLog:      slog.NewLogLogger(s.log.Handler(), slog.LevelError),
		ErrorHandling: promhttp.ContinueOnError,
	}))
}

// readyStatus is the body of /readyz.
type readyStatus struct {
	Ready     bool   `json:"ready"`
	Status    string `json:"status"` // ready, no_index, shutting_down
	Docs      int    `json:"docs,omitempty"`
	CurrentCR string `json:"current_cr,omitempty"`
	BuiltAt   string `json:"built_at,omitempty"`
	// Fallback says the embedded corpus serves because the configured
	// index could not be opened: ready, but worth an alert.
	Fallback bool `json:"fallback,omitempty"`
}

func (s *server) handleReady(w http.ResponseWriter, r *http.Request) {
	st := readyStatus{Status: "ready", Fallback: s.ops.fallback.Load()}
	if m := s.ops.meta.Load(); m != nil {
		st.Docs, st.CurrentCR, st.BuiltAt = m.Docs, m.CurrentCR, m.BuiltAt
	}
	switch {
	case s.ops.draining.Load():
		st.Status = "shutting_down"
	case !s.ops.loaded.Load():
		st.Status = "no_index"
	default:
		st.Ready = true
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if !st.Ready {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	json.NewEncoder(w).Encode(st)
}

// isOpsPath reports whether path is one of the operations endpoints, which
// are never shed and are logged at debug level only.
func isOpsPath(path string) bool {
	return path == "/healthz" || path == "/readyz" || path == "/metrics"
}

// wrapHTTP wraps every HTTP request: it bounds the body and the number of
// requests in flight, lets requests finish during a graceful shutdown,
// turns a panic into a 500, and records the request in metrics and in one
// log line (method, route, path without query, status, size, duration;
// never headers, query strings or bodies, which may carry secrets).
func (s *server) wrapHTTP(h http.Handler) http.Handler {
	o := s.ops
	var sem chan struct{}
	if n := s.cfg.ops.maxInFlight; n > 0 {
		sem = make(chan struct{}, n)
	}
	maxBody := s.cfg.ops.maxRequestBytes
	if maxBody <= 0 {
		maxBody = defaultMaxRequestBytes
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ops := isOpsPath(r.URL.Path)
		if sem != nil && !ops {
			select {
			case sem <- struct{}{}:
				defer func() { <-sem }()
			default:
				o.m.httpShed.Inc()
				s.log.Warn("overloaded, request shed", "method", r.Method, "path", r.URL.Path)
				w.Header().Set("Retry-After", "1")
				http.Error(w, http.StatusText(http.StatusServiceUnavailable), http.StatusServiceUnavailable)
				return
			}
		}
		done := o.work.begin()
		defer done()
		o.m.httpInFlight.Inc()
		defer o.m.httpInFlight.Dec()
		ctx, release := o.requestContext(r.Context())
		defer release()
		r = r.WithContext(ctx)
		if r.Body != nil {
			r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		}
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			p := recover()
			if p == http.ErrAbortHandler {
				panic(p)
			}
			route := r.Pattern
			if route == "" {
				route = "unmatched"
			}
			if p != nil {
				o.m.panics.Inc()
				s.log.Error("handler panic", "route", route, "path", r.URL.Path, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				if sw.code == 0 {
					http.Error(sw, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
				}
			}
			code := sw.status()
			d := time.Since(start)
			o.m.httpRequests.WithLabelValues(route, strconv.Itoa(code)).Inc()
			o.m.httpSeconds.WithLabelValues(route).Observe(d.Seconds())
			level := slog.LevelInfo
			switch {
			case code >= 500:
				level = slog.LevelWarn
			case ops:
				level = slog.LevelDebug
			}
			s.log.LogAttrs(ctx, level, "request",
				slog.String("method", r.Method), slog.String("route", route), slog.String("path", r.URL.Path),
				slog.Int("status", code), slog.Int64("bytes", sw.bytes), slog.Float64("ms", float64(d.Microseconds())/1000))
		}()
		h.ServeHTTP(sw, r)
	})
}

// statusWriter records the status and size of a response.
type statusWriter struct {
	http.ResponseWriter
	code  int
	bytes int64
}

func (w *statusWriter) WriteHeader(code int) {
	if w.code == 0 && code >= 200 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

// Flush sends buffered data to the client, when the connection allows it.
func (w *statusWriter) Flush() { http.NewResponseController(w.ResponseWriter).Flush() }

// Unwrap gives http.ResponseController the underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *statusWriter) status() int {
	if w.code == 0 {
		return http.StatusOK
	}
	return w.code
}

// waitInFlight waits until in-flight requests and background work (deferred
// Discord edits, see beginWork) are done, or ctx ends; then whatever still
// runs is cancelled.
func (s *server) waitInFlight(ctx context.Context) {
	stop := context.AfterFunc(ctx, s.ops.stopHard)
	defer stop()
	if d, ok := any(s).(interface{ discordWait(context.Context) }); ok {
		d.discordWait(ctx)
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
