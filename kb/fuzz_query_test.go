package kb

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// searchBudget is how long one fuzzed search may take on the embedded
// corpus before it counts as a hang (a normal search takes milliseconds).
const searchBudget = 5 * time.Second

// FuzzSearch asks the embedded corpus arbitrary questions, with arbitrary
// languages, sizes, offsets and games: Search must never panic, must refuse
// only with a *QueryError (empty or too long), must answer within
// searchBudget, and must return well-formed results.
func FuzzSearch(f *testing.F) {
	ix := mustEmbedded(f)
	seeds := []struct {
		text, lang string
		k, offset  int
		game       string
	}{
		{"can an aura phase out?", "", 0, 0, ""},
		{"une aura peut-elle être mise hors phase ?", "fr", 3, 0, "mtg"},
		{"フェイズアウトしたオーラはどうなる？", "ja", 5, 3, ""},
		{"702.26b", "en", 1, 0, "mtg"},
		{"rule 502.15h and 702.26", "", 10, 2, ""},
		{"Teferi's Protection phasing", "en", 5, 1000, "ygo"},
		{"@everyone **bold** <@&123> `code`\x00\x1b[31m", "", -1, -5, "chess"},
		{"\u200b\u202e\ufeff   \t\n", "xx", 0, 0, ""},
		{strings.Repeat("phase ", 84), "en", 5, 0, ""},
		{"ＰＨＡＳＩＮＧ　ｆｕｌｌ　ｗｉｄｔｈ", "ja-JP", 2, 0, ""},
		{"\xff\xfe invalid utf-8 \xc3", "fr-CA", 5, 0, ""},
		{"102.", "", math.MaxInt32, math.MaxInt32, ""},
	}
	for _, s := range seeds {
		f.Add(s.text, s.lang, s.k, s.offset, s.game)
	}
	f.Fuzz(func(t *testing.T, text, lang string, k, offset int, game string) {
		// Callers bound K and Offset (the CLI flag, Discord pages); the
		// index must stay sane for any value callers could pass through.
		k = k % 1000
		offset = offset % 100000
		q := Query{Text: text, Lang: lang, K: k, Offset: offset, Game: game}
		ctx, cancel := context.WithTimeout(context.Background(), 2*searchBudget)
		defer cancel()
		start := time.Now()
		res, err := ix.Search(ctx, q)
		if d := time.Since(start); d > searchBudget {
			t.Fatalf("search of %q took %v", text, d)
		}
		checkSearch(t, q, res, err)
	})
}

// checkSearch fails unless res and err are a well-formed answer to q.
func checkSearch(t *testing.T, q Query, res *Result, err error) {
	t.Helper()
	trimmed := strings.TrimSpace(q.Text)
	if err != nil {
		var qe *QueryError
		if !errors.As(err, &qe) {
			t.Fatalf("error %v (%T) is not a *QueryError", err, err)
		}
		switch {
		case qe.Code == "empty" && trimmed == "":
		case qe.Code == "too_long" && utf8.RuneCountInString(trimmed) > MaxQueryLen && qe.Max == MaxQueryLen:
		default:
			t.Fatalf("refused %q (%d characters) with %+v", q.Text, utf8.RuneCountInString(trimmed), qe)
		}
		return
	}
	if trimmed == "" || utf8.RuneCountInString(trimmed) > MaxQueryLen {
		t.Fatalf("accepted %q (%d characters)", q.Text, utf8.RuneCountInString(trimmed))
	}
	if res == nil {
		t.Fatal("nil result without an error")
	}
	switch res.Lang {
	case "en", "fr", "ja":
	default:
		t.Fatalf("result language %q", res.Lang)
	}
	k := q.K
	if k <= 0 {
		k = 5
	}
	if len(res.Hits) > k {
		t.Fatalf("%d hits, K is %d", len(res.Hits), k)
	}
	if res.Total < len(res.Hits) {
		t.Fatalf("Total %d below the %d hits returned", res.Total, len(res.Hits))
	}
	if q.Offset >= res.Total && len(res.Hits) > 0 {
		t.Fatalf("offset %d past Total %d still returns %d hits", q.Offset, res.Total, len(res.Hits))
	}
	seen := map[string]bool{}
	for i, h := range res.Hits {
		d := h.Doc
		if d.ID == "" || d.Kind == "" || d.Kind == KindCard {
			t.Fatalf("hit %d: bad document %+v", i, d)
		}
		if seen[d.ID] {
			t.Fatalf("hit %d: %s cited twice", i, d.ID)
		}
		seen[d.ID] = true
		if q.Game != "" && d.Game != q.Game {
			t.Fatalf("hit %d: game %q, asked for %q", i, d.Game, q.Game)
		}
		if math.IsNaN(h.Score) || math.IsInf(h.Score, 0) || h.Score < 0 {
			t.Fatalf("hit %d: score %v", i, h.Score)
		}
		if i > 0 && h.Score > res.Hits[i-1].Score {
			t.Fatalf("hit %d scores %v, above hit %d (%v)", i, h.Score, i-1, res.Hits[i-1].Score)
		}
		if !utf8.ValidString(h.Snippet) {
			t.Fatalf("hit %d: snippet is not UTF-8: %q", i, h.Snippet)
		}
		if o, c := strings.Count(h.Snippet, MarkStart), strings.Count(h.Snippet, MarkEnd); o != c {
			t.Fatalf("hit %d: %d mark starts, %d mark ends in %q", i, o, c, h.Snippet)
		}
		if h.Original != nil && h.Original.ID == "" {
			t.Fatalf("hit %d: original without an id", i)
		}
	}
}
