package kb

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseYGORulingsFixture(t *testing.T) {
	cards, err := ParseYGOCards("cards.json", readTestdata(t, "ygo/cards.json"))
	if err != nil {
		t.Fatal(err)
	}
	if c := cards["4826"]; c.Name != "Test Card" || c.JAName != "テスト" {
		t.Errorf("numeric id card = %+v", c)
	}
	got, err := ParseYGORulingsWith("rulings.json", readTestdata(t, "ygo/rulings.json"), cards)
	if err != nil {
		t.Fatal(err)
	}
	want := []Doc{
		{ID: "ygo:qa-1", Kind: KindRuling, Game: "ygo", Lang: "en", Card: "Test Card",
			Title: "Can I chain Test Card to Triple Tactics Talent?", Text: "Can I chain Test Card to Triple Tactics Talent?\nYes, you can chain Test Card.",
			Source: "YGOResources Q&A", URL: "https://db.ygoresources.com/data/qa/1", Retrieved: "2026-06-18"},
		{ID: "ygo:faq-1", Kind: KindRuling, Game: "ygo", Lang: "ja", Card: "Triple Tactics Talent", Text: "【①の効果について】テスト。",
			Source: "YGOResources Card FAQ", URL: "https://db.ygoresources.com/data/card/15296", Date: "2024-06-08"},
		{ID: "ygo:qa-2", Kind: KindRuling, Game: "ygo", Lang: "en", Title: "Unknown card #999?", Text: "Unknown card #999?\nIt stays.", Date: "2026-01-01"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %#v\nwant %#v", got, want)
	}
}

func TestParseYGOErrors(t *testing.T) {
	tests := []struct{ name, src, code string }{
		{"empty", "", CodeEmpty},
		{"not json", "{", CodeBadJSON},
		{"records not a list", `{"records": {}}`, CodeWrongType},
		{"unknown type", `{"records": [{"id": "x", "recordType": "news", "conclusion": "a"}]}`, CodeBadKind},
		{"duplicate", `{"records": [{"id": "x", "recordType": "qa", "conclusion": "a"}, {"id": "x", "recordType": "qa", "conclusion": "b"}]}`, CodeDuplicateID},
		{"bad date", `{"records": [{"id": "x", "recordType": "qa", "conclusion": "a", "updatedAt": "yesterday!"}]}`, CodeBadDate},
		{"no text", `{"records": [{"id": "x", "recordType": "qa"}]}`, CodeMissingField},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseYGORulings("r.json", []byte(tt.src))
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Code != tt.code {
				t.Errorf("err = %v, want code %s", err, tt.code)
			}
		})
	}
}

func TestParseYGORulingsShared(t *testing.T) {
	cards, err := ParseYGOCards("cards.json", readShared(t, "ygo/ocg-ruling-assistant/cards.json"))
	if err != nil {
		t.Fatal(err)
	}
	docs, err := ParseYGORulingsWith("rulings.json", readShared(t, "ygo/ocg-ruling-assistant/rulings.json"), cards)
	if err != nil {
		t.Fatal(err)
	}
	byLang := map[string]int{}
	named, dated, retrieved := 0, 0, 0
	for _, d := range docs {
		byLang[d.Lang]++
		if d.Game != "ygo" || d.Kind != KindRuling || d.URL == "" || d.Date == "" && d.Retrieved == "" {
			t.Errorf("%s: %+v", d.ID, d)
		}
		if strings.Contains(d.Text, "<<") || strings.Contains(d.Title, "<<") {
			t.Errorf("%s keeps a raw card reference: %.80q", d.ID, d.Text)
		}
		if strings.Contains(d.Text, "Triple Tactics Talent") || strings.Contains(d.Text, "三戦の才") {
			named++
		}
		if d.Date != "" {
			dated++
		}
		if d.Retrieved != "" {
			retrieved++
		}
	}
	// SOURCES.md: 188 qa and 32 card-faq records; the 10 card-text records
	// are skipped. 24 of the Q&A were synchronized in Japanese.
	if byLang["en"] != 164 || byLang["ja"] != 56 || len(docs) != 220 {
		t.Errorf("docs by language %v, want 164 en and 56 ja", byLang)
	}
	if named == 0 {
		t.Error("no <<15296>> reference was replaced by the card's name")
	}
	// The Q&A carry the mirror's synchronization time only: no answer is
	// dated by it. The card FAQs carry their own dates.
	if dated != 32 || retrieved != 188 {
		t.Errorf("%d dated and %d with a retrieval date, want 32 and 188", dated, retrieved)
	}
}
