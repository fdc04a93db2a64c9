package web

import (
	"context"
	"html/template"
	"sort"
	"strings"
)

// refSpan is a piece of text that becomes a link.
type refSpan struct {
	start, end int
	href       string
	class      string
}

// textLinker turns official text into HTML with its cross-references and
// glossary terms linked.
type textLinker struct {
	ctx   context.Context
	ix    Index
	gloss *glossaryLinker // nil: no glossary links
	lang  string          // the page's language, kept on links
	self  string          // the rule the page shows, never linked to itself
	known map[string]bool // rule numbers looked up so far
	used  map[string]bool // glossary slugs already linked on the page
	// phrases are the glossary terms linked so far on the page: a shorter
	// term inside one of them ("untap" in "untap step") is not linked there.
	phrases []string
}

// newTextLinker links the text of a page in lang about the rule self
// ("" for none); gloss, if not nil, links glossary terms too.
func newTextLinker(ctx context.Context, ix Index, gloss *glossaryLinker, lang, self string) *textLinker {
	return &textLinker{ctx: ctx, ix: ix, gloss: gloss, lang: lang, self: self, known: map[string]bool{}, used: map[string]bool{}}
}

// exists reports whether num is a rule of the current release.
func (l *textLinker) exists(num string) bool {
	if ok, seen := l.known[num]; seen {
		return ok
	}
	_, ok := l.ix.Doc(l.ctx, "cr:"+num)
	l.known[num] = ok
	return ok
}

// HTML returns text, escaped, with links; paragraphs (lines) become <br>.
func (l *textLinker) HTML(text string) template.HTML {
	spans := l.refs(text)
	if l.gloss != nil {
		spans = l.gloss.find(text, spans, l.used, &l.phrases)
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	var b strings.Builder
	at := 0
	esc := func(s string) {
		b.WriteString(strings.ReplaceAll(template.HTMLEscapeString(s), "\n", "<br>"))
	}
	for _, s := range spans {
		esc(text[at:s.start])
		b.WriteString(`<a href="` + template.HTMLEscapeString(withLang(s.href, l.lang)) + `"`)
		if s.class != "" {
			b.WriteString(` class="` + s.class + `"`)
		}
		b.WriteString(`>`)
		esc(text[s.start:s.end])
		b.WriteString(`</a>`)
		at = s.end
	}
	esc(text[at:])
	return template.HTML(b.String())
}

// refs finds the cross-references of text that name an existing rule:
// dotted numbers (702.26, 702.26b) anywhere, bare section numbers after a
// word that names them ("rule 613", "rules 601 and 602") and parts
// ("section 7"). A scanner rather than a regular expression: rule pages
// run it over every paragraph.
func (l *textLinker) refs(text string) []refSpan {
	var out []refSpan
	isDigit := func(c byte) bool { return c >= '0' && c <= '9' }
	word := func(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }
	add := func(start, end int, num string) {
		if num != l.self && l.exists(num) {
			out = append(out, refSpan{start: start, end: end, href: "/rules/" + num, class: "xref"})
		}
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c < '1' || c > '9' || (i > 0 && word(text[i-1])) {
			continue
		}
		// A part: "section 7" or "sections 7".
		if (i+1 == len(text) || !word(text[i+1])) && (strings.HasSuffix(text[:i], "ection ") || strings.HasSuffix(text[:i], "ections ")) {
			add(i, i+1, text[i:i+1])
			continue
		}
		if i+3 > len(text) || !isDigit(text[i+1]) || !isDigit(text[i+2]) {
			continue
		}
		end := i + 3
		if end+1 < len(text) && text[end] == '.' && isDigit(text[end+1]) {
			end += 2
			for end < len(text) && isDigit(text[end]) {
				end++
			}
			if end < len(text) && text[end] >= 'a' && text[end] <= 'z' && (end+1 == len(text) || !word(text[end+1])) {
				end++
			}
		}
		if end < len(text) && word(text[end]) {
			i = end
			continue
		}
		num := text[i:end]
		if strings.Contains(num, ".") || namesRule(text[:i]) {
			add(i, end, num)
		}
		i = end - 1
	}
	return out
}

// namesRule reports whether the text before a bare three-digit number
// names it as a rule or section: "rule 613", "rules 601 and 602",
// "section 7".
func namesRule(before string) bool {
	words := strings.Fields(strings.ToLower(before))
	for i := len(words) - 1; i >= 0 && i >= len(words)-5; i-- {
		w := strings.Trim(words[i], ",;(")
		switch {
		case w == "rule" || w == "rules" || w == "section" || w == "sections" || w == "règle" || w == "règles":
			return true
		case i == len(words)-1 && (w == "and" || w == "or" || w == "et" || w == "ou"):
			continue
		case i < len(words)-1 && isBareNumber(w) && (i == len(words)-2 || words[i+1] == "and" || words[i+1] == "or"):
			continue
		case i == len(words)-1 && isBareNumber(w):
			continue
		}
		return false
	}
	return false
}

// isBareNumber reports whether w is a three-digit section number.
func isBareNumber(w string) bool {
	if len(w) != 3 {
		return false
	}
	for _, r := range w {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
