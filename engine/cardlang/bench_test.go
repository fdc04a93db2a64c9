package cardlang

import "testing"

// BenchmarkCompileAll compiles every card of the cards data (23,738
// cards) once per iteration: the target is under 2 s.
func BenchmarkCompileAll(b *testing.B) {
	srcs := sources(b)
	cp := NewCompiler()
	b.ReportAllocs()
	for b.Loop() {
		ok := 0
		for _, s := range srcs {
			if _, err := cp.Compile(s); err == nil {
				ok++
			}
		}
		b.ReportMetric(float64(ok), "compiled")
	}
}
