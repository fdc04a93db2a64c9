package kb

import (
	"slices"
	"testing"
)

// TestKeywordVotes: the French and Japanese names of a keyword are read off
// the printed lines that pair with an Oracle line of keywords, and off the
// lines that start with a keyword followed by its cost and more text.
func TestKeywordVotes(t *testing.T) {
	t.Parallel()
	cards := []Card{
		{Name: "Piercing Rays", Keywords: []string{"Forecast"},
			Text: "Exile target tapped creature.\nForecast — {2}{W}, Reveal Piercing Rays from your hand: Tap target untapped creature.",
			Printed: map[string]Printed{
				"fr": {Text: "Exilez une créature engagée ciblée.\nPrévision — {2}{W}, révélez les Rayons perçants de votre main : Engagez une créature dégagée ciblée."},
				"ja": {Text: "タップ状態のクリーチャー１体を対象とし、それを追放する。\n予見 ― {2}{W}, あなたの手札から貫く光線を公開する：アンタップ状態のクリーチャー１体を対象とし、それをタップする。"},
			}},
		{Name: "Govern the Guildless", Keywords: []string{"Forecast"},
			Text:    "Gain control of target monocolored creature.\nForecast — {1}{U}, Reveal Govern the Guildless from your hand: Target creature becomes the color or colors of your choice until end of turn.",
			Printed: map[string]Printed{"fr": {Text: "Acquérez le contrôle de la créature monocolore ciblée.\nPrévision {1}{U}, révélez Sans foi ni guilde depuis votre main : La créature ciblée devient de la couleur ou des couleurs de votre choix jusqu'à la fin du tour."}}},
		{Name: "Serra Angel", Keywords: []string{"Flying", "Vigilance"},
			Text:    "Flying, vigilance",
			Printed: map[string]Printed{"fr": {Text: "Vol, vigilance"}, "ja": {Text: "飛行、警戒"}}},
		{Name: "Gift of Estates", Keywords: nil,
			Text:    "If an opponent controls more lands than you, search your library for up to three Plains cards.",
			Printed: map[string]Printed{"fr": {Text: "Si un adversaire contrôle plus de terrains que vous, cherchez jusqu'à trois cartes de Plaine."}}},
	}
	v := keywordVotes{}
	for _, c := range cards {
		v.add(c)
	}
	for _, tt := range []struct {
		lang, kw string
		want     []string
	}{
		{"fr", "forecast", []string{"Prévision"}},
		{"ja", "forecast", []string{"予見"}},
		{"fr", "flying", []string{"Vol"}},
		{"ja", "vigilance", []string{"警戒"}},
	} {
		if got := v.names(tt.lang)[tt.kw]; !slices.Equal(got, tt.want) {
			t.Errorf("%s names of %s: %v, want %v", tt.lang, tt.kw, got, tt.want)
		}
	}
	if n := len(v.names("fr")); n != 3 {
		t.Errorf("%d French keywords named, want 3 (forecast, flying, vigilance): %v", n, v.names("fr"))
	}
}
