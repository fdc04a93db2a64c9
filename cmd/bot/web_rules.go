package main

import (
	"context"
	"html/template"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"arbiter/cmd/bot/internal/render"
	"arbiter/i18n"
	"arbiter/kb"
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
	ix    *kb.Index
	gloss *glossaryLinker // nil: no glossary links
	lang  string          // the page's language, kept on links
	self  string          // the rule the page shows, never linked to itself
	known map[string]bool // rule numbers looked up so far
	used  map[string]bool // glossary slugs already linked on the page
	// phrases are the glossary terms linked so far on the page: a shorter
	// term inside one of them ("untap" in "untap step") is not linked there.
	phrases []string
}

func newTextLinker(ctx context.Context, ix *kb.Index, gloss *glossaryLinker, lang, self string) *textLinker {
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

// glossaryLinker finds the Comprehensive Rules glossary terms in text.
type glossaryLinker struct {
	ix    *kb.Index
	terms []glossTerm // longest first
}

type glossTerm struct {
	key  string // lower-case ASCII, hyphens as spaces
	slug string
}

// glossaryLinks returns the glossary linker of ix, built once per index.
func (w *webPages) glossaryLinks(ctx context.Context, ix *kb.Index) (*glossaryLinker, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.links != nil && w.links.ix == ix {
		return w.links, nil
	}
	entries, err := ix.GlossaryEntries(ctx)
	if err != nil {
		return nil, err
	}
	g := &glossaryLinker{ix: ix}
	for _, e := range entries {
		if strings.Contains(e.Ref, "(Obsolete)") {
			continue
		}
		slug := strings.TrimPrefix(e.ID, "glossary:")
		keyword := false
		for _, r := range e.SeeAlso {
			keyword = keyword || strings.HasPrefix(r, "701.") || strings.HasPrefix(r, "702.")
		}
		for _, v := range strings.Split(e.Ref, ",") {
			v = strings.TrimSpace(v)
			if len(v) < 3 || strings.ContainsAny(v, "()[]\"“”") {
				continue
			}
			// Everyday words (player, card, step) would link half the
			// text: only phrases and keywords are linked.
			if !strings.ContainsAny(v, " -") && !keyword {
				continue
			}
			g.terms = append(g.terms, glossTerm{key: foldASCII(v), slug: slug})
		}
	}
	sort.SliceStable(g.terms, func(i, j int) bool { return len(g.terms[i].key) > len(g.terms[j].key) })
	w.links = g
	return g, nil
}

// foldASCII lower-cases ASCII letters and turns hyphens into spaces,
// keeping every byte offset.
func foldASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case c >= 'A' && c <= 'Z':
			b[i] = c + 'a' - 'A'
		case c == '-':
			b[i] = ' '
		}
	}
	return string(b)
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// find adds to spans the first occurrence in text of each glossary term
// not linked yet on the page (used), outside the existing spans. A term
// may take a plural "s".
func (g *glossaryLinker) find(text string, spans []refSpan, used map[string]bool, phrases *[]string) []refSpan {
	folded := foldASCII(text)
	overlaps := func(s, e int) bool {
		for _, x := range spans {
			if s < x.end && e > x.start {
				return true
			}
		}
		return false
	}
	for _, t := range g.terms {
		if used[t.slug] {
			continue
		}
		from := 0
		for from < len(folded) {
			i := strings.Index(folded[from:], t.key)
			if i < 0 {
				break
			}
			s := from + i
			e := s + len(t.key)
			from = e
			if e < len(folded) && folded[e] == 's' && (e+1 == len(folded) || !isWordByte(folded[e+1])) {
				e++
			}
			if (s > 0 && isWordByte(folded[s-1])) || (e < len(folded) && isWordByte(folded[e])) || overlaps(s, e) || insidePhrase(folded, s, t.key, *phrases) {
				continue
			}
			spans = append(spans, refSpan{start: s, end: e, href: "/glossary/" + t.slug, class: "term"})
			used[t.slug] = true
			*phrases = append(*phrases, t.key)
			break
		}
	}
	return spans
}

// insidePhrase reports whether the occurrence of key at s in folded is
// part of an occurrence of one of the longer phrases.
func insidePhrase(folded string, s int, key string, phrases []string) bool {
	for _, p := range phrases {
		if len(p) <= len(key) {
			continue
		}
		for off := strings.Index(p, key); off >= 0; {
			if st := s - off; st >= 0 && st+len(p) <= len(folded) && folded[st:st+len(p)] == p {
				return true
			}
			next := strings.Index(p[off+1:], key)
			if next < 0 {
				break
			}
			off += 1 + next
		}
	}
	return false
}

// ruleView is a rule as a page shows it.
type ruleView struct {
	Number   string
	Href     string
	Title    string
	Text     template.HTML
	Examples []template.HTML
	Anchor   string
}

// clarification is a ruling or article that cites a rule, or a ruling of
// a card, as a page lists it.
type clarification struct {
	Heading   string
	Lang      string
	Text      template.HTML
	Date      string
	Source    string
	SourceURL string
	CardHref  string
	Card      string
	MT        bool
	SimHref   string
	LangBadge string // the text's language, when not the page's
	MTLabel   string
	SimLabel  string
	// Original is the text a translation was made from, shown folded.
	Original      template.HTML
	OriginalLang  string
	OriginalLabel string
}

// pickVersions keeps one version of each clarification: the page's
// language if there is a translation into it, else the English, else the
// original; each kept translation comes with its original.
func pickVersions(docs []kb.Doc, lang string) (kept []kb.Doc, originals map[string]kb.Doc) {
	byID := map[string]kb.Doc{}
	for _, d := range docs {
		byID[d.ID] = d
	}
	best := map[string]int{} // original id -> index in kept
	originals = map[string]kb.Doc{}
	for _, d := range docs {
		key := d.ID
		if d.OriginalID != "" {
			key = d.OriginalID
		}
		i, seen := best[key]
		if !seen {
			best[key] = len(kept)
			kept = append(kept, d)
			continue
		}
		if langRank(d.Lang, lang) < langRank(kept[i].Lang, lang) {
			kept[i] = d
		}
	}
	for _, d := range kept {
		if d.OriginalID != "" {
			if o, ok := byID[d.OriginalID]; ok {
				originals[d.ID] = o
			}
		}
	}
	return kept, originals
}

// langText is a text in a named language.
type langText struct {
	Lang, Name, Text string
}

// rulePageData is the content of a rule page.
type rulePageData struct {
	Asked      string
	Crumbs     []navLink
	Rule       *ruleView
	Kind       string // part, section, rule, subrule
	Children   []ruleView
	Effective  string
	OldNumber  bool
	Current    string
	CurrentURL string
	Abolished  bool
	OldTexts   []clarification
	CitedBy    []clarification
	ParentHref string
	// Renumbering: why and when an old number changed, and the old
	// numbers of a current rule.
	Note    template.HTML
	Changed string
	Former  []navLink
	// Prev and Next are the neighbouring rules at the same level.
	Prev, Next *navLink
}

// rule serves /rules/{number}.
func (w *webPages) rule(r *http.Request, ix *kb.Index, pg *page) (string, error) {
	asked := r.PathValue("number")
	num := kb.NormalizeRuleNumber(asked)
	if !render.ValidRuleNumber(num) && !isPartNumber(num) {
		return "", badRequest(i18n.KeyWebErrBadRule, asked)
	}
	ctx := r.Context()
	res, found, err := ix.Rule(ctx, num, "")
	if err != nil {
		return "", internalError(err)
	}
	if !found {
		return "", notFound(i18n.KeyWebErrUnknownRule, num)
	}
	gloss, err := w.glossaryLinks(ctx, ix)
	if err != nil {
		return "", internalError(err)
	}
	d := rulePageData{Asked: num}
	if len(res.Old) > 0 || res.Abolished || (res.Rule.ID != "" && res.Rule.Ref != num) {
		d.OldNumber = true
		d.Current = res.Current
		d.Abolished = res.Current == ""
		if d.Current != "" {
			d.CurrentURL = pg.Href("/rules/" + d.Current)
		}
		oldLinker := newTextLinker(ctx, ix, nil, pg.Lang, "")
		if rn := ix.Renumbering(); rn != nil {
			if e, ok := rn.Lookup(num); ok {
				d.Note, d.Changed = oldLinker.HTML(e.Note), e.Changed
			}
		}
		for _, o := range res.Old {
			d.OldTexts = append(d.OldTexts, w.clarificationOf(pg, o, oldLinker))
		}
	}
	if res.Rule.ID != "" {
		ref := res.Rule.Ref
		lk := newTextLinker(ctx, ix, gloss, pg.Lang, ref)
		rv := ruleViewOf(pg, res.Rule, lk)
		d.Rule = &rv
		d.Kind = ruleKind(ref)
		d.Effective = res.Rule.CRDate
		d.Crumbs = w.crumbs(ctx, ix, pg, ref)
		if len(d.Crumbs) > 0 {
			d.ParentHref = d.Crumbs[len(d.Crumbs)-1].Href
		}
		for _, c := range res.Subrules {
			if d.Kind == "part" || d.Kind == "section" {
				// Long lists: each rule's title, or the start of its text.
				d.Children = append(d.Children, ruleView{Number: c.Ref, Href: pg.Href("/rules/" + c.Ref), Title: childTitle(c)})
				continue
			}
			d.Children = append(d.Children, ruleViewOf(pg, c, lk))
		}
		d.Prev, d.Next = w.neighbours(ctx, ix, pg, ref)
		if rn := ix.Renumbering(); rn != nil && !d.OldNumber {
			for _, o := range rn.Olds(ref) {
				d.Former = append(d.Former, navLink{pg.Href("/rules/" + o), o})
			}
		}
		cited, originals := pickVersions(res.CitedBy, pg.Lang)
		sort.SliceStable(cited, func(i, j int) bool { return langRank(cited[i].Lang, pg.Lang) < langRank(cited[j].Lang, pg.Lang) })
		clk := newTextLinker(ctx, ix, nil, pg.Lang, ref)
		for _, c := range cited {
			d.CitedBy = append(d.CitedBy, w.clarificationWith(pg, c, originals, clk))
		}
		pg.Title = ruleHeading(pg.p, d.Kind, ref, res.Rule.Title)
	} else {
		pg.Title = pg.p.T(i18n.KeyWebRuleTitle, num)
	}
	if d.OldNumber {
		pg.Title = pg.p.T(i18n.KeyWebRuleOldTitle, num)
	}
	pg.Data = d
	return "rule", nil
}

// neighbours returns the rules before and after num at its level
// (702.26a and 702.26c around 702.26b; 702.25 and 702.27 around 702.26;
// 701 and 703 around 702), looking a few numbers away for gaps: subrule
// letters skip l and o, as the rules do.
func (w *webPages) neighbours(ctx context.Context, ix *kb.Index, pg *page, num string) (prev, next *navLink) {
	step := func(n string, delta int) string {
		switch ruleKind(n) {
		case "subrule":
			c := n[len(n)-1] + byte(delta)
			if c == 'l' || c == 'o' {
				c += byte(delta)
			}
			if c < 'a' || c > 'z' {
				return ""
			}
			return n[:len(n)-1] + string(c)
		case "rule":
			sec, r, _ := strings.Cut(n, ".")
			i, err := strconv.Atoi(r)
			if err != nil || i+delta < 1 {
				return ""
			}
			return sec + "." + strconv.Itoa(i+delta)
		case "section":
			i, err := strconv.Atoi(n)
			m := strconv.Itoa(i + delta)
			if err != nil || len(m) != 3 || m[0] != n[0] {
				return "" // sections stay within their part
			}
			return m
		}
		c := n[0] + byte(delta) // a part
		if c < '1' || c > '9' {
			return ""
		}
		return string(c)
	}
	find := func(delta int) *navLink {
		n := num
		for tries := 0; tries < 3; tries++ {
			if n = step(n, delta); n == "" {
				return nil
			}
			if d, ok := ix.Doc(ctx, "cr:"+n); ok {
				t := d.Ref
				if d.Title != "" {
					t += " " + d.Title
				}
				return &navLink{pg.Href("/rules/" + d.Ref), t}
			}
		}
		return nil
	}
	return find(-1), find(+1)
}

// isPartNumber accepts the nine parts of the rules, "1" to "9".
func isPartNumber(n string) bool { return len(n) == 1 && n[0] >= '1' && n[0] <= '9' }

// ruleKind tells a part (7), a section (702), a rule (702.26) and a subrule (702.26a).
func ruleKind(n string) string {
	switch {
	case len(n) == 1:
		return "part"
	case !strings.Contains(n, "."):
		return "section"
	case n[len(n)-1] >= 'a' && n[len(n)-1] <= 'z':
		return "subrule"
	}
	return "rule"
}

// ruleHeading is the page heading of a rule: "Rule 702.26 — Phasing".
func ruleHeading(p *i18n.Printer, kind, num, title string) string {
	var h string
	switch kind {
	case "part":
		h = p.T(i18n.KeyWebRulePart, num)
	case "section":
		h = p.T(i18n.KeyWebRuleSection, num)
	default:
		h = p.T(i18n.KeyWebRuleTitle, num)
	}
	if title != "" {
		h += " — " + title
	}
	return h
}

// ruleViewOf is a rule with its text and examples linked.
func ruleViewOf(pg *page, d kb.Doc, lk *textLinker) ruleView {
	v := ruleView{Number: d.Ref, Href: pg.Href("/rules/" + d.Ref), Title: d.Title, Anchor: d.Ref}
	if d.Title == "" || d.Text != d.Title {
		v.Text = lk.HTML(d.Text)
	}
	for _, e := range d.Examples {
		v.Examples = append(v.Examples, lk.HTML(e))
	}
	return v
}

// childTitle is a rule's title, or the start of its text.
func childTitle(d kb.Doc) string {
	if d.Title != "" {
		return d.Title
	}
	return render.ClipRunes(strings.SplitN(d.Text, "\n", 2)[0], 110)
}

// langRank puts clarifications in the page's language first, then the
// English originals, then the rest.
func langRank(lang, page string) int {
	switch lang {
	case page:
		return 0
	case "en":
		return 1
	}
	return 2
}

// crumbs are the links to the part, section and rule above num.
func (w *webPages) crumbs(ctx context.Context, ix *kb.Index, pg *page, num string) []navLink {
	out := []navLink{{pg.Href("/rules/"), pg.p.T(i18n.KeyWebNavRules)}}
	var up []string
	if len(num) > 1 {
		up = append(up, num[:1])
	}
	if len(num) > 3 {
		up = append(up, num[:3])
	}
	if ruleKind(num) == "subrule" {
		up = append(up, strings.TrimRight(num, "abcdefghijklmnopqrstuvwxyz"))
	}
	for _, n := range up {
		d, ok := ix.Doc(ctx, "cr:"+n)
		if !ok {
			continue
		}
		out = append(out, navLink{pg.Href("/rules/" + n), ruleHeading(pg.p, ruleKind(n), n, d.Title)})
	}
	return out
}

// clarificationOf is a clarification as a page lists it.
func (w *webPages) clarificationOf(pg *page, d kb.Doc, lk *textLinker) clarification {
	c := clarification{
		Lang: d.Lang, Text: lk.HTML(d.Text), Date: d.Date, Source: d.Source, SourceURL: safeURL(d.URL),
		Card: d.Card, MT: d.MachineTranslated,
	}
	cit := render.CitationOf(d, 0, "", "")
	cit.Lang = pg.Lang // the badge says the language, not the heading
	c.Heading = render.Heading(pg.p, cit)
	if l, ok := i18n.ParseLang(d.Lang); ok && d.Lang != pg.Lang {
		c.LangBadge = pg.p.LangName(l)
	}
	if d.MachineTranslated {
		c.MTLabel = pg.p.T(i18n.KeyMTLabel)
	}
	c.SimLabel = pg.p.T(i18n.KeyWebSeeSim)
	if d.Card != "" {
		c.CardHref = pg.Href(render.CardPath(d.Card))
	}
	if d.Preset != "" {
		c.SimHref = pg.Href("/sim/" + d.Preset)
	}
	return c
}

// clarificationWith is clarificationOf with the original of a translation.
func (w *webPages) clarificationWith(pg *page, d kb.Doc, originals map[string]kb.Doc, lk *textLinker) clarification {
	c := w.clarificationOf(pg, d, lk)
	if o, ok := originals[d.ID]; ok {
		c.Original = lk.HTML(o.Text)
		c.OriginalLang = o.Lang
		label := pg.p.T(i18n.KeyLabelOriginal)
		if l, ok := i18n.ParseLang(o.Lang); ok {
			label += " (" + pg.p.LangName(l) + ")"
		}
		c.OriginalLabel = label
	}
	return c
}

// safeURL keeps only http and https links to other sites.
func safeURL(u string) string {
	if strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://") {
		return u
	}
	return ""
}

// rulesIndexData is the table of contents.
type rulesIndexData struct {
	Effective string
	Parts     []tocPart
}

type tocPart struct {
	navLink
	Sections []navLink
}

// rulesIndex serves /rules/: the parts and sections of the rules.
func (w *webPages) rulesIndex(r *http.Request, ix *kb.Index, pg *page) (string, error) {
	outline, err := ix.RuleOutline(r.Context())
	if err != nil {
		return "", internalError(err)
	}
	d := rulesIndexData{Effective: ix.Meta().CurrentCR}
	for _, o := range outline {
		l := navLink{pg.Href("/rules/" + o.Ref), o.Ref + ". " + o.Title}
		if len(o.Ref) == 1 {
			d.Parts = append(d.Parts, tocPart{navLink: l})
			continue
		}
		if len(d.Parts) > 0 {
			last := &d.Parts[len(d.Parts)-1]
			last.Sections = append(last.Sections, l)
		}
	}
	pg.Title = pg.p.T(i18n.KeyWebRulesTitle)
	pg.Data = d
	if len(d.Parts) == 0 {
		return "", notFound(i18n.KeyWebErrNoRules)
	}
	return "rules", nil
}

// glossaryData is the content of a glossary page.
type glossaryData struct {
	Term      string
	Text      template.HTML
	Effective string
	Others    []langText // the term in each language
	Note      string
}

// glossary serves /glossary/{slug}: a Comprehensive Rules glossary entry,
// with the term in French and Japanese when the term glossary has it.
func (w *webPages) glossary(r *http.Request, ix *kb.Index, pg *page) (string, error) {
	slug := r.PathValue("slug")
	if slug != kb.Slug(slug) {
		return "", notFound(i18n.KeyWebErrUnknownTerm, slug)
	}
	ctx := r.Context()
	d, ok := ix.Doc(ctx, "glossary:"+slug)
	if !ok {
		return "", notFound(i18n.KeyWebErrUnknownTerm, slug)
	}
	gloss, err := w.glossaryLinks(ctx, ix)
	if err != nil {
		return "", internalError(err)
	}
	lk := newTextLinker(ctx, ix, gloss, pg.Lang, "")
	lk.used[slug] = true
	g := glossaryData{Term: d.Ref, Text: lk.HTML(d.Text), Effective: d.CRDate}
	if gl := ix.Glossary(); gl != nil {
		for _, v := range strings.Split(d.Ref, ",") {
			m, ok := gl.Lookup(strings.TrimSpace(v))
			if !ok {
				continue
			}
			for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
				if t := m.Term.Terms[l.String()]; len(t) > 0 {
					g.Others = append(g.Others, langText{Lang: l.String(), Name: pg.p.LangName(l), Text: strings.Join(t, ", ")})
				}
			}
			g.Note = m.Term.Note
			break
		}
	}
	pg.Title = pg.p.T(i18n.KeyWebGlossaryTitle, d.Ref)
	pg.Data = g
	return "glossary", nil
}

// glossaryIndex serves /glossary/: every term of the CR glossary.
func (w *webPages) glossaryIndex(r *http.Request, ix *kb.Index, pg *page) (string, error) {
	entries, err := ix.GlossaryEntries(r.Context())
	if err != nil {
		return "", internalError(err)
	}
	var links []navLink
	for _, e := range entries {
		links = append(links, navLink{pg.Href("/glossary/" + strings.TrimPrefix(e.ID, "glossary:")), e.Ref})
	}
	pg.Title = pg.p.T(i18n.KeyWebGlossaryIndex)
	pg.Data = links
	return "glossaryindex", nil
}

// cardData is the content of a card page.
type cardData struct {
	Name        string
	Display     string
	Names       []langText
	Fuzzy       bool
	Asked       string
	Suggestions []navLink
	Rulings     []clarification
}

// card serves /cards/{name}: a card's rulings, newest first.
func (w *webPages) card(r *http.Request, ix *kb.Index, pg *page) (string, error) {
	name := strings.TrimSpace(r.PathValue("name"))
	if name == "" || len([]rune(name)) > 200 {
		return "", badRequest(i18n.KeyWebErrUnknownCard, render.ClipRunes(name, 60))
	}
	ctx := r.Context()
	res, found, err := ix.Card(ctx, name)
	if err != nil {
		return "", internalError(err)
	}
	if !found {
		return "", notFound(i18n.KeyWebErrUnknownCard, name)
	}
	names := map[string]string{"en": res.Name}
	for l, ns := range res.Names {
		if len(ns) > 0 {
			names[l] = ns[len(ns)-1]
		}
	}
	d := cardData{Name: res.Name, Fuzzy: res.Fuzzy, Asked: name}
	d.Display = i18n.CardName(pg.p, res.Name, names[pg.Lang])
	for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
		if n := names[l.String()]; n != "" {
			d.Names = append(d.Names, langText{Lang: l.String(), Name: pg.p.LangName(l), Text: n})
		}
	}
	for _, s := range res.Suggestions {
		d.Suggestions = append(d.Suggestions, navLink{pg.Href(render.CardPath(s)), s})
	}
	lk := newTextLinker(ctx, ix, nil, pg.Lang, "")
	rulings, originals := pickVersions(res.Rulings, pg.Lang)
	for _, rd := range rulings {
		c := w.clarificationWith(pg, rd, originals, lk)
		c.CardHref = ""
		d.Rulings = append(d.Rulings, c)
	}
	pg.Title = d.Display
	pg.Data = d
	return "card", nil
}
