package server

import (
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"arbiter/kb"
)

// metricsNamespace prefixes every metric of our own.
const metricsNamespace = "arbiter"

// interactionBuckets returns the latency buckets of interactions, in
// seconds, dense around Discord's 3 s deadline for the first reply.
func interactionBuckets() []float64 {
	return []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 2.5, 3, 5, 10}
}

// opsMetrics are the metric families "bot serve" exposes on /metrics. They
// live on a registry of their own, never on the process-wide default one,
// so that two servers in one process (as in tests) do not collide.
type opsMetrics struct {
	reg *prometheus.Registry

	interactions       *prometheus.CounterVec   // command, outcome, locale
	interactionSeconds *prometheus.HistogramVec // command
	deferred           prometheus.Counter
	delivered          prometheus.Histogram
	undelivered        prometheus.Counter
	rateLimited        prometheus.Counter
	guardFallback      prometheus.Counter
	reports            *prometheus.CounterVec // event, lang

	waiting      prometheus.Gauge
	working      prometheus.Gauge
	queueSeconds prometheus.Histogram
	busy         prometheus.Counter
	expired      prometheus.Counter

	gatewayUp        prometheus.Gauge
	gatewayReconnect prometheus.Counter
	gatewayLatency   prometheus.Gauge

	httpRequests *prometheus.CounterVec   // route, code
	httpSeconds  *prometheus.HistogramVec // route
	httpInFlight prometheus.Gauge
	httpShed     prometheus.Counter
	panics       prometheus.Counter

	indexDocs     *prometheus.GaugeVec // kind
	indexBuilt    prometheus.Gauge
	crEffective   prometheus.Gauge
	indexInfo     *prometheus.GaugeVec // cr_date, built_at
	reloads       *prometheus.CounterVec
	lastReloadErr prometheus.Gauge
}

// newOpsMetrics creates the metric families on a new registry, with the Go
// runtime and process collectors beside them. ready reports readiness and
// built the build time of the serving index (zero when unknown), both read
// at scrape time.
func newOpsMetrics(ready func() bool, built func() time.Time) *opsMetrics {
	m := &opsMetrics{reg: prometheus.NewRegistry()}
	ns := metricsNamespace
	m.interactions = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: ns, Name: "interactions_total",
		Help: "Interactions answered, by command, outcome and user locale.",
	}, []string{"command", "outcome", "locale"})
	m.interactionSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: ns, Name: "interaction_duration_seconds",
		Help:    "Time from receiving an interaction to its final reply, by command.",
		Buckets: interactionBuckets(),
	}, []string{"command"})
	m.deferred = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: ns, Name: "deferred_replies_total",
		Help: "Interactions answered with a deferred reply, completed by an edit.",
	})
	m.delivered = prometheus.NewHistogram(prometheus.HistogramOpts{
		Namespace: ns, Name: "deferred_delivery_seconds",
		Help:    "Time from an interaction's arrival to the delivery of its deferred reply (by an edit, or a follow-up).",
		Buckets: []float64{0.5, 1, 2, 3, 5, 10, 15, 30, 60, 120, 300, 900},
	})
	m.undelivered = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: ns, Name: "deferred_undelivered_total",
		Help: "Deferred replies never delivered: the edit and the follow-up both failed.",
	})
	m.rateLimited = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: ns, Name: "rate_limited_total",
		Help: "Interactions refused because their user exceeded the rate limit.",
	})
	m.guardFallback = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: ns, Name: "replay_guard_fallback_total",
		Help: "Signed requests checked against replays by this process alone, the shared store being out of reach.",
	})
	m.reports = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: ns, Name: "reports_total",
		Help: "Reports of wrong answers by event (opened, confirmed, rejected), and the language of the answer reported.",
	}, []string{"event", "lang"})
	m.waiting = prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: ns, Name: "interactions_waiting",
		Help: "Interactions waiting for a worker.",
	})
	m.working = prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: ns, Name: "interactions_in_flight",
		Help: "Interactions being worked on.",
	})
	m.queueSeconds = prometheus.NewHistogram(prometheus.HistogramOpts{
		Namespace: ns, Name: "interaction_queue_seconds",
		Help:    "Time from an interaction's arrival to the start of its work (waiting for a worker).",
		Buckets: []float64{0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 2.5, 3, 5, 10, 30},
	})
	m.busy = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: ns, Name: "interactions_busy_total",
		Help: "Interactions answered \"busy, try again\": the queue was full, or the work could not start in time.",
	})
	m.expired = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: ns, Name: "autocomplete_expired_total",
		Help: "Autocompletes answered with no choices because their budget ran out.",
	})
	m.gatewayUp = prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: ns, Name: "gateway_connected",
		Help: "1 when every gateway shard of the process is connected, else 0 (0 without a gateway too).",
	})
	m.gatewayReconnect = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: ns, Name: "gateway_reconnects_total",
		Help: "Gateway shards connected again after losing their connection.",
	})
	m.gatewayLatency = prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: ns, Name: "gateway_latency_seconds",
		Help: "Highest heartbeat latency of the process's gateway shards.",
	})
	m.httpRequests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: ns, Name: "http_requests_total",
		Help: "HTTP requests served, by route pattern and status code.",
	}, []string{"route", "code"})
	m.httpSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: ns, Name: "http_request_duration_seconds",
		Help:    "HTTP request latency, by route pattern.",
		Buckets: prometheus.DefBuckets,
	}, []string{"route"})
	m.httpInFlight = prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: ns, Name: "http_in_flight_requests",
		Help: "HTTP requests being served.",
	})
	m.httpShed = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: ns, Name: "http_shed_total",
		Help: "HTTP requests refused with 503 because too many were in flight.",
	})
	m.panics = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: ns, Name: "http_panics_total",
		Help: "HTTP handlers that panicked (answered 500, logged with a stack).",
	})
	m.indexDocs = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Namespace: ns, Name: "index_documents",
		Help: "Documents in the serving index, by kind.",
	}, []string{"kind"})
	m.indexBuilt = prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: ns, Name: "index_built_timestamp_seconds",
		Help: "When the serving index was built (Unix time; 0 when unknown, as for the embedded corpus).",
	})
	indexAge := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Namespace: ns, Name: "index_age_seconds",
		Help: "Age of the serving index (0 when its build time is unknown).",
	}, func() float64 {
		t := built()
		if t.IsZero() {
			return 0
		}
		return time.Since(t).Seconds()
	})
	m.crEffective = prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: ns, Name: "cr_effective_timestamp_seconds",
		Help: "Effective date of the current Comprehensive Rules release in the serving index (Unix time, 0 if none).",
	})
	m.indexInfo = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Namespace: ns, Name: "index_info",
		Help: "Always 1, labelled with the serving index's CR effective date and build time.",
	}, []string{"cr_date", "built_at"})
	m.reloads = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: ns, Name: "index_reloads_total",
		Help: "Index reloads, by result (success, failure); a failed open at start-up counts as a failure.",
	}, []string{"result"})
	m.lastReloadErr = prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: ns, Name: "index_last_failure_timestamp_seconds",
		Help: "When opening a new index last failed (Unix time, 0 if never).",
	})
	readyGauge := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Namespace: ns, Name: "ready",
		Help: "1 when an index is loaded and the server is not shutting down, else 0.",
	}, func() float64 {
		if ready() {
			return 1
		}
		return 0
	})
	for _, r := range []string{"success", "failure"} {
		m.reloads.WithLabelValues(r)
	}
	for _, e := range reportEvents() {
		for _, l := range []string{"en", "fr", "ja"} {
			m.reports.WithLabelValues(e, l)
		}
	}
	m.reg.MustRegister(
		m.interactions, m.interactionSeconds, m.deferred, m.delivered, m.undelivered, m.rateLimited, m.guardFallback, m.reports,
		m.waiting, m.working, m.queueSeconds, m.busy, m.expired,
		m.gatewayUp, m.gatewayReconnect, m.gatewayLatency,
		m.httpRequests, m.httpSeconds, m.httpInFlight, m.httpShed, m.panics,
		m.indexDocs, m.indexBuilt, indexAge, m.crEffective, m.indexInfo, m.reloads, m.lastReloadErr,
		readyGauge,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		collectors.NewBuildInfoCollector(),
	)
	return m
}

// reportEvents are the events of a report that are counted.
func reportEvents() []string { return []string{"opened", "confirmed", "rejected"} }

// setIndex describes the serving index in the index gauges.
func (m *opsMetrics) setIndex(meta kb.Meta) {
	m.indexDocs.Reset()
	for kind, n := range meta.ByKind {
		m.indexDocs.WithLabelValues(labelValue(kind)).Set(float64(n))
	}
	m.indexBuilt.Set(unixOrZero(parseTime(meta.BuiltAt)))
	m.crEffective.Set(unixOrZero(parseDate(meta.CurrentCR)))
	m.indexInfo.Reset()
	m.indexInfo.WithLabelValues(labelValue(meta.CurrentCR), labelValue(meta.BuiltAt)).Set(1)
}

// parseTime reads an RFC 3339 time (zero when it is not one).
func parseTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}
	}
	return t
}

// parseDate reads an ISO date (zero when it is not one).
func parseDate(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}
	}
	return t
}

// unixOrZero is t in Unix seconds, 0 for the zero time.
func unixOrZero(t time.Time) float64 {
	if t.IsZero() {
		return 0
	}
	return float64(t.Unix())
}

// maxLabelLen bounds label values that come from requests.
const maxLabelLen = 40

// labelValue keeps a label value that comes from outside (a command name, a
// locale) to a short string of letters, digits and . _ - : anything else
// becomes "other", so a strange payload cannot blow up the number of series.
// An empty value becomes "none".
func labelValue(s string) string {
	if s == "" {
		return "none"
	}
	if len(s) > maxLabelLen {
		return "other"
	}
	for _, r := range s {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
			strings.ContainsRune("._-:+", r)
		if !ok {
			return "other"
		}
	}
	return s
}
