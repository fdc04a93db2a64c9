package cardlang

import (
	"errors"
	"strings"
	"testing"
)

// TestRefusals checks, on real cards the game model could not simulate
// as printed, that the compiler refuses them and quotes the first
// sentence it doesn't understand, as printed (the card's own name, no
// reminder text), or says why the card is refused as a whole.
func TestRefusals(t *testing.T) {
	sources(t)
	cp := NewCompiler()
	for _, tc := range []struct{ card, sentence, reason, detail string }{
		{card: "Phantasmal Image", sentence: "You may have Phantasmal Image enter the battlefield as a copy of any creature on the battlefield, except it's an Illusion in addition to its other types and it has \"When this creature becomes the target of a spell or ability, sacrifice it.\""},
		{card: "Rest in Peace", sentence: "When Rest in Peace enters the battlefield, exile all graveyards."},
		{card: "Cultivate", sentence: "Search your library for up to two basic land cards, reveal those cards, put one onto the battlefield tapped and the other into your hand, then shuffle."},
		{card: "Ponder", sentence: "Look at the top three cards of your library, then put them back in any order."},
		{card: "Krark's Thumb", sentence: "If you would flip a coin, instead flip two coins and ignore one."},
		{card: "Brainstorm", sentence: "Draw three cards, then put two cards from your hand on top of your library in any order."},
		{card: "Time Walk", sentence: "Take an extra turn after this one."},
		{card: "Tarmogoyf", sentence: "Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its toughness is equal to that number plus 1."},
		// The first sentence is understood, the second is not.
		{card: "Anger of the Gods", sentence: "If a creature dealt damage this way would die this turn, exile it instead."},
		// The first line is understood, the second (a trigger) is not.
		{card: "Sengir Vampire", sentence: "Whenever a creature dealt damage by Sengir Vampire this turn dies, put a +1/+1 counter on Sengir Vampire."},
		// A keyword line with a quality protection doesn't have.
		{card: "Baneslayer Angel", sentence: "Flying, first strike, lifelink, protection from Demons and from Dragons"},
		// Reminder text is left out of the quote.
		{card: "Echo Tracer", sentence: "Morph {2}{U}"},
		// A legendary card's short name is its name.
		{card: "Kaito Shizuki", sentence: "At the beginning of your end step, if Kaito Shizuki entered the battlefield this turn, he phases out."},
		{card: "Fire // Ice", reason: ReasonFaces},
		{card: "Academy at Tolaria West", reason: ReasonCardType, detail: "plane"},
		{card: "Little Girl", reason: ReasonManaCost, detail: "{HW}"},
	} {
		_, err := cp.Compile(sourceByName(t, tc.card))
		var r *Refusal
		if !errors.As(err, &r) {
			t.Errorf("%s: %v, want a refusal", tc.card, err)
			continue
		}
		if r.Card != tc.card || r.Sentence != tc.sentence || r.Reason != tc.reason || r.Detail != tc.detail {
			t.Errorf("%s: refused with %q / %q %q, want %q / %q %q", tc.card, r.Sentence, r.Reason, r.Detail, tc.sentence, tc.reason, tc.detail)
		}
	}
}

// TestEveryRefusalQuotesItsText checks over the whole cards data that a
// card refused for a sentence quotes a sentence of its own Oracle text.
func TestEveryRefusalQuotesItsText(t *testing.T) {
	t.Parallel()
	for _, c := range allCompiled(t) {
		s, err := c.src, c.err
		var r *Refusal
		if err == nil {
			continue
		}
		if !errors.As(err, &r) {
			t.Errorf("%s: %v is no refusal", s.Name, err)
			continue
		}
		if r.Sentence == "" && r.Reason == "" {
			t.Errorf("%s: refused without a sentence or a reason", s.Name)
		}
		if r.Sentence != "" && !strings.Contains(stripReminder(s.Text), r.Sentence) {
			t.Errorf("%s: the refusal quotes %q, not in its text", s.Name, r.Sentence)
		}
	}
}
