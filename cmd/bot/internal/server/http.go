package server

import (
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"slices"
	"strconv"
	"time"
)

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
func (s *Server) wrapHTTP(h http.Handler, selfAdmitted []string) http.Handler {
	o := s.ops
	var sem chan struct{}
	if n := s.cfg.MaxInFlight; n > 0 {
		sem = make(chan struct{}, n)
	}
	maxBody := s.cfg.MaxRequestBytes
	if maxBody <= 0 {
		maxBody = defaultMaxRequestBytes
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ops := isOpsPath(r.URL.Path)
		if sem != nil && !ops && !slices.Contains(selfAdmitted, r.URL.Path) {
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

// WriteHeader records the first final status.
func (w *statusWriter) WriteHeader(code int) {
	if w.code == 0 && code >= 200 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

// Write records the size written (and a 200 if no status was).
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

// status is the response's status.
func (w *statusWriter) status() int {
	if w.code == 0 {
		return http.StatusOK
	}
	return w.code
}
