package i18n

import "testing"

// Printers are fetched and used once per Discord interaction.

func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := Load(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPrinter(b *testing.B) {
	c := loadCatalog(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = c.Printer(FR)
	}
}

func BenchmarkT(b *testing.B) {
	c := loadCatalog(b)
	p := c.Printer(FR)
	b.ReportAllocs()
	for b.Loop() {
		_ = p.T(KeyErrUnknownCard, "Protection de Téfeiri")
	}
}

func BenchmarkTPlural(b *testing.B) {
	c := loadCatalog(b)
	p := c.Printer(FR)
	b.ReportAllocs()
	for b.Loop() {
		_ = p.T(KeyCountResults, 12345)
	}
}

func BenchmarkDate(b *testing.B) {
	c := loadCatalog(b)
	p := c.Printer(FR)
	b.ReportAllocs()
	for b.Loop() {
		_ = p.Date("2022-02-18")
	}
}

func BenchmarkMatch(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = Match("en-US", "fr")
	}
}

func BenchmarkCatalogMatch(b *testing.B) {
	c := loadCatalog(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = c.Printer(c.Match("en-US", "fr"))
	}
}

func BenchmarkDetect(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = Detect("Que se passe-t-il si mon adversaire contrôle ma créature hors phase ?")
	}
}

func BenchmarkNormalizeKey(b *testing.B) {
	for _, bb := range []struct{ name, in string }{
		{"ascii", "Teferi's Protection"},
		{"french", "Protection de Téfeiri"},
		{"japanese", "ｸﾘｰﾁｬｰ・ﾄｰｸﾝを１体生成する"},
	} {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = FoldAccents(NormalizeKey(bb.in))
			}
		})
	}
}
