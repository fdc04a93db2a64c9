package render

import (
	"context"
	"strings"
	"testing"

	"arbiter/cmd/bot/internal/sim"
	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
)

// TestScenarioErrorsNameCards plays scenarios whose action the rules
// refuse, with the real cards of the cards data, and checks that the
// message a user gets names the permanents and spells as a trace does,
// in their language with the English name beside, never by the
// scenario's ids; that French agrees with the card's gender; and that a
// card the engine cannot model is named in the reader's language, its
// Oracle sentence quoted as English.
func TestScenarioErrorsNameCards(t *testing.T) {
	ix := testutil.CardsIndex(t, "Doom Blade", "Scathe Zombies", "Shock", "Hill Giant", "Grizzly Bears", "Island", "Wrath of God", "Distress")
	cat := testutil.Catalog(t)
	const board = `game: mtg
players: [Alice, Bob]
start: {turn: 2, active: Alice, step: main1}
permanents:
  - {id: zombies, card: Scathe Zombies, power: 2, toughness: 3, controller: Bob}
  - {id: m1, card: Hill Giant, power: 3, toughness: 3, controller: Bob}
  - {id: isle, card: Island, controller: Bob}
  - {id: b1, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice, tapped: true}
  - {id: b2, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
actions:
`
	tests := []struct {
		name, action string
		lang         i18n.Lang
		want         string
		ids          []string // what must not show
	}{
		{"a target the spell's text refuses", "  - cast: {id: blade, card: Doom Blade, targets: [zombies]}", i18n.EN,
			"Scathe Zombies can't be a target of Doom Blade (rule 115.1)", []string{"zombies ", "blade "}},
		{"the same in French", "  - cast: {id: blade, card: Doom Blade, targets: [zombies]}", i18n.FR,
			"Zombies dévastateurs (Scathe Zombies) ne peut pas être une cible de Lame du destin (Doom Blade) (règle 115.1)", []string{"zombies ", "blade "}},
		{"the number of targets", "  - cast: {id: shock, card: Shock, targets: [zombies, m1]}", i18n.JA,
			"ショック（Shock）の対象を2個にすることはできない（ルール601.2c）", []string{"shock"}},
		{"a tapped creature attacks", "  - attack: {attackers: [b1], defender: Bob}", i18n.EN,
			"Grizzly Bears (1) can't attack (rule 508.1a)", []string{"b1"}},
		{"a land blocks", "  - attack: {attackers: [b2], defender: Bob}\n  - block: {blockers: [isle], attacker: b2}", i18n.FR,
			"Île (Island) ne peut pas bloquer Grizzlis (Grizzly Bears) (2) (règle 509.1a)", []string{"isle", "b2"}},
		{"a sorcery in the opponent's turn, feminine", "  - cast: {id: wrath, card: Wrath of God, controller: Bob}", i18n.FR,
			"Colère de Dieu (Wrath of God) ne peut pas être lancée maintenant (règle 307.1)", []string{"wrath"}},
		{"a card the engine cannot model, named as the reader knows it", "  - cast: {id: d, card: Détresse, targets: [Bob]}", i18n.JA,
			"エンジンは困窮（Distress）をシミュレートできない：「Target player reveals their hand.」（英語のオラクル・テキスト）", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			sc, _, err := sim.Play(ctx, []byte(board+tt.action+"\n"), "", ix, sim.FileLimits())
			if err == nil {
				t.Fatal("the scenario played")
			}
			got := ScenarioErrorMessage(cat.Printer(tt.lang), "s.yaml", NamedRunError(ctx, sc, ix, err))
			if !strings.Contains(got, tt.want) {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			for _, id := range tt.ids {
				if strings.Contains(got, id) {
					t.Errorf("%q shows in %s", id, got)
				}
			}
		})
	}
}
