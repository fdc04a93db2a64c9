package kb

import (
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
// 。？！), keeping each sentence's punctuation; a dot inside a number or
// a rule reference ("702.26b") does not end one.
func sentences(text string) []sentence {
	var out []sentence
	start := 0
	for i, r := range text {
		end := -1
		switch r {
		case '\n':
			end = i
		case '。', '？', '！':
			end = i + utf8.RuneLen(r)
		case '.', '?', '!':
			next, _ := utf8.DecodeRuneInString(text[i+1:])
			if i+1 >= len(text) || next == ' ' || next == '\n' || next == '"' || next == '”' || next == ')' {
				end = i + 1
			}
		}
		if end < 0 {
			continue
		}
		if s := strings.TrimSpace(text[start:end]); s != "" {
			lead := len(text[start:end]) - len(strings.TrimLeftFunc(text[start:end], unicode.IsSpace))
			out = append(out, sentence{start + lead, start + lead + len(s)})
		}
		start = end
		if r == '\n' {
			start = i + 1
		}
	}
	if s := strings.TrimSpace(text[start:]); s != "" {
		lead := len(text[start:]) - len(strings.TrimLeftFunc(text[start:], unicode.IsSpace))
		out = append(out, sentence{start + lead, start + lead + len(s)})
	}
	return out
}

// passage chooses what of text to show for a question: the sentence whose
// matched words weigh most (the first wins a tie), with the next one when
// it is short, cut at whole words. It returns the snippet, with the
// matched words between MarkStart and MarkEnd, and the chosen sentence
// alone, plain, as the quote that answers. from skips the start of the
// text (a Q&A's question, when its answer follows).
func passage(text string, marks []markedTerm, from int) (snip, quote string) {
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
	best, bestW := 0, -1.0
	for i, s := range ss {
		if w := weight(s); w > bestW {
			best, bestW = i, w
		}
	}
	s := ss[best]
	quote = strings.TrimLeft(strings.TrimSpace(text[s.start:s.end]), "・･•*-–—　 ")
	win := s
	// A short sentence takes the next one along (or the one before, at
	// the end of the text), as long as the whole fits.
	if utf8.RuneCountInString(text[win.start:win.end]) < snippetLen/2 {
		if best+1 < len(ss) && utf8.RuneCountInString(text[win.start:ss[best+1].end]) <= snippetLen {
			win.end = ss[best+1].end
		} else if best > 0 && utf8.RuneCountInString(text[ss[best-1].start:win.end]) <= snippetLen {
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
// a phrase or title clause, weighs 1).
func (p *queryPlan) marksOf(locs search.FieldTermLocationMap, field string) []markedTerm {
	weights := map[string]float64{}
	for _, c := range p.concepts {
		for _, a := range c.alts {
			for _, f := range a.fields {
				if f != field {
					continue
				}
				for _, t := range a.terms {
					weights[t] = max(weights[t], c.weight/float64(len(a.terms)))
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
