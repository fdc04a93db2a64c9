package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"arbiter/i18n"
	"arbiter/kb"
)

// opsLog is a concurrency-safe buffer for the JSON logs of a test server.
type opsLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *opsLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *opsLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// records returns the log records whose msg is msg.
func (l *opsLog) records(t testing.TB, msg string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(l.String()), "\n") {
		if line == "" {
			continue
		}
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line is not JSON: %q: %v", line, err)
		}
		if rec["msg"] == msg {
			out = append(out, rec)
		}
	}
	return out
}

// opsEmbeddedIndex indexes the embedded corpus in memory.
func opsEmbeddedIndex(t testing.TB) *kb.Index {
	t.Helper()
	e := &env{ctx: context.Background(), getenv: func(string) string { return "" }}
	ix, err := e.openIndex("")
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

// opsTestServer returns a server around ix (nil: no index loaded yet) with
// debug logs captured; the server and its index are closed with the test.
func opsTestServer(t testing.TB, cfg serveConfig, ix *kb.Index) (*server, *opsLog) {
	t.Helper()
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	logs := &opsLog{}
	s := &server{cfg: cfg, log: newLogger(logs, slog.LevelDebug), cat: cat, ops: newOpsState()}
	s.env = &env{ctx: context.Background(), getenv: func(string) string { return "" }, cat: cat}
	if ix != nil {
		s.index = newIndexHolder(ix)
		s.ops.indexLoaded(ix)
		t.Cleanup(s.close)
	}
	return s, logs
}

// opsDefaultConfig returns the configuration that the flag defaults give.
func opsDefaultConfig(t testing.TB) serveConfig {
	t.Helper()
	var cfg serveConfig
	fs := opsFlagSet(&cfg, func(string) string { return "" })
	if err := fs.Parse(nil); err != nil {
		t.Fatal(err)
	}
	return cfg
}

// scrapeMetrics fetches /metrics from h and parses it.
func scrapeMetrics(t testing.TB, h http.Handler) map[string]*dto.MetricFamily {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("/metrics: status %d: %s", rec.Code, rec.Body)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(rec.Body)
	if err != nil {
		t.Fatalf("/metrics does not parse: %v", err)
	}
	return fams
}

// metricSample returns the value of the sample of family name whose labels
// include want, and whether there is one. Histograms give their count.
func metricSample(fams map[string]*dto.MetricFamily, name string, want map[string]string) (float64, bool) {
	f, ok := fams[name]
	if !ok {
		return 0, false
	}
	for _, m := range f.GetMetric() {
		match := true
		for k, v := range want {
			found := false
			for _, lp := range m.GetLabel() {
				if lp.GetName() == k && lp.GetValue() == v {
					found = true
				}
			}
			match = match && found
		}
		if !match {
			continue
		}
		switch {
		case m.Counter != nil:
			return m.GetCounter().GetValue(), true
		case m.Gauge != nil:
			return m.GetGauge().GetValue(), true
		case m.Histogram != nil:
			return float64(m.GetHistogram().GetSampleCount()), true
		case m.Untyped != nil:
			return m.GetUntyped().GetValue(), true
		}
	}
	return 0, false
}
