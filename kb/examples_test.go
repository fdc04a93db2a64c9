package kb

import (
	"context"
	"strings"
	"testing"
)

// TestExamplesIllustrate: words only a rule's examples hold do not make
// the rule an answer unless the rule itself is on the question; the names
// of the cards the question names count wherever they stand.
func TestExamplesIllustrate(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	for _, tc := range []struct {
		q, lang string
		rule    string
		within  int // the rule is among the first within hits; 0: it is none of them
	}{
		// 700.14 (expend): its example's creature gains indestructible.
		{"Colère de Dieu et les créatures indestructibles", "fr", "cr:700.14", 0},
		// 702.47c (splice): its example's spell can target a creature
		// with protection from red.
		{"稲妻でプロテクション（赤）のクリーチャーを対象にできる？", "ja", "cr:702.47c", 0},
		// 707.5's example: a Clone copying Wall of Omens.
		{"clone copying wall of omens, do i draw a card?", "en", "cr:707.5", 1},
		// 113.6m's example: Reassembling Skeleton.
		{"reassembling skeleton, can i activate its return ability while it's still on the battlefield?", "en", "cr:113.6m", 1},
		// 702.26b is on phasing: its examples (a spell that cannot
		// destroy a phased-out creature) count.
		{"Can a phased-out creature be targeted?", "en", "cr:702.26b", 3},
	} {
		res, err := ix.Search(context.Background(), Query{Text: tc.q, Lang: tc.lang, K: 12})
		if err != nil {
			t.Fatal(err)
		}
		at := 0
		for i, h := range res.Hits {
			if h.Doc.ID == tc.rule {
				at = i + 1
				break
			}
		}
		switch {
		case tc.within == 0 && at > 0:
			t.Errorf("%q: %s is hit %d, want none: only its examples hold the question's words", tc.q, tc.rule, at)
		case tc.within > 0 && (at == 0 || at > tc.within):
			t.Errorf("%q: %s is hit %d, want among the first %d", tc.q, tc.rule, at, tc.within)
		}
	}
}

// TestJudgedAsItsVersion: a text in another language than the question's
// that has a version in it is judged on all of the question, as that
// version is: the Japanese article on phased-out permanents does not
// answer a question on rewinding a game because it cannot hold
// "rewind".
func TestJudgedAsItsVersion(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	res, err := ix.Search(context.Background(), Query{Text: "can we rewind the game if someone missed a trigger?", Lang: "en", K: 5})
	if err != nil {
		t.Fatal(err)
	}
	for i, h := range res.Hits {
		if strings.HasPrefix(h.Doc.ID, "mtgwiki-ja-phase-out") || strings.HasPrefix(h.Doc.OriginalID, "mtgwiki-ja-phase-out") {
			t.Errorf("hit %d is %s, an article on phasing", i+1, h.Doc.ID)
		}
	}
}
