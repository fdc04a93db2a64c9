package kb

import (
	"math"
	"regexp"
	"slices"
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
	// link is how sure the link from the words to the card is: the share
	// of the texts holding the name's rarest word that are the card's own
	// (1 for a name set apart by quotes or capitals).
	link float64
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
		length int  // folded length of the name
		cued   bool // a card's name after a word that says it is one ("the card", « l'éphémère »)
	}
	var cands []cand
	for _, m := range ix.lex.find(text, lang) {
		sp := span2{m.Start, m.End}
		n := utf8.RuneCountInString(m.Folded)
		var cardNames []string
		part := true
		for _, r := range m.Refs {
			// A French or Japanese name counts in a question of its own
			// language ("Menace" is a French card name and a French
			// keyword, not an English word); English names count in every
			// language, players use them everywhere.
			if r.Lang != "" && r.Lang != "en" && r.Lang != lang {
				continue
			}
			switch r.Kind {
			case lexCard:
				if int(r.ID) < ix.cards.len() {
					cardNames = addUnique(cardNames, ix.cards.name(int(r.ID)))
					part = part && r.Part
				}
			case lexTopic:
				// An English name that is a word of how French questions
				// are put is that word ("elle produit encore du mana",
				// still), not the keyword (Encore).
				if r.Lang == "en" && lang != "en" && !emphasized(text, sp) && ix.questionWord(text[sp.start:sp.end], lang) {
					continue
				}
				// A topic named by words analysis drops ("If", "All") is
				// not something a question is about, unless it is set apart
				// as a name ("Une Aura reste-t-elle…", where "aura" is a
				// form of avoir).
				if int(r.ID) < len(ix.topics) && !metaTerms[ix.topics[r.ID].Term] && (!ix.stopWords(text[sp.start:sp.end], lang) || emphasized(text, sp)) &&
					(a.historical || !ix.oldWords(&ix.topics[r.ID], text[sp.start:sp.end], lang, rd)) {
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
		name := text[sp.start:sp.end]
		// What a Japanese question responds to (粉々に対応して) is a
		// spell or an ability: a card's name, not a word.
		emph := emphasized(text, sp) || lang == "ja" && strings.HasPrefix(text[sp.end:], "に対応")
		if !emph && (ix.stopWords(name, lang) || ix.questionWord(name, lang)) {
			continue // "Who", "What" and "Turn" are card names too; "marche" is not "Marché"
		}
		if ix.namesSubtype(text, name) {
			continue // "is nightmare a creature type?": the type, not the card
		}
		cm := &cardMention{names: cardNames, span: sp}
		// A Japanese name has no spaces: a given name in katakana alone
		// (キキジキ, アトラクサ) is a proper noun, not a word.
		single := !strings.ContainsRune(m.Folded, ' ') && !(lang == "ja" && isKatakana(name))
		// A given name in katakana that a few cards share (エレボス) is
		// one of them, whichever the texts tell: no common word.
		// So is the first word of legends' names in Latin letters, when
		// the texts do not use it as a word (erebos, mangara; not fog,
		// nor the half of a split card).
		ordinary := !emph && ix.ordinaryWord(name, m.Folded, lang, rd)
		given := lang == "ja" && isKatakana(name) && utf8.RuneCountInString(name) >= 3 ||
			isLatin(name) && single && utf8.RuneCountInString(name) >= 5 && !ordinary && givenName(m.Folded, cardNames)
		cm.weak = !emph && ((part && (len(cardNames) > 1 || single) && !given) || ordinary ||
			lang == "fr" && single && lowercaseWithin(text, sp))
		if cm.weak && afterDeterminer(text, sp) {
			continue // "the order", "a fog": a common noun, not a card
		}
		if !emph && afterSubject(text, sp, lang) {
			continue // "can we rewind the game?": a verb, not a card
		}
		if !emph && lang == "ja" && suruAfter(text, sp.end) {
			continue // "待ち伏せしたクリーチャー": a verb, not Ambuscade
		}
		if !emph && lang == "ja" && explainedWord(text, sp, cardNames) {
			continue // "地割れ（土地破壊）で": a word the question explains, not Fissure
		}
		if gameCue(m.Folded) && (!emph || gameCue(strings.TrimLeft(wordBefore(text, sp.start), "(（«\"'"))) || glossedAsGame(text, sp.end) {
			continue // "does arena handle triggers…", "MTG Arena", "Arène (MTG Arena)": the game, not the card
		}
		cm.link = 1
		if !emph {
			cm.link = ix.linkProbability(name, cardNames[0], lang, rd)
		}
		cands = append(cands, cand{span: sp, card: cm, length: n, cued: afterCardWord(text, sp)})
	}
	// Topics found by the terms of their names, where their words differ
	// from the name's (an inflection, an article).
	for _, m := range ix.findTopicStems(text, lang) {
		if !a.historical && ix.oldWords(&ix.topics[m.topic], text[m.span.start:m.span.end], lang, rd) {
			continue
		}
		cands = append(cands, cand{span: m.span, topic: &m, length: utf8.RuneCountInString(text[m.span.start:m.span.end])})
	}
	// The longest names win. On the same words, a topic wins over a card
	// named by a common word ("Vigilance", "Menace"), unless the card's
	// name is set apart as a name; a card wins after a word that says it
	// is one (« l'éphémère Option » is Opt, not the glossary's Option).
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].length != cands[j].length {
			return cands[i].length > cands[j].length
		}
		if cands[i].card != nil && cands[i].cued && cands[j].topic != nil {
			return true
		}
		return cands[i].topic != nil && cands[j].card != nil && cands[j].card.weak && !cands[j].cued
	})
	var kept []cand
	for _, c := range cands {
		ok := true
		for _, k := range kept {
			if !c.span.overlaps(k.span) {
				continue
			}
			if c.span == k.span && c.card != nil && k.card != nil {
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
	a.game = ix.gameOf(a, low, rd)
	return a
}

// linkProbability estimates how often the words name, in a text of lang,
// mean the card: the card's texts among the texts that hold the name's
// rarest word.
func (ix *Index) linkProbability(name, card, lang string, rd *termReader) float64 {
	if ix.related == nil || rd == nil {
		return 1
	}
	own := float64(len(ix.related.cardDocs(card)))
	field, analyzer := fTextEN, enAnalyzerName
	switch lang {
	case "fr":
		field, analyzer = fTextFR, frAnalyzerName
	case "ja":
		field, analyzer = fTextJA, jaAnalyzerName
	}
	if !isLatin(name) {
		field, analyzer = fTextJA, jaAnalyzerName
	}
	df := uint64(math.MaxUint64)
	for _, t := range ix.analyzeWith(analyzer, name) {
		df = min(df, rd.docFreq(field, t))
	}
	if df == math.MaxUint64 || float64(df) <= own {
		return 1
	}
	return own / float64(df)
}

// withoutCards returns the question with the card names it holds blanked
// out ("Price of Fame" is a card, not a price).
func (a *questionAnalysis) withoutCards() string {
	b := []byte(a.text)
	for _, c := range a.cards {
		if !c.weak {
			blank(b, c.span)
		}
	}
	return string(b)
}

// blank puts spaces over the span sp of b.
func blank(b []byte, sp span2) {
	for i := sp.start; i < sp.end; i++ {
		b[i] = ' '
	}
}

// offTopicText is what offTopic reads of a question of game: the question
// without the card names it holds, and for a question of Yu-Gi-Oh! without
// the terms of that game ("banni" is banished there, not banned).
func (ix *Index) offTopicText(a *questionAnalysis, game string) string {
	text := a.withoutCards()
	if game != "ygo" {
		return text
	}
	b := []byte(text)
	for _, t := range a.topics {
		if ix.topics[t.topic].Game == "ygo" {
			blank(b, t.span)
		}
	}
	return string(b)
}

// oldWords reports whether words of a question name t only as the ordinary
// words they are: t is a term of old cards the glossary marks obsolete,
// with no rule of its own, and the words are common ones ("does a copy
// count as casting it?" is not about "Counts As (Obsolete)").
func (ix *Index) oldWords(t *topic, words, lang string, rd *termReader) bool {
	if !strings.HasSuffix(t.Glossary, "-obsolete") || len(t.Rules) > 0 || t.Term != "" || rd == nil || !isLatin(words) {
		return false
	}
	field, analyzer := fTextEN, enAnalyzerName
	if lang == "fr" {
		field, analyzer = fTextFR, frAnalyzerName
	}
	terms := ix.analyzeWith(analyzer, words)
	for _, w := range terms {
		if rd.docFreq(field, w) < ordinaryPhraseDocs {
			return false
		}
	}
	return len(terms) > 0
}

// ordinaryWord reports whether a card name is also a word the texts use
// on their own: a single short word, or one found in many texts.
func (ix *Index) ordinaryWord(name, folded, lang string, rd *termReader) bool {
	n := utf8.RuneCountInString(folded)
	if isLatin(folded) {
		if n <= 4 {
			return true
		}
		field, analyzer := fTextEN, enAnalyzerName
		if lang == "fr" {
			field, analyzer = fTextFR, frAnalyzerName
		}
		// A name is ordinary when every word of it is common on its own:
		// "Fog", "Deal Damage"; "Questing Beast" and "Teferi's Protection"
		// are not. Words of a longer name must be very common.
		terms := ix.analyzeWith(analyzer, name)
		common := uint64(ordinaryDocs)
		if len(terms) > 1 {
			if titleCase(name) {
				return false
			}
			common = ordinaryPhraseDocs
		}
		for _, t := range terms {
			if rd.docFreq(field, t) < common {
				return false
			}
		}
		return len(terms) > 0
	}
	if n <= 2 {
		return true
	}
	terms := ix.analyzeWith(jaAnalyzerName, name)
	common := ordinaryDocs
	if len(terms) > 1 {
		common = ordinaryPhraseDocs // 死の魔道士、リリアナ: common parts, a rare whole
	}
	for _, t := range terms {
		if rd.docFreq(fTextJA, t) < uint64(common) {
			return false
		}
	}
	return len(terms) > 0
}

// ordinaryDocs is how many texts a word appears in to be an ordinary word;
// ordinaryPhraseDocs, each word of a name of several words.
const (
	ordinaryDocs       = 20
	ordinaryPhraseDocs = 500
)

// titleCase reports whether every word of s starts with a capital letter
// (short linking words aside: "Time and Tide", "March of Swirling Mist").
func titleCase(s string) bool {
	for i, w := range strings.Fields(s) {
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

// determiners are the words after which a common word is a common noun.
var determiners = map[string]bool{
	"the": true, "a": true, "an": true, "my": true, "your": true, "his": true, "her": true, "their": true, "this": true, "that": true, "its": true, "what": true, "which": true,
	"le": true, "la": true, "les": true, "un": true, "une": true, "des": true, "mon": true, "ma": true, "mes": true, "ton": true, "ta": true, "son": true, "sa": true, "ce": true, "cette": true, "du": true, "quel": true, "quelle": true, "quels": true, "quelles": true,
}

// afterDeterminer reports whether the word before sp is a determiner.
func afterDeterminer(text string, sp span2) bool {
	w := wordBefore(text, sp.start)
	if w == "" {
		return false
	}
	if i := strings.LastIndexAny(w, "'’"); i >= 0 {
		w = w[:i] // l'ordre, d'un
		return w == "l" || w == "d"
	}
	return determiners[w]
}

// cardWords are the words that say the name after them is a card's: card
// and the card types, in English and French.
var cardWords = map[string]bool{
	"card": true, "carte": true,
	"instant": true, "sorcery": true, "creature": true, "enchantment": true, "artifact": true,
	"éphémère": true, "ephemere": true, "rituel": true, "créature": true, "enchantement": true, "artefact": true,
}

// afterCardWord reports whether the word before sp says that the name at
// sp is a card's ("the card Opt", « l'éphémère Option »).
func afterCardWord(text string, sp span2) bool {
	w := strings.ToLower(wordBefore(text, sp.start))
	if i := strings.LastIndexAny(w, "'’"); i >= 0 {
		_, size := utf8.DecodeRuneInString(w[i:])
		w = w[i+size:] // l'éphémère
	}
	return cardWords[w]
}

// givenName reports whether folded, one word, begins each of several
// names, none of them a split card's, one of them a legend's name and
// epithet ("Erebos, God of the Dead", "Erebos, Bleak-Hearted"): the given
// name of legends. A word that begins one name ("better", Better Than
// One), or names with no epithet ("promise", Promise of Power), is none.
func givenName(folded string, names []string) bool {
	epithet := false
	for _, n := range names {
		f, _ := lexFold(n)
		if strings.Contains(n, "//") || !strings.HasPrefix(f, folded+" ") {
			return false
		}
		first, _, _ := strings.Cut(n, " ")
		epithet = epithet || strings.HasSuffix(first, ",")
	}
	return len(names) > 1 && epithet
}

// subjects are the pronouns a verb follows, by language ("can we rewind
// the game?").
var subjects = map[string]map[string]bool{
	"en": {"i": true, "you": true, "we": true, "they": true, "he": true, "she": true},
	"fr": {"je": true, "tu": true, "il": true, "elle": true, "on": true, "nous": true, "vous": true, "ils": true, "elles": true},
}

// afterSubject reports whether the word before sp is a subject pronoun of
// lang: a word there is a verb ("can i wish for a card", "how do you break
// ties"), not a card's name.
func afterSubject(text string, sp span2, lang string) bool {
	w := wordBefore(text, sp.start)
	return w != "" && subjects[lang][w]
}

// suruForms are the forms of する that make a verb of the noun before them
// (待ち伏せした, 荒廃して, 解体される); "しか" (only) is none.
var suruForms = []string{"した", "して", "しない", "します", "しよう", "しても", "する", "すれ", "され", "させ"}

// suruAfter reports whether a Japanese noun ending at byte i of text is
// followed by a form of する, a gloss in brackets aside (解体（生け贄）したら):
// the noun is used as a verb, as no card's name is.
func suruAfter(text string, i int) bool {
	rest := text[i:]
	if _, after, ok := glossAfter(text, i); ok {
		rest = after
	}
	for _, f := range suruForms {
		if strings.HasPrefix(rest, f) {
			return true
		}
	}
	return false
}

// wordBefore returns the word of text that ends before byte i, spaces
// aside, in lower case; "" at the start.
func wordBefore(text string, i int) string {
	end := i
	for end > 0 {
		r, size := utf8.DecodeLastRuneInString(text[:end])
		if !unicode.IsSpace(r) {
			break
		}
		end -= size
	}
	start := end
	for start > 0 {
		r, size := utf8.DecodeLastRuneInString(text[:start])
		if unicode.IsSpace(r) {
			break
		}
		start -= size
	}
	return strings.ToLower(text[start:end])
}

// metaTerms are glossary entries that name the texts themselves ("ruling",
// "裁定", "Comprehensive Rules"): a question asks for them, not about them.
var metaTerms = map[string]bool{"card": true, "ruling": true, "comprehensive-rules": true, "glossary": true, "judge": true, "errata": true}

// questionWord reports whether a name is one of the words questions are
// asked with in lang ("marche" in "comment ça marche").
func (ix *Index) questionWord(name, lang string) bool {
	analyzer := langAnalyzers[lang]
	// The names a question holds are the lexicon's: their analyses are
	// remembered, as the Japanese tokenizer is not cheap.
	terms := ix.analyses.get(analyzer+"\x00"+name, func() []string { return ix.analyzeWith(analyzer, name) })
	if len(terms) == 0 {
		return false
	}
	for _, t := range terms {
		if !questionWord(lang, t) {
			return false
		}
	}
	return true
}

// stopWords reports whether a name is made of words analysis drops in
// the question's language ("Who", "What", "When" are faces of one card).
// It reads bleve's full stop lists, not the index's: "Out" is a word of
// "phase out" before it is a card.
func (ix *Index) stopWords(name, lang string) bool {
	if !isLatin(name) {
		return false
	}
	analyzer := "en"
	if lang == "fr" {
		analyzer = "fr"
	}
	return len(ix.analyzeWith(analyzer, name)) == 0
}

// emphasized reports whether the words at sp are set apart as a name:
// quoted or bracketed (《稲妻》, as Japanese players write card names), or
// capitalized inside a sentence.
func emphasized(text string, sp span2) bool {
	before := strings.TrimRight(text[:sp.start], " ")
	after := strings.TrimLeft(text[sp.end:], " ")
	if b, _ := utf8.DecodeLastRuneInString(before); strings.ContainsRune("\"“«[「『《〈'‘", b) {
		if a, _ := utf8.DecodeRuneInString(after); strings.ContainsRune("\"”»]」』》〉'’", a) {
			return true
		}
	}
	r, _ := utf8.DecodeRuneInString(text[sp.start:])
	if !unicode.IsUpper(r) {
		return false
	}
	// At the start of the question or of a sentence, a capital says
	// nothing, unless the name is set apart by the comma or colon that
	// follows it ("Aléatoire, on choisit la cible avant ?").
	if before == "" {
		return strings.HasPrefix(after, ",") || strings.HasPrefix(after, ":")
	}
	last, _ := utf8.DecodeLastRuneInString(before)
	return !strings.ContainsRune(".!?:;。！？", last)
}

// lowercaseWithin reports whether the words at sp are written in lower
// case after the start of the question: in French, where the texts are too
// few to tell an everyday word from a name by their counts, "un sort de
// brouillard" reads as fog, "Brouillard" at the start or capitalized within
// as the card.
func lowercaseWithin(text string, sp span2) bool {
	r, _ := utf8.DecodeRuneInString(text[sp.start:])
	return strings.TrimSpace(text[:sp.start]) != "" && unicode.IsLower(r)
}

// gameCues are words that say which game a question is about.
var gameCues = map[string][]string{
	"ygo": {"yugioh", "yu-gi-oh", "yu gi oh", "ygo", "遊戯王", "ocg", "duel monsters", "master duel"},
	"mtg": {"magic: the gathering", "mtg", "edh", "mtga", "arena", "arene", "アリーナ", "マジック", "マジック：ザ・ギャザリング", "commander", "統率者"},
}

// gameCue reports whether a folded name is one of gameCues' words: the
// name of a game or of a way to play it ("arena", "commander").
func gameCue(folded string) bool {
	for _, cues := range gameCues {
		if slices.Contains(cues, folded) {
			return true
		}
	}
	return false
}

// glossAfter returns the gloss in brackets that follows byte i of text,
// spaces aside ("Arène (MTG Arena)", "解体（生け贄）したら"), and the text
// after it; false when none does.
func glossAfter(text string, i int) (gloss, after string, ok bool) {
	rest := strings.TrimLeft(text[i:], " ")
	open, size := utf8.DecodeRuneInString(rest)
	if open != '(' && open != '（' {
		return "", "", false
	}
	j := strings.IndexAny(rest, ")）")
	if j < 0 {
		return "", "", false
	}
	_, closeSize := utf8.DecodeRuneInString(rest[j:])
	return rest[size:j], rest[j+closeSize:], true
}

// explainedWord reports whether the Japanese word at sp of text
// is followed by a gloss in brackets that explains it ("地割れ（土地破壊）",
// "黙示録（全体追放）"): a word the asker explains is one of the game's
// words, a card's name is glossed by its English name (稲妻（Lightning
// Bolt）) or as a card (「…（カード）」, 「ショック(2点のやつ)」), and a
// name in katakana is a name whatever follows it.
func explainedWord(text string, sp span2, cards []string) bool {
	g, _, ok := glossAfter(text, sp.end)
	if !ok || strings.TrimSpace(g) == "" {
		return false
	}
	word := text[sp.start:sp.end]
	for _, r := range word {
		if !unicode.In(r, unicode.Han, unicode.Hiragana) {
			return false // ショック, a name borrowed from English, is a name
		}
	}
	if strings.Contains(g, "カード") || strings.Contains(g, "やつ") {
		return false // "ショック(2点のやつ)": the card
	}
	for _, r := range g {
		if r < utf8.RuneSelf && unicode.IsLetter(r) {
			return false // an English name, "MTG Arena": a name's gloss
		}
	}
	gloss, _ := lexFold(g)
	for _, c := range cards {
		if name, _ := lexFold(c); strings.Contains(gloss, name) {
			return false
		}
	}
	return true
}

// glossedAsGame reports whether the name ending at byte i of text is
// followed by a gloss in brackets that names MTG Arena ("Arène (MTG
// Arena)", "闘技場（アリーナ）"): the name is the game's. A gloss that only
// names a way to play ("Atraxa (my commander)") leaves the card alone.
func glossedAsGame(text string, i int) bool {
	g, _, ok := glossAfter(text, i)
	if !ok {
		return false
	}
	gloss, _ := lexFold(g)
	for _, c := range []string{"arena", "mtga", "アリーナ"} {
		if strings.Contains(gloss, c) {
			return true
		}
	}
	return false
}

// gameOf tells the game of a question from the cards, topics and words it
// uses; "" when nothing tells or both games are named.
func (ix *Index) gameOf(a *questionAnalysis, low string, rd *termReader) string {
	mtg, ygo := 0, 0
	// A word most of whose texts are Yu-Gi-Oh!'s ("monster", "banish",
	// 除外) tells the game as its name does.
	ygo += 2 * ix.ygoWords(a.text, a.lang, rd)
	for _, c := range a.cards {
		if c.weak {
			mtg++
		} else {
			mtg += 2
		}
	}
	ygo += 3 * len(a.ygo)
	for _, t := range a.topics {
		switch ix.topics[t.topic].Game {
		case "ygo":
			// A term of Yu-Gi-Oh! alone ("monster", "negate") tells the
			// game as a keyword of Magic does: « un monstre … son effet est
			// annulé pendant sa 2e attaque » is no question on Pendant of
			// Prosperity and Adverse Conditions.
			ygo += 2
		case "mtg":
			if ix.topics[t.topic].Keyword && !ix.sharedWithYGO(&ix.topics[t.topic], rd) {
				mtg += 2
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
	case mtg > 0 && mtg >= ygo:
		// Both games named alike: Magic, whose texts are most of the index.
		return "mtg"
	}
	return ""
}

// ygoWords counts the words of a question most of whose English texts are
// Yu-Gi-Oh!'s (see ygoWordDocs). French words are
// read through their English translations. Japanese words are not read:
// Magic's Japanese texts are the printed cards alone, so the words of
// rulings in prose (適用, 処理) are found mostly in Yu-Gi-Oh!'s; Japanese
// questions name their Yu-Gi-Oh! cards and terms by their Japanese names.
func (ix *Index) ygoWords(text, lang string, rd *termReader) int {
	if rd == nil || lang == "ja" || len(ix.kinds.ygo) == 0 {
		return 0
	}
	// The English terms the question's words may be: its own words read
	// as English (French players write "Damage Step", "Extra Deck" and
	// the cards' English names), and in French their translations.
	var words [][]string
	for _, t := range ix.analyzeWith(enAnalyzerName, text) {
		// A word of how the question is asked tells no game: "quick one:
		// does 'dies' include…" is no Quick Effect.
		if !functionTerm("en", t) && !questionWord("en", t) {
			words = append(words, []string{t})
		}
	}
	if lang == "fr" {
		for _, t := range ix.analyzeWith(frAnalyzerName, text) {
			if !functionTerm(lang, t) {
				words = append(words, ix.trans[lang][t])
			}
		}
	}
	seen := map[string]bool{}
	n := 0
	for _, terms := range words {
		for _, e := range terms {
			if seen[e] {
				break // one English word, counted once
			}
			y := rd.ygoDocs(fTextEN, e)
			if y < ygoWordDocs {
				continue
			}
			share := float64(y) / float64(rd.docFreq(fTextEN, e))
			if share >= 0.5 && share >= ygoWordLift*ix.kinds.ygoShare {
				seen[e] = true
				n++
				break
			}
		}
	}
	return n
}

// sharedWithYGO reports whether a Magic keyword action is a verb
// Yu-Gi-Oh!'s texts use as much ("activate", "destroy"): a tenth of them at
// least hold its English name, which then tells neither game. Keyword
// abilities are Magic's own, whatever their stems ("phasing", "phase").
func (ix *Index) sharedWithYGO(t *topic, rd *termReader) bool {
	n := ix.kinds.ygoCount
	if rd == nil || n == 0 || len(t.Names["en"]) == 0 || !slices.ContainsFunc(t.Rules, func(r string) bool { return strings.HasPrefix(r, "701.") }) {
		return false
	}
	name := t.Names["en"][0]
	terms := ix.analyses.get(enAnalyzerName+"\x00"+name, func() []string { return ix.analyzeWith(enAnalyzerName, name) })
	return len(terms) == 1 && 10*int(rd.ygoDocs(fTextEN, terms[0])) >= n
}

// A word tells Yu-Gi-Oh! when ygoWordDocs of its texts at least are
// Yu-Gi-Oh!'s, and the share of them ygoWordLift times the share of the
// index's texts: in an index of a few documents, where Yu-Gi-Oh!'s are a
// third, no word tells the game.
const (
	ygoWordDocs = 3
	ygoWordLift = 20
)

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
