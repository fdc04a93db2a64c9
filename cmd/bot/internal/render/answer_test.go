package render

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
	"arbiter/kb"
)

// TestAnswerGolden renders answers as a reader of each language sees
// them, on the embedded corpus with the printed names and texts of two
// real cards: the first line says when the sentence it quotes is in
// another language or machine-translated, and the headings name the card
// as the reader knows it, the English beside. A name given as a card's
// that no card has is said to be no card's.
func TestAnswerGolden(t *testing.T) {
	ix := testutil.CardsIndex(t, "March of Swirling Mist", "Teferi's Protection")
	cat := testutil.Catalog(t)
	questions := map[i18n.Lang][]string{
		i18n.EN: {"March of Swirling Mist and Auras", "What happens to a token that phases out?", "what does the card Dragon of Infinite Toast do?", "teferi's protection or heroic intervention, which is better?"},
		i18n.FR: {"Marche de la brume tourbillonnante et les auras", "Que devient un jeton hors phase ?", "la carte « Dragon du pain grillé infini », elle fait quoi ?", "Protection de Téfeiri ou Marche de la brume tourbillonnante, lequel est meilleur ?"},
		i18n.JA: {"渦巻く霧の行進とオーラ", "フェイズ・アウトしたトークンはどうなる?", "「無限トーストのドラゴン」ってカードはどんな効果？", "テフェリーの防御って今いくらくらい？"},
	}
	for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
		p := cat.Printer(l)
		var b strings.Builder
		for _, q := range questions[l] {
			res, err := ix.Search(context.Background(), kb.Query{Text: q, Lang: l.String(), K: 3})
			if err != nil {
				t.Fatal(err)
			}
			b.WriteString("$ " + q + "\n")
			b.WriteString(AnswerText(p, AnswerOf(p, res, ""), false) + "\n")
		}
		testutil.Golden(t, filepath.Join("testdata", "answers", l.String()+".txt"), []byte(b.String()))
	}
}

// TestQuoteLine marks the first line that quotes a text in another
// language than the reader's, or a machine translation, in the reader's
// language.
func TestQuoteLine(t *testing.T) {
	cat := testutil.Catalog(t)
	ruling := Citation{Kind: "ruling", Card: "Fury", Date: "2021-06-18", Lang: "en", Quote: "You divide the damage as you put the triggered ability on the stack.",
		CardNames: map[string]string{"fr": "Fureur", "ja": "激情"}}
	mt := Citation{Kind: "doc", Title: "Quand un permanent revient en phase", Lang: "fr", MachineTranslated: true, Quote: "Il revient en phase."}
	tests := []struct {
		lang i18n.Lang
		c    Citation
		want string
	}{
		{i18n.EN, ruling, "Ruling on Fury, June 18, 2021: “You divide the damage as you put the triggered ability on the stack.”"},
		{i18n.FR, ruling, "Ruling sur Fureur (Fury), 18 juin 2021, en anglais : « You divide the damage as you put the triggered ability on the stack. »"},
		{i18n.JA, ruling, "激情（Fury）の裁定（2021年6月18日）［英語］：「You divide the damage as you put the triggered ability on the stack.」"},
		{i18n.FR, mt, "Article — Quand un permanent revient en phase, traduction automatique : « Il revient en phase. »"},
	}
	for _, tc := range tests {
		// French typography puts no-break spaces before ":" and inside « ».
		if got := strings.ReplaceAll(QuoteLine(cat.Printer(tc.lang), tc.c), "\u00a0", " "); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.lang, got, tc.want)
		}
	}
}
