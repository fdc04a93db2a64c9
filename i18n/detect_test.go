package i18n

import "testing"

func TestDetect(t *testing.T) {
	tests := []struct {
		name string
		text string
		want Lang
	}{
		// Short questions, as typed in a chat.
		{"fr short with French spacing", "Aura ?", FR},
		{"fr short word", "jeton ?", FR},
		{"fr short glued", "jeton?", FR},
		{"en short", "token?", EN},
		{"en short aura", "Aura?", EN},
		{"en card name only", "Teferi's Protection", EN},
		{"fr card name only", "Protection de Téfeiri", FR},
		{"ja card name only", "テフェリーの防御", JA},
		{"ja short", "フェイズ・アウト？", JA},
		{"ja kanji only", "総合ルール", JA},
		{"full-width latin is ja input", "ＭＴＧ", JA},
		{"empty", "", EN},
		{"digits", "702.26", EN},
		// Full questions.
		{"en phasing", "Can a phased-out creature block?", EN},
		{"en auras", "What happens to Auras attached to a creature that phases out?", EN},
		{"en control", "If my opponent gains control of my creature and it phases out, who gets it back?", EN},
		{"en with French card name", "Does Protection de Téfeiri stop combat damage?", EN},
		{"fr phasing", "Une créature hors phase peut-elle bloquer ?", FR},
		{"fr no accents", "est ce que les jetons hors phase meurent", FR},
		{"fr elision", "qu'arrive-t-il a l'aura quand la creature passe hors phase", FR},
		{"fr typed without typography", "Que se passe t-il si mon adversaire controle ma creature?", FR},
		{"fr forum", "Mais qu'est-ce que c'est donc que cette capacité ?", FR},
		{"fr yugioh", "Mais que se passe-t-il si plusieurs actions de ce genre doivent se produire lors de la même Phase ?", FR},
		{"fr with English card name", "Est-ce que Teferi's Protection protège mes jetons ?", FR},
		{"fr guillemets", "« hors phase » ça veut dire quoi", FR},
		{"fr imperative and a card name", "explique-moi Petit bois", FR},
		{"fr inversion", "pioche-t-on sept cartes", FR},
		{"fr card name, ordinary words", "comment marche Petit bois", FR},
		{"en hyphenated word", "Can a phased-out creature block?", EN},
		{"ja question", "フェイズ・アウトしたクリーチャーはブロックできますか？", JA},
		{"ja mixed with English name", "Teferi's Protectionを唱えたらオーラはどうなる？", JA},
		{"en wotc ruling", "Phased-out permanents are treated as though they don't exist.", EN},
		{"en curly apostrophe", "They can’t be the targets of spells or abilities", EN},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Detect(tt.text); got != tt.want {
				t.Errorf("Detect(%q) = %v, want %v", tt.text, got, tt.want)
			}
		})
	}
}
