package kb

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// TestDebugQuestion prints how questions from ARBITER_DEBUG_Q (one per
// line) are understood and answered on the full index.
func TestDebugQuestion(t *testing.T) {
	qs := os.Getenv("ARBITER_DEBUG_Q")
	if qs == "" {
		t.Skip("ARBITER_DEBUG_Q not set")
	}
	ix := fullIndex(t)
	for _, q := range strings.Split(qs, "\n") {
		if q = strings.TrimSpace(q); q == "" {
			continue
		}
		lang := ""
		if l, rest, ok := strings.Cut(q, "|"); ok && len(l) == 2 {
			lang, q = l, rest
		}
		res, err := ix.Search(context.Background(), Query{Text: q, Lang: lang, K: 12})
		if err != nil {
			t.Fatal(err)
		}
		rd := ix.reader()
		a := ix.analyze(norm.NFKC.String(q), res.Lang, rd)
		fmt.Printf("== %s [%s] game=%q\n", q, res.Lang, a.game)
		for _, c := range a.cards {
			fmt.Printf("   card %q weak=%v names=%v\n", a.text[c.span.start:c.span.end], c.weak, c.names)
		}
		for _, tm := range a.topics {
			tp := ix.topics[tm.topic]
			fmt.Printf("   topic %q -> %s rules=%v glossary=%s term=%s\n", a.text[tm.span.start:tm.span.end], tp.Name, tp.Rules, tp.Glossary, tp.Term)
		}
		p := ix.plan(a, rd)
		for _, c := range p.concepts {
			fmt.Printf("   concept kind=%d w=%.2f lang=%s cards=%v rules=%v nameWord=%v alts=%v\n", c.kind, c.weight, c.lang, c.cards, c.rules, c.nameWord, c.alts)
		}
		rd.close()
		for _, h := range res.Hits {
			fmt.Printf("   %-50s %8.2f %s\n", h.Doc.ID, h.Score, strings.ReplaceAll(strings.ReplaceAll(h.Snippet, MarkStart, "*"), MarkEnd, "*"))
		}
	}
}
