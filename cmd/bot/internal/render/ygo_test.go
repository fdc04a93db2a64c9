package render

import (
	"reflect"
	"testing"
)

// TestUnnamedYGOCards links the Yu-Gi-Oh! cards a real Q&A shows by
// number, in English and in Japanese, each once.
func TestUnnamedYGOCards(t *testing.T) {
	c := Citation{ID: "ygo:ygoresources-qa-12781",
		Quote:   "If your opponent activated the effect of Triple Tactics Talent that draws 2 cards, you can chain card #4826.",
		Snippet: "… you can **chain** card #4826. If your opponent activated the effect that takes control of your monster until the End Phase, you cannot chain card #4826."}
	want := []Link{{"card #4826", "https://db.ygoresources.com/data/card/4826"}}
	if got := UnnamedYGOCards(c); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	ja := Citation{ID: "ygo:ygoresources-qa-7021", Quote: "攻撃力4000の「ブルーアイズ・カオス・MAX・ドラゴン」が、守備力2000の「カード#13742」を攻撃していますので"}
	if got := UnnamedYGOCards(ja); len(got) != 1 || got[0].Text != "カード#13742" {
		t.Errorf("Japanese: got %v", got)
	}
	if got := UnnamedYGOCards(Citation{ID: "ruling:x:1", Quote: "card #12"}); got != nil {
		t.Errorf("a Magic ruling: got %v", got)
	}
	if got := LinkYGOCards("you can **chain** card #4826."); got != "you can **chain** [card #4826](https://db.ygoresources.com/data/card/4826)." {
		t.Errorf("Markdown: %s", got)
	}
}
