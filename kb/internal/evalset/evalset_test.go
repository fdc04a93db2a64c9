package evalset

import (
	"fmt"
	"strings"
	"testing"
)

func TestGroup(t *testing.T) {
	t.Parallel()
	const oracle = "0d4ecdb1-ec90-497f-a7a4-1c68092b8757"
	for _, tc := range []struct{ id, want string }{
		{"ruling:" + oracle + ":20", "card:" + oracle},
		{"ruling:" + oracle + ":*", "card:" + oracle},
		{"card:" + oracle, "card:" + oracle},
		{"card:" + oracle + ".fr", "card:" + oracle},
		{"card:4ae2750e-3650-42df-a539-ea4cb72fa136/b.ja", "card:4ae2750e-3650-42df-a539-ea4cb72fa136"},
		{"card:unite-the-coalition", "card:unite-the-coalition"},
		{"cr:702.19c", "cr:702.19"},
		{"cr:702.19+", "cr:702.19"},
		{"cr:702.19", "cr:702.19"},
		{"cr:701.3a", "cr:701.3"},
		{"cr:702", "cr:702"},
		{"cr:707.8", "cr:707"},
		{"cr:707.8a", "cr:707"},
		{"cr:103.5+", "cr:103"},
		{"cr@2026-01-16:702.26d", "cr:702.26"},
		{"cr@2026-01-16:514.2", "cr:514"},
		// From the generated table: a glossary entry goes with its rule,
		// a Yu-Gi-Oh! record with its first card, a corpus document
		// (translations too) with its card or rule.
		{"glossary:deathtouch", "cr:702.2"},
		{"glossary@2026-01-16:deathtouch", "cr:702.2"},
		{"glossary:stack", "cr:405"},
		{"ygo:ygoresources-qa-12781", "ygo-card:4826"},
		{"wotc-2022-02-18-phasing-2.ja", "card:debc69ea-372a-4720-838a-16856cd50b07"},
		{"wotc-2022-09-09-phasing-1", "card:unite-the-coalition"},
		{"forum-dephasage-502.15i", "cr:702.26"},
		{"ygo-phase-effects-conclusion.en", "corpus:ygo-phase-effects-fr"},
		{"none:chess-castling", "none:chess-castling"},
	} {
		if got := Group(tc.id); got != tc.want {
			t.Errorf("Group(%q) = %q, want %q", tc.id, got, tc.want)
		}
	}
}

func TestSplitOf(t *testing.T) {
	t.Parallel()
	// The hash spreads groups about 45/20/35.
	n := map[Split]int{}
	const total = 20000
	for i := range total {
		n[SplitOf(fmt.Sprintf("card:%d", i))]++
	}
	for s, want := range map[Split]float64{Train: 0.45, Dev: 0.20, Test: 0.35} {
		if got := float64(n[s]) / total; got < want-0.02 || got > want+0.02 {
			t.Errorf("%s holds %.3f of the groups, want about %.2f", s, got, want)
		}
	}
	// Groups the older sets touch are never in Test, and the split does
	// not depend on anything but the group.
	for _, g := range []string{"cr:702.26", "cr:702.19", "cr:702.2", "cr:707", "card:0d4ecdb1-ec90-497f-a7a4-1c68092b8757"} {
		if !seenGroup(g) {
			t.Errorf("%s is not listed as seen", g)
		}
		if s := SplitOf(g); s == Test || s != SplitOf(g) {
			t.Errorf("SplitOf(%s) = %s", g, s)
		}
	}
}

func TestRowSplit(t *testing.T) {
	t.Parallel()
	r := Row{Q: "x", Lang: "en", Expect: []string{"cr:702.19b", "ruling:a:1"}}
	if got := r.MainGroup(); got != "cr:702.19" {
		t.Errorf("MainGroup = %q, want the first expected ID's group", got)
	}
	if got := r.Groups(); strings.Join(got, " ") != "cr:702.19 card:a" {
		t.Errorf("Groups = %q", got)
	}
	touched := 0
	for _, s := range Splits() {
		if r.Touches(s) {
			touched++
		}
	}
	if touched == 0 || !r.Touches(r.Split()) {
		t.Errorf("row touches %d splits, its own %s included: %v", touched, r.Split(), r.Touches(r.Split()))
	}
	r.Group = "card:a"
	if r.MainGroup() != "card:a" || r.Split() != SplitOf("card:a") {
		t.Errorf("the group field does not decide the row's split")
	}
	none := Row{Q: "How  does castling work?", Lang: "en", Kind: "none"}
	if got := none.MainGroup(); got != "q:how does castling work?" {
		t.Errorf("MainGroup of an unanswerable row without group = %q", got)
	}
}

func TestScriptLang(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ q, want string }{
		{"稲妻でプロテクション（赤）のクリーチャーを対象にできる？", "ja"},
		{"Teferi's Protectionって何？", "ja"},
		{"Est-ce que je peux lancer un éphémère pendant le tour de mon adversaire ?", "fr"},
		{"c'est quoi le contact mortel", "fr"},
		{"Does deathtouch work with trample?", "en"},
		{"how does the stack work", "en"},
		{"Teferi's Protection", ""},
		{"ETB", ""},
	} {
		if got := ScriptLang(tc.q); got != tc.want {
			t.Errorf("ScriptLang(%q) = %q, want %q", tc.q, got, tc.want)
		}
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	ok := Row{Q: "Does deathtouch work with trample?", Lang: "en", Kind: "keyword", Expect: []string{"cr:702.2c", "cr:702.19b"}, Group: "cr:702.2", Item: "cr:702.2c"}
	if err := ok.Check(); err != nil {
		t.Fatalf("a good row: %v", err)
	}
	for name, tc := range map[string]struct {
		edit func(*Row)
		want string
	}{
		"language":          {func(r *Row) { r.Lang = "de" }, "want en, fr or ja"},
		"script":            {func(r *Row) { r.Lang = "ja" }, "reads as en"},
		"french as english": {func(r *Row) { r.Q = "Est-ce que le contact mortel marche avec le piétinement ?" }, "reads as fr"},
		"kind":              {func(r *Row) { r.Kind = "cards" }, "kind \"cards\""},
		"name":              {func(r *Row) { r.Name = "english" }, "name \"english\""},
		"none expects":      {func(r *Row) { r.Kind = "none"; r.Item = "none:x"; r.Group = "none:x" }, "kind none expects"},
		"nothing expected":  {func(r *Row) { r.Expect = nil }, "expects nothing"},
		"group of item":     {func(r *Row) { r.Group = "cr:702.19" }, "is in group"},
		"item not expected": {func(r *Row) { r.Item, r.Group = "cr:702.1", "cr:702.1" }, "no expected ID"},
		"bad ID":            {func(r *Row) { r.Expect = []string{"cr:702.2 c"} }, "expected ID"},
		"unanswerable item": {func(r *Row) { r.Kind, r.Expect, r.Item, r.Group = "none", nil, "cr:702.2c", "cr:702.2" }, "want none:<slug>"},
	} {
		t.Run(name, func(t *testing.T) {
			r := ok
			r.Expect = append([]string(nil), ok.Expect...)
			tc.edit(&r)
			err := r.Check()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Check() = %v, want an error with %q", err, tc.want)
			}
		})
	}
}

func TestParse(t *testing.T) {
	t.Parallel()
	rows, err := Parse("x.yaml", []byte("# comment\n- {q: \"a\", lang: en, kind: none, expect: [], item: \"none:a\", group: \"none:a\"}\n"))
	if err != nil || len(rows) != 1 || rows[0].Item != "none:a" {
		t.Fatalf("Parse = %v, %v", rows, err)
	}
	if _, err := Parse("x.yaml", []byte("- {q: \"a\", lang: en, expects: [\"cr:100.1\"]}\n")); err == nil {
		t.Error("an unknown key (expects) is accepted")
	}
	if _, err := Parse("x.yaml", []byte("- {q: \"a\", lang: en\n")); err == nil || !strings.Contains(err.Error(), "x.yaml") {
		t.Errorf("broken YAML: %v", err)
	}
}

func TestQuestionKey(t *testing.T) {
	t.Parallel()
	if QuestionKey("Ｃａｎ  I  ETB？") != QuestionKey("can i etb") {
		t.Error("width, case, spaces and the final question mark are not folded")
	}
	if QuestionKey("début") == QuestionKey("debut") {
		t.Error("accents are folded: they tell questions apart")
	}
}
