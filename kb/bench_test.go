package kb

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"golang.org/x/text/unicode/norm"

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
	{Text: "Teferi's Protection and tokens"},
	{Text: "テフェリーの防御でトークンは生き残りますか？"},
	{Text: "What does deathtouch do?"},
	{Text: "Comment marche le piétinement ?"},
	{Text: "統率者が墓地に置かれたら統率領域に戻せる？"},
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
	ix := benchIndex(b)
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
	reportLatencies(b, lat)
}

// BenchmarkSearchEachFull measures each question of BenchmarkSearchFull
// on its own, to tell which make its tail.
func BenchmarkSearchEachFull(b *testing.B) {
	ix := benchIndex(b)
	for _, q := range benchQuestions {
		b.Run(q.Text, func(b *testing.B) {
			lat := make([]time.Duration, 0, b.N)
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				if _, err := ix.Search(context.Background(), q); err != nil {
					b.Fatal(err)
				}
				lat = append(lat, time.Since(t0))
			}
			reportLatencies(b, lat)
		})
	}
}

// benchIndex opens the full index: ARBITER_BENCH_INDEX, else one built
// from the shared data first.
func benchIndex(b *testing.B) *Index {
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
	b.Cleanup(func() { ix.Close() })
	return ix
}

// reportLatencies reports the median and the 99th percentile of lat.
func reportLatencies(b *testing.B, lat []time.Duration) {
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkAnalyzeFull measures the understanding of a question on the
// full index: folding, the lexicon's matcher over every card name, topic
// and Yu-Gi-Oh! card, and the choice among the names found (target: under
// a millisecond).
func BenchmarkAnalyzeFull(b *testing.B) {
	ix := fullIndex(b)
	qs := []Query{
		{Text: "Teferi's Protection and tokens", Lang: "en"},
		{Text: "Protection de Téfeiri : mes jetons survivent-ils ?", Lang: "fr"},
		{Text: "テフェリーの防御でトークンは生き残りますか？", Lang: "ja"},
		{Text: "can a creature with 0 toughness be regenerated by Lightning Bolt or Fog?", Lang: "en"},
		{Text: "Les blessures restent-elles sur une créature hors phase jusqu'au nettoyage ?", Lang: "fr"},
		{Text: "三戦の才でコントロールを得たモンスターはいつ戻る？", Lang: "ja"},
	}
	for i := range qs {
		qs[i].Text = norm.NFKC.String(qs[i].Text)
	}
	rd := ix.reader()
	defer rd.close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := qs[i%len(qs)]
		ix.analyze(q.Text, q.Lang, rd)
	}
}

// BenchmarkOpenFull measures opening the full index (ARBITER_BENCH_INDEX,
// else one built from the shared data first): meta, the flat tables, the
// lexicon and bleve, with the segment's checksum.
func BenchmarkOpenFull(b *testing.B) {
	dir := os.Getenv("ARBITER_BENCH_INDEX")
	if dir == "" {
		c := fullCollection(b)
		dir = filepath.Join(b.TempDir(), "index")
		if _, err := Build(context.Background(), dir, c, ""); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ix, err := Open(context.Background(), dir)
		if err != nil {
			b.Fatal(err)
		}
		ix.Close()
	}
}
