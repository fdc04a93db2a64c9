package chat

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/store"
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

// BenchmarkFileReport files a report of an answer on the embedded corpus
// from its form, into the embedded state file: the answer's page
// searched again for the citations it showed, then one transaction synced
// to disk.
func BenchmarkFileReport(b *testing.B) {
	st, err := store.OpenBolt(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	ix := testutil.EmbeddedIndex(b)
	rt := New(Config{
		Catalog: testutil.Catalog(b),
		Index:   func() (Index, func()) { return ix, func() {} },
		Reports: ReportsConfig{Store: st, Limit: NewRateLimiter(1<<30, time.Second, 10)},
	})
	req := Request{Kind: KindModal, CustomID: "m:report:fr:0:Peut-on cibler une créature hors phase avec une Foudre ?", UserID: "u",
		Options: map[string]string{"wrong": "La réponse parle des Auras.", "suggest": "wotc-2022-02-18-phasing-2"}}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if r := rt.Serve(context.Background(), req); r.Outcome == "error" {
			b.Fatal(r.Content)
		}
	}
}

// BenchmarkMentions answers a message naming five cards as [[name]]: an
// exact English name, a French one, a partial name, a typo and a name
// shared by several cards (which gets suggestions), in a French server.
// With $ARBITER_BENCH_INDEX (an index of the full data, "bot kb build"),
// on every card; else on the chat cards of the shared data.
func BenchmarkMentions(b *testing.B) {
	var ix Index = testutil.ChatCardsIndex(b)
	if dir := os.Getenv("ARBITER_BENCH_INDEX"); dir != "" {
		full, err := kb.Open(context.Background(), dir)
		if err != nil {
			b.Fatal(err)
		}
		defer full.Close()
		ix = full
	}
	rt := New(Config{Catalog: testutil.Catalog(b), Index: func() (Index, func()) { return ix, func() {} }})
	m := Message{ID: "m", ChannelID: "c", GuildID: "g", AuthorID: "u", GuildLocale: "fr",
		Content: "Est-ce que [[Teferi's Protection]] protège de [[foudre]] ? Et [[Atraxa]], [[lightnig helix]], [[Lightning]] ?"}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if r := rt.Mentions(context.Background(), m); r.Outcome != MentionAnswered || len(r.Embeds) != 4 {
			b.Fatalf("reply %+v", r)
		}
	}
}

// BenchmarkParseMentions reads a message of 2,000 characters with code,
// quotes and five mentions.
func BenchmarkParseMentions(b *testing.B) {
	line := "Is [[Fog]] better than `[[Shock]]` here?\n> [[Island]] quoted\n```\n[[Counterspell]]\n```\n"
	content := strings.Repeat(line, 2000/len(line)) + "[[Lightning Bolt]] [[Atraxa]] [[稲妻]] [[Oubliette]]"
	b.SetBytes(int64(len(content)))
	for i := 0; i < b.N; i++ {
		if ms, _ := ParseMentions(content, MaxMentions); len(ms) != 5 {
			b.Fatalf("%d mentions", len(ms))
		}
	}
}
