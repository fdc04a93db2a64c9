package kb

import (
	"cmp"
	"container/heap"
	"context"
	"encoding/binary"
	"fmt"
	"iter"
	"math"
	"math/bits"
	"slices"
	"sort"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
)

// Limits of the texts a named card or topic brings into the candidates,
// and of the rules always among them.
const (
	rulePool      = 40
	quotePool     = 10
	maxCardTexts  = 80 // a card's texts: its Oracle and printed texts, then its rulings
	maxTopicRules = 40 // the rules under a topic's rule, the nearest first
)

// candidates returns the texts a question's answer is chosen from: those
// holding one of its selective words (bleve's best n), then the texts of
// the cards it names and the rules of the topics it names, whatever words
// they hold.
func (ix *Index) candidates(ctx context.Context, p *queryPlan, game string, n int) ([]*search.DocumentMatch, error) {
	must := p.must
	if len(must) == 0 {
		must = p.should
	}
	var pool []*search.DocumentMatch
	if len(must) > 0 {
		words, not := ix.poolQuery(must, game)
		// The best texts, and the best rules among them: the rules are few
		// beside tens of thousands of rulings that use the same words, so
		// the best of them are always candidates.
		rulesN := rulePool
		if game == "ygo" {
			rulesN = 0
		}
		best, rules, err := ix.walkPool(ctx, words, not, n, rulesN)
		if err != nil {
			return nil, err
		}
		pool = best
		if len(p.seq) >= quoteRun {
			// A question that quotes a text holds all its words: the texts
			// holding all of the question's words are candidates.
			all := bleve.NewConjunctionQuery()
			for _, t := range p.seq[:min(len(p.seq), 8)] {
				tq := bleve.NewTermQuery(t)
				tq.SetField(p.seqField)
				all.AddQuery(tq)
			}
			more, err := ix.pool(ctx, without(all, not), quotePool)
			if err != nil {
				return nil, err
			}
			pool = append(pool, more...)
		}
		pool = append(pool, rules...)
	}
	var ids []string
	seen := map[string]bool{}
	for _, m := range pool {
		seen[m.ID] = true
	}
	add := func(id string) {
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	if ix.related != nil {
		for _, c := range p.cards {
			for i, id := range ix.related.cardDocs(c) {
				if i == maxCardTexts {
					break
				}
				if game == "" || ix.infos.at(id).Game == game {
					add(id)
				}
			}
		}
		if game != "ygo" {
			for _, r := range p.rules {
				for _, id := range ix.ruleTree(r, maxTopicRules) {
					add(id)
				}
			}
		}
	}
	if len(ids) == 0 {
		return pool, nil
	}
	extra, err := ix.byIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	return append(pool, extra...), nil
}

// poolQuery returns the query of the candidates holding the question's
// selective words (must), and what is never such a candidate: a card's
// text, and in an index without ranking information a superseded text.
func (ix *Index) poolQuery(must []query.Query, game string) (words *query.BooleanQuery, not *query.DisjunctionQuery) {
	words = bleve.NewBooleanQuery()
	words.AddMust(bleve.NewDisjunctionQuery(must...))
	if game == "ygo" || game != "" && ix.infos == nil {
		// Magic's texts are nearly all of them: a filter on them costs
		// a walk of a long list for the few it leaves out, which
		// ranking drops anyway.
		tq := bleve.NewTermQuery(game)
		tq.SetField(fGame)
		words.AddMust(tq)
	}
	// Card texts are candidates only for a question that names the
	// card: every card's text matching common words would be noise.
	not = bleve.NewDisjunctionQuery()
	ck := bleve.NewTermQuery(string(KindCard))
	ck.SetField(fKind)
	not.AddQuery(ck)
	if ix.infos == nil {
		// An index without ranking information: what Search skips by it
		// is left out here.
		sq := bleve.NewTermQuery("t")
		sq.SetField(fSuperseded)
		not.AddQuery(sq)
	}
	return words, not
}

// without returns q less what not matches.
func without(q, not query.Query) *query.BooleanQuery {
	b := bleve.NewBooleanQuery()
	b.AddMust(q)
	b.AddMustNot(not)
	return b
}

// ruleTree returns the IDs of a current rule and of the rules under it,
// level by level, at most n.
func (ix *Index) ruleTree(number string, n int) []string {
	out := []string{"cr:" + number}
	if _, ok := ix.info("cr:" + number); !ok {
		out = nil
	}
	level := []string{number}
	for len(level) > 0 && len(out) < n {
		var next []string
		for _, r := range level {
			for _, id := range ix.related.ruleKids(r) {
				if len(out) == n {
					return out
				}
				out = append(out, id)
				next = append(next, id[len("cr:"):])
			}
		}
		level = next
	}
	return out
}

// byIDs returns the documents of ids as matches with their internal
// numbers, by one search on their IDs.
func (ix *Index) byIDs(ctx context.Context, ids []string) ([]*search.DocumentMatch, error) {
	req := bleve.NewSearchRequestOptions(query.NewDocIDQuery(ids), len(ids), 0, false)
	sr, err := ix.bl.SearchInContext(ctx, req)
	if err != nil {
		return nil, err
	}
	for _, h := range sr.Hits {
		h.Score = -1 // not scored by the question's words; see rank
	}
	return sr.Hits, nil
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
	const spare = poolSpare
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

// walkPool returns the n best candidates of words less not, and the k
// best of them that are rules, from one walk of the matches of words: a
// search for each would walk the long postings of the question's words
// twice, and a clause leaving out the cards' texts would walk theirs.
// Ties are broken by ID, as pool does; where ties run past the spare hits
// kept, the list is searched again sorted by ID.
func (ix *Index) walkPool(ctx context.Context, words query.Query, not *query.DisjunctionQuery, n, k int) (best, rules []*search.DocumentMatch, err error) {
	adv, err := ix.bl.Advanced()
	if err != nil {
		return nil, nil, err
	}
	r, err := adv.Reader()
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	pooled := without(words, not)
	walked := query.Query(words)
	if ix.kinds.cards == nil || len(not.Disjuncts) > 1 {
		walked = pooled // the kinds were not read, or more is left out
	}
	s, err := walked.Searcher(ctx, r, ix.bl.Mapping(), search.SearcherOptions{})
	if err != nil {
		return nil, nil, err
	}
	defer s.Close()
	sctx := &search.SearchContext{DocumentMatchPool: search.NewDocumentMatchPool(s.DocumentMatchPoolSize()+1, 0), IndexReader: r}
	all, ofRules := bestScores{max: n + poolSpare}, bestScores{max: k + poolSpare}
	if ix.kinds.rules == nil {
		ofRules.max = 0
	}
	for seen := 0; ; seen++ {
		if seen%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
		}
		dm, err := s.Next(sctx)
		if err != nil {
			return nil, nil, err
		}
		if dm == nil {
			break
		}
		num, ok := docNumber(dm.IndexInternalID)
		if !ok {
			return nil, nil, fmt.Errorf("kb: unexpected internal document number %x", []byte(dm.IndexInternalID))
		}
		if !ix.kinds.cards.has(num) {
			m := scoredDoc{score: dm.Score, num: num}
			all.offer(m)
			if ix.kinds.rules.has(num) {
				ofRules.offer(m)
			}
		}
		sctx.DocumentMatchPool.Put(dm)
	}
	if best, err = ix.settleBest(ctx, r, all, n, pooled); err != nil {
		return nil, nil, err
	}
	if k == 0 {
		return best, nil, nil
	}
	rq := rulesOf(pooled)
	if ofRules.max == 0 {
		rules, err = ix.pool(ctx, rq, k)
		return best, rules, err
	}
	if rules, err = ix.settleBest(ctx, r, ofRules, k, rq); err != nil {
		return nil, nil, err
	}
	return best, rules, nil
}

// rulesOf returns the texts of q that are rules, scored as q scores
// them: the rule clause weighs nothing.
func rulesOf(q query.Query) *query.BooleanQuery {
	b := bleve.NewBooleanQuery()
	b.AddMust(q)
	kq := bleve.NewTermQuery(string(KindRule))
	kq.SetField(fKind)
	kq.SetBoost(0)
	b.AddMust(kq)
	return b
}

// poolSpare is how many hits past those needed a pool keeps, to break
// ties by ID.
const poolSpare = 20

// settleBest returns the n best of the matches kept, by settled score,
// ties broken by ID. Where the ties with the n-th run to the last kept,
// some were left out: q is then searched again, sorted by ID.
func (ix *Index) settleBest(ctx context.Context, r index.IndexReader, b bestScores, n int, q query.Query) ([]*search.DocumentMatch, error) {
	kept := b.sorted()
	if len(kept) == b.max && n > 0 && settle(kept[n-1].score) == settle(kept[len(kept)-1].score) {
		return ix.pool(ctx, q, n)
	}
	hits := make([]*search.DocumentMatch, len(kept))
	for i, m := range kept {
		internal := make(index.IndexInternalID, 8)
		binary.BigEndian.PutUint64(internal, m.num) // see docNumber
		id, err := r.ExternalID(internal)
		if err != nil {
			return nil, err
		}
		hits[i] = &search.DocumentMatch{ID: id, IndexInternalID: internal, Score: settle(m.score)}
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].Score != hits[j].Score {
			return hits[i].Score > hits[j].Score
		}
		return hits[i].ID < hits[j].ID
	})
	return hits[:min(n, len(hits))], nil
}

// scoredDoc is a match of a pool's walk: its score and its number in the
// index, which is also the order the walk met it in.
type scoredDoc struct {
	score float64
	num   uint64
}

// bestScores keeps the max best matches offered: a heap whose root is the
// worst kept, a lower score or, on a tie, the later met (as bleve's
// collector keeps the first of equal hits).
type bestScores struct {
	max  int
	heap worstFirst
}

func (b *bestScores) offer(m scoredDoc) {
	switch {
	case b.max <= 0:
	case len(b.heap) < b.max:
		heap.Push(&b.heap, m)
	case m.score > b.heap[0].score:
		// Matches come in the order of their numbers: a later one with an
		// equal score is never better.
		b.heap[0] = m
		heap.Fix(&b.heap, 0)
	}
}

// sorted returns the matches kept, best first.
func (b *bestScores) sorted() []scoredDoc {
	out := slices.Clone(b.heap)
	slices.SortFunc(out, func(x, y scoredDoc) int {
		if x.score != y.score {
			return cmp.Compare(y.score, x.score)
		}
		return cmp.Compare(x.num, y.num)
	})
	return out
}

// worstFirst is a container/heap of matches, the worst at the root.
type worstFirst []scoredDoc

func (h worstFirst) Len() int { return len(h) }
func (h worstFirst) Less(i, j int) bool {
	if h[i].score != h[j].score {
		return h[i].score < h[j].score
	}
	return h[i].num > h[j].num
}
func (h worstFirst) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *worstFirst) Push(x any)   { *h = append(*h, x.(scoredDoc)) }
func (h *worstFirst) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// docKinds tells, by a text's number in the index, the cards' texts, the
// rules and Yu-Gi-Oh!'s texts: the candidate pool leaves out the first and
// keeps the best of the second as it walks the question's matches; the
// words of Yu-Gi-Oh!'s texts tell the game of a question (ygoDocs). An
// index is never written once open, so the numbers hold.
type docKinds struct {
	cards, rules, ygo bitSet
	ygoCount          int     // how many texts are Yu-Gi-Oh!'s
	ygoShare          float64 // the share of the texts that are Yu-Gi-Oh!'s
}

// readKinds reads the kinds of the texts from the index's postings.
func readKinds(ctx context.Context, bl bleve.Index) (docKinds, error) {
	adv, err := bl.Advanced()
	if err != nil {
		return docKinds{}, err
	}
	r, err := adv.Reader()
	if err != nil {
		return docKinds{}, err
	}
	defer r.Close()
	var k docKinds
	if k.cards, err = readSet(ctx, r, fKind, string(KindCard)); err != nil {
		return docKinds{}, err
	}
	if k.rules, err = readSet(ctx, r, fKind, string(KindRule)); err != nil {
		return docKinds{}, err
	}
	if k.ygo, err = readSet(ctx, r, fGame, "ygo"); err != nil {
		return docKinds{}, err
	}
	k.ygoCount = k.ygo.count()
	if n, err := r.DocCount(); err == nil && n > 0 {
		k.ygoShare = float64(k.ygoCount) / float64(n)
	}
	return k, nil
}

// readSet returns the numbers of the texts whose field holds term.
func readSet(ctx context.Context, r index.IndexReader, field, term string) (bitSet, error) {
	tfr, err := r.TermFieldReader(ctx, []byte(term), field, false, false, false)
	if err != nil {
		return nil, err
	}
	defer tfr.Close()
	var set bitSet
	var d index.TermFieldDoc
	for {
		next, err := tfr.Next(&d)
		if err != nil || next == nil {
			return set, err
		}
		num, ok := docNumber(next.ID)
		if !ok {
			return nil, fmt.Errorf("kb: unexpected internal document number %x", []byte(next.ID))
		}
		set.add(num)
	}
}

// docNumber decodes a text's internal ID: scorch's is its number, eight
// bytes big-endian.
func docNumber(id index.IndexInternalID) (uint64, bool) {
	if len(id) != 8 {
		return 0, false
	}
	return binary.BigEndian.Uint64(id), true
}

// bitSet is a set of text numbers, one bit each.
type bitSet []uint64

func (b *bitSet) add(n uint64) {
	for uint64(len(*b)) <= n/64 {
		*b = append(*b, 0)
	}
	(*b)[n/64] |= 1 << (n % 64)
}

func (b bitSet) has(n uint64) bool { return n/64 < uint64(len(b)) && b[n/64]&(1<<(n%64)) != 0 }

// count is the number of numbers in the set.
func (b bitSet) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// all yields the numbers in the set, in order.
func (b bitSet) all() iter.Seq[uint64] {
	return func(yield func(uint64) bool) {
		for i, w := range b {
			for ; w != 0; w &= w - 1 {
				if !yield(uint64(i)*64 + uint64(bits.TrailingZeros64(w))) {
					return
				}
			}
		}
	}
}
