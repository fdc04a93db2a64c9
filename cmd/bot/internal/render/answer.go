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
	// Corrected is the number of the confirmed report whose text the
	// answer cites first (0: none).
	Corrected int64 `json:"corrected,omitempty"`
	// OffTopic reports a question that asks what the rules texts do not
	// hold (kb.Result.OffTopic): Citations is empty.
	OffTopic bool `json:"off_topic,omitempty"`
}

// AnswerOf is the answer a search result gives: its first line quotes the
// sentence that answers, with its reference (or frames the citations when
// no sentence stands out), then a citation per hit, each translation with
// its original.
func AnswerOf(p *i18n.Printer, res *kb.Result, publicURL string) Answer {
	a := Answer{Query: res.Query, Lang: res.Lang, Citations: []Citation{}, OffTopic: res.OffTopic && len(res.Hits) == 0}
	for _, h := range res.Hits {
		a.Citations = append(a.Citations, CitationOfHit(h, publicURL))
	}
	switch {
	case len(res.Hits) == 0 && res.Unknown != "":
		a.Answer = p.T(i18n.KeyAnswerNoSuchCard, res.Unknown)
	case len(res.Hits) == 0 && res.OffTopic:
		a.Answer = p.T(i18n.KeyAnswerOffTopic, res.Query)
	case len(res.Hits) == 0:
		a.Answer = p.T(i18n.KeyAnswerNothingFound, res.Query)
	case a.Citations[0].Quote != "":
		a.Answer = QuoteLine(p, a.Citations[0])
	default:
		a.Answer = p.T(i18n.KeyAnswerFound)
	}
	return a
}

// QuoteLine is the first line of an answer that quotes c: its reference
// and the sentence that answers, saying so when that sentence is in
// another language than the reader's or machine-translated.
func QuoteLine(p *i18n.Printer, c Citation) string {
	ref, quote := ShortRef(p, c), ClipRunes(c.Quote, maxQuote)
	if c.MachineTranslated {
		return p.T(i18n.KeyAnswerQuoteMT, ref, quote)
	}
	if l, ok := i18n.ParseLang(c.Lang); ok && l != p.Lang() {
		return p.T(i18n.KeyAnswerQuoteIn, ref, quote, p.LangName(l))
	}
	return p.T(i18n.KeyAnswerQuote, ref, quote)
}

// maxQuote is the longest quote of an answer's first line, in characters.
const maxQuote = 300

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

// ObsoleteNote says what an obsolete citation was replaced by: the
// current rule, or that the rule was abolished.
func ObsoleteNote(p *i18n.Printer, c Citation) string {
	doc := kb.Kind(c.Kind) != kb.KindRule
	since := ""
	if c.ObsoleteSince != "" {
		since = p.Date(c.ObsoleteSince)
	}
	switch {
	case c.Current != "" && doc && since != "":
		return p.T(i18n.KeyCiteObsoleteDocSince, c.Current, since)
	case c.Current != "" && doc:
		return p.T(i18n.KeyCiteObsoleteDoc, c.Current)
	case c.Current != "" && since != "":
		return p.T(i18n.KeyCiteObsoleteSince, c.Current, since)
	case c.Current != "":
		return p.T(i18n.KeyCiteObsolete, c.Current)
	case since != "":
		return p.T(i18n.KeyCiteAbolishedSince, since)
	}
	return p.T(i18n.KeyCiteAbolished)
}

// OriginalHeading introduces the original of a translation, naming its
// language.
func OriginalHeading(p *i18n.Printer, o Citation) string {
	if l, ok := i18n.ParseLang(o.Lang); ok {
		return p.T(i18n.KeyMTOriginalHeadingIn, p.LangName(l))
	}
	return p.T(i18n.KeyMTOriginalHeading)
}

// AnswerText is the text form of an answer: the framing line, then each
// citation with its reference, date, source and link; with original, the
// text each translation was made from.
func AnswerText(p *i18n.Printer, a Answer, original bool) string {
	var b strings.Builder
	b.WriteString(a.Answer)
	b.WriteString("\n")
	if len(a.Citations) == 0 && !a.OffTopic {
		b.WriteString(p.T(i18n.KeyAnswerNothingFoundHint) + "\n")
	}
	for i, c := range a.Citations {
		b.WriteString("\n")
		fmt.Fprintf(&b, "%d. %s\n", i+1, Heading(p, c))
		for _, line := range WrapText(PlainSnippet(c.Snippet, c.Text), 100) {
			b.WriteString("   " + line + "\n")
		}
		for _, l := range UnnamedYGOCards(c) {
			b.WriteString("   " + l.Text + " → " + l.URL + "\n")
		}
		if c.MachineTranslated {
			b.WriteString("   " + MTLabel(p, c) + "\n")
			if original && c.Original != nil {
				b.WriteString("   " + OriginalHeading(p, *c.Original) + "\n")
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
			b.WriteString("   " + ObsoleteNote(p, c) + "\n")
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
