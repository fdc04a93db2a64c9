package kb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"reflect"
	"testing"
)

// TestFlatTables writes tables and reads them back: strings, lists by
// key, the ranking table, the card table and the lexicon's meanings are
// what was written, and keys that were not written are absent.
func TestFlatTables(t *testing.T) {
	t.Parallel()
	infos := map[string]docInfo{
		"cr:702.2":   {Kind: KindRule, Game: "mtg", Lang: "en", Ref: "702.2", Heading: true, Official: true, Len: 11, Hash: 7},
		"cr:702.2a":  {Kind: KindRule, Game: "mtg", Lang: "en", Ref: "702.2a", Official: true, Len: 30, Commas: 15, Hash: 1 << 60},
		"cr:702.2b":  {Kind: KindRule, Game: "mtg", Lang: "en", Ref: "702.2b", Obsolete: true, Len: 3},
		"ruling:x:1": {Kind: KindRuling, Game: "mtg", Lang: "en", Card: "Fog", Date: "2020-01-01", Len: 90},
		"card:x":     {Kind: KindCard, Game: "mtg", Lang: "en", Card: "Fog", Len: 40},
		"card:x.fr":  {Kind: KindCard, Game: "mtg", Lang: "fr", Card: "Fog", OriginalID: "card:x", Len: 41},
	}
	cards := []cardEntry{
		{OracleID: "x", Name: "Fog", TypeLine: "Instant", Names: map[string][]string{"fr": {"Brouillard"}, "ja": {"濃霧"}}, Keywords: []string{"Fog"}, ManaCost: "{G}"},
		{Name: "March of Swirling Mist"},
	}
	lex := [][]lexRef{{{Kind: lexCard, ID: 0, Lang: "en"}, {Kind: lexTopic, ID: 3, Lang: "fr", Part: true}}, nil, {{Kind: lexYGO, ID: 1, Lang: "ja"}}}
	b, err := encodeTables(tableSource{infos: infos, cards: cards, lex: lex, misc: misc{Analyses: map[string][]string{"en\x00fog": {"fog"}}}})
	if err != nil {
		t.Fatal(err)
	}
	tb, err := decodeTables(b)
	if err != nil {
		t.Fatal(err)
	}
	if tb.infos.len() != len(infos) {
		t.Errorf("%d infos, want %d", tb.infos.len(), len(infos))
	}
	for id, want := range infos {
		if got, ok := tb.infos.get(id); !ok || got != want {
			t.Errorf("info %s = %+v %v, want %+v", id, got, ok, want)
		}
	}
	if _, ok := tb.infos.get("cr:999"); ok {
		t.Error("an ID never written is found")
	}
	if got, want := tb.related.cardDocs("Fog"), []string{"card:x", "card:x.fr", "ruling:x:1"}; !reflect.DeepEqual(got, want) {
		t.Errorf("texts of Fog %v, want %v", got, want)
	}
	if got, want := tb.related.ruleKids("702.2"), []string{"cr:702.2a"}; !reflect.DeepEqual(got, want) {
		t.Errorf("rules under 702.2 %v, want %v (not the obsolete one)", got, want)
	}
	if tb.cards.len() != 2 || !reflect.DeepEqual(tb.cards.entry(0), cards[0]) || tb.cards.name(1) != "March of Swirling Mist" {
		t.Errorf("cards %+v %+v", tb.cards.entry(0), tb.cards.entry(1))
	}
	if got := tb.cards.lookup("brouillard"); len(got) != 1 || got[0].Name != "Fog" {
		t.Errorf("lookup of Brouillard: %+v", got)
	}
	if got := tb.cards.lookup("march of swirling mist"); len(got) != 1 || got[0].Names != nil {
		t.Errorf("lookup of a card known by name: %+v", got)
	}
	if tb.lexVals.len() != 3 || !reflect.DeepEqual(tb.lexVals.all(), [][]lexRef{lex[0], {}, lex[2]}) {
		t.Errorf("lexicon values %+v", tb.lexVals.all())
	}
	if !reflect.DeepEqual(tb.misc.Analyses["en\x00fog"], []string{"fog"}) {
		t.Errorf("analyses %v", tb.misc.Analyses)
	}
}

// TestFlatTablesDamaged reads damaged tables files: every one is an
// error that says the index is damaged, never a panic.
func TestFlatTablesDamaged(t *testing.T) {
	t.Parallel()
	b, err := encodeTables(tableSource{infos: map[string]docInfo{"a": {Kind: KindRule}}, cards: []cardEntry{{Name: "Fog"}}})
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string][]byte{"empty": nil, "magic only": []byte(flatMagic), "truncated": b[:len(b)/2]}
	for _, i := range []int{0, 9, 20, 40, len(b) / 3, len(b) - 2} {
		d := append([]byte(nil), b...)
		d[i] ^= 0x55
		cases[fmt.Sprintf("byte %d flipped", i)] = d
	}
	for name, d := range cases {
		t.Run(name, func(t *testing.T) {
			if _, err := decodeTables(d); !errors.Is(err, ErrDamaged) {
				t.Errorf("decodeTables: %v, want a damaged index file", err)
			}
		})
	}
}

// FuzzDecodeTables reads tables files whose bytes are arbitrary but whose
// checksum matches them (as a file written by a faulty program would be):
// decoding is an error or tables whose every lookup works, never a panic.
func FuzzDecodeTables(f *testing.F) {
	b, err := encodeTables(tableSource{
		infos: map[string]docInfo{"cr:1.1": {Kind: KindRule, Ref: "1.1"}, "card:x": {Kind: KindCard, Card: "Fog"}},
		cards: []cardEntry{{OracleID: "x", Name: "Fog", Names: map[string][]string{"fr": {"Brouillard"}}}},
		lex:   [][]lexRef{{{Kind: lexCard, Lang: "en"}}},
	})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) >= 4 {
			b = binary.LittleEndian.AppendUint32(append([]byte(nil), b[:len(b)-4]...), crc32.ChecksumIEEE(b[:len(b)-4]))
		}
		tb, err := decodeTables(b)
		if err != nil {
			return
		}
		for id, i := range tb.infos.all() {
			tb.infos.get(id)
			tb.related.cardDocs(i.Card)
			tb.related.ruleKids(i.Ref)
		}
		for _, e := range tb.cards.all() {
			tb.cards.lookup(e.Name)
		}
		for i := range tb.lexVals.len() {
			tb.lexVals.at(i)
		}
	})
}
