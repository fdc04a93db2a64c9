package kb

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"arbiter/i18n"
)

// RuleKind tells the four levels of the Comprehensive Rules apart.
type RuleKind string

// The levels of the Comprehensive Rules numbering.
const (
	RulePart    RuleKind = "part"    // "7. Additional Rules"
	RuleSection RuleKind = "section" // "702. Keyword Abilities"
	RuleRule    RuleKind = "rule"    // "702.26. Phasing"
	RuleSubrule RuleKind = "subrule" // "702.26a Phasing is a static ability ..."
)

// CR is one release of the Comprehensive Rules.
type CR struct {
	EffectiveDate string // YYYY-MM-DD, from "These rules are effective as of ..."
	// Encoding is "utf-8", or "windows-1252" when the file was not valid
	// UTF-8 and was decoded as Windows-1252 (older releases used it).
	Encoding string
	Rules    []Rule // in document order: parts, sections, rules, subrules
	Glossary []GlossaryEntry
}

// Rule is a part, section, rule or subrule of the Comprehensive Rules.
type Rule struct {
	Number string   // "7", "702", "702.26", "702.26a" (no trailing dot)
	Parent string   // the number one level up ("702.26" for "702.26a"); empty for parts
	Kind   RuleKind // part, section, rule or subrule
	Title  string   // parts, sections and rules that are only a heading ("Phasing")
	Text   string   // the text after the number; continuation paragraphs joined by "\n"
	// Examples are the rule's "Example:" paragraphs, without the prefix.
	Examples []string
	// SeeAlso lists the rule numbers (and "section N" parts) the text and
	// examples cross-reference, en-dash ranges expanded, in order of
	// appearance, without the rule itself.
	SeeAlso []string
	Line    int // line of the rule in the file, from 1
}

// GlossaryEntry is an entry of the Comprehensive Rules glossary.
type GlossaryEntry struct {
	Term string   // as written: "Phased In, Phased Out"
	Keys []string // the terms it defines: "Phased In", "Phased Out" (without " (Obsolete)")
	// Obsolete marks a term the glossary flags "(Obsolete)": no longer
	// game terminology, kept to explain older cards.
	Obsolete bool
	Text     string   // the definition; numbered senses and extra lines joined by "\n"
	SeeAlso  []string // rule numbers the definition cross-references
	Line     int
}

// crSource is the Source of every Doc made from the Comprehensive Rules.
const crSource = "Comprehensive Rules"

// crURL is the official page of the Comprehensive Rules.
const crURL = "https://magic.wizards.com/en/rules"

// Rule returns the rule numbered n ("702.26d", "702.26", "702"), if any.
func (c *CR) Rule(n string) (Rule, bool) {
	for _, r := range c.Rules {
		if r.Number == n {
			return r, true
		}
	}
	return Rule{}, false
}

// Count returns how many rules of kind k the release holds.
func (c *CR) Count(k RuleKind) int {
	n := 0
	for _, r := range c.Rules {
		if r.Kind == k {
			n++
		}
	}
	return n
}

// Docs returns a Doc for every rule and glossary entry. With current set, the
// IDs are those of the current release ("cr:702.26d", "glossary:phasing");
// otherwise they carry the effective date ("cr@2026-01-16:702.26d",
// "glossary@2026-01-16:phasing").
func (c *CR) Docs(current bool) []Doc {
	docs := make([]Doc, 0, len(c.Rules)+len(c.Glossary))
	for _, r := range c.Rules {
		docs = append(docs, r.Doc(c.EffectiveDate, current))
	}
	for _, g := range c.Glossary {
		docs = append(docs, g.Doc(c.EffectiveDate, current))
	}
	return docs
}

// Doc returns the rule as a Doc of a release effective on date; see CR.Docs
// for current.
func (r Rule) Doc(date string, current bool) Doc {
	id := "cr:" + r.Number
	if !current {
		id = "cr@" + date + ":" + r.Number
	}
	return Doc{
		ID: id, Kind: KindRule, Game: "mtg", Lang: "en",
		Ref: r.Number, Title: r.Title, Text: r.Text,
		Source: crSource, Date: date, URL: crURL,
		Parent: r.Parent, Examples: r.Examples, SeeAlso: r.SeeAlso, CRDate: date,
	}
}

// Doc returns the glossary entry as a Doc; see CR.Docs for current.
func (g GlossaryEntry) Doc(date string, current bool) Doc {
	id := "glossary:" + Slug(g.Term)
	if !current {
		id = "glossary@" + date + ":" + Slug(g.Term)
	}
	return Doc{
		ID: id, Kind: KindGlossary, Game: "mtg", Lang: "en",
		Ref: g.Term, Title: g.Term, Text: g.Text,
		Source: crSource, Date: date, URL: crURL,
		SeeAlso: g.SeeAlso, CRDate: date,
	}
}

// Slug folds s to lower-case ASCII letters and digits separated by single
// hyphens: "Phased In, Phased Out" -> "phased-in-phased-out".
func Slug(s string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range i18n.FoldAccents(strings.ToLower(s)) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
		case r == '\'' || r == '’':
			// "Player's" -> "players"
		default:
			hyphen = true
		}
	}
	return b.String()
}

var (
	crDateRe    = regexp.MustCompile(`^These rules are effective as of ([A-Z][a-z]+ \d{1,2}, \d{4})\.`)
	crPartRe    = regexp.MustCompile(`^([1-9])\. (\S.*)$`)
	crSectionRe = regexp.MustCompile(`^([1-9]\d{2})\. (\S.*)$`)
	// Rules end with a dot, subrules do not; the official text has typos
	// both ways ("606.5 If", "119.1d. In"), so both are optional.
	crRuleRe = regexp.MustCompile(`^([1-9]\d{2}\.\d+)([a-z]?)\.? (\S.*)$`)
)

// ParseCR parses the Comprehensive Rules as Wizards of the Coast publishes
// them in plain text. name is used only in errors.
func ParseCR(name string, src []byte) (*CR, error) {
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	if len(bytes.TrimSpace(src)) == 0 {
		return nil, offsetErr(name, 0, CodeEmpty, "no text")
	}
	cr := &CR{Encoding: "utf-8"}
	if !utf8.Valid(src) {
		dec, err := decodeWindows1252(name, src)
		if err != nil {
			return nil, err
		}
		src, cr.Encoding = dec, "windows-1252"
	}
	lines := splitLines(src)

	date, err := crEffectiveDate(name, lines)
	if err != nil {
		return nil, err
	}
	cr.EffectiveDate = date

	body := crBodyStart(lines)
	if body < 0 {
		return nil, lineErr(name, len(lines), CodeTruncated, "no rules found")
	}
	gloss := -1
	for i := body; i < len(lines); i++ {
		if lines[i] == "Glossary" {
			gloss = i
			break
		}
	}
	if gloss < 0 {
		return nil, lineErr(name, len(lines), CodeTruncated, "the rules end without a glossary")
	}
	credits := -1
	for i := gloss + 1; i < len(lines); i++ {
		if lines[i] == "Credits" {
			credits = i
			break
		}
	}
	if credits < 0 {
		return nil, lineErr(name, len(lines), CodeTruncated, "the glossary ends without the credits")
	}
	if err := cr.parseRules(name, lines, body, gloss); err != nil {
		return nil, err
	}
	if cr.Count(RuleSection) == 0 {
		return nil, lineErr(name, gloss+1, CodeTruncated, "no rule sections before the glossary")
	}
	if err := cr.parseGlossary(name, lines, gloss+1, credits); err != nil {
		return nil, err
	}
	return cr, nil
}

// decodeWindows1252 decodes src as Windows-1252 if it looks like text in
// that encoding (no control bytes other than tab and line ends, no byte the
// encoding leaves undefined); otherwise it reports the first byte that is
// not valid UTF-8.
func decodeWindows1252(name string, src []byte) ([]byte, error) {
	bad := int64(0)
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size <= 1 {
			bad = int64(i)
			break
		}
		i += size
	}
	for _, b := range src {
		switch {
		case b < 0x20 && b != '\t' && b != '\n' && b != '\r',
			b == 0x7f, b == 0x81, b == 0x8d, b == 0x8f, b == 0x90, b == 0x9d:
			return nil, offsetErr(name, bad, CodeBadEncoding, "invalid UTF-8 at byte %d", bad)
		}
	}
	out, err := charmap.Windows1252.NewDecoder().Bytes(src)
	if err != nil {
		return nil, offsetErr(name, bad, CodeBadEncoding, "invalid UTF-8 at byte %d", bad)
	}
	return out, nil
}

// splitLines splits on "\r\n", "\r" and "\n" alike, dropping trailing
// spaces other than a leading indent.
func splitLines(src []byte) []string {
	s := string(src)
	var lines []string
	for len(s) > 0 {
		i := strings.IndexAny(s, "\r\n")
		if i < 0 {
			lines = append(lines, strings.TrimRight(s, " \t"))
			break
		}
		lines = append(lines, strings.TrimRight(s[:i], " \t"))
		if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			i++
		}
		s = s[i+1:]
	}
	return lines
}

func crEffectiveDate(name string, lines []string) (string, error) {
	for i, l := range lines {
		m := crDateRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		t, err := time.Parse("January 2, 2006", m[1])
		if err != nil {
			return "", lineErr(name, i+1, CodeBadDate, "effective date %q is not a date", m[1])
		}
		return t.Format(time.DateOnly), nil
	}
	return "", lineErr(name, 1, CodeNoEffectiveDate, "no line \"These rules are effective as of ...\"")
}

// crBodyStart returns the index of the first line of the rules proper: after
// the table of contents (which lists the parts and sections, then
// "Glossary" and "Credits") if there is one, else the first part heading.
func crBodyStart(lines []string) int {
	start := 0
	for i, l := range lines {
		if l == "Contents" {
			for j := i + 1; j < len(lines); j++ {
				if lines[j] == "Credits" {
					start = j + 1
					break
				}
			}
			break
		}
	}
	for i := start; i < len(lines); i++ {
		if crPartRe.MatchString(lines[i]) {
			return i
		}
	}
	return -1
}

func (c *CR) parseRules(name string, lines []string, from, to int) error {
	seen := make(map[string]int, 3500)
	var part, section string
	cur := -1 // index in c.Rules of the rule continuation lines and examples attach to
	add := func(r Rule) error {
		if prev, dup := seen[r.Number]; dup {
			return lineErr(name, r.Line, CodeDuplicateID, "rule %s already appears at line %d", r.Number, prev)
		}
		seen[r.Number] = r.Line
		c.Rules = append(c.Rules, r)
		cur = len(c.Rules) - 1
		return nil
	}
	for i := from; i < to; i++ {
		l := lines[i]
		if strings.TrimSpace(l) == "" {
			continue
		}
		var err error
		switch {
		case strings.HasPrefix(l, "Example: ") || l == "Example:":
			if cur < 0 {
				return lineErr(name, i+1, CodeBadLine, "example before any rule")
			}
			ex := strings.TrimSpace(strings.TrimPrefix(l, "Example:"))
			c.Rules[cur].Examples = append(c.Rules[cur].Examples, ex)
		case strings.HasPrefix(l, " "):
			if cur < 0 {
				return lineErr(name, i+1, CodeBadLine, "indented paragraph before any rule")
			}
			c.Rules[cur].Text += "\n" + strings.TrimSpace(l)
		default:
			if m := crRuleRe.FindStringSubmatch(l); m != nil {
				r := Rule{Number: m[1] + m[2], Text: m[3], Line: i + 1, Kind: RuleRule, Parent: m[1][:3]}
				if m[2] != "" {
					r.Kind, r.Parent = RuleSubrule, m[1]
				} else if isHeading(m[3]) {
					r.Title = m[3]
				}
				if r.Parent[:3] != section {
					return lineErr(name, i+1, CodeBadLine, "rule %s outside its section (in section %q)", r.Number, section)
				}
				err = add(r)
			} else if m := crSectionRe.FindStringSubmatch(l); m != nil {
				if m[1][:1] != part {
					return lineErr(name, i+1, CodeBadLine, "section %s outside its part (in part %q)", m[1], part)
				}
				section = m[1]
				err = add(Rule{Number: m[1], Parent: part, Kind: RuleSection, Title: m[2], Text: m[2], Line: i + 1})
			} else if m := crPartRe.FindStringSubmatch(l); m != nil {
				part, section = m[1], ""
				err = add(Rule{Number: m[1], Kind: RulePart, Title: m[2], Text: m[2], Line: i + 1})
			} else {
				return lineErr(name, i+1, CodeBadLine, "line %q is not a rule, an example or a continuation", clip(l, 40))
			}
		}
		if err != nil {
			return err
		}
	}
	for i := range c.Rules {
		r := &c.Rules[i]
		if r.Kind == RulePart || r.Kind == RuleSection {
			continue
		}
		r.SeeAlso = crRefs(r.Number, append([]string{r.Text}, r.Examples...)...)
	}
	return nil
}

// isHeading reports whether a rule's text is only a title ("Phasing"), not a
// sentence.
func isHeading(s string) bool {
	if strings.ContainsAny(s[len(s)-1:], ".:)”\"") {
		return false
	}
	return len(strings.Fields(s)) <= 8
}

func (c *CR) parseGlossary(name string, lines []string, from, to int) error {
	var e *GlossaryEntry
	flush := func() {
		if e != nil {
			e.SeeAlso = crRefs("", e.Text)
			c.Glossary = append(c.Glossary, *e)
			e = nil
		}
	}
	seen := make(map[string]int, 800)
	for i := from; i < to; i++ {
		l := strings.TrimSpace(lines[i])
		switch {
		case l == "":
			flush()
		case e == nil:
			if prev, dup := seen[l]; dup {
				return lineErr(name, i+1, CodeDuplicateID, "glossary term %q already appears at line %d", l, prev)
			}
			seen[l] = i + 1
			base, obsolete := strings.CutSuffix(l, " (Obsolete)")
			e = &GlossaryEntry{Term: l, Keys: glossaryKeys(base), Obsolete: obsolete, Line: i + 1}
		case e.Text == "":
			e.Text = l
		default:
			e.Text += "\n" + l
		}
	}
	flush()
	for _, g := range c.Glossary {
		if g.Text == "" {
			return lineErr(name, g.Line, CodeTruncated, "glossary term %q has no definition", g.Term)
		}
	}
	if len(c.Glossary) == 0 {
		return lineErr(name, from, CodeTruncated, "the glossary is empty")
	}
	return nil
}

// glossaryKeys splits a glossary term holding several ("Phased In, Phased
// Out", "Banding, “Bands with Other”") into its keys, without their quotes.
// Commas inside quotes do not split, nor the comma of the one term that is a
// single name ("Active Player, Nonactive Player Order").
func glossaryKeys(term string) []string {
	if term == "Active Player, Nonactive Player Order" {
		return []string{term}
	}
	var keys []string
	quoted, start := false, 0
	for i, r := range term {
		switch {
		case r == '“':
			quoted = true
		case r == '”':
			quoted = false
		case r == ',' && !quoted && strings.HasPrefix(term[i:], ", "):
			keys = append(keys, term[start:i])
			start = i + 2
		}
	}
	keys = append(keys, term[start:])
	for i, k := range keys {
		keys[i] = strings.TrimSuffix(strings.Trim(k, "“”"), ",")
	}
	return keys
}

// crRefs returns the rule numbers the texts cross-reference, in order, each
// once, without self: dotted numbers anywhere ("702.26", "601.2b"), plain
// section numbers after "rule(s)" ("rule 113") and parts after "section(s)"
// ("section 5"). An en-dash (or hyphen) range "601.2f–h" expands to every
// subrule letter between, skipping l and o, which the rules never use.
func crRefs(self string, texts ...string) []string {
	var out []string
	add := func(n string) {
		if n != self && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	for _, t := range texts {
		scanRefs(t, add)
	}
	return out
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isWordByte(c byte) bool {
	return isDigit(c) || isLower(c) || c >= 'A' && c <= 'Z' || c == '_'
}

// scanRefs calls add with each cross-reference of t (see crRefs).
func scanRefs(t string, add func(string)) {
	for i := 0; i < len(t); i++ {
		if t[i] < '1' || t[i] > '9' || i > 0 && isWordByte(t[i-1]) {
			continue
		}
		j := i
		for j < len(t) && isDigit(t[j]) {
			j++
		}
		switch j - i {
		case 1:
			if j == len(t) || !isWordByte(t[j]) {
				if before := strings.ToLower(t[:i]); strings.HasSuffix(before, "section ") || strings.HasSuffix(before, "sections ") {
					add(t[i:j])
				}
			}
		case 3:
			if j+1 < len(t) && t[j] == '.' && isDigit(t[j+1]) {
				k := j + 1
				for k < len(t) && isDigit(t[k]) {
					k++
				}
				num := t[i:k]
				if k < len(t) && isLower(t[k]) && (k+1 == len(t) || !isLower(t[k+1])) {
					from := t[k]
					k++
					to := from
					if r, size := utf8.DecodeRuneInString(t[k:]); (r == '–' || r == '-') && k+size < len(t) && isLower(t[k+size]) &&
						(k+size+1 == len(t) || !isWordByte(t[k+size+1])) {
						to = t[k+size]
						k += size + 1
					}
					for l := from; l <= to; l++ {
						if l != 'l' && l != 'o' || l == from {
							add(num + string(rune(l)))
						}
					}
				} else {
					add(num)
				}
				i = k - 1
				continue
			}
			if j == len(t) || !isWordByte(t[j]) {
				if before := t[:i]; strings.HasSuffix(before, "rule ") || strings.HasSuffix(before, "rules ") ||
					strings.HasSuffix(before, "Rule ") || strings.HasSuffix(before, "Rules ") {
					add(t[i:j])
				}
			}
		}
		i = j - 1
	}
}

// clip shortens s to at most n runes for error details.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

// ruleSortKey orders rule numbers numerically ("702.9" before "702.10").
func ruleSortKey(n string) (int, int, string) {
	sec, rest, _ := strings.Cut(n, ".")
	s, _ := strconv.Atoi(sec)
	i := 0
	for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	r, _ := strconv.Atoi(rest[:i])
	return s, r, rest[i:]
}

// CRDiff lists the differences between two releases of the Comprehensive
// Rules. Rules are matched by number, except that a text found (the same or
// nearly the same) under another number counts as renumbered, not as a
// removal plus an addition. Only the text matters: line endings, the BOM and
// runs of white space never count as changes.
type CRDiff struct {
	From       string       `json:"from"` // effective date of the old release
	To         string       `json:"to"`
	Added      []RuleText   `json:"added"`
	Removed    []RuleText   `json:"removed"`
	Changed    []RuleChange `json:"changed"`
	Renumbered []RuleMove   `json:"renumbered"`
	Glossary   GlossaryDiff `json:"glossary"`
}

// RuleText names a rule and its text (with its examples).
type RuleText struct {
	Number string `json:"number"`
	Text   string `json:"text"`
}

// RuleChange is a rule whose text changed under the same number.
type RuleChange struct {
	Number string   `json:"number"`
	Old    string   `json:"old"`
	New    string   `json:"new"`
	Words  []WordOp `json:"words"`
}

// RuleMove is a rule text found under a new number. Similarity is 1 for the
// same text; below 1, Words shows the edit.
type RuleMove struct {
	Old        string   `json:"old"`
	New        string   `json:"new"`
	Similarity float64  `json:"similarity"`
	Text       string   `json:"text"` // the new text
	Words      []WordOp `json:"words,omitempty"`
}

// GlossaryDiff lists the glossary terms added, removed or redefined.
type GlossaryDiff struct {
	Added   []string       `json:"added"`
	Removed []string       `json:"removed"`
	Changed []GlossaryEdit `json:"changed"`
}

// GlossaryEdit is a glossary term whose definition changed.
type GlossaryEdit struct {
	Term  string   `json:"term"`
	Old   string   `json:"old"`
	New   string   `json:"new"`
	Words []WordOp `json:"words"`
}

// WordOp is a run of words of a word-level diff: Op is "=" (in both), "-"
// (only in the old text) or "+" (only in the new).
type WordOp struct {
	Op   string `json:"op"`
	Text string `json:"text"`
}

// moveThreshold is the least similarity (2·LCS/(len a + len b) over words)
// for a text under a new number to count as the same rule renumbered.
const moveThreshold = 0.85

// DiffCR compares two releases of the Comprehensive Rules.
func DiffCR(old, new *CR) CRDiff {
	d := CRDiff{From: old.EffectiveDate, To: new.EffectiveDate,
		Added: []RuleText{}, Removed: []RuleText{}, Changed: []RuleChange{}, Renumbered: []RuleMove{},
		Glossary: GlossaryDiff{Added: []string{}, Removed: []string{}, Changed: []GlossaryEdit{}}}
	type entry struct {
		r     Rule
		text  string // full text, normalised
		words []string
	}
	index := func(c *CR) (map[string]*entry, []*entry) {
		m := make(map[string]*entry, len(c.Rules))
		list := make([]*entry, 0, len(c.Rules))
		for _, r := range c.Rules {
			e := &entry{r: r, text: ruleFullText(r)}
			m[r.Number] = e
			list = append(list, e)
		}
		return m, list
	}
	oldBy, oldList := index(old)
	newBy, newList := index(new)

	// Candidates: old texts that are gone from their number, new texts
	// that were not there under theirs.
	var from, to []*entry
	for _, o := range oldList {
		if n, ok := newBy[o.r.Number]; !ok || n.text != o.text {
			from = append(from, o)
		}
	}
	for _, n := range newList {
		if o, ok := oldBy[n.r.Number]; !ok || o.text != n.text {
			to = append(to, n)
		}
	}
	words := func(e *entry) []string {
		if e.words == nil {
			e.words = strings.Fields(e.text)
		}
		return e.words
	}
	movedTo := make(map[string]string)   // old number -> new number
	movedFrom := make(map[string]string) // new number -> old number
	var moves []RuleMove
	pair := func(o, n *entry, sim float64) {
		movedTo[o.r.Number], movedFrom[n.r.Number] = n.r.Number, o.r.Number
		m := RuleMove{Old: o.r.Number, New: n.r.Number, Similarity: sim, Text: n.text}
		if sim < 1 {
			m.Words = wordDiff(words(o), words(n))
		}
		moves = append(moves, m)
	}
	// Same text under another number.
	byText := make(map[string][]*entry)
	for _, n := range to {
		byText[n.text] = append(byText[n.text], n)
	}
	for _, o := range from {
		for _, n := range byText[o.text] {
			if n.r.Kind == o.r.Kind && movedFrom[n.r.Number] == "" && n.r.Number != o.r.Number {
				pair(o, n, 1)
				break
			}
		}
	}
	// Nearly the same text: better than what now stands under either number.
	own := func(e *entry, other map[string]*entry) float64 {
		if x, ok := other[e.r.Number]; ok {
			return similarity(words(e), words(x))
		}
		return 0
	}
	for _, o := range from {
		if movedTo[o.r.Number] != "" {
			continue
		}
		ow := words(o)
		oset := wordSet(ow)
		best, bestSim := (*entry)(nil), moveThreshold
		for _, n := range to {
			if n.r.Kind != o.r.Kind || movedFrom[n.r.Number] != "" || n.r.Number == o.r.Number {
				continue
			}
			nw := words(n)
			if !lengthsClose(len(ow), len(nw)) || jaccard(oset, nw) < moveThreshold-0.1 {
				continue
			}
			if s := similarity(ow, nw); s > bestSim {
				best, bestSim = n, s
			}
		}
		if best != nil && bestSim > own(o, newBy) && bestSim > own(best, oldBy) {
			pair(o, best, bestSim)
		}
	}
	slices.SortFunc(moves, func(a, b RuleMove) int { return compareRuleNumbers(a.Old, b.Old) })
	d.Renumbered = append(d.Renumbered, moves...)

	for _, o := range oldList {
		n, inNew := newBy[o.r.Number]
		gone := movedTo[o.r.Number] != ""
		switch {
		case !inNew:
			if !gone {
				d.Removed = append(d.Removed, RuleText{o.r.Number, o.text})
			}
		case n.text == o.text:
		case !gone && movedFrom[n.r.Number] == "":
			d.Changed = append(d.Changed, RuleChange{Number: o.r.Number, Old: o.text, New: n.text, Words: wordDiff(words(o), words(n))})
		case gone && movedFrom[n.r.Number] == "":
			d.Added = append(d.Added, RuleText{n.r.Number, n.text})
		case !gone:
			d.Removed = append(d.Removed, RuleText{o.r.Number, o.text})
		}
	}
	for _, n := range newList {
		if _, inOld := oldBy[n.r.Number]; !inOld && movedFrom[n.r.Number] == "" {
			d.Added = append(d.Added, RuleText{n.r.Number, n.text})
		}
	}
	slices.SortStableFunc(d.Added, func(a, b RuleText) int { return compareRuleNumbers(a.Number, b.Number) })

	og := make(map[string]string, len(old.Glossary))
	for _, g := range old.Glossary {
		og[g.Term] = normSpace(g.Text)
	}
	ng := make(map[string]bool, len(new.Glossary))
	for _, g := range new.Glossary {
		ng[g.Term] = true
		t := normSpace(g.Text)
		o, ok := og[g.Term]
		switch {
		case !ok:
			d.Glossary.Added = append(d.Glossary.Added, g.Term)
		case o != t:
			d.Glossary.Changed = append(d.Glossary.Changed, GlossaryEdit{Term: g.Term, Old: o, New: t, Words: wordDiff(strings.Fields(o), strings.Fields(t))})
		}
	}
	for _, g := range old.Glossary {
		if !ng[g.Term] {
			d.Glossary.Removed = append(d.Glossary.Removed, g.Term)
		}
	}
	return d
}

// ruleFullText is a rule's text and examples, white space normalised.
func ruleFullText(r Rule) string {
	s := r.Text
	for _, e := range r.Examples {
		s += "\nExample: " + e
	}
	return normSpace(s)
}

func normSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

func lengthsClose(a, b int) bool {
	if a > b {
		a, b = b, a
	}
	return float64(a) >= float64(b)*(2*moveThreshold-1)
}

func wordSet(w []string) map[string]bool {
	m := make(map[string]bool, len(w))
	for _, x := range w {
		m[x] = true
	}
	return m
}

// jaccard is the share of distinct words of b that are in a, a cheap upper
// bound used to skip pairs before the LCS.
func jaccard(a map[string]bool, b []string) float64 {
	if len(b) == 0 {
		return 0
	}
	seen := make(map[string]bool, len(b))
	in := 0
	for _, x := range b {
		if !seen[x] {
			seen[x] = true
			if a[x] {
				in++
			}
		}
	}
	return float64(in) / float64(max(len(seen), len(a)))
}

// similarity is 2·LCS/(len a + len b) over words: 1 for equal texts.
func similarity(a, b []string) float64 {
	if len(a)+len(b) == 0 {
		return 1
	}
	return 2 * float64(lcsLen(a, b)) / float64(len(a)+len(b))
}

func lcsLen(a, b []string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(cur[j], prev[j+1])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// wordDiff is a word-level diff of a and b from their longest common
// subsequence, runs of the same operation merged.
func wordDiff(a, b []string) []WordOp {
	// t[i][j] = LCS length of a[i:], b[j:].
	t := make([][]int32, len(a)+1)
	for i := range t {
		t[i] = make([]int32, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	var ops []WordOp
	emit := func(op, w string) {
		if n := len(ops); n > 0 && ops[n-1].Op == op {
			ops[n-1].Text += " " + w
			return
		}
		ops = append(ops, WordOp{Op: op, Text: w})
	}
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			emit("=", a[i])
			i, j = i+1, j+1
		case t[i+1][j] >= t[i][j+1]:
			emit("-", a[i])
			i++
		default:
			emit("+", b[j])
			j++
		}
	}
	for ; i < len(a); i++ {
		emit("-", a[i])
	}
	for ; j < len(b); j++ {
		emit("+", b[j])
	}
	return ops
}

// compareRuleNumbers orders rule numbers numerically ("702.9" before
// "702.10", "702.26" before "702.26a").
func compareRuleNumbers(a, b string) int {
	as, ar, al := ruleSortKey(a)
	bs, br, bl := ruleSortKey(b)
	if c := as - bs; c != 0 {
		return c
	}
	if c := ar - br; c != 0 {
		return c
	}
	return strings.Compare(al, bl)
}
