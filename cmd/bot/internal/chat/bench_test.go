package chat

import (
	"os"
	"testing"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
	"arbiter/kb"
)

// BenchmarkCardAutocomplete completes card names over every card of the
// real card file (English, French and Japanese names): autocomplete cannot
// be deferred, so one keystroke must stay far below Discord's 3 seconds.
func BenchmarkCardAutocomplete(b *testing.B) {
	f, err := os.Open(testutil.SharedFile(b, "mtg/cards/cards-multilang-mtgjson-20220425.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var cards []kb.CardEntry
	seen := map[string]bool{}
	err = kb.ParseCards("cards.jsonl", f, func(c kb.Card) error {
		if !seen[c.Name] {
			seen[c.Name] = true
			cards = append(cards, kb.CardEntry{Name: c.Name, Names: c.Names})
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	set := newCompletionSet(nil, cards)
	p := testutil.Catalog(b).Printer(i18n.FR)
	typed := []string{"tef", "protection de", "テフェリー", "swirl", "zzqx", "o"}
	b.ReportMetric(float64(len(cards)), "cards")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if cs := cardChoices(p, set, typed[i%len(typed)]); len(cs) > MaxChoices {
			b.Fatalf("%d choices", len(cs))
		}
	}
}
