package cardlang

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

// cardsFile is the shared cards data, ../shared/data from the repository
// root.
var cardsFile = filepath.Join("..", "..", "..", "shared", "data", "mtg", "cards", "cards-multilang-mtgjson-20220425.jsonl")

// cardLine is one line of the cards file: one face of a card.
type cardLine struct {
	OracleID   string `json:"oracle_id"`
	Name       string `json:"name"`
	FaceName   string `json:"face_name"`
	ManaCost   string `json:"mana_cost"`
	TypeLine   string `json:"type_line"`
	OracleText string `json:"oracle_text"`
}

// loadSources reads the cards file as compiler sources, one per Oracle
// ID in file order (a card with several faces is one source with Faces
// set), and an index by name.
var loadSources = sync.OnceValues(func() ([]Source, error) {
	f, err := os.Open(cardsFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Source
	byID := map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		var l cardLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return nil, err
		}
		if i, ok := byID[l.OracleID]; ok {
			out[i].Faces++
			out[i].Text += "\n" + l.OracleText
			continue
		}
		byID[l.OracleID] = len(out)
		faces := 1
		if strings.Contains(l.Name, " // ") {
			faces = 2
		}
		out = append(out, Source{Name: l.Name, ManaCost: l.ManaCost, TypeLine: l.TypeLine, Text: l.OracleText, Faces: faces})
	}
	return out, sc.Err()
})

// sources returns the cards data's sources, or skips the test.
func sources(t testing.TB) []Source {
	t.Helper()
	if _, err := os.Stat(cardsFile); err != nil {
		t.Skip("no shared cards data at", cardsFile)
	}
	s, err := loadSources()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// sourceByName finds a card of the data by its English name.
func sourceByName(t testing.TB, name string) Source {
	t.Helper()
	for _, s := range sources(t) {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no card %q in the cards data", name)
	return Source{}
}

// TestCoverageReport compiles every card of the data and logs the share
// compiled and the commonest sentences not understood.
func TestCoverageReport(t *testing.T) {
	srcs := sources(t)
	cp := NewCompiler()
	ok := 0
	missing := map[string]int{}
	for _, s := range srcs {
		_, err := cp.Compile(s)
		if err == nil {
			ok++
			continue
		}
		r := err.(*Refusal)
		key := r.Sentence
		if key == "" {
			key = "[" + r.Reason + "]"
		} else {
			key = strings.ReplaceAll(key, s.Name, "CARDNAME")
		}
		missing[key]++
	}
	t.Logf("%d cards, %d compiled (%.1f%%)", len(srcs), ok, 100*float64(ok)/float64(len(srcs)))
	keys := make([]string, 0, len(missing))
	for k := range missing {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if missing[keys[i]] != missing[keys[j]] {
			return missing[keys[i]] > missing[keys[j]]
		}
		return keys[i] < keys[j]
	})
	if testing.Verbose() {
		for _, k := range keys[:min(len(keys), 150)] {
			t.Logf("%5d %s", missing[k], k)
		}
	}
}
