package cardlang

import (
	"strings"
	"testing"
)

// TestParseErrors checks that a card written wrong is refused with the
// line and what is wrong, never a panic.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"  spell: draw(you, 1)", "line 1: an ability before any card line"},
		{"card Bolt \"Instant\"", `line 1: want: card "NAME" [MANA COST] "TYPE LINE"`},
		{"card \"Bolt\" {Q}{R} \"Instant\"", `"{Q}{R}" is not a mana cost`},
		{"card \"Bolt\" \"Instant\n", "a string without its closing quote"},
		{"card \"B\" \"Instant\"\n  spell: blast(3, target(any))", `line 2: unknown effect "blast"`},
		{"card \"B\" \"Instant\"\n  spell: damage(3, target(any), to: you)", `damage has no argument "to"`},
		{"card \"B\" \"Instant\"\n  spell: damage(3)", "damage: no to"},
		{"card \"B\" \"Instant\"\n  spell: damage(three, target(any))", `"three" is not a number`},
		{"card \"B\" \"Instant\"\n  spell: pump(target(creature), +3/+3)", "needs a duration"},
		{"card \"B\" \"Enchantment\"\n  static: pump(all(creature), +1/+1, until: end_of_turn)", "a static ability's effect has no duration"},
		{"card \"B\" \"Enchantment\"\n  static: draw(you, 1)", "draw is a one-shot effect in a static ability"},
		{"card \"B\" \"Instant\"\n  spell: destroy(target(creature wizard))", `"wizard" is not a filter word`},
		{"card \"B\" \"Instant\"\n  spell: move(it, graveyard_top)", `"graveyard_top" is not one of`},
		{"card \"B\" \"Creature\"\n  keyword flyng", `unknown keyword "flyng"`},
		{"card \"B\" \"Creature\"\n  keyword bushido", "bushido takes n"},
		{"card \"B\" \"Creature\"\n  when blinks(self): draw(you, 1)", `unknown event "blinks"`},
		{"card \"B\" \"Creature\"\n  activate: draw(you, 1)", "an empty cost"},
		{"card \"B\" \"Creature\"\n  activate {T} [weekly]: draw(you, 1)", `unknown limit "weekly"`},
		{"card \"B\" \"Instant\"\n  spell: choose(3, [draw(you, 1)], [draw(you, 2)])", "modes: choose 3 of 2"},
		{"card \"B\" \"Instant\"\n  spell: create(1, token(2/2 creature Bear))", "colorless or has colours"},
		{"card \"B\" \"Instant\"\n  spell: damage(3, target(any)", `want ","`},
		{"card \"B\" \"Creature\"\n  ritual: draw(you, 1)", `unknown ability kind "ritual"`},
	} {
		_, err := Parse(tc.src)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error with %q", tc.src, err, tc.want)
		}
	}
}

// TestNeeds checks the capabilities of a few compiled cards.
func TestNeeds(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"card \"Lightning Bolt\" {R} \"Instant\"\n  spell: damage(3, target(any))", "damage stack"},
		{"card \"Cloudshift\" {W} \"Instant\"\n  spell: exile(target(creature you_control)); move(it, battlefield, under: you)", "stack zones"},
		{"card \"Glorious Anthem\" {1}{W}{W} \"Enchantment\"\n  static: pump(all(creature you_control), +1/+1)", "layer-7c"},
		{"card \"Possessed Skaab\" {3}{U}{B} \"Creature — Zombie\"\n  static: replace(dies(self), [exile(it)])", "graveyard replacement zones"},
		{"card \"Fog\" {G} \"Instant\"\n  spell: prevent(combat, until: this_turn)", "prevention stack"},
		{"card \"Dragon Fodder\" {1}{R} \"Sorcery\"\n  spell: create(2, token(1/1 red creature Goblin))", "stack tokens"},
		{"card \"Llanowar Elves\" {G} \"Creature — Elf Druid\"\n  activate {T}: add({G})", "mana stack"},
		{"card \"Boon of Safety\" {W} \"Instant\"\n  spell: add_counters(target(creature), 1, shield)", "counters replacement stack"},
		{"card \"Serra Angel\" {3}{W}{W} \"Creature — Angel\"\n  keyword flying\n  keyword vigilance", "combat"},
	} {
		c, err := ParseCard(tc.text)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, n := range c.Needs() {
			got = append(got, string(n))
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s needs %v, want %s", c.Name, got, tc.want)
		}
	}
}
