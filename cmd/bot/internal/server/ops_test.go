package server

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/testutil"
)

func TestOpsEndpoints(t *testing.T) {
	ix := testutil.NewEmbeddedIndex(t)
	meta := ix.Meta()
	tests := []struct {
		name       string
		loaded     bool
		draining   bool
		path       string
		wantCode   int
		wantStatus string // readyz status field
		wantBody   string
	}{
		{name: "healthz", loaded: true, path: "/healthz", wantCode: 200, wantBody: "ok\n"},
		{name: "healthz while shutting down", loaded: true, draining: true, path: "/healthz", wantCode: 200, wantBody: "ok\n"},
		{name: "healthz before an index", path: "/healthz", wantCode: 200, wantBody: "ok\n"},
		{name: "readyz with an index", loaded: true, path: "/readyz", wantCode: 200, wantStatus: "ready"},
		{name: "readyz before an index", path: "/readyz", wantCode: 503, wantStatus: "no_index"},
		{name: "readyz while shutting down", loaded: true, draining: true, path: "/readyz", wantCode: 503, wantStatus: "shutting_down"},
		{name: "metrics", loaded: true, path: "/metrics", wantCode: 200},
		{name: "unknown path", loaded: true, path: "/nowhere", wantCode: 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := testServer(t, DefaultConfig(), nil)
			if tt.loaded {
				s.ops.indexLoaded(ix)
			}
			s.ops.draining.Store(tt.draining)
			mux := http.NewServeMux()
			s.routesOps(mux)
			h := s.wrapHTTP(mux, nil)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", tt.path, nil))
			if rec.Code != tt.wantCode {
				t.Fatalf("status %d, want %d; body %s", rec.Code, tt.wantCode, rec.Body)
			}
			if tt.wantBody != "" && rec.Body.String() != tt.wantBody {
				t.Errorf("body %q, want %q", rec.Body, tt.wantBody)
			}
			if tt.wantStatus != "" {
				var st readyStatus
				if err := json.Unmarshal(rec.Body.Bytes(), &st); err != nil {
					t.Fatalf("readyz body %q: %v", rec.Body, err)
				}
				if st.Status != tt.wantStatus || st.Ready != (tt.wantCode == 200) {
					t.Errorf("readyz %+v, want status %s", st, tt.wantStatus)
				}
				if tt.loaded && st.Docs != meta.Docs {
					t.Errorf("readyz docs %d, index has %d", st.Docs, meta.Docs)
				}
			}
		})
	}
	ix.Close()
}

func TestMetricsExposition(t *testing.T) {
	ix := testutil.NewEmbeddedIndex(t)
	s, _ := testServer(t, DefaultConfig(), ix)
	meta := ix.Meta()
	mux := http.NewServeMux()
	s.routesOps(mux)
	h := s.wrapHTTP(mux, nil)

	s.ops.observeInteraction("ruling", "ok", "fr", 120*time.Millisecond)
	s.ops.observeInteraction("ruling", "ok", "fr", 2500*time.Millisecond)
	s.ops.observeInteraction("card", "not_found", "ja", 40*time.Millisecond)
	s.ops.observeInteraction("bad command\n", "ok", strings.Repeat("x", 100), time.Millisecond)
	s.ops.deferred()
	s.ops.rateLimited()
	s.ops.rateLimited()
	s.ObserveReport("opened", "fr")
	s.ObserveReport("opened", "fr")
	s.ObserveReport("confirmed", "fr")
	s.ObserveReport("rejected", "ja")
	s.ObserveReport("deleted", "de")
	s.ops.indexFailed(errors.New("kb: no index at /nowhere"))
	for range 3 {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/healthz", nil))
	}
	fams := scrapeMetrics(t, h)

	tests := []struct {
		name   string
		family string
		labels map[string]string
		want   float64 // -1: any value above 0
	}{
		{"interactions by command, outcome and locale", "arbiter_interactions_total", map[string]string{"command": "ruling", "outcome": "ok", "locale": "fr"}, 2},
		{"interactions of another command", "arbiter_interactions_total", map[string]string{"command": "card", "outcome": "not_found", "locale": "ja"}, 1},
		{"strange labels become other", "arbiter_interactions_total", map[string]string{"command": "other", "outcome": "ok", "locale": "other"}, 1},
		{"latency histogram", "arbiter_interaction_duration_seconds", map[string]string{"command": "ruling"}, 2},
		{"deferred replies", "arbiter_deferred_replies_total", nil, 1},
		{"rate-limited users", "arbiter_rate_limited_total", nil, 2},
		{"reports opened", "arbiter_reports_total", map[string]string{"event": "opened", "lang": "fr"}, 2},
		{"reports confirmed", "arbiter_reports_total", map[string]string{"event": "confirmed", "lang": "fr"}, 1},
		{"reports rejected", "arbiter_reports_total", map[string]string{"event": "rejected", "lang": "ja"}, 1},
		{"reports of a language none reported in yet", "arbiter_reports_total", map[string]string{"event": "opened", "lang": "en"}, 0},
		{"strange report labels become other", "arbiter_reports_total", map[string]string{"event": "other", "lang": "other"}, 1},
		{"index documents of a kind", "arbiter_index_documents", map[string]string{"kind": "doc"}, float64(meta.ByKind["doc"])},
		{"index age", "arbiter_index_age_seconds", nil, 0},
		{"index build time", "arbiter_index_built_timestamp_seconds", nil, 0},
		{"CR effective date", "arbiter_cr_effective_timestamp_seconds", nil, unixOrZero(parseDate(meta.CurrentCR))},
		{"reload failures", "arbiter_index_reloads_total", map[string]string{"result": "failure"}, 1},
		{"reload successes", "arbiter_index_reloads_total", map[string]string{"result": "success"}, 0},
		{"last reload failure", "arbiter_index_last_failure_timestamp_seconds", nil, -1},
		{"ready", "arbiter_ready", nil, 1},
		{"HTTP requests by route and code", "arbiter_http_requests_total", map[string]string{"route": "GET /healthz", "code": "200"}, 3},
		{"HTTP latency", "arbiter_http_request_duration_seconds", map[string]string{"route": "GET /healthz"}, 3},
		{"in-flight requests (the scrape itself)", "arbiter_http_in_flight_requests", nil, 1},
		{"process memory", "process_resident_memory_bytes", nil, -1},
		{"Go runtime", "go_goroutines", nil, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := metricSample(fams, tt.family, tt.labels)
			if !ok {
				t.Fatalf("no sample of %s with labels %v", tt.family, tt.labels)
			}
			if tt.want < 0 && got <= 0 || tt.want >= 0 && got != tt.want {
				t.Errorf("%s%v = %v, want %v", tt.family, tt.labels, got, tt.want)
			}
		})
	}
	if len(meta.ByKind) == 0 {
		t.Fatal("the embedded index has no kinds")
	}
	for kind, n := range meta.ByKind {
		if got, _ := metricSample(fams, "arbiter_index_documents", map[string]string{"kind": kind}); got != float64(n) {
			t.Errorf("index_documents{kind=%q} = %v, want %d", kind, got, n)
		}
	}
}

func TestMetricsBuiltIndex(t *testing.T) {
	dir := t.TempDir() + "/ix"
	ix := buildIndex(t, dir, testutil.SharedFile(t, "mtg/cr/MagicCompRules_20260417.txt"))
	s, _ := testServer(t, DefaultConfig(), ix)
	mux := http.NewServeMux()
	s.routesOps(mux)
	fams := scrapeMetrics(t, mux)
	built := parseTime(ix.Meta().BuiltAt)
	if built.IsZero() {
		t.Fatalf("built index has no build time: %+v", ix.Meta())
	}
	if got, _ := metricSample(fams, "arbiter_index_built_timestamp_seconds", nil); got != float64(built.Unix()) {
		t.Errorf("built timestamp %v, want %d", got, built.Unix())
	}
	if got, _ := metricSample(fams, "arbiter_cr_effective_timestamp_seconds", nil); got != float64(time.Date(2026, 4, 17, 0, 0, 0, 0, time.UTC).Unix()) {
		t.Errorf("CR effective timestamp %v, want 2026-04-17", got)
	}
	if got, _ := metricSample(fams, "arbiter_index_age_seconds", nil); got < 0 || got > 3600 {
		t.Errorf("index age %v s for an index just built", got)
	}
	if got, _ := metricSample(fams, "arbiter_index_info", map[string]string{"cr_date": "2026-04-17"}); got != 1 {
		t.Errorf("index_info{cr_date=2026-04-17} = %v", got)
	}
}

func TestWrapHTTP(t *testing.T) {
	block := make(chan struct{})
	entered := make(chan struct{}, 1)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /panic", func(w http.ResponseWriter, r *http.Request) { panic("boom") })
	mux.HandleFunc("POST /echo", func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			http.Error(w, "too large", http.StatusRequestEntityTooLarge)
			return
		}
		w.Write(b)
	})
	mux.HandleFunc("GET /block", func(w http.ResponseWriter, r *http.Request) {
		entered <- struct{}{}
		<-block
	})
	cfg := DefaultConfig()
	cfg.MaxRequestBytes = 16
	cfg.MaxInFlight = 1
	s, logs := testServer(t, cfg, nil)
	s.routesOps(mux)
	h := s.wrapHTTP(mux, nil)

	t.Run("panic becomes 500", func(t *testing.T) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/panic", nil))
		if rec.Code != 500 {
			t.Errorf("status %d", rec.Code)
		}
		recs := logs.Records(t, "handler panic")
		if len(recs) != 1 || recs[0]["panic"] != "boom" || !strings.Contains(recs[0]["stack"].(string), "ops_test.go") {
			t.Errorf("panic log: %v", recs)
		}
		if got, _ := metricSample(scrapeMetrics(t, h), "arbiter_http_panics_total", nil); got != 1 {
			t.Errorf("panics_total = %v", got)
		}
	})
	t.Run("small body passes", func(t *testing.T) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/echo", strings.NewReader("hello")))
		if rec.Code != 200 || rec.Body.String() != "hello" {
			t.Errorf("status %d body %q", rec.Code, rec.Body)
		}
	})
	t.Run("large body is cut", func(t *testing.T) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/echo", strings.NewReader(strings.Repeat("x", 17))))
		if rec.Code != http.StatusRequestEntityTooLarge {
			t.Errorf("status %d", rec.Code)
		}
	})
	t.Run("requests over the limit are shed, ops endpoints are not", func(t *testing.T) {
		done := make(chan struct{})
		go func() {
			defer close(done)
			h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/block", nil))
		}()
		<-entered
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/block", nil))
		if rec.Code != 503 || rec.Header().Get("Retry-After") == "" {
			t.Errorf("second request: status %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
		}
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/healthz", nil))
		if rec.Code != 200 {
			t.Errorf("healthz while overloaded: %d", rec.Code)
		}
		close(block)
		<-done
		if got, _ := metricSample(scrapeMetrics(t, h), "arbiter_http_shed_total", nil); got != 1 {
			t.Errorf("shed_total = %v", got)
		}
	})
	t.Run("request logs carry no query, header or body", func(t *testing.T) {
		req := httptest.NewRequest("POST", "/echo?token=querysecret", strings.NewReader("bodysecret"))
		req.Header.Set("Authorization", "Bot headersecret")
		req.Header.Set("X-Signature-Ed25519", "sigsecret")
		h.ServeHTTP(httptest.NewRecorder(), req)
		out := logs.String()
		for _, secret := range []string{"querysecret", "headersecret", "sigsecret", "bodysecret"} {
			if strings.Contains(out, secret) {
				t.Errorf("log contains %q", secret)
			}
		}
		var found bool
		for _, rec := range logs.Records(t, "request") {
			if rec["route"] == "POST /echo" && rec["path"] == "/echo" && rec["status"] == float64(200) && rec["level"] == "INFO" {
				found = true
			}
		}
		if !found {
			t.Errorf("no request log line for POST /echo:\n%s", out)
		}
	})
}

func TestLabelValue(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"command", "ruling", "ruling"},
		{"autocomplete", "autocomplete:card", "autocomplete:card"},
		{"Discord locale", "en-US", "en-US"},
		{"empty", "", "none"},
		{"space", "a b", "other"},
		{"newline", "ok\n", "other"},
		{"non-ASCII", "règle", "other"},
		{"too long", strings.Repeat("a", 41), "other"},
		{"longest kept", strings.Repeat("a", 40), strings.Repeat("a", 40)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := labelValue(tt.in); got != tt.want {
				t.Errorf("labelValue(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestOpsRecordersConcurrent(t *testing.T) {
	o := newOpsState()
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 100 {
				o.observeInteraction([]string{"ruling", "rule", "card"}[(g+i)%3], "ok", "fr", time.Millisecond)
				o.deferred()
				o.rateLimited()
				done := o.beginWork()
				done()
				done() // a second call does nothing
			}
		}()
	}
	wg.Wait()
	mux := http.NewServeMux()
	s := &Server{ops: o, log: slog.New(slog.NewJSONHandler(io.Discard, nil))}
	s.routesOps(mux)
	fams := scrapeMetrics(t, mux)
	if got, _ := metricSample(fams, "arbiter_deferred_replies_total", nil); got != 800 {
		t.Errorf("deferred = %v, want 800", got)
	}
	var total float64
	for _, cmd := range []string{"ruling", "rule", "card"} {
		v, _ := metricSample(fams, "arbiter_interactions_total", map[string]string{"command": cmd})
		total += v
	}
	if total != 800 {
		t.Errorf("interactions = %v, want 800", total)
	}
	if n, err := o.work.wait(t.Context()); err != nil || n != 0 {
		t.Errorf("work left: %d, %v", n, err)
	}
	var nilOps *opsState
	nilOps.observeInteraction("ruling", "ok", "fr", time.Second)
	nilOps.deferred()
	nilOps.rateLimited()
	nilOps.beginWork()()
}
