package kb

import (
	"context"
	"testing"
)

func TestEmbeddedCardNames(t *testing.T) {
	ix := mustEmbedded(t)
	tests := []struct{ asked, want string }{
		{"土牢", "Oubliette"},
		{"ｵｰﾌﾞﾘｴｯﾄ", ""}, // not a printed name: no invention
		{"Temps et marée", "Time and Tide"},
		{"temps et maree", "Time and Tide"},
		{"時空の満ち干", "Time and Tide"},
		{"Efrit de l’arc-en-ciel", "Rainbow Efreet"},
		{"march of swirling mist", "March of Swirling Mist"},
	}
	for _, tt := range tests {
		t.Run(tt.asked, func(t *testing.T) {
			res, found, err := ix.Card(context.Background(), tt.asked)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == "" {
				if found && !res.Fuzzy {
					t.Errorf("found %s exactly", res.Name)
				}
				return
			}
			if !found || res.Name != tt.want || res.Fuzzy {
				t.Errorf("Card(%q) = %q (found %v, fuzzy %v), want %q", tt.asked, res.Name, found, res.Fuzzy, tt.want)
			}
		})
	}
}

func TestParseCardNamesErrors(t *testing.T) {
	tests := []struct{ name, src, code string }{
		{"unknown key", "- {name: Fog, de: [Nebel]}\n", CodeUnknownKey},
		{"no name", "- {fr: [Brouillard]}\n", CodeMissingField},
		{"duplicate", "- {name: Fog}\n- {name: fog}\n", CodeDuplicateID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseCardNames("cards.yaml", []byte(tt.src))
			pe, ok := err.(*ParseError)
			if !ok || pe.Code != tt.code {
				t.Fatalf("err = %v, want code %s", err, tt.code)
			}
			if pe.File != "cards.yaml" || pe.Line == 0 {
				t.Errorf("error does not say where: %+v", pe)
			}
		})
	}
}
