package chat

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"arbiter/cmd/bot/internal/report"
	"arbiter/i18n"
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

// page renders a page of a page command's reply (see Command.Page) from
// its state, or takes it from the reply cache: the reply with the buttons
// that show it in the other languages and, when it is for the user alone,
// the one that shares it, clipped to the message limits. An answer has a
// button to report it, and says that it was reported and corrected when a
// reviewer confirmed what it cites.
func (rt *Router) page(ctx context.Context, ix Index, st replyState, ephemeral bool) (Response, error) {
	var first []string
	var corrected int64
	if st.Cmd == "ruling" {
		corrected, first, _ = rt.correction(ix, st.Arg, st.Lang.String())
	}
	r, err := rt.cachedPage(ctx, ix, st, ephemeral, first)
	if err != nil || st.Cmd != "ruling" {
		return r, err
	}
	if corrected != 0 && st.Page == 0 && report.MatchesAny(first, r.first) {
		r.Content = clipEscaped(r.Content+"\n"+rt.printer(st.Lang).T(i18n.KeyReportCorrected, ReportNumber(corrected)), MaxContent)
	}
	return r, nil
}

// cachedPage is page before the correction line, which does not go in
// the cache: a confirmation changes it. first are the texts a confirmed
// report says answer the question (an answer cites them first); the
// page is cached under them.
func (rt *Router) cachedPage(ctx context.Context, ix Index, st replyState, ephemeral bool, first []string) (Response, error) {
	key := st.key(ephemeral)
	if len(first) > 0 {
		key += "\x00" + strings.Join(first, "\x00")
	}
	if r, ok := rt.replies.get(ix, key); ok {
		return r, nil
	}
	c, ok := rt.Command(st.Cmd)
	if !ok || !c.Page {
		return Response{}, userErr(i18n.KeyDiscordBadButton)
	}
	r, err := c.reply(ctx, call{st: st, ix: ix, p: rt.printer(st.Lang), first: first})
	if err != nil {
		return r, err
	}
	r.Ephemeral = ephemeral
	p := rt.printer(st.Lang)
	var row []Button
	for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
		if l != st.Lang {
			row = append(row, Button{Label: upperFirst(rt.printer(l).LangName(l)), Style: StyleSecondary,
				CustomID: replyState{Action: actPage, Cmd: st.Cmd, Lang: l, Page: st.Page, Arg: st.Arg}.encode()})
		}
	}
	if ephemeral {
		row = append(row, Button{Label: p.T(i18n.KeyDiscordButtonShare), Style: StyleSuccess,
			CustomID: replyState{Action: actShare, Cmd: st.Cmd, Lang: st.Lang, Page: st.Page, Arg: st.Arg}.encode()})
	}
	if st.Cmd == "ruling" && rt.reports.Store != nil {
		row = append(row, reportButton(p, st))
	}
	r.Buttons = append(r.Buttons, row)
	if len(r.Embeds) > 0 && r.Embeds[0].Footer == "" && runes(st.Arg) > MaxCustomID-20 {
		r.Embeds[0].Footer = footerText(st.Arg)
	}
	r = FitLimits(r)
	rt.replies.put(ix, key, r)
	return r, nil
}

// click answers a button click. On an ephemeral reply the click
// updates it in place; on a public one it answers the clicker alone, with a
// Share button, so nobody's view changes under them.
func (rt *Router) click(ctx context.Context, ix Index, req Request) (Response, error) {
	if strings.HasPrefix(req.CustomID, "v:") {
		return rt.reviewClick(ctx, ix, req)
	}
	if isPlayComponent(req.CustomID) {
		return rt.playClick(ctx, ix, req)
	}
	st, err := decodeState(req.CustomID)
	if err != nil {
		return Response{}, err
	}
	if st.Arg == "" {
		st.Arg = footerArg(req.Footer)
	}
	if st.Action == actReport {
		return rt.reportForm(rt.printer(req.Lang), st)
	}
	if st.Action == actGame {
		return rt.playOut(ctx, ix, req, st)
	}
	if st.Cmd == "simulate" && st.Action != actOriginal {
		return rt.simulateClick(ctx, ix, req, st)
	}
	switch st.Action {
	case actShare:
		r, err := rt.page(ctx, ix, replyState{Action: actPage, Cmd: st.Cmd, Lang: st.Lang, Page: st.Page, Arg: st.Arg}, false)
		r.Ephemeral = false
		return r, err
	case actOriginal:
		return rt.original(ctx, ix, st)
	}
	r, err := rt.page(ctx, ix, st, true)
	if err != nil {
		return r, err
	}
	r.Update = req.FromEphemeral
	return r, nil
}

// pager returns the navigation row of a paginated reply.
func pager(p *i18n.Printer, st replyState, pages int, nextLabel i18n.Key) []Button {
	var row []Button
	if st.Page > 0 {
		prev := st
		prev.Page--
		row = append(row, Button{Label: p.T(i18n.KeyDiscordButtonPrev), Style: StyleSecondary, CustomID: prev.encode()})
	}
	if st.Page+1 < pages {
		next := st
		next.Page++
		row = append(row, Button{Label: p.T(nextLabel), Style: StylePrimary, CustomID: next.encode()})
	}
	return row
}

// upperFirst capitalizes the first letter ("français" -> "Français").
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// paginate splits lines into pages of at most size characters each (a
// longer line gets a page of its own, clipped).
func paginate(lines []string, size int) []string {
	var pages []string
	var cur strings.Builder
	for _, l := range lines {
		if cur.Len() > 0 && runes(cur.String())+runes(l)+1 > size {
			pages = append(pages, cur.String())
			cur.Reset()
		}
		if cur.Len() > 0 {
			cur.WriteByte('\n')
		}
		cur.WriteString(clipEscaped(l, size))
	}
	if cur.Len() > 0 {
		pages = append(pages, cur.String())
	}
	return pages
}
