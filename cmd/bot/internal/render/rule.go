package render

import (
	"strings"

	"arbiter/i18n"
	"arbiter/kb"
)

// RuleAnswer is a rule with its subrules, the JSON shape of "bot rule --json".
type RuleAnswer struct {
	Rule     *Citation  `json:"rule"`
	Subrules []Citation `json:"subrules"`
	// Extensions.
	Asked     string     `json:"asked,omitempty"`
	Old       []Citation `json:"old,omitempty"`
	Current   string     `json:"current,omitempty"`
	Abolished bool       `json:"abolished,omitempty"`
	// CitedBy are the texts that cite the rule, each once, in the reader's
	// language where translated (with the original), a card's rulings
	// together (CitedClarifications).
	CitedBy []Citation `json:"cited_by,omitempty"`
	// ChangedSince is set when --cr-date names an older release and the
	// rule's text changed between it and the current release.
	ChangedSince *kb.RuleChangeSince `json:"changed_since,omitempty"`
}

// ValidRuleNumber accepts a section (702), a rule (702.26) or a subrule (702.26d).
func ValidRuleNumber(n string) bool {
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

// RuleText is the text form of a rule with its subrules: what an old
// number became, the rule's text, what changed since an older release and
// the texts that cite it.
func RuleText(p *i18n.Printer, r RuleAnswer) string {
	var b strings.Builder
	if len(r.Old) > 0 || r.Abolished {
		b.WriteString(p.T(i18n.KeyCLIOldRule, r.Asked) + "\n")
		for _, o := range r.Old {
			b.WriteString("\n" + Heading(p, o) + "\n")
			for _, line := range WrapText(o.Text, 100) {
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
		b.WriteString("\n" + Heading(p, *r.Rule) + "\n")
		writeRuleBody(&b, *r.Rule)
		for _, s := range r.Subrules {
			b.WriteString("\n" + s.Ref + " ")
			writeRuleBody(&b, s)
		}
		if r.Rule.URL != "" {
			b.WriteString("\n" + r.Rule.URL + "\n")
		}
	}
	if ch := r.ChangedSince; ch != nil {
		b.WriteString("\n" + p.T(i18n.KeyCLIChangedSince, p.Date(ch.From), p.Date(ch.To)) + "\n")
		for _, line := range WrapText(WordDiff(ch.Words), 100) {
			b.WriteString("   " + line + "\n")
		}
	}
	if len(r.CitedBy) > 0 {
		b.WriteString("\n" + p.T(i18n.KeyCLICitedBy) + "\n")
		// A card's rulings, listed together (CitedClarifications), take
		// one line.
		for i := 0; i < len(r.CitedBy); {
			c, n := r.CitedBy[i], 1
			for c.Card != "" && i+n < len(r.CitedBy) && r.CitedBy[i+n].Card == c.Card {
				n++
			}
			line := Heading(p, c)
			if n > 1 {
				line += " — " + p.T(i18n.KeyCountRulings, n)
			}
			b.WriteString("  - " + line + "\n")
			i += n
		}
	}
	return b.String()
}

// writeRuleBody writes a rule's text, its lines after the first indented.
func writeRuleBody(b *strings.Builder, c Citation) {
	for i, line := range WrapText(c.Text, 100) {
		if i > 0 {
			b.WriteString("   ")
		}
		b.WriteString(line + "\n")
	}
}

// CitedClarifications are the citations of the texts that cite a rule,
// grouped (GroupClarifications) and listed group after group.
func CitedClarifications(docs []kb.Doc, lang string, names func(string) map[string]string, publicURL string) []Citation {
	var out []Citation
	for _, g := range GroupClarifications(docs, lang, names) {
		for _, t := range g.Texts {
			c := CitationOf(t.Doc, 0, "", publicURL)
			c.CardNames = g.CardNames
			if t.Original != nil {
				o := CitationOf(*t.Original, 0, "", publicURL)
				o.CardNames = g.CardNames
				c.Original = &o
			}
			out = append(out, c)
		}
	}
	return out
}
