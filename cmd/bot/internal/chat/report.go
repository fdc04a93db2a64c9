package chat

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"arbiter/cmd/bot/internal/render"
	"arbiter/cmd/bot/internal/report"
	"arbiter/i18n"
	"arbiter/kb"
)

// ReportsConfig is what the router needs to take reports of wrong answers
// and have them reviewed.
type ReportsConfig struct {
	// Store keeps the reports; nil: reports are refused, and answers have
	// no Report button.
	Store Reports
	// Reviewer tells whether the author of a request may review reports
	// (HasRole gives the members of a role); nil: nobody on chat.
	Reviewer func(Request) bool
	// Channel is the moderators' channel where Announce posts each new
	// report, with buttons to confirm or reject it; "" for none.
	Channel  string
	Announce func(ctx context.Context, channel string, r Response) error
	// Observe records a report opened, confirmed or rejected, and its
	// language, for metrics; nil: nothing is recorded.
	Observe func(event, lang string)
	// Limit bounds the reports a user files; nil: DefaultReportLimit.
	Limit *RateLimiter
	// Source names where the router's requests come from in the reports
	// they file: "discord" (the default) or "console".
	Source string
}

// Limits of the reports a user files, by default: a burst of 5, given
// back over an hour.
const (
	reportBurst  = 5
	reportPeriod = time.Hour
)

// DefaultReportLimit is the default limit of the reports each user files,
// in buckets of their own ("report:<user>" in the store; share them with
// RateLimiter.Shared).
func DefaultReportLimit() *RateLimiter {
	return NewRateLimiter(reportBurst, reportPeriod, 100000).Keyed("report:")
}

// HasRole returns the test of a reviewer who is a member of role; "" for
// nobody.
func HasRole(role string) func(Request) bool {
	return func(req Request) bool {
		if role == "" || req.GuildID == "" {
			return false
		}
		for _, r := range req.Roles {
			if r == role {
				return true
			}
		}
		return false
	}
}

// Names of the report form and its fields.
const (
	reportModalPrefix  = "m:report:" // then the language, the page and the question
	reportWrongInput   = "wrong"
	reportSuggestInput = "suggest"
)

// reportButton is the answer's Report button: its click opens the form,
// with the state of the page it is on.
func reportButton(p *i18n.Printer, st replyState) Button {
	st.Action = actReport
	return Button{Label: p.T(i18n.KeyReportButton), Style: StyleSecondary, CustomID: st.encode()}
}

// reportModalID is the custom_id of the report form of the answer st
// shows: "m:report:fr:0:question", the question left out when it does not
// fit (the form is then submitted from a message whose footer has it).
func reportModalID(st replyState) string {
	head := reportModalPrefix + st.Lang.String() + ":" + strconv.Itoa(st.Page) + ":"
	if runes(head)+runes(st.Arg) > MaxCustomID {
		return head
	}
	return head + st.Arg
}

// decodeReportModal reads a custom_id written by reportModalID.
func decodeReportModal(id string) (replyState, bool) {
	rest, ok := strings.CutPrefix(id, reportModalPrefix)
	if !ok {
		return replyState{}, false
	}
	parts := strings.SplitN(rest, ":", 3)
	if len(parts) != 3 {
		return replyState{}, false
	}
	l, ok := i18n.ParseLang(parts[0])
	page, err := strconv.Atoi(parts[1])
	if !ok || err != nil || page < 0 || page > 1000 {
		return replyState{}, false
	}
	return replyState{Action: actReport, Cmd: "ruling", Lang: l, Page: page, Arg: parts[2]}, true
}

// reportForm is the form that reports the answer st shows: what is wrong,
// and what answers instead.
func (rt *Router) reportForm(p *i18n.Printer, st replyState) (Response, error) {
	if rt.reports.Store == nil {
		return Response{}, report.Refuse(i18n.KeyReportErrNotKept)
	}
	return Response{Modal: &Modal{CustomID: reportModalID(st), Title: p.T(i18n.KeyReportFormTitle), Inputs: []TextInput{
		{CustomID: reportWrongInput, Label: p.T(i18n.KeyReportFormWrong), Placeholder: p.T(i18n.KeyReportFormWrongHint),
			Paragraph: true, Required: true, MinLength: 1, MaxLength: report.MaxWrong},
		{CustomID: reportSuggestInput, Label: p.T(i18n.KeyReportFormSuggest), Placeholder: p.T(i18n.KeyReportFormSuggestHint),
			MaxLength: report.MaxSuggestion},
	}}}, nil
}

// submitReport files the report of the form of an answer.
func (rt *Router) submitReport(ctx context.Context, ix Index, req Request, st replyState) (Response, error) {
	if st.Arg == "" {
		st.Arg = footerArg(req.Footer)
	}
	return rt.reportFiled(ctx, ix, req, report.Filing{
		Question: st.Arg, Lang: st.Lang.String(), Page: st.Page,
		Wrong: req.Options[reportWrongInput], Suggestion: req.Options[reportSuggestInput],
	})
}

// reportCommand answers /report: the answer to the question, in the
// reply language, reported.
func (rt *Router) reportCommand(ctx context.Context, c call) (Response, error) {
	return rt.reportFiled(ctx, c.ix, c.req, report.Filing{
		Question: c.req.Options["question"], Lang: c.req.Lang.String(),
		Wrong: c.req.Options["wrong"], Suggestion: c.req.Options["suggest"],
	})
}

// reportFiled files f for the author of req and acknowledges it, in the
// reporter's language, with its number.
func (rt *Router) reportFiled(ctx context.Context, ix Index, req Request, f report.Filing) (Response, error) {
	f.Reporter, f.GuildID, f.ChannelID, f.Source = req.UserID, req.GuildID, req.ChannelID, rt.reports.Source
	if f.Source == "" {
		f.Source = "discord"
	}
	r, err := rt.fileReport(ctx, ix, f)
	if err != nil {
		return Response{}, err
	}
	return Response{Content: rt.printer(req.Lang).T(i18n.KeyReportFiled, ReportNumber(r.ID)), Ephemeral: true}, nil
}

// ReportNumber is how a report's number reads: "#42".
func ReportNumber(id int64) string { return "#" + strconv.FormatInt(id, 10) }

// FileReport files a report from outside a chat (the web pages, the
// command line), on the index that serves.
func (rt *Router) FileReport(ctx context.Context, f report.Filing) (report.Report, error) {
	ix, release := rt.index()
	defer release()
	return rt.fileReport(ctx, ix, f)
}

// fileReport checks and cleans what the reporter typed, spends a token of
// their report limit, notes the index and the citations the answer showed
// (its page searched again on ix), keeps the report, counts it and
// announces it to the moderators. A refusal is a *report.Problem.
func (rt *Router) fileReport(ctx context.Context, ix Index, f report.Filing) (report.Report, error) {
	if rt.reports.Store == nil {
		return report.Report{}, report.Refuse(i18n.KeyReportErrNotKept)
	}
	lang, ok := i18n.ParseLang(f.Lang)
	if !ok {
		lang = i18n.EN
	}
	q := report.Clean(f.Question, false)
	wrong := report.Clean(f.Wrong, true)
	sugg := report.Clean(f.Suggestion, false)
	switch {
	case q == "":
		return report.Report{}, report.Refuse(i18n.KeyErrQuestionEmpty)
	case report.Runes(q) > kb.MaxQueryLen:
		return report.Report{}, report.Refuse(i18n.KeyErrQuestionTooLong, kb.MaxQueryLen)
	case wrong == "":
		return report.Report{}, report.Refuse(i18n.KeyReportErrEmpty)
	case report.Runes(wrong) > report.MaxWrong:
		return report.Report{}, report.Refuse(i18n.KeyReportErrTooLong, report.MaxWrong)
	case report.Runes(sugg) > report.MaxSuggestion:
		return report.Report{}, report.Refuse(i18n.KeyReportErrTooLong, report.MaxSuggestion)
	}
	if f.Reporter != "" {
		limit := rt.reports.Limit
		if limit == nil {
			limit = rt.reportLimit
		}
		if ok, wait := limit.allow(ctx, f.Reporter, rt.now()); !ok {
			return report.Report{}, report.Refuse(i18n.KeyReportErrRateLimited, max(1, int((wait+time.Minute-1)/time.Minute)))
		}
	}
	k := f.K
	if k <= 0 {
		k = rulingsPerPage
	}
	page := max(f.Page, 0)
	r := report.Report{
		Question: q, Lang: lang.String(), Page: page, Wrong: wrong, Suggestion: sugg, Shown: []report.Citation{},
		Reporter: f.Reporter, GuildID: f.GuildID, ChannelID: f.ChannelID, Source: f.Source, Created: rt.now().UTC(),
	}
	m := ix.Meta()
	r.CRRelease, r.Build = m.CurrentCR, m.BuiltAt
	res, err := ix.Search(ctx, kb.Query{Text: q, Lang: lang.String(), K: k, Offset: page * k})
	if err != nil {
		var qe *kb.QueryError
		if !errors.As(err, &qe) {
			return report.Report{}, err
		}
	} else {
		p := rt.printer(lang)
		for _, h := range res.Hits {
			r.Shown = append(r.Shown, report.Citation{ID: h.Doc.ID, Label: render.Heading(p, render.CitationOfHit(h, ""))})
		}
	}
	sctx, cancel := context.WithTimeout(ctx, settingTimeout)
	defer cancel()
	r, err = rt.reports.Store.AddReport(sctx, r)
	if err != nil {
		rt.log.Error("report not kept", "err", err)
		return report.Report{}, report.Refuse(i18n.KeyReportErrStoreDown)
	}
	rt.log.Info("report filed", "report", r.ID, "lang", r.Lang, "source", r.Source)
	rt.observe("opened", r.Lang)
	rt.announce(ctx, r)
	return r, nil
}

// observe records a report event for metrics.
func (rt *Router) observe(event, lang string) {
	if rt.reports.Observe != nil {
		rt.reports.Observe(event, lang)
	}
}

// announceTimeout bounds the post of a new report to the moderators.
const announceTimeout = 10 * time.Second

// announce posts a new report to the moderators' channel, in the
// channel's language, without holding up the reporter's reply.
func (rt *Router) announce(ctx context.Context, r report.Report) {
	c := rt.reports
	if c.Announce == nil || c.Channel == "" {
		return
	}
	p := rt.printer(rt.Lang(Request{ChannelID: c.Channel}))
	msg := FitLimits(ReportView(p, r, p.T(i18n.KeyReportChannelNew, ReportNumber(r.ID)), true))
	go func() {
		actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), announceTimeout)
		defer cancel()
		if err := c.Announce(actx, c.Channel, msg); err != nil {
			rt.log.Warn("report not posted to the moderators' channel", "report", r.ID, "channel", c.Channel, "err", err)
		}
	}()
}
