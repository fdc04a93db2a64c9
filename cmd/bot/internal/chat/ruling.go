package chat

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"arbiter/cmd/bot/internal/render"
	"arbiter/i18n"
	"arbiter/kb"
)

// rulingPage answers /ruling: a page of citations for the question, each
// with its heading, snippet and link, and buttons for the originals of
// translations and for the simulations that play the situation out.
func (rt *Router) rulingPage(ctx context.Context, c call) (Response, error) {
	p, st, ix := c.p, c.st, c.ix
	q := strings.TrimSpace(st.Arg)
	if q == "" {
		return Response{}, userErr(i18n.KeyErrQuestionEmpty)
	}
	if utf8.RuneCountInString(q) > kb.MaxQueryLen {
		return Response{}, userErr(i18n.KeyErrQuestionTooLong, kb.MaxQueryLen)
	}
	res, err := ix.Search(ctx, kb.Query{Text: q, Lang: st.Lang.String(), K: rulingsPerPage, Offset: st.Page * rulingsPerPage, First: c.first})
	if err != nil {
		return Response{}, err
	}
	a := render.AnswerOf(p, res, rt.publicURL)
	if len(a.Citations) == 0 {
		// AnswerOf's line says nothing was found, or that no card has the
		// name the question gives, or that the rules texts do not hold
		// what it asks (then other words would not help).
		msg := escapeText(a.Answer)
		if !a.OffTopic {
			msg += "\n" + p.T(i18n.KeyAnswerNothingFoundHint)
		}
		return Response{Content: msg, Embeds: []Embed{{Footer: footerText(q)}}}, nil
	}
	first := st.Page*rulingsPerPage + 1
	// The first page opens on the sentence that answers; the next ones
	// only continue the list.
	head := escapeText(a.Answer)
	if st.Page > 0 {
		head = p.T(i18n.KeyAnswerFound)
	}
	r := Response{Content: head + "\n" + p.T(i18n.KeyDiscordResults, first, first+len(a.Citations)-1, res.Total)}
	var originals, plays []Button
	presets := map[string]bool{}
	for i, h := range res.Hits {
		if i == 0 {
			r.first = render.CitedIDs(h)
		}
		r.cites = append(r.cites, render.CitedIDs(h)...)
		cit := a.Citations[i]
		r.Embeds = append(r.Embeds, citationEmbed(p, cit, h.Snippet))
		if cit.MachineTranslated && cit.OriginalID != "" && len(originals) < maxOriginals {
			originals = append(originals, Button{Label: fmt.Sprintf("%s (%d)", p.T(i18n.KeyDiscordButtonOriginal), first+i), Style: StyleSecondary,
				CustomID: replyState{Action: actOriginal, Cmd: "ruling", Lang: st.Lang, Arg: cit.OriginalID}.encode()})
		}
		if cit.Preset != "" && !presets[cit.Preset] && len(plays) < maxPresetButtons {
			presets[cit.Preset] = true
			plays = append(plays, Button{Label: fmt.Sprintf("%s (%d)", p.T(i18n.KeyDiscordButtonPlay), first+i), Style: StylePrimary,
				CustomID: replyState{Action: actPlay, Cmd: "simulate", Lang: st.Lang, Arg: cit.Preset}.encode()})
		}
	}
	if b, ok := rt.playButton(ctx, ix, p, q, res); ok {
		plays = append(plays, b)
	}
	r.Embeds[0].Footer = footerText(q)
	pages := (res.Total + rulingsPerPage - 1) / rulingsPerPage
	for _, row := range [][]Button{pager(p, st, pages, i18n.KeyDiscordButtonMore), originals, plays} {
		if len(row) > 0 {
			r.Buttons = append(r.Buttons, row)
		}
	}
	return r, nil
}

// findRulings answers the "Find rulings" message command: the first page
// of /ruling for the message's text, for the user alone.
func (rt *Router) findRulings(ctx context.Context, c call) (Response, error) {
	q := strings.TrimSpace(c.req.TargetText)
	if q == "" {
		return Response{}, userErr(i18n.KeyDiscordNoText)
	}
	// A message is not a typed question: keep its beginning rather than refuse it.
	if utf8.RuneCountInString(q) > kb.MaxQueryLen {
		q = strings.TrimSpace(string([]rune(q)[:kb.MaxQueryLen]))
	}
	return rt.page(ctx, c.ix, replyState{Action: actPage, Cmd: "ruling", Lang: c.req.Lang, Arg: q}, true)
}

// citationEmbed renders one citation: its heading, the snippet with the
// matched words in bold, the link, and the notices (machine translation,
// obsolete rule, preset).
func citationEmbed(p *i18n.Printer, c render.Citation, snippet string) Embed {
	e := Embed{Title: escapeText(render.Heading(p, c)), URL: httpURL(c.URL), Description: boldSnippet(snippet, c.Text, 900), Color: kindColor(c.Kind)}
	if strings.HasPrefix(c.ID, "ygo:") {
		e.Description = render.LinkYGOCards(e.Description)
	}
	if c.MachineTranslated {
		e.Fields = append(e.Fields, Field{Name: p.T(i18n.KeyDiscordMTNotice), Value: render.MTLabel(p, c)})
	}
	if c.Obsolete {
		e.Fields = append(e.Fields, Field{Name: p.T(i18n.KeyLabelRule), Value: render.ObsoleteNote(p, c)})
	}
	return e
}

// httpURL keeps only http(s) links; Discord rejects an embed with any other.
func httpURL(u string) string {
	if strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://") {
		return u
	}
	return ""
}

// kindColor is the embed colour of a kind of citation.
func kindColor(kind string) int {
	switch kb.Kind(kind) {
	case kb.KindRule:
		return colorRule
	case kb.KindRuling:
		return colorRuling
	case kb.KindGlossary:
		return colorGlossary
	}
	return colorDoc
}

// original shows the original text of a machine-translated document.
func (rt *Router) original(ctx context.Context, ix Index, st replyState) (Response, error) {
	p := rt.printer(st.Lang)
	d, ok := ix.Doc(ctx, st.Arg)
	if !ok {
		return Response{}, userErr(i18n.KeyDiscordGone)
	}
	c := render.CitationOf(d, 0, "", rt.publicURL)
	name := d.Lang
	if l, ok := i18n.ParseLang(d.Lang); ok {
		name = p.LangName(l)
	}
	e := Embed{Title: escapeText(render.Heading(p, c)), URL: httpURL(c.URL), Description: escapeText(d.Text), Color: kindColor(c.Kind)}
	return FitLimits(Response{Content: p.T(i18n.KeyDiscordOriginalTitle, name), Embeds: []Embed{e}, Ephemeral: true}), nil
}
