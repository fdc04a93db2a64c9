package kb

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
)

// queryPlan is the bleve query for a question plus what is needed to judge
// whether a text answers it.
type queryPlan struct {
	// should holds every clause; must holds the selective ones (rare words,
	// names, rule numbers), of which a hit needs one. Common words then only
	// score the candidates instead of making every text a candidate.
	must        []query.Query
	should      []query.Query
	concepts    []concept
	historical  bool
	terms       map[string]bool // term clauses added, by field and term
	phraseTerms []fieldTerm     // terms of the phrase clauses
	// cards are the English names of the cards named, whose texts are
	// candidates whatever words they hold; rules are the rules the topics
	// named define, likewise.
	cards []string
	rules []string
	// words is the weight of the question's own words and topics, the part
	// of it that is not a card's name.
	words float64
	// seq holds the question's terms in its language's text field, in
	// their order, to find a text the question quotes.
	seq      []string
	seqField string
	// subject is the index in concepts of the topic the question is about
	// (see subjectTopic), -1 for none.
	subject int
}

type conceptKind int

const (
	conceptWord  conceptKind = iota // a word of the question
	conceptTopic                    // a topic: its names in every language, and the rules defining it
	conceptCard                     // a card: its own texts, and texts naming it
)

// concept is one thing the question asks about. A text covers it when it
// matched one of its alternatives (every term of one alternative, next to
// each other, in one field), or for a topic is one of its rules, or for a
// card is one of its texts.
type concept struct {
	kind     conceptKind
	weight   float64
	lang     string // the language of the documents it applies to; "" for all
	alts     []alternative
	cards    []string // conceptCard: the cards the name may mean
	rules    []string // conceptTopic: the rules that define it
	glossary string   // conceptTopic: its glossary entry's ID
	titled   bool     // conceptTopic: the title of one of its rules
	weak     bool     // conceptCard: a name that is also a common word
	link     float64  // conceptCard: how sure the link from the words to the card is
	// nameWord marks a word of a card's name that is also a common word:
	// it is a word of the question, but no support for the card.
	nameWord bool
	// nameTerms are the terms of a weak card's name among the question's
	// words (conceptCard).
	nameTerms []string
	// faqs are the IDs of the Yu-Gi-Oh! card FAQs of the effect the
	// question names by number ("its 3rd effect", "le 3e effet", ③の効果).
	faqs []string
	// function marks a function word ("before", "not", "each", see
	// keptStopWords): it weighs nothing in coverage or BM25, and is read
	// apart (functionShare), to tell apart texts the rarer words tie.
	function bool
}

type alternative struct {
	fields []string
	terms  []string
}

type fieldTerm struct{ field, term string }

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

func (p *queryPlan) add(q query.Query, selective bool) {
	p.should = append(p.should, q)
	if selective {
		p.must = append(p.must, q)
	}
}

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

// questionWords are the words of how people ask (after analysis) that say
// nothing of what they ask about; bleve's stop lists keep some of them.
var questionWords = map[string]map[string]bool{
	"en": {"can": true, "could": true, "would": true, "should": true, "will": true, "may": true, "might": true,
		"happen": true, "get": true, "got": true, "also": true, "realli": true, "ok": true, "wai": true,
		"doe": true, "does": true, "do": true, "work": true, "mean": true, "what": true, "whats": true, "how": true, "explain": true,
		"question": true, "rule": true, "ruling": true, "exactli": true, "anyon": true, "someon": true, "anybodi": true, "somebodi": true, "know": true, "thank": true, "pleas": true,
		"mani": true, "much": true, "hei": true, "guy": true, "quick": true, "want": true, "wanna": true},
	"fr": {"peut": true, "peuvent": true, "pui": true, "quoi": true, "comment": true, "fait": true, "fair": true,
		"devient": true, "deviennent": true, "arrive": true, "toujour": true, "encor": true, "alor": true, "oui": true,
		"march": true, "coment": true, "fonction": true, "expliqu": true, "question": true, "règl": true, "regl": true, "exact": true, "c'est": true, "est": true, "ça": true, "ca": true,
		"combien": true, "salut": true, "merci": true, "quelqu'un": true, "quelqu": true, "savoir": true, "sai": true,
		"quand": true, "lorsqu": true, "pourquoi": true, "vraiment": true, "truc": true, "moment": true},
	"ja": {"誰": true, "どこ": true, "どれ": true, "いつ": true, "なぜ": true, "持つ": true, "何": true, "何枚": true, "何回": true, "何点": true, "いくつ": true, "どう": true, "仕組み": true, "裁定": true, "教える": true, "とき": true, "場合": true, "こと": true, "もの": true, "ん": true, "の": true, "よう": true, "てる": true, "いい": true, "質問": true, "って": true, "どういう": true,
		"どうして": true, "なんで": true, "まだ": true, "本当に": true, "ちゃんと": true, "結局": true, "やっぱり": true, "とりあえず": true,
		"知る": true, "大丈夫": true, "ダメ": true, "具体": true, "具体的": true, "的": true, "詳しい": true, "詳しく": true, "正確": true, "一体": true, "そもそも": true},
}

// questionPhrasing holds more words of how people ask, as they write
// them: questionTerms analyzes them with the index's analyzers, so that
// the stem is the one questions give ("peut" is "peu" to the French
// stemmer).
var questionPhrasing = map[string][]string{
	"fr": {"peut", "peux", "si", "où", "a", "va", "lequel", "laquelle", "lesquels", "veut", "être", "avoir", "chose", "genre", "façon", "facon",
		"exactement", "précisément", "concrètement"},
}

var questionTerms = sync.OnceValue(func() map[string]map[string]bool { return analyzedWords(questionPhrasing) })

// questionWord reports whether term, analyzed in lang, says how the
// question is asked rather than what it asks about.
func questionWord(lang, term string) bool {
	return questionWords[lang][term] || questionTerms()[lang][term]
}

// asks reports whether term, analyzed in lang, says how the question is
// asked: a question word, or a French or Japanese word the printed cards
// translate by an English one ("aussi", also).
func (ix *Index) asks(lang, term string) bool {
	if questionWord(lang, term) {
		return true
	}
	en := ix.trans[lang][term]
	return lang != "en" && len(en) > 0 && questionWords["en"][en[0]]
}

// historicalCues are words by which a question asks about former rules.
var historicalCues = []string{
	"old rule", "older rule", "former rule", "used to", "back then", "previously", "before m10", "pre-m10",
	"ancienne règle", "anciennes règles", "ancienne regle", "anciennes regles", "autrefois", "avant la m10", "à l'époque",
	"旧ルール", "昔", "以前", "かつて", "旧来",
}

// coverage is the weighted share of the question's concepts that text d,
// in language lang, covers. The question's plain words count for texts in
// the question's language, and for a text with a version in it (versions
// is set), which is judged as that version is: a Japanese article is not
// the better for the English words it cannot hold. Topics and cards count
// in every language. rest and restTotal are the same without the cards
// the question names (and the topics no text mentions): what of the rest
// of the question, what it asks about them, the text covers.
func (p *queryPlan) coverage(d Doc, locs search.FieldTermLocationMap, versions bool) (got, total, rest, restTotal float64) {
	for _, c := range p.concepts {
		if c.lang != "" && c.lang != d.Lang && !versions {
			continue
		}
		in := c.kind != conceptCard && c.weight < absentWeight
		total += c.weight
		if c.function {
			continue
		}
		if in {
			restTotal += c.weight
		}
		if c.matched(d, locs) {
			got += c.weight
			if in {
				rest += c.weight
			}
		}
	}
	return got, total, rest, restTotal
}

// asksCard reports whether the question asks what the card it names does
// and nothing else: beside its cards, it names no topic and holds no word
// but function words and those that name what a card does ("what does
// Lightning Bolt do?", "稲妻の効果を教えて", "l'effet de Foudre").
func (p *queryPlan) asksCard() bool {
	cards := false
	for _, c := range p.concepts {
		switch {
		case c.kind == conceptCard:
			cards = cards || c.weight > 0
		case c.function || c.weight <= 0:
		case asksEffect(c):
		default:
			return false
		}
	}
	return cards
}

// asksEffect reports whether c is the topic by which a question asks what
// a card does: its effect or its ability.
func asksEffect(c concept) bool {
	return c.glossary == "glossary:effect" || c.glossary == "glossary:ability"
}

// proximityWindow is how many positions apart two of the question's
// concepts may stand in a text and still be read together.
const proximityWindow = 5

// proximity is the share of the weight of the pairs of the question's
// concepts (its cards aside, each pair weighing as its lighter concept)
// that text d holds near each other, within proximityWindow positions of
// one field: "can still attack" answers "can my opponent still attack
// me", where a text that says "attack" and "still" apart does not. It is
// the unordered window of Metzler and Croft's sequential dependence
// model, read on concepts, so that a French or Japanese question's pairs
// are found through their translations. 0 for a question of fewer than
// two concepts.
func (p *queryPlan) proximity(d Doc, locs search.FieldTermLocationMap) float64 {
	type place struct {
		field string
		pos   uint64
	}
	type placed struct {
		w      float64
		places []place // where the concept's terms stand in d
	}
	var cs []placed
	for _, c := range p.concepts {
		if c.kind == conceptCard || c.faqs != nil || len(c.alts) == 0 || c.weight <= 0 {
			continue
		}
		pl := placed{w: c.weight}
		if c.lang == "" || c.lang == d.Lang {
			for _, a := range c.alts {
				// A name's terms stand for it where they stand together:
				// 破壊 alone is not 破壊不能 (indestructible).
				if len(a.terms) > 1 && !a.matched(locs) {
					continue
				}
				for _, f := range a.fields {
					for _, t := range a.terms {
						for _, l := range locs[f][t] {
							pl.places = append(pl.places, place{f, l.Pos})
						}
					}
				}
			}
		}
		cs = append(cs, pl)
	}
	// near reports whether two concepts stand in one field at most
	// proximityWindow positions apart, and not on the same term.
	near := func(a, b []place) bool {
		for _, x := range a {
			for _, y := range b {
				if x.field == y.field && x.pos != y.pos && max(x.pos, y.pos)-min(x.pos, y.pos) <= proximityWindow {
					return true
				}
			}
		}
		return false
	}
	var got, total float64
	for i := range cs {
		for j := i + 1; j < len(cs); j++ {
			w := min(cs[i].w, cs[j].w)
			total += w
			if near(cs[i].places, cs[j].places) {
				got += w
			}
		}
	}
	return ratioOr0(got, total)
}

// functionShare is the share of the question's function words, weighed
// by rarity, that text d holds (0 when the question has none).
func (p *queryPlan) functionShare(d Doc, locs search.FieldTermLocationMap) float64 {
	var got, total float64
	for _, c := range p.concepts {
		if !c.function || c.lang != "" && c.lang != d.Lang {
			continue
		}
		total += c.weight
		if c.matched(d, locs) {
			got += c.weight
		}
	}
	return ratioOr0(got, total)
}

func (c concept) matched(d Doc, locs search.FieldTermLocationMap) bool {
	if c.faqs != nil {
		return slices.Contains(c.faqs, d.ID)
	}
	switch c.kind {
	case conceptCard:
		for _, name := range c.cards {
			if d.Card == name {
				return true
			}
		}
	case conceptTopic:
		// A rule under the one rule of a topic, or under the rule it is
		// the title of, is about it; a topic the glossary sends to several
		// rules ("Phased Out: See rules 110.5 and 702.26") is covered by
		// those rules, and by the rules under them that speak of it, not
		// by every rule of a broader section (110.5c, a flipped status).
		if c.definedBy(d) && (c.titled || len(c.rules) == 1 || slices.Contains(c.rules, d.Ref)) {
			return true
		}
	}
	for _, a := range c.alts {
		if a.matched(locs) {
			return true
		}
	}
	return false
}

// bm25 scores a text by the question's terms it holds: each term's weight
// (the rarity of its concept) grows with its count in the text, less in a
// long text (BM25's k1 = 1.2, b = 0.75, an average text of 150
// characters).
func (p *queryPlan) bm25(locs search.FieldTermLocationMap, length int) float64 {
	const k1, b, avg = 1.2, 0.75, 150.0
	norm := k1 * (1 - b + b*float64(max(length, 1))/avg)
	var s float64
	for _, c := range p.concepts {
		if c.weight <= 0 || c.weight >= absentWeight || c.function {
			continue
		}
		best := 0.0
		for _, a := range c.alts {
			for _, f := range a.fields {
				tf := 0
				for _, t := range a.terms {
					tf += len(locs[f][t])
				}
				if tf > 0 {
					best = max(best, float64(tf)/(float64(tf)+norm))
				}
			}
		}
		s += c.weight * best
	}
	return s
}

// quoted returns the length of the longest run of the question's terms
// that a text holds in the same order, each a couple of positions at most
// after the one before: a question that quotes a text ("effects that set
// power and/or toughness to a specific number") finds it.
func (p *queryPlan) quoted(locs search.FieldTermLocationMap) int {
	tl := locs[p.seqField]
	if tl == nil {
		return 0
	}
	best := 0
	for i := range p.seq {
		for _, l := range tl[p.seq[i]] {
			n, pos := 1, l.Pos
			for j := i + 1; j < len(p.seq); j++ {
				next := uint64(0)
				for _, m := range tl[p.seq[j]] {
					if m.Pos > pos && m.Pos <= pos+3 && (next == 0 || m.Pos < next) {
						next = m.Pos
					}
				}
				if next == 0 {
					break
				}
				n, pos = n+1, next
			}
			best = max(best, n)
		}
		if best >= len(p.seq)-i {
			break
		}
	}
	return best
}

// definedBy reports whether d is one of the topic's rules or a rule under
// one.
func (c concept) definedBy(d Doc) bool {
	if d.Kind != KindRule || d.Obsolete {
		return false
	}
	for _, r := range c.rules {
		if d.Ref == r || under(d.Ref, r) {
			return true
		}
	}
	return false
}

func isLowerByte(b byte) bool { return b >= 'a' && b <= 'z' }

// under reports whether rule r lies under rule parent (104.3a under 104 and
// 104.3, 702.26b under 702.26).
func under(r, parent string) bool {
	return len(r) > len(parent) && strings.HasPrefix(r, parent) && (r[len(parent)] == '.' || isLowerByte(r[len(parent)]) && len(parent) > 3)
}

// mostSpecific returns rules without those another of them lies under.
func mostSpecific(rules []string) []string {
	out := rules[:0:0]
	for _, r := range rules {
		general := false
		for _, o := range rules {
			general = general || under(o, r)
		}
		if !general {
			out = append(out, r)
		}
	}
	return out
}

// matched reports whether one field holds every term of a, the terms next
// to each other in their order (a few positions apart at most, for the stop
// words analysis drops): "phase out" is a phrase, not two words anywhere.
func (a alternative) matched(locs search.FieldTermLocationMap) bool {
	if len(a.terms) == 0 {
		return false
	}
	for _, f := range a.fields {
		tl := locs[f]
		if tl == nil {
			continue
		}
		first, ok := tl[a.terms[0]]
		if !ok {
			continue
		}
		if len(a.terms) == 1 {
			return true
		}
		for _, l := range first {
			if a.follows(tl, 1, l.Pos) {
				return true
			}
		}
	}
	return false
}

// follows reports whether terms[i:] occur in order after position pos.
func (a alternative) follows(tl search.TermLocationMap, i int, pos uint64) bool {
	if i == len(a.terms) {
		return true
	}
	for _, l := range tl[a.terms[i]] {
		if l.Pos > pos && l.Pos <= pos+3 && a.follows(tl, i+1, l.Pos) {
			return true
		}
	}
	return false
}

// plan builds the query and the concepts of an analyzed question: rule
// numbers, cards, topics in every language, and the question's own words
// in its language's fields.
func (ix *Index) plan(a *questionAnalysis, rd *termReader) *queryPlan {
	p := &queryPlan{historical: a.historical, subject: -1}
	lang := a.lang
	langFields, langAnalyzer := ix.jaMode.fields(), ix.jaMode.analyzers()
	analyzeTerm := func(analyzer, s string) []string {
		return ix.analyses.get(analyzer+"\x00"+s, func() []string { return ix.analyzeWith(analyzer, s) })
	}
	docCount, _ := ix.bl.DocCount()
	if ix.infos != nil {
		// The texts Search may cite: an older release's rules, kept for
		// pinned citations, do not change how rare a word is.
		docCount = uint64(ix.infos.len())
	}
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
	termClause := func(f, t string, boost float64, selective bool) {
		if p.seen(f, t) || rd.docFreq(f, t) == 0 {
			return // a clause that matches nothing still costs its set-up
		}
		tq := bleve.NewTermQuery(t)
		tq.SetField(f)
		tq.SetBoost(boost)
		p.add(tq, selective)
	}
	termClauses := func(fields []string, terms []string, boost float64) {
		for _, f := range fields {
			for _, t := range terms {
				termClause(f, t, boost, selective(f, []string{t}))
			}
		}
	}
	// nameClauses adds the clauses of the terms of a name: a text that
	// holds the name holds its rarest term, so that term alone brings
	// candidates ("a la priorité" brings no text for its "a").
	nameClauses := func(fields []string, terms []string, boost float64) {
		for _, f := range fields {
			rarest, least := "", uint64(0)
			for _, t := range terms {
				if n := rd.docFreq(f, t); n > 0 && (rarest == "" || n < least) {
					rarest, least = t, n
				}
			}
			for _, t := range terms {
				termClause(f, t, boost, t == rarest && selective(f, []string{t}))
			}
		}
	}
	// phraseAlts are the alternatives of phrases the texts say a thing
	// with, in their languages (pluralPhrases, leavePhrases).
	phraseAlts := func(phrases []langPhrase) []alternative {
		var out []alternative
		for _, ph := range phrases {
			if terms := analyzeTerm(langAnalyzer[ph.lang], ph.s); len(terms) > 0 {
				out = append(out, alternative{fields: langFields[ph.lang], terms: terms})
			}
		}
		return out
	}
	// phraseConcept is a word of the question said in the texts' phrases,
	// weighing as the first of them.
	phraseConcept := func(phrases []langPhrase) (concept, bool) {
		alts := phraseAlts(phrases)
		if len(alts) == 0 {
			return concept{}, false
		}
		return concept{kind: conceptWord, alts: alts, weight: idf(alts[0].fields[0], alts[0].terms[0])}, true
	}

	// Rule numbers, and what old numbers became.
	for _, r := range a.rules {
		tq := bleve.NewTermQuery(strings.ToLower(r))
		tq.SetField(fRef)
		tq.SetBoost(20)
		p.add(tq, true)
		pq := bleve.NewTermQuery(strings.ToLower(r))
		pq.SetField(fParent)
		pq.SetBoost(5)
		p.add(pq, true)
	}

	// Words of the question a name accounts for are not counted again.
	rest := []byte(a.text)
	for _, sp := range a.taken {
		blank(rest, sp)
	}
	// A question counts several of a thing with the words a topic took
	// ("3 small attackers"), not with a name that counts ("Three Seasons",
	// "Two-Headed Giant").
	counted := []byte(a.text)
	for _, m := range a.cards {
		if !m.weak {
			blank(counted, m.span)
		}
	}
	for _, m := range a.topics {
		if countsSeveral(a.text[m.span.start:m.span.end], lang) {
			blank(counted, m.span)
		}
	}
	// « lui-même » and 自身 are itself, a function word ("can't be spliced
	// onto itself"); the French « même » is then not "same".
	reflexive := lang == "ja" && strings.Contains(a.text, "自身")
	if lang == "fr" {
		for _, m := range reflexiveFR.FindAllIndex(rest, -1) {
			blank(rest, span2{m[0], m[1]})
			reflexive = true
		}
		// « Que se passe-t-il ? » asks what happens: its « passe » is
		// neither "pass" nor "skip".
		for _, m := range happensFR.FindAllIndex(rest, -1) {
			blank(rest, span2{m[0], m[1]})
		}
	}
	var cardConcepts []concept
	nameWords := map[string]bool{} // terms of the common words that name cards
	for _, m := range a.cards {
		c := concept{kind: conceptCard, cards: m.names, weak: m.weak, link: m.link}
		// Texts that name the card in English count too.
		name := NormalizeName(m.names[0])
		if terms := analyzeTerm(enAnalyzerName, m.names[0]); len(terms) > 0 {
			c.alts = append(c.alts, alternative{fields: []string{fTextEN}, terms: terms})
			mq := bleve.NewMatchPhraseQuery(name)
			mq.SetField(fTextEN)
			mq.Analyzer = enAnalyzerName
			mq.SetBoost(3)
			p.add(mq, selective(fTextEN, terms))
			for _, t := range terms {
				p.mark(fTextEN, t)
			}
		}
		p.cards = addUnique(p.cards, m.names...)
		cardConcepts = append(cardConcepts, c)
		if m.weak {
			// A common word names the card only if the rest of the question
			// is about it; its word stays a word of the question.
			for i := m.span.start; i < m.span.end; i++ {
				rest[i] = a.text[i]
			}
			for _, t := range ix.analyzeWith(langAnalyzer[lang], a.text[m.span.start:m.span.end]) {
				nameWords[t] = true
				cardConcepts[len(cardConcepts)-1].nameTerms = append(cardConcepts[len(cardConcepts)-1].nameTerms, t)
			}
		}
	}
	for _, y := range a.ygo {
		if y >= len(ix.ygo) {
			continue
		}
		card := ix.ygo[y]
		c := concept{kind: conceptCard, cards: []string{card.Name}, link: 1}
		for _, n := range []struct{ name, lang string }{{card.Name, "en"}, {card.JAName, "ja"}} {
			if n.name == "" {
				continue
			}
			if terms := analyzeTerm(langAnalyzer[n.lang], n.name); len(terms) > 0 {
				c.alts = append(c.alts, alternative{fields: langFields[n.lang], terms: terms})
				termClauses(langFields[n.lang][:1], terms, 2)
			}
		}
		p.cards = addUnique(p.cards, card.Name)
		cardConcepts = append(cardConcepts, c)
	}

	subject := subjectTopic(a.text, a.topics, lang)
	for i, m := range a.topics {
		if i == subject {
			p.subject = len(p.concepts)
		}
		t := ix.topics[m.topic]
		var w float64
		for _, term := range analyzeTerm(langAnalyzer[lang], a.text[m.span.start:m.span.end]) {
			w += idf(langFields[lang][0], term)
		}
		// The topic is found under any of its names, so it is no rarer
		// than its most common English one: "stay" is a rare word, but
		// the topic it names, remain, is not.
		for _, name := range t.Names["en"] {
			var e float64
			for _, term := range analyzeTerm(langAnalyzer["en"], name) {
				e += idf(langFields["en"][0], term)
			}
			if e > 0 {
				w = min(w, e)
			}
		}
		c := concept{kind: conceptTopic, weight: 1.5 * max(w, 1), glossary: t.Glossary, titled: t.Titled || t.Keyword || t.Term != "" && len(t.Rules) > 0 && !strings.Contains(t.Glossary, "glossary:")}
		present := false
		for _, r := range t.Rules {
			if _, ok := ix.info("cr:" + r); ok || ix.infos == nil {
				c.rules = append(c.rules, r)
				present = true
				p.rules = addUnique(p.rules, r)
			}
		}
		// A topic said to be defined by a section and by a rule of it
		// ("Concede": 104 and 104.3a) is defined by the rule; the other
		// rules of the section are not about it ("104.2a A player still in
		// the game wins…").
		c.rules = mostSpecific(c.rules)
		for _, l := range []string{"en", "fr", "ja"} {
			for _, name := range t.Names[l] {
				terms := analyzeTerm(langAnalyzer[l], name)
				if len(terms) == 0 {
					continue
				}
				if rd.docFreq(langFields[l][0], terms[0]) > 0 {
					present = true
				}
				c.alts = append(c.alts, alternative{fields: langFields[l], terms: terms})
				// Term clauses, not phrases: a phrase of common words ("phase
				// out") costs a position check in every text that has both;
				// coverage then checks that a text holds them together.
				nameClauses(langFields[l], terms, 1.5)
				if l == "ja" && ix.jaMode == JABoth {
					if bi := analyzeTerm(jaBigramName, name); len(bi) > 0 {
						c.alts = append(c.alts, alternative{fields: []string{fTextJABi}, terms: bi})
					}
				}
			}
		}
		// A text that speaks of what the topic does without naming it
		// covers it too: 702.2c's "excess damage" is trample's.
		for _, phrase := range t.Texts {
			if terms := analyzeTerm(langAnalyzer["en"], phrase); len(terms) > 0 {
				c.alts = append(c.alts, alternative{fields: langFields["en"], terms: terms})
			}
		}
		if !present {
			// A game term that no text of the index mentions, in any language:
			// the question is about something the index does not cover.
			c.weight = absentWeight
		}
		for _, name := range t.Names["en"] {
			if terms := analyzeTerm(langAnalyzer["en"], name); len(terms) == 1 && leavesBattlefield[terms[0]] {
				c.alts = append(c.alts, phraseAlts(leavePhrases)...)
				break
			}
		}
		p.concepts = append(p.concepts, c)
		p.words += c.weight
	}

	// The question's own words, in its language's fields. A word that no
	// text holds is taken as a typo of the closest word that one does;
	// failing that it is left out (nothing could match it).
	field := langFields[lang][0]
	var fixed, words []string
	for _, t := range ix.analyzeWith(langAnalyzer[lang], string(rest)) {
		if isNumberTerm(t) || ix.asks(lang, t) || lang == "ja" && utf8.RuneCountInString(t) < 2 && !isHan(t) && t != variableX {
			continue
		}
		// A French word the cards do not translate whose stem is an English
		// word of the texts is that word's cognate ("variante", variant;
		// "continue", continue). X, the variable of costs and effects, is
		// X in every language (« X vaut combien ? », 「Xはいくつ？」).
		cognate := lang == "fr" && len(t) >= minCognate && ix.trans[lang][t] == nil && !functionTerm(lang, t) && rd.docFreq(fTextEN, t) > 0 ||
			lang != "en" && t == variableX
		if rd.docFreq(field, t) == 0 && !cognate {
			f, ok := rd.closest(field, t)
			if !ok {
				if !nameWords[t] && ix.unknownWord(t, lang, rd) {
					// A word no text holds, nor any word close to it
					// ("pokemon"): the question is about something the
					// index does not know, and no text can cover it.
					c := concept{kind: conceptWord, weight: idf(field, t), lang: ""}
					p.concepts = append(p.concepts, c)
					p.words += c.weight
				}
				continue
			}
			fixed = append(fixed, f)
			t = f
		}
		words = addUnique(words, t)
		c := concept{kind: conceptWord, weight: idf(field, t), lang: lang, alts: []alternative{{fields: langFields[lang], terms: []string{t}}}, nameWord: nameWords[t]}
		if lang == "ja" && ix.jaMode == JABoth {
			if bi := analyzeTerm(jaBigramName, t); len(bi) > 0 {
				c.alts = append(c.alts, alternative{fields: []string{fTextJABi}, terms: bi})
			}
		}
		c.function = functionTerm(lang, t)
		// A French or Japanese word the printed cards translate is looked
		// for in the English texts too, weighed as its translation.
		en := ix.trans[lang][t]
		if cognate {
			en = []string{t}
		}
		if len(en) > 0 {
			c.function = c.function || functionTerm("en", en[0])
			c.lang = ""
			c.weight = idf(fTextEN, en[0])
			for _, e := range en {
				c.alts = append(c.alts, alternative{fields: langFields["en"], terms: []string{e}})
			}
			if !c.function {
				termClauses(langFields["en"][:1], en, 1)
			}
		}
		if leavesBattlefield[t] || len(en) > 0 && leavesBattlefield[en[0]] {
			// A permanent destroyed, sacrificed, exiled or bounced leaves
			// the battlefield, as the texts most often say of it: "if my
			// saga gets destroyed…" is answered by "…or if it leaves the
			// battlefield".
			c.alts = append(c.alts, phraseAlts(leavePhrases)...)
			if c.lang != "" {
				c.lang = ""
				if len(en) == 0 {
					c.weight = min(c.weight, idf(fTextEN, "battlefield"))
				}
			}
		}
		p.concepts = append(p.concepts, c)
		if !c.function {
			p.words += c.weight
		}
	}
	for _, t := range addUnique(fixed, words...) {
		// A function word is looked for in the candidates (located), never
		// searched: its postings are long and it brings no text.
		if functionTerm(lang, t) || p.seen(field, t) || rd.docFreq(field, t) == 0 {
			continue
		}
		tq := bleve.NewTermQuery(t)
		tq.SetField(field)
		p.add(tq, selective(field, []string{t}))
	}
	if reflexive {
		if c, ok := phraseConcept(reflexivePhrases); ok {
			c.function = true
			p.concepts = append(p.concepts, c)
		}
	}
	// A question that counts several of a thing ("two copies", "3 small
	// attackers", « deux fois », "２枚", "3体") asks what several of it do,
	// which the texts say in words of their own: "multiple instances",
	// "two or more", "more than one", « plusieurs », "複数". Names are
	// left out: "Three Seasons" and "Two-Headed Giant" count nothing.
	if countsSeveral(string(counted), lang) {
		if c, ok := phraseConcept(pluralPhrases); ok {
			p.concepts = append(p.concepts, c)
			p.words += c.weight
		}
	}
	manaSymbols(p.concepts)
	// A card weighs as much as the rest of the question, and at least as a
	// rare word: its texts come first among those that answer the rest.
	for _, c := range cardConcepts {
		c.weight = max(6, 1.2*p.words)
		p.concepts = append(p.concepts, c)
	}
	// A Yu-Gi-Oh! card's effect named by its number: the card's FAQ on
	// that effect ("【③の効果について】") speaks of it.
	if n := ""; len(a.ygo) > 0 {
		n = effectNumber(a.text, lang)
		var faqs []string
		for _, y := range a.ygo {
			if n != "" && y < len(ix.ygo) {
				faqs = append(faqs, "ygo:card-faq-"+ix.ygo[y].ID+"-"+n)
			}
		}
		if faqs != nil {
			p.concepts = append(p.concepts, concept{kind: conceptWord, weight: max(3, p.words/2), faqs: faqs})
		}
	}
	for _, t := range ix.analyzeWith(langAnalyzer[lang], a.text) {
		if !isNumberTerm(t) {
			p.seq = append(p.seq, t)
		}
	}
	p.seqField = field
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
		some(fTextJABi, ix.analyzeWith(jaBigramName, string(rest)), 0.5)
	}
	return p
}

// minCognate is the shortest French stem taken for the English word it
// spells: shorter ones are as often different words ("car", "pour").
const minCognate = 5

// variableX is X as the analyzers leave it.
const variableX = "x"

// leavesBattlefield are the terms (as analysis leaves them, in the three
// languages) of the ways a permanent leaves the battlefield, and
// leavePhrases the words the texts say it with (rule 603.6c).
var leavesBattlefield = map[string]bool{
	"destroi": true, "sacrif": true, "sacrific": true, "bounc": true, "kill": true,
	"detruit": true, "detrui": true, "meurt": true, "renvoy": true,
	"破壊": true, "生け贄": true, "割る": true, "バウンス": true, "死亡": true,
}

// langPhrase is a phrase in one language.
type langPhrase struct{ lang, s string }

var leavePhrases = []langPhrase{
	{"en", "leaves the battlefield"}, {"en", "left the battlefield"},
	{"fr", "quitte le champ de bataille"}, {"fr", "a quitté le champ de bataille"},
	{"ja", "戦場を離れる"},
}

// colorSymbols are the English texts' terms for the mana symbols of the
// colours: "{G}" is the term "g".
var colorSymbols = map[string]string{"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}

// manaSymbols lets a colour a question names beside mana ("green mana",
// « mana vert », 緑マナ) be found as the texts write that mana, by its
// symbol ("can still be tapped for {G}").
func manaSymbols(concepts []concept) {
	mana := false
	for _, c := range concepts {
		for _, a := range c.alts {
			mana = mana || len(a.fields) > 0 && a.fields[0] == fTextEN && len(a.terms) == 1 && a.terms[0] == "mana"
		}
	}
	if !mana {
		return
	}
	for i, c := range concepts {
		for _, a := range c.alts {
			if len(a.fields) == 0 || a.fields[0] != fTextEN || len(a.terms) != 1 {
				continue
			}
			if sym, ok := colorSymbols[a.terms[0]]; ok {
				concepts[i].alts = append(concepts[i].alts, alternative{fields: []string{fTextEN}, terms: []string{sym}})
				break
			}
		}
	}
}

// reflexivePhrases are the English texts' words for a thing that acts on
// itself, which French and Japanese questions say in words of their own.
var reflexivePhrases = []langPhrase{{"en", "itself"}, {"en", "themselves"}}

// pluralPhrases are the words by which the texts speak of several of a
// thing, the first the one the concept weighs as.
var pluralPhrases = []langPhrase{
	{"en", "multiple"}, {"en", "two or more"}, {"en", "more than one"},
	{"fr", "plusieurs"}, {"ja", "複数"},
}

var (
	severalEN = regexp.MustCompile(`(?i)\b(?:two|three|four|five|several|multiple)\b|\bmore than one\b|\b[2-9]\s+(?:[a-z]+\s+)?[a-z]+s\b`)
	severalFR = regexp.MustCompile(`(?i)\b(?:deux|trois|quatre|cinq|plusieurs|multiples)\b|\bplus d'une?\b|\b[2-9]\s+(?:\pL+\s+)?\pL+s\b`)
	severalJA = regexp.MustCompile(`[2-9２-９二三四五][体回枚つ人個度]|複数|[2２]つ以上|[2２]体以上`)
)

// countsSeveral reports whether a question counts several of a thing, as
// its language writes it ("two copies", "3 creatures", « deux fois »,
// "２枚", "3体"). "2 or less" counts nothing.
func countsSeveral(text, lang string) bool {
	text = strings.ReplaceAll(text, " or less", "")
	switch lang {
	case "fr":
		return severalFR.MatchString(text)
	case "ja":
		return severalJA.MatchString(text)
	}
	return severalEN.MatchString(text)
}

// unknownWord reports whether a word of the question is one no text of
// the index holds nor translates: five letters or more in French or
// English (shorter ones are often abbreviations), two characters or more
// in Japanese (where even the bigrams are unknown).
func (ix *Index) unknownWord(t, lang string, rd *termReader) bool {
	if ix.trans[lang][t] != nil {
		return false
	}
	n := utf8.RuneCountInString(t)
	if lang != "ja" {
		return n >= 5
	}
	if n < 2 || ix.jaMode != JABoth {
		return false
	}
	for _, bi := range ix.analyzeWith(jaBigramName, t) {
		if rd.docFreq(fTextJABi, bi) > 0 {
			return false
		}
	}
	return true
}

// subjectTopic returns the index in topics (in the order of the question)
// of the topic the question is about: the first it names in English and
// French ("Does an Aura stay on a creature that phases out?": Aura); in
// Japanese the first one marked as the topic of the sentence (は, が, って,
// も) or, failing that, the last one before the end, as the head of a
// Japanese phrase comes last. -1 when it names none.
func subjectTopic(text string, topics []topicMention, lang string) int {
	if len(topics) == 0 {
		return -1
	}
	if lang != "ja" {
		return 0
	}
	for i, t := range topics {
		after := text[min(t.span.end, len(text)):]
		for _, m := range []string{"は", "が", "って", "も"} {
			if strings.HasPrefix(after, m) {
				return i
			}
		}
	}
	return len(topics) - 1
}

// reflexiveFR finds French reflexive pronouns (« lui-même », « eux-mêmes »).
var reflexiveFR = regexp.MustCompile(`(?i)\b(?:lui|elle|soi|eux|elles|moi|toi|nous|vous)[- ]m[êe]mes?\b`)

// happensFR finds « se passer », to happen, as a question asks what
// happens (« il se passe quoi ? », « que s'est-il passé ? »).
var happensFR = regexp.MustCompile(`(?i)\b(?:se\s+pass(?:e|ent|er|era|erait)(?:-t-(?:il|elle))?|s['’](?:est|était)(?:-(?:il|elle))?\s+pass[ée]e?s?)(?:\s|$|[?!.,])`)

// effectRE finds the number of a card's effect in a question: "its 3rd
// effect", "effect 2", "le 3e effet", "l'effet 2", ③の効果 and
// "リトルナイトの①に" (NFKC makes ③ a 3).
var effectRE = map[string]*regexp.Regexp{
	"en": regexp.MustCompile(`(?i)\b([1-9])(?:st|nd|rd|th)\s+(?:monster\s+)?effect|\beffect\s+#?([1-9])\b`),
	"fr": regexp.MustCompile(`(?i)\b([1-9])(?:e|er|ère|ème|eme|nd|nde)\s+effet|\beffet\s+(?:n°\s*)?([1-9])\b`),
	"ja": regexp.MustCompile(`(?:の|、|\s|^)([1-9])(?:つ目|番目)?(?:の効果|の|に|を|は|が|で|って)`),
}

// effectNumber returns the number of the card effect text (a question
// of lang, NFKC as analyze leaves it) names, "" for none.
func effectNumber(text, lang string) string {
	re := effectRE[lang]
	if re == nil {
		return ""
	}
	m := re.FindStringSubmatch(text)
	for _, g := range m[min(1, len(m)):] {
		if g != "" {
			return g
		}
	}
	return ""
}

// absentWeight is the weight of a topic no text mentions: more than all
// the rest of a question, so that nothing covers the question.
const absentWeight = 100

// isHan reports whether s is made of ideographs (a one-character kanji
// word carries meaning; one kana does not).
func isHan(s string) bool {
	for _, r := range s {
		if r < 0x3400 || r > 0x9FFF {
			return false
		}
	}
	return s != ""
}

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
	return map[string]string{"en": enAnalyzerName, "fr": frAnalyzerName, "ja": ja}
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
