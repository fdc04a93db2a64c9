package evaldata

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"arbiter/kb"
)

// The files of the shared data the full index is built from ("bot kb
// build"), relative to the data directory.
const (
	CardsFile      = "mtg/cards/cards-multilang-mtgjson-20220425.jsonl"
	RulingsFile    = "mtg/rulings/rulings-mtgjson-20220425.jsonl"
	YGORulingsFile = "ygo/ocg-ruling-assistant/rulings.json"
	YGOCardsFile   = "ygo/ocg-ruling-assistant/cards.json"
)

// CRFiles are the Comprehensive Rules releases of the full index; the
// newest is the current one.
var crFiles = []string{"mtg/cr/MagicCompRules_20260116.txt", "mtg/cr/MagicCompRules_20260417.txt"}

// Data is the parsed answer side.
type Data struct {
	CR    *kb.CR   // the current release
	Older []*kb.CR // older releases the index also holds

	// Cards maps an Oracle ID to its faces, in file order.
	Cards map[string][]kb.Card
	// Rulings maps an Oracle ID to its rulings, in N order.
	Rulings map[string][]kb.Ruling

	// YGO holds the Yu-Gi-Oh! Q&A and card FAQ records as the index
	// has them (card references named), YGOCardIDs the card ids of each
	// record (its cardIds, then the <<id>> references of its text), and
	// YGOCards the cards the cards file names.
	YGO        []kb.Doc
	YGOCardIDs map[string][]string // by doc ID ("ygo:<record id>")
	YGOCards   kb.YGOCards

	// Corpus holds the documents of the embedded corpus, translations
	// included, in file order.
	Corpus     []kb.Doc
	corpusFile map[string]string // doc ID -> file name

	ids     map[string]bool
	oracles map[string]bool // oracle ids with at least one ruling, for ":*"
	byName  map[string]string
}

// Load parses the files of dir (the shared data directory) the full index
// is built from, and the corpus of fsys (laid out as package data's).
func Load(dir string, fsys fs.FS) (*Data, error) {
	d := &Data{
		Cards: map[string][]kb.Card{}, Rulings: map[string][]kb.Ruling{},
		YGOCardIDs: map[string][]string{}, corpusFile: map[string]string{}, ids: map[string]bool{}, oracles: map[string]bool{}, byName: map[string]string{},
	}
	for _, f := range crFiles {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			return nil, err
		}
		cr, err := kb.ParseCR(f, b)
		if err != nil {
			return nil, err
		}
		if d.CR != nil {
			d.Older = append(d.Older, d.CR)
		}
		d.CR = cr
	}
	// The two big files are parsed side by side; the rulings fill maps of
	// their own.
	var rulingsErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		rulingsErr = d.loadRulings(filepath.Join(dir, RulingsFile))
	}()
	cardsErr := d.loadCards(filepath.Join(dir, CardsFile))
	wg.Wait()
	if err := errors.Join(cardsErr, rulingsErr); err != nil {
		return nil, err
	}
	if err := d.loadYGO(dir); err != nil {
		return nil, err
	}
	if err := d.loadCorpus(fsys); err != nil {
		return nil, err
	}
	for i, cr := range append(slices.Clone(d.Older), d.CR) {
		for _, doc := range cr.Docs(i == len(d.Older)) {
			d.ids[doc.ID] = true
		}
	}
	return d, nil
}

func (d *Data) loadCards(file string) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	return kb.ParseCards(file, f, func(c kb.Card) error {
		d.Cards[c.OracleID] = append(d.Cards[c.OracleID], c)
		d.ids["card:"+c.OracleID] = true
		if _, ok := d.byName[c.Name]; !ok {
			d.byName[c.Name] = c.OracleID
		}
		if c.FaceName != "" {
			if _, ok := d.byName[c.FaceName]; !ok {
				d.byName[c.FaceName] = c.OracleID
			}
		}
		if strings.TrimSpace(c.Text) == "" {
			return nil
		}
		doc := c.Doc()
		d.ids[doc.ID] = true
		for _, l := range []string{"fr", "ja"} {
			if p, ok := c.PrintedDoc(l); ok {
				d.ids[p.ID] = true
			}
		}
		return nil
	})
}

func (d *Data) loadRulings(file string) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	return kb.ParseRulings(file, f, func(r kb.Ruling) error {
		d.Rulings[r.OracleID] = append(d.Rulings[r.OracleID], r)
		d.oracles[r.OracleID] = true
		return nil
	})
}

var (
	ygoRefRe   = regexp.MustCompile(`<<(\d+)>>`)
	seeEntryRe = regexp.MustCompile(`(?:^|\n|\. )See ([A-Z][^.,"“]*)\.`)
)

func (d *Data) loadYGO(dir string) error {
	cb, err := os.ReadFile(filepath.Join(dir, YGOCardsFile))
	if err != nil {
		return err
	}
	if d.YGOCards, err = kb.ParseYGOCards(YGOCardsFile, cb); err != nil {
		return err
	}
	rb, err := os.ReadFile(filepath.Join(dir, YGORulingsFile))
	if err != nil {
		return err
	}
	if d.YGO, err = kb.ParseYGORulingsWith(YGORulingsFile, rb, d.YGOCards); err != nil {
		return err
	}
	// The card ids of each record, for its group: the parsed documents
	// keep only the name of the first known card.
	var raw struct {
		Records []struct {
			ID         string   `json:"id"`
			CardIDs    []string `json:"cardIds"`
			Question   string   `json:"question"`
			Conclusion string   `json:"conclusion"`
		} `json:"records"`
	}
	if err := json.Unmarshal(rb, &raw); err != nil {
		return fmt.Errorf("%s: %w", YGORulingsFile, err)
	}
	for _, r := range raw.Records {
		ids := slices.Clone(r.CardIDs)
		for _, m := range ygoRefRe.FindAllStringSubmatch(r.Question+" "+r.Conclusion, -1) {
			if !slices.Contains(ids, m[1]) {
				ids = append(ids, m[1])
			}
		}
		d.YGOCardIDs["ygo:"+r.ID] = ids
	}
	for _, doc := range d.YGO {
		d.ids[doc.ID] = true
	}
	return nil
}

func (d *Data) loadCorpus(fsys fs.FS) error {
	files, err := fs.Glob(fsys, "corpus/*.yaml")
	if err != nil {
		return err
	}
	for _, f := range files {
		b, err := fs.ReadFile(fsys, f)
		if err != nil {
			return err
		}
		docs, err := kb.ParseCorpus(path.Base(f), b)
		if err != nil {
			return err
		}
		for _, doc := range docs {
			d.Corpus = append(d.Corpus, doc)
			d.corpusFile[doc.ID] = path.Base(f)
			d.ids[doc.ID] = true
			if doc.Card != "" && doc.Game != "ygo" {
				if _, ok := d.byName[doc.Card]; !ok {
					d.ids["card:"+kb.Slug(doc.Card)] = true
				}
			}
		}
	}
	return nil
}

// Holds reports whether the full index holds a text an expected ID names:
// an ID as the index has it, "cr:<n>+" for a rule that exists, and
// "ruling:<oracle id>:*" for a card with at least one ruling.
func (d *Data) Holds(id string) bool {
	if base, ok := strings.CutSuffix(id, ":*"); ok {
		oracle, ok := strings.CutPrefix(base, "ruling:")
		return ok && d.oracles[oracle]
	}
	if base, ok := strings.CutPrefix(id, "cr:"); ok {
		return d.ids["cr:"+strings.TrimSuffix(base, "+")]
	}
	if rest, ok := strings.CutPrefix(id, "ruling:"); ok {
		oracle, n, _ := strings.Cut(rest, ":")
		i, err := strconv.Atoi(n)
		return err == nil && i >= 1 && i <= len(d.Rulings[oracle]) && n == strconv.Itoa(i)
	}
	return d.ids[id]
}

// OracleID returns the Oracle ID of the card with that English name (or
// face name), if the cards file has it.
func (d *Data) OracleID(name string) (string, bool) {
	id, ok := d.byName[name]
	return id, ok
}

// RulingOracles returns the Oracle IDs of the cards with rulings, sorted.
func (d *Data) RulingOracles() []string {
	out := make([]string, 0, len(d.Rulings))
	for id := range d.Rulings {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// GroupTable returns the group of every ID whose group cannot be read from
// the ID itself (see package evalset): a glossary entry goes with the first
// rule whose title is its term, else with the first rule (or section) it
// refers to ("See rule 702.26"), else with the entry it sends to ("See
// Landwalk."), and stands alone otherwise; a Yu-Gi-Oh! record goes with its first card; a corpus document (and
// its translations) with its card, else with the current rule it is about
// (its successor rule, else the first rule it cites), else with the other
// documents of its file ("corpus:<file stem>"). ruleGroup
// is evalset.Group applied to "cr:<number>".
func (d *Data) GroupTable(ruleGroup func(string) string) map[string]string {
	t := map[string]string{}
	titles := map[string]string{} // rule title -> number
	for _, r := range d.CR.Rules {
		if r.Title != "" && r.Kind != kb.RulePart {
			if _, ok := titles[strings.ToLower(r.Title)]; !ok {
				titles[strings.ToLower(r.Title)] = r.Number
			}
		}
	}
	// An entry that refers to no rule but to another entry ("See
	// Landwalk.") goes with that entry's group, once all are known.
	seeEntry := map[string]string{}
	for _, g := range d.CR.Glossary {
		id := "glossary:" + kb.Slug(g.Term)
		t[id] = id
		if m := seeEntryRe.FindStringSubmatch(g.Text); m != nil {
			seeEntry[id] = "glossary:" + kb.Slug(m[1])
		}
		refs := slices.Clone(g.SeeAlso)
		for _, k := range slices.Backward(g.Keys) {
			if n, ok := titles[strings.ToLower(k)]; ok {
				refs = append([]string{n}, refs...)
			}
		}
		for _, ref := range refs {
			if len(ref) >= 3 && isDigits(ref[:3]) {
				t[id] = ruleGroup("cr:" + ref)
				break
			}
		}
	}
	for id, other := range seeEntry {
		if t[id] == id && t[other] != "" {
			t[id] = t[other]
		}
	}
	for _, doc := range d.YGO {
		if ids := d.YGOCardIDs[doc.ID]; len(ids) > 0 {
			t[doc.ID] = "ygo-card:" + ids[0]
		} else {
			t[doc.ID] = doc.ID
		}
	}
	byID := map[string]kb.Doc{}
	for _, doc := range d.Corpus {
		byID[doc.ID] = doc
	}
	for _, doc := range d.Corpus {
		orig := doc
		if doc.OriginalID != "" {
			orig = byID[doc.OriginalID]
		}
		g := orig.ID
		switch {
		case orig.Card != "" && orig.Game == "mtg":
			if id, ok := d.byName[orig.Card]; ok {
				g = "card:" + id
			} else {
				g = "card:" + kb.Slug(orig.Card)
			}
		case orig.Current != "":
			g = ruleGroup("cr:" + orig.Current)
		case len(orig.Cites) > 0:
			g = ruleGroup("cr:" + orig.Cites[0])
		default:
			g = "corpus:" + strings.TrimSuffix(d.corpusFile[orig.ID], ".yaml")
		}
		t[doc.ID] = g
	}
	return t
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
