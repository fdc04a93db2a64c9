package kb

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"arbiter/i18n"
)

// The clarification documents that are not in the corpus format come in four
// kinds, each with its parser; ParseDocument detects the kind. Every Doc gets
// an ID made of the file name without its extension (the stem, reduced to
// letters, digits, . - _) and a suffix: "<stem>" for a feed's header,
// "<stem>-<n>" for the n-th entry or section (from 1), "<stem>-<rule>" for a
// rule quoted in a forum article and "<stem>-c<n>" for its commentary.

// FeedEntry is one dated entry of a clarification feed.
type FeedEntry struct {
	Date   string // YYYY-MM-DD
	Source string // "wotc"
	Lang   string // the entry's own language, detected per entry
	Text   string
	// MachineTranslated is set for French entries of a feed whose header
	// says its French text is a machine translation.
	MachineTranslated bool
	Line              int
}

// Feed is a dated clarification feed: a header statement, then entries
// "18 février 2022 · source : wotc" followed by their text.
type Feed struct {
	Statement string // the header, e.g. that the French text is machine-translated
	Lang      string // language of the header
	// MachineTranslation is set when the header says the French text was
	// produced by a program and the English original is the source of truth.
	MachineTranslation bool
	Entries            []FeedEntry
}

var (
	feedHeadRe = regexp.MustCompile(`^(\d{1,2})(?:er)? (\p{L}+) (\d{4}) · source ?: ?(\S+)$|^(\p{L}+) (\d{1,2}), (\d{4}) · source ?: ?(\S+)$|^(\d{4}-\d{2}-\d{2}) · source ?: ?(\S+)$`)
	machineRe  = regexp.MustCompile(`(?i)(traduction|translation|翻訳).{0,80}(automatique|\bIA\b|machine|機械)|(automatique|\bIA\b|machine|機械).{0,40}(traduction|translat|翻訳)`)
)

// ParseFeed parses a dated clarification feed (see Feed) into Docs: the
// header as a doc, each entry as a ruling. name is used for IDs and errors.
func ParseFeed(name string, src []byte) ([]Doc, error) {
	f, err := ParseFeedRecord(name, src)
	if err != nil {
		return nil, err
	}
	return f.Docs(name), nil
}

// ParseFeedRecord parses a dated clarification feed into a Feed.
func ParseFeedRecord(name string, src []byte) (*Feed, error) {
	lines, err := textLines(name, src)
	if err != nil {
		return nil, err
	}
	f := &Feed{}
	var head []string
	var cur *FeedEntry
	flush := func() error {
		if cur == nil {
			return nil
		}
		cur.Text = strings.TrimSpace(cur.Text)
		if cur.Text == "" {
			return lineErr(name, cur.Line, CodeMissingField, "entry of %s has no text", cur.Date)
		}
		cur.Lang = i18n.Detect(cur.Text).String()
		f.Entries = append(f.Entries, *cur)
		cur = nil
		return nil
	}
	for i, l := range lines {
		if m := feedHeadRe.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			if err := flush(); err != nil {
				return nil, err
			}
			date, source, ok := feedDate(m)
			if !ok {
				return nil, lineErr(name, i+1, CodeBadDate, "entry date %q is not a date", clip(l, 40))
			}
			cur = &FeedEntry{Date: date, Source: source, Line: i + 1}
			continue
		}
		if cur == nil {
			head = append(head, l)
		} else {
			cur.Text += "\n" + l
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(f.Entries) == 0 {
		return nil, lineErr(name, len(lines), CodeTruncated, "no dated entry (\"18 février 2022 · source : wotc\")")
	}
	f.Statement = strings.TrimSpace(strings.Join(head, "\n"))
	f.Lang = i18n.Detect(f.Statement).String()
	f.MachineTranslation = machineRe.MatchString(f.Statement)
	for i := range f.Entries {
		f.Entries[i].MachineTranslated = f.MachineTranslation && f.Entries[i].Lang == "fr"
	}
	return f, nil
}

// feedDate reads the date and source of a feed entry header.
func feedDate(m []string) (date, source string, ok bool) {
	var y, mo, d int
	switch {
	case m[1] != "":
		d, _ = strconv.Atoi(m[1])
		mo = frenchMonth(strings.ToLower(m[2]))
		y, _ = strconv.Atoi(m[3])
		source = m[4]
	case m[5] != "":
		mo = englishMonth(strings.ToLower(m[5]))
		d, _ = strconv.Atoi(m[6])
		y, _ = strconv.Atoi(m[7])
		source = m[8]
	default:
		date, source = m[9], m[10]
		return date, source, validDate(date)
	}
	date = fmt.Sprintf("%04d-%02d-%02d", y, mo, d)
	return date, source, mo != 0 && validDate(date)
}

// frenchMonth returns the number of a French month name (lower case, with
// or without accents), or 0.
func frenchMonth(s string) int {
	switch s {
	case "janvier":
		return 1
	case "février", "fevrier":
		return 2
	case "mars":
		return 3
	case "avril":
		return 4
	case "mai":
		return 5
	case "juin":
		return 6
	case "juillet":
		return 7
	case "août", "aout":
		return 8
	case "septembre":
		return 9
	case "octobre":
		return 10
	case "novembre":
		return 11
	case "décembre", "decembre":
		return 12
	}
	return 0
}

// englishMonth returns the number of an English month name (lower case), or 0.
func englishMonth(s string) int {
	for i, m := range [...]string{"january", "february", "march", "april", "may", "june",
		"july", "august", "september", "october", "november", "december"} {
		if s == m {
			return i + 1
		}
	}
	return 0
}

// Docs returns the feed as Docs: the header statement (kind doc, ID the
// stem of name) when there is one, then each entry (kind ruling,
// "<stem>-<n>").
func (f *Feed) Docs(name string) []Doc {
	stem := docStem(name)
	var docs []Doc
	if f.Statement != "" {
		title, _, _ := strings.Cut(f.Statement, ". ")
		docs = append(docs, Doc{ID: stem, Kind: KindDoc, Game: "mtg", Lang: f.Lang, Title: title, Text: f.Statement})
	}
	for i, e := range f.Entries {
		docs = append(docs, Doc{
			ID: fmt.Sprintf("%s-%d", stem, i+1), Kind: KindRuling, Game: "mtg", Lang: e.Lang,
			Text: e.Text, Source: e.Source, Date: e.Date, MachineTranslated: e.MachineTranslated,
		})
	}
	return docs
}

// docStem returns the base of name without extension, reduced to the
// characters of corpus IDs.
func docStem(name string) string {
	base := path.Base(strings.ReplaceAll(name, "\\", "/"))
	base = strings.TrimSuffix(base, path.Ext(base))
	var b strings.Builder
	for _, r := range base {
		switch {
		case r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == '-' || r == '_'):
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "doc"
	}
	return b.String()
}

// textLines checks that src is non-empty UTF-8 text and splits it into lines.
func textLines(name string, src []byte) ([]string, error) {
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	if len(bytes.TrimSpace(src)) == 0 {
		return nil, offsetErr(name, 0, CodeEmpty, "no text")
	}
	if !utf8.Valid(src) {
		off := 0
		for off < len(src) {
			r, size := utf8.DecodeRune(src[off:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			off += size
		}
		return nil, offsetErr(name, int64(off), CodeBadEncoding, "invalid UTF-8 at byte %d", off)
	}
	if i := bytes.IndexByte(src, 0); i >= 0 {
		return nil, offsetErr(name, int64(i), CodeBadEncoding, "NUL byte at %d: not text", i)
	}
	return splitLines(src), nil
}

var (
	// forumRuleRe finds a quoted rule number followed by its text, which
	// starts with a capital letter; the caller checks what precedes it.
	forumRuleRe    = regexp.MustCompile(`(\d{3}\.\d+[a-z]?)\.? (\p{Lu})`)
	forumHeadingRe = regexp.MustCompile(`^(?:[IVX]+|\d+)\. \S`)
	forumExampleRe = regexp.MustCompile(`^Exemple ?: ?`)
	forumTopicRe   = regexp.MustCompile(`^Sujet ?: ?(.+)$`)
	forumStampRe   = regexp.MustCompile(`^(?:Lun|Mar|Mer|Jeu|Ven|Sam|Dim)\.? \d{1,2} \p{L}+\.?(?: \d{4})? - \d{1,2}:\d{2}$`)
)

// forumPiece is a run of a forum article: a quoted rule or commentary.
type forumPiece struct {
	rule string // the rule number, or "" for commentary
	text string
	line int
}

// ParseForum parses a forum article that quotes rules under an old
// numbering (502.15x, 217.8x) between paragraphs of commentary. Quoted rules
// become kind rule docs, Obsolete, with Current from ren (empty for an
// abolished rule); the official "Exemple :" paragraphs under a rule are its
// Examples. Commentary becomes kind doc docs whose Ref is the old number of
// the rule they follow (and Cites its successor). A rule number glued to the
// end of a commentary line ("...de cela.502.15d Les permanents") starts a
// new rule.
func ParseForum(name string, src []byte, ren Renumbering) ([]Doc, error) {
	lines, err := textLines(name, src)
	if err != nil {
		return nil, err
	}
	var pieces []forumPiece
	topic := ""
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if m := forumTopicRe.FindStringSubmatch(l); m != nil {
			topic = strings.TrimSpace(m[1])
			continue
		}
		if forumStampRe.MatchString(l) {
			continue
		}
		pieces = append(pieces, splitForumLine(l, i+1)...)
	}
	lang := i18n.Detect(string(src)).String()
	stem := docStem(name)
	var docs []Doc
	seen := make(map[string]bool)
	heading, lastRule := topic, ""
	ruleIdx := -1           // index in docs of the last rule, while examples may follow
	commentIdx, nc := -1, 0 // index of the commentary doc being extended
	for _, p := range pieces {
		if p.rule != "" {
			if seen[p.rule] {
				return nil, lineErr(name, p.line, CodeDuplicateID, "rule %s is quoted twice", p.rule)
			}
			seen[p.rule] = true
			d := Doc{
				ID: stem + "-" + p.rule, Kind: KindRule, Game: "mtg", Lang: lang, Ref: p.rule,
				Text: p.text, Parent: ruleParent(p.rule), Obsolete: true, SeeAlso: crRefs(p.rule, p.text),
				Source: "forum",
			}
			if isHeading(p.text) {
				d.Title = p.text
			}
			if e, ok := ren.Lookup(p.rule); ok && !e.Abolished {
				d.Current = e.Current
			}
			docs = append(docs, d)
			ruleIdx, commentIdx, lastRule = len(docs)-1, -1, p.rule
			continue
		}
		if ruleIdx >= 0 && forumExampleRe.MatchString(p.text) {
			docs[ruleIdx].Examples = append(docs[ruleIdx].Examples, forumExampleRe.ReplaceAllString(p.text, ""))
			continue
		}
		ruleIdx = -1
		if forumHeadingRe.MatchString(p.text) && lastRule == "" || forumHeadingRe.MatchString(p.text) && len(p.text) < 80 && strings.HasSuffix(p.text, "?") {
			heading, commentIdx = p.text, -1
			continue
		}
		if commentIdx >= 0 {
			docs[commentIdx].Text += "\n" + p.text
			continue
		}
		nc++
		d := Doc{ID: fmt.Sprintf("%s-c%d", stem, nc), Kind: KindDoc, Game: "mtg", Lang: lang, Title: heading, Text: p.text, Ref: lastRule, Source: "forum"}
		if lastRule != "" {
			if e, ok := ren.Lookup(lastRule); ok && !e.Abolished && e.Current != "" {
				d.Cites = []string{e.Current}
			}
		}
		docs = append(docs, d)
		commentIdx = len(docs) - 1
	}
	if len(docs) == 0 {
		return nil, lineErr(name, len(lines), CodeEmpty, "no text")
	}
	return docs, nil
}

// splitForumLine cuts a line at each rule number that starts a quoted rule:
// at the start of the line, or glued to the preceding commentary (preceded
// by a character that is neither a space nor a digit).
func splitForumLine(l string, line int) []forumPiece {
	var out []forumPiece
	start, rule := 0, ""
	for _, m := range forumRuleRe.FindAllStringSubmatchIndex(l, -1) {
		at := m[0]
		if at > 0 {
			prev, _ := utf8.DecodeLastRuneInString(l[:at])
			if unicode.IsSpace(prev) || unicode.IsDigit(prev) || prev == '(' || prev == '"' || prev == '«' || prev == ',' {
				continue
			}
		}
		if t := strings.TrimSpace(l[start:at]); t != "" || rule != "" {
			out = append(out, forumPiece{rule: rule, text: t, line: line})
		}
		rule = l[m[2]:m[3]]
		start = m[4] // the text starts at its capital letter
	}
	if t := strings.TrimSpace(l[start:]); t != "" || rule != "" {
		out = append(out, forumPiece{rule: rule, text: t, line: line})
	}
	return out
}

var (
	wikiRefRe       = regexp.MustCompile(`(?s)<ref[^>]*?/>|<ref[^>]*>.*?</ref>|<references\s*/>`)
	wikiCRRe        = regexp.MustCompile(`\{\{CR\|([0-9]{3}(?:\.[0-9]+[a-z]?)?)\}\}`)
	wikiTemplateRe  = regexp.MustCompile(`\{\{[^{}]*\}\}`)
	wikiPipeLinkRe  = regexp.MustCompile(`\[\[[^\[\]|]*\|([^\[\]]*)\]\]`)
	wikiLinkRe      = regexp.MustCompile(`\[\[#?([^\[\]]*)\]\]`)
	wikiMagicRe     = regexp.MustCompile(`__[A-Z]+__`)
	wikiTagRe       = regexp.MustCompile(`</?[a-zA-Z][^>]*>`)
	wikiHeadingRe   = regexp.MustCompile(`^(={2,6})\s*(.+?)\s*={2,6}$`)
	wikiLineMarkRe  = regexp.MustCompile(`^\d+行: \|$`)
	wikiListPrefixR = regexp.MustCompile(`^[*#:;]+\s*`)
)

// ParseWikiDiff parses a MediaWiki diff page as copied from the browser: two
// columns per line separated by " | ", "−" marking lines of the left column
// (最新版, the latest saved revision: the current text) and "+" lines of
// the right (編集中の文章, an unsaved edit). It keeps the left column and
// its context lines, strips the wiki markup and returns one kind doc doc
// per ==section== (Ref the section title; the text before the first
// heading has none), with the {{CR|...}} references as Cites.
func ParseWikiDiff(name string, src []byte) ([]Doc, error) {
	lines, err := textLines(name, src)
	if err != nil {
		return nil, err
	}
	var left []string
	for i, l := range lines {
		if i < 2 && strings.HasSuffix(l, " |") && !strings.HasPrefix(l, "|") && !strings.HasPrefix(l, "−") {
			continue // column headers
		}
		if wikiLineMarkRe.MatchString(l) {
			continue
		}
		if s, ok := wikiLeft(l); ok {
			left = append(left, s)
		}
	}
	return wikiDocs(name, left, "ja")
}

// wikiLeft returns the left column of a diff line, and false for a line
// that has none (a line only added on the right).
func wikiLeft(l string) (string, bool) {
	var rest string
	switch {
	case strings.HasPrefix(l, "− | "), strings.HasPrefix(l, "- | "):
		_, rest, _ = strings.Cut(l, " | ")
		if i := strings.Index(rest, " | + | "); i >= 0 {
			rest = rest[:i]
		} else if strings.HasPrefix(rest, "| + |") {
			rest = ""
		}
	case l == "−" || l == "− |":
		return "", true
	case strings.HasPrefix(l, "| + |"):
		return "", false
	case strings.HasPrefix(l, "| "), l == "|":
		rest = strings.TrimPrefix(strings.TrimPrefix(l, "|"), " ")
		if i := strings.Index(rest, " | | "); i >= 0 {
			rest = rest[:i]
		} else if strings.HasPrefix(rest, "| ") || rest == "|" || rest == "| |" {
			rest = ""
		}
	default:
		// A line with no marker continues the previous cell.
		return l, true
	}
	rest = strings.TrimSuffix(strings.TrimSpace(rest), " |")
	if rest == "|" {
		rest = ""
	}
	return rest, true
}

// wikiDocs strips markup from wiki text lines and splits them by heading.
func wikiDocs(name string, lines []string, lang string) ([]Doc, error) {
	stem := docStem(name)
	type section struct {
		title string
		body  []string
		cites []string
	}
	secs := []section{{}}
	for _, l := range lines {
		if m := wikiHeadingRe.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			secs = append(secs, section{title: wikiClean(m[2])})
			continue
		}
		s := &secs[len(secs)-1]
		for _, m := range wikiCRRe.FindAllStringSubmatch(l, -1) {
			s.cites = appendNew(s.cites, m[1])
		}
		s.body = append(s.body, wikiClean(l))
	}
	var docs []Doc
	for _, s := range secs {
		text := joinParagraphs(s.body)
		if text == "" {
			continue
		}
		docs = append(docs, Doc{
			ID: fmt.Sprintf("%s-%d", stem, len(docs)+1), Kind: KindDoc, Game: "mtg", Lang: lang,
			Ref: s.title, Title: s.title, Text: text, Cites: s.cites,
		})
	}
	if len(docs) == 0 {
		return nil, offsetErr(name, 0, CodeEmpty, "no text in the current revision")
	}
	return docs, nil
}

// wikiClean strips MediaWiki markup from one line.
func wikiClean(s string) string {
	s = wikiRefRe.ReplaceAllString(s, "")
	s = wikiCRRe.ReplaceAllString(s, "CR $1")
	for i := 0; i < 10 && wikiTemplateRe.MatchString(s); i++ {
		s = wikiTemplateRe.ReplaceAllString(s, "")
	}
	s = wikiPipeLinkRe.ReplaceAllString(s, "$1")
	s = wikiLinkRe.ReplaceAllString(s, "$1")
	s = strings.ReplaceAll(s, "'''", "")
	s = strings.ReplaceAll(s, "''", "")
	s = wikiMagicRe.ReplaceAllString(s, "")
	s = wikiTagRe.ReplaceAllString(s, "")
	s = wikiListPrefixR.ReplaceAllString(strings.TrimSpace(s), "")
	return strings.TrimSpace(s)
}

// joinParagraphs joins lines with "\n", dropping blank lines at the ends and
// folding runs of blank lines into one.
func joinParagraphs(lines []string) string {
	var b strings.Builder
	blank := false
	for _, l := range lines {
		if l == "" {
			blank = true
			continue
		}
		if b.Len() > 0 {
			if blank {
				b.WriteString("\n\n")
			} else {
				b.WriteByte('\n')
			}
		}
		blank = false
		b.WriteString(l)
	}
	return b.String()
}

func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

var (
	articleListRe = regexp.MustCompile(`^\d+\s*[-.)]\s`)
	ygoCueRe      = regexp.MustCompile(`(?i)\b(SEGOC|Yu-?Gi-?Oh|Battle Phase|End Phase|Main Phase|Standby Phase|Draw Phase|Spell Speed|Extra Deck|cha[iî]ne)\b`)
)

// ParseArticle parses a plain article: paragraphs separated by blank lines,
// a short line without final punctuation being a section heading (the Ref
// of the paragraphs under it). A paragraph that ends with ":" or "?" stays
// with the next one, and a numbered procedure ("1- ...", "2- ...") stays
// whole, so a question keeps its answer and a procedure its steps. The
// game is ygo when the text uses Yu-Gi-Oh! terms, else mtg.
func ParseArticle(name string, src []byte) ([]Doc, error) {
	lines, err := textLines(name, src)
	if err != nil {
		return nil, err
	}
	var paras [][]string
	var cur []string
	for _, l := range append(lines, "") {
		if strings.TrimSpace(l) == "" {
			if len(cur) > 0 {
				paras = append(paras, cur)
				cur = nil
			}
			continue
		}
		cur = append(cur, strings.TrimSpace(l))
	}
	game := "mtg"
	if ygoCueRe.MatchString(string(src)) {
		game = "ygo"
	}
	stem := docStem(name)
	var docs []Doc
	heading := ""
	var pending []string
	emit := func() {
		if len(pending) == 0 {
			return
		}
		text := strings.Join(pending, "\n\n")
		docs = append(docs, Doc{
			ID: fmt.Sprintf("%s-%d", stem, len(docs)+1), Kind: KindDoc, Game: game,
			Lang: i18n.Detect(text).String(), Ref: heading, Title: heading, Text: text,
		})
		pending = nil
	}
	for i, p := range paras {
		text := strings.Join(p, "\n")
		if len(p) == 1 && utf8.RuneCountInString(text) <= 60 && !strings.ContainsAny(text[len(text)-1:], ".!?:;)…") {
			emit()
			heading = text
			continue
		}
		pending = append(pending, text)
		last := strings.TrimSpace(text)
		joinNext := strings.HasSuffix(last, ":") || strings.HasSuffix(last, "?") || strings.HasSuffix(last, "?)")
		if i+1 < len(paras) && articleListRe.MatchString(paras[i+1][0]) && !articleListRe.MatchString(p[0]) {
			joinNext = joinNext || strings.HasSuffix(last, ":")
		}
		if !joinNext || i+1 == len(paras) {
			emit()
		}
	}
	emit()
	if len(docs) == 0 {
		return nil, offsetErr(name, 0, CodeEmpty, "no paragraph")
	}
	return docs, nil
}

var (
	oldRuleLineRe = regexp.MustCompile(`(?m)^\d{3}\.\d+[a-z]?\.? \p{Lu}`)
	feedLineRe    = regexp.MustCompile(`(?m)^(?:\d{1,2}(?:er)? \p{L}+ \d{4}|\p{L}+ \d{1,2}, \d{4}|\d{4}-\d{2}-\d{2}) · source ?: ?\S+\r?$`)
	wikiDiffRe    = regexp.MustCompile(`(?m)^(?:− \| |\| \+ \| )`)
)

// DocumentKind names a kind of clarification document.
type DocumentKind string

// The kinds of clarification documents ParseDocument tells apart.
const (
	DocCorpus   DocumentKind = "corpus"    // the project's YAML corpus format
	DocFeed     DocumentKind = "feed"      // a dated ruling feed
	DocWikiDiff DocumentKind = "wiki-diff" // a MediaWiki diff page
	DocForum    DocumentKind = "forum"     // a forum article quoting old rules
	DocArticle  DocumentKind = "article"   // any other article
)

// DetectDocument tells the kind of a clarification document from its name
// (".yaml" and ".yml" are the corpus format) and content.
func DetectDocument(name string, src []byte) DocumentKind {
	switch strings.ToLower(path.Ext(name)) {
	case ".yaml", ".yml":
		return DocCorpus
	}
	switch {
	case len(wikiDiffRe.FindAllIndex(src, 3)) >= 2:
		return DocWikiDiff
	case feedLineRe.Match(src):
		return DocFeed
	case len(oldRuleLineRe.FindAllIndex(src, 3)) >= 2:
		return DocForum
	}
	return DocArticle
}

// ParseDocument detects the kind of a clarification document and parses
// it; forum articles get an empty renumbering table (see
// ParseDocumentWith).
func ParseDocument(name string, src []byte) ([]Doc, error) {
	return ParseDocumentWith(name, src, Renumbering{})
}

// ParseDocumentWith is ParseDocument with the renumbering table that maps
// the old rule numbers of forum articles to current ones.
func ParseDocumentWith(name string, src []byte, ren Renumbering) ([]Doc, error) {
	switch DetectDocument(name, src) {
	case DocCorpus:
		return ParseCorpus(name, src)
	case DocWikiDiff:
		return ParseWikiDiff(name, src)
	case DocFeed:
		return ParseFeed(name, src)
	case DocForum:
		return ParseForum(name, src, ren)
	}
	return ParseArticle(name, src)
}
