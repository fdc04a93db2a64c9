package kb

import (
	"context"
	"encoding/json"
	"math"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/registry"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/highlight"
	"github.com/blevesearch/bleve/v2/search/highlight/format/plain"
	sfrag "github.com/blevesearch/bleve/v2/search/highlight/fragmenter/simple"
	shl "github.com/blevesearch/bleve/v2/search/highlight/highlighter/simple"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
	"golang.org/x/text/unicode/norm"

	"arbiter/i18n"
)

// MaxQueryLen is the longest question accepted, in characters.
const MaxQueryLen = 500

// Snippet marks: a highlighted span of a snippet is wrapped in MarkStart and
// MarkEnd, which renderers turn into bold, <mark> or nothing after escaping
// the text for their medium.
const (
	MarkStart = "\x02"
	MarkEnd   = "\x03"
)

const highlighterName = "arbiter_marks"

func registerHighlighter() {
	_ = registry.RegisterHighlighter(highlighterName, func(map[string]interface{}, *registry.Cache) (highlight.Highlighter, error) {
		return shl.NewHighlighter(sfrag.NewFragmenter(220), plain.NewFragmentFormatter(MarkStart, MarkEnd), " … "), nil
	})
}

// Query is a question to the knowledge base.
type Query struct {
	Text   string
	Lang   string // the asker's language (en, fr, ja); empty: detected from Text
	K      int    // how many hits at most; default 5
	Offset int    // skip that many hits (pagination)
	Game   string // mtg or ygo; empty: both
}

// Hit is one cited document.
type Hit struct {
	Doc     Doc
	Score   float64
	Snippet string // a fragment of Doc.Text with MarkStart/MarkEnd around matched words
	// Original is the document a machine-translated hit translates.
	Original *Doc
	// Exact is set for hits on a rule number or card name the question names.
	Exact bool
}

// Result is the answer to a Query.
type Result struct {
	Query string
	Lang  string
	Hits  []Hit
	Total int      // relevant hits before K and Offset
	Rules []string // rule numbers the question names
	Cards []string // English names of the cards the question names
	Terms []string // glossary entries the question uses
}

// QueryError is a question the index refuses.
type QueryError struct {
	Code string // "empty", "too_long"
	Max  int
}

func (e *QueryError) Error() string {
	if e.Code == "too_long" {
		return "kb: question too long"
	}
	return "kb: empty question"
}

var ruleNumberRE = regexp.MustCompile(`(?:^|[^\d.])(\d{3}(?:\.\d{1,3}[a-z]?)?)(?:$|[^\d])`)

// Search answers q: the relevant documents, best first. Nothing relevant
// gives an empty Hits, never padding.
func (ix *Index) Search(ctx context.Context, q Query) (*Result, error) {
	text := strings.TrimSpace(q.Text)
	if text == "" {
		return nil, &QueryError{Code: "empty"}
	}
	if utf8.RuneCountInString(text) > MaxQueryLen {
		return nil, &QueryError{Code: "too_long", Max: MaxQueryLen}
	}
	lang := q.Lang
	if _, ok := i18n.ParseLang(lang); !ok || lang == "" {
		lang = i18n.Detect(text).String()
	} else {
		l, _ := i18n.ParseLang(lang)
		lang = l.String()
	}
	k := q.K
	if k <= 0 {
		k = 5
	}
	q.Offset = max(q.Offset, 0) // a negative offset would slice out of range below
	res := &Result{Query: text, Lang: lang}
	// Search keys are normalized (NFKC: full and half width, compatibility
	// characters); the question is echoed as typed.
	plan := ix.plan(norm.NFKC.String(text), lang, res)

	must := plan.must
	if len(must) == 0 {
		must = plan.should
	}
	filter := []query.Query{bleve.NewDisjunctionQuery(must...)}
	if q.Game != "" {
		tq := bleve.NewTermQuery(q.Game)
		tq.SetField(fGame)
		filter = append(filter, tq)
	}
	top := bleve.NewBooleanQuery()
	top.AddMust(filter...)
	if ix.infos == nil {
		// An index without ranking information: what Search skips by it
		// is left out here.
		mustNot := bleve.NewDisjunctionQuery()
		for _, f := range [][2]string{{fSuperseded, "t"}, {fKind, string(KindCard)}} {
			tq := bleve.NewTermQuery(f[1])
			tq.SetField(f[0])
			mustNot.AddQuery(tq)
		}
		top.AddMustNot(mustNot)
	}
	// The candidates are the texts holding a selective word, best first by
	// those words alone; the question's every word then scores the pool.
	// Scoring every candidate on every word would cost three times more.
	candidates, err := ix.pool(ctx, top, poolSize(k+q.Offset))
	if err != nil {
		return nil, err
	}
	matched, err := ix.matches(ctx, candidates, plan.located())
	if err != nil {
		return nil, err
	}
	hits := make([]Hit, 0, len(matched))
	var best float64
	maxRaw := 1e-9
	for _, m := range matched {
		maxRaw = max(maxRaw, m.Score)
	}
	for _, m := range matched {
		d, ok := ix.info(ctx, m)
		if !ok {
			continue
		}
		exact := false
		for _, r := range res.Rules {
			if strings.EqualFold(d.Ref, r) && d.Kind == KindRule {
				exact = true
			}
		}
		cardHit := false
		for _, c := range res.Cards {
			if d.Card == c {
				cardHit, exact = true, true
			}
		}
		got, total := plan.coverage(m.Locations, d.Lang)
		cov := 0.0
		if total > 0 {
			cov = got / total
		}
		if !exact && cov < 0.45 {
			continue
		}
		// The score is what the text covers of the question (its concepts
		// weighted by rarity), bleve's score only breaking ties: bleve's
		// scores are not comparable across the per-language fields, whose
		// clauses differ in number and rarity.
		hit := Hit{Doc: d, Exact: exact, Score: (got + 0.1) * (1 + 0.5*settle(m.Score/maxRaw))}
		if cardHit {
			hit.Score *= 2
		}
		if d.Lang == lang {
			hit.Score *= 1.3
		} else {
			// A text in another language matched only the question's game
			// terms, which is an easier bar than matching its words too.
			hit.Score *= 0.5
		}
		if d.Obsolete {
			// The current rule comes first, unless the question is about the old rules.
			if plan.historical {
				hit.Score *= 1.5
			} else {
				hit.Score *= 0.5
			}
		}
		if d.Kind == KindRuling && len(d.Date) >= 4 {
			// Newer rulings first among equals: +1% a year since 2000.
			if y := atoi(d.Date[:4]); y > 2000 {
				hit.Score *= 1 + float64(y-2000)/100
			}
		}
		if exact && d.Kind == KindRule {
			hit.Score += 1000
		}
		if hit.Score > best {
			best = hit.Score
		}
		hits = append(hits, hit)
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].Score != hits[j].Score {
			return hits[i].Score > hits[j].Score
		}
		return hits[i].Doc.ID < hits[j].Doc.ID
	})
	// Drop the long tail: what scores under a tenth of the best is noise.
	cut := hits[:0]
	for _, h := range hits {
		if h.Exact || h.Score >= best*0.1 {
			cut = append(cut, h)
		}
	}
	hits = dedupTranslations(cut, lang)
	res.Total = len(hits)
	if q.Offset < len(hits) {
		hits = hits[q.Offset:]
	} else {
		hits = nil
	}
	if len(hits) > k {
		hits = hits[:k]
	}
	// Only the hits shown are loaded, highlighted and their translations
	// looked up.
	hits = ix.loadHits(hits, matched)
	ix.resolveTranslations(ctx, hits, lang)
	res.Hits = hits
	return res, nil
}

// poolSize is how many candidates are scored for the first n hits: 50 per
// ten, so that the pages of a question agree on its total.
func poolSize(n int) int { return poolPerTen * ((n + 9) / 10) }

var poolPerTen = 50

// pool returns the n best candidates of q, ties broken by ID so that the
// pool does not depend on how the index is laid out.
func (ix *Index) pool(ctx context.Context, q query.Query, n int) ([]*search.DocumentMatch, error) {
	// Sorting by ID in bleve loads the ID of every candidate; instead a few
	// more hits than needed are fetched and sorted here. When the hits tied
	// with the last one may go on past them, bleve sorts by ID after all.
	const spare = 20
	req := bleve.NewSearchRequestOptions(q, n+spare, 0, false)
	sr, err := ix.bl.SearchInContext(ctx, req)
	if err != nil {
		return nil, err
	}
	hits := sr.Hits
	for _, h := range hits {
		h.Score = settle(h.Score)
	}
	if len(hits) == n+spare && hits[n-1].Score == hits[len(hits)-1].Score {
		req.SortBy([]string{"-_score", "_id"})
		if sr, err = ix.bl.SearchInContext(ctx, req); err != nil {
			return nil, err
		}
		hits = sr.Hits
		for _, h := range hits {
			h.Score = settle(h.Score)
		}
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].Score != hits[j].Score {
			return hits[i].Score > hits[j].Score
		}
		return hits[i].ID < hits[j].ID
	})
	return hits[:min(n, len(hits))], nil
}

// settle rounds a bleve score to six decimals. Bleve adds up a score's
// parts in an order that depends on the index's layout, so equal scores
// can differ in their last bits; rounded, they tie and the ID decides.
func settle(score float64) float64 { return math.Round(score*1e6) / 1e6 }

// matches returns the candidates with the locations of the terms each
// holds, by ID. It reads the posting lists of the terms directly, at the
// candidates alone: a search restricted to them would set up and score
// every clause again.
func (ix *Index) matches(ctx context.Context, candidates []*search.DocumentMatch, terms []fieldTerm) (map[string]*search.DocumentMatch, error) {
	out := make(map[string]*search.DocumentMatch, len(candidates))
	if len(candidates) == 0 {
		return out, nil
	}
	adv, err := ix.bl.Advanced()
	if err != nil {
		return nil, err
	}
	r, err := adv.Reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	// An index is not written once built (in memory, or read-only on
	// disk), so a candidate's number in this reader is its number in the
	// search's.
	byNum := make([]*search.DocumentMatch, len(candidates))
	for i, c := range candidates {
		m := &search.DocumentMatch{ID: c.ID, IndexInternalID: c.IndexInternalID, Score: c.Score, Locations: search.FieldTermLocationMap{}}
		byNum[i], out[c.ID] = m, m
	}
	sort.Slice(byNum, func(i, j int) bool { return byNum[i].IndexInternalID.Compare(byNum[j].IndexInternalID) < 0 })
	stats := &termReader{ix: ix, r: r}
	for _, ft := range terms {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if stats.docFreq(ft.field, ft.term) == 0 {
			continue // mostly known from the plan already
		}
		tfr, err := r.TermFieldReader(ctx, []byte(ft.term), ft.field, true, false, true)
		if err != nil {
			return nil, err
		}
		var cur *index.TermFieldDoc
		for _, m := range byNum {
			if cur == nil || cur.ID.Compare(m.IndexInternalID) < 0 {
				if cur, err = tfr.Advance(m.IndexInternalID, nil); err != nil || cur == nil {
					break
				}
			}
			if !cur.ID.Equals(m.IndexInternalID) {
				continue
			}
			tl := m.Locations[ft.field]
			if tl == nil {
				tl = search.TermLocationMap{}
				m.Locations[ft.field] = tl
			}
			locs := make(search.Locations, 0, len(cur.Vectors))
			for _, v := range cur.Vectors {
				locs = append(locs, &search.Location{Pos: v.Pos, Start: v.Start, End: v.End, ArrayPositions: v.ArrayPositions})
			}
			tl[ft.term] = locs
		}
		tfr.Close()
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// dedupTranslations shows a document once: an original and its
// translations share one slot, the best-ranked one, held by the version in
// the asker's language when it is among the hits.
func dedupTranslations(hits []Hit, lang string) []Hit {
	group := func(d Doc) string {
		if d.OriginalID != "" {
			return d.OriginalID
		}
		return d.ID
	}
	seen := map[string]int{}
	out := make([]Hit, 0, len(hits))
	for _, h := range hits {
		g := group(h.Doc)
		if i, ok := seen[g]; ok {
			if out[i].Doc.Lang != lang && h.Doc.Lang == lang {
				h.Score = out[i].Score
				h.Exact = out[i].Exact
				out[i] = h
			}
			continue
		}
		seen[g] = len(out)
		out = append(out, h)
	}
	return out
}

// resolveTranslations shows an original in another language through its
// translation into the asker's language, if there is one, and attaches the
// original to every translation.
func (ix *Index) resolveTranslations(ctx context.Context, hits []Hit, lang string) {
	for i := range hits {
		h := &hits[i]
		if h.Doc.OriginalID != "" && h.Doc.Lang != lang {
			// A translation into another language: show the original if the
			// asker reads it, else the asker's own translation, if any.
			if o, ok := ix.Doc(ctx, h.Doc.OriginalID); ok {
				if o.Lang == lang {
					h.Doc, h.Original, h.Snippet = o, nil, ""
					continue
				}
				if tr, ok := ix.translationOf(ctx, o.ID, lang); ok {
					h.Doc, h.Original, h.Snippet = tr, &o, ""
					continue
				}
			}
		}
		if h.Doc.OriginalID == "" && h.Doc.Lang != lang {
			if tr, ok := ix.translationOf(ctx, h.Doc.ID, lang); ok {
				orig := h.Doc
				h.Doc, h.Original = tr, &orig
				h.Snippet = ""
			}
		}
		if h.Doc.OriginalID != "" && h.Original == nil {
			if o, ok := ix.Doc(ctx, h.Doc.OriginalID); ok {
				h.Original = &o
			}
		}
	}
}

// translationOf finds the translation of document id into lang.
func (ix *Index) translationOf(ctx context.Context, id, lang string) (Doc, bool) {
	for _, suffix := range []string{"." + lang, "-" + lang} {
		if i, ok := ix.infos[id+suffix]; ix.infos != nil && (!ok || i.OriginalID != id || i.Lang != lang) {
			continue
		}
		if d, ok := ix.Doc(ctx, id+suffix); ok && d.OriginalID == id && d.Lang == lang {
			return d, true
		}
	}
	return Doc{}, false
}

// Doc returns a document by ID.
func (ix *Index) Doc(ctx context.Context, id string) (Doc, bool) {
	if ctx.Err() != nil {
		return Doc{}, false
	}
	doc, err := ix.bl.Document(id)
	if err != nil || doc == nil {
		return Doc{}, false
	}
	return storedDoc(doc)
}

func rawDoc(fields map[string]interface{}) (Doc, bool) {
	s, ok := fields[fRaw].(string)
	if !ok {
		return Doc{}, false
	}
	var d Doc
	if err := json.Unmarshal([]byte(s), &d); err != nil {
		return Doc{}, false
	}
	return d, true
}

// queryPlan is the bleve query for a question plus what is needed to judge
// whether a hit answers it.
type queryPlan struct {
	// should holds every clause; must holds the selective ones (rare words,
	// names, rule numbers), of which a hit needs one. Common words then only
	// score the candidates instead of making every text a candidate.
	must        []query.Query
	should      []query.Query
	concepts    []concept
	historical  bool            // the question asks about old rules
	terms       map[string]bool // term clauses added, by field and term
	phraseTerms []fieldTerm     // terms of the phrase clauses
}

// seen reports whether a term clause on field was already added, and
// records it.
func (p *queryPlan) seen(field, term string) bool {
	if p.terms == nil {
		p.terms = map[string]bool{}
	}
	k := field + "\x00" + term
	if p.terms[k] {
		return true
	}
	p.terms[k] = true
	return false
}

// mark records a term of a phrase clause, which matches locates too.
func (p *queryPlan) mark(field, term string) {
	p.phraseTerms = append(p.phraseTerms, fieldTerm{field, term})
}

type fieldTerm struct{ field, term string }

// located lists the terms whose presence matches looks up: every term of
// the concepts (for coverage) and of the clauses (for highlighting).
func (p *queryPlan) located() []fieldTerm {
	seen := map[fieldTerm]bool{}
	var out []fieldTerm
	add := func(ft fieldTerm) {
		if !seen[ft] {
			seen[ft] = true
			out = append(out, ft)
		}
	}
	for _, c := range p.concepts {
		for _, a := range c.alts {
			for _, f := range a.fields {
				for _, t := range a.terms {
					add(fieldTerm{f, t})
				}
			}
		}
	}
	var walk func(q query.Query)
	walk = func(q query.Query) {
		switch q := q.(type) {
		case *query.TermQuery:
			add(fieldTerm{q.FieldVal, q.Term})
		case *query.DisjunctionQuery:
			for _, d := range q.Disjuncts {
				walk(d)
			}
		}
	}
	for _, q := range p.should {
		walk(q)
	}
	for _, ft := range p.phraseTerms {
		add(ft)
	}
	return out
}

func (p *queryPlan) add(q query.Query, selective bool) {
	p.should = append(p.should, q)
	if selective {
		p.must = append(p.must, q)
	}
}

// questionWords are the words of how people ask (after analysis) that say
// nothing of what they ask about; bleve's stop lists keep some of them.
var questionWords = map[string]map[string]bool{
	"en": {"can": true, "could": true, "would": true, "should": true, "will": true, "may": true, "might": true,
		"happen": true, "get": true, "got": true, "still": true, "also": true, "realli": true, "ok": true, "wai": true},
	"fr": {"peut": true, "peuvent": true, "pui": true, "quoi": true, "comment": true, "fait": true, "fair": true,
		"devient": true, "deviennent": true, "arrive": true, "toujour": true, "encor": true, "alor": true, "oui": true},
	"ja": {},
}

// historicalCues are words by which a question asks about former rules.
var historicalCues = []string{
	"old rule", "older rule", "former rule", "used to", "back then", "previously", "before m10", "pre-m10",
	"ancienne règle", "anciennes règles", "ancienne regle", "anciennes regles", "autrefois", "avant la m10", "à l'époque",
	"旧ルール", "昔", "以前", "かつて", "旧来",
}

// concept is one thing the question asks about: a word of the question, or
// a glossary term in any of its languages. A hit covers it when it matched
// any of its alternatives (every term of one alternative, in one field).
type concept struct {
	weight float64
	lang   string // the language of the documents it applies to; "" for all
	alts   []alternative
}

type alternative struct {
	fields []string
	terms  []string
}

// coverage is the weighted share of the question's concepts that a hit in
// language lang matched. The question's plain words only count for hits in
// the question's language; glossary terms count in every language.
func (p *queryPlan) coverage(locs search.FieldTermLocationMap, lang string) (got, total float64) {
	for _, c := range p.concepts {
		if c.lang != "" && c.lang != lang {
			continue
		}
		total += c.weight
		if c.matched(locs) {
			got += c.weight
		}
	}
	return got, total
}

func (c concept) matched(locs search.FieldTermLocationMap) bool {
	for _, a := range c.alts {
		for _, f := range a.fields {
			tl := locs[f]
			if tl == nil {
				continue
			}
			all := true
			for _, t := range a.terms {
				if _, ok := tl[t]; !ok {
					all = false
					break
				}
			}
			if all && len(a.terms) > 0 {
				return true
			}
		}
	}
	return false
}

// JapaneseMode says how Japanese text is analyzed.
type JapaneseMode int

// The Japanese analyses. JABoth (the default) indexes kagome morphemes and
// CJK bigrams; the others exist to measure each alone (BENCHMARKS.md).
const (
	JABoth JapaneseMode = iota
	JABigramOnly
	JAKagomeOnly
)

// fields returns the text and title fields of each language.
func (m JapaneseMode) fields() map[string][]string {
	ja := []string{fTextJA, fTitleJA}
	if m == JABigramOnly {
		ja = []string{fTextJABi, fTextJABi}
	}
	return map[string][]string{"en": {fTextEN, fTitleEN}, "fr": {fTextFR, fTitleFR}, "ja": ja}
}

func (m JapaneseMode) analyzers() map[string]string {
	ja := jaAnalyzerName
	if m == JABigramOnly {
		ja = jaBigramName
	}
	return map[string]string{"en": "en", "fr": "fr", "ja": ja}
}

// plan recognizes rule numbers, card names and glossary terms in the
// question and builds the query: the question in its own language's fields,
// the glossary terms in every language, exact rule and card hits.
func (ix *Index) plan(text, lang string, res *Result) *queryPlan {
	p := &queryPlan{}
	langFields, langAnalyzer := ix.jaMode.fields(), ix.jaMode.analyzers()
	m := ix.bl.Mapping()
	analyze := func(analyzer, s string) []string {
		a := m.AnalyzerNamed(analyzer)
		if a == nil {
			return nil
		}
		var out []string
		for _, t := range a.Analyze([]byte(s)) {
			out = addUnique(out, string(t.Term))
		}
		return out
	}
	// Glossary terms are analyzed once for the life of the index; the
	// slices returned are shared and never modified.
	analyzeTerm := func(analyzer, s string) []string {
		return ix.analyses.get(analyzer+"\x00"+s, func() []string { return analyze(analyzer, s) })
	}
	docCount, _ := ix.bl.DocCount()
	rd := ix.reader()
	defer rd.close()
	idf := func(field, term string) float64 {
		return math.Log(1 + float64(docCount+1)/float64(rd.docFreq(field, term)+1))
	}
	// A clause is selective when its rarest word is in under 2% of the texts.
	rare := max(uint64(50), docCount/50)
	selective := func(field string, terms []string) bool {
		for _, t := range terms {
			if rd.docFreq(field, t) < rare {
				return true
			}
		}
		return false
	}
	// Rule numbers, and what old numbers became.
	for _, m := range ruleNumberRE.FindAllStringSubmatch(text, -1) {
		num := m[1]
		if !strings.Contains(num, ".") && !strings.Contains(strings.ToLower(text), "rule") && !strings.Contains(text, "règle") && !strings.Contains(text, "ルール") {
			continue // a bare three-digit number is more often a count than a section
		}
		res.Rules = addUnique(res.Rules, num)
		if cur, ok := ix.renum.CurrentOf(num); ok && cur != "" {
			res.Rules = addUnique(res.Rules, cur)
		}
	}
	for _, r := range res.Rules {
		tq := bleve.NewTermQuery(strings.ToLower(r))
		tq.SetField(fRef)
		tq.SetBoost(20)
		p.add(tq, true)
		pq := bleve.NewTermQuery(strings.ToLower(r))
		pq.SetField(fParent)
		pq.SetBoost(5)
		p.add(pq, true)
	}

	low := strings.ToLower(text)
	for _, c := range historicalCues {
		if strings.Contains(low, c) {
			p.historical = true
			break
		}
	}

	// Card names and glossary terms, found as word n-grams of the question.
	spans := ngrams(text, lang)
	for _, s := range spans {
		// A capitalized name of several words ("Mind Flayer", "Teferi's
		// Protection"): texts that name it rank higher.
		if s.words >= 2 && s.words <= 5 && (s.start > 0 || s.text == spans[0].text) && titleCase(s.text) {
			for _, f := range addUnique([]string{fTextEN}, langFields[lang][0]) {
				mq := bleve.NewMatchPhraseQuery(s.text)
				mq.SetField(f)
				mq.Analyzer = langAnalyzer[fieldLang(f)]
				mq.SetBoost(3)
				terms := analyze(langAnalyzer[fieldLang(f)], s.text)
				p.add(mq, selective(f, terms))
				for _, t := range terms {
					p.mark(f, t)
				}
			}
		}
	}
	covered := map[string]bool{} // analyzed question terms a glossary term or card stands for
	for _, s := range spans {
		for _, card := range ix.cards.lookup(s.text) {
			if !s.strongName() {
				continue
			}
			res.Cards = addUnique(res.Cards, card.Name)
			mq := bleve.NewMatchPhraseQuery(NormalizeName(card.Name))
			mq.SetField(fNames)
			mq.Analyzer = nameAnalyzer
			mq.SetBoost(4)
			p.add(mq, true)
			for _, t := range analyze(langAnalyzer[lang], s.text) {
				covered[t] = true
			}
		}
	}
	for _, e := range ix.terms().find(spans) {
		res.Terms = addUnique(res.Terms, e.entry.ID)
		var w float64
		for _, t := range analyze(langAnalyzer[lang], e.span) {
			covered[t] = true
			w += idf(langFields[lang][0], t)
		}
		c := concept{weight: 1.5 * max(w, 1)}
		present := false
		for _, l := range []string{"en", "fr", "ja"} {
			for _, term := range e.entry.terms(l) {
				terms := analyzeTerm(langAnalyzer[l], term)
				if len(terms) == 0 {
					continue
				}
				if rd.docFreq(langFields[l][0], terms[0]) > 0 {
					present = true
				}
				c.alts = append(c.alts, alternative{fields: langFields[l], terms: terms})
				// Term clauses, not phrases: a phrase of common words ("phase
				// out") costs a position check in every text that has both;
				// coverage then checks that a hit holds every word.
				for _, f := range langFields[l] {
					for _, t := range terms {
						if p.seen(f, t) || rd.docFreq(f, t) == 0 {
							continue // a clause that matches nothing still costs its set-up
						}
						tq := bleve.NewTermQuery(t)
						tq.SetField(f)
						tq.SetBoost(1.5)
						p.add(tq, selective(f, []string{t}))
					}
				}
				if l == "ja" && ix.jaMode == JABoth {
					if bi := analyzeTerm(jaBigramName, term); len(bi) > 0 {
						c.alts = append(c.alts, alternative{fields: []string{fTextJABi}, terms: bi})
					}
				}
			}
		}
		if !present {
			// A game term that no text of the index mentions, in any language:
			// the question is about something the index does not cover.
			c.weight = 100
		}
		p.concepts = append(p.concepts, c)
	}

	// The question's own words, in its language's fields. A word that no
	// text holds is taken as a typo of the closest word that one does;
	// failing that it is left out (nothing could match it).
	field := langFields[lang][0]
	var fixed []string
	for _, t := range analyze(langAnalyzer[lang], text) {
		if covered[t] || isNumberTerm(t) || questionWords[lang][t] {
			continue
		}
		if rd.docFreq(field, t) == 0 {
			f, ok := rd.closest(field, t)
			if !ok {
				continue
			}
			fixed = append(fixed, f)
			t = f
		}
		c := concept{weight: idf(field, t), lang: lang, alts: []alternative{{fields: langFields[lang], terms: []string{t}}}}
		if lang == "ja" && ix.jaMode == JABoth {
			if bi := analyze(jaBigramName, t); len(bi) > 0 {
				c.alts = append(c.alts, alternative{fields: []string{fTextJABi}, terms: bi})
			}
		}
		p.concepts = append(p.concepts, c)
	}
	words := analyze(langAnalyzer[lang], text)
	for _, t := range addUnique(fixed, words...) {
		if p.seen(field, t) || rd.docFreq(field, t) == 0 {
			continue
		}
		tq := bleve.NewTermQuery(t)
		tq.SetField(field)
		p.add(tq, selective(field, []string{t}))
	}
	// The question's words in titles, and in Japanese its bigrams too.
	some := func(field string, terms []string, boost float64) {
		or := bleve.NewDisjunctionQuery()
		for _, t := range terms {
			if rd.docFreq(field, t) > 0 {
				tq := bleve.NewTermQuery(t)
				tq.SetField(field)
				or.AddQuery(tq)
			}
		}
		if len(or.Disjuncts) > 0 {
			or.SetBoost(boost)
			p.should = append(p.should, or)
		}
	}
	some(langFields[lang][1], words, 1.5)
	if lang == "ja" && ix.jaMode == JABoth {
		some(fTextJABi, analyze(jaBigramName, text), 0.5)
	}
	return p
}

// titleCase reports whether every word of s starts with a capital letter
// (short linking words aside: "Time and Tide", "March of Swirling Mist").
func titleCase(s string) bool {
	for i, w := range strings.Fields(s) {
		if w == "I" {
			return false
		}
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.IsUpper(r) {
			continue
		}
		if i > 0 && len(w) <= 3 {
			continue
		}
		return false
	}
	return true
}

func fieldLang(f string) string {
	switch f {
	case fTextFR, fTitleFR:
		return "fr"
	case fTextJA, fTitleJA:
		return "ja"
	}
	return "en"
}

func isNumberTerm(t string) bool {
	for _, r := range t {
		if !unicode.IsDigit(r) && r != '.' {
			return false
		}
	}
	return true
}

// termReader answers term statistics for one search. It opens an index
// reader on the first statistic not remembered.
type termReader struct {
	ix     *Index
	r      index.IndexReader
	failed bool
}

func (t *termReader) open() bool {
	if t.r == nil && !t.failed {
		adv, err := t.ix.bl.Advanced()
		if err == nil {
			t.r, err = adv.Reader()
		}
		t.failed = err != nil
	}
	return t.r != nil
}

func (ix *Index) reader() *termReader {
	return &termReader{ix: ix}
}

func (t *termReader) close() {
	if t.r != nil {
		t.r.Close()
	}
}

// docFreq is the number of documents whose field holds term.
func (t *termReader) docFreq(field, term string) uint64 {
	return t.ix.freqs.get(field+"\x00"+term, func() uint64 {
		if !t.open() {
			return 0
		}
		tfr, err := t.r.TermFieldReader(context.Background(), []byte(term), field, false, false, false)
		if err != nil {
			return 0
		}
		defer tfr.Close()
		return tfr.Count()
	})
}

// closest returns the most frequent term of field within one edit (two for
// long words) of term and with its first letter.
func (t *termReader) closest(field, term string) (string, bool) {
	if !t.open() {
		return "", false
	}
	fz, ok := t.r.(index.IndexReaderFuzzy)
	n := utf8.RuneCountInString(term)
	if !ok || n < 4 {
		return "", false
	}
	dist := 1
	if n >= 8 {
		dist = 2
	}
	first, _ := utf8.DecodeRuneInString(term)
	d, err := fz.FieldDictFuzzy(field, term, dist, string(first))
	if err != nil {
		return "", false
	}
	defer d.Close()
	best, bestN := "", uint64(0)
	for {
		e, err := d.Next()
		if err != nil || e == nil {
			break
		}
		if e.Count > bestN {
			best, bestN = e.Term, e.Count
		}
	}
	return best, best != ""
}

// span is a run of the question's words (or, in Japanese, characters).
type span struct {
	text  string
	words int
	upper bool // starts with a capital letter in the question
	start int  // index of its first word (0 for the question's first word)
}

// strongName reports whether a card-name match on this span is likely meant:
// one common word ("Fog", "Time") names a card only when capitalized.
func (s span) strongName() bool {
	if s.words > 1 {
		return true
	}
	if utf8.RuneCountInString(s.text) >= 3 && !isLatin(s.text) {
		return true
	}
	return s.upper && utf8.RuneCountInString(s.text) >= 4
}

func isLatin(s string) bool {
	for _, r := range s {
		if r > 0x2FF {
			return false
		}
	}
	return true
}

// ngrams lists the question's word n-grams (up to 8 words), or for Japanese
// its substrings of 2 to 16 characters, longest first.
func ngrams(text, lang string) []span {
	var out []span
	if lang == "ja" || !isLatin(text) {
		norm := []rune(i18n.NormalizeKey(text))
		for n := min(16, len(norm)); n >= 2; n-- {
			for i := 0; i+n <= len(norm); i++ {
				s := string(norm[i : i+n])
				if strings.ContainsFunc(s, unicode.IsSpace) {
					continue
				}
				out = append(out, span{text: s, words: 1})
			}
		}
		// Latin words inside a Japanese question (card or term names in English).
		out = append(out, wordNgrams(text)...)
		return out
	}
	return wordNgrams(text)
}

func wordNgrams(text string) []span {
	words := strings.FieldsFunc(text, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '’' || r == '-' || r == ',')
	})
	for i, w := range words {
		words[i] = strings.Trim(w, ",'’-")
	}
	var out []span
	for n := min(8, len(words)); n >= 1; n-- {
		for i := 0; i+n <= len(words); i++ {
			first, _ := utf8.DecodeRuneInString(words[i])
			out = append(out, span{text: strings.Join(words[i:i+n], " "), words: n, upper: unicode.IsUpper(first), start: i})
		}
	}
	return out
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0
		}
		n = n*10 + int(r-'0')
	}
	return n
}

var _ analysis.TokenStream

// trimFragment drops the partial words a fragment may start and end with
// (bleve cuts fragments at byte offsets), keeping the ellipses.
func trimFragment(s string) string {
	if rest, ok := strings.CutPrefix(s, "… "); ok {
		if i := strings.IndexByte(rest, ' '); i > 0 && i < 20 && !strings.Contains(rest[:i], MarkStart) && isLatin(rest[:i]) {
			rest = rest[i+1:]
		}
		s = "… " + rest
	}
	if rest, ok := strings.CutSuffix(s, " … "); ok {
		if i := strings.LastIndexByte(rest, ' '); i > 0 && len(rest)-i < 20 && !strings.Contains(rest[i:], MarkEnd) && isLatin(rest[i:]) {
			rest = rest[:i]
		}
		s = rest + " …"
	}
	return strings.TrimSpace(s)
}
