package kb

import (
	"context"
	"sort"
)

// Training: a program that learns a ranking model (kb/internal/ranktrain)
// reads each question once with Prepare, then ranks it under as many
// models as it tries, without searching again.

// Prepared is a question understood and its candidates described by their
// features, ready to be ranked by any model.
type Prepared struct {
	ix *Index
	pr *prepared
}

// Prepare reads q as Search does, up to the features of its candidates.
func (ix *Index) Prepare(ctx context.Context, q Query) (*Prepared, error) {
	pr, err := ix.prepare(ctx, q)
	if err != nil {
		return nil, err
	}
	return &Prepared{ix: ix, pr: pr}, nil
}

// Ranked is one hit of a prepared question under a model: the IDs it
// cites (its document, the original it translates, the documents of the
// same text), as MatchesExpected reads them.
type Ranked struct {
	IDs []string
}

// Rank returns the first k hits Search would give under m, before any
// abstention, with what the decision to answer reads (named is set when
// the first hit is answered whatever the model says: a rule the question
// names by number). A question no rules text answers has none.
func (p *Prepared) Rank(m *Model, k int) (hits []Ranked, e Evidence, named bool) {
	if p.pr.offTopic || len(p.pr.cands) == 0 {
		return nil, e, false
	}
	ranked := m.order(p.pr.cands) // order leaves the candidates as they are, for the next model
	if len(ranked) == 0 {
		return nil, e, false
	}
	e, named = evidence(ranked), ranked[0].named
	for _, h := range p.ix.settleHits(ranked, p.pr.matched, p.pr.lang, p.pr.game) {
		if len(hits) == k {
			break
		}
		ids := append([]string{h.Doc.ID}, h.Also...)
		if h.Doc.OriginalID != "" {
			ids = append(ids, h.Doc.OriginalID)
		}
		hits = append(hits, Ranked{IDs: ids})
	}
	return hits, e, named
}

// Candidate is one candidate text of a prepared question: the IDs it
// answers for (its own, and the original of a translation) and its
// features.
type Candidate struct {
	IDs []string
	X   Features
}

// Candidates returns the candidates of the question, in no set order.
func (p *Prepared) Candidates() []Candidate {
	out := make([]Candidate, 0, len(p.pr.cands))
	for _, c := range p.pr.cands {
		ids := []string{c.Doc.ID}
		if c.Doc.OriginalID != "" {
			ids = append(ids, c.Doc.OriginalID)
		}
		out = append(out, Candidate{IDs: ids, X: c.x})
	}
	return out
}

// NamedCard is a card as training reads it: its English name, Oracle ID and
// printed names by language (oldest first).
type NamedCard struct {
	Name, OracleID string
	Names          map[string][]string
}

// CardsWithRulings returns the cards that have at least one ruling and a
// printed French and Japanese name, sorted by English name: the cards
// generated questions name.
func (ix *Index) CardsWithRulings() []NamedCard {
	var out []NamedCard
	if ix.related == nil {
		return nil
	}
	for _, e := range ix.cards.all() {
		if len(e.Names["fr"]) == 0 || len(e.Names["ja"]) == 0 {
			continue
		}
		for _, id := range ix.related.cardDocs(e.Name) {
			if ix.infos.at(id).Kind == KindRuling {
				out = append(out, NamedCard{Name: e.Name, OracleID: e.OracleID, Names: e.Names})
				break
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
