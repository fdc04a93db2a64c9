package render

import (
	"strings"

	"arbiter/i18n"
	"arbiter/kb"
)

// Citation is one cited text, as the JSON contract (spec/cli.md) names it.
type Citation struct {
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
	Original *Citation `json:"original,omitempty"`
	// RulesChanged lists the rules the text cites whose wording changed
	// between the release in force on the text's date and the current one.
	RulesChanged []kb.RuleChangeSince `json:"rules_changed,omitempty"`
}

// CitationOf is the citation of d: its snippet with the matched words in
// **bold**, its score rounded, and its link on the bot's web pages when
// publicURL is set (else d's own link).
func CitationOf(d kb.Doc, score float64, snippet string, publicURL string) Citation {
	c := Citation{
		ID: d.ID, Kind: string(d.Kind), Ref: d.Ref, Card: d.Card, Lang: d.Lang, Title: d.Title,
		Text: d.Text, Snippet: MarkdownSnippet(snippet, d.Text), Source: d.Source, Date: d.Date, URL: d.URL,
		MachineTranslated: d.MachineTranslated, OriginalID: d.OriginalID, Score: Round2(score),
		CRDate: d.CRDate, Obsolete: d.Obsolete, Current: d.Current, Preset: d.Preset,
	}
	if publicURL != "" {
		c.URL = DocURL(publicURL, d)
	}
	return c
}

// Heading is the one-line reference of a citation: what it is, its
// number or card, its date and source.
func Heading(p *i18n.Printer, c Citation) string {
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

// MTLabel is the machine-translation notice of a citation, naming the
// language of its original.
func MTLabel(p *i18n.Printer, c Citation) string {
	if c.Original != nil && c.Original.Lang != "en" {
		if l, ok := i18n.ParseLang(c.Original.Lang); ok {
			return p.T(i18n.KeyCLIMTLabelLang, p.LangName(l))
		}
	}
	return p.T(i18n.KeyMTLabel)
}

// MarkdownSnippet turns the index's highlight marks into **bold**; with no
// snippet, the start of the text.
func MarkdownSnippet(snippet, text string) string {
	if snippet == "" {
		return ClipRunes(text, 220)
	}
	return strings.NewReplacer(kb.MarkStart, "**", kb.MarkEnd, "**").Replace(snippet)
}

// PlainSnippet drops the index's highlight marks; with no snippet, the
// start of the text.
func PlainSnippet(snippet, text string) string {
	if snippet == "" {
		return ClipRunes(text, 220)
	}
	return strings.NewReplacer(kb.MarkStart, "", kb.MarkEnd, "").Replace(snippet)
}

// ClipRunes keeps the first n characters of s, and an ellipsis when it
// cut something.
func ClipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimSpace(string(r[:n])) + "…"
}

// Round2 rounds f to two decimals.
func Round2(f float64) float64 { return float64(int(f*100+0.5)) / 100 }
