package kb

import (
	"context"
	"testing"
)

func TestGivenCardName(t *testing.T) {
	for _, tc := range []struct {
		q, want string
	}{
		{"what does the card Dragon of Infinite Toast do?", "Dragon of Infinite Toast"},
		{"are there any rulings for Glimmerfang Nightmare Hydra?", "Glimmerfang Nightmare Hydra"},
		{"la carte « Dragon du pain grillé infini », elle fait quoi ?", "Dragon du pain grillé infini"},
		{"「無限トーストのドラゴン」ってカードはどんな効果？", "無限トーストのドラゴン"},
		{"does the card \"Fog\" stop trample damage?", "Fog"},
		// No name given as a card's.
		{"does this card work with trample?", ""},
		{"la carte Foudre elle fait quoi ?", ""},
		{"what are the rulings for this card?", ""},
	} {
		got, _, _ := givenCardName(tc.q)
		if got != tc.want {
			t.Errorf("%q: name %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestUnknownCardName: a name given as a card's that no card has finds
// nothing, and the result says which; a real card's name, in any of the
// three languages, is answered.
func TestUnknownCardName(t *testing.T) {
	t.Parallel()
	ix := fullIndex(t)
	for _, tc := range []struct {
		q, lang, unknown string
	}{
		{"what does the card Dragon of Infinite Toast do?", "en", "Dragon of Infinite Toast"},
		{"are there any rulings for Glimmerfang Nightmare Hydra?", "en", "Glimmerfang Nightmare Hydra"},
		{"la carte « Dragon du pain grillé infini », elle fait quoi ?", "fr", "Dragon du pain grillé infini"},
		{"「無限トーストのドラゴン」ってカードはどんな効果？", "ja", "無限トーストのドラゴン"},
		{"does the card Fog prevent trample damage?", "en", ""},
		{"are there any rulings for Teferi's Protection?", "en", ""},
		{"la carte « Protection de Téfeiri », elle fait quoi ?", "fr", ""},
		{"「テフェリーの防御」ってカードはどんな効果？", "ja", ""},
		{"「三戦の才」の裁定は？", "ja", ""},
	} {
		res, err := ix.Search(context.Background(), Query{Text: tc.q, Lang: tc.lang, K: 5})
		if err != nil {
			t.Fatal(err)
		}
		if res.Unknown != tc.unknown {
			t.Errorf("%q: unknown name %q, want %q", tc.q, res.Unknown, tc.unknown)
		}
		if tc.unknown != "" && len(res.Hits) > 0 {
			t.Errorf("%q: %d hits for a card no one printed, first %s", tc.q, len(res.Hits), res.Hits[0].Doc.ID)
		}
		if tc.unknown == "" && len(res.Hits) == 0 {
			t.Errorf("%q: nothing found for a real card", tc.q)
		}
	}
}
