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
			Source: "YGOResources Q&A", URL: "https://db.ygoresources.com/data/qa/1", Date: "2026-06-18"},
		{ID: "ygo:faq-1", Kind: KindRuling, Game: "ygo", Lang: "ja", Card: "Triple Tactics Talent", Text: "【①の効果について】テスト。",
			Source: "YGOResources Card FAQ", URL: "https://db.ygoresources.com/data/card/15296", Date: "2024-06-08"},
		{ID: "ygo:qa-2", Kind: KindRuling, Game: "ygo", Lang: "en", Text: "Unknown <<999>>?\nIt stays.", Date: "2026-01-01"},
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
	named := 0
	for _, d := range docs {
		byLang[d.Lang]++
		if d.Game != "ygo" || d.Kind != KindRuling || d.Date == "" || d.URL == "" {
			t.Errorf("%s: %+v", d.ID, d)
		}
		if strings.Contains(d.Text, "Triple Tactics Talent") {
			named++
		}
	}
	// SOURCES.md: 188 qa (English) and 32 card-faq (Japanese); the 10
	// card-text records are skipped.
	if byLang["en"] != 188 || byLang["ja"] != 32 || len(docs) != 220 {
		t.Errorf("docs by language %v, want 188 en and 32 ja", byLang)
	}
	if named == 0 {
		t.Error("no <<15296>> reference was replaced by Triple Tactics Talent")
	}
}
