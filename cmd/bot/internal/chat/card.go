package chat

import (
	"context"
	"strings"
	"unicode/utf8"

	"arbiter/cmd/bot/internal/render"
	"arbiter/i18n"
	"arbiter/kb"
)

// cardPage answers /card: a page of a card's rulings under its name in
// the reply's language, with its names in the others.
func (rt *Router) cardPage(ctx context.Context, c call) (Response, error) {
	p, st, ix := c.p, c.st, c.ix
	name := strings.TrimSpace(st.Arg)
	if name == "" {
		return Response{}, userErr(i18n.KeyDiscordMissingOption, "name")
	}
	if utf8.RuneCountInString(name) > 200 {
		return Response{}, userErr(i18n.KeyErrQuestionTooLong, 200)
	}
	res, found, err := ix.Card(ctx, name)
	if err != nil {
		return Response{}, err
	}
	if !found {
		if ix.Meta().CardTexts == 0 {
			return Response{}, userErr(i18n.KeyErrNoCardsInIndex, escapeText(name))
		}
		return Response{}, userErr(i18n.KeyErrUnknownCard, escapeText(name))
	}
	names := map[string]string{}
	for l, ns := range res.Names {
		if len(ns) > 0 {
			names[l] = ns[len(ns)-1]
		}
	}
	display := i18n.CardName(p, res.Name, names[st.Lang.String()])
	var r Response
	if res.Fuzzy {
		r.Content = p.T(i18n.KeyDiscordCardFuzzy, escapeText(name), escapeText(display))
	}
	e := Embed{Title: escapeText(p.T(i18n.KeyAnswerRulings, display)), Color: colorRuling}
	if rt.publicURL != "" {
		e.URL = httpURL(render.DocURL(rt.publicURL, kb.Doc{Card: res.Name}))
	}
	var others []string
	for _, l := range []string{"en", "fr", "ja"} {
		n := names[l]
		if l == "en" {
			n = res.Name
		}
		if ll, ok := i18n.ParseLang(l); ok && n != "" {
			others = append(others, p.T(i18n.KeyDiscordCardNameLine, upperFirst(p.LangName(ll)), escapeText(n)))
		}
	}
	if len(res.Rulings) == 0 {
		e.Description = p.T(i18n.KeyDiscordCardNoRulings, escapeText(display))
	}
	pages := max(1, (len(res.Rulings)+cardRulingsPage-1)/cardRulingsPage)
	if st.Page >= pages {
		st.Page = pages - 1
	}
	if st.Page == 0 && len(others) > 0 {
		e.Fields = append(e.Fields, Field{Name: p.T(i18n.KeyDiscordCardNames), Value: strings.Join(others, "\n")})
	}
	ca := render.CardAnswerOf(p, res, rt.publicURL)
	if st.Page == 0 {
		text := ""
		if ca.Printed != nil {
			text = ca.Printed.Text
		} else if ca.Oracle != nil {
			text = ca.Oracle.Text
		}
		if text != "" {
			e.Description = escapeText(Clip(text, 1000))
		}
	}
	from := st.Page * cardRulingsPage
	for _, r := range ca.Rulings[from:min(from+cardRulingsPage, len(ca.Rulings))] {
		head := render.SourceName(p, r.Source)
		if r.Date != "" {
			head = p.Date(r.Date) + " · " + head
		}
		v := escapeText(Clip(r.Text, 900))
		if r.MachineTranslated {
			v += "\n*" + render.MTLabel(p, r) + "*"
		}
		e.Fields = append(e.Fields, Field{Name: escapeText(head), Value: v})
	}
	if pages > 1 {
		e.Footer = p.T(i18n.KeyDiscordPage, st.Page+1, pages)
	}
	r.Embeds = []Embed{e}
	st.Arg = res.Name
	if nav := pager(p, st, pages, i18n.KeyDiscordButtonNext); len(nav) > 0 {
		r.Buttons = append(r.Buttons, nav)
	}
	return r, nil
}
