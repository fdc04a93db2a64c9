package chat

import (
	"context"
	"strings"

	"arbiter/cmd/bot/internal/render"
	"arbiter/i18n"
	"arbiter/kb"
)

// glossaryPage answers /glossary: a term in the three languages, its old
// names, its note and its Comprehensive Rules definition.
func (rt *Router) glossaryPage(ctx context.Context, c call) (Response, error) {
	p, st, ix := c.p, c.st, c.ix
	term := strings.TrimSpace(st.Arg)
	if term == "" {
		return Response{}, userErr(i18n.KeyDiscordMissingOption, "term")
	}
	g := ix.Glossary()
	if g == nil {
		return Response{}, userErr(i18n.KeyDiscordUnknownTerm, escapeText(term))
	}
	m, ok := g.Lookup(term)
	if !ok {
		m, ok = glossaryByID(ix, term)
	}
	if !ok {
		return Response{}, userErr(i18n.KeyDiscordUnknownTerm, escapeText(term))
	}
	t := m.Term
	title := term
	if ts := t.Terms[st.Lang.String()]; len(ts) > 0 {
		title = ts[0]
	}
	e := Embed{Title: escapeText(p.T(i18n.KeyDiscordGlossaryTitle, title)), Color: colorGlossary}
	for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
		if ts := t.Terms[l.String()]; len(ts) > 0 {
			e.Fields = append(e.Fields, Field{Name: upperFirst(p.LangName(l)), Value: escapeText(strings.Join(ts, ", ")), Inline: true})
		}
	}
	var old []string
	for _, l := range []string{"en", "fr", "ja"} {
		old = append(old, t.Old[l]...)
	}
	if len(old) > 0 {
		e.Fields = append(e.Fields, Field{Name: p.T(i18n.KeyDiscordGlossaryOld), Value: escapeText(strings.Join(old, ", "))})
	}
	if t.Note != "" {
		e.Fields = append(e.Fields, Field{Name: p.T(i18n.KeyDiscordGlossaryNote), Value: escapeText(t.Note)})
	}
	if en := t.Terms["en"]; len(en) > 0 {
		if d, ok := ix.Doc(ctx, "glossary:"+kb.Slug(en[0])); ok {
			e.Description = escapeText(d.Text)
			c := render.CitationOf(d, 0, "", rt.publicURL)
			e.URL = httpURL(c.URL)
		}
	}
	return Response{Embeds: []Embed{e}}, nil
}

// glossaryByID finds a glossary entry by its ID, the value autocomplete sends.
func glossaryByID(ix Index, id string) (kb.Match, bool) {
	for _, t := range ix.Glossary().Terms() {
		if t.ID == id {
			return kb.Match{Term: t, Lang: "en"}, true
		}
	}
	return kb.Match{}, false
}
