package kb

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func TestJapaneseAnalyzer(t *testing.T) {
	m, err := newMapping()
	if err != nil {
		t.Fatal(err)
	}
	a := m.AnalyzerNamed(jaAnalyzerName)
	if a == nil {
		t.Fatal("no Japanese analyzer")
	}
	tests := []struct {
		in   string
		want []string
	}{
		// A word in katakana is one term, where the dictionary knows
		// shorter words in it (トー|クン, トーク|ン, アン|タップ, マリ|ガン).
		// Symbols are dropped.
		{"フェイズ・アウトしたトークンは", []string{"フェイズ", "アウト", "トークン"}},
		{"トークンじゃない", []string{"トークン"}},
		{"アンタップする", []string{"アンタップ"}},
		{"マリガンのルール", []string{"マリガン", "ルール"}},
		{"宝物トークン", []string{"宝物", "トークン"}},
		{"「オーラ」", []string{"オーラ"}},
		// Verbs and adjectives by their base form, whatever their inflection.
		{"戦場を離れた", []string{"戦場", "離れる"}},
		{"戦場を離れない", []string{"戦場", "離れる"}},
		{"強かった", []string{"強い"}},
		{"破壊された", []string{"破壊"}},
		// Full- and half-width forms fold to one term.
		{"ﾄｰｸﾝ", []string{"トークン"}},
		{"ＡＢＣ", []string{"abc"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var got []string
			for _, tok := range a.Analyze([]byte(tt.in)) {
				got = append(got, string(tok.Term))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("terms %q, want %q", got, tt.want)
			}
		})
	}
}

// TestFunctionWords: the English and French analyzers keep the words rules
// turn on ("before", "not", "out", "pas", "même") and drop the others of
// bleve's stop lists; a question that differs from a card's other rulings
// only by such a word ("before or after") opens on the ruling that holds
// it, in every language.
func TestFunctionWords(t *testing.T) {
	t.Parallel()
	m, err := newMapping()
	if err != nil {
		t.Fatal(err)
	}
	analyze := func(analyzer, s string) string {
		var out []string
		for _, tk := range m.AnalyzerNamed(analyzer).Analyze([]byte(s)) {
			out = append(out, string(tk.Term))
		}
		return strings.Join(out, " ")
	}
	for _, tt := range []struct{ analyzer, text, want string }{
		{enAnalyzerName, "Does it resolve before or after the spell?", "resolv befor after spell"},
		{enAnalyzerName, "The creature phases out; each player, not only you", "creatur phase out each player not onli"},
		{frAnalyzerName, "Ce n'est pas la même créature, sans marqueur", "pas même creatur san marqueu"},
	} {
		if got := analyze(tt.analyzer, tt.text); got != tt.want {
			t.Errorf("%s(%q) = %q, want %q", tt.analyzer, tt.text, got, tt.want)
		}
	}
	for _, tt := range []struct {
		lang, term string
		want       bool
	}{{"en", "befor", true}, {"en", "onli", true}, {"en", "creatur", false}, {"fr", "pas", true}, {"fr", "creatur", false}, {"ja", "前", false}} {
		if got := functionTerm(tt.lang, tt.term); got != tt.want {
			t.Errorf("functionTerm(%s, %q) = %v", tt.lang, tt.term, got)
		}
	}

	ix := fullIndex(t)
	const want = "ruling:794255b1-d94d-4de4-ac0a-87ef743f9102:3" // "It will resolve before that spell."
	for _, q := range []string{
		"mistfire adept: does prowess resolve before or after the spell that triggered it?",
		"Expert brumefeu, la prouesse se résout avant ou après le sort qui l'a déclenchée ?",
		"霧炎の達人の果敢って、誘発させた呪文より先に解決する？",
	} {
		res, err := ix.Search(context.Background(), Query{Text: q, K: 3})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) == 0 || res.Hits[0].Doc.ID != want {
			t.Errorf("%q opens on %v, want %s", q, ids(res.Hits), want)
		}
	}
}

// TestQuestionWords: the words questions are asked with are recognized in
// the form the analyzers give them ("peut" is "peu" to the French
// stemmer), and words of the game are not.
func TestQuestionWords(t *testing.T) {
	t.Parallel()
	m, err := newMapping()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		lang, analyzer, word string
		want                 bool
	}{
		{"fr", frAnalyzerName, "peut", true},
		{"fr", frAnalyzerName, "si", true},
		{"fr", frAnalyzerName, "lequel", true},
		{"fr", frAnalyzerName, "quand", true},
		{"fr", frAnalyzerName, "pourquoi", true},
		{"fr", frAnalyzerName, "moment", true}, // « à quel moment » asks when
		{"fr", frAnalyzerName, "marqueur", false},
		{"fr", frAnalyzerName, "sacrifier", false},
		{"en", enAnalyzerName, "someone", true},
		{"en", enAnalyzerName, "sacrifice", false},
		// "will still resolve", "can still attack": rulings turn on it.
		{"en", enAnalyzerName, "still", false},
		{"ja", jaAnalyzerName, "誰", true},
		{"ja", jaAnalyzerName, "なんで", true},
		{"ja", jaAnalyzerName, "まだ", true},
		{"ja", jaAnalyzerName, "墓地", false},
	} {
		terms := m.AnalyzerNamed(tt.analyzer).Analyze([]byte(tt.word))
		if len(terms) != 1 {
			t.Fatalf("%s: %q gives %d terms", tt.lang, tt.word, len(terms))
		}
		if got := questionWord(tt.lang, string(terms[0].Term)); got != tt.want {
			t.Errorf("questionWord(%s, %q from %q) = %v, want %v", tt.lang, terms[0].Term, tt.word, got, tt.want)
		}
	}
}

// TestAsksByTranslation: a French or Japanese word the printed cards
// translate by an English question word says how the question is asked,
// as the English word does.
func TestAsksByTranslation(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	for _, tt := range []struct {
		lang, word string
		want       bool
	}{
		{"fr", "aussi", true},     // also
		{"fr", "créature", false}, // creature
		{"ja", "クリーチャー", false},   // creature
	} {
		terms := ix.analyzeWith(ix.jaMode.analyzers()[tt.lang], tt.word)
		if len(terms) != 1 {
			t.Fatalf("%s: %q gives %v", tt.lang, tt.word, terms)
		}
		if got := ix.asks(tt.lang, terms[0]); got != tt.want {
			t.Errorf("asks(%s, %q from %q) = %v (translations %v), want %v", tt.lang, terms[0], tt.word, got, ix.trans[tt.lang][terms[0]], tt.want)
		}
	}
}

// TestFrenchCognates: a French word the cards do not translate is looked
// for in the English texts as the English word its stem spells
// ("variante", variant), and the question finds the texts; a short stem
// ("pour") is not taken for one.
func TestFrenchCognates(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	ctx := context.Background()
	for _, tt := range []struct {
		q, term string
		want    bool
	}{
		{"dans quelle variante les joueurs d'une équipe partagent leurs points de vie ?", "variant", true},
		{"un seigneur hors phase, son bonus continue de s'appliquer à mes autres créatures ?", "continu", true},
		{"pour lancer un sort, on paie le coût ?", "pour", false},
	} {
		p, err := ix.Prepare(ctx, Query{Text: tt.q, Lang: "fr", K: 5})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, c := range p.pr.plan.concepts {
			for _, a := range c.alts {
				found = found || a.fields[0] == fTextEN && slices.Equal(a.terms, []string{tt.term})
			}
		}
		if found != tt.want {
			t.Errorf("%q: English %q looked for: %t, want %t", tt.q, tt.term, found, tt.want)
		}
	}
	res, err := ix.Search(ctx, Query{Text: "en variante Empereur, on utilise l'option de déploiement des créatures ?", Lang: "fr", K: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) == 0 {
		t.Error("the Emperor variant question in French finds nothing")
	}
}
