package kb

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"arbiter/data"
)

// fullCollection parses every official file of the shared data plus the
// embedded corpus.
func fullCollection(tb testing.TB) *Collection {
	tb.Helper()
	c := fullCollectionNoFinish(tb)
	if err := c.Finish(); err != nil {
		tb.Fatal(err)
	}
	return c
}

// fullCollectionNoFinish is fullCollection before Finish.
func fullCollectionNoFinish(tb testing.TB) *Collection {
	tb.Helper()
	d := filepath.Dir(filepath.Dir(filepath.Dir(sharedData(tb, "mtg/cr/MagicCompRules_20260417.txt"))))
	c := NewCollection()
	if err := c.AddCorpus(data.FS()); err != nil {
		tb.Fatal(err)
	}
	open := func(rel string, fn func(name string, f *os.File) error) {
		f, err := os.Open(filepath.Join(d, rel))
		if err != nil {
			tb.Fatal(err)
		}
		defer f.Close()
		if err := fn(rel, f); err != nil {
			tb.Fatal(err)
		}
	}
	open("mtg/cards/cards-multilang-mtgjson-20220425.jsonl", func(n string, f *os.File) error { return c.AddCards(n, f) })
	open("mtg/rulings/rulings-mtgjson-20220425.jsonl", func(n string, f *os.File) error { return c.AddRulings(n, f) })
	for _, cr := range []string{"mtg/cr/MagicCompRules_20260116.txt", "mtg/cr/MagicCompRules_20260417.txt"} {
		b, err := os.ReadFile(filepath.Join(d, cr))
		if err != nil {
			tb.Fatal(err)
		}
		if err := c.AddCR(cr, b); err != nil {
			tb.Fatal(err)
		}
	}
	for _, f := range []string{"rulings.json", "cards.json"} {
		ygo, err := os.ReadFile(filepath.Join(d, "ygo/ocg-ruling-assistant", f))
		if err != nil {
			tb.Fatal(err)
		}
		if err := c.AddDocument(f, ygo); err != nil {
			tb.Fatal(err)
		}
	}
	return c
}

// BenchmarkBuildFull measures parsing and indexing all of ../shared/data
// to disk, as "bot kb build" does.
func BenchmarkBuildFull(b *testing.B) {
	for i := 0; i < b.N; i++ {
		c := fullCollection(b)
		dir := filepath.Join(b.TempDir(), "index")
		meta, err := Build(context.Background(), dir, c, "")
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(meta.Docs), "docs")
	}
}

var benchQuestions = []Query{
	{Text: "Does an Aura stay on a creature that phases out?"},
	{Text: "Les marqueurs restent-ils sur un permanent hors phase ?"},
	{Text: "フェイズ・アウトしたトークンはどうなる?"},
	{Text: "Protection de Téfeiri et les jetons"},
	{Text: "702.26d"},
	{Text: "What happens to damage in the cleanup step?"},
	{Text: "Can I respond to a triggered ability during the untap step?"},
	{Text: "テフェリーの防御 ライフ"},
	{Text: "Quand le joueur actif reçoit-il la priorité pendant l'étape d'entretien ?"},
	{Text: "trample damage assignment with deathtouch"},
}

// BenchmarkSearchFull measures questions with highlighting over the full
// index and reports p50 and p99 latencies.
// ARBITER_BENCH_INDEX names an index already built from the same files,
// to skip the build.
func BenchmarkSearchFull(b *testing.B) {
	dir := os.Getenv("ARBITER_BENCH_INDEX")
	if dir == "" {
		c := fullCollection(b)
		dir = filepath.Join(b.TempDir(), "index")
		if _, err := Build(context.Background(), dir, c, ""); err != nil {
			b.Fatal(err)
		}
	}
	ix, err := Open(context.Background(), dir)
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := benchQuestions[i%len(benchQuestions)]
		t0 := time.Now()
		if _, err := ix.Search(context.Background(), q); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t0))
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}
