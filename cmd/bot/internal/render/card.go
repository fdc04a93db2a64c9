package render

import (
	"fmt"
	"strings"

	"arbiter/i18n"
)

// CardAnswer is a card's rulings, the JSON shape of "bot card --json".
type CardAnswer struct {
	Card    string            `json:"card"`
	Names   map[string]string `json:"names"`
	Rulings []Citation        `json:"rulings"`
	// Extensions.
	AllNames    map[string][]string `json:"all_names,omitempty"`
	Fuzzy       bool                `json:"fuzzy,omitempty"`
	Suggestions []string            `json:"suggestions,omitempty"`
}

// CardText is the text form of a card's rulings, under its name in the
// printer's language (and asked, when the name was matched loosely).
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
		for _, line := range WrapText(r.Text, 100) {
			b.WriteString("   " + line + "\n")
		}
		if r.MachineTranslated {
			b.WriteString("   " + p.T(i18n.KeyMTLabel) + "\n")
		}
	}
	return b.String()
}
