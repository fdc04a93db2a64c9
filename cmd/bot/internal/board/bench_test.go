package board

import (
	"os"
	"path/filepath"
	"testing"

	"arbiter/engine"
	"arbiter/i18n"
)

// benchFrame is the frame after step of a preset.
func benchFrame(b *testing.B, name string, step int) engine.Frame {
	b.Helper()
	_, res, err := engine.RunPreset(name, engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	return res.Frames[step-1]
}

// BenchmarkRenderBoardPNG draws a four-permanent combat board as PNG, in
// Japanese: the CJK font draws its words.
func BenchmarkRenderBoardPNG(b *testing.B) {
	f := benchFrame(b, "blocker-phases-out", 3)
	cat, err := i18n.Load()
	if err != nil {
		b.Fatal(err)
	}
	w := LocalWords(cat.Printer(i18n.JA)).Named(map[string]string{"rhino": "巨大サイ", "wall": "大気の壁"}, nil)
	b.ReportAllocs()
	var n int
	for i := 0; i < b.N; i++ {
		png, err := FramePNG(f, w)
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
	w := LocalWords(cat.Printer(i18n.FR))
	b.ReportAllocs()
	var n int
	for i := 0; i < b.N; i++ {
		n = len(SVG(LayOut(f.State, 3, w), "b3"))
	}
	b.ReportMetric(float64(n), "bytes/svg")
}

// BenchmarkBoardPNG10x10 draws the busiest board of a user's scenario of
// 10 permanents and 10 actions (sim/testdata/bench-10x10.yaml), after the
// blocks, as /simulate attaches it, in Japanese (target: under 50 ms).
func BenchmarkBoardPNG10x10(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "sim", "testdata", "bench-10x10.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	sc, err := engine.ParseScenario(src)
	if err != nil {
		b.Fatal(err)
	}
	r, err := engine.Run(sc)
	if err != nil {
		b.Fatal(err)
	}
	f := r.Frames[6]
	cat, err := i18n.Load()
	if err != nil {
		b.Fatal(err)
	}
	w := LocalWords(cat.Printer(i18n.JA)).Named(map[string]string{"angel": "セラの天使", "bears": "灰色熊"}, nil)
	b.ReportAllocs()
	var n int
	for b.Loop() {
		png, err := StatePNG(f.State, 7, w)
		if err != nil {
			b.Fatal(err)
		}
		n = len(png)
	}
	b.ReportMetric(float64(n), "bytes/png")
}
