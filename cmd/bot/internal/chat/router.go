package chat

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	"arbiter/cmd/bot/internal/render"
	"arbiter/cmd/bot/internal/report"
	"arbiter/cmd/bot/internal/sim"
	"arbiter/i18n"
)

// Router answers chat requests: the one place where the bot's commands
// are handled. It is safe for concurrent use.
type Router struct {
	cat       *i18n.Catalog
	index     func() (Index, func())
	prefs     *Prefs
	limit     *RateLimiter
	mentions  MentionsConfig // bounds the replies to [[name]]
	log       *slog.Logger
	publicURL string
	lists     *completions
	replies   *replyCache
	now       func() time.Time
	cmds      []Command
	fetch     Fetcher
	simGate   *sim.Gate // users' scenarios played at once
	// reports are where reports of wrong answers go; reportLimit bounds
	// them when reports.Limit does not; corrections are the confirmed
	// ones, for the answers they correct.
	reports     ReportsConfig
	reportLimit *RateLimiter
	corrections *report.Corrections
}

// Config is what a Router needs.
type Config struct {
	Catalog *i18n.Catalog
	// Index returns the index that serves and the func that releases it
	// once the reply is made. Serve needs it; Commands does not.
	Index func() (Index, func())
	// Prefs holds the /language settings; nil: none can be set.
	Prefs *Prefs
	// Limit is the per-user rate limit; nil: none.
	Limit *RateLimiter
	// Mentions bounds the replies to cards named as [[name]] in messages
	// (see Router.Mentions); zero: no bound.
	Mentions MentionsConfig
	// Log receives what goes wrong; nil: nothing is logged.
	Log *slog.Logger
	// PublicURL is the base URL of the web pages, for links in replies.
	PublicURL string
	// CacheSize is how many rendered replies are kept (0: none).
	CacheSize int
	// Fetch reads the files attached to requests (scenarios sent to
	// /simulate); nil: attachments are refused.
	Fetch Fetcher
	// Reports takes the reports of wrong answers and their review.
	Reports ReportsConfig
	// SimGate bounds the users' scenarios played at once in the process
	// (shared with the web pages); nil: no bound.
	SimGate *sim.Gate
}

// New returns a router with the bot's command table.
func New(c Config) *Router {
	rt := &Router{
		cat: c.Catalog, index: c.Index, prefs: c.Prefs, limit: c.Limit, log: c.Log,
		publicURL: c.PublicURL, lists: &completions{}, replies: newReplyCache(c.CacheSize), now: time.Now,
		fetch: c.Fetch, simGate: c.SimGate, reports: c.Reports, reportLimit: c.Reports.Limit, corrections: &report.Corrections{},
	}
	rt.mentions = c.Mentions
	if rt.reportLimit == nil {
		rt.reportLimit = DefaultReportLimit()
	}
	if rt.log == nil {
		rt.log = slog.New(slog.DiscardHandler)
	}
	rt.cmds = rt.commandTable()
	return rt
}

// replyError is an error a user sees: a message key and its arguments.
type replyError struct {
	Code i18n.Key
	Args []any
}

// Error returns the key and arguments, for logs.
func (e *replyError) Error() string {
	return fmt.Sprintf("discord: %s %v", e.Code, e.Args)
}

// userErr is an error whose message the user gets.
func userErr(code i18n.Key, args ...any) error { return &replyError{Code: code, Args: args} }

// Serve answers req. It never fails: errors and panics become a localized
// ephemeral reply, and are logged.
func (rt *Router) Serve(ctx context.Context, req Request) (resp Response) {
	// What users typed loses its control characters before anything reads it.
	opts := make(map[string]string, len(req.Options))
	for k, v := range req.Options {
		opts[k] = cleanText(v)
	}
	req.Options, req.TargetText, req.Footer = opts, cleanText(req.TargetText), cleanText(req.Footer)
	req.Lang = rt.Lang(req)
	p := rt.cat.Printer(req.Lang)
	defer func() {
		if v := recover(); v != nil {
			rt.log.Error("interaction panic", "command", req.Command, "kind", int(req.Kind), "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			resp = errorResponse(p, userErr(i18n.KeyErrInternal))
		}
	}()
	if req.Kind == KindAutocomplete {
		choices, err := rt.autocomplete(ctx, req)
		if err != nil {
			rt.log.Warn("autocomplete", "command", req.Command, "err", err)
		}
		return Response{Choices: choices}
	}
	if rt.limit != nil && req.UserID != "" {
		if ok, wait := rt.limit.allow(ctx, req.UserID, rt.now()); !ok {
			resp := errorResponse(p, userErr(i18n.KeyDiscordRateLimited, int((wait+time.Second-1)/time.Second)))
			resp.Outcome = "rate_limited"
			return resp
		}
	}
	resp, err := rt.handle(ctx, req)
	if err != nil {
		if !userFacing(err) {
			rt.log.Error("interaction", "command", req.Command, "kind", int(req.Kind), "err", err)
		}
		return errorResponse(p, err)
	}
	return resp
}

// handle answers a command or a click, on the index that serves.
func (rt *Router) handle(ctx context.Context, req Request) (Response, error) {
	ix, release := rt.index()
	defer release()
	switch req.Kind {
	case KindComponent:
		return rt.click(ctx, ix, req)
	case KindModal:
		return rt.submit(ctx, ix, req)
	case KindCommand, KindMessageCommand:
		if c, ok := rt.Command(req.Command); ok && c.reply != nil {
			return rt.run(ctx, ix, c, req)
		}
	}
	return Response{}, userErr(i18n.KeyUnknownCommand, escapeText(req.Command))
}

// run answers a call of c: a page command shows the first page of its
// reply, any other command replies at once.
func (rt *Router) run(ctx context.Context, ix Index, c Command, req Request) (Response, error) {
	st := replyState{Action: actPage, Cmd: c.Name, Lang: req.Lang}
	if c.Page {
		st.Arg = c.argument(req)
		return rt.page(ctx, ix, st, c.Ephemeral || c.private(req))
	}
	return c.reply(ctx, call{req: req, st: st, ix: ix, p: rt.printer(req.Lang)})
}

// call is what a command's reply is made from: the request, the state
// (command, language, page number, argument), the index that serves and a
// printer of the reply's language. A page is made from its state alone:
// its request is empty, as it is when a button shows the page again.
type call struct {
	req Request
	st  replyState
	ix  Index
	p   *i18n.Printer
	// first are the texts a confirmed report of the question says answer
	// it: the answer cites them first.
	first []string
}

// RepliesEphemeral tells, before the reply exists, whether it will be for
// the user alone: what a deferred response must announce.
func (rt *Router) RepliesEphemeral(req Request) bool {
	switch req.Kind {
	case KindComponent:
		// A click answers the clicker alone, but Share posts for everyone.
		return !strings.HasPrefix(req.CustomID, string(rune(actShare))+":")
	case KindCommand, KindMessageCommand:
		return strings.EqualFold(strings.TrimSpace(req.Options["private"]), "true") || rt.ephemeral(req.Command)
	case KindModal:
		// A report's acknowledgement is for the reporter alone.
		return strings.HasPrefix(req.CustomID, reportModalPrefix)
	}
	return false
}

// Light tells whether req searches nothing (see Command.Light): a light
// command, or a click that opens a form (Report, Confirm, Edit the
// board) or decides a report (Reject), which must answer within
// Discord's first 3 seconds (a form cannot be deferred).
func (rt *Router) Light(req Request) bool {
	switch req.Kind {
	case KindCommand:
		c, ok := rt.Command(req.Command)
		return ok && c.Light
	case KindComponent:
		return strings.HasPrefix(req.CustomID, string(rune(actReport))+":") || strings.HasPrefix(req.CustomID, "v:") ||
			strings.HasPrefix(req.CustomID, playEdit)
	}
	return false
}

// ephemeral tells whether the command's replies are for the user alone.
func (rt *Router) ephemeral(name string) bool {
	c, ok := rt.Command(name)
	return ok && c.Ephemeral
}

// Lang picks the reply language: the user's /language setting, then the
// channel's, then the server's, then the user's Discord language, then the
// server's Discord language, else English.
func (rt *Router) Lang(req Request) i18n.Lang {
	if rt.prefs != nil {
		if l, ok := rt.prefs.lang(req.UserID, req.ChannelID, req.GuildID); ok {
			return l
		}
	}
	for _, loc := range []string{req.Locale, req.GuildLocale} {
		if _, ok := i18n.ParseLang(loc); ok {
			return rt.cat.Match(loc)
		}
	}
	return i18n.EN
}

// Unsupported is the reply to an interaction the bot does not use (a
// select menu, say).
func (rt *Router) Unsupported(req Request) Response {
	return errorResponse(rt.printer(rt.Lang(req)), userErr(i18n.KeyDiscordBadButton))
}

// Busy is the reply to an interaction that cannot be started in time: too
// many are waiting already.
func (rt *Router) Busy(req Request) Response {
	resp := errorResponse(rt.printer(rt.Lang(req)), userErr(i18n.KeyDiscordBusy))
	resp.Outcome = "busy"
	return resp
}

// Warm builds the autocomplete lists of the serving index, so that the
// first keystroke does not wait for them.
func (rt *Router) Warm(ctx context.Context) error {
	ix, release := rt.index()
	defer release()
	_, err := rt.lists.get(ctx, ix)
	return err
}

// printer writes messages in l.
func (rt *Router) printer(l i18n.Lang) *i18n.Printer { return rt.cat.Printer(l) }

// userFacing tells an error whose message is for the user: a reply error
// or a report refused.
func userFacing(err error) bool {
	var re *replyError
	var pr *report.Problem
	return errors.As(err, &re) || errors.As(err, &pr)
}

// errorResponse renders err for a person, ephemerally.
func errorResponse(p *i18n.Printer, err error) Response {
	var re *replyError
	var pr *report.Problem
	msg := ""
	switch {
	case errors.As(err, &re):
		msg = p.T(re.Code, re.Args...)
	case errors.As(err, &pr):
		// What users typed comes back escaped.
		args := make([]any, len(pr.Args))
		for i, a := range pr.Args {
			if s, ok := a.(string); ok {
				a = markdownEscaper.Replace(cleanText(s))
			}
			args[i] = a
		}
		msg = p.T(pr.Key, args...)
	default:
		msg = render.ErrorMessage(p, err)
	}
	return Response{Content: Clip(msg, MaxContent), Ephemeral: true, Outcome: "error"}
}
