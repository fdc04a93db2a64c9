package kb

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
)

// Index field names. Text is indexed in the field of its own language only:
// Japanese in an English or French field would be split one character per
// token, and the reverse would be stemmed by the wrong rules.
const (
	fKind       = "kind"
	fGame       = "game"
	fLang       = "lang"
	fRef        = "ref"
	fParent     = "parent"
	fNames      = "names"      // card names in every language (rulings and cards)
	fCard       = "card"       // the English card name, folded (NormalizeName)
	fCites      = "cites"      // rules a clarification cites
	fSuperseded = "superseded" // "t" for rules of an older CR release
	fObsolete   = "obsolete"   // "t" for old numbering and abolished rules
	fRaw        = "raw"        // the Doc as JSON, stored, not indexed
	fTextEN     = "text_en"
	fTextFR     = "text_fr"
	fTextJA     = "text_ja"
	fTextJABi   = "text_ja_bi"
	fTitleEN    = "title_en"
	fTitleFR    = "title_fr"
	fTitleJA    = "title_ja"
)

// indexDoc is what bleve stores for a Doc.
type indexDoc struct {
	Kind       string   `json:"kind"`
	Game       string   `json:"game"`
	Lang       string   `json:"lang"`
	Ref        string   `json:"ref,omitempty"`
	Parent     string   `json:"parent,omitempty"`
	Names      string   `json:"names,omitempty"`
	Card       string   `json:"card,omitempty"`
	Cites      []string `json:"cites,omitempty"`
	Superseded string   `json:"superseded,omitempty"`
	Obsolete   string   `json:"obsolete,omitempty"`
	Raw        string   `json:"raw"`
	TextEN     string   `json:"text_en,omitempty"`
	TextFR     string   `json:"text_fr,omitempty"`
	TextJA     string   `json:"text_ja,omitempty"`
	TextJABi   string   `json:"text_ja_bi,omitempty"`
	TitleEN    string   `json:"title_en,omitempty"`
	TitleFR    string   `json:"title_fr,omitempty"`
	TitleJA    string   `json:"title_ja,omitempty"`
}

func newMapping() (mapping.IndexMapping, error) {
	m := bleve.NewIndexMapping()
	if err := addAnalyzers(m); err != nil {
		return nil, err
	}
	m.DefaultAnalyzer = enAnalyzerName
	m.StoreDynamic = false
	m.IndexDynamic = false
	m.DocValuesDynamic = false

	doc := bleve.NewDocumentStaticMapping()
	keyword := func(name string) {
		f := bleve.NewKeywordFieldMapping()
		f.Store = false
		f.IncludeInAll = false
		f.IncludeTermVectors = false
		f.DocValues = false
		doc.AddFieldMappingsAt(name, f)
	}
	for _, k := range []string{fKind, fGame, fLang, fRef, fParent, fSuperseded, fObsolete, fCard, fCites} {
		keyword(k)
	}
	text := func(name, analyzer string, store bool) {
		f := bleve.NewTextFieldMapping()
		f.Analyzer = analyzer
		f.Store = store
		f.IncludeInAll = false
		f.IncludeTermVectors = store // highlighting needs the term vectors
		f.DocValues = false
		doc.AddFieldMappingsAt(name, f)
	}
	text(fTextEN, enAnalyzerName, true)
	text(fTextFR, frAnalyzerName, true)
	text(fTextJA, jaAnalyzerName, true)
	text(fTextJABi, jaBigramName, false)
	text(fTitleEN, enAnalyzerName, false)
	text(fTitleFR, frAnalyzerName, false)
	text(fTitleJA, jaAnalyzerName, false)
	text(fNames, nameAnalyzer, false)

	raw := bleve.NewTextFieldMapping()
	raw.Index = false
	raw.Store = true
	raw.IncludeInAll = false
	raw.IncludeTermVectors = false
	raw.DocValues = false
	doc.AddFieldMappingsAt(fRaw, raw)

	m.DefaultMapping = doc
	return m, nil
}

// toIndexDoc turns a Doc into the fields bleve indexes. names holds the card's
// names in every language, when the Doc is about a card.
func toIndexDoc(d Doc, names []string) (indexDoc, error) {
	raw, err := json.Marshal(d)
	if err != nil {
		return indexDoc{}, err
	}
	x := indexDoc{
		Kind:   string(d.Kind),
		Game:   d.Game,
		Lang:   d.Lang,
		Ref:    strings.ToLower(d.Ref),
		Parent: strings.ToLower(d.Parent),
		Names:  strings.Join(names, "\n"),
		Raw:    string(raw),
	}
	if d.Card != "" {
		x.Card = NormalizeName(d.Card)
	}
	for _, c := range d.Cites {
		x.Cites = addUnique(x.Cites, ruleAncestors(strings.ToLower(NormalizeRuleNumber(c)))...)
	}
	if d.Obsolete {
		x.Obsolete = "t"
	}
	if superseded(d.ID) {
		// An older release's copy is looked up by number, never searched
		// by its words: it would only double the current text's hits.
		x.Superseded = "t"
		return x, nil
	}
	body := d.Text
	if len(d.Examples) > 0 {
		body += "\n" + strings.Join(d.Examples, "\n")
	}
	switch d.Lang {
	case "fr":
		x.TextFR, x.TitleFR = body, d.Title
	case "ja":
		x.TextJA, x.TitleJA = body, d.Title
		if d.Kind != KindCard {
			// Card texts are worded regularly enough for the dictionary
			// alone; the bigram field is for the prose of the rulings,
			// wikis and questions.
			x.TextJABi = body
		}
	default:
		x.TextEN, x.TitleEN = body, d.Title
	}
	return x, nil
}

// superseded reports whether id names a text of an older CR release.
func superseded(id string) bool {
	return strings.HasPrefix(id, "cr@") || strings.HasPrefix(id, "glossary@")
}

// ruleAncestors returns a rule number and the numbers above it:
// "702.26b" -> "702.26b", "702.26", "702".
func ruleAncestors(n string) []string {
	out := []string{n}
	if t := strings.TrimRight(n, "abcdefghijklmnopqrstuvwxyz"); t != n && t != "" {
		out = append(out, t)
		n = t
	}
	if i := strings.IndexByte(n, '.'); i > 0 {
		out = append(out, n[:i])
	}
	return out
}

// Meta describes an index: what it holds and where it came from.
type Meta struct {
	Format    int            `json:"format"`
	CRDates   []string       `json:"cr_dates,omitempty"` // every CR release held, oldest first
	CurrentCR string         `json:"current_cr,omitempty"`
	Docs      int            `json:"docs"`
	ByKind    map[string]int `json:"by_kind"`
	ByLang    map[string]int `json:"by_lang"`
	Sources   []string       `json:"sources,omitempty"`
	// CardTexts counts the cards whose Oracle text the index holds (a
	// cards file was given); 0 for the embedded corpus.
	CardTexts int    `json:"card_texts,omitempty"`
	BuiltAt   string `json:"built_at,omitempty"` // RFC 3339, set by the caller
}

// metaFormat is the format of the index directories Build writes: 2 keeps
// the tables flat in tables.bin, 1 (still read) as JSON.
const metaFormat = 2

// Index is an open knowledge base: the bleve index plus the lookup tables
// that answer card names, glossary terms and old rule numbers. It is safe
// for concurrent use.
type Index struct {
	bl       bleve.Index
	meta     Meta
	cards    *flatCards
	glossary *Glossary
	renum    *Renumbering
	jaMode   JapaneseMode
	infos    *infoTable // ranking information, by document ID
	lex      *lexicon   // names of cards and topics; empty for an index built without it
	topics   []topic
	ygo      []YGOCard
	trans    translations
	related  *relations        // documents by card and rules by parent, from infos
	kinds    docKinds          // the cards' texts and the rules, by number in bleve
	analyses memo[[]string]    // analyzed glossary terms, by analyzer and term
	freqs    memo[uint64]      // document frequencies, by field and term
	dir      string            // the index directory, "" for an index in memory
	releases map[string][]byte // the CR release texts by date, for an index in memory
	diffs    diffCache
	stemOnce sync.Once
	stemTab  topicStems // the topics' names as terms, made on first use
	typeOnce sync.Once
	typeTab  map[string]bool // the subtypes of rule 205.3, folded, read on first use
	closeMu  sync.Mutex
	closed   bool
}

// Meta returns what the index holds.
func (ix *Index) Meta() Meta { return ix.meta }

// Glossary returns the term glossary the index expands queries with.
func (ix *Index) Glossary() *Glossary { return ix.glossary }

// Renumbering returns the table of old rule numbers.
func (ix *Index) Renumbering() *Renumbering { return ix.renum }

// Close releases the index.
func (ix *Index) Close() error {
	ix.closeMu.Lock()
	defer ix.closeMu.Unlock()
	if ix.closed {
		return nil
	}
	ix.closed = true
	return ix.bl.Close()
}

// NewMem indexes a collection in memory (scorch, not the slower legacy
// in-memory engine).
func NewMem(ctx context.Context, c *Collection) (*Index, error) {
	return NewMemMode(ctx, c, JABoth)
}

// NewMemMode is NewMem with a choice of Japanese analysis.
func NewMemMode(ctx context.Context, c *Collection, mode JapaneseMode) (*Index, error) {
	if err := c.Finish(); err != nil {
		return nil, err
	}
	m, err := newMapping()
	if err != nil {
		return nil, err
	}
	bl, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
	if err != nil {
		return nil, fmt.Errorf("kb: new index: %w", err)
	}
	if err := indexCollection(ctx, bl, c, mode, nil); err != nil {
		bl.Close()
		return nil, err
	}
	src, err := tablesOf(c)
	if err != nil {
		bl.Close()
		return nil, err
	}
	b, err := encodeTables(src)
	if err != nil {
		bl.Close()
		return nil, err
	}
	t, err := decodeTables(b)
	if err != nil {
		bl.Close()
		return nil, err
	}
	ix := &Index{bl: bl, meta: c.Meta(), glossary: c.Glossary, renum: c.Renumbering, jaMode: mode, releases: c.crSrc}
	var fst []byte
	if c.lex != nil {
		fst = c.lex.data
	}
	if err := ix.useTables(t, fst, false); err != nil {
		bl.Close()
		return nil, err
	}
	if ix.kinds, err = readKinds(ctx, bl); err != nil {
		bl.Close()
		return nil, err
	}
	return ix, nil
}

// info returns the ranking information of the document id.
func (ix *Index) info(id string) (docInfo, bool) { return ix.infos.get(id) }

// tablesOf returns what the tables of a finished collection are made of.
func tablesOf(c *Collection) (tableSource, error) {
	m, err := newMapping()
	if err != nil {
		return tableSource{}, err
	}
	src := tableSource{infos: docInfos(c.Docs), cards: c.cards.list, byName: c.cards.byName,
		misc: misc{Topics: c.topics, YGO: c.ygoList, Translations: c.trans, GlossarySrc: c.glossarySrc, RenumberingSrc: c.renumberingSrc,
			Analyses: nameAnalyses(m, c.topics, c.ygoList)}}
	if c.lex != nil {
		src.lex = c.lex.vals.all()
	}
	return src, nil
}

// useTables gives the index the tables t and the lexicon of the
// transducer fst (none when empty). With sources, the glossary and the
// renumbering table are parsed from theirs in t.
func (ix *Index) useTables(t *flatTables, fst []byte, sources bool) error {
	ix.infos, ix.related, ix.cards = t.infos, t.related, t.cards
	ix.topics, ix.ygo, ix.trans = t.misc.Topics, t.misc.YGO, t.misc.Translations
	for k, v := range t.misc.Analyses {
		ix.analyses.put(k, v)
	}
	ix.lex = &lexicon{}
	if len(fst) > 0 {
		lx, err := loadLexicon(fst, t.lexVals)
		if err != nil {
			return err
		}
		ix.lex = lx
	}
	if !sources {
		return nil
	}
	ix.glossary, ix.renum = &Glossary{}, &Renumbering{}
	if len(t.misc.GlossarySrc) > 0 {
		g, err := ParseGlossary("glossary.yaml", t.misc.GlossarySrc)
		if err != nil {
			return err
		}
		ix.glossary = &g
	}
	if len(t.misc.RenumberingSrc) > 0 {
		r, err := ParseRenumbering("renumbering.yaml", t.misc.RenumberingSrc)
		if err != nil {
			return err
		}
		ix.renum = &r
	}
	return nil
}

const batchSize = 1000

// indexCollection indexes the documents of c in bl, telling indexed (if
// not nil) how many are done after each batch.
func indexCollection(ctx context.Context, bl bleve.Index, c *Collection, mode JapaneseMode, indexed func(int)) error {
	b := bl.NewBatch()
	done := 0
	flush := func() error {
		if b.Size() == 0 {
			return nil
		}
		n := b.Size()
		if err := bl.Batch(b); err != nil {
			return fmt.Errorf("kb: index batch: %w", err)
		}
		b.Reset()
		if done += n; indexed != nil {
			indexed(done)
		}
		return ctx.Err()
	}
	add := func(id string, x indexDoc) error {
		if err := b.Index(id, x); err != nil {
			return fmt.Errorf("kb: index %s: %w", id, err)
		}
		if b.Size() >= batchSize {
			return flush()
		}
		return nil
	}
	for _, d := range c.Docs {
		var names []string
		if !(d.Kind == KindCard && d.OriginalID != "") {
			// A printed translation is found by its card's names through
			// the Oracle text's document.
			names = c.cards.namesOf(d.Card)
		}
		x, err := toIndexDoc(d, names)
		if err != nil {
			return err
		}
		switch mode {
		case JABigramOnly:
			x.TextJA, x.TitleJA = "", ""
		case JAKagomeOnly:
			x.TextJABi = ""
		}
		if err := add(d.ID, x); err != nil {
			return err
		}
	}
	return flush()
}

// On-disk layout of an index directory (see Build):
//
//	DIR -> .DIR.<id>/          a symlink, swapped atomically on rebuild
//	       bleve/              the scorch index
//	       meta.json           Meta
//	       tables.bin          ranking, card, lexicon and topic tables (see tables.go)
//	       lexicon.fst         every name a question may use (see lexicon.go)
//	       cr/2026-04-17.txt   the text of every CR release indexed
//
// An index of format 1 keeps its tables in collection.json.gz instead, as
// JSON: Open reads it too.
const (
	blevePath      = "bleve"
	metaPath       = "meta.json"
	collectionPath = "collection.json.gz"
	lexiconPath    = "lexicon.fst"
	releasesPath   = "cr" // cr/<effective date>.txt: every CR release indexed
)

// ErrNoIndex is returned by Open when the directory holds no complete index.
var ErrNoIndex = errors.New("kb: no index")

// Open opens an index built by Build, read-only.
func Open(ctx context.Context, dir string) (*Index, error) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, fmt.Errorf("%w at %s: %v", ErrNoIndex, dir, err)
	}
	mb, err := os.ReadFile(filepath.Join(real, metaPath))
	if err != nil {
		return nil, fmt.Errorf("%w at %s: %v", ErrNoIndex, dir, err)
	}
	var meta Meta
	if err := json.Unmarshal(mb, &meta); err != nil || meta.Format < 1 || meta.Format > metaFormat {
		return nil, fmt.Errorf("%w at %s: unreadable %s", ErrNoIndex, dir, metaPath)
	}
	tb, err := os.ReadFile(filepath.Join(real, tablesPath))
	var legacy *tables
	if errors.Is(err, fs.ErrNotExist) && meta.Format == 1 {
		legacy, err = readTables(filepath.Join(real, collectionPath))
	}
	if err != nil {
		return nil, fmt.Errorf("%w at %s: %v", ErrNoIndex, dir, err)
	}
	bl, err := openBleve(filepath.Join(real, blevePath))
	if err != nil {
		return nil, fmt.Errorf("%w at %s: %w", ErrNoIndex, dir, err)
	}
	if n, err := bl.DocCount(); err != nil || int(n) < meta.Docs {
		bl.Close()
		return nil, fmt.Errorf("%w at %s: %d documents, meta says %d", ErrNoIndex, dir, n, meta.Docs)
	}
	if legacy != nil {
		if tb, err = legacy.flat(ctx, bl); err != nil {
			bl.Close()
			return nil, fmt.Errorf("%w at %s: %v", ErrNoIndex, dir, err)
		}
	}
	t, err := decodeTables(tb)
	if err != nil {
		bl.Close()
		return nil, fmt.Errorf("%w at %s: %w", ErrNoIndex, dir, err)
	}
	fst, err := os.ReadFile(filepath.Join(real, lexiconPath))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		bl.Close()
		return nil, fmt.Errorf("%w at %s: %v", ErrNoIndex, dir, err)
	}
	ix := &Index{bl: bl, meta: meta, dir: real}
	if err := ix.useTables(t, fst, true); err != nil {
		bl.Close()
		return nil, fmt.Errorf("%w at %s: %v", ErrNoIndex, dir, err)
	}
	if ix.kinds, err = readKinds(ctx, bl); err != nil {
		bl.Close()
		return nil, fmt.Errorf("%w at %s: %v", ErrNoIndex, dir, err)
	}
	return ix, nil
}
