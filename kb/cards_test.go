package kb

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
)

const teferiOracle = "0d4ecdb1-ec90-497f-a7a4-1c68092b8757"

func collectCards(t *testing.T, name, src string) ([]Card, error) {
	t.Helper()
	var out []Card
	err := ParseCards(name, strings.NewReader(src), func(c Card) error {
		out = append(out, c)
		return nil
	})
	return out, err
}

func TestParseCardsFormats(t *testing.T) {
	tests := []struct {
		name, file string
		want       []Card
	}{
		{"scryfall bulk", "cards/scryfall.json", []Card{
			{OracleID: teferiOracle, Name: "Teferi's Protection", TypeLine: "Instant", Text: "Test oracle text.",
				Names: map[string][]string{"fr": {"Ancienne protection", "Protection de Téfeiri"}, "ja": {"テフェリーの防御"}}},
			{OracleID: "aaaaaaaa-0000-0000-0000-000000000002", Name: "Front // Back", TypeLine: "Creature // Sorcery", Text: "Front text.\n//\nBack text.",
				Names: map[string][]string{"ja": {"表 // 裏"}}},
		}},
		{"mtgjson set file", "cards/set.json", []Card{
			{OracleID: teferiOracle, Name: "Teferi's Protection", TypeLine: "Instant", Text: "Test oracle text.",
				Names:   map[string][]string{"fr": {"Protection de Téfeiri"}, "ja": {"テフェリーの防御"}},
				Rulings: []Ruling{{OracleID: teferiOracle, Card: "Teferi's Protection", Date: "2017-08-25", Text: "A test ruling.", N: 1}}},
			{OracleID: "aaaaaaaa-0000-0000-0000-000000000002", Name: "Front // Back", FaceName: "Back", Side: "b", TypeLine: "Sorcery", Text: "Back text.",
				Names: map[string][]string{"fr": {"Verso"}}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := collectCards(t, tt.file, string(readTestdata(t, tt.file)))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestParseCardsErrors(t *testing.T) {
	tests := []struct{ name, src, code string }{
		{"empty", "", CodeEmpty},
		{"text", "Teferi", CodeUnknownFormat},
		{"truncated array", `[{"oracle_id":"a","name":"A"`, CodeTruncated},
		{"wrong object", `[{"object":"ruling","oracle_id":"a"}]`, CodeWrongType},
		{"no oracle id", `[{"object":"card","name":"A"}]`, CodeMissingField},
		{"set without cards", `{"meta":{},"data":{"code":"X"}}`, CodeMissingField},
		{"set cards not an array", `{"data":{"cards":{}}}`, CodeWrongType},
		{"set card without oracle id", `{"data":{"cards":[{"name":"A"}]}}`, CodeMissingField},
		{"set truncated", `{"data":{"cards":[{"name":"A"`, CodeTruncated},
		{"json line without name", `{"oracle_id":"a"}`, CodeMissingField},
		{"json line wrong type", `{"oracle_id":"a","name":["A"]}`, CodeWrongType},
		{"huge value in a set file", `{"data":{"tokens":"` + strings.Repeat("x", 2*maxRecord) + `"}}`, CodeTooLarge},
		{"huge card", `[{"oracle_id":"a","name":"` + strings.Repeat("x", 2*maxRecord) + `"}]`, CodeTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := collectCards(t, "c.json", tt.src)
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Code != tt.code {
				t.Errorf("err = %v, want code %s", err, tt.code)
			}
		})
	}
}

// TestCardNamesShared maps the French and Japanese printed names of the
// real card data to the English card (the JSON Lines are checked in
// TestParseCardsJSONLines).
func TestCardNamesShared(t *testing.T) {
	tests := []struct{ name, file string }{
		{"mtgjson set file", "mtg/cards/mtgjson-v5.2.0-20220425/C17.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := os.Open(sharedData(t, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			names := NewCardNames()
			rulings := 0
			err = ParseCards(tt.file, f, func(c Card) error {
				names.Add(c)
				rulings += len(c.Rulings)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range []string{"Protection de Téfeiri", "protection de tefeiri", "ＰＲＯＴＥＣＴＩＯＮ　ＤＥ　ＴÉＦＥＩＲＩ", "テフェリーの防御", "ﾃﾌｪﾘｰの防御", "TEFERI'S PROTECTION"} {
				got := names.Lookup(q)
				if len(got) != 1 || got[0].Name != "Teferi's Protection" || got[0].OracleID != teferiOracle {
					t.Errorf("Lookup(%q) = %v, want Teferi's Protection", q, got)
				}
			}
			if strings.HasSuffix(tt.file, ".json") && rulings == 0 {
				t.Errorf("no rulings from the set file")
			}
		})
	}
}

func TestParseCardsJSONLines(t *testing.T) {
	f, err := os.Open(sharedData(t, "mtg/cards/cards-multilang-mtgjson-20220425.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n, fr, ja := 0, 0, 0
	ids := make(map[string]bool)
	names := NewCardNames()
	err = ParseCards("cards.jsonl", f, func(c Card) error {
		n++
		names.Add(c)
		ids[c.OracleID] = true
		if len(c.Names["fr"]) > 0 {
			fr++
		}
		if len(c.Names["ja"]) > 0 {
			ja++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// SOURCES.md: 24,184 lines, 23,738 Oracle IDs, 21,652 with a French
	// name and 21,643 with a Japanese one.
	if n != 24184 || len(ids) != 23738 || fr != 21652 || ja != 21643 {
		t.Errorf("%d cards, %d oracle ids, %d FR names, %d JA names", n, len(ids), fr, ja)
	}
	tests := []struct{ query, want string }{
		{"Protection de Téfeiri", "Teferi's Protection"},
		{"protection de tefeiri", "Teferi's Protection"},
		{"テフェリーの防御", "Teferi's Protection"},
		{"MARCHE DE LA BRUME TOURBILLONNANTE", "March of Swirling Mist"},
		{"渦巻く霧の行進", "March of Swirling Mist"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			got := names.Lookup(tt.query)
			if len(got) != 1 || got[0].Name != tt.want {
				t.Errorf("Lookup(%q) = %v, want %s", tt.query, got, tt.want)
			}
		})
	}
}
