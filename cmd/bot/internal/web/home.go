package web

import (
	"net/http"

	"arbiter/i18n"
)

// home is the site's front page.
func (w *Pages) home(r *http.Request, ix Index, pg *page) (string, error) {
	pg.Title = pg.p.T(i18n.KeyWebHomeTitle)
	m := ix.Meta()
	pg.Data = struct {
		CRDate string
		Links  []navLink
	}{m.CurrentCR, []navLink{
		{pg.Href("/ask"), pg.p.T(i18n.KeyWebHomeAsk)},
		{pg.Href("/rules/"), pg.p.T(i18n.KeyWebNavRules)},
		{pg.Href("/glossary/"), pg.p.T(i18n.KeyWebNavGlossary)},
		{pg.Href("/sim/"), pg.p.T(i18n.KeyWebNavSims)},
	}}
	return "home", nil
}
