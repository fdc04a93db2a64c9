package kb

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestParseCRCounts(t *testing.T) {
	tests := []struct {
		name, file, date                                            string
		parts, sections, rules, subrules, examples, glossary, lines int
	}{
		{"20260417 BOM and LF", "mtg/cr/MagicCompRules_20260417.txt", "2026-04-17", 9, 147, 1165, 1973, 277, 730, 0},
		{"20260116 BOM, CR-only and stray CRLF", "mtg/cr/MagicCompRules_20260116.txt", "2026-01-16", 9, 146, 1157, 1957, 276, 725, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr, err := ParseCR(tt.file, readShared(t, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if cr.EffectiveDate != tt.date {
				t.Errorf("EffectiveDate = %q, want %q", cr.EffectiveDate, tt.date)
			}
			examples := 0
			for _, r := range cr.Rules {
				examples += len(r.Examples)
			}
			got := []int{cr.Count(RulePart), cr.Count(RuleSection), cr.Count(RuleRule), cr.Count(RuleSubrule), examples, len(cr.Glossary)}
			want := []int{tt.parts, tt.sections, tt.rules, tt.subrules, tt.examples, tt.glossary}
			for i, what := range []string{"parts", "sections", "rules", "subrules", "examples", "glossary entries"} {
				if got[i] != want[i] {
					t.Errorf("%s = %d, want %d", what, got[i], want[i])
				}
			}
		})
	}
}

// TestParseCROracle checks every rule and glossary entry of the 20260116
// release against the independent rulesraker parse of the same file.
func TestParseCROracle(t *testing.T) {
	const file = "mtg/cr/MagicCompRules_20260116.txt"
	cr, err := ParseCR(file, readShared(t, file))
	if err != nil {
		t.Fatal(err)
	}
	var oracle struct {
		EffectiveDate string
		Rules         []struct {
			Number, Type string
			Body         []string
			Examples     []string
		}
		Glossary []struct {
			KeyText  string
			KeyParts []string
			Body     string
		}
	}
	if err := json.Unmarshal(readShared(t, "mtg/cr/MagicCompRules_20260116.rulesraker.json"), &oracle); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(oracle.EffectiveDate, cr.EffectiveDate) {
		t.Errorf("EffectiveDate = %q, oracle says %q", cr.EffectiveDate, oracle.EffectiveDate)
	}
	kinds := map[string]RuleKind{"Part": RulePart, "Chapter": RuleSection, "Rule": RuleRule, "SubRule": RuleSubrule}
	if len(oracle.Rules) != len(cr.Rules) {
		t.Errorf("%d rules, oracle has %d", len(cr.Rules), len(oracle.Rules))
	}
	for i := 0; i < len(oracle.Rules) && i < len(cr.Rules); i++ {
		o, r := oracle.Rules[i], cr.Rules[i]
		if num := strings.TrimSuffix(o.Number, "."); r.Number != num {
			t.Fatalf("rule %d: number %q, oracle %q", i, r.Number, num)
		}
		if r.Kind != kinds[o.Type] {
			t.Errorf("%s: kind %s, oracle %s", r.Number, r.Kind, o.Type)
		}
		if body := strings.Join(o.Body, "\n"); r.Text != body {
			t.Errorf("%s: text\n%q\noracle\n%q", r.Number, r.Text, body)
		}
		if !slices.Equal(r.Examples, o.Examples) {
			t.Errorf("%s: examples %q, oracle %q", r.Number, r.Examples, o.Examples)
		}
	}
	if len(oracle.Glossary) != len(cr.Glossary) {
		t.Errorf("%d glossary entries, oracle has %d", len(cr.Glossary), len(oracle.Glossary))
	}
	for i := 0; i < len(oracle.Glossary) && i < len(cr.Glossary); i++ {
		o, g := oracle.Glossary[i], cr.Glossary[i]
		// rulesraker keeps the quotes of quoted keys and splits "Partner,
		// “Partner—[text],” ..." inside them; we drop quotes.
		var okeys []string
		for _, k := range o.KeyParts {
			okeys = append(okeys, strings.Trim(k, "“”"))
		}
		keysOK := slices.Equal(g.Keys, okeys) || strings.HasPrefix(o.KeyText, "Partner, ")
		if g.Term != o.KeyText || g.Text != o.Body || !keysOK {
			t.Errorf("glossary %d: %q %q %q, oracle %q %q %q", i, g.Term, g.Keys, g.Text, o.KeyText, o.KeyParts, o.Body)
		}
	}
}

func TestParseCRMini(t *testing.T) {
	src := readTestdata(t, "cr/mini.txt")
	cr, err := ParseCR("mini.txt", src)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, number string
		want         Rule
	}{
		{"part", "1", Rule{Number: "1", Kind: RulePart, Title: "Game Concepts", Text: "Game Concepts"}},
		{"section", "702", Rule{Number: "702", Parent: "7", Kind: RuleSection, Title: "Keyword Abilities", Text: "Keyword Abilities"}},
		{"rule with example", "100.1a", Rule{Number: "100.1a", Parent: "100.1", Kind: RuleSubrule,
			Text: "A two-player game is a game that begins with only two players.", Examples: []string{"Two players start a game."}}},
		{"rule without its dot, continuation, dash range", "100.2", Rule{Number: "100.2", Parent: "100", Kind: RuleRule,
			Text:    "To play, each player needs a deck (see rules 601.2b and 601.2f–h).\nA second paragraph continues the rule.",
			SeeAlso: []string{"601.2b", "601.2f", "601.2g", "601.2h"}}},
		{"subrule with a dot, example after a blank line", "100.2a", Rule{Number: "100.2a", Parent: "100.2", Kind: RuleSubrule,
			Text: "A subrule written with a dot. See rule 702.26, “Phasing.”", Examples: []string{"An example after a blank line."},
			SeeAlso: []string{"702.26"}}},
		{"heading rule", "702.26", Rule{Number: "702.26", Parent: "702", Kind: RuleRule, Title: "Phasing", Text: "Phasing"}},
		{"section and part references", "702.26a", Rule{Number: "702.26a", Parent: "702.26", Kind: RuleSubrule,
			Text: "Phasing is a static ability. See section 5 and rule 113.", SeeAlso: []string{"5", "113"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := cr.Rule(tt.number)
			if !ok {
				t.Fatalf("no rule %s", tt.number)
			}
			got.Line = 0
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %#v\nwant %#v", got, tt.want)
			}
		})
	}
	if cr.EffectiveDate != "2025-03-03" || cr.Encoding != "utf-8" {
		t.Errorf("date %q encoding %q", cr.EffectiveDate, cr.Encoding)
	}
	wantGloss := []GlossaryEntry{
		{Term: "Phased In, Phased Out", Keys: []string{"Phased In", "Phased Out"}, Text: "A status a permanent may have. See rule 702.26, “Phasing.”", SeeAlso: []string{"702.26"}},
		{Term: "In Play (Obsolete)", Keys: []string{"In Play"}, Obsolete: true, Text: "An obsolete term for the battlefield."},
	}
	for i := range cr.Glossary {
		cr.Glossary[i].Line = 0
	}
	if !reflect.DeepEqual(cr.Glossary, wantGloss) {
		t.Errorf("glossary\n%#v\nwant\n%#v", cr.Glossary, wantGloss)
	}
}

// TestParseCRLineEndings checks that the same text with CR-only, CRLF or
// mixed line endings, with or without BOM, parses to the same rules.
func TestParseCRLineEndings(t *testing.T) {
	lf := readTestdata(t, "cr/mini.txt")
	want, err := ParseCR("lf", lf)
	if err != nil {
		t.Fatal(err)
	}
	noBOM := bytes.TrimPrefix(lf, []byte("\xef\xbb\xbf"))
	tests := []struct {
		name string
		src  []byte
	}{
		{"CRLF", bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))},
		{"CR only", bytes.ReplaceAll(lf, []byte("\n"), []byte("\r"))},
		{"CR with stray CRLF", bytes.Replace(bytes.ReplaceAll(lf, []byte("\n"), []byte("\r")), []byte("\r"), []byte("\r\n"), 5)},
		{"no BOM", noBOM},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseCR(tt.name, tt.src)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("differs from the LF parse")
			}
		})
	}
}

func TestParseCRWindows1252(t *testing.T) {
	utf := bytes.TrimPrefix(readTestdata(t, "cr/mini.txt"), []byte("\xef\xbb\xbf"))
	cp := bytes.ReplaceAll(utf, []byte("“"), []byte{0x93})
	cp = bytes.ReplaceAll(cp, []byte("”"), []byte{0x94})
	cp = bytes.ReplaceAll(cp, []byte("–"), []byte{0x96})
	cr, err := ParseCR("cp1252.txt", cp)
	if err != nil {
		t.Fatal(err)
	}
	if cr.Encoding != "windows-1252" {
		t.Errorf("Encoding = %q, want windows-1252", cr.Encoding)
	}
	r, _ := cr.Rule("100.2a")
	if want := "A subrule written with a dot. See rule 702.26, “Phasing.”"; r.Text != want {
		t.Errorf("100.2a = %q, want %q", r.Text, want)
	}
	r, _ = cr.Rule("100.2")
	if !slices.Equal(r.SeeAlso, []string{"601.2b", "601.2f", "601.2g", "601.2h"}) {
		t.Errorf("100.2 SeeAlso = %q", r.SeeAlso)
	}
}

func TestParseCRErrors(t *testing.T) {
	mini := readTestdata(t, "cr/mini.txt")
	cut := func(marker string) []byte {
		i := bytes.LastIndex(mini, []byte(marker))
		if i < 0 {
			t.Fatalf("no %q in mini.txt", marker)
		}
		return mini[:i]
	}
	tests := []struct {
		name string
		src  []byte
		code string
		line int
	}{
		{"empty", nil, CodeEmpty, 0},
		{"only a BOM and blanks", []byte("\xef\xbb\xbf\n\n \n"), CodeEmpty, 0},
		{"binary", []byte("These rules are effective as of March 3, 2025.\n\x00\xff\xfe"), CodeBadEncoding, 0},
		{"no effective date", bytes.Replace(mini, []byte("These rules are effective"), []byte("These rules were effective"), -1), CodeNoEffectiveDate, 1},
		{"impossible date", bytes.Replace(mini, []byte("March 3, 2025"), []byte("March 33, 2025"), 1), CodeBadDate, 3},
		{"ends mid-rules", cut("702.26m"), CodeTruncated, 0},
		{"ends in the glossary", cut("Credits"), CodeTruncated, 0},
		{"duplicate rule", bytes.Replace(mini, []byte("702.26m If"), []byte("702.26k If"), 1), CodeDuplicateID, 47},
		{"stray line", bytes.Replace(mini, []byte("\n702.26k"), []byte("\nSome stray line\n702.26k"), 1), CodeBadLine, 45},
		{"rule outside its section", bytes.Replace(mini, []byte("702.26k A"), []byte("703.26k A"), 1), CodeBadLine, 45},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseCR("x.txt", tt.src)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want a *ParseError", err)
			}
			if pe.Code != tt.code || pe.File != "x.txt" || (tt.line != 0 && pe.Line != tt.line) {
				t.Errorf("err = %+v, want code %s at line %d", pe, tt.code, tt.line)
			}
		})
	}
}

func TestParseCRPhasing(t *testing.T) {
	const file = "mtg/cr/MagicCompRules_20260417.txt"
	cr, err := ParseCR(file, readShared(t, file))
	if err != nil {
		t.Fatal(err)
	}
	var letters []string
	for _, r := range cr.Rules {
		if r.Parent == "702.26" {
			letters = append(letters, strings.TrimPrefix(r.Number, "702.26"))
		}
	}
	if want := strings.Split("a b c d e f g h i j k m n p", " "); !slices.Equal(letters, want) {
		t.Errorf("702.26 subrules %q, want %q", letters, want)
	}
	tests := []struct {
		number, prefix string
		seeAlso        []string
	}{
		{"702.26a", "Phasing is a static ability that modifies the rules of the untap step.", nil},
		{"702.26m", "If an effect causes a player to skip their untap step,", nil},
		{"702.26p", "Multiple instances of phasing on the same permanent are redundant.", nil},
		{"601.5", "If a player is no longer allowed to cast a spell", []string{"601.2a", "601.2b", "601.2c", "601.2d"}},
	}
	for _, tt := range tests {
		t.Run(tt.number, func(t *testing.T) {
			r, ok := cr.Rule(tt.number)
			if !ok {
				t.Fatalf("no rule %s", tt.number)
			}
			if !strings.HasPrefix(r.Text, tt.prefix) {
				t.Errorf("text %q, want prefix %q", r.Text, tt.prefix)
			}
			for _, s := range tt.seeAlso {
				if !slices.Contains(r.SeeAlso, s) {
					t.Errorf("SeeAlso %q lacks %s", r.SeeAlso, s)
				}
			}
		})
	}
	docs := cr.Docs(true)
	byID := make(map[string]Doc, len(docs))
	for _, d := range docs {
		if _, dup := byID[d.ID]; dup {
			t.Errorf("duplicate doc ID %s", d.ID)
		}
		byID[d.ID] = d
	}
	if d := byID["cr:702.26d"]; d.Kind != KindRule || d.Parent != "702.26" || d.CRDate != "2026-04-17" || d.Lang != "en" {
		t.Errorf("cr:702.26d = %+v", d)
	}
	if d := byID["glossary:phased-in-phased-out"]; d.Kind != KindGlossary || !slices.Contains(d.SeeAlso, "702.26") {
		t.Errorf("glossary:phased-in-phased-out = %+v", d)
	}
	if d := cr.Docs(false)[0]; d.ID != "cr@2026-04-17:1" {
		t.Errorf("old release ID = %q", d.ID)
	}
}

func BenchmarkParseCR(b *testing.B) {
	src := readShared(b, "mtg/cr/MagicCompRules_20260417.txt")
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseCR("cr.txt", src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDiffCR(b *testing.B) {
	old, err := ParseCR("old", readShared(b, "mtg/cr/MagicCompRules_20260116.txt"))
	if err != nil {
		b.Fatal(err)
	}
	cur, err := ParseCR("new", readShared(b, "mtg/cr/MagicCompRules_20260417.txt"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		DiffCR(old, cur)
	}
}

func TestDiffCRReleases(t *testing.T) {
	oldSrc := readShared(t, "mtg/cr/MagicCompRules_20260116.txt")
	old, err := ParseCR("20260116", oldSrc)
	if err != nil {
		t.Fatal(err)
	}
	cur, err := ParseCR("20260417", readShared(t, "mtg/cr/MagicCompRules_20260417.txt"))
	if err != nil {
		t.Fatal(err)
	}
	d := DiffCR(old, cur)
	if d.From != "2026-01-16" || d.To != "2026-04-17" {
		t.Errorf("from %s to %s", d.From, d.To)
	}
	added := make(map[string]bool)
	for _, a := range d.Added {
		added[a.Number] = true
	}
	for _, n := range []string{"702.190", "702.190a", "722", "722.1", "506.3d"} {
		if !added[n] {
			t.Errorf("%s not reported added", n)
		}
	}
	moved := make(map[string]RuleMove)
	for _, m := range d.Renumbered {
		moved[m.Old] = m
	}
	renumbered := []struct{ old, new string }{
		{"722", "723"}, // Controlling Another Player, after the new 722
		{"732.2", "733.2"},
		{"506.3d", "506.3e"}, // after the new 506.3d
		{"714.3b", "714.3c"},
	}
	for _, r := range renumbered {
		if m, ok := moved[r.old]; !ok || m.New != r.new {
			t.Errorf("%s renumbered to %+v, want %s", r.old, m, r.new)
		}
	}
	if m := moved["722"]; m.Similarity != 1 || m.Text != "Controlling Another Player" || m.Words != nil {
		t.Errorf("722 -> 723: %+v", m)
	}
	if m := moved["723.1a"]; m.New != "724.1a" || m.Similarity >= 1 || len(m.Words) == 0 {
		t.Errorf("723.1a, edited and renumbered: %+v", m)
	}
	changed := make(map[string]RuleChange)
	for _, c := range d.Changed {
		changed[c.Number] = c
		if normSpace(c.Old) == normSpace(c.New) {
			t.Errorf("%s reported changed with identical text", c.Number)
		}
	}
	c, ok := changed["104.6"]
	if !ok || !slices.Equal(c.Words[1:3], []WordOp{{"-", "726,"}, {"+", "727,"}}) {
		t.Errorf("104.6 change = %+v", c)
	}
	for _, n := range []string{"702.26a", "702.26", "100.1", "723", "722.1"} {
		if _, ok := changed[n]; ok {
			t.Errorf("%s reported changed", n)
		}
	}
	if len(d.Removed) != 0 {
		t.Errorf("removed %+v, want none", d.Removed)
	}
	if !slices.Contains(d.Glossary.Added, "Sneak") || !slices.Contains(d.Glossary.Removed, "Vancouver Mulligan") {
		t.Errorf("glossary added %q removed %q", d.Glossary.Added, d.Glossary.Removed)
	}

	// The same release with other line endings and no BOM: no difference.
	lf := bytes.ReplaceAll(bytes.ReplaceAll(oldSrc, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))
	lf = bytes.TrimPrefix(lf, []byte("\xef\xbb\xbf"))
	again, err := ParseCR("20260116-lf", lf)
	if err != nil {
		t.Fatal(err)
	}
	same := DiffCR(old, again)
	if n := len(same.Added) + len(same.Removed) + len(same.Changed) + len(same.Renumbered) + len(same.Glossary.Added) + len(same.Glossary.Removed) + len(same.Glossary.Changed); n != 0 {
		t.Errorf("line endings and BOM alone gave %d differences", n)
	}
}

func TestWordDiff(t *testing.T) {
	tests := []struct {
		name, a, b string
		want       []WordOp
	}{
		{"same", "a b c", "a b c", []WordOp{{"=", "a b c"}}},
		{"replace", "see rule 726, here", "see rule 727, here", []WordOp{{"=", "see rule"}, {"-", "726,"}, {"+", "727,"}, {"=", "here"}}},
		{"insert", "a c", "a b c", []WordOp{{"=", "a"}, {"+", "b"}, {"=", "c"}}},
		{"delete at end", "a b c", "a", []WordOp{{"=", "a"}, {"-", "b c"}}},
		{"from nothing", "", "a b", []WordOp{{"+", "a b"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := wordDiff(strings.Fields(tt.a), strings.Fields(tt.b)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func ExampleParseCR() {
	src, err := os.ReadFile("testdata/cr/mini.txt")
	if err != nil {
		fmt.Println(err)
		return
	}
	cr, err := ParseCR("mini.txt", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, _ := cr.Rule("100.2")
	fmt.Println(cr.EffectiveDate, r.Kind, r.Parent)
	fmt.Println(r.SeeAlso)
	fmt.Println(cr.Glossary[0].Keys)
	// Output:
	// 2025-03-03 rule 100
	// [601.2b 601.2f 601.2g 601.2h]
	// [Phased In Phased Out]
}

func ExampleDiffCR() {
	src, err := os.ReadFile("testdata/cr/mini.txt")
	if err != nil {
		fmt.Println(err)
		return
	}
	old, _ := ParseCR("old.txt", src)
	// A new subrule inserted as 702.26k pushes the old 702.26k and 702.26m
	// down a letter (l is never used).
	edited := bytes.Replace(src, []byte("702.26m If"), []byte("702.26n If"), 1)
	edited = bytes.Replace(edited, []byte("702.26k A"), []byte("702.26k A new rule.\n\n702.26m A"), 1)
	cur, _ := ParseCR("new.txt", edited)
	d := DiffCR(old, cur)
	for _, a := range d.Added {
		fmt.Println("added", a.Number, a.Text)
	}
	for _, m := range d.Renumbered {
		fmt.Println("renumbered", m.Old, "->", m.New)
	}
	fmt.Println(len(d.Changed), "changed")
	// Output:
	// added 702.26k A new rule.
	// renumbered 702.26k -> 702.26m
	// renumbered 702.26m -> 702.26n
	// 0 changed
}
