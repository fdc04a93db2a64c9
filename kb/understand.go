package kb

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// questionAnalysis is what a question is about, found before searching: the cards
// and topics it names, the rule numbers it gives, the game it is about.
type questionAnalysis struct {
	text       string // the question, NFKC
	lang       string
	game       string // "mtg", "ygo", or "" when nothing tells
	cards      []cardMention
	ygo        []int // indexes of the Yu-Gi-Oh! cards named
	topics     []topicMention
	rules      []string // rule numbers named, and what old numbers became
	historical bool     // the question asks about former rules
	taken      []span2  // parts of the question a name accounts for
}

var ruleNumberRE = regexp.MustCompile(`(?:^|[^\d.])(\d{3}(?:\.\d{1,3}[a-z]?)?)(?:$|[^\d])`)

// span2 is a byte range of the question.
type span2 struct{ start, end int }

func (s span2) overlaps(o span2) bool { return s.start < o.end && o.start < s.end }

// cardMention is a Magic card the question names.
type cardMention struct {
	names []string // English names of the cards the words may mean, best first
	span  span2
	// weak marks a name that is also an ordinary word ("Fog", "Shock",
	// "Island"), or a partial name several cards share: the card counts
	// only if its texts support the rest of the question.
	weak bool
}

// topicMention is a topic the question names.
type topicMention struct {
	topic int // index in Index.topics
	span  span2
	lang  string
}

// analyze finds what text (NFKC, at most MaxQueryLen characters) is about.
func (ix *Index) analyze(text, lang string, rd *termReader) *questionAnalysis {
	a := &questionAnalysis{text: text, lang: lang}
	low := strings.ToLower(text)
	for _, c := range historicalCues {
		if strings.Contains(low, c) {
			a.historical = true
			break
		}
	}
	for _, m := range ruleNumberRE.FindAllStringSubmatch(text, -1) {
		num := m[1]
		if !strings.Contains(num, ".") && !strings.Contains(low, "rule") && !strings.Contains(low, "règle") && !strings.Contains(text, "ルール") {
			continue // a bare three-digit number is more often a count than a section
		}
		a.rules = addUnique(a.rules, num)
		if cur, ok := ix.renum.CurrentOf(num); ok && cur != "" {
			a.rules = addUnique(a.rules, cur)
		}
	}

	type cand struct {
		span   span2
		card   *cardMention
		topic  *topicMention
		ygo    int
		length int // folded length of the name
	}
	var cands []cand
	for _, m := range ix.lex.find(text) {
		sp := span2{m.Start, m.End}
		n := utf8.RuneCountInString(m.Folded)
		var cardNames []string
		part := true
		for _, r := range m.Refs {
			switch r.Kind {
			case lexCard:
				if int(r.ID) < len(ix.cards.list) {
					cardNames = addUnique(cardNames, ix.cards.list[r.ID].Name)
					part = part && r.Part
				}
			case lexTopic:
				if int(r.ID) < len(ix.topics) {
					cands = append(cands, cand{span: sp, topic: &topicMention{topic: int(r.ID), span: sp, lang: r.Lang}, length: n})
				}
			case lexYGO:
				cands = append(cands, cand{span: sp, ygo: int(r.ID) + 1, length: n})
			}
		}
		if len(cardNames) == 0 {
			continue
		}
		if part && len(cardNames) > 6 {
			continue // "Teferi", "Jace": too many cards to tell
		}
		cm := &cardMention{names: cardNames, span: sp}
		cm.weak = (part && len(cardNames) > 1) || ix.ordinaryWord(text[sp.start:sp.end], m.Folded, lang, rd)
		if cm.weak && emphasized(text, sp) {
			cm.weak = false
		}
		cands = append(cands, cand{span: sp, card: cm, length: n})
	}
	// The longest names win; a weak card and a topic on the same words
	// are both kept (the card then needs support).
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].length > cands[j].length })
	var kept []cand
	for _, c := range cands {
		ok := true
		for _, k := range kept {
			if !c.span.overlaps(k.span) {
				continue
			}
			same := c.span == k.span
			if same && (c.card != nil && c.card.weak && k.topic != nil || c.topic != nil && k.card != nil && k.card.weak) {
				continue
			}
			if same && c.card != nil && k.card != nil {
				continue // one name, several cards: merged below
			}
			ok = false
			break
		}
		if ok {
			kept = append(kept, c)
		}
	}
	sort.SliceStable(kept, func(i, j int) bool { return kept[i].span.start < kept[j].span.start })
	for _, c := range kept {
		switch {
		case c.card != nil:
			merged := false
			for i := range a.cards {
				if a.cards[i].span == c.span {
					a.cards[i].names = addUnique(a.cards[i].names, c.card.names...)
					merged = true
				}
			}
			if !merged {
				a.cards = append(a.cards, *c.card)
			}
		case c.topic != nil:
			dup := false
			for _, t := range a.topics {
				if t.topic == c.topic.topic {
					dup = true
				}
			}
			if !dup {
				a.topics = append(a.topics, *c.topic)
			}
		case c.ygo > 0:
			if !containsInt(a.ygo, c.ygo-1) {
				a.ygo = append(a.ygo, c.ygo-1)
			}
		}
		a.taken = append(a.taken, c.span)
	}
	a.game = ix.gameOf(a, low)
	return a
}

// ordinaryWord reports whether a card name is also a word the texts use
// on their own: a single short word, or one found in many texts.
func (ix *Index) ordinaryWord(name, folded, lang string, rd *termReader) bool {
	if strings.ContainsRune(folded, ' ') {
		return false
	}
	n := utf8.RuneCountInString(folded)
	if isLatin(folded) {
		if n <= 4 {
			return true
		}
		field, analyzer := fTextEN, "en"
		if lang == "fr" {
			field, analyzer = fTextFR, "fr"
		}
		for _, t := range ix.analyzeWith(analyzer, name) {
			if rd.docFreq(field, t) >= 20 {
				return true
			}
		}
		return false
	}
	if n <= 2 {
		return true
	}
	for _, t := range ix.analyzeWith(jaAnalyzerName, name) {
		if rd.docFreq(fTextJA, t) >= 20 {
			return true
		}
	}
	return false
}

// emphasized reports whether the words at sp are set apart as a name:
// quoted or bracketed, or capitalized inside a sentence.
func emphasized(text string, sp span2) bool {
	before := strings.TrimRight(text[:sp.start], " ")
	after := strings.TrimLeft(text[sp.end:], " ")
	if b, _ := utf8.DecodeLastRuneInString(before); strings.ContainsRune("\"“«[「『'‘", b) {
		if a, _ := utf8.DecodeRuneInString(after); strings.ContainsRune("\"”»]」』'’", a) {
			return true
		}
	}
	r, _ := utf8.DecodeRuneInString(text[sp.start:])
	if !unicode.IsUpper(r) {
		return false
	}
	// At the start of the question or of a sentence, a capital says
	// nothing.
	if before == "" {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(before)
	return !strings.ContainsRune(".!?:;。！？", last)
}

// gameCues are words that say which game a question is about.
var gameCues = map[string][]string{
	"ygo": {"yugioh", "yu-gi-oh", "yu gi oh", "ygo", "遊戯王", "ocg", "duel monsters", "master duel"},
	"mtg": {"magic: the gathering", "mtg", "edh", "mtga", "arena", "マジック", "マジック：ザ・ギャザリング", "commander", "統率者"},
}

// gameOf tells the game of a question from the cards, topics and words it
// uses; "" when nothing tells or both games are named.
func (ix *Index) gameOf(a *questionAnalysis, low string) string {
	mtg, ygo := 0, 0
	if len(a.cards) > 0 {
		for _, c := range a.cards {
			if !c.weak {
				mtg += 2
			}
		}
	}
	ygo += 2 * len(a.ygo)
	for _, t := range a.topics {
		switch ix.topics[t.topic].Game {
		case "ygo":
			ygo++
		case "mtg":
			if ix.topics[t.topic].Keyword {
				mtg++
			}
		}
	}
	for g, cues := range gameCues {
		for _, c := range cues {
			if strings.Contains(low, c) {
				if g == "ygo" {
					ygo += 3
				} else {
					mtg += 3
				}
			}
		}
	}
	switch {
	case ygo > mtg:
		return "ygo"
	case mtg > ygo:
		return "mtg"
	}
	return ""
}

// analyzeWith returns the terms analyzer makes of s.
func (ix *Index) analyzeWith(analyzer, s string) []string {
	a := ix.bl.Mapping().AnalyzerNamed(analyzer)
	if a == nil {
		return nil
	}
	var out []string
	for _, t := range a.Analyze([]byte(s)) {
		out = addUnique(out, string(t.Term))
	}
	return out
}
