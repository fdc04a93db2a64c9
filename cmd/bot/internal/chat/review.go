package chat

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"arbiter/cmd/bot/internal/render"
	"arbiter/cmd/bot/internal/report"
	"arbiter/i18n"
	"arbiter/kb"
)

// Names of the review buttons and form.
const (
	reviewConfirm     = "v:c:"      // then the report's number: opens the confirmation form
	reviewReject      = "v:r:"      // then the report's number: rejects it
	reviewModalPrefix = "m:review:" // then the report's number
	reviewExpectInput = "expected"
	reviewNoteInput   = "note"
	maxListed         = 15 // reports /reports lists
)

// Colors of a report by status.
const (
	colorOpen      = 0xc9a227
	colorConfirmed = 0x2e8b57
	colorRejected  = 0x8a8a8a
)

// reviewer tells whether the author of req may review reports.
func (rt *Router) reviewer(req Request) bool {
	return rt.reports.Reviewer != nil && rt.reports.Reviewer(req)
}

// reportsCommand answers /reports: list the open reports, show one,
// confirm, reject or comment on it; for reviewers only.
func (rt *Router) reportsCommand(ctx context.Context, c call) (Response, error) {
	req, p := c.req, c.p
	if rt.reports.Store == nil {
		return Response{}, report.Refuse(i18n.KeyReportErrNotKept)
	}
	if !rt.reviewer(req) {
		return Response{}, report.Refuse(i18n.KeyReportErrNotReviewer)
	}
	action := req.option("action")
	if action == "list" || action == "" {
		rs, err := rt.storeReports(ctx, report.Filter{Status: report.Open})
		if err != nil {
			return Response{}, err
		}
		return ReportList(p, report.Open, rs, maxListed), nil
	}
	id, err := parseReportNumber(req.option("number"))
	if err != nil {
		return Response{}, err
	}
	text, who := req.option("text"), req.UserID
	var r report.Report
	var msg string
	switch action {
	case "show":
		if r, err = rt.storeReport(ctx, id); err != nil {
			return Response{}, err
		}
	case "confirm":
		if r, err = rt.confirm(ctx, c.ix, p, id, text, "", who); err != nil {
			return Response{}, err
		}
		msg = confirmedText(p, r)
	case "reject":
		if r, err = rt.RejectReport(ctx, id, text, who); err != nil {
			return Response{}, err
		}
		msg = p.T(i18n.KeyReportRejected, ReportNumber(id))
	case "comment":
		if r, err = rt.CommentReport(ctx, id, text, who); err != nil {
			return Response{}, err
		}
		msg = p.T(i18n.KeyReportCommented, ReportNumber(id))
	default:
		return Response{}, userErr(i18n.KeyDiscordBadLanguage, escapeText(action))
	}
	resp := ReportView(p, r, msg, true)
	resp.Ephemeral = true
	return resp, nil
}

// confirmedText says that a report was confirmed and what answers.
func confirmedText(p *i18n.Printer, r report.Report) string {
	d := r.Decision
	return p.T(i18n.KeyReportConfirmed, ReportNumber(r.ID), escapeText(d.Label), "`"+strings.Join(d.Expected, "`, `")+"`")
}

// parseReportNumber reads a report number as typed: "42" or "#42".
func parseReportNumber(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, report.Refuse(i18n.KeyReportErrNeedNumber)
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(s, "#"), 10, 64)
	if err != nil || id < 1 {
		return 0, report.Refuse(i18n.KeyReportErrBadNumber, render.ClipRunes(s, 20))
	}
	return id, nil
}

// ParseReportNumber reads a report number as typed: "42" or "#42"; a
// refusal is a *report.Problem.
func ParseReportNumber(s string) (int64, error) { return parseReportNumber(s) }

// reviewClick answers the buttons of a report: Confirm opens the form
// that names what answers (the reporter's suggestion filled in), Reject
// rejects it at once; both for reviewers only, and both show the report
// again in place of the message they are on.
func (rt *Router) reviewClick(ctx context.Context, ix Index, req Request) (Response, error) {
	if !rt.reviewer(req) {
		return Response{}, report.Refuse(i18n.KeyReportErrNotReviewer)
	}
	p := rt.printer(req.Lang)
	num := strings.TrimPrefix(strings.TrimPrefix(req.CustomID, reviewConfirm), reviewReject)
	id, err := parseReportNumber(num)
	if err != nil {
		return Response{}, err
	}
	if strings.HasPrefix(req.CustomID, reviewReject) {
		r, err := rt.RejectReport(ctx, id, "", req.UserID)
		if err != nil {
			return Response{}, err
		}
		resp := ReportView(p, r, p.T(i18n.KeyReportRejected, ReportNumber(id)), true)
		resp.Update = true
		return resp, nil
	}
	r, err := rt.storeReport(ctx, id)
	if err != nil {
		return Response{}, err
	}
	return Response{Modal: &Modal{CustomID: reviewModalPrefix + strconv.FormatInt(id, 10), Title: p.T(i18n.KeyReportReviewTitle, ReportNumber(id)), Inputs: []TextInput{
		{CustomID: reviewExpectInput, Label: p.T(i18n.KeyReportReviewExpected), Placeholder: p.T(i18n.KeyReportReviewExpectHint),
			Value: r.Suggestion, Required: true, MinLength: 1, MaxLength: report.MaxSuggestion},
		{CustomID: reviewNoteInput, Label: p.T(i18n.KeyReportReviewNote), Paragraph: true, MaxLength: report.MaxComment},
	}}}, nil
}

// submitReview confirms a report from its form, and shows it again in
// place of the message the form was opened from.
func (rt *Router) submitReview(ctx context.Context, ix Index, req Request) (Response, error) {
	if !rt.reviewer(req) {
		return Response{}, report.Refuse(i18n.KeyReportErrNotReviewer)
	}
	id, err := parseReportNumber(strings.TrimPrefix(req.CustomID, reviewModalPrefix))
	if err != nil {
		return Response{}, err
	}
	p := rt.printer(req.Lang)
	r, err := rt.confirm(ctx, ix, p, id, req.Options[reviewExpectInput], req.Options[reviewNoteInput], req.UserID)
	if err != nil {
		return Response{}, err
	}
	resp := ReportView(p, r, confirmedText(p, r), true)
	resp.Update = true
	return resp, nil
}

// ConfirmReport confirms report id, on the index that serves: the text
// that answers is expected (a rule number, a card, a link or a text's
// ID), else the reporter's suggestion, and it must name texts of the
// index. The question then counts as corrected wherever an answer to it
// cites them.
// What answers is labelled in lang.
func (rt *Router) ConfirmReport(ctx context.Context, id int64, expected, note, reviewer string, lang i18n.Lang) (report.Report, error) {
	ix, release := rt.index()
	defer release()
	return rt.confirm(ctx, ix, rt.printer(lang), id, expected, note, reviewer)
}

// ShowReport returns report id; a refusal (an unknown report, a store out
// of reach) is a *report.Problem.
func (rt *Router) ShowReport(ctx context.Context, id int64) (report.Report, error) {
	return rt.storeReport(ctx, id)
}

// ListReports returns the reports f selects, the oldest first.
func (rt *Router) ListReports(ctx context.Context, f report.Filter) ([]report.Report, error) {
	if rt.reports.Store == nil {
		return nil, report.Refuse(i18n.KeyReportErrNotKept)
	}
	return rt.storeReports(ctx, f)
}

// confirm is ConfirmReport on ix, labelling what answers in p's language.
func (rt *Router) confirm(ctx context.Context, ix Index, p *i18n.Printer, id int64, expected, note, reviewer string) (report.Report, error) {
	r, err := rt.storeReport(ctx, id)
	if err != nil {
		return report.Report{}, err
	}
	target := report.Clean(expected, false)
	if target == "" {
		target = r.Suggestion
	}
	if target == "" {
		return report.Report{}, report.Refuse(i18n.KeyReportErrNeedExpected, ReportNumber(id))
	}
	d, err := resolveExpected(ctx, ix, p, target)
	if err != nil {
		return report.Report{}, err
	}
	d.Reviewer, d.At, d.Status, d.Note = reviewer, rt.now().UTC(), report.Confirmed, report.Clean(note, true)
	if report.Runes(d.Note) > report.MaxComment {
		return report.Report{}, report.Refuse(i18n.KeyReportErrTooLong, report.MaxComment)
	}
	r, err = rt.decide(ctx, id, d)
	if err != nil {
		return report.Report{}, err
	}
	rt.corrections.Put(r)
	rt.observe("confirmed", r.Lang)
	return r, nil
}

// RejectReport rejects report id, with the reviewer's reason if any.
func (rt *Router) RejectReport(ctx context.Context, id int64, note, reviewer string) (report.Report, error) {
	note = report.Clean(note, true)
	if report.Runes(note) > report.MaxComment {
		return report.Report{}, report.Refuse(i18n.KeyReportErrTooLong, report.MaxComment)
	}
	r, err := rt.decide(ctx, id, report.Decision{Reviewer: reviewer, At: rt.now().UTC(), Status: report.Rejected, Note: note})
	if err != nil {
		return report.Report{}, err
	}
	rt.corrections.Put(r)
	rt.observe("rejected", r.Lang)
	return r, nil
}

// CommentReport adds a reviewer's comment to report id.
func (rt *Router) CommentReport(ctx context.Context, id int64, text, author string) (report.Report, error) {
	text = report.Clean(text, true)
	switch {
	case text == "":
		return report.Report{}, report.Refuse(i18n.KeyReportErrNeedText)
	case report.Runes(text) > report.MaxComment:
		return report.Report{}, report.Refuse(i18n.KeyReportErrTooLong, report.MaxComment)
	}
	return rt.storeCall(ctx, id, func(ctx context.Context) (report.Report, error) {
		return rt.reports.Store.CommentReport(ctx, id, report.Comment{Author: author, At: rt.now().UTC(), Text: text})
	})
}

// decide records a decision on report id.
func (rt *Router) decide(ctx context.Context, id int64, d report.Decision) (report.Report, error) {
	return rt.storeCall(ctx, id, func(ctx context.Context) (report.Report, error) {
		return rt.reports.Store.DecideReport(ctx, id, d)
	})
}

// storeReport reads report id.
func (rt *Router) storeReport(ctx context.Context, id int64) (report.Report, error) {
	return rt.storeCall(ctx, id, func(ctx context.Context) (report.Report, error) {
		return rt.reports.Store.Report(ctx, id)
	})
}

// storeCall runs a call of the reports store on report id within the
// time of a setting; an unknown report, an unreachable store and no store
// are refusals users are told.
func (rt *Router) storeCall(ctx context.Context, id int64, fn func(ctx context.Context) (report.Report, error)) (report.Report, error) {
	if rt.reports.Store == nil {
		return report.Report{}, report.Refuse(i18n.KeyReportErrNotKept)
	}
	sctx, cancel := context.WithTimeout(ctx, settingTimeout)
	defer cancel()
	r, err := fn(sctx)
	switch {
	case errors.Is(err, report.ErrNotFound):
		return report.Report{}, report.Refuse(i18n.KeyReportErrUnknown, ReportNumber(id))
	case err != nil:
		rt.log.Error("reports store", "report", id, "err", err)
		return report.Report{}, report.Refuse(i18n.KeyReportErrStoreDown)
	}
	return r, nil
}

// storeReports lists the reports f selects.
func (rt *Router) storeReports(ctx context.Context, f report.Filter) ([]report.Report, error) {
	sctx, cancel := context.WithTimeout(ctx, settingTimeout)
	defer cancel()
	rs, err := rt.reports.Store.Reports(sctx, f)
	if err != nil {
		rt.log.Error("reports store", "err", err)
		return nil, report.Refuse(i18n.KeyReportErrStoreDown)
	}
	return rs, nil
}

// ruleNumber matches a rule number: "702", "702.26", "702.26b".
var ruleNumber = regexp.MustCompile(`^\d{3}(\.\d+[a-z]?)?$`)

// maxExpected bounds the texts a card's rulings confirm one by one.
const maxExpected = 20

// resolveExpected reads what a reviewer names as the answer into the IDs
// of texts of ix: a text's ID (a translation names its original), a rule
// number (an old one names its old texts), a card's exact name (its
// Oracle text and its rulings), or a link to one of the bot's rule, card
// or glossary pages. What names nothing is refused.
func resolveExpected(ctx context.Context, ix Index, p *i18n.Printer, s string) (report.Decision, error) {
	s = strings.TrimSpace(s)
	what := s
	if u, err := url.Parse(s); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
		s = ""
		for prefix, idPrefix := range map[string]string{"/rules/": "", "/cards/": "", "/glossary/": "glossary:"} {
			if i := strings.LastIndex(u.Path, prefix); i >= 0 {
				s = idPrefix + strings.Trim(u.Path[i+len(prefix):], "/")
			}
		}
		if s == "" {
			return report.Decision{}, report.Refuse(i18n.KeyReportErrUnresolved, render.ClipRunes(what, 100))
		}
	}
	if d, ok := ix.Doc(ctx, s); ok {
		return docDecision(ctx, ix, p, []kb.Doc{d}), nil
	}
	if n := kb.NormalizeRuleNumber(s); ruleNumber.MatchString(n) {
		rr, found, err := ix.Rule(ctx, n, "")
		switch {
		case err != nil || !found:
		case rr.Rule.ID != "":
			return docDecision(ctx, ix, p, []kb.Doc{rr.Rule}), nil
		case len(rr.Old) > 0:
			return docDecision(ctx, ix, p, rr.Old), nil
		}
	}
	if cr, found, err := ix.Card(ctx, s); err == nil && found {
		if cr.Fuzzy {
			return report.Decision{}, report.Refuse(i18n.KeyReportErrFuzzyCard, render.ClipRunes(what, 100), cr.Name)
		}
		d := report.Decision{Label: cr.Name, Kind: "card"}
		if cr.Oracle != nil {
			d.Expected = append(d.Expected, cr.Oracle.ID)
		}
		switch all := "ruling:" + cr.OracleID + ":"; {
		case cr.OracleID != "" && len(cr.Rulings) > 0 && strings.HasPrefix(cr.Rulings[0].ID, all):
			d.Expected = append(d.Expected, all+"*")
		default:
			for _, r := range cr.Rulings[:min(len(cr.Rulings), maxExpected)] {
				d.Expected = append(d.Expected, r.ID)
			}
		}
		if len(d.Expected) > 0 {
			return d, nil
		}
	}
	return report.Decision{}, report.Refuse(i18n.KeyReportErrUnresolved, render.ClipRunes(what, 100))
}

// docDecision is the confirmation that docs answer: their IDs (a
// translation's original's), the first one's heading, and the kind of
// question they answer.
func docDecision(ctx context.Context, ix Index, p *i18n.Printer, docs []kb.Doc) report.Decision {
	var d report.Decision
	for _, doc := range docs {
		id := doc.ID
		if doc.OriginalID != "" {
			id = doc.OriginalID
		}
		d.Expected = append(d.Expected, id)
	}
	first := docs[0]
	d.Label = render.Heading(p, render.CitationOf(first, 0, "", ""))
	switch {
	case first.Game == "ygo":
		d.Kind = "ygo"
	case first.Kind == kb.KindRuling || first.Kind == kb.KindCard:
		d.Kind = "card"
	default:
		d.Kind = "rules"
	}
	return d
}

// ReportList is the list of reports of a status, at most max of them (0:
// all), each on a line with its number, language, date and question, and
// what is wrong below it.
func ReportList(p *i18n.Printer, st report.Status, rs []report.Report, max int) Response {
	status := statusName(p, st)
	if len(rs) == 0 {
		return Response{Content: p.T(i18n.KeyReportListNone, status), Ephemeral: true}
	}
	lines := []string{p.T(i18n.KeyReportListTitle, len(rs), status)}
	for i, r := range rs {
		if max > 0 && i == max {
			break
		}
		lines = append(lines, p.T(i18n.KeyReportListLine, "**"+ReportNumber(r.ID)+"**", langName(p, r.Lang),
			p.Date(r.Created.Format("2006-01-02")), escapeText(Clip(r.Question, 120))),
			"  "+escapeText(Clip(strings.ReplaceAll(r.Wrong, "\n", " "), 160)))
	}
	return Response{Content: clipEscaped(strings.Join(lines, "\n"), MaxContent), Ephemeral: true}
}

// ReportView shows a report: its question, language, index, the
// citations shown, what is wrong and what answers, who filed it, the
// comments and the decision; with the buttons that confirm or reject it
// while it is open, when buttons is set. Content heads the message.
func ReportView(p *i18n.Printer, r report.Report, content string, buttons bool) Response {
	e := Embed{Title: p.T(i18n.KeyReportShowTitle, ReportNumber(r.ID), statusName(p, r.Status)),
		Description: escapeText(r.Question), Color: statusColor(r.Status)}
	index := p.T(i18n.KeyReportIndexEmbedded)
	if r.CRRelease != "" || r.Build != "" {
		index = p.T(i18n.KeyReportIndexBuild, orDash(r.CRRelease), orDash(r.Build))
	}
	e.Fields = append(e.Fields, Field{Name: p.T(i18n.KeyReportFieldLang), Value: langName(p, r.Lang), Inline: true},
		Field{Name: p.T(i18n.KeyReportFieldIndex), Value: escapeText(index), Inline: true})
	shown := p.T(i18n.KeyReportShownNone)
	if len(r.Shown) > 0 {
		var lines []string
		for i, c := range r.Shown {
			lines = append(lines, fmt.Sprintf("%d. %s `%s`", r.Page*len(r.Shown)+i+1, escapeText(c.Label), strings.ReplaceAll(c.ID, "`", "")))
		}
		shown = strings.Join(lines, "\n")
	}
	e.Fields = append(e.Fields, Field{Name: p.T(i18n.KeyReportFieldShown), Value: shown},
		Field{Name: p.T(i18n.KeyReportFieldWrong), Value: escapeText(r.Wrong)})
	if r.Suggestion != "" {
		e.Fields = append(e.Fields, Field{Name: p.T(i18n.KeyReportFieldSuggestion), Value: escapeText(r.Suggestion)})
	}
	e.Fields = append(e.Fields, Field{Name: p.T(i18n.KeyReportFieldFiled),
		Value: p.T(i18n.KeyReportFiledBy, person(r.Reporter), p.Date(r.Created.Format("2006-01-02")), escapeText(r.Source))})
	if len(r.Comments) > 0 {
		var lines []string
		for _, c := range r.Comments {
			lines = append(lines, p.T(i18n.KeyReportCommentLine, person(c.Author), p.Date(c.At.Format("2006-01-02")), escapeText(c.Text)))
		}
		e.Fields = append(e.Fields, Field{Name: p.T(i18n.KeyReportFieldComments), Value: strings.Join(lines, "\n")})
	}
	if d := r.Decision; d != nil {
		when := p.Date(d.At.Format("2006-01-02"))
		v := p.T(i18n.KeyReportDecisionRejected, person(d.Reviewer), when)
		if d.Status == report.Confirmed {
			v = p.T(i18n.KeyReportDecisionConfirmed, person(d.Reviewer), when, escapeText(d.Label)+" (`"+strings.Join(d.Expected, "`, `")+"`)")
		}
		if d.Note != "" {
			v += "\n" + p.T(i18n.KeyReportDecisionNote, escapeText(d.Note))
		}
		e.Fields = append(e.Fields, Field{Name: p.T(i18n.KeyReportFieldDecision), Value: v})
	}
	resp := Response{Content: content, Embeds: []Embed{e}}
	if buttons && r.Status == report.Open {
		id := strconv.FormatInt(r.ID, 10)
		resp.Buttons = [][]Button{{
			{Label: p.T(i18n.KeyReportButtonConfirm), Style: StyleSuccess, CustomID: reviewConfirm + id},
			{Label: p.T(i18n.KeyReportButtonReject), Style: StyleSecondary, CustomID: reviewReject + id},
		}}
	}
	return FitLimits(resp)
}

// statusName is the name of a status in p's language.
func statusName(p *i18n.Printer, st report.Status) string {
	switch st {
	case report.Confirmed:
		return p.T(i18n.KeyReportStatusConfirmed)
	case report.Rejected:
		return p.T(i18n.KeyReportStatusRejected)
	}
	return p.T(i18n.KeyReportStatusOpen)
}

// statusColor is the embed color of a report of status st.
func statusColor(st report.Status) int {
	switch st {
	case report.Confirmed:
		return colorConfirmed
	case report.Rejected:
		return colorRejected
	}
	return colorOpen
}

// langName names a language code in p's language.
func langName(p *i18n.Printer, code string) string {
	if l, ok := i18n.ParseLang(code); ok {
		return p.LangName(l)
	}
	return escapeText(code)
}

// person is how a reporter or a reviewer reads: a Discord user as a
// mention (which pings nobody: no message allows mentions), anyone else
// by name.
func person(id string) string {
	if id != "" && strings.IndexFunc(id, func(r rune) bool { return r < '0' || r > '9' }) < 0 {
		return "<@" + id + ">"
	}
	return escapeText(id)
}

// orDash is s, or "–" when it is empty.
func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}
