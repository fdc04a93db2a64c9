package kb

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func TestRedirect(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"See Landwalk.", true},
		{"See Active Player, Nonactive Player Order.", true},
		{"See rule 702.14.", true},
		{"A way of playing in which each player gets a quantity of unopened Magic product and creates their own deck on the spot. See rule 100.2.", false},
		{"See rule 702.14. Landwalk is an evasion ability.", false},
		{"Seems fine.", false},
		{"", false},
	} {
		if got := redirect(tc.text); got != tc.want {
			t.Errorf("redirect(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	// A redirect is cited through what it names, never as an answer.
	if !heading(Doc{Kind: KindGlossary, Text: "See Landwalk."}) {
		t.Error("a glossary redirect is not read as a heading")
	}
	if heading(Doc{Kind: KindRuling, Text: "See Landwalk."}) {
		t.Error("a ruling that starts with See is read as a heading")
	}
}

// TestRulesTermsInEveryLanguage: the Comprehensive Rules' own terms
// (formats, the parts of a card, rules sections), asked in French or
// Japanese, find the texts that define them, on the full index.
func TestRulesTermsInEveryLanguage(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	named := 0
	mtg := 0
	for _, tp := range ix.topics {
		if tp.Game == "ygo" {
			continue
		}
		mtg++
		if len(tp.Names["fr"]) > 0 || len(tp.Names["ja"]) > 0 {
			named++
		}
	}
	// 358 of 847 before the rules' own terms were added to the glossary.
	if share := ratio(named, mtg); share < 0.75 {
		t.Errorf("%d of %d game topics have a French or Japanese name (%.0f%%), want 75%%", named, mtg, 100*share)
	}
	for _, tc := range []struct {
		q, lang string
		expect  []string
	}{
		{"サイドボードは何枚まで？", "ja", []string{"glossary:sideboard", "cr:100.4+"}},
		{"リミテッドって何？", "ja", []string{"glossary:limited", "cr:100.2+"}},
		{"ロンドン・マリガンのやり方は？", "ja", []string{"cr:103.5+", "glossary:london-mulligan"}},
		{"Comment marche le mulligan de Londres ?", "fr", []string{"cr:103.5+", "glossary:mulligan", "glossary:london-mulligan"}},
		{"固有色って何？", "ja", []string{"cr:903.4+", "glossary:color-identity"}},
		{"C'est quoi l'identité couleur en Commander ?", "fr", []string{"cr:903.4+", "glossary:color-identity"}},
		// Keywords by the English loanwords Japanese players use.
		{"ライフリンク持ちがダメージを与えたらライフはいくら得る？", "ja", []string{"cr:702.15+", "glossary:lifelink"}},
		{"ヘイストってどういう能力？", "ja", []string{"cr:702.10+", "glossary:haste"}},
		// Keyword actions by their printed French verbs, conjugated.
		{"si je surmène ma créature, elle se dégage à mon prochain tour ?", "fr", []string{"cr:701.43+", "glossary:exert"}},
		{"comment marche la confrontation ?", "fr", []string{"cr:701.30+", "glossary:clash"}},
		{"en variante Empereur, on utilise l'option de déploiement des créatures ?", "fr", []string{"cr:809.3b", "cr:804.1"}},
		// A glossary entry that only sends elsewhere is never the answer.
		{"森渡りって何？", "ja", []string{"cr:702.14+"}},
	} {
		res, err := ix.Search(context.Background(), Query{Text: tc.q, Lang: tc.lang, K: 3})
		if err != nil {
			t.Fatal(err)
		}
		if rankOf(res.Hits, tc.expect) == 0 {
			var got []string
			for _, h := range res.Hits {
				got = append(got, h.Doc.ID)
			}
			t.Errorf("%q: want one of %v in the first 3, got %v", tc.q, tc.expect, got)
		}
		for _, h := range res.Hits {
			if h.Doc.Kind == KindGlossary && redirect(h.Doc.Text) {
				t.Errorf("%q cites %s, which only sends elsewhere", tc.q, h.Doc.ID)
			}
		}
	}
}

// TestSubjectTopic: the topic a question is about is the first it names
// in English and French, and the one marked as the sentence's topic in
// Japanese (or the last, the head of the phrase).
func TestSubjectTopic(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	rd := ix.reader()
	defer rd.close()
	for _, tc := range []struct{ q, lang, want string }{
		{"Does an Aura stay on a creature that phases out?", "en", "Aura"},
		{"Does deathtouch work with trample?", "en", "Deathtouch"},
		{"Une Aura reste-t-elle sur une créature qui passe hors phase ?", "fr", "Aura"},
		{"フェイズ・アウトしたクリーチャーについているオーラはどうなる？", "ja", "Aura"},
		{"トランプルを持つクリーチャーに接死があったら？", "ja", "Deathtouch"},
	} {
		a := ix.analyze(tc.q, tc.lang, rd)
		i := subjectTopic(a.text, a.topics, tc.lang)
		if i < 0 {
			t.Errorf("%q: no subject among %d topics", tc.q, len(a.topics))
			continue
		}
		if got := ix.topics[a.topics[i].topic].Name; !strings.EqualFold(got, tc.want) {
			t.Errorf("%q: subject %q, want %q", tc.q, got, tc.want)
		}
	}
	if subjectTopic("anything", nil, "en") != -1 {
		t.Error("a question naming no topic has a subject")
	}
}

// TestMostSpecificRules: of the rules a topic is said to be defined by, a
// section gives way to a rule of it.
func TestMostSpecificRules(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want []string }{
		{[]string{"104", "104.3a"}, []string{"104.3a"}},
		{[]string{"104.3a", "104"}, []string{"104.3a"}},
		{[]string{"702.26", "702.26b", "110.5"}, []string{"702.26b", "110.5"}},
		{[]string{"702.2", "702.21"}, []string{"702.2", "702.21"}}, // 702.21 is not under 702.2
		{[]string{"508"}, []string{"508"}},
		{nil, nil},
	} {
		if got := mostSpecific(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("mostSpecific(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
	// Conceding is defined by 104.3a, not by every rule of 104, "Ending
	// the Game", which the Comprehensive Rules' glossary points to.
	ix := fullIndex(t)
	p, err := ix.Prepare(context.Background(), Query{Text: "can i concede while my opponent's spell is still on the stack?", Lang: "en", K: 5})
	if err != nil {
		t.Fatal(err)
	}
	var concede *concept
	for i, c := range p.pr.plan.concepts {
		if c.glossary == "glossary:concede" {
			concede = &p.pr.plan.concepts[i]
		}
	}
	if concede == nil {
		t.Fatal("no concede topic")
	}
	for ref, want := range map[string]bool{"104.3a": true, "104.2a": false, "104.1": false} {
		if got := concede.definedBy(Doc{Kind: KindRule, Ref: ref}); got != want {
			t.Errorf("concede defined by %s: %t, want %t", ref, got, want)
		}
	}
}

// TestTopicOfSeveralRules: a topic the glossary sends to several rules
// ("Phased In, Phased Out: See rules 110.5 and 702.26") is held by those
// rules, and by the rules under them that speak of it, not by every rule
// under them: 110.5c is on statuses the question does not name (a flipped
// permanent), and came first for "can a phased-out creature be targeted?".
func TestTopicOfSeveralRules(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	q := "Can a phased-out creature be targeted?"
	p, err := ix.Prepare(context.Background(), Query{Text: q, Lang: "en", K: 5})
	if err != nil {
		t.Fatal(err)
	}
	var phased *concept
	for i, c := range p.pr.plan.concepts {
		if len(c.rules) > 1 && slices.Contains(c.rules, "110.5") {
			phased = &p.pr.plan.concepts[i]
		}
	}
	if phased == nil {
		t.Fatal("no topic of rules 110.5 and 702.26")
	}
	for ref, want := range map[string]bool{"110.5": true, "702.26": true, "110.5c": false, "702.26p": false} {
		if got := phased.matched(Doc{Kind: KindRule, Ref: ref}, nil); got != want {
			t.Errorf("%s held by %s without its words: %t, want %t", phased.glossary, ref, got, want)
		}
	}
	checkFirstHits(t, ix, []firstHit{{q, "en", "cr:702.26b"}})
}

// TestOldTermsInOrdinaryWords: a term the glossary marks obsolete, with no
// rule of its own, is not what common words name in a question about the
// current rules ("does a copy count as casting it?"), but is in a question
// about the old ones; a rare word ("caster") still names its old term.
func TestOldTermsInOrdinaryWords(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	rd := ix.reader()
	defer rd.close()
	for _, tt := range []struct {
		q, topic string
		want     bool
	}{
		{"does a copy of a spell count as casting it", "glossary:counts-as-obsolete", false},
		{"am i allowed to have more than 7 cards in hand during my turn?", "glossary:during-obsolete", false},
		{"in the old rules, what did it mean when a card counts as an artifact?", "glossary:counts-as-obsolete", true},
		{"who is the caster of a copied spell?", "glossary:caster-obsolete", true},
	} {
		a := ix.analyze(tt.q, "en", rd)
		got := false
		for _, m := range a.topics {
			got = got || ix.topics[m.topic].Glossary == tt.topic
		}
		if got != tt.want {
			t.Errorf("%q names %s: %t, want %t (topics %v)", tt.q, tt.topic, got, tt.want, topicNames(ix, a))
		}
	}
}
