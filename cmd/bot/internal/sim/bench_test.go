package sim

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/engine"
)

// benchScenario is the custom scenario of the benchmarks: 10 permanents,
// 10 actions.
func benchScenario(b *testing.B) []byte {
	b.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "bench-10x10.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	return src
}

// BenchmarkPlay10x10 parses and runs a user's scenario of 10 permanents
// and 10 actions within the user limits (target: under 2 ms).
func BenchmarkPlay10x10(b *testing.B) {
	src := benchScenario(b)
	b.ReportAllocs()
	for b.Loop() {
		sc, err := Parse(src, nil, UserLimits())
		if err != nil {
			b.Fatal(err)
		}
		r, err := engine.Run(sc)
		if err != nil || !r.OK {
			b.Fatalf("run: %v", err)
		}
	}
}

// BenchmarkPlay10x10Cards is the same with the card names of the embedded
// corpus: Play, as /simulate and the scenario page call it, names real
// cards in every language.
func BenchmarkPlay10x10Cards(b *testing.B) {
	src := benchScenario(b)
	ix := testutil.EmbeddedIndex(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, r, err := Play(context.Background(), src, "", ix, UserLimits()); err != nil || !r.OK {
			b.Fatalf("play: %v", err)
		}
	}
}
