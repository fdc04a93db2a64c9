package cardlang

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzCompile compiles arbitrary text as a card's Oracle text: the
// compiler never panics, and a card it compiles is valid and reads back
// from its text form.
func FuzzCompile(f *testing.F) {
	for _, s := range []struct{ name, typ, mana, text string }{
		{"Lightning Bolt", "Instant", "{R}", "Lightning Bolt deals 3 damage to any target."},
		{"Oubliette", "Enchantment", "{1}{B}{B}", "When Oubliette enters the battlefield, target creature phases out until Oubliette leaves the battlefield. Tap that creature as it phases in this way."},
		{"Charming Prince", "Creature — Human Noble", "{1}{W}", "When Charming Prince enters the battlefield, choose one —\n• Scry 2.\n• You gain 3 life.\n• Exile another target creature you own. Return it to the battlefield under your control at the beginning of the next end step."},
		{"Teferi's Protection", "Instant", "{2}{W}", "Until your next turn, your life total can't change and you gain protection from everything. All permanents you control phase out.\nExile Teferi's Protection."},
		{"Mox Opal", "Legendary Artifact", "{0}", "Metalcraft — {T}: Add one mana of any color. Activate only if you control three or more artifacts."},
		{"Jace Beleren", "Legendary Planeswalker — Jace", "{1}{U}{U}", "[+2]: Each player draws a card.\n[−1]: Target player draws a card."},
		{"X", "Creature — Elf", "", "Flying, protection from black and from red\n{X}, {T}: X deals X damage to target creature (reminder (nested) text)."},
		{"Y", "Sorcery", "{X}", "If you do, draw a card. It can't be regenerated. \"quoted. text\""},
	} {
		f.Add(s.name, s.typ, s.mana, s.text)
	}
	cp := NewCompiler()
	f.Fuzz(func(t *testing.T, name, typ, mana, text string) {
		c, err := cp.Compile(Source{Name: name, TypeLine: typ, ManaCost: mana, Text: text})
		if err != nil {
			if _, ok := err.(*Refusal); !ok {
				t.Fatalf("%T is no refusal", err)
			}
			return
		}
		if err := Validate(c); err != nil {
			t.Fatalf("compiled card invalid: %v\n%s", err, c)
		}
		back, err := ParseCard(c.String())
		if err != nil {
			// A name or type line the text form can't hold is no
			// compiler bug; the abilities must read back.
			back, err = ParseCard(Card{Name: "N", TypeLine: "T", Abilities: c.Abilities}.String())
			if err != nil {
				t.Fatalf("%v\n%s", err, c)
			}
			c.Name, c.TypeLine, c.ManaCost = "N", "T", ""
		}
		if !reflect.DeepEqual(back, c) {
			t.Fatalf("reads back differently:\n%s\n%s", c, back)
		}
	})
}

// FuzzParse reads arbitrary text as cards in the text form: the parser
// never panics, and what it reads prints back to text that reads back to
// the same cards.
func FuzzParse(f *testing.F) {
	for _, glob := range []string{"testdata/*.cards", "testdata/templates/*.golden"} {
		files, _ := filepath.Glob(glob)
		for _, file := range files {
			b, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(string(b))
		}
	}
	f.Add("card \"A\" {1} \"Instant\"\n  spell: choose(1..2, [draw(you, 1)], [gain_life(target(player), X)], repeat)\n")
	f.Fuzz(func(t *testing.T, src string) {
		cards, err := Parse(src)
		if err != nil {
			return
		}
		var text string
		for _, c := range cards {
			text += c.String()
		}
		back, err := Parse(text)
		if err != nil {
			t.Fatalf("printed cards don't read back: %v\n%s", err, text)
		}
		if len(back) != len(cards) {
			t.Fatalf("%d cards read back as %d", len(cards), len(back))
		}
		for i := range cards {
			if !reflect.DeepEqual(back[i], cards[i]) {
				t.Fatalf("reads back differently:\n%s\n%s", cards[i], back[i])
			}
		}
	})
}
