package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"sync"
	"syscall"
	"time"

	"arbiter/kb"
)

// Server is the process of "bot serve": it holds the index that serves
// and swaps in a new build, serves the HTTP routes of its parts beside its
// operations endpoints (/healthz, /readyz, /metrics), records the metrics,
// and shuts down gracefully.
type Server struct {
	cfg   Config
	log   *slog.Logger
	index *holder
	// embedded opens the default index (of the embedded data), which serves when the
	// configured index cannot be opened at start.
	embedded func(ctx context.Context) (*kb.Index, error)
	// ops is the operations state (metrics, readiness, work in flight).
	ops *opsState
	// arrivals stamps each request with when it arrived.
	arrivals arrivals
	// fallbackUsed is set when the configured index could not be opened at
	// start and the default index serves instead.
	fallbackUsed bool
	// reloadNow asks the reload watcher to look at the index now.
	reloadNow chan struct{}
	// hup receives SIGHUP from New on: a signal sent while the index
	// opens (seconds for the full one) waits for the reload watcher
	// instead of ending the process, as a signal nothing catches does.
	hup chan os.Signal
}

// Parts are what the server runs besides its operations endpoints.
type Parts struct {
	// Routes add the HTTP routes of the parts (the Discord endpoint, the
	// web pages), when the server listens.
	Routes []func(mux *http.ServeMux)
	// Connect, if set, opens a connection the process keeps besides HTTP
	// (the Discord gateway); it returns a nil stop when it has none to open.
	Connect func(ctx context.Context) (stop func(), err error)
	// Wait, if set, waits at shutdown for work of the parts still in
	// flight (deferred Discord replies), or until ctx ends.
	Wait func(ctx context.Context)
	// Ready, if set, tells whether the parts can serve (the gateway is
	// connected); /readyz answers 503 "not_connected" until it does.
	Ready func() bool
	// Features, if set, tells the state of the parts' features that may
	// be off or limited by their settings or by Discord (the answers to
	// [[name]] in messages), by name: "on", or why not. /readyz shows
	// them, and /healthz those that are not on.
	Features func() map[string]string
	// SelfAdmitted lists the paths whose handlers admit requests
	// themselves (the interactions endpoint, which always answers in
	// time): --max-in-flight never sheds them with a 503.
	SelfAdmitted []string
}

// New opens the configured index (embedded opens the default index,
// which serves instead when the index cannot be opened) and returns the
// server, not yet running.
func New(ctx context.Context, cfg Config, log *slog.Logger, embedded func(ctx context.Context) (*kb.Index, error)) (*Server, error) {
	s := &Server{cfg: cfg, log: log, embedded: embedded, reloadNow: make(chan struct{}, 1), hup: make(chan os.Signal, 1)}
	signal.Notify(s.hup, syscall.SIGHUP)
	s.ops = newOpsState()
	ix, err := s.loadIndex(ctx)
	if err != nil {
		signal.Stop(s.hup)
		return nil, err
	}
	s.index = newHolder(ix)
	s.ops.indexLoaded(ix)
	s.ops.fallback.Store(cfg.Index != "" && s.fallbackUsed)
	return s, nil
}

// loadIndex opens the configured index. A missing or damaged index
// directory is logged and the default index (of the embedded data)
// serves instead, so a bad volume never makes the server crash-loop.
func (s *Server) loadIndex(ctx context.Context) (*kb.Index, error) {
	if s.cfg.Index != "" {
		kb.CleanStale(s.cfg.Index)
		ix, err := kb.Open(ctx, s.cfg.Index)
		if err == nil {
			return ix, nil
		}
		s.log.Error("index unusable, serving the default index", "dir", s.cfg.Index, "err", err)
		s.ops.indexFailed(err)
		s.fallbackUsed = true
	}
	return s.embedded(ctx)
}

// Run serves until ctx ends, then shuts down gracefully.
func (s *Server) Run(ctx context.Context, parts Parts) error {
	// Requests live on a context of their own, not the signal's: a SIGTERM
	// stops accepting, in-flight requests finish, and only the shutdown
	// deadline cancels what is left.
	base, cancelBase := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelBase()
	var wg sync.WaitGroup
	errc := make(chan error, 2)
	var hs *http.Server
	if s.cfg.HTTPAddr != "" {
		mux := http.NewServeMux()
		for _, routes := range parts.Routes {
			routes(mux)
		}
		s.routesOps(mux)
		hs = &http.Server{
			Handler:           s.wrapHTTP(mux, parts.SelfAdmitted),
			ReadHeaderTimeout: 5 * time.Second,
			ReadTimeout:       10 * time.Second,
			WriteTimeout:      30 * time.Second,
			IdleTimeout:       120 * time.Second,
			MaxHeaderBytes:    16 << 10,
			BaseContext:       func(net.Listener) context.Context { return base },
			ConnContext:       s.arrivals.connContext,
			ConnState:         s.arrivals.connState,
		}
		ln, err := net.Listen("tcp", s.cfg.HTTPAddr)
		if err != nil {
			return fmt.Errorf("listen %s: %w", s.cfg.HTTPAddr, err)
		}
		ln = s.arrivals.listen(ln)
		s.log.Info("listening", "addr", ln.Addr().String())
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				errc <- err
			}
		}()
	}
	if parts.Ready != nil {
		s.ops.partsReady.Store(&parts.Ready)
	}
	if parts.Features != nil {
		s.ops.features.Store(&parts.Features)
	}
	var stopConnect func()
	if parts.Connect != nil {
		stop, err := parts.Connect(ctx)
		if err != nil {
			return err
		}
		stopConnect = stop
	}
	if hs == nil && stopConnect == nil {
		return errors.New("nothing to serve: give --http ADDR and/or set DISCORD_TOKEN")
	}
	stopReload := s.watchReload(ctx)
	select {
	case <-ctx.Done():
	case err := <-errc:
		s.log.Error("http server", "err", err)
	}
	s.log.Info("shutting down")
	stopReload()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), s.cfg.shutdownTimeout())
	defer cancel()
	if hs != nil {
		if err := hs.Shutdown(shutdownCtx); err != nil {
			s.log.Warn("http shutdown", "err", err)
		}
	}
	if stopConnect != nil {
		stopConnect()
	}
	s.waitInFlight(shutdownCtx, parts.Wait)
	cancelBase()
	wg.Wait()
	return nil
}

// Close closes the index that serves.
func (s *Server) Close() {
	if s.hup != nil {
		signal.Stop(s.hup)
	}
	if s.index != nil {
		s.index.close()
	}
}

// Index returns the index that serves and the func that releases it once
// the request that reads it is done.
func (s *Server) Index() (*kb.Index, func()) { return s.index.acquire() }

// ObserveInteraction records an interaction answered (see Metrics of
// package discord).
func (s *Server) ObserveInteraction(command, outcome, locale string, d time.Duration) {
	s.ops.observeInteraction(command, outcome, locale, d)
}

// ObserveReport records an event of a report of a wrong answer (opened,
// confirmed, rejected) and the language of the answer reported; other
// events and languages are counted as "other".
func (s *Server) ObserveReport(event, lang string) {
	if !slices.Contains(reportEvents(), event) {
		event = "other"
	}
	if lang != "en" && lang != "fr" && lang != "ja" {
		lang = "other"
	}
	s.ops.m.reports.WithLabelValues(event, lang).Inc()
}

// Deferred records an interaction answered with a deferred reply.
func (s *Server) Deferred() { s.ops.deferred() }

// Delivered records the reply of a deferred response delivered, d after
// its interaction arrived.
func (s *Server) Delivered(d time.Duration) { s.ops.m.delivered.Observe(d.Seconds()) }

// Undelivered records a deferred reply never delivered.
func (s *Server) Undelivered() { s.ops.m.undelivered.Inc() }

// RateLimited records an interaction refused by the rate limit.
func (s *Server) RateLimited() { s.ops.rateLimited() }

// GuardFallback records a request checked against replays by this
// process alone.
func (s *Server) GuardFallback() { s.ops.m.guardFallback.Inc() }

// Waiting records interactions starting (+1) or ending (-1) a wait for a
// worker.
func (s *Server) Waiting(delta int) { s.ops.m.waiting.Add(float64(delta)) }

// Working records interactions starting (+1) or ending (-1) their work.
func (s *Server) Working(delta int) { s.ops.m.working.Add(float64(delta)) }

// Queued records the time an interaction waited for a worker.
func (s *Server) Queued(d time.Duration) { s.ops.m.queueSeconds.Observe(d.Seconds()) }

// Busy records an interaction answered "busy, try again".
func (s *Server) Busy() { s.ops.m.busy.Inc() }

// Expired records an autocomplete out of its budget.
func (s *Server) Expired() { s.ops.m.expired.Inc() }

// GatewayConnected records whether every gateway shard is connected.
func (s *Server) GatewayConnected(up bool) {
	v := 0.0
	if up {
		v = 1
	}
	s.ops.m.gatewayUp.Set(v)
}

// GatewayReconnect records a shard connected again.
func (s *Server) GatewayReconnect() { s.ops.m.gatewayReconnect.Inc() }

// GatewayLatency records the gateway's heartbeat latency.
func (s *Server) GatewayLatency(d time.Duration) { s.ops.m.gatewayLatency.Set(d.Seconds()) }
