package main

import (
	"fmt"
	"strings"

	"arbiter/i18n"
	"arbiter/kb"
)

// ruleJSON is the JSON shape of "bot rule --json".
type ruleJSON struct {
	Rule     *citation  `json:"rule"`
	Subrules []citation `json:"subrules"`
	// Extensions.
	Asked     string     `json:"asked,omitempty"`
	Old       []citation `json:"old,omitempty"`
	Current   string     `json:"current,omitempty"`
	Abolished bool       `json:"abolished,omitempty"`
	CitedBy   []citation `json:"cited_by,omitempty"`
	// ChangedSince is set when --cr-date names an older release and the
	// rule's text changed between it and the current release.
	ChangedSince *kb.RuleChangeSince `json:"changed_since,omitempty"`
}

func cmdRule(e *env, args []string) int {
	fs := e.newFlagSet("rule")
	var cf commonFlags
	cf.register(fs)
	crDate := fs.String("cr-date", "", "effective date (YYYY-MM-DD) of an older CR release held in --index")
	publicURL := fs.String("public-url", "", "base URL of the web pages; citations link there")
	pos, err := parseInterspersed(fs, args)
	p := e.printer(cf.lang, "")
	if err != nil {
		return e.usageError(p, i18n.KeyBadFlags, "rule", err.Error())
	}
	if len(pos) != 1 {
		if len(pos) == 0 {
			return e.usageError(p, i18n.KeyErrMissingArg, "rule", "NUMBER")
		}
		return e.usageError(p, i18n.KeyErrTooManyArgs, "rule")
	}
	num := kb.NormalizeRuleNumber(pos[0])
	if !validRuleNumber(num) {
		return e.usageError(p, i18n.KeyErrBadRuleNumber, pos[0])
	}
	ix, err := e.openIndex(cf.index)
	if err != nil {
		return e.inputError(p, err)
	}
	defer ix.Close()
	res, found, err := ix.Rule(e.ctx, num, *crDate)
	if err != nil {
		return e.inputError(p, err)
	}
	if !found {
		if cf.json {
			e.writeJSON(ruleJSON{Asked: num, Subrules: []citation{}})
		}
		fmt.Fprintln(e.stderr, p.T(i18n.KeyErrUnknownRule, num))
		return 1
	}
	out := ruleJSON{Asked: num, Subrules: []citation{}, Current: res.Current, Abolished: res.Abolished && len(res.Old) > 0}
	if res.Rule.ID != "" {
		c := toCitation(res.Rule, 0, "", *publicURL)
		out.Rule = &c
	}
	for _, d := range res.Subrules {
		out.Subrules = append(out.Subrules, toCitation(d, 0, "", *publicURL))
	}
	for _, d := range res.Old {
		out.Old = append(out.Old, toCitation(d, 0, "", *publicURL))
	}
	for _, d := range res.CitedBy {
		out.CitedBy = append(out.CitedBy, toCitation(d, 0, "", *publicURL))
	}
	if *crDate != "" && res.Rule.ID != "" {
		if ch, ok := ix.ChangedSince(e.ctx, num, *crDate); ok {
			out.ChangedSince = &ch
		}
	}
	if cf.json {
		return e.writeJSON(out)
	}
	fmt.Fprint(e.stdout, renderRule(p, out))
	return 0
}

// validRuleNumber accepts a section (702), a rule (702.26) or a subrule (702.26d).
func validRuleNumber(n string) bool {
	if len(n) < 3 {
		return false
	}
	for i, r := range n {
		switch {
		case r >= '0' && r <= '9':
		case r == '.' && i == 3:
		case r >= 'a' && r <= 'z' && i == len(n)-1 && strings.Contains(n, "."):
		default:
			return false
		}
	}
	return n[:3] != "" && (len(n) == 3 || n[3] == '.')
}

// renderRule is the text form of a rule with its subrules and examples.
func renderRule(p *i18n.Printer, r ruleJSON) string {
	var b strings.Builder
	if len(r.Old) > 0 || r.Abolished {
		b.WriteString(p.T(i18n.KeyCLIOldRule, r.Asked) + "\n")
		for _, o := range r.Old {
			b.WriteString("\n" + citationHeading(p, o) + "\n")
			for _, line := range wrap(o.Text, 100) {
				b.WriteString("   " + line + "\n")
			}
		}
		b.WriteString("\n")
		if r.Current == "" {
			b.WriteString(p.T(i18n.KeyCLIAbolishedRule, r.Asked) + "\n")
		} else {
			b.WriteString(p.T(i18n.KeyCLINowRule, r.Current) + "\n")
			if r.Rule == nil {
				b.WriteString(p.T(i18n.KeyCLIRuleNotIndexed, r.Current) + "\n")
			}
		}
	}
	if r.Rule != nil {
		b.WriteString("\n" + citationHeading(p, *r.Rule) + "\n")
		writeRuleBody(p, &b, *r.Rule)
		for _, s := range r.Subrules {
			b.WriteString("\n" + s.Ref + " ")
			writeRuleBody(p, &b, s)
		}
		if r.Rule.URL != "" {
			b.WriteString("\n" + r.Rule.URL + "\n")
		}
	}
	if ch := r.ChangedSince; ch != nil {
		b.WriteString("\n" + p.T(i18n.KeyCLIChangedSince, p.Date(ch.From), p.Date(ch.To)) + "\n")
		for _, line := range wrap(wordDiff(ch.Words), 100) {
			b.WriteString("   " + line + "\n")
		}
	}
	if len(r.CitedBy) > 0 {
		b.WriteString("\n" + p.T(i18n.KeyCLICitedBy) + "\n")
		for _, c := range r.CitedBy {
			b.WriteString("  - " + citationHeading(p, c) + "\n")
		}
	}
	return b.String()
}

func writeRuleBody(p *i18n.Printer, b *strings.Builder, c citation) {
	for i, line := range wrap(c.Text, 100) {
		if i > 0 {
			b.WriteString("   ")
		}
		b.WriteString(line + "\n")
	}
}

// cardJSON is the JSON shape of "bot card --json".
type cardJSON struct {
	Card    string            `json:"card"`
	Names   map[string]string `json:"names"`
	Rulings []citation        `json:"rulings"`
	// Extensions.
	AllNames    map[string][]string `json:"all_names,omitempty"`
	Fuzzy       bool                `json:"fuzzy,omitempty"`
	Suggestions []string            `json:"suggestions,omitempty"`
}

func cmdCard(e *env, args []string) int {
	fs := e.newFlagSet("card")
	var cf commonFlags
	cf.register(fs)
	publicURL := fs.String("public-url", "", "base URL of the web pages; citations link there")
	pos, err := parseInterspersed(fs, args)
	name := strings.Join(pos, " ")
	p := e.printer(cf.lang, name)
	if err != nil {
		return e.usageError(p, i18n.KeyBadFlags, "card", err.Error())
	}
	if strings.TrimSpace(name) == "" {
		return e.usageError(p, i18n.KeyErrMissingArg, "card", "NAME")
	}
	if len([]rune(name)) > 200 {
		return e.usageError(p, i18n.KeyErrQuestionTooLong, 200)
	}
	ix, err := e.openIndex(cf.index)
	if err != nil {
		return e.inputError(p, err)
	}
	defer ix.Close()
	res, found, err := ix.Card(e.ctx, name)
	if err != nil {
		return e.inputError(p, err)
	}
	if !found {
		if cf.json {
			e.writeJSON(cardJSON{Names: map[string]string{}, Rulings: []citation{}})
		}
		fmt.Fprintln(e.stderr, p.T(i18n.KeyErrUnknownCard, name))
		return 1
	}
	out := cardJSON{Card: res.Name, Names: map[string]string{}, Rulings: []citation{}, AllNames: res.Names, Fuzzy: res.Fuzzy, Suggestions: res.Suggestions}
	for l, ns := range res.Names {
		if len(ns) > 0 {
			out.Names[l] = ns[len(ns)-1] // the newest printing's name
		}
	}
	for _, d := range res.Rulings {
		out.Rulings = append(out.Rulings, toCitation(d, 0, "", *publicURL))
	}
	if cf.json {
		return e.writeJSON(out)
	}
	fmt.Fprint(e.stdout, renderCard(p, name, out))
	return 0
}

// localName is the card's name in the printer's language, if printed in it.
func localName(p *i18n.Printer, names map[string]string) string {
	return names[p.Lang().String()]
}

func renderCard(p *i18n.Printer, asked string, c cardJSON) string {
	var b strings.Builder
	display := i18n.CardName(p, c.Card, localName(p, c.Names))
	if c.Fuzzy {
		b.WriteString(p.T(i18n.KeyCLIFuzzyCard, asked, display) + "\n")
	}
	b.WriteString(p.T(i18n.KeyAnswerRulings, display) + "\n")
	var others []string
	for _, l := range []string{"en", "fr", "ja"} {
		if n := c.Names[l]; n != "" && l != p.Lang().String() {
			others = append(others, n)
		}
	}
	if len(others) > 0 {
		b.WriteString(p.T(i18n.KeyCLINames, strings.Join(others, " / ")) + "\n")
	}
	if len(c.Rulings) == 0 {
		b.WriteString(p.T(i18n.KeyCLINoRulings, display) + "\n")
	}
	for i, r := range c.Rulings {
		var head []string
		if r.Date != "" {
			head = append(head, p.Date(r.Date))
		}
		if r.Source != "" {
			head = append(head, r.Source)
		}
		fmt.Fprintf(&b, "\n%d. %s\n", i+1, strings.Join(head, " · "))
		for _, line := range wrap(r.Text, 100) {
			b.WriteString("   " + line + "\n")
		}
		if r.MachineTranslated {
			b.WriteString("   " + p.T(i18n.KeyMTLabel) + "\n")
		}
	}
	return b.String()
}
