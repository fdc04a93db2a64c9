package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"arbiter/cmd/bot/internal/web"
	"arbiter/i18n"
	"arbiter/kb"
)

// serveConfig is the configuration of "bot serve", from flags and the
// environment. Each part of the server (Discord, web pages, operations) adds
// its own settings through its register method.
type serveConfig struct {
	httpAddr  string
	index     string
	publicURL string
	discord   discordConfig
	web       web.Config
	ops       opsConfig
}

// server holds what every handler of "bot serve" shares.
type server struct {
	cfg   serveConfig
	log   *slog.Logger
	cat   *i18n.Catalog
	index *indexHolder
	env   *env
	// ops is the operations state (metrics, readiness); see ops.go.
	ops *opsState
	// fallbackUsed is set when the configured index could not be opened at
	// start and the embedded corpus serves instead.
	fallbackUsed bool
}

func cmdServe(e *env, args []string) int {
	fs := e.newFlagSet("serve")
	var cfg serveConfig
	fs.StringVar(&cfg.httpAddr, "http", "", "listen address of the HTTP server: Discord interactions, web pages, health and metrics (e.g. :8080)")
	fs.StringVar(&cfg.index, "index", "", "index directory built by 'bot kb build' (default: the embedded corpus)")
	fs.StringVar(&cfg.publicURL, "public-url", "", "public base URL of the web pages, for links in replies")
	cfg.discord.register(fs, e.getenv)
	fs.IntVar(&cfg.web.CacheSeconds, "web-cache", 300, "seconds browsers may cache the web pages (0: no caching)")
	cfg.ops.register(fs, e.getenv)
	p := e.printer("", "")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return e.usageError(p, i18n.KeyBadFlags, "serve", err.Error())
	}
	if len(pos) > 0 {
		return e.usageError(p, i18n.KeyErrTooManyArgs, "serve")
	}
	log := newLogger(e.stderr, cfg.ops.logLevel)
	srv, err := newServer(e, cfg, log)
	if err != nil {
		log.Error("start", "err", err)
		return e.inputError(p, err)
	}
	defer srv.close()
	if err := srv.run(e.ctx); err != nil {
		log.Error("serve", "err", err)
		return 1
	}
	return 0
}

// newLogger returns the JSON logger of the server.
func newLogger(w interface{ Write([]byte) (int, error) }, level slog.Level) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: level}))
}

func newServer(e *env, cfg serveConfig, log *slog.Logger) (*server, error) {
	s := &server{cfg: cfg, log: log, cat: e.cat, env: e}
	s.ops = newOpsState()
	ix, err := s.loadIndex(e.ctx)
	if err != nil {
		return nil, err
	}
	s.index = newIndexHolder(ix)
	s.ops.indexLoaded(ix)
	s.ops.fallback.Store(cfg.index != "" && s.fallbackUsed)
	return s, nil
}

// loadIndex opens the configured index. A missing or damaged index
// directory is logged and the embedded corpus serves instead, so a bad
// volume never makes the server crash-loop.
func (s *server) loadIndex(ctx context.Context) (*kb.Index, error) {
	if s.cfg.index != "" {
		kb.CleanStale(s.cfg.index)
		ix, err := kb.Open(ctx, s.cfg.index)
		if err == nil {
			return ix, nil
		}
		s.log.Error("index unusable, serving the embedded corpus", "dir", s.cfg.index, "err", err)
		s.ops.indexFailed(err)
		s.fallbackUsed = true
	}
	return s.env.openIndex("")
}

// run serves until ctx ends, then shuts down gracefully.
func (s *server) run(ctx context.Context) error {
	// Requests live on a context of their own, not the signal's: a SIGTERM
	// stops accepting, in-flight requests finish, and only the shutdown
	// deadline cancels what is left.
	base, cancelBase := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelBase()
	var wg sync.WaitGroup
	errc := make(chan error, 2)
	var hs *http.Server
	if s.cfg.httpAddr != "" {
		mux := http.NewServeMux()
		s.routesDiscord(mux)
		s.routesWeb(mux)
		s.routesOps(mux)
		hs = &http.Server{
			Handler:           s.wrapHTTP(mux),
			ReadHeaderTimeout: 5 * time.Second,
			ReadTimeout:       10 * time.Second,
			WriteTimeout:      30 * time.Second,
			IdleTimeout:       120 * time.Second,
			MaxHeaderBytes:    16 << 10,
			BaseContext:       func(net.Listener) context.Context { return base },
		}
		ln, err := net.Listen("tcp", s.cfg.httpAddr)
		if err != nil {
			return fmt.Errorf("listen %s: %w", s.cfg.httpAddr, err)
		}
		s.log.Info("listening", "addr", ln.Addr().String())
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				errc <- err
			}
		}()
	}
	stopGateway, err := s.startGateway(ctx)
	if err != nil {
		return err
	}
	if hs == nil && stopGateway == nil {
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
	shutdownCtx, cancel := context.WithTimeout(context.Background(), s.cfg.ops.shutdownTimeout())
	defer cancel()
	if hs != nil {
		if err := hs.Shutdown(shutdownCtx); err != nil {
			s.log.Warn("http shutdown", "err", err)
		}
	}
	if stopGateway != nil {
		stopGateway()
	}
	s.waitInFlight(shutdownCtx)
	cancelBase()
	wg.Wait()
	return nil
}

func (s *server) close() {
	if s.index != nil {
		s.index.close()
	}
}

// indexHolder holds the index that serves, swapped atomically on reload.
// A request acquires the current index and releases it when done; a
// replaced index is closed once its last request has released it.
type indexHolder struct {
	cur atomic.Pointer[heldIndex]
}

type heldIndex struct {
	ix      *kb.Index
	mu      sync.RWMutex // read-held by each request using ix
	retired atomic.Bool
}

func newIndexHolder(ix *kb.Index) *indexHolder {
	h := &indexHolder{}
	h.cur.Store(&heldIndex{ix: ix})
	return h
}

// acquire returns the current index and a release func to call when done.
func (h *indexHolder) acquire() (*kb.Index, func()) {
	for {
		hi := h.cur.Load()
		hi.mu.RLock()
		if hi.retired.Load() {
			// Replaced (and maybe closed) meanwhile: take the new one.
			hi.mu.RUnlock()
			continue
		}
		return hi.ix, hi.mu.RUnlock
	}
}

// swap makes ix the serving index and closes the previous one once every
// request using it is done.
func (h *indexHolder) swap(ix *kb.Index) {
	old := h.cur.Swap(&heldIndex{ix: ix})
	old.retired.Store(true)
	go func() {
		old.mu.Lock()
		defer old.mu.Unlock()
		old.ix.Close()
	}()
}

func (h *indexHolder) close() {
	hi := h.cur.Load()
	hi.retired.Store(true)
	hi.mu.Lock()
	defer hi.mu.Unlock()
	hi.ix.Close()
}

// routesWeb adds the web pages (rules, cards, simulations) to mux.
func (s *server) routesWeb(mux *http.ServeMux) {
	index := func() (web.Index, func()) { ix, release := s.index.acquire(); return ix, release }
	pages, err := web.New(s.cfg.web, s.cat, index, s.log)
	if err != nil {
		// The templates are embedded and TestParseTemplates parses them:
		// a failure here is a build defect. Serve the rest without pages.
		s.log.Error("web templates: no web pages", "err", err)
		return
	}
	pages.Routes(mux)
}
