package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"arbiter/cmd/bot/internal/preset"
	"arbiter/cmd/bot/internal/render"
	"arbiter/engine"
	"arbiter/i18n"
	"arbiter/kb"
)

// Page sizes of the paginated replies.
const (
	rulingsPerPage   = 3    // citations of /ruling
	cardRulingsPage  = 5    // rulings of /card
	rulePageChars    = 3500 // rule text per page of /rule
	tracePageChars   = 1800 // simulation trace per page
	maxOriginals     = 3    // "Show original" buttons per reply
	maxPresetButtons = 2
)

// Embed colors by kind of citation.
const (
	colorRule     = 0x3b6ea5
	colorRuling   = 0x7a4fa3
	colorDoc      = 0x4f8a5b
	colorGlossary = 0xa57a3b
	colorSim      = 0x2f8f8f
)

func (rt *router) printer(l i18n.Lang) *i18n.Printer { return rt.cat.Printer(l) }

func (rt *router) handleRuling(ctx context.Context, req Request) (Response, error) {
	private := strings.EqualFold(req.option("private"), "true")
	return rt.render(ctx, replyState{Action: actPage, Cmd: "ruling", Lang: req.Lang, Arg: req.option("question")}, private)
}

func (rt *router) handleFindRulings(ctx context.Context, req Request) (Response, error) {
	q := strings.TrimSpace(req.TargetText)
	if q == "" {
		return Response{}, userErr(i18n.KeyDiscordNoText)
	}
	// A message is not a typed question: keep its beginning rather than refuse it.
	if utf8.RuneCountInString(q) > kb.MaxQueryLen {
		q = strings.TrimSpace(string([]rune(q)[:kb.MaxQueryLen]))
	}
	return rt.render(ctx, replyState{Action: actPage, Cmd: "ruling", Lang: req.Lang, Arg: q}, true)
}

func (rt *router) handleRule(ctx context.Context, req Request) (Response, error) {
	num := kb.NormalizeRuleNumber(req.option("number"))
	arg := num
	if d := req.option("cr_date"); d != "" {
		arg += "@" + d
	}
	return rt.render(ctx, replyState{Action: actPage, Cmd: "rule", Lang: req.Lang, Arg: arg}, false)
}

func (rt *router) handleCard(ctx context.Context, req Request) (Response, error) {
	return rt.render(ctx, replyState{Action: actPage, Cmd: "card", Lang: req.Lang, Arg: req.option("name")}, false)
}

func (rt *router) handleSimulate(ctx context.Context, req Request) (Response, error) {
	return rt.render(ctx, replyState{Action: actPage, Cmd: "simulate", Lang: req.Lang, Arg: req.option("scenario")}, false)
}

func (rt *router) handleGlossary(ctx context.Context, req Request) (Response, error) {
	return rt.render(ctx, replyState{Action: actPage, Cmd: "glossary", Lang: req.Lang, Arg: req.option("term")}, false)
}

// handleComponent answers a button click. On an ephemeral reply the click
// updates it in place; on a public one it answers the clicker alone, with a
// Share button, so nobody's view changes under them.
func (rt *router) handleComponent(ctx context.Context, req Request) (Response, error) {
	st, err := decodeState(req.CustomID)
	if err != nil {
		return Response{}, err
	}
	if st.Arg == "" {
		st.Arg = footerArg(req.Footer)
	}
	switch st.Action {
	case actShare:
		r, err := rt.render(ctx, replyState{Action: actPage, Cmd: st.Cmd, Lang: st.Lang, Page: st.Page, Arg: st.Arg}, false)
		r.Ephemeral = false
		return r, err
	case actOriginal:
		return rt.original(ctx, st)
	case actPlay:
		return rt.render(ctx, replyState{Action: actPage, Cmd: "simulate", Lang: st.Lang, Arg: st.Arg}, true)
	}
	r, err := rt.render(ctx, st, true)
	if err != nil {
		return r, err
	}
	r.Update = req.FromEphemeral
	return r, nil
}

// render builds the reply of a command state.
func (rt *router) render(ctx context.Context, st replyState, ephemeral bool) (Response, error) {
	ix, release := rt.index()
	defer release()
	key := st.key(ephemeral)
	if r, ok := rt.replies.get(ix, key); ok {
		return r, nil
	}
	var r Response
	var err error
	switch st.Cmd {
	case "ruling":
		r, err = rt.renderRuling(ctx, ix, st)
	case "rule":
		r, err = rt.renderRule(ctx, ix, st)
	case "card":
		r, err = rt.renderCard(ctx, ix, st)
	case "simulate":
		r, err = rt.renderSimulation(st)
	case "glossary":
		r, err = rt.renderGlossary(ctx, ix, st)
	default:
		return Response{}, userErr(i18n.KeyDiscordBadButton)
	}
	if err != nil {
		return r, err
	}
	r.Ephemeral = ephemeral
	p := rt.printer(st.Lang)
	var row []Button
	for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
		if l != st.Lang {
			row = append(row, Button{Label: upperFirst(rt.printer(l).LangName(l)), Style: styleSecondary,
				CustomID: replyState{Action: actPage, Cmd: st.Cmd, Lang: l, Page: st.Page, Arg: st.Arg}.encode()})
		}
	}
	if ephemeral {
		row = append(row, Button{Label: p.T(i18n.KeyDiscordButtonShare), Style: styleSuccess,
			CustomID: replyState{Action: actShare, Cmd: st.Cmd, Lang: st.Lang, Page: st.Page, Arg: st.Arg}.encode()})
	}
	r.Buttons = append(r.Buttons, row)
	if len(r.Embeds) > 0 && r.Embeds[0].Footer == "" && runes(st.Arg) > maxCustomID-20 {
		r.Embeds[0].Footer = footerText(st.Arg)
	}
	r = fitLimits(r)
	rt.replies.put(ix, key, r)
	return r, nil
}

// pager returns the navigation row of a paginated reply.
func pager(p *i18n.Printer, st replyState, pages int, nextLabel i18n.Key) []Button {
	var row []Button
	if st.Page > 0 {
		prev := st
		prev.Page--
		row = append(row, Button{Label: p.T(i18n.KeyDiscordButtonPrev), Style: styleSecondary, CustomID: prev.encode()})
	}
	if st.Page+1 < pages {
		next := st
		next.Page++
		row = append(row, Button{Label: p.T(nextLabel), Style: stylePrimary, CustomID: next.encode()})
	}
	return row
}

func (rt *router) renderRuling(ctx context.Context, ix *kb.Index, st replyState) (Response, error) {
	p := rt.printer(st.Lang)
	q := strings.TrimSpace(st.Arg)
	if q == "" {
		return Response{}, userErr(i18n.KeyErrQuestionEmpty)
	}
	if utf8.RuneCountInString(q) > kb.MaxQueryLen {
		return Response{}, userErr(i18n.KeyErrQuestionTooLong, kb.MaxQueryLen)
	}
	res, err := ix.Search(ctx, kb.Query{Text: q, Lang: st.Lang.String(), K: rulingsPerPage, Offset: st.Page * rulingsPerPage})
	if err != nil {
		return Response{}, err
	}
	a := render.AnswerOf(p, res, rt.publicURL)
	if len(a.Citations) == 0 {
		msg := p.T(i18n.KeyAnswerNothingFound, escapeText(q)) + "\n" + p.T(i18n.KeyAnswerNothingFoundHint)
		return Response{Content: msg, Embeds: []Embed{{Footer: footerText(q)}}}, nil
	}
	first := st.Page*rulingsPerPage + 1
	r := Response{Content: a.Answer + "\n" + p.T(i18n.KeyDiscordResults, first, first+len(a.Citations)-1, res.Total)}
	var originals, plays []Button
	presets := map[string]bool{}
	for i, h := range res.Hits {
		c := a.Citations[i]
		r.Embeds = append(r.Embeds, citationEmbed(p, c, h.Snippet))
		if c.MachineTranslated && c.OriginalID != "" && len(originals) < maxOriginals {
			originals = append(originals, Button{Label: fmt.Sprintf("%s (%d)", p.T(i18n.KeyDiscordButtonOriginal), first+i), Style: styleSecondary,
				CustomID: replyState{Action: actOriginal, Cmd: "ruling", Lang: st.Lang, Arg: c.OriginalID}.encode()})
		}
		if c.Preset != "" && !presets[c.Preset] && len(plays) < maxPresetButtons {
			presets[c.Preset] = true
			plays = append(plays, Button{Label: fmt.Sprintf("%s (%d)", p.T(i18n.KeyDiscordButtonPlay), first+i), Style: stylePrimary,
				CustomID: replyState{Action: actPlay, Cmd: "simulate", Lang: st.Lang, Arg: c.Preset}.encode()})
		}
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

// citationEmbed renders one citation: its heading, the snippet with the
// matched words in bold, the link, and the notices (machine translation,
// obsolete rule, preset).
func citationEmbed(p *i18n.Printer, c render.Citation, snippet string) Embed {
	e := Embed{Title: escapeText(render.Heading(p, c)), URL: httpURL(c.URL), Description: discordSnippet(snippet, c.Text, 900), Color: kindColor(c.Kind)}
	if c.MachineTranslated {
		e.Fields = append(e.Fields, Field{Name: p.T(i18n.KeyDiscordMTNotice), Value: render.MTLabel(p, c)})
	}
	if c.Obsolete {
		v := p.T(i18n.KeyCiteAbolished)
		if c.Current != "" {
			v = p.T(i18n.KeyCiteObsolete, c.Current)
		}
		e.Fields = append(e.Fields, Field{Name: p.T(i18n.KeyLabelRule), Value: v})
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
func (rt *router) original(ctx context.Context, st replyState) (Response, error) {
	p := rt.printer(st.Lang)
	ix, release := rt.index()
	defer release()
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
	return fitLimits(Response{Content: p.T(i18n.KeyDiscordOriginalTitle, name), Embeds: []Embed{e}, Ephemeral: true}), nil
}

func (rt *router) renderRule(ctx context.Context, ix *kb.Index, st replyState) (Response, error) {
	p := rt.printer(st.Lang)
	num, crDate, _ := strings.Cut(st.Arg, "@")
	if num == "" {
		return Response{}, userErr(i18n.KeyDiscordMissingOption, "number")
	}
	if !render.ValidRuleNumber(num) {
		return Response{}, userErr(i18n.KeyErrBadRuleNumber, escapeText(num))
	}
	res, found, err := ix.Rule(ctx, num, crDate)
	if err != nil {
		return Response{}, err
	}
	if !found {
		return Response{}, userErr(i18n.KeyErrUnknownRule, escapeText(num))
	}
	var r Response
	if len(res.Old) > 0 || res.Abolished {
		if res.Current != "" {
			r.Content = p.T(i18n.KeyDiscordRuleOld, num, res.Current)
		} else {
			r.Content = p.T(i18n.KeyDiscordRuleAbolished, num)
		}
		for _, o := range res.Old {
			c := render.CitationOf(o, 0, "", rt.publicURL)
			r.Embeds = append(r.Embeds, Embed{Title: escapeText(render.Heading(p, c)), Description: escapeText(clip(o.Text, 1500)), Color: colorDoc})
			if len(r.Embeds) == 2 {
				break
			}
		}
	}
	if res.Rule.ID == "" {
		return r, nil
	}
	head := render.CitationOf(res.Rule, 0, "", rt.publicURL)
	lines := []string{escapeText(res.Rule.Text)}
	for _, ex := range res.Rule.Examples {
		lines = append(lines, "> "+escapeText(ex))
	}
	for _, s := range res.Subrules {
		lines = append(lines, "**"+s.Ref+"** "+escapeText(s.Text))
		for _, ex := range s.Examples {
			lines = append(lines, "> "+escapeText(ex))
		}
	}
	pages := paginate(lines, rulePageChars)
	if st.Page >= len(pages) {
		st.Page = len(pages) - 1
	}
	e := Embed{Title: escapeText(render.Heading(p, head)), URL: httpURL(head.URL), Description: pages[st.Page], Color: colorRule}
	if len(pages) > 1 {
		e.Footer = p.T(i18n.KeyDiscordPage, st.Page+1, len(pages))
	}
	if len(res.CitedBy) > 0 && st.Page == 0 {
		var cited []string
		for i, d := range res.CitedBy {
			if i == 5 {
				break
			}
			cited = append(cited, "• "+escapeText(render.Heading(p, render.CitationOf(d, 0, "", rt.publicURL))))
		}
		e.Fields = append(e.Fields, Field{Name: p.T(i18n.KeyDiscordRuleCitedBy), Value: strings.Join(cited, "\n")})
	}
	r.Embeds = append(r.Embeds, e)
	if nav := pager(p, st, len(pages), i18n.KeyDiscordButtonNext); len(nav) > 0 {
		r.Buttons = append(r.Buttons, nav)
	}
	return r, nil
}

func (rt *router) renderCard(ctx context.Context, ix *kb.Index, st replyState) (Response, error) {
	p := rt.printer(st.Lang)
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
	from := st.Page * cardRulingsPage
	for _, d := range res.Rulings[from:min(from+cardRulingsPage, len(res.Rulings))] {
		head := d.Source
		if d.Date != "" {
			head = p.Date(d.Date) + " · " + d.Source
		}
		v := escapeText(clip(d.Text, 900))
		if d.MachineTranslated {
			v += "\n*" + p.T(i18n.KeyMTLabel) + "*"
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

func (rt *router) renderGlossary(ctx context.Context, ix *kb.Index, st replyState) (Response, error) {
	p := rt.printer(st.Lang)
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
		m, ok = rt.glossaryByID(ix, term)
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
func (rt *router) glossaryByID(ix *kb.Index, id string) (kb.Match, bool) {
	for _, t := range ix.Glossary().Terms() {
		if t.ID == id {
			return kb.Match{Term: t, Lang: "en"}, true
		}
	}
	return kb.Match{}, false
}

func (rt *router) renderSimulation(st replyState) (Response, error) {
	p := rt.printer(st.Lang)
	name := strings.TrimSpace(st.Arg)
	if name == "" {
		return Response{}, userErr(i18n.KeyDiscordMissingOption, "scenario")
	}
	res, err := preset.Run(name)
	var unknown *preset.UnknownError
	var failed *preset.RunError
	switch {
	case errors.As(err, &unknown):
		return Response{}, userErr(i18n.KeyDiscordUnknownPreset, escapeText(name))
	case errors.As(err, &failed):
		code := "internal"
		if e, ok := engine.AsError(failed.Err); ok {
			code = e.Code
		}
		return Response{}, userErr(i18n.KeyDiscordBadScenario, escapeText(name), code)
	case err != nil:
		return Response{}, err
	}
	title := render.PresetTitle(res.Title, st.Lang)
	trace := render.Trace(p, res)
	// The embed's title names the scenario: leave out the trace's heading lines.
	skip := 1
	if render.PresetTitle(res.Title, p.Lang()) != "" {
		skip = 2
	}
	var lines []string
	for _, l := range trace[min(skip, len(trace)):] {
		lines = append(lines, escapeText(l))
	}
	pages := paginate(lines, tracePageChars)
	if len(pages) == 0 {
		pages = []string{"\u200b"}
	}
	if st.Page >= len(pages) {
		st.Page = len(pages) - 1
	}
	e := Embed{Title: escapeText(p.T(i18n.KeyDiscordSimTitle, title)), Description: pages[st.Page], Color: colorSim}
	if rt.publicURL != "" {
		e.URL = httpURL(strings.TrimSuffix(rt.publicURL, "/") + "/sim/" + name + "?lang=" + st.Lang.String())
	}
	if len(pages) > 1 {
		e.Footer = p.T(i18n.KeyDiscordPage, st.Page+1, len(pages))
	}
	r := Response{Embeds: []Embed{e}}
	st.Arg = name
	if nav := pager(p, st, len(pages), i18n.KeyDiscordButtonNext); len(nav) > 0 {
		r.Buttons = append(r.Buttons, nav)
	}
	return r, nil
}

// upperFirst capitalizes the first letter ("français" -> "Français").
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
