package main

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"arbiter/engine"
	"arbiter/i18n"
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

func benchFrame(b *testing.B, preset string, step int) engine.Frame {
	b.Helper()
	sc, err := engine.LoadPreset(preset)
	if err != nil {
		b.Fatal(err)
	}
	res, err := engine.Run(sc)
	if err != nil {
		b.Fatal(err)
	}
	return res.Frames[step-1]
}

// BenchmarkRenderBoardPNG draws a four-permanent combat board as PNG.
func BenchmarkRenderBoardPNG(b *testing.B) {
	f := benchFrame(b, "blocker-phases-out", 3)
	b.ReportAllocs()
	var n int
	for i := 0; i < b.N; i++ {
		png, err := renderBoardPNG(f)
		if err != nil {
			b.Fatal(err)
		}
		n = len(png)
	}
	b.ReportMetric(float64(n), "bytes/png")
}

// BenchmarkBoardSVG lays out and draws the same board as SVG.
func BenchmarkBoardSVG(b *testing.B) {
	f := benchFrame(b, "blocker-phases-out", 3)
	cat, err := i18n.Load()
	if err != nil {
		b.Fatal(err)
	}
	w := localWords(cat.Printer(i18n.FR))
	b.ReportAllocs()
	var n int
	for i := 0; i < b.N; i++ {
		n = len(boardSVG(layoutBoard(f.State, 3, w), "b3"))
	}
	b.ReportMetric(float64(n), "bytes/svg")
}
