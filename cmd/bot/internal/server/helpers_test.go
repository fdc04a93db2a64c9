package server

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/kb"
)

// testServer returns a server around ix (nil: no index loaded yet) with
// debug logs captured; the server and its index are closed with the test.
func testServer(t testing.TB, cfg Config, ix *kb.Index) (*Server, *testutil.Log) {
	t.Helper()
	logs := &testutil.Log{}
	s := &Server{cfg: cfg, log: slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})), ops: newOpsState()}
	if ix != nil {
		s.index = newHolder(ix)
		s.ops.indexLoaded(ix)
		t.Cleanup(s.Close)
	}
	return s, logs
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
