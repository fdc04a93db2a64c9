package kb

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/search"
)

// snippetLen is the longest snippet, in characters.
const snippetLen = 240

// markedTerm is a place in a text where the question's words were found.
type markedTerm struct {
	start, end int // byte offsets
	weight     float64
	term       string
}

// sentence is a byte range of a text.
type sentence struct{ start, end int }

// sentences splits text at sentence ends (". ", "? ", "! ", line breaks,
// 。？！), keeping each sentence's punctuation and the closing quotes and
// brackets after it ("… “phased out.”" ends after the quote); a dot inside
// a number or a rule reference ("702.26b"), after an abbreviation ("e.g.")
// or before a lower-case word does not end one.
func sentences(text string) []sentence {
	var out []sentence
	start := 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		end, next := -1, i+size
		switch r {
		case '\n':
			end = i
		case '。', '？', '！':
			// Japanese ends a quotation with its own full stop: 「…。」
			// goes on.
			if afterClosers(text, next) == next {
				end = next
			}
		case '.', '?', '!':
			j := afterClosers(text, next)
			if sentenceBreak(text, i, j) {
				end, next = j, j
			}
		}
		if end >= 0 {
			if s := strings.TrimSpace(text[start:end]); s != "" {
				lead := len(text[start:end]) - len(strings.TrimLeftFunc(text[start:end], unicode.IsSpace))
				out = append(out, sentence{start + lead, start + lead + len(s)})
			}
			start = end
			if r == '\n' {
				start = i + 1
			}
		}
		i = next
	}
	if s := strings.TrimSpace(text[start:]); s != "" {
		lead := len(text[start:]) - len(strings.TrimLeftFunc(text[start:], unicode.IsSpace))
		out = append(out, sentence{start + lead, start + lead + len(s)})
	}
	return out
}

// closers are what may follow a sentence's last punctuation and still
// belong to it: closing quotes and brackets.
const closers = "\"'”’»)]）」』】"

// afterClosers returns where the closing quotes and brackets from i end.
func afterClosers(text string, i int) int {
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !strings.ContainsRune(closers, r) {
			break
		}
		i += size
	}
	return i
}

// sentenceBreak tells whether the punctuation at i, with its closers up to
// j, ends a sentence: it is followed by a space or the end of the text,
// the next word does not start in lower case, and the word it ends is not
// an abbreviation.
func sentenceBreak(text string, i, j int) bool {
	if j >= len(text) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(text[j:])
	if r != ' ' && r != '\n' && r != '\t' && r != '　' {
		return false
	}
	rest := strings.TrimLeft(text[j:], " \t　")
	if n, _ := utf8.DecodeRuneInString(rest); unicode.IsLower(n) || n == '.' {
		return false
	}
	if i > 0 && text[i-1] == ' ' && j == i+1 {
		return false // an ellipsis, ". . . enters", unless a quotation ends with it
	}
	if text[i] == '.' && j == i+1 {
		w := text[:i]
		if k := strings.LastIndexAny(w, " \n(“\"'"); k >= 0 {
			w = w[k+1:]
		}
		if abbreviations[strings.ToLower(w)] {
			return false
		}
	}
	return true
}

// abbreviations end with a dot that does not end the sentence.
var abbreviations = map[string]bool{"e.g": true, "i.e": true, "cf": true, "vs": true, "p.ex": true, "c.-à-d": true, "mr": true, "st": true}

// exampleLead is how a sentence that gives an example starts: it
// illustrates the answer and is never quoted as it.
var exampleLead = []string{"example", "for example", "for instance", "e.g.", "exemple", "par exemple", "例：", "例:", "例えば", "たとえば", "（例", "(例"}

// isExample tells whether s gives an example.
func isExample(s string) bool {
	low := strings.ToLower(strings.TrimLeft(s, "・･•*-–—　 ("))
	for _, l := range exampleLead {
		if strings.HasPrefix(low, l) {
			return true
		}
	}
	return false
}

// leansBack tells whether a sentence needs the one before it to be
// understood: it opens on a word that points back ("This", "They",
// "In that case", "Ce", "その場合").
func leansBack(s string) bool {
	low := strings.ToLower(strings.TrimLeft(s, "・･•*-–—　 "))
	for _, l := range backLead {
		if strings.HasPrefix(low, l) {
			rest := low[len(l):]
			if rest == "" || strings.HasSuffix(l, " ") || !isLatin(l) || !unicode.IsLetter([]rune(rest)[0]) {
				return true
			}
		}
	}
	return false
}

var backLead = []string{
	"this", "these", "that", "those", "it ", "it’s", "it's", "its", "they", "such", "thus", "therefore", "however", "in that case", "in this case", "in addition", "otherwise", "instead", "likewise", "similarly",
	"when this happens", "when that happens", "if this happens", "if that happens", "when it does", "if it does", "if you do", "if they do",
	"ce ", "cela", "ceci", "cette", "ces", "il ", "elle", "ils", "elles", "dans ce cas", "ainsi", "toutefois", "cependant", "sinon", "de plus",
	"その場合", "それ", "ただし", "また、", "なお、", "したがって", "そのため",
}

// aside tells whether sentence s of text stands within parentheses: a
// card's reminder text ("(As this Saga enters and after your draw step,
// add a lore counter. Sacrifice after III.)"), which explains a keyword
// rather than saying what the card does.
func aside(text string, s sentence) bool {
	depth := 0
	for _, r := range text[:s.start] {
		switch r {
		case '(', '（':
			depth++
		case ')', '）':
			depth = max(depth-1, 0)
		}
	}
	if depth > 0 {
		return true
	}
	line := text[s.start:s.end]
	return strings.HasPrefix(line, "(") || strings.HasPrefix(line, "（")
}

// wholeSentence tells whether s ends as a sentence does, rather than a
// heading, a list item cut short or a card's type line.
func wholeSentence(s string) bool {
	s = strings.TrimRightFunc(s, func(r rune) bool { return strings.ContainsRune(closers, r) })
	r, _ := utf8.DecodeLastRuneInString(s)
	return strings.ContainsRune(".!?。！？", r)
}

// maxQuoteLen is the longest quote, in characters, that takes the
// sentence before it along.
const maxQuoteLen = 300

// docPassage is passage for a document: the quote is chosen in its own
// text, never in its examples, after a Q&A's question (from) and after a
// card's type line.
func docPassage(d Doc, marks []markedTerm, from int) (snip, quote string) {
	return docPassageSkipping(d, marks, from, nil)
}

// docPassageSkipping is docPassage quoting none of the sentences skip
// tells, when another one is there.
func docPassageSkipping(d Doc, marks []markedTerm, from int, skip func(string) bool) (snip, quote string) {
	if d.Kind == KindCard {
		if i := strings.IndexByte(d.Text, '\n'); i > 0 && i+1 < len(d.Text) && from <= i {
			from = i + 1
		}
	}
	return passage(indexedBody(d), len(d.Text), marks, from, skip, d.Kind == KindCard)
}

// qaAnswerStart is where the answer of a Yu-Gi-Oh! Q&A starts, after its
// question; 0 for any other text.
func qaAnswerStart(d Doc) int {
	if d.Game == "ygo" && d.Title != "" {
		if i := strings.IndexByte(d.Text, '\n'); i > 0 {
			return i + 1
		}
	}
	return 0
}

// passage chooses what of text to show for a question: the sentence whose
// matched words weigh most (the first wins a tie), with the next one when
// it is short, cut at whole words. It returns the snippet, with the
// matched words between MarkStart and MarkEnd, and the quote that
// answers, plain: that sentence, whole, with the one before it when it
// points back to it ("This rule…"). The quote is one of the sentences
// before textLen (a rule's examples follow its text), never one that
// gives an example, and a whole sentence rather than a fragment (a list
// item, a heading) when one matches as well. from skips the start of the
// text (a Q&A's question, when its answer follows); skip, when set, tells
// sentences not to quote if another one is there (said by an earlier
// citation); reminders, that text is a card's, whose words in
// parentheses (reminder text) explain a keyword rather than say what the
// card does, and are quoted only when they alone hold matched words.
func passage(text string, textLen int, marks []markedTerm, from int, skip func(string) bool, reminders bool) (snip, quote string) {
	ss := sentences(text)
	if len(ss) == 0 {
		return "", ""
	}
	if from > 0 {
		var rest []sentence
		for _, s := range ss {
			if s.start >= from {
				rest = append(rest, s)
			}
		}
		if len(rest) > 0 {
			ss = rest
		}
	}
	sort.Slice(marks, func(i, j int) bool { return marks[i].start < marks[j].start })
	weight := func(s sentence) float64 {
		var w float64
		seen := map[string]bool{}
		for _, m := range marks {
			if m.start >= s.start && m.end <= s.end && !seen[m.term] {
				seen[m.term] = true
				w += m.weight
			}
		}
		return w
	}
	// Each sentence's rank: in the text before its examples, not an
	// example, holding matched words, not a card's reminder text (when
	// reminders is set: the text is a card's), a whole sentence, then the
	// weight of its matched words.
	type rank struct {
		fresh, inText, plain, prose, whole bool
		w                                  float64
	}
	better := func(a, b rank) bool {
		switch {
		case a.fresh != b.fresh:
			return a.fresh
		case a.inText != b.inText:
			return a.inText
		case a.plain != b.plain:
			return a.plain
		case (a.w > 0) != (b.w > 0):
			return a.w > 0
		case a.prose != b.prose:
			return a.prose
		case a.whole != b.whole:
			return a.whole
		}
		return a.w > b.w
	}
	best, bestR := -1, rank{}
	for i, s := range ss {
		line := text[s.start:s.end]
		r := rank{fresh: skip == nil || !skip(line), inText: s.end <= textLen || textLen <= 0, plain: !isExample(line), prose: !reminders || !aside(text, s), whole: wholeSentence(line), w: weight(s)}
		if best < 0 || better(r, bestR) {
			best, bestR = i, r
		}
	}
	fresh := func(i int) bool { return skip == nil || !skip(text[ss[i].start:ss[i].end]) }
	s := ss[best]
	q := s
	if best > 0 && fresh(best-1) && leansBack(text[s.start:s.end]) && utf8.RuneCountInString(text[ss[best-1].start:s.end]) <= maxQuoteLen &&
		!strings.Contains(text[ss[best-1].start:s.start], "\n") {
		q.start = ss[best-1].start
	}
	quote = strings.TrimLeft(strings.TrimSpace(text[q.start:q.end]), "・･•*-–—　 ")
	win := q
	// A short sentence takes the next one along (or the one before, at
	// the end of the text), as long as the whole fits.
	if utf8.RuneCountInString(text[win.start:win.end]) < snippetLen/2 {
		if best+1 < len(ss) && fresh(best+1) && utf8.RuneCountInString(text[win.start:ss[best+1].end]) <= snippetLen {
			win.end = ss[best+1].end
		} else if best > 0 && q.start == s.start && fresh(best-1) && utf8.RuneCountInString(text[ss[best-1].start:win.end]) <= snippetLen {
			win.start = ss[best-1].start
		}
	}
	// A long sentence is cut around its matched words.
	if utf8.RuneCountInString(text[win.start:win.end]) > snippetLen {
		win = cutAround(text, win, marks)
	}
	var b strings.Builder
	if win.start > 0 {
		b.WriteString("… ")
	}
	at := win.start
	for _, m := range marks {
		if m.start < at || m.end > win.end {
			continue
		}
		b.WriteString(text[at:m.start])
		b.WriteString(MarkStart)
		b.WriteString(text[m.start:m.end])
		b.WriteString(MarkEnd)
		at = m.end
	}
	b.WriteString(text[at:win.end])
	if win.end < len(strings.TrimRight(text, " \n")) {
		b.WriteString(" …")
	}
	snip = strings.ReplaceAll(b.String(), MarkEnd+" "+MarkStart, " ")
	snip = strings.ReplaceAll(snip, MarkEnd+MarkStart, "")
	return strings.TrimSpace(snip), quote
}

// cutAround narrows a long sentence to snippetLen characters around the
// first of its matched words, at word boundaries.
func cutAround(text string, s sentence, marks []markedTerm) sentence {
	center := s.start
	for _, m := range marks {
		if m.start >= s.start && m.end <= s.end {
			center = m.start
			break
		}
	}
	// Start a little before the first match, at a word boundary.
	start := center
	for n := 0; start > s.start && n < snippetLen/4; n++ {
		_, size := utf8.DecodeLastRuneInString(text[:start])
		start -= size
	}
	if start > s.start {
		if i := strings.IndexByte(text[start:center], ' '); i >= 0 {
			start += i + 1
		}
	}
	end := start
	for n := 0; end < s.end && n < snippetLen; n++ {
		_, size := utf8.DecodeRuneInString(text[end:])
		end += size
	}
	if end < s.end {
		if i := strings.LastIndexFunc(text[start:end], unicode.IsSpace); i > snippetLen/2 {
			end = start + i
		}
	}
	return sentence{start, end}
}

// marksOf lists the places in field where the question's terms were found,
// weighted by the concepts they belong to (a term of no concept, a word of
// a phrase or title clause, weighs 1). The name of card own (the card a
// ruling or card text is about) weighs nothing: every sentence of its
// texts is about it, and the sentence that answers is the one holding the
// rest of the question. The topic the question is about weighs double.
func (p *queryPlan) marksOf(locs search.FieldTermLocationMap, field, own string) []markedTerm {
	weights := map[string]float64{}
	for i, c := range p.concepts {
		if c.function {
			// "before", "not": weighs as a word of no concept (1), so it
			// tells apart sentences the question's other words tie.
			continue
		}
		w := c.weight
		if own != "" && c.kind == conceptCard && slices.Contains(c.cards, own) {
			w = 0
		}
		if i == p.subject {
			// The sentence quoted speaks of what the question is about
			// before what it says of it.
			w *= 2
		}
		for _, a := range c.alts {
			for _, f := range a.fields {
				if f != field {
					continue
				}
				for _, t := range a.terms {
					weights[t] = max(weights[t], w/float64(len(a.terms)))
				}
			}
		}
	}
	var out []markedTerm
	for term, ls := range locs[field] {
		w, ok := weights[term]
		if !ok {
			w = 1
		}
		for _, l := range ls {
			if l.End > l.Start {
				out = append(out, markedTerm{start: int(l.Start), end: int(l.End), weight: w, term: term})
			}
		}
	}
	return out
}

// textField is the stored text field of a language.
func textField(lang string) string {
	switch lang {
	case "fr":
		return fTextFR
	case "ja":
		return fTextJA
	}
	return fTextEN
}

// indexedBody is the text a document is indexed with: its text and its
// examples, as toIndexDoc makes it, so that term offsets point into it.
func indexedBody(d Doc) string {
	if len(d.Examples) > 0 {
		return d.Text + "\n" + strings.Join(d.Examples, "\n")
	}
	return d.Text
}
