package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"arbiter/data"
	"arbiter/i18n"
	"arbiter/kb"
)

// openIndex opens the index at dir, or indexes the embedded corpus in
// memory when dir is empty.
func (e *env) openIndex(dir string) (*kb.Index, error) {
	if dir != "" {
		kb.WarmJapanese()
		return kb.Open(e.ctx, dir)
	}
	kb.WarmJapanese()
	c := kb.NewCollection()
	if err := c.AddCorpus(data.FS()); err != nil {
		return nil, err
	}
	if err := c.Finish(); err != nil {
		return nil, err
	}
	return kb.NewMem(e.ctx, c)
}

// citation is one cited text, as the JSON contract (spec/cli.md) names it.
type citation struct {
	ID                string  `json:"id"`
	Kind              string  `json:"kind"`
	Ref               string  `json:"ref"`
	Card              string  `json:"card"`
	Lang              string  `json:"lang"`
	Title             string  `json:"title"`
	Text              string  `json:"text"`
	Snippet           string  `json:"snippet"`
	Source            string  `json:"source"`
	Date              string  `json:"date"`
	URL               string  `json:"url"`
	MachineTranslated bool    `json:"machine_translated"`
	OriginalID        string  `json:"original_id"`
	Score             float64 `json:"score"`
	// Extensions.
	CRDate   string    `json:"cr_date,omitempty"`
	Obsolete bool      `json:"obsolete,omitempty"`
	Current  string    `json:"current,omitempty"`
	Preset   string    `json:"preset,omitempty"`
	Original *citation `json:"original,omitempty"`
	// RulesChanged lists the rules the text cites whose wording changed
	// between the release in force on the text's date and the current one.
	RulesChanged []kb.RuleChangeSince `json:"rules_changed,omitempty"`
}

// annotateChanges marks the citations whose cited rules changed since
// they were written.
func annotateChanges(ctx context.Context, ix *kb.Index, a *answer) {
	for i := range a.Citations {
		c := &a.Citations[i]
		if c.Kind == string(kb.KindRule) || c.Date == "" {
			continue
		}
		d, ok := ix.Doc(ctx, c.ID)
		if !ok {
			continue
		}
		for _, r := range d.Cites {
			if ch, ok := ix.ChangedSince(ctx, r, c.Date); ok {
				c.RulesChanged = append(c.RulesChanged, ch)
			}
		}
	}
}

func toCitation(d kb.Doc, score float64, snippet string, publicURL string) citation {
	c := citation{
		ID: d.ID, Kind: string(d.Kind), Ref: d.Ref, Card: d.Card, Lang: d.Lang, Title: d.Title,
		Text: d.Text, Snippet: markdownSnippet(snippet, d.Text), Source: d.Source, Date: d.Date, URL: d.URL,
		MachineTranslated: d.MachineTranslated, OriginalID: d.OriginalID, Score: round2(score),
		CRDate: d.CRDate, Obsolete: d.Obsolete, Current: d.Current, Preset: d.Preset,
	}
	if publicURL != "" {
		c.URL = docURL(publicURL, d)
	}
	return c
}

// docURL is the page of the bot's own web server that shows d (the page
// picks its language from the reader's browser), or d's own link.
func docURL(base string, d kb.Doc) string {
	if p := webDocPath(d); p != "" {
		return strings.TrimSuffix(base, "/") + p
	}
	return d.URL
}

// markdownSnippet turns the index's highlight marks into **bold**; with no
// snippet, the start of the text.
func markdownSnippet(snippet, text string) string {
	if snippet == "" {
		return clipRunes(text, 220)
	}
	return strings.NewReplacer(kb.MarkStart, "**", kb.MarkEnd, "**").Replace(snippet)
}

func plainSnippet(snippet, text string) string {
	if snippet == "" {
		return clipRunes(text, 220)
	}
	return strings.NewReplacer(kb.MarkStart, "", kb.MarkEnd, "").Replace(snippet)
}

func clipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimSpace(string(r[:n])) + "…"
}

// answer is the JSON shape of "bot ask --json".
type answer struct {
	Query     string     `json:"query"`
	Lang      string     `json:"lang"`
	Answer    string     `json:"answer"`
	Citations []citation `json:"citations"`
}

func buildAnswer(p *i18n.Printer, res *kb.Result, publicURL string) answer {
	a := answer{Query: res.Query, Lang: res.Lang, Citations: []citation{}}
	for _, h := range res.Hits {
		c := toCitation(h.Doc, h.Score, h.Snippet, publicURL)
		if h.Original != nil {
			o := toCitation(*h.Original, h.Score, "", publicURL)
			c.Original = &o
		}
		a.Citations = append(a.Citations, c)
	}
	if len(res.Hits) == 0 {
		a.Answer = p.T(i18n.KeyAnswerNothingFound, res.Query)
	} else {
		a.Answer = p.T(i18n.KeyAnswerFound)
	}
	return a
}

func cmdAsk(e *env, args []string) int {
	fs := e.newFlagSet("ask")
	var cf commonFlags
	cf.register(fs)
	k := fs.Int("k", 5, "how many citations at most")
	batch := fs.String("batch", "", "file of questions, one per line or JSON lines {\"query\",\"lang\"} (- for stdin)")
	original := fs.Bool("original", false, "show the original text under each translation")
	game := fs.String("game", "", "mtg or ygo (default: both)")
	publicURL := fs.String("public-url", "", "base URL of the web pages; citations link there")
	pos, err := parseInterspersed(fs, args)
	question := strings.Join(pos, " ")
	p := e.printer(cf.lang, question)
	if err != nil {
		return e.usageError(p, i18n.KeyBadFlags, "ask", err.Error())
	}
	if *batch == "" && strings.TrimSpace(question) == "" {
		return e.usageError(p, i18n.KeyErrMissingArg, "ask", "QUESTION")
	}
	ix, err := e.openIndex(cf.index)
	if err != nil {
		return e.inputError(p, err)
	}
	defer ix.Close()
	if *batch != "" {
		return e.askBatch(ix, *batch, cf, *k, *game, *publicURL)
	}
	res, err := ix.Search(e.ctx, kb.Query{Text: question, Lang: p.Lang().String(), K: *k, Game: *game})
	if err != nil {
		return e.inputError(p, err)
	}
	a := buildAnswer(p, res, *publicURL)
	annotateChanges(e.ctx, ix, &a)
	if cf.json {
		if code := e.writeJSON(a); code != 0 {
			return code
		}
	} else {
		fmt.Fprint(e.stdout, renderAnswer(p, a, *original))
	}
	if len(a.Citations) == 0 {
		return 1
	}
	return 0
}

// askBatch answers one question per line, keeping the index open; each
// answer is one JSON object per line (or a text block without --json).
func (e *env) askBatch(ix *kb.Index, file string, cf commonFlags, k int, game, publicURL string) int {
	var r io.Reader = e.stdin
	if file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return e.inputError(e.printer(cf.lang, ""), &fileError{file, err})
		}
		defer f.Close()
		r = f
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	code := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		q, lang := line, cf.lang
		if strings.HasPrefix(line, "{") {
			var in struct {
				Query string `json:"query"`
				Lang  string `json:"lang"`
			}
			if err := json.Unmarshal([]byte(line), &in); err == nil {
				q = in.Query
				if in.Lang != "" {
					lang = in.Lang
				}
			}
		}
		p := e.printer(lang, q)
		res, err := ix.Search(e.ctx, kb.Query{Text: q, Lang: p.Lang().String(), K: k, Game: game})
		if err != nil {
			msg := localizeError(p, err)
			if cf.json {
				e.writeJSON(map[string]any{"query": q, "lang": p.Lang().String(), "answer": msg, "citations": []citation{}, "error": msg})
			} else {
				fmt.Fprintln(e.stdout, msg)
			}
			code = 1
			continue
		}
		a := buildAnswer(p, res, publicURL)
		annotateChanges(e.ctx, ix, &a)
		if cf.json {
			e.writeJSON(a)
		} else {
			fmt.Fprintln(e.stdout, renderAnswer(p, a, false))
		}
	}
	if err := sc.Err(); err != nil {
		return e.inputError(e.printer(cf.lang, ""), &fileError{file, err})
	}
	return code
}

// renderAnswer is the text form of an answer: the framing line, then each
// citation with its reference, date, source and link.
func renderAnswer(p *i18n.Printer, a answer, original bool) string {
	var b strings.Builder
	b.WriteString(a.Answer)
	b.WriteString("\n")
	if len(a.Citations) == 0 {
		b.WriteString(p.T(i18n.KeyAnswerNothingFoundHint) + "\n")
	}
	for i, c := range a.Citations {
		b.WriteString("\n")
		fmt.Fprintf(&b, "%d. %s\n", i+1, citationHeading(p, c))
		for _, line := range wrap(plainSnippet(c.Snippet, c.Text), 100) {
			b.WriteString("   " + line + "\n")
		}
		if c.MachineTranslated {
			b.WriteString("   " + mtLabel(p, c) + "\n")
			if original && c.Original != nil {
				b.WriteString("   " + p.T(i18n.KeyMTOriginalHeading) + "\n")
				for _, line := range wrap(c.Original.Text, 100) {
					b.WriteString("   > " + line + "\n")
				}
			} else if c.Original != nil && c.Original.Lang != "en" {
				b.WriteString("   " + p.T(i18n.KeyCLIMTShowOriginal) + "\n")
			} else if c.Original != nil {
				b.WriteString("   " + p.T(i18n.KeyMTShowOriginal) + "\n")
			}
		}
		for _, ch := range c.RulesChanged {
			b.WriteString("   " + p.T(i18n.KeyCLIRuleChangedSince, ch.Number, p.Date(ch.From), p.Date(ch.To), ch.From) + "\n")
		}
		if c.Obsolete {
			if c.Current != "" {
				b.WriteString("   " + p.T(i18n.KeyCiteObsolete, c.Current) + "\n")
			} else {
				b.WriteString("   " + p.T(i18n.KeyCiteAbolished) + "\n")
			}
		}
		if c.Preset != "" {
			b.WriteString("   " + p.T(i18n.KeyCLISeePreset, c.Preset) + "\n")
		}
		if c.URL != "" {
			b.WriteString("   " + c.URL + "\n")
		}
	}
	return b.String()
}

// citationHeading is the one-line reference of a citation: what it is, its
// number or card, its date and source.
func citationHeading(p *i18n.Printer, c citation) string {
	var parts []string
	switch kb.Kind(c.Kind) {
	case kb.KindRule:
		parts = append(parts, p.T(i18n.KeyCiteRule, c.Ref))
		if c.Title != "" {
			parts[0] += " — " + c.Title
		}
	case kb.KindGlossary:
		parts = append(parts, p.T(i18n.KeyCiteGlossary, c.Ref))
	case kb.KindRuling:
		if c.Card != "" && c.Date != "" {
			parts = append(parts, p.T(i18n.KeyCiteRuling, c.Card, p.Date(c.Date)))
		} else {
			parts = append(parts, p.T(i18n.KeyLabelRuling))
			if c.Card != "" {
				parts = append(parts, c.Card)
			}
			if c.Date != "" {
				parts = append(parts, p.Date(c.Date))
			}
		}
	default:
		t := c.Title
		if t == "" {
			t = c.Ref
		}
		parts = append(parts, p.T(i18n.KeyLabelArticle)+" — "+t)
		if c.Date != "" {
			parts = append(parts, p.Date(c.Date))
		}
	}
	if c.Kind == string(kb.KindRule) && c.CRDate != "" && !c.Obsolete {
		parts = append(parts, p.T(i18n.KeyCiteCREffective, p.Date(c.CRDate)))
	}
	if c.Source != "" {
		parts = append(parts, c.Source)
	}
	if c.Lang != p.Lang().String() {
		parts = append(parts, "["+c.Lang+"]")
	}
	return strings.Join(parts, " · ")
}

// wrap breaks text into lines of at most width runes at spaces (Japanese
// text, which has none, is cut at width).
func wrap(text string, width int) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		para = strings.TrimSpace(para)
		if para == "" {
			continue
		}
		r := []rune(para)
		for len(r) > width {
			cut := width
			for i := width; i > width/2; i-- {
				if r[i] == ' ' {
					cut = i
					break
				}
			}
			out = append(out, strings.TrimSpace(string(r[:cut])))
			r = []rune(strings.TrimSpace(string(r[cut:])))
		}
		out = append(out, string(r))
	}
	return out
}

// mtLabel is the machine-translation notice of a citation, naming the
// language of its original.
func mtLabel(p *i18n.Printer, c citation) string {
	if c.Original != nil && c.Original.Lang != "en" {
		if l, ok := i18n.ParseLang(c.Original.Lang); ok {
			return p.T(i18n.KeyCLIMTLabelLang, p.LangName(l))
		}
	}
	return p.T(i18n.KeyMTLabel)
}
