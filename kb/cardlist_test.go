package kb

import (
	"context"
	"strings"
	"testing"
)

// TestEachCard lists the cards of an index built from a cards file, with
// their mana cost, type line and Oracle text.
func TestEachCard(t *testing.T) {
	const lines = `{"oracle_id": "o1", "side": null, "name": "Lightning Bolt", "face_name": null, "mana_cost": "{R}", "type_line": "Instant", "oracle_text": "Lightning Bolt deals 3 damage to any target.", "keywords": [], "names": {"French": ["Foudre"]}, "fr": null, "ja": null}
{"oracle_id": "o2", "side": null, "name": "Llanowar Elves", "face_name": null, "mana_cost": "{G}", "type_line": "Creature — Elf Druid", "oracle_text": "{T}: Add {G}.", "keywords": [], "names": {}, "fr": null, "ja": null}
`
	var parsed []Card
	if err := ParseCards("cards.jsonl", strings.NewReader(lines), func(c Card) error { parsed = append(parsed, c); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(parsed) != 2 || parsed[0].ManaCost != "{R}" || parsed[1].ManaCost != "{G}" {
		t.Fatalf("parsed %+v, want the mana costs {R} and {G}", parsed)
	}
	c := NewCollection()
	if err := c.AddCards("cards.jsonl", strings.NewReader(lines)); err != nil {
		t.Fatal(err)
	}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
	ix, err := NewMem(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	var got []string
	err = ix.EachCard(context.Background(), func(d CardData) error {
		got = append(got, d.Name+" | "+d.ManaCost+" | "+d.TypeLine+" | "+d.Text)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Lightning Bolt | {R} | Instant | Lightning Bolt deals 3 damage to any target.",
		"Llanowar Elves | {G} | Creature — Elf Druid | {T}: Add {G}.",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := ix.EachCard(ctx, func(CardData) error { return nil }); err == nil {
		t.Error("EachCard went on after its context ended")
	}
}
