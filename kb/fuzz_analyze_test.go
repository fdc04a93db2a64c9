package kb

import (
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// FuzzAnalyze feeds arbitrary questions to the question analysis (name
// folding, the lexicon's matcher, card and topic recognition) on the
// embedded corpus: it must never panic, every name it finds must be a
// well-formed span of the question, and folding must map every byte it
// keeps back into the question.
func FuzzAnalyze(f *testing.F) {
	ix := mustEmbedded(f)
	for _, s := range []string{
		"Teferi's Protection and tokens",
		"テフェリーの防御でトークンは生き残りますか？",
		"Protection de Téfeiri : mes jetons survivent-ils ?",
		"+1/+1 and -1/-1 counters on the same creature",
		"ＴＥＦＥＲＩ’Ｓ　ＰＲＯＴＥＣＴＩＯＮ",
		"ﾌｪｲｽﾞ･ｱｳﾄ",
		"actions basées sur un état, retirées du combat",
		"'s ' ’ ` ´ ・ 、",
		"e\u0301e\u0301\u0301 \u202e\u200b\ufeff",
		"\xff\xfe\xc3 Oubliette",
		"702.26b rule 502.15h 103",
		"🃏 Fog? [[Fog]] «Fog» 「土牢」",
		strings.Repeat("Time and Tide ", 30),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		if utf8.RuneCountInString(q) > MaxQueryLen {
			return // Search refuses it before any analysis
		}
		folded, offs := lexFold(q)
		if len(offs) != len(folded)+1 {
			t.Fatalf("lexFold(%q): %d offsets for %d bytes", q, len(offs), len(folded))
		}
		for i := 1; i < len(offs); i++ {
			if offs[i] < offs[i-1] || offs[i] > len(q) {
				t.Fatalf("lexFold(%q): offsets out of order or range at %d: %v", q, i, offs)
			}
		}
		sf, so := singularFold(folded, offs)
		if len(so) != len(sf)+1 {
			t.Fatalf("singularFold(%q): %d offsets for %d bytes", folded, len(so), len(sf))
		}
		text := norm.NFKC.String(q)
		for _, lang := range []string{"en", "fr", "ja"} {
			for _, m := range ix.lex.find(text, lang) {
				if m.Start < 0 || m.End > len(text) || m.Start >= m.End || len(m.Refs) == 0 {
					t.Fatalf("find(%q, %s): bad match %+v", text, lang, m)
				}
			}
			rd := ix.reader()
			a := ix.analyze(text, lang, rd)
			for _, sp := range a.taken {
				if sp.start < 0 || sp.end > len(text) || sp.start >= sp.end {
					t.Fatalf("analyze(%q, %s): bad span %+v", text, lang, sp)
				}
			}
			p := ix.plan(a, rd)
			for _, c := range p.concepts {
				if c.weight < 0 || c.weight != c.weight {
					t.Fatalf("analyze(%q, %s): concept weight %v", text, lang, c.weight)
				}
			}
			rd.close()
		}
	})
}
