package kb

import (
	"context"
	"slices"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// TestGameOfQuestion checks the game a question is read as on the full
// index: words most of whose English texts are Yu-Gi-Oh!'s ("monster",
// "banish", "extra deck"), in English, or in French through their
// translations or as written ("Fallen of Albaz", "fusion"), tell
// Yu-Gi-Oh!, where no card of it is named; a Magic card named keeps a
// question Magic's, and so does a keyword ability of Magic, but not a
// keyword action Yu-Gi-Oh!'s texts use as much.
func TestGameOfQuestion(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	for _, tc := range []struct{ q, lang, game string }{
		{"can I tribute a monster I special summoned from the extra deck this turn?", "en", "ygo"},
		{"if my monster gets banished face-down, can I still negate its effect?", "en", "ygo"},
		{"un monstre invoqué par invocation spéciale peut-il attaquer ce tour ?", "fr", "ygo"},
		{"my fusion monster goes back to the extra deck, do its materials come back too?", "en", "ygo"},
		{"mon monstre fusion retourne dans l'Extra Deck, ses matériels reviennent aussi ?", "fr", "ygo"},
		{"a trap that became a normal monster, can I use it as fusion material?", "en", "ygo"},
		{"Fallen of Albaz, je peux activer sa fusion pendant la Damage Step ?", "fr", "ygo"},
		{"三戦の才の効果にチェーンできる？", "ja", "ygo"},
		{"does a creature with trample deal excess damage to the player?", "en", "mtg"},
		{"Incursion Specialist: does it trigger on my 2nd spell?", "en", "mtg"},
		{"le piétinement inflige-t-il les blessures en excès au joueur ?", "fr", "mtg"},
		// "activate" is a keyword action of Magic and a verb of Yu-Gi-Oh!'s
		// texts: it tells neither game; the End Phase tells this one.
		{"Dans quel ordre le joueur actif et le joueur passif activent leurs effets pendant la End Phase ?", "fr", "ygo"},
		{"1つのパーマネントにフェイジングが複数あったらどうなる", "ja", "mtg"},
		// "quick" is mostly Yu-Gi-Oh!'s (Quick Effect), but "quick one"
		// phrases the question, which nothing else tells; a Quick Effect
		// is still Yu-Gi-Oh!'s.
		{"quick one: does 'dies' include getting exiled?", "en", ""},
		{"can I chain a quick effect to a trap card?", "en", "ygo"},
		// Terms of Yu-Gi-Oh! alone (monster, negate) outweigh the common
		// words that name Magic cards (pendant, adverse).
		{"un monstre qui peut attaquer chaque monstre adverse une fois, son effet est annulé pendant sa 2e attaque, l'attaque continue ?", "fr", "ygo"},
	} {
		res, err := ix.Search(context.Background(), Query{Text: tc.q, Lang: tc.lang})
		if err != nil {
			t.Fatalf("%q: %v", tc.q, err)
		}
		if res.Game != tc.game {
			t.Errorf("%q read as a question of %q, want %q", tc.q, res.Game, tc.game)
		}
	}
}

// TestGameOfQuestionSeeds: in the index of the seed documents, where
// Yu-Gi-Oh!'s texts are a good share of the few there are, their words do
// not tell the game; the phasing questions stay Magic's.
func TestGameOfQuestionSeeds(t *testing.T) {
	ix := mustEmbedded(t)
	for _, q := range []string{
		"If a creature phases out while an aura is attached to it, does the aura phase out as well and come back attached?",
		"Does an Aura stay on a creature that phases out?",
	} {
		res, err := ix.Search(context.Background(), Query{Text: q})
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		if res.Game == "ygo" {
			t.Errorf("%q read as a Yu-Gi-Oh! question", q)
		}
	}
}

// TestYGOBanishIsNoBan: "banni" is banished in a question of Yu-Gi-Oh!,
// which is answered, and banned in one of Magic, which asks what no rules
// text answers.
func TestYGOBanishIsNoBan(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	for _, q := range []string{
		"S:P Little Knight peut bannir un monstre face verso ?",
		"S:P Little Knight bannit ma carte en réponse à mon annulation, je peux encore appliquer la partie « Sacrifiez 1 monstre » ?",
		"je peux répondre à l'effet de bannissement de S:P Little Knight avec une hand trap ?",
	} {
		res, err := ix.Search(context.Background(), Query{Text: q, Lang: "fr"})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) == 0 || res.Hits[0].Doc.Game != "ygo" {
			t.Errorf("%q: %d hits, want a Yu-Gi-Oh! text first", q, len(res.Hits))
		}
	}
	res, err := ix.Search(context.Background(), Query{Text: "Anneau solaire est banni en Commander ?", Lang: "fr"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) != 0 {
		t.Errorf("a question of the ban list answered with %s", res.Hits[0].Doc.ID)
	}
}

// TestOtherGames leaves questions of other games unanswered, in the three
// languages, and still answers Magic's own.
func TestOtherGames(t *testing.T) {
	t.Parallel()
	checkAnswered(t, fullIndex(t), []answerCase{
		{"ハースストーンの挑発ってどういう効果？", "ja", false},
		{"デュエマのS・トリガーってどう処理するの？", "ja", false},
		{"in Duel Masters, how does a shield trigger work?", "en", false},
		{"comment marche la digivolution dans Digimon ?", "fr", false},
		{"How does venture into the dungeon work?", "en", true},
	})
}

// TestEffectNumber reads the number of a card's effect a question names.
func TestEffectNumber(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ q, lang, want string }{
		{"Toon World the Perfect World's 3rd effect, can it banish my toon?", "en", "3"},
		{"is Blue-Eyes Chaos MAX Dragon's 1st effect a continuous effect?", "en", "1"},
		{"does effect 2 of this card start a chain?", "en", "2"},
		{"le 2e effet de Blue-Eyes Tyrant Dragon, ça crée une chaîne ?", "fr", "2"},
		{"烙印竜アルビオンの②の効果はエンドフェイズに発動できますか？", "ja", "2"},
		{"S:Pリトルナイトの1に、手札誘発をチェーンできる？", "ja", "1"},
		{"does a 2/2 with trample deal 3 damage?", "en", ""},
		{"レベル8の通常モンスターとして特殊召喚した罠カード", "ja", ""},
		{"自分が3なら交換できる？", "ja", ""},
	} {
		// As analyze leaves a question: NFKC, ② a 2.
		if got := effectNumber(norm.NFKC.String(tc.q), tc.lang); got != tc.want {
			t.Errorf("%s %q: effect %q, want %q", tc.lang, tc.q, got, tc.want)
		}
	}
}

// TestEffectFAQFirst answers a question about a card's numbered effect
// with the card's FAQ on that effect: first in Japanese, the FAQ's own
// language, among the first five in English.
func TestEffectFAQFirst(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	for _, tc := range []struct {
		q, lang, want string
		within        int
	}{
		{"完全なる世界 トゥーン・ワールドの③の効果はダメージステップ中でも適用できる？", "ja", "ygo:card-faq-23161-3", 1},
		{"烙印竜アルビオンがエンドフェイズ中に墓地へ送られた場合、②の効果はそのエンドフェイズに発動できますか？", "ja", "ygo:card-faq-15994-2", 1},
		{"Toon World the Perfect World's 3rd effect, can it banish my toon during the damage step?", "en", "ygo:card-faq-23161-3", 5},
	} {
		got := searchIDs(t, ix, tc.q, tc.lang)
		if !slices.Contains(got[:min(tc.within, len(got))], tc.want) {
			t.Errorf("%q: hits %v, want %s among the first %d", tc.q, got, tc.want, tc.within)
		}
	}
}

// searchIDs returns the IDs of the hits Search gives q, a question of
// lang.
func searchIDs(t testing.TB, ix *Index, q, lang string) []string {
	t.Helper()
	res, err := ix.Search(context.Background(), Query{Text: q, Lang: lang})
	if err != nil {
		t.Fatal(err)
	}
	return ids(res.Hits)
}

// TestPriceCues: a question of a card's price finds nothing, in Japanese
// too; いくら asking a sum of the game ("ライフはいくら得る？") is no price.
func TestPriceCues(t *testing.T) {
	t.Parallel()
	checkAnswered(t, fullIndex(t), []answerCase{
		{"ブラックロータスっていくら？", "ja", false},
		{"太陽の指輪っていくらくらい？", "ja", false},
		{"初期の青眼の白龍っていくらで売れる？", "ja", false},
		{"how much is a black lotus worth?", "en", false},
		{"ライフリンク持ちがダメージを与えたらライフはいくら得る？", "ja", true},
	})
}

// answerCase is a question and whether something should answer it.
type answerCase struct {
	q, lang string
	answer  bool
}

// checkAnswered checks which of cases ix answers.
func checkAnswered(t *testing.T, ix *Index, cases []answerCase) {
	t.Helper()
	for _, tc := range cases {
		if got := len(searchIDs(t, ix, tc.q, tc.lang)) > 0; got != tc.answer {
			t.Errorf("%q: answered %v, want %v", tc.q, got, tc.answer)
		}
	}
}
