package kb

import (
	"reflect"
	"slices"
	"testing"
)

func TestLexFold(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Teferi's Protection", "teferis protection"},
		{"teferis  protection?", "teferis protection"},
		{"Protection de Téfeiri", "protection de tefeiri"},
		{"Lurrus of the Dream-Den", "lurrus of the dream den"},
		{"Atraxa, Praetors' Voice", "atraxa praetors voice"},
		{"法務官の声、アトラクサ", "法務官の声アトラクサ"},
		{"ブルーアイズ・カオス・MAX・ドラゴン", "ブルーアイズカオスmaxドラゴン"},
		{"Teferi's Protectionで自分の", "teferis protectionで自分の"},
		{"ＴＥＦＥＲＩ’Ｓ", "teferis"},
		{"Cercle de l'oubli", "cercle de l oubli"},
		{"Bœuf à la peau d'or", "boeuf a la peau d or"},
		{"si l'adversaire n'a qu'une carte", "si l adversaire n a qu une carte"},
		{"D’Avenant Trapper", "d avenant trapper"},
		{"don't", "dont"},
		{"完全なる世界 トゥーン・ワールド", "完全なる世界トゥーンワールド"},
	}
	for _, tt := range tests {
		got, offs := lexFold(tt.in)
		if got != tt.want {
			t.Errorf("lexFold(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if len(offs) != len(got)+1 {
			t.Errorf("lexFold(%q): %d offsets for %d bytes", tt.in, len(offs), len(got))
		}
	}
}

func TestLexiconFind(t *testing.T) {
	b := newLexBuilder()
	b.add("Fog", lexRef{Kind: lexCard, ID: 1})
	b.add("Teferi's Protection", lexRef{Kind: lexCard, ID: 2})
	b.add("Protection", lexRef{Kind: lexTopic, ID: 3})
	b.add("テフェリーの防御", lexRef{Kind: lexCard, ID: 2, Lang: "ja"})
	b.add("接死", lexRef{Kind: lexTopic, ID: 4, Lang: "ja"})
	lx, err := b.build()
	if err != nil {
		t.Fatal(err)
	}
	type m struct {
		text string
		id   int32
	}
	tests := []struct {
		q    string
		want []m
	}{
		{"Teferi's Protection and tokens", []m{{"Teferi's Protection", 2}, {"Protection", 3}}},
		{"teferis protection vs fog", []m{{"teferis protection", 2}, {"protection", 3}, {"fog", 1}}},
		{"foggy morning", nil},
		{"テフェリーの防御でトークンは", []m{{"テフェリーの防御", 2}}},
		{"接死ってどういう能力", []m{{"接死", 4}}},
		{"Teferi's Protectionで", []m{{"Teferi's Protection", 2}, {"Protection", 3}}},
		// An English possessive or plural ends a name too.
		{"can Fog's effect stop trample", []m{{"Fog's", 1}}},
		{"two fogs in one turn", []m{{"fogs", 1}}},
		{"fogsy morning", nil},
		{"teferis protections", []m{{"teferis protections", 2}, {"protections", 3}}},
	}
	for _, tt := range tests {
		var got []m
		for _, x := range lx.find(tt.q, "en") {
			got = append(got, m{tt.q[x.Start:x.End], x.Refs[0].ID})
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("find(%q) = %v, want %v", tt.q, got, tt.want)
		}
	}
}

func TestSingularFold(t *testing.T) {
	for in, want := range map[string]string{
		"une creature attaquante retiree du combat": "une creature attaquante retire du combat",
		"les jetons sont retires":                   "les jeton sont retire",
		"actions basees sur un etat":                "action base sur un etat",
		"cibles illegales":                          "cible illegale",
	} {
		f, offs := lexFold(in)
		got, o := singularFold(f, offs)
		if got != want || len(o) != len(got)+1 {
			t.Errorf("singularFold(%q) = %q (%d offsets), want %q", in, got, len(o), want)
		}
	}
}

// TestFrenchVerbForms conjugates the French names that start with a verb
// of the first group, as questions write them.
func TestFrenchVerbForms(t *testing.T) {
	for _, tc := range []struct {
		name string
		want []string
		not  []string
	}{
		{"attaquer", []string{"attaque", "attaquent", "attaqué", "attaquées", "attaquez", "attaquant"}, nil},
		{"se déclencher", []string{"déclenche", "se déclenche", "déclenchent", "déclenché"}, nil},
		{"payer", []string{"paye", "paie", "paient", "payé"}, nil},
		{"engager", []string{"engage", "engageant", "engagée"}, nil},
		{"lancer", []string{"lance", "lançant"}, []string{"lancant"}},
		{"révéler", []string{"révèle", "révèlent", "révélé"}, []string{"révéle"}},
		{"attaquer seul", []string{"attaque seul"}, nil},
		{"détruire", nil, []string{"détruit"}},
		{"champ de bataille", nil, nil},
		{"Commander", nil, nil},
	} {
		got := frenchVerbForms(tc.name)
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q: forms %v lack %q", tc.name, got, w)
			}
		}
		for _, w := range tc.not {
			if slices.Contains(got, w) {
				t.Errorf("%q: forms %v hold %q", tc.name, got, w)
			}
		}
		if tc.want == nil && len(got) > 0 {
			t.Errorf("%q: forms %v, want none", tc.name, got)
		}
	}
}

// TestGivenNameJA: a legendary card whose English name has an epithet and
// whose Japanese name puts it before the name with の is found by its
// given name in katakana alone; a name after の in kanji (日暮, the word
// daybound) or of a card without an epithet is not a given name.
func TestGivenNameJA(t *testing.T) {
	b := newLexBuilder()
	addGivenNameJA(b, "鏡割りのキキジキ", "Kiki-Jiki, Mirror Breaker", lexRef{Kind: lexCard, ID: 1, Lang: "ja"})
	addGivenNameJA(b, "静風の日暮", "Higure, the Still Wind", lexRef{Kind: lexCard, ID: 2, Lang: "ja"})
	addGivenNameJA(b, "精霊のドラゴン", "Spirit Dragon", lexRef{Kind: lexCard, ID: 3, Lang: "ja"})
	addGivenNameJA(b, "星界の大蛇、コーマ", "Koma, Cosmos Serpent", lexRef{Kind: lexCard, ID: 4, Lang: "ja"})
	lx, err := b.build()
	if err != nil {
		t.Fatal(err)
	}
	for q, want := range map[string]int32{"キキジキでコピーしたら？": 1, "日暮のクリーチャー": 0, "ドラゴンは何体": 0, "コーマの能力": 0} {
		var got int32
		for _, x := range lx.find(q, "ja") {
			got = x.Refs[0].ID
			if !x.Refs[0].Part {
				t.Errorf("find(%q): %v is a whole name, want a part", q, x.Refs[0])
			}
		}
		if got != want {
			t.Errorf("find(%q) = card %d, want %d", q, got, want)
		}
	}
}
