package server

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/kb"
)

// BenchmarkWrapHTTP measures what the request wrapper (limits, context,
// metrics, request log) adds to a request.
func BenchmarkWrapHTTP(b *testing.B) {
	s := &Server{cfg: Config{MaxInFlight: 256, MaxRequestBytes: 1 << 20},
		log: slog.New(slog.NewJSONHandler(io.Discard, nil)), ops: newOpsState()}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /rules/{n}", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok")) })
	h := s.wrapHTTP(mux, nil)
	req := httptest.NewRequest("GET", "/rules/702.26", nil)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			h.ServeHTTP(httptest.NewRecorder(), req)
		}
	})
}

// BenchmarkObserveInteraction measures the recorder the Discord handlers
// call once per interaction.
func BenchmarkObserveInteraction(b *testing.B) {
	o := newOpsState()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			o.observeInteraction("ruling", "ok", "fr", 120*time.Millisecond)
		}
	})
}

// BenchmarkReload measures opening a new index and swapping it in (one CR
// release, about 5,000 documents).
func BenchmarkReload(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "ix")
	testutil.BuildCR(b, dir, testutil.SharedFile(b, "mtg/cr/MagicCompRules_20260417.txt"))
	ix, err := kb.Open(context.Background(), dir)
	if err != nil {
		b.Fatal(err)
	}
	cfg := Config{Index: dir}
	s := &Server{cfg: cfg, log: slog.New(slog.NewJSONHandler(io.Discard, nil)), ops: newOpsState(), index: newHolder(ix)}
	defer s.Close()
	for b.Loop() {
		if !s.reloadIndex(context.Background(), "bench") {
			b.Fatal("reload failed")
		}
	}
}

// BenchmarkServeMemory opens the index at $ARBITER_BENCH_INDEX (build it
// with "bot kb build" from the official data, see deploy/README.md), asks
// questions in three languages through it, and reports the process's
// resident memory and the Go heap in use: the figures the deployment's
// memory requests are sized from.
func BenchmarkServeMemory(b *testing.B) {
	dir := os.Getenv("ARBITER_BENCH_INDEX")
	if dir == "" {
		b.Skip("set ARBITER_BENCH_INDEX to an index directory")
	}
	ix, err := kb.Open(context.Background(), dir)
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	questions := []kb.Query{
		{Text: "what happens to auras when a creature phases out", Lang: "en"},
		{Text: "Que se passe-t-il quand un permanent est déphasé ?", Lang: "fr"},
		{Text: "フェイズ・アウトしたクリーチャーはどうなりますか", Lang: "ja"},
		{Text: "Teferi's Protection and tokens", Lang: "en"},
	}
	i := 0
	for b.Loop() {
		if _, err := ix.Search(context.Background(), questions[i%len(questions)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heap-MB")
	if rss := residentMB(); rss > 0 {
		b.ReportMetric(rss, "rss-MB")
	}
}

// residentMB reads VmRSS from /proc/self/status (0 where there is none).
func residentMB() float64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return float64(n) / 1024
		}
	}
	return 0
}
