package web

import (
	"net/http"
	"strings"

	"arbiter/cmd/bot/internal/render"
	"arbiter/i18n"
)

// cardData is the content of a card page.
type cardData struct {
	Name        string
	Display     string
	Names       []langText
	Fuzzy       bool
	Asked       string
	Suggestions []navLink
	Rulings     []clarification
}

// card serves /cards/{name}: a card's rulings, newest first.
func (w *Pages) card(r *http.Request, ix Index, pg *page) (string, error) {
	name := strings.TrimSpace(r.PathValue("name"))
	if name == "" || len([]rune(name)) > 200 {
		return "", badRequest(i18n.KeyWebErrUnknownCard, render.ClipRunes(name, 60))
	}
	ctx := r.Context()
	res, found, err := ix.Card(ctx, name)
	if err != nil {
		return "", internalError(err)
	}
	if !found {
		return "", notFound(i18n.KeyWebErrUnknownCard, name)
	}
	names := map[string]string{"en": res.Name}
	for l, ns := range res.Names {
		if len(ns) > 0 {
			names[l] = ns[len(ns)-1]
		}
	}
	d := cardData{Name: res.Name, Fuzzy: res.Fuzzy, Asked: name}
	d.Display = i18n.CardName(pg.p, res.Name, names[pg.Lang])
	for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
		if n := names[l.String()]; n != "" {
			d.Names = append(d.Names, langText{Lang: l.String(), Name: pg.p.LangName(l), Text: n})
		}
	}
	for _, s := range res.Suggestions {
		d.Suggestions = append(d.Suggestions, navLink{pg.Href(render.CardPath(s)), s})
	}
	lk := newTextLinker(ctx, ix, nil, pg.Lang, "")
	rulings, originals := pickVersions(res.Rulings, pg.Lang)
	for _, rd := range rulings {
		c := w.clarificationWith(pg, rd, originals, lk)
		c.CardHref = ""
		d.Rulings = append(d.Rulings, c)
	}
	pg.Title = d.Display
	pg.Data = d
	return "card", nil
}
