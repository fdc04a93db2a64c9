package engine

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// sharedData is the shared data directory, ../shared/data from the
// repository root; tests that need it skip when it is absent.
func sharedData(t testing.TB) string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "data")
	if _, err := os.Stat(filepath.Join(dir, "mtg", "cards")); err != nil {
		t.Skip("no shared data at", dir)
	}
	return dir
}

// cardLine is one line of cards-multilang-mtgjson-20220425.jsonl.
type cardLine struct {
	Name       string                 `json:"name"`
	FaceName   string                 `json:"face_name"`
	Layout     string                 `json:"layout"`
	ManaCost   string                 `json:"mana_cost"`
	TypeLine   string                 `json:"type_line"`
	OracleText string                 `json:"oracle_text"`
	Names      map[string][]string    `json:"names"`
	FR         *struct{ Name string } `json:"fr"`
	JA         *struct{ Name string } `json:"ja"`
}

// dataCards is a Cards lookup over the shared cards data: English names,
// face names, and every French and Japanese printed name. The jsonl file has
// no power and toughness; the five MTGJSON set files beside it give them for
// the cards they hold.
type dataCards struct {
	byName map[string]*CardInfo
	lines  []cardLine
}

func (d *dataCards) Card(name string) (CardInfo, bool) {
	c, ok := d.byName[strings.ToLower(strings.TrimSpace(name))]
	if !ok {
		return CardInfo{}, false
	}
	return *c, true
}

var loadedCards = sync.OnceValues(func() (*dataCards, error) {
	dir := filepath.Join("..", "..", "shared", "data", "mtg", "cards")
	pt := map[string][2]string{}
	sets, _ := filepath.Glob(filepath.Join(dir, "mtgjson-v5.2.0-20220425", "*.json"))
	for _, f := range sets {
		raw, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var set struct {
			Data struct {
				Cards []struct {
					Name, FaceName, Power, Toughness string
				}
			}
		}
		if err := json.Unmarshal(raw, &set); err != nil {
			return nil, err
		}
		for _, c := range set.Data.Cards {
			if c.Power != "" {
				pt[c.Name] = [2]string{c.Power, c.Toughness}
			}
		}
	}
	f, err := os.Open(filepath.Join(dir, "cards-multilang-mtgjson-20220425.jsonl"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	d := &dataCards{byName: map[string]*CardInfo{}}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		var l cardLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return nil, err
		}
		d.lines = append(d.lines, l)
		if l.FaceName != "" && l.FaceName != l.Name {
			if c, ok := d.byName[strings.ToLower(l.Name)]; ok {
				c.Text += "\n" + l.OracleText
				continue
			}
		}
		c := &CardInfo{Name: l.Name, ManaCost: l.ManaCost, Text: l.OracleText, Faces: 1, Names: map[string]string{}}
		if strings.Contains(l.Name, " // ") {
			c.Faces = 2
		}
		c.Supertypes, c.Types, c.Subtypes = ParseTypeLine(l.TypeLine)
		c.Colors = ColorsOf(l.ManaCost)
		if v, ok := pt[l.Name]; ok {
			c.Power, c.Toughness = v[0], v[1]
		}
		if l.FR != nil {
			c.Names["fr"] = l.FR.Name
		}
		if l.JA != nil {
			c.Names["ja"] = l.JA.Name
		}
		keys := []string{l.Name, l.FaceName}
		keys = append(keys, l.Names["French"]...)
		keys = append(keys, l.Names["Japanese"]...)
		for _, k := range keys {
			if k = strings.ToLower(k); k != "" {
				if _, dup := d.byName[k]; !dup {
					d.byName[k] = c
				}
			}
		}
	}
	return d, sc.Err()
})

// realCards returns the lookup over the shared cards data, or skips.
func realCards(t testing.TB) *dataCards {
	t.Helper()
	sharedData(t)
	d, err := loadedCards()
	if err != nil {
		t.Fatal(err)
	}
	return d
}
