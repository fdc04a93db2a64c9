package cardlang

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// modelledCards are the cards engine/cardmodels.go modelled by hand before
// the engine ran the card language; they run from these compiled texts now.
func modelledCards() []string {
	return strings.Split("Blink Dog|Rainbow Efreet|Teferi's Honor Guard|Breezekeeper|Merfolk Raiders|Sandbar Crocodile|"+
		"Teferi's Drake|Tolarian Drake|Cloak of Invisibility|Crystal Golem|Divine Smite|Dream Fighter|Equipoise|"+
		"Guardian of Faith|Katabatic Winds|March of Swirling Mist|Mist Dragon|Oubliette|Out of Time|Reality Ripple|"+
		"Robe of Stars|Sapphire Charm|Shimmer|Shimmering Efreet|Slip Out the Back|Spatial Binding|Spectral Adversary|"+
		"Taniwha|Teferi's Curse|Teferi's Imp|Teferi's Isle|Teferi's Protection|Teferi's Realm|Teferi's Veil|"+
		"Time and Tide|Vanishing|Vaporous Djinn|Vodalian Illusionist|Warping Wurm|Brokers Confluence|Change of Plans|"+
		"Ertai's Familiar|Frenetic Efreet|Kaito Shizuki|Old Fogey|Teferi, Master of Time|Teferi, Timeless Voyager|"+
		"Vision Charm|Lightning Bolt|Shock|Wrath of God|Day of Judgment|Giant Growth|Disenchant|Naturalize|Murder|"+
		"Doom Blade|Unsummon|Pacifism|Glorious Anthem|Llanowar Elves", "|")
}

// cardReport is a card's Oracle text as comments, then its compiled form
// or, as a comment, why it is refused.
func cardReport(cp *Compiler, s Source) string {
	var b strings.Builder
	for _, l := range strings.Split(s.Text, "\n") {
		b.WriteString("# " + l + "\n")
	}
	c, err := cp.Compile(s)
	var r *Refusal
	switch {
	case err == nil:
		b.WriteString(c.String())
	case errors.As(err, &r) && r.Sentence != "":
		b.WriteString("# refused " + s.Name + ": not understood: " + r.Sentence + "\n")
	case errors.As(err, &r):
		b.WriteString("# refused " + r.Error() + "\n")
	default:
		b.WriteString("# error: " + err.Error() + "\n")
	}
	return b.String() + "\n"
}

// TestModelledCards writes what the language makes of each card the
// engine once modelled by hand (testdata/models.cards, reviewed against
// those models), and checks the file reads back to the compiled cards.
func TestModelledCards(t *testing.T) {
	sources(t)
	cp := NewCompiler()
	var b strings.Builder
	b.WriteString("# The cards engine/cardmodels.go modelled by hand, in the card language, which\n" +
		"# the engine now runs: each card's Oracle text, then its compiled form, or why\n" +
		"# it is refused.\n\n")
	want := map[string]Card{}
	for _, name := range modelledCards() {
		s := sourceByName(t, name)
		b.WriteString(cardReport(cp, s))
		if c, err := cp.Compile(s); err == nil {
			want[name] = c
		}
	}
	file := filepath.Join("testdata", "models.cards")
	checkGolden(t, file, b.String())
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	cards, err := Parse(string(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(cards) != len(want) {
		t.Errorf("%s holds %d cards, %d compile", file, len(cards), len(want))
	}
	for _, c := range cards {
		if !reflect.DeepEqual(c, want[c.Name]) {
			t.Errorf("%s: %s reads back differently", file, c.Name)
		}
	}
}

// phasingRE matches an Oracle text that phases things, as engine's
// TestPhasingCardsModelledOrRefused does.
var phasingRE = regexp.MustCompile(`(?i)phas(e|es|ed|ing)\s+(in|out)|phasing`)

// TestPhasingCards compiles the 49 cards whose text phases things: each
// compiles or is refused with the sentence that stops it
// (testdata/phasing.cards, reviewed card by card).
func TestPhasingCards(t *testing.T) {
	cp := NewCompiler()
	var b strings.Builder
	n, ok := 0, 0
	for _, s := range sources(t) {
		if !phasingRE.MatchString(s.Text) {
			continue
		}
		n++
		if _, err := cp.Compile(s); err == nil {
			ok++
		}
		b.WriteString(cardReport(cp, s))
	}
	t.Logf("%d phasing cards, %d compile", n, ok)
	if n != 49 {
		t.Errorf("%d phasing cards, want 49", n)
	}
	checkGolden(t, filepath.Join("testdata", "phasing.cards"), b.String())
}
