package kb

import (
	"context"
	"slices"
	"sort"
	"strings"

	"github.com/blevesearch/bleve/v2/search"
)

// Ranking weights. A text's score is the weight of the question's concepts
// it covers (rare words, topics and named cards weigh most), with bleve's
// score only breaking ties, then adjusted by what the text is.
const (
	minCoverage     = 0.34 // share of the question a text must cover to answer it
	tieWeight       = 0.3  // how much the BM25 score of the question's words (0..1 among the candidates) adds
	sameLangBonus   = 1.15 // a text in the asker's language
	unofficial      = 0.6  // an article, wiki or forum text, beside the publisher's own
	crossUnofficial = 0.8  // an unofficial text in another language than the question's
	cardTextBonus   = 1.5  // a text about a card the question names
	cardTextFactor  = 0.9  // the card's own text, beside its rulings
	historicalBoost = 1.5  // an obsolete text, for a question about the old rules
	rulingPerYear   = 0.01 // newer rulings first among equals: +1% a year since 2000
	exactRuleBonus  = 1000 // the rule whose number the question gives
	tailCut         = 0.1  // texts under this share of the best score are noise
	supportWeight   = 4.0  // a concept this rare (about 2% of the texts) supports a card named by a common word
	definesBonus    = 1.8  // the rule that defines a topic the question is about
	shortText       = 40   // a text this short (characters) says little: "Deathtouch is a static ability."
	shortTextFactor = 0.85
	quoteRun        = 4    // a text holding this many of the question's words in a row is quoted
	quoteBonus      = 0.15 // for each word of the run from the fourth on
)

// scored is a candidate with its score and what ranking needs to know.
type scored struct {
	Hit
	obsolete bool // an obsolete text, ranked after the current ones
	hash     uint64
}

// rank scores the candidates and returns those that answer, best first.
func (ix *Index) rank(p *queryPlan, a *questionAnalysis, matched map[string]*search.DocumentMatch, game string) []scored {
	maxRaw := 1e-9
	for _, m := range matched {
		maxRaw = max(maxRaw, m.Score)
	}
	// A text brought in for a card or a topic the question names has no
	// bleve score of its own: it gets a middling one, so that bleve's
	// tie-breaking neither favours nor hurts it.
	for _, m := range matched {
		if m.Score < 0 {
			m.Score = maxRaw / 4
		}
	}
	infos := make(map[string]docInfo, len(matched))
	docs := make(map[string]Doc, len(matched))
	for id, m := range matched {
		d, ok := ix.infoDoc(m)
		if !ok || game != "" && d.Game != game && d.Game != "" {
			continue
		}
		docs[id] = d
		if ix.infos != nil {
			infos[id] = ix.infos.at(id)
		} else {
			infos[id] = infoOf(d)
		}
	}
	ix.supportWeakCards(p, docs, matched)

	out := make([]scored, 0, len(docs))
	var best float64
	for id, d := range docs {
		m := matched[id]
		info := infos[id]
		exact := false
		if d.Kind == KindRule {
			for _, r := range a.rules {
				if strings.EqualFold(d.Ref, r) {
					exact = true
				}
			}
		}
		cardHit := false
		for _, c := range p.concepts {
			if c.kind == conceptCard && c.weight > 0 && c.matched(d, nil) {
				cardHit = true
			}
		}
		got, total := p.coverage(d, m.Locations, ix.related)
		cov := 0.0
		if total > 0 {
			cov = got / total
		}
		if !exact && cov < minCoverage && !(cardHit && p.answersCard(d, m.Locations)) {
			continue
		}
		s := (got + 0.1) * (1 + tieWeight*settle(m.Score/maxRaw))
		if cardHit {
			s *= cardTextBonus
			if d.Kind == KindCard {
				// A card's own text comes after the rulings that answer
				// the rest of the question.
				s *= cardTextFactor
			}
		}
		// The rule that defines a topic comes first, the more so as the
		// topic is more of the question.
		if share := p.defines(d); share > 0 {
			s *= 1 + (definesBonus-1)*share
		}
		if d.Lang == a.lang {
			if n := p.quoted(m.Locations); n >= quoteRun {
				s *= 1 + quoteBonus*float64(min(n-quoteRun+1, 6))
			}
		}
		if info.Len > 0 && info.Len < shortText {
			s *= shortTextFactor
		}
		switch {
		case d.Lang == a.lang:
			s *= sameLangBonus
		case !info.Official:
			s *= crossUnofficial
		}
		if !info.Official {
			s *= unofficial
		}
		if d.Obsolete && a.historical {
			s *= historicalBoost
		}
		if d.Kind == KindRuling && len(d.Date) >= 4 {
			if y := atoi(d.Date[:4]); y > 2000 {
				s *= 1 + float64(y-2000)*rulingPerYear
			}
		}
		if exact {
			s += exactRuleBonus
		}
		best = max(best, s)
		out = append(out, scored{Hit: Hit{Doc: d, Score: s, Exact: exact || cardHit}, obsolete: d.Obsolete && !a.historical, hash: info.Hash})
	}
	sort.Slice(out, func(i, j int) bool {
		// An obsolete text never comes before a current one that answers,
		// unless the question is about the old rules.
		if out[i].obsolete != out[j].obsolete {
			return !out[i].obsolete
		}
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].Doc.ID < out[j].Doc.ID
	})
	// Drop the long tail: what scores under a tenth of the best is noise.
	// An obsolete text placed after the current ones scores no more than
	// the text before it, so that scores read in the order shown.
	cut := out[:0]
	prev := 0.0
	for _, h := range out {
		if !(h.Doc.Kind == KindRule && h.Exact || h.Score >= best*tailCut) {
			continue
		}
		if len(cut) > 0 && h.Score > prev {
			h.Score = prev
		}
		prev = h.Score
		cut = append(cut, h)
	}
	return cut
}

// defines returns the share of the question's weight held by the topics
// whose rules include d (d is one of them, or a rule under one); 0 when d
// defines none.
func (p *queryPlan) defines(d Doc) float64 {
	if d.Kind != KindRule {
		return 0
	}
	var w, total float64
	for _, c := range p.concepts {
		if c.weight == 0 || c.weight >= absentWeight {
			continue
		}
		total += c.weight
		if c.kind == conceptTopic && c.definedBy(d) {
			// The rules a glossary entry refers to ("Attacking Creature:
			// see rule 508") define the term more loosely than the rule
			// that bears its name.
			if c.titled {
				w += c.weight
			} else {
				w += c.weight / 2
			}
		}
	}
	if total == 0 {
		return 0
	}
	return w / total
}

// answersCard reports whether a text about a named card answers the
// question even below the coverage bar: the card's own text always (the
// question names the card), its rulings when the question is about the
// card alone or they cover some of the rest of it.
func (p *queryPlan) answersCard(d Doc, locs search.FieldTermLocationMap) bool {
	if d.Kind == KindCard {
		return true
	}
	rest := false
	for _, c := range p.concepts {
		if c.kind == conceptCard || c.weight == 0 || c.lang != "" && c.lang != d.Lang {
			continue
		}
		rest = true
		if c.matched(d, locs) {
			return true
		}
	}
	return !rest
}

// supportWeakCards keeps a card named by a common word ("Fog", "Shock")
// only if one of its texts covers some other concept of the question;
// otherwise the word is just a word, and the card's concept is dropped.
func (ix *Index) supportWeakCards(p *queryPlan, docs map[string]Doc, matched map[string]*search.DocumentMatch) {
	for i, c := range p.concepts {
		if c.kind != conceptCard || !c.weak {
			continue
		}
		supported := false
		for id, d := range docs {
			// A printed translation is no support: it holds the question's
			// own words whatever they mean.
			if !c.matched(d, nil) || d.Kind == KindCard && d.OriginalID != "" {
				continue
			}
			for j, o := range p.concepts {
				// Support comes from a rarer word or topic: a card's texts
				// hold plenty of common ones.
				if j == i || o.kind == conceptCard || o.nameWord || o.weight < supportWeight || o.lang != "" && o.lang != d.Lang {
					continue
				}
				if o.matched(d, matched[id].Locations) {
					supported = true
					break
				}
			}
			if supported {
				break
			}
		}
		// A question about the card alone ("Fog?", "暴動について質問です")
		// needs no support: there is nothing else it could be about.
		alone := true
		for j, o := range p.concepts {
			if j != i && o.kind != conceptCard && !o.nameWord && o.weight > 0 {
				alone = false
			}
		}
		if !supported && !alone {
			p.concepts[i].weight = 0
			p.concepts[i].cards = nil
			continue
		}
		// The card it is: its name's words are no longer words of the
		// question ("渡る" is not islandwalk in 渡る魂).
		for j, o := range p.concepts {
			if o.kind == conceptWord && o.nameWord && len(o.alts) > 0 && len(o.alts[0].terms) == 1 && slices.Contains(c.nameTerms, o.alts[0].terms[0]) {
				p.concepts[j].weight = 0
			}
		}
	}
}

// infoDoc returns the part of a document ranking reads.
func (ix *Index) infoDoc(m *search.DocumentMatch) (Doc, bool) {
	if ix.infos != nil {
		i, ok := ix.info(m.ID)
		return i.doc(m.ID), ok
	}
	d, ok := ix.Doc(context.Background(), m.ID)
	if !ok || !searchable(d) {
		return Doc{}, false
	}
	return infoOf(d).doc(d.ID), true
}
