package kb

import (
	"context"
	"slices"
	"testing"
)

func TestCountsSeveral(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text, lang string
		want       bool
	}{
		{"panharmonicon with two copies, how many triggers?", "en", true},
		{"raid bombardment with 3 small attackers, is it 1 dmg total or 3?", "en", true},
		{"can an enchantment have more than one subtype?", "en", true},
		{"creatures with power 2 or less", "en", false},
		{"what gets applied in layer 7?", "en", false},
		{"what does deathtouch do?", "en", false},
		{"Si une carte a deux fois le déphasage, ça fait quoi ?", "fr", true},
		{"j'attaque avec 3 créatures de force 1", "fr", true},
		{"que fait le contact mortel ?", "fr", false},
		{"パンハモニコン２枚だと何回誘発する？", "ja", true},
		{"フェイジングを2つ持つパーマネントはどうなる？", "ja", true},
		{"1つのパーマネントにフェイジングが複数あったらどうなる", "ja", true},
		{"接死ってどういう能力？", "ja", false},
	} {
		if got := countsSeveral(tc.text, tc.lang); got != tc.want {
			t.Errorf("countsSeveral(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestSeveralInWords: a question that counts several of a thing finds
// the text that says "multiple" or "more than one"; a name that counts
// ("Three Seasons") does not.
func TestSeveralInWords(t *testing.T) {
	t.Parallel()
	checkFirstHits(t, fullIndex(t), []firstHit{
		// 616.1: "If two or more replacement and/or prevention effects
		// are attempting to modify the way an event affects an object or
		// player, the affected object's controller … chooses one".
		{"置換効果が２つあるとき、どちらを先に適用するか誰が決める？", "ja", "cr:616.1"},
		// 三つの季節 is The Three Seasons: its printed text, nothing of
		// multiples.
		{"三つの季節ってどんな効果？", "ja", "card:a38ebf4a-064c-4517-a553-15f0a252c159"},
		// Raid Bombardment, ruling 2: "If you attack with multiple
		// creatures with power 2 or less, Raid Bombardment's ability
		// triggers for each of them separately." The creatures counted
		// are named by a topic (attackers).
		{"raid bombardment with 3 small attackers, is it 1 dmg total or 3?", "en", "ruling:1734e777-d34a-4526-ae24-ef034f147cc5:2"},
	})
}

// TestLeavingInWords: a question about a permanent destroyed, sacrificed
// or bounced finds the text that says it leaves the battlefield.
func TestLeavingInWords(t *testing.T) {
	t.Parallel()
	checkFirstHits(t, fullIndex(t), []firstHit{
		// Song of Freyalise, ruling 5: "Once a chapter ability has
		// triggered, the ability on the stack won't be affected if the
		// Saga gains or loses counters, or if it leaves the battlefield."
		{"Chant de Freyalise détruit en réponse au chapitre III, le chapitre se résout quand meme ?", "fr", "ruling:9fe1f3ef-2c30-4ccc-9a67-5349e98e2502:5"},
	})
}

// TestVariableX checks that X, the variable of costs, is looked for in the
// English texts from a French or Japanese question: it is X in every
// language.
func TestVariableX(t *testing.T) {
	t.Parallel()
	checkFirstHits(t, fullIndex(t), []firstHit{
		// Possibility Storm, ruling 5: "If the spell you cast from exile
		// has X in its mana cost, you must choose 0 as its value."
		{"吹き荒れる潜在能力でXを含む呪文を唱えると？", "ja", "ruling:8586169f-cb8c-4424-ba64-a7c1cc00680e:5"},
		{"Orage de probabilités : je lance un sort avec X, X vaut combien ?", "fr", "ruling:8586169f-cb8c-4424-ba64-a7c1cc00680e:5"},
	})
}

// TestReflexiveIsNotSame checks that « lui-même » (itself) is not read as
// « même » (same): "same" would take the question to the rulings that say
// "at the same time".
func TestReflexiveIsNotSame(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	for _, q := range []string{"Dans la brèche, on peut le raccorder sur lui-même ?", "elles se ciblent elles-mêmes ?", "Eux-memes ?"} {
		checkNoConceptTerm(t, ix, q, "fr", "même", "same")
	}
}

// TestItself checks that "itself", « lui-même » and 自身 tell apart the
// rulings a card's name and keyword tie: Through the Breach, ruling 4, "A
// card with a splice ability can't be spliced onto itself", and not
// ruling 3, "Each individual card can be spliced only once onto any one
// spell".
func TestItself(t *testing.T) {
	t.Parallel()
	want := "ruling:c207aaee-0b67-4520-ad02-2c289228be2a:4"
	checkFirstHits(t, fullIndex(t), []firstHit{
		{"can through the breach splice onto itself?", "en", want},
		{"Dans la brèche, on peut le raccorder sur lui-même ?", "fr", want},
		{"裂け目の突破を自分自身に連繋できる？", "ja", want},
	})
}

// TestManaOfAColour checks that mana of a colour is found as the texts
// write it, by its symbol: Clutch of Currents, ruling 5, "…a Forest
// that's turned into a creature this way can still tap for {G}".
func TestManaOfAColour(t *testing.T) {
	t.Parallel()
	want := "ruling:2c6658c3-8c0e-46c9-8127-bc5b77eb0dab:5"
	checkFirstHits(t, fullIndex(t), []firstHit{
		{"does clutch of currents awaken on a forest still tap for green mana?", "en", want},
		{"掴み掛かる水流の覚醒で森をクリーチャーにしても緑マナ出せる？", "ja", want},
	})
}

// TestEncoreInFrench checks that « encore » (still) in a French question
// is the word, not the keyword Encore, unless set apart as a name.
func TestEncoreInFrench(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	checkNoConceptTerm(t, ix, "Emprise des courants avec éveil sur une Forêt, elle produit encore du mana vert ?", "fr", "encor")
	checkFirstHits(t, ix, []firstHit{{"comment marche Encore ?", "fr", "cr:702.141a"}})
}

// TestHappensFR checks that « se passer », to happen, phrases the
// question: its « passe » was translated "skip" and took « Que se
// passe-t-il pendant la phase de fin ? » to the glossary's "End the Combat
// Phase" (an effect skips the rest of the phase).
func TestHappensFR(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	for _, q := range []string{"Que se passe-t-il pendant la phase de fin ?", "il se passe quoi si mon jeton meurt ?", "qu'est-ce qui s'est passé ?"} {
		checkNoConceptTerm(t, ix, q, "fr", "pase", "skip")
	}
	checkFirstHits(t, ix, []firstHit{{"Que se passe-t-il pendant la phase de fin ?", "fr", "cr:512.1"}})
	// « Je passe mon tour » still skips it.
	pr, err := ix.prepare(context.Background(), Query{Text: "si je passe mon étape de pioche", Lang: "fr"})
	if err != nil {
		t.Fatal(err)
	}
	skip := false
	for _, c := range pr.plan.concepts {
		for _, a := range c.alts {
			skip = skip || slices.Contains(a.terms, "skip")
		}
	}
	if !skip {
		t.Error("« si je passe mon étape de pioche »: no concept looks for skip")
	}
}

// checkNoConceptTerm checks that no concept of the question's plan looks
// for any of terms.
func checkNoConceptTerm(t *testing.T, ix *Index, q, lang string, terms ...string) {
	t.Helper()
	pr, err := ix.prepare(context.Background(), Query{Text: q, Lang: lang})
	if err != nil {
		t.Fatal(err)
	}
	if pr.plan == nil {
		t.Fatalf("%q: no plan", q)
	}
	for _, c := range pr.plan.concepts {
		for _, a := range c.alts {
			if slices.ContainsFunc(a.terms, func(x string) bool { return slices.Contains(terms, x) }) {
				t.Errorf("%q: a concept holds %v", q, a.terms)
			}
		}
	}
}

// TestFillerWords checks that the words by which people stress or phrase
// a question ("具体的に", « exactement », "want") are not read as what it asks
// about: 的 was translated "heroic" (from 英雄的), and with 具体 it left
// "プロテクションって具体的に何を防ぐ能力なの？" unanswered.
func TestFillerWords(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	for _, tc := range []struct{ q, lang, filler string }{
		{"プロテクションって具体的に何を防ぐ能力なの？", "ja", "具体"},
		{"le piétinement, ça marche comment exactement ?", "fr", "exact"},
		{"can I sacrifice a creature whenever I want?", "en", "want"},
	} {
		checkNoConceptTerm(t, ix, tc.q, tc.lang, tc.filler, "的", "heroic")
		res, err := ix.Search(context.Background(), Query{Text: tc.q, Lang: tc.lang, K: 5})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) == 0 {
			t.Errorf("%q: nothing found", tc.q)
		}
	}
	// "want" took the question to banding's "as many attacking bands as
	// they want".
	checkFirstHits(t, ix, []firstHit{{"can I sacrifice a creature whenever I want?", "en", "cr:701.21a"}})
}

// firstHit is a question and the text its first hit cites.
type firstHit struct{ q, lang, first string }

// checkFirstHits asks each question and checks that its first hit cites
// the text wanted (itself, or as the original of a translation).
func checkFirstHits(t *testing.T, ix *Index, cases []firstHit) {
	t.Helper()
	for _, tc := range cases {
		res, err := ix.Search(context.Background(), Query{Text: tc.q, Lang: tc.lang, K: 5})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) == 0 || !hitMatches(res.Hits[0], []string{tc.first}) {
			t.Errorf("%q: hits %v, want the first %s", tc.q, ids(res.Hits), tc.first)
		}
	}
}
