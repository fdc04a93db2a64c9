package cardlang

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
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

// compiled is one card of the data compiled.
type compiled struct {
	src  Source
	card Card
	used []string
	err  error
}

// compileAll compiles the cards data once for the tests that look at
// every card.
var compileAll = sync.OnceValue(func() []compiled {
	srcs, err := loadSources()
	if err != nil {
		return nil
	}
	cp := NewCompiler()
	out := make([]compiled, len(srcs))
	for i, s := range srcs {
		c, used, err := cp.CompileTemplates(s)
		out[i] = compiled{s, c, used, err}
	}
	return out
})

// allCompiled returns every card of the data compiled, or skips.
func allCompiled(t testing.TB) []compiled {
	t.Helper()
	sources(t)
	return compileAll()
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

// TestCoverage compiles every card of the data: at least a quarter
// compile fully (the share the game model must simulate as printed), and
// every other card is refused with a sentence or a reason.
func TestCoverage(t *testing.T) {
	srcs := sources(t)
	cv := NewCompiler().Coverage(slices.Values(srcs))
	share := float64(cv.Compiled) / float64(cv.Cards)
	t.Logf("%d cards, %d compiled (%.1f%%), %d refused", cv.Cards, cv.Compiled, 100*share, cv.Refused())
	if cv.Cards != 23738 {
		t.Errorf("%d cards, want the 23,738 Oracle IDs of the data", cv.Cards)
	}
	if share < 0.25 {
		t.Errorf("%.1f%% compile, want at least 25%%", 100*share)
	}
	refused := 0
	for _, r := range cv.Reasons {
		refused += r.Cards
	}
	for _, s := range cv.Sentences {
		refused += s.Cards
		if strings.Contains(s.Sentence, s.Example) && s.Example != "" {
			t.Errorf("%q still names its card", s.Sentence)
		}
	}
	if refused != cv.Refused() {
		t.Errorf("%d refusals counted, %d cards refused", refused, cv.Refused())
	}
	for _, s := range cv.Sentences[:min(len(cv.Sentences), 20)] {
		t.Logf("%5d %s", s.Cards, s.Sentence)
	}
}

// TestCoverageCounts checks the counts on a few made-up cards.
func TestCoverageCounts(t *testing.T) {
	cv := NewCompiler().Coverage(slices.Values([]Source{
		{Name: "Bolt", TypeLine: "Instant", Text: "Bolt deals 3 damage to any target."},
		{Name: "Coin", TypeLine: "Instant", Text: "Flip a coin."},
		{Name: "Toss", TypeLine: "Sorcery", Text: "Draw a card.\nFlip a coin."},
		{Name: "Look", TypeLine: "Sorcery", Text: "Look deals 1 damage to you. Look at Look."},
		{Name: "Plane", TypeLine: "Plane — Dominaria", Text: "Draw a card."},
		{Name: "A // B", TypeLine: "Instant // Instant", Text: "Draw a card."},
	}))
	want := Coverage{Cards: 6, Compiled: 1, Simulated: 1,
		Reasons:   []ReasonCount{{Reason: ReasonCardType, Detail: "plane", Cards: 1}, {Reason: ReasonFaces, Cards: 1}},
		Sentences: []SentenceCount{{Sentence: "Flip a coin.", Cards: 2, Example: "Coin"}, {Sentence: "CARDNAME at CARDNAME.", Cards: 1, Example: "Look"}}}
	if !reflect.DeepEqual(cv, want) {
		t.Errorf("got %+v\nwant %+v", cv, want)
	}
}
