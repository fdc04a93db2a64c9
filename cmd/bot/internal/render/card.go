package render

import (
	"fmt"
	"strings"

	"arbiter/i18n"
	"arbiter/kb"
)

// CardAnswer is a card's texts and rulings, the JSON shape of "bot card
// --json".
type CardAnswer struct {
	Card    string            `json:"card"`
	Names   map[string]string `json:"names"`
	Rulings []Citation        `json:"rulings"`
	// Extensions.
	AllNames    map[string][]string `json:"all_names,omitempty"`
	Fuzzy       bool                `json:"fuzzy,omitempty"`
	Suggestions []string            `json:"suggestions,omitempty"`
	// Oracle is the card's Oracle text; Printed its printed text in the
	// reader's language (French or Japanese), when the index has them.
	Oracle  *Citation `json:"oracle,omitempty"`
	Printed *Citation `json:"printed,omitempty"`
}

// CardAnswerOf is what a reader of p's language is shown of a card: its
// names, its Oracle text and printed text, and its rulings in their
// official order, each in the reader's language when a translation exists
// (with its original).
func CardAnswerOf(p *i18n.Printer, res kb.CardResult, publicURL string) CardAnswer {
	lang := p.Lang().String()
	out := CardAnswer{Card: res.Name, Names: map[string]string{}, Rulings: []Citation{}, AllNames: res.Names, Fuzzy: res.Fuzzy, Suggestions: res.Suggestions}
	for l, ns := range res.Names {
		if len(ns) > 0 {
			out.Names[l] = ns[len(ns)-1] // the newest printing's name
		}
	}
	if res.Oracle != nil {
		c := CitationOf(*res.Oracle, 0, "", publicURL)
		out.Oracle = &c
	}
	if d, ok := res.Printed[lang]; ok {
		c := CitationOf(d, 0, "", publicURL)
		out.Printed = &c
	}
	for _, r := range res.Rulings {
		d := res.RulingIn(r, lang)
		c := CitationOf(d, 0, "", publicURL)
		if d.ID != r.ID {
			o := CitationOf(r, 0, "", publicURL)
			c.Original = &o
		}
		out.Rulings = append(out.Rulings, c)
	}
	return out
}

// CardText is the text form of a card: its name in the printer's language
// (and as asked, when the name was matched loosely), its other names, its
// Oracle and printed texts, then its rulings in their official order.
func CardText(p *i18n.Printer, asked string, c CardAnswer) string {
	var b strings.Builder
	display := i18n.CardName(p, c.Card, c.Names[p.Lang().String()])
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
	if c.Oracle != nil {
		b.WriteString("\n" + p.T(i18n.KeyCardOracle) + "\n")
		for _, line := range WrapText(c.Oracle.Text, 100) {
			b.WriteString("   " + line + "\n")
		}
	}
	if c.Printed != nil {
		name := c.Printed.Lang
		if l, ok := i18n.ParseLang(c.Printed.Lang); ok {
			name = p.LangName(l)
		}
		b.WriteString("\n" + p.T(i18n.KeyCardPrinted, name) + "\n")
		for _, line := range WrapText(c.Printed.Text, 100) {
			b.WriteString("   " + line + "\n")
		}
	}
	if len(c.Rulings) == 0 {
		b.WriteString("\n" + p.T(i18n.KeyCLINoRulings, display) + "\n")
	}
	for i, r := range c.Rulings {
		var head []string
		if r.Date != "" {
			head = append(head, p.Date(r.Date))
		}
		if r.Source != "" {
			src := SourceName(p, r.Source)
			if r.Via != "" {
				src += " (" + p.T(i18n.KeyCiteVia, r.Via) + ")"
			}
			head = append(head, src)
		}
		fmt.Fprintf(&b, "\n%d. %s\n", i+1, strings.Join(head, " · "))
		for _, line := range WrapText(r.Text, 100) {
			b.WriteString("   " + line + "\n")
		}
		if r.MachineTranslated {
			b.WriteString("   " + MTLabel(p, r) + "\n")
		}
	}
	return b.String()
}
