package chat

import (
	"context"
	"errors"
	"strings"

	"arbiter/cmd/bot/internal/render"
	"arbiter/i18n"
	"arbiter/kb"
)

// crdiff answers /crdiff from:<date> [to:<date>]: what changed
// between two Comprehensive Rules releases the index holds (to defaults to
// the current one), with a link to the full diff page.
func (rt *Router) crdiff(ctx context.Context, c call) (Response, error) {
	ix, p := c.ix, c.p
	from := strings.TrimSpace(c.req.option("from"))
	to := strings.TrimSpace(c.req.option("to"))
	if to == "" {
		to = ix.Meta().CurrentCR
	}
	d, err := ix.ReleaseDiff(from, to)
	if errors.Is(err, kb.ErrNoRelease) {
		return Response{}, userErr(i18n.KeyCLIUnknownRelease, escapeText(render.ClipRunes(from, 12)), strings.Join(ix.Meta().CRDates, ", "))
	}
	if err != nil {
		return Response{}, err
	}
	e := Embed{Title: p.T(i18n.KeyVersionsDiffTitle, p.Date(d.From), p.Date(d.To))}
	if rt.publicURL != "" {
		e.URL = strings.TrimSuffix(rt.publicURL, "/") + "/diff/" + d.From + "/" + d.To
	}
	list := func(key i18n.Key, items []string) {
		v := strings.Join(items, ", ")
		if v == "" {
			v = "—"
		}
		e.Fields = append(e.Fields, Field{Name: p.T(key, len(items)), Value: render.ClipRunes(v, 1000)})
	}
	l := render.ListDiff(d)
	list(i18n.KeyVersionsAdded, l.Added)
	list(i18n.KeyVersionsRemoved, l.Removed)
	list(i18n.KeyVersionsRenumbered, l.Moved)
	list(i18n.KeyVersionsChanged, l.Changed)
	list(i18n.KeyVersionsGlossary, l.Glossary)
	return Response{Embeds: []Embed{e}, Outcome: "ok"}, nil
}
