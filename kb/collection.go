package kb

import (
	"fmt"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"arbiter/i18n"
)

// Collection gathers parsed records before they are indexed: documents,
// cards, the glossary and the renumbering table. Add sources in any order,
// then call Finish once.
type Collection struct {
	Docs        []Doc
	Glossary    *Glossary
	Renumbering *Renumbering

	glossarySrc, renumberingSrc []byte // kept for the index directory

	cards    *cardTable
	releases map[string]*CR    // by effective date
	crSrc    map[string][]byte // the text of each release, kept in the index directory
	sources  []string
	finished bool

	ygoCards YGOCards      // Yu-Gi-Oh! cards by id, to name card references
	kwVotes  keywordVotes  // French and Japanese keyword names seen on cards
	topics   []topic       // built by Finish
	ygoList  []YGOCard     // the Yu-Gi-Oh! cards in id order, built by Finish
	lex      *lexicon      // built by Finish
	pairs    []lexiconPair // printed texts beside their Oracle texts, to learn translations
	trans    translations  // built by Finish
}

// NewCollection returns an empty collection.
func NewCollection() *Collection {
	return &Collection{cards: newCardTable(), releases: map[string]*CR{}, crSrc: map[string][]byte{}, Glossary: &Glossary{}, Renumbering: &Renumbering{},
		ygoCards: YGOCards{}, kwVotes: keywordVotes{}}
}

// AddCR parses a Comprehensive Rules text file. Several releases may be
// added; the newest becomes the current one.
func (c *Collection) AddCR(name string, src []byte) error {
	cr, err := ParseCR(name, src)
	if err != nil {
		return err
	}
	c.releases[cr.EffectiveDate] = cr
	c.crSrc[cr.EffectiveDate] = src
	c.sources = append(c.sources, name)
	return nil
}

// AddRulings reads a rulings file (Scryfall bulk or JSON Lines) as a stream.
func (c *Collection) AddRulings(name string, r io.Reader) error {
	via := path.Base(filepath.ToSlash(name))
	err := ParseRulings(name, r, func(ru Ruling) error {
		d := ru.Doc()
		if d.Source == "" {
			// Rulings files without a source field carry the rulings
			// Wizards of the Coast publishes (Gatherer, through MTGJSON).
			d.Source = sourceWotC
		}
		d.Via = via
		d.URL = cardURL(ru.OracleID, ru.Card)
		c.Docs = append(c.Docs, d)
		return nil
	})
	if err != nil {
		return err
	}
	c.sources = append(c.sources, name)
	return nil
}

// AddCards reads a cards file (Scryfall bulk cards, an MTGJSON set file or
// JSON Lines of cards) as a stream.
func (c *Collection) AddCards(name string, r io.Reader) error {
	via := path.Base(filepath.ToSlash(name))
	err := ParseCards(name, r, func(card Card) error {
		c.cards.add(card)
		c.kwVotes.add(card)
		if card.Text != "" {
			for _, l := range []string{"fr", "ja"} {
				if p, ok := card.Printed[l]; ok && p.Text != "" {
					c.pairs = append(c.pairs, lexiconPair{lang: l, en: withoutNames(card.Text, englishNames(card)), local: withoutNames(p.Text, localNames(p.Name))})
				}
			}
		}
		if card.OracleID != "" && strings.TrimSpace(card.Text) != "" {
			c.Docs = append(c.Docs, card.Doc())
			for _, l := range []string{"fr", "ja"} {
				if d, ok := card.PrintedDoc(l); ok {
					c.Docs = append(c.Docs, d)
				}
			}
		}
		for _, ru := range card.Rulings {
			d := ru.Doc()
			d.Source, d.Via, d.URL = sourceWotC, via, cardURL(ru.OracleID, ru.Card)
			c.Docs = append(c.Docs, d)
		}
		return nil
	})
	if err != nil {
		return err
	}
	c.sources = append(c.sources, name)
	return nil
}

// AddDocument parses one clarification document: a file of the project's
// corpus format (.yaml), a Yu-Gi-Oh! rulings or cards file (.json), or one
// of the seed document kinds (ruling feeds, forum articles, wiki diffs,
// articles). The Yu-Gi-Oh! cards name the card references of the rulings,
// whichever comes first; the flattened search index the rulings come with
// (records of text alone, the same records again) is left out.
func (c *Collection) AddDocument(name string, src []byte) error {
	var docs []Doc
	var err error
	switch {
	case strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml"):
		docs, err = ParseCorpus(name, src)
	case strings.HasSuffix(name, ".json"):
		switch ygoFileKind(src) {
		case ygoNamesFile:
			cards, err := ParseYGOCards(name, src)
			if err != nil {
				return err
			}
			for id, card := range cards {
				c.ygoCards[id] = card
			}
			c.sources = append(c.sources, name)
			return nil
		case ygoIndexFile:
			return nil
		}
		docs, err = ParseYGORulings(name, src)
	default:
		docs, err = ParseDocumentWith(name, src, *c.Renumbering)
	}
	if err != nil {
		return err
	}
	c.Docs = append(c.Docs, docs...)
	c.sources = append(c.sources, name)
	return nil
}

// AddCorpus reads a corpus laid out as package data's: corpus/*.yaml,
// glossary.yaml and renumbering.yaml.
func (c *Collection) AddCorpus(fsys fs.FS) error {
	if b, err := fs.ReadFile(fsys, "renumbering.yaml"); err == nil {
		r, err := ParseRenumbering("renumbering.yaml", b)
		if err != nil {
			return err
		}
		c.Renumbering = &r
		c.renumberingSrc = b
	}
	if b, err := fs.ReadFile(fsys, "glossary.yaml"); err == nil {
		g, err := ParseGlossary("glossary.yaml", b)
		if err != nil {
			return err
		}
		c.Glossary = &g
		c.glossarySrc = b
	}
	if b, err := fs.ReadFile(fsys, "cards.yaml"); err == nil {
		cards, err := ParseCardNames("cards.yaml", b)
		if err != nil {
			return err
		}
		for _, card := range cards {
			c.cards.add(card)
		}
	}
	files, err := fs.Glob(fsys, "corpus/*.yaml")
	if err != nil {
		return err
	}
	for _, f := range files {
		b, err := fs.ReadFile(fsys, f)
		if err != nil {
			return err
		}
		if err := c.AddDocument(path.Base(f), b); err != nil {
			return err
		}
	}
	return nil
}

// Finish resolves what needs every source: card names of rulings that only
// carry an Oracle ID, the IDs of older CR releases, glossary documents.
func (c *Collection) Finish() error {
	if c.finished {
		return nil
	}
	c.finished = true
	dates := c.crDates()
	for i, date := range dates {
		cr := c.releases[date]
		current := i == len(dates)-1
		c.Docs = append(c.Docs, cr.Docs(current)...)
	}
	seen := make(map[string]bool, len(c.Docs))
	out := c.Docs[:0]
	for _, d := range c.Docs {
		if d.Game == "ygo" && d.Kind == KindRuling {
			d = nameYGO(d, c.ygoCards)
		}
		if d.Card == "" && d.Kind == KindRuling {
			if oracle := rulingOracle(d.ID); oracle != "" {
				d.Card = c.cards.nameOf(oracle)
			}
		}
		c.markObsolete(&d)
		if d.Card != "" && d.Game == "mtg" && len(c.cards.lookup(d.Card)) == 0 {
			// A card known only from clarification documents: its English
			// name still finds it.
			c.cards.add(Card{Name: d.Card})
		}
		if seen[d.ID] {
			continue // the same ruling from two files (a set file and the bulk rulings)
		}
		seen[d.ID] = true
		out = append(out, d)
	}
	// Every card is found by its names: a card without an Oracle text of
	// its own (known from a name table or a clarification) gets a
	// document with its names alone, which Search never cites.
	for _, e := range c.cards.list {
		id := e.docID()
		if !seen[id] {
			seen[id] = true
			out = append(out, Doc{ID: id, Kind: KindCard, Game: "mtg", Lang: "en", Card: e.Name, Title: e.Name})
		}
	}
	c.Docs = out
	return c.buildLexicon()
}

// buildLexicon gathers the topics of the current rules, the glossary and
// the keyword names seen on cards, then compiles every name.
func (c *Collection) buildLexicon() error {
	ts := newTopicSet()
	if dates := c.crDates(); len(dates) > 0 {
		ts.addCR(c.releases[dates[len(dates)-1]])
	}
	ts.addGlossary(c.Glossary)
	ts.addKeywordNames(c.kwVotes)
	c.topics = ts.list
	c.ygoList = c.ygoList[:0]
	for _, y := range c.ygoCards {
		c.ygoList = append(c.ygoList, y)
	}
	sort.Slice(c.ygoList, func(i, j int) bool { return c.ygoList[i].ID < c.ygoList[j].ID })
	lx, err := compileLexicon(c.cards.list, c.ygoList, c.topics)
	if err != nil {
		return err
	}
	c.lex = lx
	if len(c.pairs) > 0 {
		m, err := newMapping()
		if err != nil {
			return err
		}
		c.trans = learnTranslations(m, c.pairs)
		withoutNameFragments(m, c.trans, c.topics)
		c.pairs = nil
	}
	return nil
}

// markObsolete labels what the renumbering table says of an old rule
// number: a rule under it, and an article about it (its reference is that
// number), describe rules no longer in force; they say since when and what
// replaced them (the table's current rule, else the first current rule the
// text cites).
func (c *Collection) markObsolete(d *Doc) {
	if d.Game != "mtg" || d.Ref == "" || d.Kind != KindRule && d.Kind != KindDoc {
		return
	}
	e, ok := c.Renumbering.Lookup(d.Ref)
	if !ok {
		return
	}
	if d.Kind == KindDoc {
		d.Obsolete = true
	}
	if !d.Obsolete {
		return
	}
	if d.ObsoleteSince == "" {
		d.ObsoleteSince = e.Changed
	}
	if d.Current == "" {
		d.Current = e.Current
	}
	if d.Current == "" && len(d.Cites) > 0 {
		d.Current = d.Cites[0]
	}
}

// crDates returns the effective dates of the CR releases, oldest first.
func (c *Collection) crDates() []string {
	dates := make([]string, 0, len(c.releases))
	for d := range c.releases {
		dates = append(dates, d)
	}
	sort.Strings(dates)
	return dates
}

// Release returns a parsed CR release by effective date.
func (c *Collection) Release(date string) (*CR, bool) {
	cr, ok := c.releases[date]
	return cr, ok
}

// Meta counts what the collection holds.
func (c *Collection) Meta() Meta {
	m := Meta{Format: metaFormat, ByKind: map[string]int{}, ByLang: map[string]int{}, Sources: c.sources}
	m.CRDates = c.crDates()
	if n := len(m.CRDates); n > 0 {
		m.CurrentCR = m.CRDates[n-1]
	}
	for _, d := range c.Docs {
		m.ByKind[string(d.Kind)]++
		m.ByLang[d.Lang]++
		if d.Kind == KindCard && d.OriginalID == "" && d.Text != "" {
			m.CardTexts++
		}
	}
	m.Docs = len(c.Docs)
	return m
}

// rulingOracle extracts the Oracle ID of a "ruling:<oracle>:<n>" ID.
func rulingOracle(id string) string {
	rest, ok := strings.CutPrefix(id, "ruling:")
	if !ok {
		return ""
	}
	oracle, _, ok := strings.Cut(rest, ":")
	if !ok {
		return ""
	}
	return oracle
}

// cardEntry is one card of the name table.
type cardEntry struct {
	OracleID string              `json:"oracle_id"`
	Name     string              `json:"name"`
	TypeLine string              `json:"type_line,omitempty"`
	Names    map[string][]string `json:"names,omitempty"` // "fr", "ja" -> printed names
	Keywords []string            `json:"keywords,omitempty"`
	// Characteristics of the card's front face, where the cards file gives them.
	ManaCost       string   `json:"mana_cost,omitempty"`
	ColorIndicator []string `json:"color_indicator,omitempty"`
	Power          string   `json:"power,omitempty"`
	Toughness      string   `json:"toughness,omitempty"`
}

// docID is the ID of the card's document.
func (e cardEntry) docID() string {
	if e.OracleID == "" {
		return "card:" + Slug(e.Name)
	}
	return "card:" + e.OracleID
}

func (e cardEntry) allNames() []string {
	out := []string{e.Name}
	for _, l := range []string{"fr", "ja"} {
		out = append(out, e.Names[l]...)
	}
	return out
}

// cardTable maps names in every language to cards.
type cardTable struct {
	list     []cardEntry
	byOracle map[string]int
	byName   map[string][]int // NormalizeName(name) -> entries
}

func newCardTable() *cardTable {
	return &cardTable{byOracle: map[string]int{}, byName: map[string][]int{}}
}

func (t *cardTable) add(c Card) {
	name := c.Name
	if c.FaceName != "" && c.FaceName != c.Name && !strings.Contains(c.Name, "//") {
		name = c.FaceName
	}
	i, ok := t.byOracle[c.OracleID]
	if !ok {
		// The same card known by name only (a corpus name table) and by its
		// Oracle ID (a cards file) is one entry.
		for _, j := range t.byName[NormalizeName(name)] {
			if t.list[j].Name == name && (t.list[j].OracleID == "" || c.OracleID == "") {
				i, ok = j, true
				if c.OracleID != "" {
					t.list[j].OracleID = c.OracleID
					t.byOracle[c.OracleID] = j
				}
				break
			}
		}
	}
	if ok {
		e := &t.list[i]
		if e.TypeLine == "" {
			e.TypeLine = c.TypeLine
		}
		if e.ManaCost == "" && e.Power == "" && (c.Side == "" || c.Side == "a") {
			e.ManaCost, e.ColorIndicator, e.Power, e.Toughness = c.ManaCost, c.ColorIndicator, c.Power, c.Toughness
		}
		for _, k := range c.Keywords {
			if !slices.Contains(e.Keywords, k) {
				e.Keywords = append(e.Keywords, k)
			}
		}
		for l, ns := range c.Names {
			e.Names[l] = addUnique(e.Names[l], ns...)
		}
		t.indexNames(i, c)
		return
	}
	e := cardEntry{OracleID: c.OracleID, Name: name, TypeLine: c.TypeLine, Names: map[string][]string{}, Keywords: c.Keywords,
		ManaCost: c.ManaCost, ColorIndicator: c.ColorIndicator, Power: c.Power, Toughness: c.Toughness}
	for l, ns := range c.Names {
		e.Names[l] = addUnique(nil, ns...)
	}
	t.list = append(t.list, e)
	i = len(t.list) - 1
	if c.OracleID != "" {
		t.byOracle[c.OracleID] = i
	}
	t.indexNames(i, c)
}

func (t *cardTable) indexNames(i int, c Card) {
	names := append([]string{c.Name, c.FaceName}, t.list[i].allNames()...)
	for _, n := range names {
		if n == "" {
			continue
		}
		k := NormalizeName(n)
		if !containsInt(t.byName[k], i) {
			t.byName[k] = append(t.byName[k], i)
		}
	}
}

func (t *cardTable) rebuild() {
	t.byOracle = map[string]int{}
	t.byName = map[string][]int{}
	for i, e := range t.list {
		if e.OracleID != "" {
			t.byOracle[e.OracleID] = i
		}
		for _, n := range e.allNames() {
			k := NormalizeName(n)
			if !containsInt(t.byName[k], i) {
				t.byName[k] = append(t.byName[k], i)
			}
		}
	}
}

func (t *cardTable) nameOf(oracle string) string {
	if i, ok := t.byOracle[oracle]; ok {
		return t.list[i].Name
	}
	return ""
}

// namesOf returns every name of the card with that English name.
func (t *cardTable) namesOf(english string) []string {
	if english == "" {
		return nil
	}
	for _, i := range t.byName[NormalizeName(english)] {
		if t.list[i].Name == english {
			return t.list[i].allNames()
		}
	}
	return []string{english}
}

// lookup returns the cards whose name in some language is exactly name,
// after normalization.
func (t *cardTable) lookup(name string) []cardEntry {
	var out []cardEntry
	for _, i := range t.byName[NormalizeName(name)] {
		out = append(out, t.list[i])
	}
	return out
}

var nameReplacer = strings.NewReplacer("’", "'", "‘", "'", "＇", "'", "・", "", "･", "")

// NormalizeName folds a card name or term for exact matching: NFKC, width,
// case, accents and typographic apostrophes, collapsed spaces.
func NormalizeName(s string) string {
	s = nameReplacer.Replace(s)
	s = i18n.FoldAccents(i18n.NormalizeKey(s))
	return strings.Join(strings.Fields(s), " ")
}

func addUnique(list []string, items ...string) []string {
	for _, it := range items {
		if it == "" {
			continue
		}
		dup := false
		for _, x := range list {
			if x == it {
				dup = true
				break
			}
		}
		if !dup {
			list = append(list, it)
		}
	}
	return list
}

func containsInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// errf formats an ingest error that is not a parse error of a file.
func errf(format string, args ...any) error { return fmt.Errorf("kb: "+format, args...) }
