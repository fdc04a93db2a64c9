package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/engine"
	"arbiter/kb"
)

// realCards are the cards the tests take from the shared cards file.
var realCards = []string{"Serra Angel", "Grizzly Bears", "Oubliette", "March of Swirling Mist", "Teferi's Protection",
	"Pacifism", "Llanowar Elves", "Fire // Ice"}

// TestCards looks cards up in a knowledge base by their English, French
// and Japanese names and checks what the engine gets of them.
func TestCards(t *testing.T) {
	ix := testutil.CardsIndex(t, realCards...)
	cards := NewCards(context.Background(), ix)
	if cards == nil {
		t.Fatal("an index with card texts gives no Cards")
	}
	tests := []struct {
		name, english string
		types         string
		fr, ja        string
	}{
		{"Serra Angel", "Serra Angel", "creature", "Ange de Serra", "セラの天使"},
		{"ange de serra", "Serra Angel", "creature", "Ange de Serra", "セラの天使"},
		{"セラの天使", "Serra Angel", "creature", "Ange de Serra", "セラの天使"},
		{"Oubliette", "Oubliette", "enchantment", "", "土牢"},
		{"Grizzly Bears", "Grizzly Bears", "creature", "Grizzlis", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ok := cards.Card(tt.name)
			if !ok {
				t.Fatalf("%q not found", tt.name)
			}
			if c.Name != tt.english || strings.Join(c.Types, " ") != tt.types {
				t.Errorf("got %s, types %v", c.Name, c.Types)
			}
			if tt.fr != "" && c.Names["fr"] != tt.fr {
				t.Errorf("French name %q, want %q", c.Names["fr"], tt.fr)
			}
			if tt.ja != "" && c.Names["ja"] != tt.ja {
				t.Errorf("Japanese name %q, want %q", c.Names["ja"], tt.ja)
			}
		})
	}
	if _, ok := cards.Card("No Such Card Anywhere"); ok {
		t.Error("an unknown card is found")
	}
	if c, ok := cards.Card("Fire // Ice"); !ok || c.Faces != 2 {
		t.Errorf("Fire // Ice: %+v, %v: want a card with two faces", c, ok)
	} else if err := engine.CardSupport(c); err == nil {
		t.Error("the engine accepts a card with two faces")
	}
	if c, ok := NewCards(context.Background(), testutil.EmbeddedIndex(t)).Card("Oubliette"); ok {
		t.Errorf("the embedded corpus, which knows Oubliette by name only, gives %+v", c)
	}
}

// TestPlayRealCards plays a scenario whose permanents and spell are real
// cards given by French and Japanese names, and checks that they behave
// as their texts say and are named in each language.
func TestPlayRealCards(t *testing.T) {
	ix := testutil.CardsIndex(t, realCards...)
	src := []byte(`game: mtg
players: [Alice, Bob]
start: {turn: 1, active: Alice, step: main1}
permanents:
  - {id: angel, card: Ange de Serra, power: 4, toughness: 4, controller: Alice}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
  - {id: oub, card: 土牢, controller: Bob}
actions:
  - advance: {player: Alice, step: declare_attackers}
  - attack: {attackers: [angel], defender: Bob}
  - illegal: {action: {block: {blocker: bears, attacker: angel}}, rule: "702.9b"}
expect:
  - attacking: [angel]
  - untapped: [angel]
`)
	sc, r, err := Play(context.Background(), src, "real-cards", ix, UserLimits())
	if err != nil {
		t.Fatal(err)
	}
	if !r.OK {
		t.Errorf("expectations: %+v", r.Expectations)
	}
	if sc.Name != "real-cards" || r.Names["angel"] != "Serra Angel" || r.LocalNames["angel"]["fr"] != "Ange de Serra" {
		t.Errorf("name %q, names %v, local %v", sc.Name, r.Names, r.LocalNames)
	}
	if r.LocalNames["oub"]["ja"] != "土牢" {
		t.Errorf("Oubliette's Japanese name: %v", r.LocalNames["oub"])
	}

	// A creature card without power and toughness beside it: the data has none.
	_, _, err = Play(context.Background(), bytes.Replace(src, []byte("power: 4, toughness: 4, "), nil, 1), "", ix, UserLimits())
	if e, ok := engine.AsError(err); !ok || e.Code != engine.CodeCardNoPT || e.Line != 5 {
		t.Errorf("error %v, want card_no_pt at line 5", err)
	}
	// Without card texts, card: is refused, naming the card: a card known
	// by name only has no data, another is not in the data.
	_, _, err = Play(context.Background(), bytes.Replace(src, []byte("card: Ange de Serra"), []byte("card: Oubliette"), 1), "", testutil.EmbeddedIndex(t), UserLimits())
	if e, ok := engine.AsError(err); !ok || e.Code != engine.CodeNoCardData || e.Args[0] != "Oubliette" || e.Line != 5 {
		t.Errorf("error %v, want no_card_data at line 5", err)
	}
	_, _, err = Play(context.Background(), src, "", testutil.EmbeddedIndex(t), UserLimits())
	if e, ok := engine.AsError(err); !ok || e.Code != engine.CodeUnknownCard || e.Args[0] != "Ange de Serra" {
		t.Errorf("error %v, want unknown_card", err)
	}
}

// TestLocalize names the cards of a preset, given by name, in French and
// Japanese, and leaves tokens alone.
func TestLocalize(t *testing.T) {
	ix := testutil.CardsIndex(t, realCards...)
	_, r, err := Preset(context.Background(), "teferis-protection", ix)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.LocalNames["angel"]; got["fr"] != "Ange de Serra" || got["ja"] != "セラの天使" {
		t.Errorf("Serra Angel's names %v", got)
	}
	_, r, err = Preset(context.Background(), "token-persists", NewNameTable([]kb.Card{{Name: "Spirit", Names: map[string][]string{"fr": {"Esprit"}}}}))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.LocalNames) != 0 {
		t.Errorf("a token is named as a card: %v", r.LocalNames)
	}
	if _, _, err := Preset(context.Background(), "no-such-preset", nil); !errors.Is(err, engine.ErrUnknownPreset) {
		t.Errorf("error %v, want ErrUnknownPreset", err)
	}
}

// TestLimits checks the limits of a user's scenario.
func TestLimits(t *testing.T) {
	head := "game: mtg\nplayers: [Alice, Bob]\npermanents:\n  - {id: b, name: B, types: [creature], power: 1, toughness: 1, controller: Alice}\nactions:\n"
	tests := []struct {
		name string
		src  string
		what string
	}{
		{"at the step limit", head + strings.Repeat("  - tap: [b]\n", 200), ""},
		{"over the step limit", head + strings.Repeat("  - tap: [b]\n", 201), "actions"},
		{"over the size limit", head + strings.Repeat("# padding\n", 7000), "bytes"},
		{"over the permanent limit", strings.Replace(head, "permanents:\n", "permanents:\n"+perms(101), 1) + "  - tap: [b]\n", "permanents"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.src), nil, UserLimits())
			var le *LimitError
			switch {
			case tt.what == "" && err != nil:
				t.Fatalf("error %v", err)
			case tt.what != "" && (!errors.As(err, &le) || le.What != tt.what):
				t.Fatalf("error %v, want the %s limit", err, tt.what)
			}
		})
	}
}

// perms lists n permanents.
func perms(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("  - {id: p" + strings.Repeat("x", i%3) + itoa(i) + ", name: P, types: [creature], power: 1, toughness: 1, controller: Bob}\n")
	}
	return b.String()
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

// TestCode round-trips scenarios through share codes and refuses what
// is not one.
func TestCode(t *testing.T) {
	for _, name := range []string{"oubliette", "player-leaves-game", "ygo-end-phase"} {
		src, err := engine.PresetSource(name)
		if err != nil {
			t.Fatal(err)
		}
		code, err := Encode(src)
		if err != nil {
			t.Fatal(err)
		}
		if strings.ContainsAny(code, "+/=%&?# ") || len(code) > MaxCode {
			t.Errorf("%s: code %q is not URL-safe", name, code)
		}
		back, err := Decode(code, UserLimits().MaxBytes)
		if err != nil || !bytes.Equal(back, src) {
			t.Errorf("%s: round trip gives %q, %v", name, back, err)
		}
		t.Logf("%s: %d bytes, code of %d characters", name, len(src), len(code))
	}
	// Text that does not compress: too long for a link.
	noise := make([]byte, 8000)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range noise {
		noise[i] = byte(rng.IntN(256))
	}
	if _, err := Encode(noise); !errors.Is(err, ErrCodeTooLong) {
		t.Errorf("error %v, want ErrCodeTooLong", err)
	}
	for _, bad := range []string{"", "2abc", "1!!!", "1" + strings.Repeat("A", MaxCode)} {
		if _, err := Decode(bad, 1000); !errors.Is(err, ErrBadCode) {
			t.Errorf("Decode(%.20q) error %v, want ErrBadCode", bad, err)
		}
	}
	// A small code that inflates past the limit stops at the limit.
	big, err := Encode(bytes.Repeat([]byte("a"), 1<<20))
	if err != nil {
		t.Fatal(err)
	}
	var le *LimitError
	if _, err := Decode(big, UserLimits().MaxBytes); !errors.As(err, &le) || le.What != "bytes" {
		t.Errorf("error %v, want the size limit", err)
	}
}

// phasingText matches an Oracle text that phases things (the engine's
// test of its card models uses the same).
var phasingText = regexp.MustCompile(`(?i)phas(e|es|ed|ing)\s+(in|out)|phasing`)

// TestPhasingCardsThroughTheIndex finds every card of the shared cards
// file whose text phases things through the knowledge base, as /simulate
// does, and checks that the engine simulates it as printed or refuses it
// with a reason: 38 and 11, as in BENCHMARKS.md.
func TestPhasingCardsThroughTheIndex(t *testing.T) {
	lines := testutil.CardLinesWhere(t, func(name, text string) bool { return phasingText.MatchString(text) })
	ix := testutil.CardsIndexOf(t, lines)
	cards := NewCards(context.Background(), ix)
	var modelled, refused int
	for _, line := range bytes.Split(bytes.TrimSpace(lines), []byte("\n")) {
		var head struct{ Name string }
		if err := json.Unmarshal(line, &head); err != nil {
			t.Fatal(err)
		}
		c, ok := cards.Card(head.Name)
		if !ok {
			t.Errorf("%s: not found in the index", head.Name)
			continue
		}
		switch e, isErr := engine.AsError(engine.CardSupport(c)); {
		case !isErr:
			modelled++
		case e.Code == engine.CodeCardNotModelled && e.Args[1] != "":
			refused++
		default:
			t.Errorf("%s: %v", head.Name, e)
		}
	}
	t.Logf("%d phasing cards: %d modelled, %d refused", modelled+refused, modelled, refused)
	if modelled != 38 || refused != 11 {
		t.Errorf("%d modelled, %d refused; want 38 and 11", modelled, refused)
	}
}

// TestRealCardColours plays real cards whose colour decides what happens:
// the cards data's mana costs give the colours (202.2), so Divine Smite
// exiles a black creature, Doom Blade can't target one, and protection
// from black stops a black spell; a colour-defining line (604.3) wins.
func TestRealCardColours(t *testing.T) {
	ix := testutil.CardsIndex(t, "Divine Smite", "Doom Blade", "Scathe Zombies", "Grizzly Bears", "White Knight", "Ghostfire", "Shock")
	cards := NewCards(context.Background(), ix)
	for name, want := range map[string]string{"Scathe Zombies": "black", "White Knight": "white", "Ghostfire": "", "Doom Blade": "black"} {
		c, ok := cards.Card(name)
		if !ok {
			t.Fatalf("%s not found", name)
		}
		if got := strings.Join(engine.CardColors(c), " "); got != want {
			t.Errorf("%s: colours %q, want %q (mana cost %q)", name, got, want, c.ManaCost)
		}
	}
	if c, _ := cards.Card("Scathe Zombies"); engine.ManaValue(c.ManaCost) != 3 {
		t.Errorf("Scathe Zombies' mana value %d, want 3", engine.ManaValue(c.ManaCost))
	}
	src := []byte(`game: mtg
players: [Alice, Bob]
start: {turn: 1, active: Alice, step: main1}
permanents:
  - {id: zombies, card: Scathe Zombies, power: 2, toughness: 2, controller: Bob}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
  - {id: knight, card: White Knight, power: 2, toughness: 2, controller: Bob}
actions:
  - illegal: {action: {cast: {id: blade, card: Doom Blade, targets: [zombies]}}, rule: "115.1"}
  - illegal: {action: {cast: {id: blade2, card: Doom Blade, targets: [knight]}}, rule: "702.16b"}
  - cast: {id: smite, card: Divine Smite, targets: [zombies]}
  - resolve: smite
  - cast: {id: smite2, card: Divine Smite, targets: [bears]}
  - resolve: smite2
  - cast: {id: ghost, card: Ghostfire, targets: [knight]}
  - resolve: ghost
expect:
  - zone: {zombies: exile, knight: graveyard}
  - phased_out: [bears]
`)
	_, r, err := Play(context.Background(), src, "", ix, UserLimits())
	if err != nil {
		t.Fatal(err)
	}
	if !r.OK {
		t.Errorf("expectations: %+v", r.Expectations)
	}
}
