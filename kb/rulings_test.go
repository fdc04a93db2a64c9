package kb

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
)

func collectRulings(t *testing.T, name, src string) ([]Ruling, error) {
	t.Helper()
	var out []Ruling
	err := ParseRulings(name, strings.NewReader(src), func(r Ruling) error {
		out = append(out, r)
		return nil
	})
	return out, err
}

func TestParseRulingsFormats(t *testing.T) {
	const tp = "0d4ecdb1-ec90-497f-a7a4-1c68092b8757"
	tests := []struct {
		name, file string
		want       []Ruling
	}{
		{"scryfall array", "rulings/scryfall.json", []Ruling{
			{OracleID: tp, Source: "wotc", Date: "2017-08-25", Text: "First test ruling for the protection card.", N: 1},
			{OracleID: tp, Source: "scryfall", Date: "2020-11-10", Text: "Second test ruling, a Scryfall note.", N: 2},
			{OracleID: "11111111-2222-3333-4444-555555555555", Source: "wotc", Date: "2022-02-18", Text: "A ruling of another card.", N: 1},
		}},
		{"json lines with a section marker", "rulings/mtgjson.jsonl", []Ruling{
			{OracleID: tp, Card: "Teferi's Protection", Date: "2017-08-25", Text: "A test ruling after a section marker.", N: 1},
			{OracleID: tp, Card: "Teferi's Protection", Date: "2017-08-26", Text: "Another one, after a blank line.", N: 2},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := collectRulings(t, tt.file, string(readTestdata(t, tt.file)))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
	if d := (Ruling{OracleID: tp, N: 2, Text: "x", Card: "Teferi's Protection"}).Doc(); d.ID != "ruling:"+tp+":2" || d.Kind != KindRuling || d.Card != "Teferi's Protection" {
		t.Errorf("Doc = %+v", d)
	}
}

func TestParseRulingsErrors(t *testing.T) {
	tests := []struct {
		name, src, code string
		line            int
	}{
		{"empty", "", CodeEmpty, 0},
		{"blank", " \n\n", CodeEmpty, 0},
		{"not json", "hello", CodeUnknownFormat, 0},
		{"truncated array", `[{"oracle_id":"a","comment":"x"},{"oracle_id":`, CodeTruncated, 0},
		{"garbage in array", `[{"oracle_id":"a","comment":"x"} {"oracle_id":"b"}]`, CodeBadJSON, 0},
		{"wrong type", `[{"oracle_id":7,"comment":"x"}]`, CodeWrongType, 0},
		{"wrong object", `[{"object":"card","oracle_id":"a","comment":"x"}]`, CodeWrongType, 0},
		{"bad date", `[{"oracle_id":"a","published_at":"18/02/2022","comment":"x"}]`, CodeBadDate, 0},
		{"no oracle id", `[{"comment":"x"}]`, CodeMissingField, 0},
		{"bad line", "{\"oracle_id\":\"a\",\"comment\":\"x\"}\n{\"oracle_id\":\"a\",\n", CodeBadJSON, 2},
		{"two values on a line", "{\"oracle_id\":\"a\",\"comment\":\"x\"} {}\n", CodeBadJSON, 1},
		{"data after the array", `[] []`, CodeBadJSON, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := collectRulings(t, "r.json", tt.src)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want a *ParseError", err)
			}
			if pe.Code != tt.code || (tt.line != 0 && pe.Line != tt.line) {
				t.Errorf("err = %+v, want code %s line %d", pe, tt.code, tt.line)
			}
		})
	}
	// One huge value stops the stream instead of being held in memory.
	huge := `[{"oracle_id":"a","comment":"` + strings.Repeat("x", 2*maxRecord) + `"}]`
	if _, err := collectRulings(t, "r.json", huge); !isCode(err, CodeTooLarge) {
		t.Errorf("huge record: err = %v, want too_large", err)
	}
	if _, err := collectRulings(t, "r.jsonl", `{"oracle_id":"a","comment":"`+strings.Repeat("x", 2*maxRecord)+`"}`); !isCode(err, CodeTooLarge) {
		t.Errorf("huge line: err = %v, want too_large", err)
	}
	stop := errors.New("stop")
	err := ParseRulings("r", strings.NewReader(string(readTestdata(t, "rulings/scryfall.json"))), func(Ruling) error { return stop })
	if err != stop {
		t.Errorf("callback error = %v, want it returned as is", err)
	}
}

func isCode(err error, code string) bool {
	var pe *ParseError
	return errors.As(err, &pe) && pe.Code == code
}

func TestParseRulingsShared(t *testing.T) {
	f, err := os.Open(sharedData(t, "mtg/rulings/rulings-mtgjson-20220425.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n, ids := 0, make(map[string]int)
	var teferi []Ruling
	err = ParseRulings("rulings.jsonl", f, func(r Ruling) error {
		n++
		ids[r.OracleID]++
		if r.N != ids[r.OracleID] {
			t.Fatalf("ruling %d of %s has N = %d", ids[r.OracleID], r.OracleID, r.N)
		}
		if r.Card == "Teferi's Protection" {
			teferi = append(teferi, r)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// 45,047 lines, 3 of which are MTGJSON section markers and 1 empty.
	if n != 45047-4 || len(ids) != 13295 {
		t.Errorf("%d rulings for %d oracle ids, want 45,043 for 13,295", n, len(ids))
	}
	// 27 lines for Teferi's Protection, 3 of them section markers.
	if len(teferi) != 24 || teferi[0].Date != "2017-08-25" || !strings.HasPrefix(teferi[0].Text, "If a player has protection from everything") {
		t.Errorf("Teferi's Protection: %d rulings, want 24 from 2017-08-25", len(teferi))
	}
}

func BenchmarkParseRulings(b *testing.B) {
	src, err := os.ReadFile(sharedData(b, "mtg/rulings/rulings-mtgjson-20220425.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		if err := ParseRulings("r", strings.NewReader(string(src)), func(Ruling) error { n++; return nil }); err != nil {
			b.Fatal(err)
		}
	}
}
