package kb

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"iter"
	"sort"
	"strings"

	"github.com/blevesearch/bleve/v2/mapping"
)

// The flat tables of an index (see flat.go), in the file tables.bin of
// its directory or, for an index in memory, in a byte slice of its own:
//
//	pool                    every distinct short string the records name
//	info.*                  docInfo of each document Search may cite, by ID
//	rel.card.*, rel.kids.*  the texts of each card, the rules under each rule
//	card.*                  the card table: names in every language, characteristics
//	lex.*                   the meanings of the lexicon's names
//	misc.json               topics, Yu-Gi-Oh! cards, learned translations,
//	                        the glossary's and renumbering table's sources
const tablesPath = "tables.bin"

// misc is the small part of the tables, kept as JSON: a few thousand
// entries, decoded in a few milliseconds.
type misc struct {
	Topics         []topic      `json:"topics,omitempty"`
	YGO            []YGOCard    `json:"ygo,omitempty"`
	Translations   translations `json:"translations,omitempty"`
	GlossarySrc    []byte       `json:"glossary_yaml,omitempty"`
	RenumberingSrc []byte       `json:"renumbering_yaml,omitempty"`
	// Analyses are the terms of the names of topics and Yu-Gi-Oh! cards
	// by each analyzer of their language, keyed as the index's memo of
	// analyses is: a question that names a topic looks its names up in
	// every language, and so needs no Japanese dictionary unless it is
	// Japanese itself.
	Analyses map[string][]string `json:"analyses,omitempty"`
}

// nameAnalyses analyzes the names of topics and Yu-Gi-Oh! cards, in their
// language, with the analyzers of index mapping m.
func nameAnalyses(m mapping.IndexMapping, topics []topic, ygo []YGOCard) map[string][]string {
	analyzers := map[string][]string{"en": {enAnalyzerName}, "fr": {frAnalyzerName}, "ja": {jaAnalyzerName, jaBigramName}}
	out := map[string][]string{}
	add := func(lang, s string) {
		if s == "" {
			return
		}
		for _, name := range analyzers[lang] {
			key := name + "\x00" + s
			if _, done := out[key]; done {
				continue
			}
			var terms []string
			if a := m.AnalyzerNamed(name); a != nil {
				for _, t := range a.Analyze([]byte(s)) {
					terms = addUnique(terms, string(t.Term))
				}
			}
			out[key] = terms
		}
	}
	for _, t := range topics {
		for lang, names := range t.Names {
			for _, n := range names {
				add(lang, n)
			}
		}
	}
	for _, y := range ygo {
		add("en", y.Name)
		add("ja", y.JAName)
	}
	return out
}

// flatTables is what an index reads of its tables file.
type flatTables struct {
	infos   *infoTable
	related *relations
	cards   *flatCards
	lexVals lexVals
	misc    misc
}

// tableSource is what the tables are made of.
type tableSource struct {
	infos  map[string]docInfo
	cards  []cardEntry
	byName map[string][]int // NormalizeName(name) -> cards; nil: made from their names
	lex    [][]lexRef
	misc   misc
}

// encodeTables lays the tables out as a tables file.
func encodeTables(src tableSource) ([]byte, error) {
	var w flatWriter
	p := newPool()
	ids := putInfos(&w, p, src.infos)
	putRelations(&w, ids, src.infos)
	putCards(&w, p, src.cards, src.byName)
	putLexVals(&w, p, src.lex)
	mb, err := json.Marshal(src.misc)
	if err != nil {
		return nil, err
	}
	w.add("misc.json", mb)
	w.add("pool", putStrTab(p.list))
	return w.bytes(), nil
}

// decodeTables reads a tables file. The tables point into b.
func decodeTables(b []byte) (*flatTables, error) {
	sec, err := readFlat(b)
	if err != nil {
		return nil, err
	}
	pool, err := readStrTab(sec["pool"])
	if err != nil {
		return nil, fmt.Errorf("%w: pool", err)
	}
	t := &flatTables{}
	if t.infos, err = readInfos(sec, pool); err != nil {
		return nil, fmt.Errorf("%w: ranking table", err)
	}
	if t.related, err = readRelations(sec, t.infos); err != nil {
		return nil, fmt.Errorf("%w: relations", err)
	}
	if t.cards, err = readCards(sec, pool); err != nil {
		return nil, fmt.Errorf("%w: card table", err)
	}
	if t.lexVals, err = readLexVals(sec, pool); err != nil {
		return nil, fmt.Errorf("%w: lexicon", err)
	}
	if err := json.Unmarshal(sec["misc.json"], &t.misc); err != nil {
		return nil, fmt.Errorf("kb: tables: %w", err)
	}
	return t, nil
}

// infoTable is the ranking information of the documents Search may cite
// (docInfo), by ID. A nil table holds none.
type infoTable struct {
	ids  strTab
	recs []byte
	hash hashTab
	pool strTab
}

// An info record is 12 uint32 (kind, game, lang, ref, card, original ID
// and date as strings of the pool, length, flags, commas, where the
// examples start, 0) and the text's hash as a uint64.
const infoRecSize = 56

// Flags of an info record.
const (
	infoObsolete = 1 << iota
	infoOfficial
	infoHeading
)

// putInfos writes the ranking table and returns its IDs, in its order.
func putInfos(w *flatWriter, p *pool, infos map[string]docInfo) []string {
	ids := make([]string, 0, len(infos))
	for id := range infos {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	recs := make([]byte, 0, infoRecSize*len(ids))
	for _, id := range ids {
		i := infos[id]
		flags := uint32(0)
		if i.Obsolete {
			flags |= infoObsolete
		}
		if i.Official {
			flags |= infoOfficial
		}
		if i.Heading {
			flags |= infoHeading
		}
		for _, v := range []uint32{p.id(string(i.Kind)), p.id(i.Game), p.id(i.Lang), p.id(i.Ref), p.id(i.Card), p.id(i.OriginalID), p.id(i.Date), uint32(i.Len), flags, uint32(i.Commas), uint32(i.Examples), 0} {
			recs = binary.LittleEndian.AppendUint32(recs, v)
		}
		recs = binary.LittleEndian.AppendUint64(recs, i.Hash)
	}
	w.add("info.ids", putStrTab(ids))
	w.add("info.recs", recs)
	w.add("info.hash", putSlots(ids))
	return ids
}

func readInfos(sec map[string][]byte, pool strTab) (*infoTable, error) {
	ids, err := readStrTab(sec["info.ids"])
	if err != nil {
		return nil, err
	}
	t := &infoTable{ids: ids, recs: sec["info.recs"], pool: pool}
	if len(t.recs) != infoRecSize*ids.len() {
		return nil, errFlat
	}
	if t.hash, err = readHashTab(sec["info.hash"], ids.len()); err != nil {
		return nil, err
	}
	for i := 0; i < ids.len(); i++ {
		r := u32s(t.recs[i*infoRecSize : i*infoRecSize+28])
		for j := 0; j < 7; j++ {
			if int(r.at(j)) >= pool.len() {
				return nil, errFlat
			}
		}
	}
	return t, nil
}

// len returns the number of documents the table holds.
func (t *infoTable) len() int {
	if t == nil {
		return 0
	}
	return t.ids.len()
}

// get returns the ranking information of the document id.
func (t *infoTable) get(id string) (docInfo, bool) {
	if t == nil {
		return docInfo{}, false
	}
	i, ok := t.hash.find(id, t.ids.at)
	if !ok {
		return docInfo{}, false
	}
	return t.info(i), true
}

// at returns the ranking information of the document id, the zero one
// when the table holds none.
func (t *infoTable) at(id string) docInfo {
	i, _ := t.get(id)
	return i
}

// info returns the ranking information of entry i.
func (t *infoTable) info(i int) docInfo {
	r := u32s(t.recs[i*infoRecSize : (i+1)*infoRecSize])
	s := func(j int) string { return t.pool.at(int(r.at(j))) }
	flags := r.at(8)
	return docInfo{Kind: Kind(s(0)), Game: s(1), Lang: s(2), Ref: s(3), Card: s(4), OriginalID: s(5), Date: s(6),
		Len: int(r.at(7)), Commas: int(r.at(9)), Examples: int(r.at(10)), Obsolete: flags&infoObsolete != 0, Official: flags&infoOfficial != 0, Heading: flags&infoHeading != 0,
		Hash: binary.LittleEndian.Uint64(t.recs[i*infoRecSize+48:])}
}

// all yields every document's ID and ranking information, in ID order.
func (t *infoTable) all() iter.Seq2[string, docInfo] {
	return func(yield func(string, docInfo) bool) {
		for i := 0; i < t.len(); i++ {
			if !yield(t.ids.at(i), t.info(i)) {
				return
			}
		}
	}
}

// relations are what the ranking table says of how documents relate: the
// texts about each card, and the rules under each rule.
type relations struct {
	infos  *infoTable
	byCard flatMap // English card name -> its card texts, then its rulings in their order
	kids   flatMap // rule number -> the current rules one level under it
}

// putRelations writes the relations of the documents of infos, whose
// table lists them in the order of ids.
func putRelations(w *flatWriter, ids []string, infos map[string]docInfo) {
	entry := make(map[string]uint32, len(ids))
	for i, id := range ids {
		entry[id] = uint32(i)
	}
	byCard, kids := map[string][]string{}, map[string][]string{}
	for _, id := range ids {
		i := infos[id]
		switch {
		case i.Card != "" && (i.Kind == KindRuling || i.Kind == KindCard):
			byCard[i.Card] = append(byCard[i.Card], id)
		case i.Kind == KindRule && strings.HasPrefix(id, "cr:") && !i.Obsolete:
			if p := ruleParent(i.Ref); p != "" {
				kids[p] = append(kids[p], id)
			}
		}
	}
	for _, list := range byCard {
		sort.Slice(list, func(a, b int) bool { return cardDocLess(list[a], list[b], infos) })
	}
	for _, list := range kids {
		sort.Slice(list, func(a, b int) bool {
			return ruleLess(strings.TrimPrefix(list[a], "cr:"), strings.TrimPrefix(list[b], "cr:"))
		})
	}
	put := func(prefix string, m map[string][]string) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		lists := make([][]uint32, len(keys))
		for i, k := range keys {
			for _, id := range m[k] {
				lists[i] = append(lists[i], entry[id])
			}
		}
		putFlatMap(w, prefix, keys, lists)
	}
	put("rel.card", byCard)
	put("rel.kids", kids)
}

func readRelations(sec map[string][]byte, infos *infoTable) (*relations, error) {
	r := &relations{infos: infos}
	var err error
	if r.byCard, err = readFlatMap(sec, "rel.card", infos.len()); err != nil {
		return nil, err
	}
	if r.kids, err = readFlatMap(sec, "rel.kids", infos.len()); err != nil {
		return nil, err
	}
	return r, nil
}

// cardDocs returns the IDs of the texts about a card (English name): its
// card texts, then its rulings in their order.
func (r *relations) cardDocs(card string) []string { return r.ids(r.byCard, card) }

// ruleKids returns the IDs of the current rules one level under a rule.
func (r *relations) ruleKids(number string) []string { return r.ids(r.kids, number) }

func (r *relations) ids(m flatMap, key string) []string {
	list, ok := m.get(key)
	if !ok {
		return nil
	}
	out := make([]string, list.len())
	for i := range out {
		out[i] = r.infos.ids.at(int(list.at(i)))
	}
	return out
}

// flatCards is the card table of an index: its cards, by number, found by
// their names in every language.
type flatCards struct {
	recs   u32s
	lists  u32s
	pool   strTab
	byName flatMap
}

// A card record is 14 uint32: Oracle ID, English name, type line, mana
// cost, power and toughness as strings of the pool, then the start and
// length in the lists of its French names, Japanese names, keywords and
// colour indicator.
const cardRecWords = 14

// putCards writes the card table, found by the names of byName (or, when
// nil, by each card's names in every language).
func putCards(w *flatWriter, p *pool, cards []cardEntry, byName map[string][]int) {
	var recs, lists []uint32
	list := func(l []string) (uint32, uint32) {
		start := uint32(len(lists))
		for _, s := range l {
			lists = append(lists, p.id(s))
		}
		return start, uint32(len(l))
	}
	for _, e := range cards {
		recs = append(recs, p.id(e.OracleID), p.id(e.Name), p.id(e.TypeLine), p.id(e.ManaCost), p.id(e.Power), p.id(e.Toughness))
		for _, l := range [][]string{e.Names["fr"], e.Names["ja"], e.Keywords, e.ColorIndicator} {
			s, n := list(l)
			recs = append(recs, s, n)
		}
	}
	if byName == nil {
		byName = map[string][]int{}
		for i, e := range cards {
			for _, n := range e.allNames() {
				k := NormalizeName(n)
				if !containsInt(byName[k], i) {
					byName[k] = append(byName[k], i)
				}
			}
		}
	}
	keys := make([]string, 0, len(byName))
	for k := range byName {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	names := make([][]uint32, len(keys))
	for i, k := range keys {
		for _, c := range byName[k] {
			names[i] = append(names[i], uint32(c))
		}
	}
	w.add("card.recs", putU32s(recs))
	w.add("card.lists", putU32s(lists))
	putFlatMap(w, "card.name", keys, names)
}

func readCards(sec map[string][]byte, pool strTab) (*flatCards, error) {
	c := &flatCards{recs: u32s(sec["card.recs"]), lists: u32s(sec["card.lists"]), pool: pool}
	if len(c.recs)%(4*cardRecWords) != 0 || len(c.lists)%4 != 0 {
		return nil, errFlat
	}
	for i := 0; i < c.len(); i++ {
		r := c.rec(i)
		for j := 0; j < 6; j++ {
			if int(r.at(j)) >= pool.len() {
				return nil, errFlat
			}
		}
		for j := 6; j < cardRecWords; j += 2 {
			if s, n := r.at(j), r.at(j+1); uint64(s)+uint64(n) > uint64(c.lists.len()) {
				return nil, errFlat
			}
		}
	}
	for i := 0; i < c.lists.len(); i++ {
		if int(c.lists.at(i)) >= pool.len() {
			return nil, errFlat
		}
	}
	var err error
	if c.byName, err = readFlatMap(sec, "card.name", c.len()); err != nil {
		return nil, err
	}
	return c, nil
}

// len returns the number of cards.
func (c *flatCards) len() int { return c.recs.len() / cardRecWords }

func (c *flatCards) rec(i int) u32s { return c.recs.slice(i*cardRecWords, (i+1)*cardRecWords) }

// name returns the English name of card i.
func (c *flatCards) name(i int) string { return c.pool.at(int(c.rec(i).at(1))) }

// entry returns card i.
func (c *flatCards) entry(i int) cardEntry {
	r := c.rec(i)
	s := func(j int) string { return c.pool.at(int(r.at(j))) }
	l := func(j int) []string {
		n := int(r.at(j + 1))
		if n == 0 {
			return nil
		}
		out := make([]string, n)
		for k := range out {
			out[k] = c.pool.at(int(c.lists.at(int(r.at(j)) + k)))
		}
		return out
	}
	e := cardEntry{OracleID: s(0), Name: s(1), TypeLine: s(2), ManaCost: s(3), Power: s(4), Toughness: s(5),
		Keywords: l(10), ColorIndicator: l(12)}
	for j, lang := range []string{"fr", "ja"} {
		if names := l(6 + 2*j); names != nil {
			if e.Names == nil {
				e.Names = map[string][]string{}
			}
			e.Names[lang] = names
		}
	}
	return e
}

// all yields every card, in the order they were added.
func (c *flatCards) all() iter.Seq2[int, cardEntry] {
	return func(yield func(int, cardEntry) bool) {
		for i := 0; i < c.len(); i++ {
			if !yield(i, c.entry(i)) {
				return
			}
		}
	}
}

// lookup returns the cards whose name in some language is exactly name,
// after normalization.
func (c *flatCards) lookup(name string) []cardEntry {
	list, ok := c.byName.get(NormalizeName(name))
	if !ok {
		return nil
	}
	out := make([]cardEntry, list.len())
	for i := range out {
		out[i] = c.entry(int(list.at(i)))
	}
	return out
}

// lexVals are the meanings of the lexicon's names, by the transducer's
// value: the meanings of value v are refs[starts[v]:starts[v+1]].
type lexVals struct {
	starts u32s
	refs   []byte
	pool   strTab
}

// A meaning is 12 bytes: its ID (int32), its language (a string of the
// pool), its kind and whether it is a partial name (uint16 each).
const lexRefSize = 12

func putLexVals(w *flatWriter, p *pool, vals [][]lexRef) {
	starts := make([]uint32, 0, len(vals)+1)
	var refs []byte
	n := uint32(0)
	starts = append(starts, 0)
	for _, v := range vals {
		for _, r := range v {
			part := uint16(0)
			if r.Part {
				part = 1
			}
			refs = binary.LittleEndian.AppendUint32(refs, uint32(r.ID))
			refs = binary.LittleEndian.AppendUint32(refs, p.id(r.Lang))
			refs = binary.LittleEndian.AppendUint16(refs, uint16(r.Kind))
			refs = binary.LittleEndian.AppendUint16(refs, part)
		}
		n += uint32(len(v))
		starts = append(starts, n)
	}
	w.add("lex.starts", putU32s(starts))
	w.add("lex.refs", refs)
}

func readLexVals(sec map[string][]byte, pool strTab) (lexVals, error) {
	v := lexVals{starts: u32s(sec["lex.starts"]), refs: sec["lex.refs"], pool: pool}
	if v.starts.len() == 0 || len(v.refs)%lexRefSize != 0 || v.starts.at(0) != 0 {
		return lexVals{}, errFlat
	}
	prev := uint32(0)
	for i := 0; i < v.starts.len(); i++ {
		s := v.starts.at(i)
		if s < prev || int(s) > len(v.refs)/lexRefSize {
			return lexVals{}, errFlat
		}
		prev = s
	}
	for i := 0; i < len(v.refs); i += lexRefSize {
		if int(binary.LittleEndian.Uint32(v.refs[i+4:])) >= pool.len() {
			return lexVals{}, errFlat
		}
	}
	return v, nil
}

// len returns the number of values.
func (v lexVals) len() int { return max(v.starts.len()-1, 0) }

// at returns the meanings of value i.
func (v lexVals) at(i int) []lexRef {
	a, b := int(v.starts.at(i)), int(v.starts.at(i+1))
	out := make([]lexRef, b-a)
	for k := range out {
		r := v.refs[(a+k)*lexRefSize:]
		out[k] = lexRef{ID: int32(binary.LittleEndian.Uint32(r)), Lang: v.pool.at(int(binary.LittleEndian.Uint32(r[4:]))),
			Kind: lexKind(binary.LittleEndian.Uint16(r[8:])), Part: binary.LittleEndian.Uint16(r[10:]) != 0}
	}
	return out
}

// flatLexVals makes the flat form of a lexicon's meanings, for an index
// being built.
func flatLexVals(vals [][]lexRef) lexVals {
	var w flatWriter
	p := newPool()
	putLexVals(&w, p, vals)
	w.add("pool", putStrTab(p.list))
	sec, err := readFlat(w.bytes())
	if err != nil {
		panic(err) // what flatWriter writes, readFlat reads
	}
	pool, err := readStrTab(sec["pool"])
	if err != nil {
		panic(err)
	}
	v, err := readLexVals(sec, pool)
	if err != nil {
		panic(err)
	}
	return v
}

// all returns every value's meanings, to write them again.
func (v lexVals) all() [][]lexRef {
	out := make([][]lexRef, v.len())
	for i := range out {
		out[i] = v.at(i)
	}
	return out
}
