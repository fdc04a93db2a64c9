package kb

import (
	"context"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// TestAnswersAsShown checks what a reader sees of the answers to every
// question of the full-data evaluation sets, in the three languages: the
// first line quotes a whole sentence of the cited text itself (never an
// example nor a fragment opening on a stray quote mark), and no sentence
// is shown twice in one answer.
func TestAnswersAsShown(t *testing.T) {
	ix := fullIndex(t)
	ctx := context.Background()
	n := 0
	for _, f := range []string{"dev.yaml", "holdout.yaml"} {
		for _, q := range loadFullEval(t, f) {
			res, err := ix.Search(ctx, Query{Text: q.Q, Lang: q.Lang})
			if err != nil {
				t.Fatalf("%q: %v", q.Q, err)
			}
			if len(res.Hits) == 0 {
				continue
			}
			n++
			if msg := quoteProblem(res.Hits[0]); msg != "" {
				t.Errorf("%s %q: first line %q: %s", q.Lang, q.Q, res.Hits[0].Quote, msg)
			}
			shown := map[string]int{}
			for i, h := range res.Hits {
				text := strings.NewReplacer(MarkStart, "", MarkEnd, "", "…", "").Replace(h.Quote + "\n" + h.Snippet)
				seen := map[string]bool{}
				for _, s := range sentences(text) {
					k := sentenceKey(text[s.start:s.end], h.Doc.Card)
					if len([]rune(k)) < minDedupLen || seen[k] {
						continue
					}
					seen[k] = true
					if j, ok := shown[k]; ok {
						t.Errorf("%s %q: citations %d and %d both show %q", q.Lang, q.Q, j+1, i+1, text[s.start:s.end])
					}
					shown[k] = i
				}
			}
		}
	}
	if n < 300 {
		t.Errorf("only %d questions answered; the check needs the evaluation sets", n)
	}
}

// quoteProblem says what is wrong with a hit's quote as an answer's first
// line, or "".
func quoteProblem(h Hit) string {
	q := h.Quote
	switch {
	case q == "":
		return "no quote"
	case !strings.Contains(h.Doc.Text, q):
		return "not a sentence of the text itself (an example?)"
	case isExample(q):
		return "an example"
	}
	r, _ := utf8.DecodeRuneInString(q)
	if strings.ContainsRune(closers, r) || unicode.IsLower(r) {
		return "starts in the middle of a sentence"
	}
	if !wholeSentence(q) {
		for _, s := range sentences(h.Doc.Text[qaAnswerStart(h.Doc):]) {
			if t := h.Doc.Text[qaAnswerStart(h.Doc):][s.start:s.end]; wholeSentence(t) && h.Doc.Kind != KindCard {
				return "a fragment, where the text has whole sentences"
			}
		}
	}
	return ""
}

// TestHitsNameCards gives a hit the printed names of its card, for
// headings in the reader's language.
func TestHitsNameCards(t *testing.T) {
	ix := fullIndex(t)
	for _, tc := range []struct{ q, lang, card, fr, ja string }{
		{"Fureur et ses blessures réparties", "fr", "Fury", "Fureur", "激情"},
		{"テフェリーの防御とトークン", "ja", "Teferi's Protection", "Protection de Téfeiri", "テフェリーの防御"},
		{"三戦の才にチェーンできる？", "ja", "Triple Tactics Talent", "", "三戦の才"},
	} {
		res, err := ix.Search(context.Background(), Query{Text: tc.q, Lang: tc.lang})
		if err != nil || len(res.Hits) == 0 {
			t.Fatalf("%q: %v, %d hits", tc.q, err, len(res.Hits))
		}
		h := res.Hits[0]
		if h.Doc.Card != tc.card || h.CardNames["fr"] != tc.fr || h.CardNames["ja"] != tc.ja {
			t.Errorf("%q: card %q names %v, want %q fr %q ja %q", tc.q, h.Doc.Card, h.CardNames, tc.card, tc.fr, tc.ja)
		}
	}
}
