package web

import (
	"net/http"
	"strings"

	"arbiter/cmd/bot/internal/render"
	"arbiter/i18n"
	"arbiter/kb"
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
	// Oracle is the card's Oracle text; Printed its printed text in the
	// page's language, when it is not English.
	Oracle  string
	Printed *langText
}

// card serves /cards/{name}: a card's names, its Oracle text and printed
// text, and its rulings in their official order.
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
	if res.Oracle != nil {
		d.Oracle = res.Oracle.Text
	}
	if pd, ok := res.Printed[pg.Lang]; ok {
		if l, ok := i18n.ParseLang(pd.Lang); ok {
			d.Printed = &langText{Lang: pd.Lang, Name: pg.p.LangName(l), Text: pd.Text}
		}
	}
	lk := newTextLinker(ctx, ix, nil, pg.Lang, "")
	all := append([]kb.Doc(nil), res.Rulings...)
	for _, r := range res.Rulings {
		for _, l := range []string{"en", "fr", "ja"} {
			if tr, ok := res.Translations[r.ID][l]; ok {
				all = append(all, tr)
			}
		}
	}
	rulings, originals := render.PickVersions(all, pg.Lang)
	for _, rd := range rulings {
		c := w.clarificationWith(pg, rd, originals, lk)
		c.CardHref = ""
		d.Rulings = append(d.Rulings, c)
	}
	pg.Title = d.Display
	pg.Data = d
	return "card", nil
}
