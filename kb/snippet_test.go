package kb

import (
	"strings"
	"testing"
)

// TestSentences splits real texts of the rules, rulings and Yu-Gi-Oh!
// FAQ where a reader sees sentences end.
func TestSentences(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text string
		want       []string
	}{
		{"closing quote stays with its sentence",
			"If a permanent phases out, its status changes to “phased out.” Except for rules and effects that specifically mention phased-out permanents, a phased-out permanent is treated as though it does not exist.",
			[]string{"If a permanent phases out, its status changes to “phased out.”", "Except for rules and effects that specifically mention phased-out permanents, a phased-out permanent is treated as though it does not exist."}},
		{"closing bracket and rule numbers",
			"A permanent that phases out is removed from combat. (See rule 506.4.) Done.",
			[]string{"A permanent that phases out is removed from combat.", "(See rule 506.4.)", "Done."}},
		{"ellipsis inside a quotation",
			"“As . . . enters” and “as . . . is turned face up” abilities generate copiable effects.",
			[]string{"“As . . . enters” and “as . . . is turned face up” abilities generate copiable effects."}},
		{"ellipsis closing a quotation ends the sentence",
			"These are written, “Whenever a [type] enters, . . .” Each time an event puts permanents onto the battlefield, they are checked.",
			[]string{"These are written, “Whenever a [type] enters, . . .”", "Each time an event puts permanents onto the battlefield, they are checked."}},
		{"abbreviation",
			"Some effects (e.g. Fog) prevent damage. Others don't.",
			[]string{"Some effects (e.g. Fog) prevent damage.", "Others don't."}},
		{"Japanese quotation ends with its own full stop",
			"【『このカードを発動するターン、自分は融合モンスターしかEXデッキから特殊召喚できない。』について】\n既に特殊召喚したターンには、このカードを発動できません。また、発動後は特殊召喚できません。",
			[]string{"【『このカードを発動するターン、自分は融合モンスターしかEXデッキから特殊召喚できない。』について】", "既に特殊召喚したターンには、このカードを発動できません。", "また、発動後は特殊召喚できません。"}},
		{"line breaks",
			"Instant\nShock deals 2 damage to any target.",
			[]string{"Instant", "Shock deals 2 damage to any target."}},
	}
	for _, tc := range tests {
		var got []string
		for _, s := range sentences(tc.text) {
			got = append(got, tc.text[s.start:s.end])
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}

// marksAt marks every occurrence of each word in text with weight 1, as
// the index's term locations do.
func marksAt(text string, words ...string) []markedTerm {
	var out []markedTerm
	for _, w := range words {
		for i := 0; ; {
			j := strings.Index(text[i:], w)
			if j < 0 {
				break
			}
			out = append(out, markedTerm{start: i + j, end: i + j + len(w), weight: 1, term: strings.ToLower(w)})
			i += j + len(w)
		}
	}
	return out
}

// TestDocPassageQuote chooses the sentence of a real text that answers:
// a whole sentence, never one that gives an example nor one of a rule's
// examples, with the sentence it points back to.
func TestDocPassageQuote(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		doc   Doc
		words []string
		want  string
	}{
		{"an example sentence is not the answer",
			Doc{Kind: KindRuling, Card: "Pithing Needle", Text: "Pithing Needle affects cards regardless of what zone they're in. This includes cards in hand, cards in the graveyard, and exiled cards. For example, a player can't cycle Eternal Dragon or return an Eternal Dragon from their graveyard to hand if Pithing Needle naming Eternal Dragon is on the battlefield."},
			[]string{"graveyard", "cycle"},
			"Pithing Needle affects cards regardless of what zone they're in. This includes cards in hand, cards in the graveyard, and exiled cards."},
		{"a rule's examples are not its text",
			Doc{Kind: KindRule, Ref: "704.4", Text: "Unlike triggered abilities, state-based actions pay no attention to what happens during the resolution of a spell or ability.",
				Examples: []string{"A player controls a creature with the ability “This creature’s toughness is equal to the number of cards in your hand.” Thus Maro will survive when state-based actions are checked."}},
			[]string{"state-based", "checked"},
			"Unlike triggered abilities, state-based actions pay no attention to what happens during the resolution of a spell or ability."},
		{"the card's own name says nothing",
			Doc{Kind: KindRuling, Card: "Unite the Coalition", Text: "No player can cast spells or activate abilities in between the modes of a resolving spell. Any abilities that trigger won’t be put onto the stack until Unite the Coalition is done resolving."},
			[]string{"modes", "Unite", "Coalition"},
			"No player can cast spells or activate abilities in between the modes of a resolving spell."},
		{"a sentence pointing back takes the one before",
			Doc{Kind: KindRule, Ref: "903.8", Text: "A player may cast a commander they own from the command zone. A commander cast from the command zone costs an additional {2} for each previous time the player casting it has cast it from the command zone that game. This additional cost is informally known as the “commander tax.”"},
			[]string{"commander tax"},
			"A commander cast from the command zone costs an additional {2} for each previous time the player casting it has cast it from the command zone that game. This additional cost is informally known as the “commander tax.”"},
		{"a sentence that opens on what the one before says takes it along",
			Doc{Kind: KindRuling, Card: "Panharmonicon", Text: "In some cases involving linked abilities, an ability requires information about “the exiled card.” When this happens, the ability gets multiple answers."},
			[]string{"multiple"},
			"In some cases involving linked abilities, an ability requires information about “the exiled card.” When this happens, the ability gets multiple answers."},
		{"a card's type line is not quoted",
			Doc{Kind: KindCard, Card: "Sol Ring", Text: "Artifact\n{T}: Add {C}{C}."},
			nil,
			"{T}: Add {C}{C}."},
		{"a card's reminder text is not what it does",
			Doc{Kind: KindCard, Card: "The Three Seasons", Text: "Enchantment — Saga\n(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\nI — Mill three cards.\nII — Return up to two target snow permanent cards from your graveyard to your hand."},
			nil,
			"I — Mill three cards."},
		{"a card's reminder text when it alone holds the question's words",
			Doc{Kind: KindCard, Card: "The Three Seasons", Text: "Enchantment — Saga\n(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\nI — Mill three cards."},
			[]string{"lore counter"},
			"(As this Saga enters and after your draw step, add a lore counter."},
		{"a ruling's words in parentheses are no reminder text",
			Doc{Kind: KindRuling, Card: "Teferi's Protection", Text: "Permanents you control phase out. (This also applies to tokens you control, which phase back in.) Your life total can't change."},
			[]string{"tokens"},
			"(This also applies to tokens you control, which phase back in.)"},
		{"a whole sentence before a list item",
			Doc{Kind: KindDoc, Text: "Rules of the End Phase\n1- The active player may activate one effect or pass\nOptional effects are activated one at a time, each resolved on its own."},
			[]string{"effect", "activate"},
			"Optional effects are activated one at a time, each resolved on its own."},
	}
	for _, tc := range tests {
		body := indexedBody(tc.doc)
		var marks []markedTerm
		for _, m := range marksAt(body, tc.words...) {
			if tc.doc.Card != "" && strings.Contains(tc.doc.Card, body[m.start:m.end]) {
				m.weight = 0 // as marksOf weighs the card's own name
			}
			marks = append(marks, m)
		}
		_, quote := docPassage(tc.doc, marks, 0)
		if quote != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, quote, tc.want)
		}
	}
}
