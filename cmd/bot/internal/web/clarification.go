package web

import (
	"html/template"
	"strings"

	"arbiter/cmd/bot/internal/render"
	"arbiter/i18n"
	"arbiter/kb"
)

// clarification is a ruling or article that cites a rule, or a ruling of
// a card, as a page lists it.
type clarification struct {
	Heading   string
	Lang      string
	Text      template.HTML
	Date      string
	Source    string
	SourceURL string
	CardHref  string
	Card      string
	MT        bool
	SimHref   string
	LangBadge string // the text's language, when not the page's
	MTLabel   string
	SimLabel  string
	// Original is the text a translation was made from, shown folded.
	Original      template.HTML
	OriginalLang  string
	OriginalLabel string
}

// clarificationOf is a clarification as a page lists it.
func (w *Pages) clarificationOf(pg *page, d kb.Doc, lk *textLinker) clarification {
	c := clarification{
		Lang: d.Lang, Text: lk.HTML(d.Text), Date: d.Date, Source: render.SourceName(pg.p, d.Source), SourceURL: safeURL(d.URL),
		Card: d.Card, MT: d.MachineTranslated,
	}
	cit := render.CitationOf(d, 0, "", "")
	cit.Lang = pg.Lang // the badge says the language, not the heading
	c.Heading = render.Heading(pg.p, cit)
	if l, ok := i18n.ParseLang(d.Lang); ok && d.Lang != pg.Lang {
		c.LangBadge = pg.p.LangName(l)
	}
	if d.MachineTranslated {
		c.MTLabel = pg.p.T(i18n.KeyMTLabel)
	}
	c.SimLabel = pg.p.T(i18n.KeyWebSeeSim)
	if d.Card != "" {
		c.CardHref = pg.Href(render.CardPath(d.Card))
	}
	if d.Preset != "" {
		c.SimHref = pg.Href("/sim/" + d.Preset)
	}
	return c
}

// clarificationWith is clarificationOf with the original of a translation.
func (w *Pages) clarificationWith(pg *page, d kb.Doc, originals map[string]kb.Doc, lk *textLinker) clarification {
	c := w.clarificationOf(pg, d, lk)
	if o, ok := originals[d.ID]; ok {
		c.Original = lk.HTML(o.Text)
		c.OriginalLang = o.Lang
		label := pg.p.T(i18n.KeyLabelOriginal)
		if l, ok := i18n.ParseLang(o.Lang); ok {
			label += " (" + pg.p.LangName(l) + ")"
		}
		c.OriginalLabel = label
	}
	return c
}

// safeURL keeps only http and https links to other sites.
func safeURL(u string) string {
	if strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://") {
		return u
	}
	return ""
}

// clarGroup is what a rule page lists once of the texts that cite it: a
// card's rulings under one heading that names the card as the reader
// knows it, or one article.
type clarGroup struct {
	Heading  string
	CardHref string
	Card     string
	Texts    []clarification
}

// clarGroupOf is a group of clarifications as a rule page lists it.
func (w *Pages) clarGroupOf(pg *page, g render.ClarificationGroup, lk *textLinker) clarGroup {
	out := clarGroup{Heading: render.GroupHeading(pg.p, g, "")}
	if g.Card != "" {
		out.CardHref = pg.Href(render.CardPath(g.Card))
		out.Card = render.CardLabel(pg.p, render.Citation{Card: g.Card, CardNames: g.CardNames})
	}
	originals := map[string]kb.Doc{}
	for _, t := range g.Texts {
		if t.Original != nil {
			originals[t.Doc.ID] = *t.Original
		}
	}
	for _, t := range g.Texts {
		c := w.clarificationWith(pg, t.Doc, originals, lk)
		c.Card, c.CardHref = "", "" // named once, by the group
		out.Texts = append(out.Texts, c)
	}
	return out
}
