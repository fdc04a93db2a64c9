package kb

import (
	"strings"
	"testing"
)

// TestParseCardCharacteristics reads the mana cost, colour indicator, power
// and toughness of a card from each cards format.
func TestParseCardCharacteristics(t *testing.T) {
	tests := []struct{ name, src string }{
		{"scryfall", `[{"object":"card","oracle_id":"o1","name":"Vampire Nighthawk","lang":"en","mana_cost":"{1}{B}{B}","type_line":"Creature — Vampire Shaman","oracle_text":"Flying","power":"2","toughness":"3","color_indicator":["B"]}]`},
		{"mtgjson", `{"meta":{},"data":{"cards":[{"name":"Vampire Nighthawk","type":"Creature — Vampire Shaman","text":"Flying","manaCost":"{1}{B}{B}","power":"2","toughness":"3","colorIndicator":["B"],"identifiers":{"scryfallOracleId":"o1"}}]}}`},
		{"jsonl", `{"oracle_id":"o1","name":"Vampire Nighthawk","mana_cost":"{1}{B}{B}","type_line":"Creature — Vampire Shaman","oracle_text":"Flying","power":"2","toughness":"3","color_indicator":["B"]}` + "\n"},
	}
	for _, tt := range tests {
		var got []Card
		if err := ParseCards(tt.name, strings.NewReader(tt.src), func(c Card) error { got = append(got, c); return nil }); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if len(got) != 1 {
			t.Fatalf("%s: %d cards", tt.name, len(got))
		}
		c := got[0]
		if c.ManaCost != "{1}{B}{B}" || c.Power != "2" || c.Toughness != "3" || strings.Join(c.ColorIndicator, "") != "B" {
			t.Errorf("%s: %+v", tt.name, c)
		}
	}
}
