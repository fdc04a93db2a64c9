package render

import (
	"context"
	"fmt"
	"strings"

	"arbiter/i18n"
	"arbiter/kb"
)

// Answer is the answer to a question, the JSON shape of "bot ask --json".
type Answer struct {
	Query     string     `json:"query"`
	Lang      string     `json:"lang"`
	Answer    string     `json:"answer"`
	Citations []Citation `json:"citations"`
}

// AnswerOf is the answer a search result gives: the framing line and a
// citation per hit, each translation with its original.
func AnswerOf(p *i18n.Printer, res *kb.Result, publicURL string) Answer {
	a := Answer{Query: res.Query, Lang: res.Lang, Citations: []Citation{}}
	for _, h := range res.Hits {
		c := CitationOf(h.Doc, h.Score, h.Snippet, publicURL)
		if h.Original != nil {
			o := CitationOf(*h.Original, h.Score, "", publicURL)
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

// changes is what AnnotateChanges reads of the index.
type changes interface {
	Doc(ctx context.Context, id string) (kb.Doc, bool)
	ChangedSince(ctx context.Context, number, date string) (kb.RuleChangeSince, bool)
}

// AnnotateChanges marks the citations whose cited rules changed since
// they were written.
func AnnotateChanges(ctx context.Context, ix changes, a *Answer) {
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

// AnswerText is the text form of an answer: the framing line, then each
// citation with its reference, date, source and link; with original, the
// text each translation was made from.
func AnswerText(p *i18n.Printer, a Answer, original bool) string {
	var b strings.Builder
	b.WriteString(a.Answer)
	b.WriteString("\n")
	if len(a.Citations) == 0 {
		b.WriteString(p.T(i18n.KeyAnswerNothingFoundHint) + "\n")
	}
	for i, c := range a.Citations {
		b.WriteString("\n")
		fmt.Fprintf(&b, "%d. %s\n", i+1, Heading(p, c))
		for _, line := range WrapText(PlainSnippet(c.Snippet, c.Text), 100) {
			b.WriteString("   " + line + "\n")
		}
		if c.MachineTranslated {
			b.WriteString("   " + MTLabel(p, c) + "\n")
			if original && c.Original != nil {
				b.WriteString("   " + p.T(i18n.KeyMTOriginalHeading) + "\n")
				for _, line := range WrapText(c.Original.Text, 100) {
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
