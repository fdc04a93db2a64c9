package kb

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"

	"arbiter/i18n"
)

// corpusFile is a file of the project's corpus format (see doc.go).
type corpusFile struct {
	Source string     `yaml:"source"`
	Title  string     `yaml:"title"`
	URL    string     `yaml:"url"`
	Game   string     `yaml:"game"`
	Lang   string     `yaml:"lang"`
	Date   string     `yaml:"date"`
	Docs   []ast.Node `yaml:"docs"`
}

// corpusDoc is one entry of a corpus file's docs list.
type corpusDoc struct {
	ID                string   `yaml:"id"`
	OriginalID        string   `yaml:"original_id"`
	Kind              string   `yaml:"kind"`
	Game              string   `yaml:"game"`
	Lang              string   `yaml:"lang"`
	Card              string   `yaml:"card"`
	Ref               string   `yaml:"ref"`
	Title             string   `yaml:"title"`
	Text              string   `yaml:"text"`
	Source            string   `yaml:"source"`
	URL               string   `yaml:"url"`
	Date              string   `yaml:"date"`
	Cites             []string `yaml:"cites"`
	Preset            string   `yaml:"preset"`
	Obsolete          bool     `yaml:"obsolete"`
	Current           string   `yaml:"current"`
	MachineTranslated bool     `yaml:"machine_translated"`
}

var (
	corpusIDRe = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)
	isoDateRe  = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
)

// ParseCorpus parses a file of the project's corpus format, documented in
// the package documentation. Translations inherit kind, card, ref, cites and
// preset from their original, which must be in the same file (before or
// after the translation). name is used only in errors.
func ParseCorpus(name string, src []byte) ([]Doc, error) {
	if len(strings.TrimSpace(string(src))) == 0 {
		return nil, offsetErr(name, 0, CodeEmpty, "no YAML")
	}
	var f corpusFile
	if err := unmarshalYAML(src, &f, yaml.DisallowUnknownField()); err != nil {
		return nil, yamlErr(name, err)
	}
	file := Doc{Source: f.Source, Title: f.Title, URL: f.URL, Game: f.Game, Lang: f.Lang, Date: f.Date}
	if file.Game == "" {
		file.Game = "mtg"
	}
	if err := checkDocFields(name, 1, file.Game, file.Lang, file.Date, true); err != nil {
		return nil, err
	}
	// First pass: decode every doc, so a translation may come before or
	// after its original.
	cds := make([]corpusDoc, 0, len(f.Docs))
	lines := make([]int, 0, len(f.Docs))
	byID := make(map[string]int, len(f.Docs))
	for _, node := range f.Docs {
		line := nodeLine(node)
		var cd corpusDoc
		if err := nodeToValue(node, &cd); err != nil {
			return nil, yamlErr(name, err)
		}
		if cd.ID == "" {
			return nil, lineErr(name, line, CodeMissingField, "a doc has no id")
		}
		if !corpusIDRe.MatchString(cd.ID) {
			return nil, lineErr(name, line, CodeBadID, "id %q has characters other than letters, digits, . - _", cd.ID)
		}
		if prev, dup := byID[cd.ID]; dup {
			return nil, lineErr(name, line, CodeDuplicateID, "id %q is already used at line %d", cd.ID, lines[prev])
		}
		byID[cd.ID] = len(cds)
		cds = append(cds, cd)
		lines = append(lines, line)
	}
	docs := make([]Doc, len(cds))
	state := make([]int8, len(cds)) // 0 to do, 1 in progress, 2 done
	var build func(i int) error
	build = func(i int) error {
		switch state[i] {
		case 2:
			return nil
		case 1:
			return lineErr(name, lines[i], CodeMissingOriginal, "doc %q is part of a cycle of translations", cds[i].ID)
		}
		state[i] = 1
		cd, line := cds[i], lines[i]
		d := Doc{
			ID: cd.ID, Kind: Kind(cd.Kind), Game: or(cd.Game, file.Game), Lang: or(cd.Lang, file.Lang),
			Ref: cd.Ref, Card: cd.Card, Title: or(cd.Title, file.Title), Text: cd.Text,
			Source: or(cd.Source, file.Source), Date: or(cd.Date, file.Date), URL: or(cd.URL, file.URL),
			MachineTranslated: cd.MachineTranslated, OriginalID: cd.OriginalID,
			Cites: cd.Cites, Preset: cd.Preset, Obsolete: cd.Obsolete, Current: cd.Current,
		}
		if cd.OriginalID != "" {
			j, ok := byID[cd.OriginalID]
			if !ok {
				return lineErr(name, line, CodeMissingOriginal, "doc %q translates %q, which is not in the file", cd.ID, cd.OriginalID)
			}
			if err := build(j); err != nil {
				return err
			}
			o := docs[j]
			d.Kind = Kind(or(string(d.Kind), string(o.Kind)))
			d.Card = or(d.Card, o.Card)
			d.Ref = or(d.Ref, o.Ref)
			d.Preset = or(d.Preset, o.Preset)
			if d.Cites == nil {
				d.Cites = o.Cites
			}
			if !d.Obsolete {
				d.Obsolete, d.Current = o.Obsolete, or(d.Current, o.Current)
			}
		}
		switch d.Kind {
		case KindRuling, KindDoc, KindRule, KindGlossary:
		case "":
			return lineErr(name, line, CodeMissingField, "doc %q has no kind", cd.ID)
		default:
			return lineErr(name, line, CodeBadKind, "doc %q has kind %q; want ruling, doc, rule or glossary", cd.ID, d.Kind)
		}
		if strings.TrimSpace(d.Text) == "" {
			return lineErr(name, line, CodeMissingField, "doc %q has no text", cd.ID)
		}
		if d.Lang == "" {
			return lineErr(name, line, CodeMissingField, "doc %q has no lang and the file sets none", cd.ID)
		}
		if err := checkDocFields(name, line, d.Game, d.Lang, d.Date, false); err != nil {
			return err
		}
		docs[i], state[i] = d, 2
		return nil
	}
	for i := range cds {
		if err := build(i); err != nil {
			return nil, err
		}
	}
	return docs, nil
}

// unmarshalYAML decodes src into v. A panic inside the YAML library on
// hostile input is reported as an error, not passed on.
func unmarshalYAML(src []byte, v any, opts ...yaml.DecodeOption) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("YAML decoder failed: %v", r)
		}
	}()
	return yaml.UnmarshalWithOptions(src, v, opts...)
}

// nodeToValue decodes one YAML node into v, unknown keys being errors.
func nodeToValue(n ast.Node, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("YAML decoder failed: %v", r)
		}
	}()
	return yaml.NodeToValue(n, v, yaml.DisallowUnknownField())
}

func checkDocFields(name string, line int, game, lang, date string, optionalLang bool) error {
	if game != "mtg" && game != "ygo" {
		return lineErr(name, line, CodeBadKind, "game %q; want mtg or ygo", game)
	}
	if !(lang == "" && optionalLang) && lang != "en" && lang != "fr" && lang != "ja" {
		return lineErr(name, line, CodeBadLang, "language %q; want en, fr or ja", lang)
	}
	if date != "" && !validDate(date) {
		return lineErr(name, line, CodeBadDate, "date %q is not YYYY-MM-DD", date)
	}
	return nil
}

func validDate(s string) bool {
	if !isoDateRe.MatchString(s) {
		return false
	}
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func nodeLine(n ast.Node) int {
	if n == nil || n.GetToken() == nil || n.GetToken().Position == nil {
		return 0
	}
	return n.GetToken().Position.Line
}

// yamlErr turns a go-yaml error into a ParseError with its line.
func yamlErr(name string, err error) *ParseError {
	line := 0
	var ye yaml.Error
	msg := err.Error()
	if errors.As(err, &ye) {
		if tk := ye.GetToken(); tk != nil && tk.Position != nil {
			line = tk.Position.Line
		}
		msg = ye.GetMessage()
	}
	code := CodeBadYAML
	var (
		unknown *yaml.UnknownFieldError
		typ     *yaml.TypeError
		dup     *yaml.DuplicateKeyError
		node    *yaml.UnexpectedNodeTypeError
	)
	switch {
	case errors.As(err, &unknown):
		code = CodeUnknownKey
	case errors.As(err, &typ), errors.As(err, &node):
		code = CodeWrongType
	case errors.As(err, &dup):
		code = CodeDuplicateID
	}
	if line == 0 {
		line = 1
	}
	return lineErr(name, line, code, "%s", msg)
}

// FoldKey folds a term for matching only (never for display): NFKC, width
// and case (i18n.NormalizeKey), then Latin accents (i18n.FoldAccents), so
// "Protection de Téfeiri", "protection de teferi" and full-width forms
// compare equal while Japanese kana keep their voicing marks.
func FoldKey(s string) string {
	return i18n.FoldAccents(i18n.NormalizeKey(s))
}

// GlossaryTerm is an entry of the cross-language term glossary: the terms
// of each language, the preferred first, and obsolete terms.
type GlossaryTerm struct {
	ID    string
	Game  string              // "mtg" or "ygo"; empty when the term is shared
	Terms map[string][]string // "en", "fr", "ja" -> terms, preferred first
	Old   map[string][]string // "en", "fr", "ja" -> obsolete terms ("en jeu")
	// Say holds the words players use that are not the official term
	// ("EDH", "gets priority", "状態起因処理" for 状況起因処理): they find the
	// term, and are never shown as its name.
	Say map[string][]string
	// Texts are the words by which the English texts speak of what the
	// term does without naming it ("excess damage" for trample, in 702.2c
	// on deathtouch): a text holding them is about the term, but a
	// question holding them is not.
	Texts []string
	// Rules are the numbers of the rules that define the term, when its
	// English name is not a rule's title or a glossary entry of the
	// Comprehensive Rules ("commander damage" -> 903.10a).
	Rules []string
	Note  string
	Line  int
}

// Preferred returns the preferred term in lang ("en", "fr", "ja"), or "".
func (g GlossaryTerm) Preferred(lang string) string {
	if t := g.Terms[lang]; len(t) > 0 {
		return t[0]
	}
	return ""
}

// Glossary is the cross-language term glossary (data/glossary.yaml).
type Glossary struct {
	terms []GlossaryTerm
	index map[string][]int // folded term -> indexes in terms, in file order
}

// Match is the result of a glossary lookup.
type Match struct {
	Term     GlossaryTerm
	Lang     string // language of the matched term
	Obsolete bool   // the matched term is an obsolete one
}

// Terms returns every entry, in file order.
func (g Glossary) Terms() []GlossaryTerm { return slices.Clone(g.terms) }

// Lookup finds the entry holding term in any language, current or obsolete,
// ignoring case, accents and character width. When entries of both games
// hold the term, the first in file order wins; see LookupAll.
func (g Glossary) Lookup(term string) (Match, bool) {
	all := g.LookupAll(term)
	if len(all) == 0 {
		return Match{}, false
	}
	return all[0], true
}

// LookupAll returns every entry holding term (one per game at most).
func (g Glossary) LookupAll(term string) []Match {
	k := FoldKey(term)
	var out []Match
	for _, i := range g.index[k] {
		out = append(out, g.terms[i].match(k))
	}
	return out
}

// match tells which language (and whether an obsolete term) of t matched
// the folded term k.
func (t GlossaryTerm) match(k string) Match {
	for _, lang := range []string{"en", "fr", "ja"} {
		for _, s := range t.Terms[lang] {
			if FoldKey(s) == k {
				return Match{Term: t, Lang: lang}
			}
		}
	}
	for _, lang := range []string{"en", "fr", "ja"} {
		for _, s := range t.Old[lang] {
			if FoldKey(s) == k {
				return Match{Term: t, Lang: lang, Obsolete: true}
			}
		}
	}
	return Match{Term: t}
}

type glossaryYAML struct {
	ID    string   `yaml:"id"`
	EN    []string `yaml:"en"`
	FR    []string `yaml:"fr"`
	JA    []string `yaml:"ja"`
	OldEN []string `yaml:"old_en"`
	OldFR []string `yaml:"old_fr"`
	OldJA []string `yaml:"old_ja"`
	SayEN []string `yaml:"say_en"`
	SayFR []string `yaml:"say_fr"`
	SayJA []string `yaml:"say_ja"`
	Texts []string `yaml:"text_en"`
	Note  string   `yaml:"note"`
	Game  string   `yaml:"game"`
	Rules []string `yaml:"rules"`
}

// ParseGlossary parses the term glossary: a YAML list of {id, en, fr, ja,
// old_en, old_fr, old_ja, say_en?, say_fr?, say_ja?, text_en?, note?, game?, rules?}. Every entry needs an id and at
// least one English term; game, when given, is mtg or ygo. A term (folded)
// may belong to one entry per game only.
func ParseGlossary(name string, src []byte) (Glossary, error) {
	var nodes []ast.Node
	if err := unmarshalYAML(src, &nodes); err != nil {
		return Glossary{}, yamlErr(name, err)
	}
	g := Glossary{index: make(map[string][]int)}
	ids := make(map[string]int)
	for _, n := range nodes {
		line := nodeLine(n)
		var e glossaryYAML
		if err := nodeToValue(n, &e); err != nil {
			return Glossary{}, yamlErr(name, err)
		}
		if e.ID == "" || len(e.EN) == 0 {
			return Glossary{}, lineErr(name, line, CodeMissingField, "a glossary entry needs an id and an English term")
		}
		if !corpusIDRe.MatchString(e.ID) {
			return Glossary{}, lineErr(name, line, CodeBadID, "id %q has characters other than letters, digits, . - _", e.ID)
		}
		if prev, dup := ids[e.ID]; dup {
			return Glossary{}, lineErr(name, line, CodeDuplicateID, "id %q is already used at line %d", e.ID, prev)
		}
		ids[e.ID] = line
		if e.Game != "" && e.Game != "mtg" && e.Game != "ygo" {
			return Glossary{}, lineErr(name, line, CodeBadKind, "entry %q: game %q; want mtg or ygo", e.ID, e.Game)
		}
		t := GlossaryTerm{
			ID: e.ID, Note: e.Note, Game: e.Game, Line: line, Rules: e.Rules, Texts: e.Texts,
			Terms: map[string][]string{"en": e.EN, "fr": e.FR, "ja": e.JA},
			Old:   map[string][]string{"en": e.OldEN, "fr": e.OldFR, "ja": e.OldJA},
			Say:   map[string][]string{"en": e.SayEN, "fr": e.SayFR, "ja": e.SayJA},
		}
		i := len(g.terms)
		for _, set := range []map[string][]string{t.Terms, t.Old, t.Say} {
			for _, list := range set {
				for _, s := range list {
					k := FoldKey(s)
					if k == "" {
						return Glossary{}, lineErr(name, line, CodeMissingField, "entry %q has an empty term", e.ID)
					}
					if slices.Contains(g.index[k], i) {
						continue
					}
					for _, j := range g.index[k] {
						if g.terms[j].Game == e.Game {
							return Glossary{}, lineErr(name, line, CodeDuplicateID, "term %q of %q already belongs to %q (line %d)", s, e.ID, g.terms[j].ID, g.terms[j].Line)
						}
					}
					g.index[k] = append(g.index[k], i)
				}
			}
		}
		g.terms = append(g.terms, t)
	}
	return g, nil
}

// Renumbered is an entry of the renumbering table: an old rule number (or
// abolished concept) and what became of it.
type Renumbered struct {
	Old       string `yaml:"old"`
	Current   string `yaml:"current"`
	Abolished bool   `yaml:"abolished"`
	Changed   string `yaml:"changed"` // YYYY-MM-DD the numbering changed, if known
	Note      string `yaml:"note"`
	Line      int    `yaml:"-"`
}

// Renumbering maps old rule numbers to current ones (data/renumbering.yaml).
// The zero value is an empty table.
type Renumbering struct {
	entries []Renumbered
	byOld   map[string]int
}

// ParseRenumbering parses the renumbering table: a YAML list of {old,
// current?, abolished?, changed?, note?}. An entry needs old and either
// current or abolished: true.
func ParseRenumbering(name string, src []byte) (Renumbering, error) {
	var nodes []ast.Node
	if err := unmarshalYAML(src, &nodes); err != nil {
		return Renumbering{}, yamlErr(name, err)
	}
	ren := Renumbering{byOld: make(map[string]int)}
	for _, n := range nodes {
		line := nodeLine(n)
		var e Renumbered
		if err := nodeToValue(n, &e); err != nil {
			return Renumbering{}, yamlErr(name, err)
		}
		e.Line = line
		switch {
		case e.Old == "":
			return Renumbering{}, lineErr(name, line, CodeMissingField, "an entry has no old number")
		case e.Current == "" && !e.Abolished:
			return Renumbering{}, lineErr(name, line, CodeMissingField, "entry %q needs current or abolished: true", e.Old)
		case e.Changed != "" && !validDate(e.Changed):
			return Renumbering{}, lineErr(name, line, CodeBadDate, "changed %q is not YYYY-MM-DD", e.Changed)
		}
		if prev, dup := ren.byOld[e.Old]; dup {
			return Renumbering{}, lineErr(name, line, CodeDuplicateID, "old number %q is already listed at line %d", e.Old, ren.entries[prev].Line)
		}
		ren.byOld[e.Old] = len(ren.entries)
		ren.entries = append(ren.entries, e)
	}
	return ren, nil
}

// Entries returns the table, in file order.
func (r Renumbering) Entries() []Renumbered { return slices.Clone(r.entries) }

// Lookup returns the entry for an old number. A number not listed falls under
// its nearest listed ancestor: "502.15h" under "502.15", "502.15" under "502".
func (r Renumbering) Lookup(old string) (Renumbered, bool) {
	for n := old; n != ""; n = ruleParent(n) {
		if i, ok := r.byOld[n]; ok {
			return r.entries[i], true
		}
	}
	return Renumbered{}, false
}

// Olds returns the old numbers whose successor is current, in file order.
func (r Renumbering) Olds(current string) []string {
	var out []string
	for _, e := range r.entries {
		if e.Current == current {
			out = append(out, e.Old)
		}
	}
	return out
}

// ruleParent returns the number one level up: "702.26a" -> "702.26" ->
// "702" -> "7" -> "".
func ruleParent(n string) string {
	if i := strings.LastIndexByte(n, '.'); i >= 0 {
		last := n[len(n)-1]
		if last >= 'a' && last <= 'z' {
			return strings.TrimRight(n, "abcdefghijklmnopqrstuvwxyz")
		}
		return n[:i]
	}
	if len(n) == 3 {
		return n[:1]
	}
	return ""
}

// String describes an entry for logs.
func (e Renumbered) String() string {
	if e.Abolished {
		return fmt.Sprintf("%s (abolished)", e.Old)
	}
	return e.Old + " -> " + e.Current
}
