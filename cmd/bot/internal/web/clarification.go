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

// pickVersions keeps one version of each clarification: the page's
// language if there is a translation into it, else the English, else the
// original; each kept translation comes with its original.
func pickVersions(docs []kb.Doc, lang string) (kept []kb.Doc, originals map[string]kb.Doc) {
	byID := map[string]kb.Doc{}
	for _, d := range docs {
		byID[d.ID] = d
	}
	best := map[string]int{} // original id -> index in kept
	originals = map[string]kb.Doc{}
	for _, d := range docs {
		key := d.ID
		if d.OriginalID != "" {
			key = d.OriginalID
		}
		i, seen := best[key]
		if !seen {
			best[key] = len(kept)
			kept = append(kept, d)
			continue
		}
		if langRank(d.Lang, lang) < langRank(kept[i].Lang, lang) {
			kept[i] = d
		}
	}
	for _, d := range kept {
		if d.OriginalID != "" {
			if o, ok := byID[d.OriginalID]; ok {
				originals[d.ID] = o
			}
		}
	}
	return kept, originals
}

// langRank puts clarifications in the page's language first, then the
// English originals, then the rest.
func langRank(lang, page string) int {
	switch lang {
	case page:
		return 0
	case "en":
		return 1
	}
	return 2
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
