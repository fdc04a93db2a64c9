package web

import (
	"errors"
	"net/http"

	"arbiter/cmd/bot/internal/render"
	"arbiter/i18n"
	"arbiter/kb"
)

// diffData is the content of a release diff page.
type diffData struct {
	From, To   string
	Added      []diffRule
	Removed    []diffRule
	Renumbered []diffMove
	Changed    []diffRule
	Glossary   []string
}

type diffRule struct {
	Number, Href, Text string
	Words              []kb.WordOp // for a changed rule
}

type diffMove struct {
	Old, New, Href string
	Words          []kb.WordOp
}

// diff serves /diff/{from}/{to}: the rules added, removed, renumbered and
// changed between two CR releases the index holds, with word diffs.
func (w *Pages) diff(r *http.Request, ix Index, pg *page) (string, error) {
	from, to := r.PathValue("from"), r.PathValue("to")
	d, err := ix.ReleaseDiff(from, to)
	if errors.Is(err, kb.ErrNoRelease) {
		return "", notFound(i18n.KeyVersionsUnknownRelease, render.ClipRunes(from, 12), render.ClipRunes(to, 12))
	}
	if err != nil {
		return "", internalError(err)
	}
	data := diffData{From: d.From, To: d.To}
	rule := func(n string) string { return pg.Href("/rules/" + n) }
	for _, a := range d.Added {
		data.Added = append(data.Added, diffRule{Number: a.Number, Href: rule(a.Number), Text: a.Text})
	}
	for _, a := range d.Removed {
		data.Removed = append(data.Removed, diffRule{Number: a.Number, Text: a.Text})
	}
	for _, m := range d.Renumbered {
		data.Renumbered = append(data.Renumbered, diffMove{Old: m.Old, New: m.New, Href: rule(m.New), Words: m.Words})
	}
	for _, c := range d.Changed {
		data.Changed = append(data.Changed, diffRule{Number: c.Number, Href: rule(c.Number), Words: c.Words})
	}
	data.Glossary = append(append(data.Glossary, d.Glossary.Added...), d.Glossary.Removed...)
	for _, g := range d.Glossary.Changed {
		data.Glossary = append(data.Glossary, g.Term)
	}
	pg.Title = pg.p.T(i18n.KeyVersionsDiffTitle, pg.p.Date(d.From), pg.p.Date(d.To))
	pg.Data = data
	return "diff", nil
}
