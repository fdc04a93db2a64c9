package kb

import (
	"context"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/blevesearch/bleve/v2/search"
)

// Limits of ranking that are not learned: what a text must cover to be a
// candidate at all, and the rule a question names by its number.
const (
	minCoverage    = 0.34 // share of the question a text must cover to answer it
	exactRuleBonus = 1000 // the rule whose number the question gives
	supportWeight  = 4.0  // a concept this rare (about 2% of the texts) supports a card named by a common word
	shortText      = 40   // a text this short (characters) says little: "Deathtouch is a static ability."
	quoteRun       = 4    // a text holding this many of the question's words in a row is quoted
)

// scored is a candidate with its score and what ranking needs to know.
type scored struct {
	Hit
	obsolete bool // an obsolete text, ranked after the current ones
	hash     uint64
	// z is the model's score before the exact-rule bonus: what abstention
	// reads.
	z float64
	// share is the part of the question the text covers.
	share float64
	// named marks the rule whose number the question gives.
	named bool
	// sure marks a text of a card the question names by a name that is
	// no common word: what the question is about.
	sure bool
	// rest is the part of the question beside the cards it names that the
	// text covers; bare, for a text that covers none of that part, is the
	// share of the question it holds ("is Atraxa still tier 1 in cEDH?":
	// Atraxa's texts say nothing of tiers), 0 otherwise.
	rest float64
	bare float64
	// unnamed marks the texts of a question that names no card, topic,
	// rule or Yu-Gi-Oh! card: few questions the texts answer do ("how do
	// I become a level 2 judge?").
	unnamed bool
}

// candidate is a text that may answer the question, with its features.
type candidate struct {
	scored
	x Features
}

// featurize describes each candidate that covers enough of the question
// by its features (see Features).
func (ix *Index) featurize(p *queryPlan, a *questionAnalysis, matched map[string]*search.DocumentMatch, game string) []candidate {
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
	p.dropExamples(docs, matched, infos)
	ix.supportWeakCards(p, docs, matched)

	// The first card the question names is its subject; others are
	// mentioned beside it.
	subject := -1
	cardsNamed := 0
	for i, c := range p.concepts {
		if c.kind == conceptCard && c.weight > 0 {
			if subject < 0 {
				subject = i
			}
			cardsNamed++
		}
	}
	// A card named by a common word counts when the question supports it
	// (supportWeakCards kept its weight).
	named := len(a.topics) > 0 || len(a.rules) > 0 || len(a.ygo) > 0
	for _, c := range p.concepts {
		named = named || c.kind == conceptCard && c.weight > 0
	}
	// Whether the question asks what its card does, and nothing else.
	asksCard := p.asksCard()
	ownBM25 := make(map[string]float64, len(docs))
	maxOwn := 1e-9
	for id := range docs {
		s := p.bm25(matched[id].Locations, infos[id].Len)
		ownBM25[id] = s
		maxOwn = max(maxOwn, s)
	}

	out := make([]candidate, 0, len(docs))
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
		cardHit, sure, link, isSubject := false, false, 0.0, false
		for i, c := range p.concepts {
			if c.kind == conceptCard && c.weight > 0 && c.matched(d, nil) {
				cardHit = true
				sure = sure || !c.weak
				link = max(link, c.link)
				isSubject = isSubject || i == subject
			}
		}
		// A card's own text speaks of that card: it answers questions
		// about the card, not questions that only share its words ("地震
		// (全体ダメージ)で…" is not about Earthquake).
		if d.Kind == KindCard && !cardHit {
			continue
		}
		got, total, rest, restTotal := p.coverage(d, m.Locations, d.Lang != a.lang && ix.hasVersion(d, a.lang))
		cov := 0.0
		if total > 0 {
			cov = got / total
		}
		// A rule never names a card: beside a card, a rule that defines
		// what the question asks is read on the rest of the question
		// ("Wrath of God and indestructible creatures": 702.12b).
		defines := p.defines(d)
		ruleRest := d.Kind == KindRule && restTotal > 0 && restTotal < total && rest/restTotal >= minCoverage && defines > 0
		if !exact && cov < minCoverage && !ruleRest && !(cardHit && p.answersCard(d, m.Locations)) {
			continue
		}
		var x Features
		x[fCoverage] = math.Log(got + 0.1)
		x[fShare] = cov
		x[fCoverageRel] = got
		if restTotal > 0 {
			x[fRestShare] = rest / restTotal
			x[fRestRel] = rest
		}
		x[fFunction] = p.functionShare(d, m.Locations)
		x[fProximity] = p.proximity(d, m.Locations)
		x[fBleve] = settle(m.Score / maxRaw)
		x[fOwnBM25] = settle(ownBM25[id] / maxOwn)
		if cardHit {
			x[fCardNamed] = 1
			x[fCardLink] = link
			if d.Kind == KindCard {
				x[fCardOwnText] = 1
				if isSubject && asksCard {
					x[fCardAsked] = 1
				}
			}
			if isSubject {
				x[fCardSubject] = 1
			}
		}
		if cardsNamed > 1 {
			x[fCardsNamed] = 1
			if d.Kind == KindRule || d.Kind == KindGlossary {
				x[fRuleForCards] = 1
			}
		}
		if p.subject >= 0 && p.concepts[p.subject].matched(d, m.Locations) {
			x[fTopicSubject] = 1
		}
		if d.Kind == KindGlossary {
			x[fGlossaryDefines] = defines
		} else {
			x[fDefines] = defines
		}
		if d.Lang == a.lang {
			if n := p.quoted(m.Locations); n >= quoteRun {
				x[fQuoted] = float64(min(n-quoteRun+1, 6))
			}
		}
		x[fList] = float64(min(info.Commas, 16)) / 16
		if info.Len > 0 && info.Len < shortText {
			x[fShort] = 1
		}
		switch {
		case d.Lang == a.lang:
			x[fSameLang] = 1
		case !info.Official:
			x[fCrossUnofficial] = 1
		}
		if d.OriginalID != "" {
			// A translation the asker reads, or one into another language
			// (of an original that may be in the asker's own).
			switch {
			case d.Lang != a.lang:
				x[fForeignTranslation] = 1
			case d.Kind == KindCard:
				x[fTranslation] = 1 // a printed card in the asker's language
			default:
				x[fMachineTranslation] = 1
			}
		}
		if !info.Official {
			x[fUnofficial] = 1
		}
		if d.Obsolete && a.historical {
			x[fHistorical] = 1
		}
		switch d.Kind {
		case KindRule:
			x[fKindRule] = 1
			x[fRuleDepth] = float64(ruleDepth(d.Ref))
		case KindGlossary:
			x[fKindGlossary] = 1
		case KindRuling:
			x[fKindRuling] = 1
			if len(d.Date) >= 4 {
				if y := atoi(d.Date[:4]); y > 2000 {
					x[fRulingYear] = float64(y-2000) / 10
				}
			}
		case KindDoc:
			x[fKindDoc] = 1
		}
		if d.Game == "ygo" {
			x[fYGO] = 1
		}
		out = append(out, candidate{
			scored: scored{Hit: Hit{Doc: d, Exact: exact || cardHit}, obsolete: d.Obsolete && !a.historical, hash: info.Hash, share: cov, named: exact, sure: sure,
				rest: x[fRestShare], bare: bareShare(rest, restTotal, total), unnamed: !named},
			x: x,
		})
	}
	// What a text covers beside what the best candidate covers: the
	// candidates of one card read apart by the rest of the question.
	var maxGot, maxRest float64
	maxFunction := map[string]float64{}
	for _, c := range out {
		maxGot = max(maxGot, c.x[fCoverageRel])
		maxRest = max(maxRest, c.x[fRestRel])
		maxFunction[c.Doc.Card] = max(maxFunction[c.Doc.Card], c.x[fFunction])
	}
	for i := range out {
		x := &out[i].x
		x[fCoverageRel] = ratioOr0(x[fCoverageRel], maxGot)
		x[fRestRel] = ratioOr0(x[fRestRel], maxRest)
		x[fRuleShare] = x[fShare] * x[fKindRule]
		x[fRulingShare] = x[fShare] * x[fKindRuling]
		x[fGlossaryShare] = x[fShare] * x[fKindGlossary]
		x[fRuleBleve] = x[fBleve] * x[fKindRule]
		x[fCardRest] = x[fRestRel] * x[fCardNamed]
		x[fFunctionRel] = ratioOr0(x[fFunction], maxFunction[out[i].Doc.Card])
	}
	rankBy(out, fBleveRank, func(c *candidate) string { return "" }, func(a, b *candidate) bool { return a.x[fBleve] > b.x[fBleve] })
	rankBy(out, fOwnRank, func(c *candidate) string { return "" }, func(a, b *candidate) bool { return a.x[fOwnBM25] > b.x[fOwnBM25] })
	rankBy(out, fCardRank, func(c *candidate) string { return c.Doc.Card }, func(a, b *candidate) bool {
		if a.x[fRestRel] != b.x[fRestRel] {
			return a.x[fRestRel] > b.x[fRestRel]
		}
		if a.x[fFunction] != b.x[fFunction] {
			return a.x[fFunction] > b.x[fFunction]
		}
		return a.x[fOwnBM25] > b.x[fOwnBM25]
	})
	return out
}

// bareShare is the share of the question beside its cards when a text
// covers none of it, else 0.
func bareShare(rest, restTotal, total float64) float64 {
	if rest > 0 || restTotal <= 0 || total <= 0 {
		return 0
	}
	return restTotal / total
}

// rankBy sets feature f of each candidate to 1 / its rank by better among
// the candidates of the same group (ties share the better rank); a
// candidate of the empty group, when group is not the same for all, gets 0.
func rankBy(cands []candidate, f int, group func(*candidate) string, better func(a, b *candidate) bool) {
	by := map[string][]int{}
	for i := range cands {
		by[group(&cands[i])] = append(by[group(&cands[i])], i)
	}
	whole := len(by) == 1 && group(&cands[0]) == ""
	for g, idx := range by {
		if g == "" && !whole {
			continue
		}
		sort.SliceStable(idx, func(i, j int) bool { return better(&cands[idx[i]], &cands[idx[j]]) })
		rank := 1
		for k, i := range idx {
			if k > 0 && better(&cands[idx[k-1]], &cands[i]) {
				rank = k + 1
			}
			cands[i].x[f] = 1 / float64(rank)
		}
	}
}

func ratioOr0(a, b float64) float64 {
	if b <= 0 {
		return 0
	}
	return a / b
}

// ruleDepth counts the levels of a rule number, its chapter included: 1
// for "7", 2 for "702", 3 for "702.26", 4 for "702.26b".
func ruleDepth(n string) int {
	depth := 0
	for ; n != ""; n = ruleParent(n) {
		depth++
		if depth > 4 {
			break
		}
	}
	return depth
}

// order scores the candidates with the model and returns them best first,
// without the long tail.
func (m *Model) order(cands []candidate) []scored {
	out := make([]scored, len(cands))
	var best float64
	for i, c := range cands {
		z := m.score(&c.x)
		s := math.Exp(z)
		if c.named {
			s += exactRuleBonus
		}
		c.scored.z = z
		c.Score = s
		// The tail is read without the weight of a card's text being what
		// the question asks ("what does Lightning Bolt do?"): the card's
		// rulings stay beside its text.
		best = max(best, s*math.Exp(-m.W[fCardAsked]*c.x[fCardAsked]))
		out[i] = c.scored
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
		if !(h.Doc.Kind == KindRule && h.Exact || h.Score >= best*m.tail) {
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
// d defines: topics whose rules include d (d is one of them, or a rule
// under one), or whose Comprehensive Rules glossary entry d is; 0 when d
// defines none.
func (p *queryPlan) defines(d Doc) float64 {
	if d.Kind != KindRule && d.Kind != KindGlossary {
		return 0
	}
	var w, total float64
	for _, c := range p.concepts {
		if c.weight == 0 || c.weight >= absentWeight {
			continue
		}
		total += c.weight
		switch {
		case c.kind != conceptTopic:
		case d.Kind == KindGlossary:
			// A topic's own glossary entry.
			if c.glossary == d.ID {
				w += c.weight
			}
		case c.definedBy(d):
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

// hasVersion reports whether text d, in another language than lang, has a
// version in lang among the texts Search may cite: the original it
// translates, or a translation of it or of its original.
func (ix *Index) hasVersion(d Doc, lang string) bool {
	orig := d.ID
	if d.OriginalID != "" {
		orig = d.OriginalID
		if o, ok := ix.info(orig); ok && o.Lang == lang {
			return true
		}
	}
	for _, tid := range translationIDs(orig, lang) {
		if ix.translates(tid, orig, lang) {
			return true
		}
	}
	return false
}

// dropExamples removes from the term locations of a rule that no topic of
// the question defines those in its examples, but for the names of the
// cards the question names. An example illustrates its rule with cards
// and situations of its own: 700.14, on expend, is no answer about
// indestructible creatures because its example's creature gains
// indestructible, nor 702.47c, on splice, about protection from red
// because its example's spell can target such a creature. A rule on a
// topic of the question keeps them: 702.26b's example, a spell that
// cannot destroy a phased-out creature, answers "can a phased-out
// creature be targeted?". So do the names of the cards asked about: a
// rule whose example plays the card (615.11's, Wojek Apothecary)
// answers about it.
func (p *queryPlan) dropExamples(docs map[string]Doc, matched map[string]*search.DocumentMatch, infos map[string]docInfo) {
	names := map[string]bool{}
	for _, c := range p.concepts {
		if c.kind == conceptCard {
			for _, a := range c.alts {
				for _, t := range a.terms {
					names[t] = true
				}
			}
		}
	}
	for id, m := range matched {
		at := infos[id].Examples
		d, ok := docs[id]
		if at == 0 || !ok || p.onTopic(d) {
			continue
		}
		text := make(search.FieldTermLocationMap, len(m.Locations))
		for f, tl := range m.Locations {
			if f != fTextEN && f != fTextFR && f != fTextJA && f != fTextJABi {
				text[f] = tl
				continue
			}
			kept := make(search.TermLocationMap, len(tl))
			for t, ls := range tl {
				if names[t] {
					kept[t] = ls
					continue
				}
				var in search.Locations
				for _, l := range ls {
					if l.Start < uint64(at) {
						in = append(in, l)
					}
				}
				if len(in) > 0 {
					kept[t] = in
				}
			}
			if len(kept) > 0 {
				text[f] = kept
			}
		}
		m.Locations = text
	}
}

// onTopic reports whether a topic of the question defines rule d.
func (p *queryPlan) onTopic(d Doc) bool {
	for _, c := range p.concepts {
		if c.kind == conceptTopic && c.weight > 0 && c.definedBy(d) {
			return true
		}
	}
	return false
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
		// The card's texts support the rest of the question when they
		// hold more of its rarer words and topics than any other text: a
		// card's texts hold plenty of common ones, and a question that
		// uses the word in its ordinary sense ("au début de mon entretien,
		// …") is answered as well by the rules.
		var forCard, forOther float64
		for id, d := range docs {
			// A printed translation is no support: it holds the question's
			// own words whatever they mean.
			if d.Kind == KindCard && d.OriginalID != "" {
				continue
			}
			own := c.matched(d, nil)
			if !own && d.Card != "" {
				continue // another card's text
			}
			var w float64
			for j, o := range p.concepts {
				if j == i || o.kind == conceptCard || o.nameWord || o.weight < supportWeight || o.weight >= absentWeight || o.lang != "" && o.lang != d.Lang {
					continue
				}
				if o.matched(d, matched[id].Locations) {
					w += o.weight
				}
			}
			if own {
				forCard = max(forCard, w)
			} else {
				forOther = max(forOther, w)
			}
		}
		supported := forCard > 0 && forCard > forOther
		// A question about the card alone ("Fog?", "暴動について質問です",
		// "静穏の処理を教えて") needs no support: there is nothing else it
		// could be about.
		others, topics := 0, 0
		for j, o := range p.concepts {
			if j != i && o.kind != conceptCard && !o.nameWord && o.weight > 0 && o.weight < absentWeight {
				others++
				if o.kind == conceptTopic && !asksEffect(o) {
					topics++
				}
			}
		}
		// One word beside the name is how a question about the card
		// alone is asked ("question", "effet", "処理", 効果); a game term beside
		// it is what the question is about ("what gets applied in layer
		// 7?" is not about Applied Aeronautics).
		alone := others <= 1 && topics == 0
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
