package kb

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestTopicsByTheirTerms finds topics whose words differ from their
// names' by an inflection, an article or an elision, and leaves a French
// word alone that its stem would confuse with a topic.
func TestTopicsByTheirTerms(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	rd := ix.reader()
	defer rd.close()
	for _, tc := range []struct {
		q, lang string
		want    string // a topic's English name; "" for a check of absence
		not     string
	}{
		{"on a la priorité pendant l'étape de début de combat ?", "fr", "Beginning of Combat Step", ""},
		{"A Clone copying a transformed card, what does it copy?", "en", "Transform", ""},
		{"si l'adversaire attaque avec deux créatures", "fr", "Opponent", ""},
		{"si l'adversaire attaque avec deux créatures", "fr", "Attack", ""},
		{"je paye le coût quand ?", "fr", "Pay", ""},
		{"コストを払わなかったら？", "ja", "Pay", ""},
		{"on peut forcer quelqu'un à le faire ?", "fr", "", "Power"},
		// A name's terms are next to each other, a stop word aside: a
		// clause between them is no name.
		{"comment on sait quelle face est le recto d'une carte transformable ?", "fr", "front face", "face-up Attack Position"},
		{"comment on sait quelle face est le recto d'une carte transformable ?", "fr", "Transforming Double-Faced Cards", ""},
		{"je peux bannir un monstre face recto ?", "fr", "face-up Attack Position", ""},
		{"変身する両面カードの第１面ってどうやって見分けるの？", "ja", "front face", ""},
		// Splice is imprégnation on French cards; transfert is channel.
		{"l'imprégnation d'arcane, je dois révéler la carte ?", "fr", "Splice", ""},
		{"le transfert, je peux l'activer depuis la main seulement ?", "fr", "Channel", "Splice"},
		// Japanese negation is an auxiliary the analyzer drops: a name
		// with one needs one in the question, a name without none.
		{"血染めの月で基本でない土地は基本土地の山になる？", "ja", "Nonbasic Land", ""},
		{"基本土地は何枚でもデッキに入れていいの？", "ja", "", "Nonbasic Land"},
		{"非基本土地は血染めの月で山になる？", "ja", "Nonbasic Land", ""},
		{"ブロックされていないクリーチャーは何点与える？", "ja", "Unblocked Creature", "Blocked Creature"},
	} {
		names := topicNames(ix, ix.analyze(tc.q, tc.lang, rd))
		if tc.want != "" && !hasName(names, tc.want) {
			t.Errorf("%q: topics %v, want %q among them", tc.q, names, tc.want)
		}
		if tc.not != "" && hasName(names, tc.not) {
			t.Errorf("%q: topics %v, want no %q", tc.q, names, tc.not)
		}
	}
}

// topicNames returns the English names of the topics a question names.
func topicNames(ix *Index, a *questionAnalysis) []string {
	var out []string
	for _, m := range a.topics {
		out = append(out, ix.topics[m.topic].Name)
	}
	return out
}

// hasName reports whether names holds n, case aside.
func hasName(names []string, n string) bool {
	return slices.ContainsFunc(names, func(s string) bool { return strings.EqualFold(s, n) })
}

// TestTranslations reads the word translations learned from the printed
// cards: the game's verbs find their English words, and words with no
// counterpart ("si") find none.
func TestTranslations(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	for _, tc := range []struct {
		lang, word string
		want       string // "" for no translation, "!x" for any but x
	}{
		{"fr", "pioche", "draw"},
		{"fr", "défaussez", "discard"},
		{"fr", "ciblée", "target"},
		{"fr", "engagée", "tap"},
		{"fr", "bloquer", "block"},
		{"fr", "si", ""},
		{"ja", "追放", "exil"},
		{"ja", "誘発", "trigger"},
		{"ja", "捨てる", "discard"},
		// A card's name is no word translation: 変わり樹の共生 (Turntimber
		// Symbiosis) made 変わる "turntimb".
		{"ja", "変わる", "chang"},
		// A piece of a keyword's name is not the keyword: 接死 (deathtouch)
		// split into 接 and 死 made 死 "deathtouch", 呪禁 made 禁
		// "hexproof".
		{"ja", "死", "!deathtouch"},
		{"ja", "禁", "!hexproof"},
	} {
		terms := ix.analyzeWith(ix.jaMode.analyzers()[tc.lang], tc.word)
		if len(terms) != 1 {
			t.Fatalf("%s %q analyzes to %v", tc.lang, tc.word, terms)
		}
		got := ix.trans[tc.lang][terms[0]]
		if not, ok := strings.CutPrefix(tc.want, "!"); ok {
			if slices.Contains(got, not) {
				t.Errorf("%s %q (%s) translates to %v, want no %q", tc.lang, tc.word, terms[0], got, not)
			}
			continue
		}
		if tc.want == "" {
			if len(got) > 0 {
				t.Errorf("%s %q (%s) translates to %v, want nothing", tc.lang, tc.word, terms[0], got)
			}
			continue
		}
		if len(got) == 0 || got[0] != tc.want {
			t.Errorf("%s %q (%s) translates to %v, want %q first", tc.lang, tc.word, terms[0], got, tc.want)
		}
	}
}

// TestAlignIBM1 learns the word translations of a small parallel text, an
// article on every line: each English word goes to the French word that
// explains it.
func TestAlignIBM1(t *testing.T) {
	t.Parallel()
	var lines []alignedLine
	for range 3 {
		lines = append(lines,
			alignedLine{src: []string{"la", "maison"}, out: []string{"house"}},
			alignedLine{src: []string{"la", "fleur"}, out: []string{"flower"}},
			alignedLine{src: []string{"la", "maison", "bleue"}, out: []string{"blue", "house"}},
			alignedLine{src: []string{"la", "fleur", "bleue"}, out: []string{"blue", "flower"}},
		)
	}
	got := translate(lines)
	for src, want := range map[string]string{"maison": "house", "fleur": "flower", "bleue": "blue"} {
		if len(got[src]) == 0 || got[src][0] != want {
			t.Errorf("%q translates to %v, want %q first", src, got[src], want)
		}
	}
}

// TestCapitalOfAGameTerm reads a capitalized word that is a game term and
// a card's name as the term ("une Nourriture" is Food, not Nourish, whose
// French name it is), and a card's name that is no term as the card, also
// at the start of the question when a comma sets it apart.
func TestCapitalOfAGameTerm(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	rd := ix.reader()
	defer rd.close()
	for _, tc := range []struct {
		q, lang string
		topic   string // a topic's English name among the question's
		card    string // a card the question names; "" for none
	}{
		{"je peux sacrifier une Nourriture qui n'est pas un jeton ?", "fr", "Food Token", ""},
		{"Can I cast Wish to get a card from my sideboard?", "en", "", "Wish"},
		// A name that opens the question, set apart by a comma.
		{"Aléatoire, on choisit la cible avant de lancer la pièce ?", "fr", "", "Aleatory"},
	} {
		a := ix.analyze(tc.q, tc.lang, rd)
		topics := topicNames(ix, a)
		var cards []string
		for _, c := range a.cards {
			if !c.weak {
				cards = append(cards, c.names...)
			}
		}
		if tc.topic != "" && !hasName(topics, tc.topic) {
			t.Errorf("%q: topics %v, want %q among them", tc.q, topics, tc.topic)
		}
		if tc.card == "" && len(cards) > 0 {
			t.Errorf("%q: names cards %v, want none", tc.q, cards)
		}
		if tc.card != "" && !slices.Contains(cards, tc.card) {
			t.Errorf("%q: names cards %v, want %q", tc.q, cards, tc.card)
		}
	}
}

// TestTopicsSentElsewhere: a glossary term that only sends to another
// ("Forestwalk: See Landwalk.") is defined by that term's rules.
func TestTopicsSentElsewhere(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text, want string
		ok         bool
	}{
		{"See Landwalk.", "Landwalk", true},
		{"See Active Player, Nonactive Player Order.", "Active Player, Nonactive Player Order", true},
		{"See rule 702.14, “Landwalk.”", "", false},
		{"See rule 702.14.", "", false},
		{"A generic term for a group of keyword abilities. See rule 702.14, “Landwalk.”", "", false},
	} {
		got, ok := seeTerm(tc.text)
		if got != tc.want || ok != tc.ok {
			t.Errorf("seeTerm(%q) = %q, %v; want %q, %v", tc.text, got, ok, tc.want, tc.ok)
		}
	}
	ix := fullIndex(t)
	want := map[string]string{"forestwalk": "702.14", "swampcycling": "702.29"}
	for _, tp := range ix.topics {
		if r, ok := want[tp.Key]; ok {
			if !slices.Contains(tp.Rules, r) {
				t.Errorf("%s: rules %v, want %s, the rule of the term the glossary sends to", tp.Name, tp.Rules, r)
			}
			delete(want, tp.Key)
		}
	}
	for k := range want {
		t.Errorf("%s: no topic", k)
	}
}

// TestWithoutNames: the names a card's text speaks of itself by are left
// out of the lines word translations are learned from.
func TestWithoutNames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text  string
		names []string
		want  string
	}{
		{"Teferi, Hero of Dominaria gets +1/+1. Teferi deals 2 damage.", englishNames(Card{Name: "Teferi, Hero of Dominaria"}), "  gets +1/+1.   deals 2 damage."},
		{"When Fire deals damage, Ice taps.", englishNames(Card{Name: "Fire // Ice"}), "When   deals damage,   taps."},
		{"ドミナリアの英雄、テフェリーは+1/+1の修整を受ける。テフェリーは2点のダメージを与える。", localNames("ドミナリアの英雄、テフェリー"), " は+1/+1の修整を受ける。 は2点のダメージを与える。"},
		{"Draw a card.", englishNames(Card{Name: "Opt"}), "Draw a card."},
	} {
		if got := withoutNames(tc.text, tc.names); got != tc.want {
			t.Errorf("withoutNames(%q, %q) = %q, want %q", tc.text, tc.names, got, tc.want)
		}
	}
}

// TestPlayersWords: the words players use for a situation the rules name
// otherwise (the term glossary's say_* lists) find the rules of it: an
// empty library is a library with no cards in it, a land drop is playing a
// land, « jouer » is to play, a token gone to the graveyard or bounced is
// one in a zone other than the battlefield.
func TestPlayersWords(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	rd := ix.reader()
	defer rd.close()
	for _, tc := range []struct{ q, lang, topic string }{
		{"what happens when my library is empty and I have to draw?", "en", "draw from an empty library"},
		{"je pioche sur une bibliothèque vide, je perds ?", "fr", "draw from an empty library"},
		{"ライブラリーが空のときにドローしたらどうなる？", "ja", "draw from an empty library"},
		{"how many land drops do I get per turn?", "en", "play a land"},
		{"Combien de terrains je peux jouer par tour ?", "fr", "Play"},
		{"if a token gets bounced to my hand can i recast it", "en", "token leaves the battlefield"},
		{"un jeton qui va au cimetière, il se passe quoi", "fr", "token leaves the battlefield"},
		{"トークンが墓地に行ったらどうなる？", "ja", "token leaves the battlefield"},
		{"第７層ではどんな効果が適用される？", "ja", "Layer"},
		{"同じ層にある継続的効果ってどっちから適用するの？", "ja", "Layer"},
		{"Oko voleur de couronnes : l'élan garde les capacités qu'il gagne après ?", "fr", "keep"},
		{"un éphémère il va où une fois résolu ?", "fr", "Resolve"},
		{"does floating mana carry over from main phase into combat or does it go away", "en", "unspent mana"},
		{"le mana flottant reste d'une étape à l'autre ?", "fr", "unspent mana"},
		{"浮いたマナは次のステップまで残る？", "ja", "unspent mana"},
		{"格闘の呪文に対応して片方のクリーチャーが死んだら、もう片方はダメージを与える？", "ja", "Fight"},
		{"Combien de cartes pioche-t-on en début de partie et comment marche le mulligan ?", "fr", "Starting the Game"},
		{"ゲーム開始時に何枚引く？", "ja", "Starting the Game"},
		{"combien de cartes max en main à la fin du tour ?", "fr", "Maximum Hand Size"},
		{"what's the max cards in hand at end of turn?", "en", "Maximum Hand Size"},
		{"バウンスされたトークンはどうなる？", "ja", "return to its owner's hand"},
		{"un jeton bounce, il devient quoi ?", "fr", "return to its owner's hand"},
		{"ライブラリーをサーチしたら切り直す？", "ja", "Search"},
		{"si je tutor une carte, je dois mélanger ?", "fr", "Search"},
		{"ハンデスされたカードは公開される？", "ja", "Discard"},
		{"ブリンクしたクリーチャーは召喚酔いになる？", "ja", "flicker"},
		{"リアニメイトしたクリーチャーは速攻なしで攻撃できる？", "ja", "return from the graveyard to the battlefield"},
		{"can a PW be attacked by a creature with menace?", "en", "Planeswalkers"},
		{"mes PW peuvent bloquer ?", "fr", "Planeswalkers"},
		{"what happens when I roll the planeswalker symbol?", "en", "Planeswalker Symbol"},
	} {
		if names := topicNames(ix, ix.analyze(tc.q, tc.lang, rd)); !hasName(names, tc.topic) {
			t.Errorf("%q: topics %v, want %q among them", tc.q, names, tc.topic)
		}
	}
	// Whether a token dies is what a question asks, not a token that has
	// left: the phrase is no such word ("do my tokens die when they phase
	// out?" is about phasing).
	q := "do my tokens die when they get phased out by teferi's protection or do they come back"
	if names := topicNames(ix, ix.analyze(q, "en", rd)); hasName(names, "token leaves the battlefield") {
		t.Errorf("%q: topics %v, want no token leaving the battlefield", q, names)
	}
	checkFirstHits(t, ix, []firstHit{
		{"what happens when my library is empty and I have to draw?", "en", "cr:121.4"},
		{"ライブラリーが空のときにドローしたらどうなる？", "ja", "cr:121.4"},
		{"how many land drops do I get per turn?", "en", "cr:305.2"},
		// 304.2: "When an instant spell resolves, … Then it's put into its
		// owner's graveyard."
		{"un éphémère il va où une fois résolu ?", "fr", "cr:304.2"},
		// 106.4: unspent mana "can stay in the player's mana pool…
		// Each player's mana pool empties at the end of each step and
		// phase".
		{"le mana flottant reste d'une étape à l'autre ?", "fr", "cr:106.4"},
		{"浮いたマナは次のステップまで残る？", "ja", "cr:106.4"},
		// 103.5: "Each player draws a number of cards equal to their
		// starting hand size… A player who is dissatisfied with their
		// initial hand may take a mulligan."
		{"Combien de cartes pioche-t-on en début de partie et comment marche le mulligan ?", "fr", "cr:103.5"},
	})
	// A token in another zone ceases to exist: 111.7 or its state-based
	// action, 704.5d.
	for _, tc := range []struct{ q, lang string }{
		{"if a token gets bounced to my hand can i recast it", "en"},
		{"トークンが墓地に行ったらどうなる？", "ja"},
	} {
		res, err := ix.Search(context.Background(), Query{Text: tc.q, Lang: tc.lang, K: 5})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) == 0 || !hitMatches(res.Hits[0], []string{"cr:111.7", "cr:704.5d"}) {
			t.Errorf("%q: hits %v, want 111.7 or 704.5d first", tc.q, ids(res.Hits))
		}
	}
}

// TestTextsOfATopic: a text that speaks of what a topic does without
// naming it covers the topic. 702.2c says deathtouch damage is lethal "for
// the purposes of determining if excess damage is being dealt", which is
// trample's; it answers whether deathtouch works with trample.
func TestTextsOfATopic(t *testing.T) {
	t.Parallel()
	checkFirstHits(t, fullIndex(t), []firstHit{
		{"Does deathtouch work with trample?", "en", "cr:702.2c"},
		{"le contact mortel marche avec le piétinement ?", "fr", "cr:702.2c"},
		{"接死とトランプルの組み合わせはどうなる？", "ja", "cr:702.2c"},
		// The words alone name no topic: excess damage is its own.
		{"what is excess damage?", "en", "cr:120.4a"},
		// A transformed card is a double-faced one: 707.8a, on copying a
		// double-faced card, comes before Clone's own rulings.
		{"A Clone copying a transformed card, what does it copy?", "en", "cr:707.8a"},
		{"変身したカードをクローンでコピーしたら何をコピーする？", "ja", "cr:707.8a"},
	})
}
