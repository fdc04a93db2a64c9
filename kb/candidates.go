package kb

import (
	"context"
	"math"
	"sort"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
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
		top := bleve.NewBooleanQuery()
		top.AddMust(bleve.NewDisjunctionQuery(must...))
		if game == "ygo" || game != "" && ix.infos == nil {
			// Magic's texts are nearly all of them: a filter on them costs
			// a walk of a long list for the few it leaves out, which
			// ranking drops anyway.
			tq := bleve.NewTermQuery(game)
			tq.SetField(fGame)
			top.AddMust(tq)
		}
		// Card texts are candidates only for a question that names the
		// card: every card's text matching common words would be noise.
		mustNot := bleve.NewDisjunctionQuery()
		ck := bleve.NewTermQuery(string(KindCard))
		ck.SetField(fKind)
		mustNot.AddQuery(ck)
		if ix.infos == nil {
			// An index without ranking information: what Search skips by it
			// is left out here.
			sq := bleve.NewTermQuery("t")
			sq.SetField(fSuperseded)
			mustNot.AddQuery(sq)
		}
		top.AddMustNot(mustNot)
		var err error
		if pool, err = ix.pool(ctx, top, n); err != nil {
			return nil, err
		}
		if len(p.seq) >= quoteRun {
			// A question that quotes a text holds all its words: the texts
			// holding all of the question's words are candidates.
			all := bleve.NewConjunctionQuery()
			for _, t := range p.seq[:min(len(p.seq), 8)] {
				tq := bleve.NewTermQuery(t)
				tq.SetField(p.seqField)
				all.AddQuery(tq)
			}
			quote := bleve.NewBooleanQuery()
			quote.AddMust(all)
			quote.AddMustNot(mustNot)
			more, err := ix.pool(ctx, quote, quotePool)
			if err != nil {
				return nil, err
			}
			pool = append(pool, more...)
		}
		if game != "ygo" {
			// The rules are few beside tens of thousands of rulings that
			// use the same words: the best of them are always candidates.
			rules := bleve.NewBooleanQuery()
			rules.AddMust(bleve.NewDisjunctionQuery(must...))
			kq := bleve.NewTermQuery(string(KindRule))
			kq.SetField(fKind)
			rules.AddMust(kq)
			rules.AddMustNot(mustNot)
			more, err := ix.pool(ctx, rules, rulePool)
			if err != nil {
				return nil, err
			}
			pool = append(pool, more...)
		}
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
