package chat

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/kb"
)

// completionIndex indexes the embedded corpus, the real CR and the cards
// of the real card file whose line names one of the given cards.
func completionIndex(t *testing.T, cards ...string) *kb.Index {
	t.Helper()
	f, err := os.Open(testutil.SharedFile(t, "mtg/cards/cards-multilang-mtgjson-20220425.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var subset bytes.Buffer
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		for _, c := range cards {
			if bytes.Contains(sc.Bytes(), []byte(`"name": "`+c+`"`)) {
				subset.Write(sc.Bytes())
				subset.WriteByte('\n')
			}
		}
	}
	return testutil.CRIndex(t, subset.Bytes())
}

func TestAutocomplete(t *testing.T) {
	ix := completionIndex(t, "Teferi's Protection", "Oubliette", "March of Swirling Mist", "Teferi, Time Raveler")
	rt := New(Config{Catalog: testutil.Catalog(t), Index: func() (Index, func()) { return ix, func() {} }})
	tests := []struct {
		name, command, option, typed, locale string
		wantValue, wantName                  string
	}{
		{"rule number prefix with title", "rule", "number", "702.26", "en-US", "702.26", "702.26 — Phasing"},
		{"subrule", "rule", "number", "702.26d", "en-US", "702.26d", "702.26d — Phasing"},
		{"rule by title word", "rule", "number", "phasing", "en-US", "702.26", "Phasing"},
		{"card by English prefix", "card", "name", "teferi's pro", "en-US", "Teferi's Protection", "Teferi's Protection"},
		{"card by French name, accents folded", "card", "name", "protection de tefe", "fr", "Teferi's Protection", "Protection de Téfeiri"},
		{"card by Japanese name", "card", "name", "テフェリーの", "ja", "Teferi's Protection", "テフェリーの防御"},
		{"card by inner word", "card", "name", "swirling", "en-US", "March of Swirling Mist", "March of Swirling Mist"},
		{"preset by title in French", "simulate", "scenario", "oubliette", "fr", "oubliette", "Oubliette"},
		{"glossary term in French", "glossary", "term", "déphas", "fr", "phasing", "déphasage"},
		{"glossary term in Japanese", "glossary", "term", "フェイズ", "ja", "phase-out", "フェイズ"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			r := rt.Serve(context.Background(), Request{Kind: KindAutocomplete, Command: tt.command, Focused: tt.option,
				Options: map[string]string{tt.option: tt.typed}, Locale: tt.locale, UserID: "typist"})
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("autocomplete took %v", d)
			}
			if len(r.Choices) == 0 || len(r.Choices) > MaxChoices {
				t.Fatalf("%d choices", len(r.Choices))
			}
			found := false
			for _, c := range r.Choices {
				if runes(c.Name) > MaxChoiceName || runes(c.Value) > MaxChoiceValue {
					t.Errorf("choice over 100 characters: %q", c.Name)
				}
				if c.Value == tt.wantValue && strings.Contains(c.Name, tt.wantName) {
					found = true
				}
			}
			if !found {
				t.Errorf("no choice %q named …%s…; got %+v", tt.wantValue, tt.wantName, r.Choices)
			}
		})
	}
	// The chosen value is what the command accepts.
	r := rt.Serve(context.Background(), Request{Kind: KindCommand, Command: "card", Options: map[string]string{"name": "Teferi's Protection"}, Locale: "fr", UserID: "typist"})
	if len(r.Embeds) == 0 || !strings.Contains(r.Embeds[0].Title, "Protection de Téfeiri") {
		t.Errorf("card reply %+v", r)
	}
}
