package kb

import (
	"context"
	"strings"
	"testing"
)

// TestCardLookupNames: a card is found by the names players give it, as
// /card and the [[name]] mentions look it up: a Magic card's mana cost
// comes with its texts, and a Yu-Gi-Oh! card is found by its English or
// Japanese name or a name players use, whole or in part.
func TestCardLookupNames(t *testing.T) {
	const lines = `{"oracle_id": "o1", "side": null, "name": "Lightning Bolt", "face_name": null, "mana_cost": "{R}", "type_line": "Instant", "oracle_text": "Lightning Bolt deals 3 damage to any target.", "keywords": [], "names": {"French": ["Foudre"], "Japanese": ["稲妻"]}, "fr": {"name": "Foudre", "type": "Éphémère", "text": "La Foudre inflige 3 blessures à n'importe quelle cible."}, "ja": null}
{"oracle_id": "o2", "side": null, "name": "Island", "face_name": null, "mana_cost": null, "type_line": "Basic Land — Island", "oracle_text": "({T}: Add {U}.)", "keywords": [], "names": {}, "fr": null, "ja": null}
`
	c := NewCollection()
	if err := c.AddCards("cards.jsonl", strings.NewReader(lines)); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"cards.json", "rulings.json"} {
		if err := c.AddDocument(f, readTestdata(t, "ygo/"+f)); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
	ix, err := NewMem(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	ctx := context.Background()

	for _, tt := range []struct{ name, mana string }{{"Foudre", "{R}"}, {"Island", ""}} {
		cd, ok := ix.CardData(ctx, tt.name)
		if !ok || cd.ManaCost != tt.mana {
			t.Errorf("CardData(%q): mana cost %q (found %t), want %q", tt.name, cd.ManaCost, ok, tt.mana)
		}
		res, ok, err := ix.Card(ctx, tt.name)
		if err != nil || !ok || res.Oracle == nil || res.Oracle.ManaCost != tt.mana || res.YGO != nil {
			t.Errorf("Card(%q): %+v %t %v, want the Oracle text with mana cost %q", tt.name, res.Oracle, ok, err, tt.mana)
		}
	}

	tests := []struct {
		asked, want string
		fuzzy       bool
	}{
		{"Triple Tactics Talent", "Triple Tactics Talent", false},
		{"三戦の才", "Triple Tactics Talent", false},
		{"ｔｒｉｐｌｅ　ｔａｃｔｉｃｓ　ｔａｌｅｎｔ", "Triple Tactics Talent", false},
		{"三战之才", "Triple Tactics Talent", false}, // a name players use
		{"テスト", "Test Card", false},
		{"Triple Tac", "Triple Tactics Talent", true},
	}
	for _, tt := range tests {
		res, ok, err := ix.Card(ctx, tt.asked)
		if err != nil || !ok || res.Name != tt.want || res.Fuzzy != tt.fuzzy {
			t.Errorf("Card(%q) = %q fuzzy %t (%t, %v), want %q fuzzy %t", tt.asked, res.Name, res.Fuzzy, ok, err, tt.want, tt.fuzzy)
			continue
		}
		if res.YGO == nil || res.YGO.Name != tt.want {
			t.Errorf("Card(%q): no Yu-Gi-Oh! card %+v", tt.asked, res.YGO)
		}
	}
	res, _, _ := ix.Card(ctx, "三戦の才")
	if got := res.Names["ja"]; len(got) != 1 || got[0] != "三戦の才" || len(res.Rulings) == 0 {
		t.Errorf("Triple Tactics Talent: Japanese names %v, %d rulings; want 三戦の才 and its rulings", got, len(res.Rulings))
	}
	if names, err := ix.SuggestCards(ctx, "a", 1); err != nil || len(names) > 1 {
		t.Errorf("SuggestCards(a, 1) = %v, %v: more than asked", names, err)
	}
}
