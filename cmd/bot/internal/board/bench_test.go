package board

import (
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

// BenchmarkRenderBoardPNG draws a four-permanent combat board as PNG.
func BenchmarkRenderBoardPNG(b *testing.B) {
	f := benchFrame(b, "blocker-phases-out", 3)
	b.ReportAllocs()
	var n int
	for i := 0; i < b.N; i++ {
		png, err := FramePNG(f)
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
