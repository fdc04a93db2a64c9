package server

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"slices"

	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// routesOps adds /healthz, /readyz and /metrics to mux.
func (s *Server) routesOps(mux *http.ServeMux) {
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		fmt.Fprintln(w, "ok")
		// The process is healthy; a feature that is off or limited is
		// said below, for the operator who looks.
		features := s.ops.featureStates()
		for _, name := range slices.Sorted(maps.Keys(features)) {
			if st := features[name]; st != "on" {
				fmt.Fprintf(w, "%s: %s\n", name, st)
			}
		}
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
	Status    string `json:"status"` // ready, no_index, not_connected, shutting_down
	Docs      int    `json:"docs,omitempty"`
	CurrentCR string `json:"current_cr,omitempty"`
	BuiltAt   string `json:"built_at,omitempty"`
	// Fallback says the default index serves because the configured
	// index could not be opened: ready, but worth an alert.
	Fallback bool `json:"fallback,omitempty"`
	// Features are the states of the features that may be off or limited
	// ("mentions": "on", or why not): ready either way.
	Features map[string]string `json:"features,omitempty"`
}

// handleReady answers /readyz: 200 while an index serves and the server
// is not shutting down, else 503, with the index's description.
func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	st := readyStatus{Status: "ready", Fallback: s.ops.fallback.Load(), Features: s.ops.featureStates()}
	if m := s.ops.meta.Load(); m != nil {
		st.Docs, st.CurrentCR, st.BuiltAt = m.Docs, m.CurrentCR, m.BuiltAt
	}
	switch {
	case s.ops.draining.Load():
		st.Status = "shutting_down"
	case !s.ops.loaded.Load():
		st.Status = "no_index"
	case !s.ops.partsOK():
		st.Status = "not_connected"
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
