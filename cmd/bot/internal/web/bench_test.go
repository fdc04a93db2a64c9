package web

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkWebRulePage renders the page of rule 702.26 (14 subrules,
// cross-references, glossary links, clarifications) over the real CR.
func BenchmarkWebRulePage(b *testing.B) {
	ts := webTestServer(b, webCRIndex(b))
	benchGet(b, ts, "/rules/702.26?lang=fr")
}

// BenchmarkWebSectionPage renders section 702 (192 rules listed).
func BenchmarkWebSectionPage(b *testing.B) {
	ts := webTestServer(b, webCRIndex(b))
	benchGet(b, ts, "/rules/702?lang=en")
}

// BenchmarkWebSimPage runs a preset and renders its page with a board per step.
func BenchmarkWebSimPage(b *testing.B) {
	ts := webTestServer(b, webCRIndex(b))
	benchGet(b, ts, "/sim/blocker-phases-out?lang=ja")
}

func benchGet(b *testing.B, ts *httptest.Server, path string) {
	b.Helper()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := ts.Client().Get(ts.URL + path)
		if err != nil {
			b.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			b.Fatalf("status %d", res.StatusCode)
		}
	}
}
