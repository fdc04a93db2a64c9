package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	"arbiter/cmd/bot/internal/render"
	"arbiter/i18n"
	"arbiter/kb"
)

// The router is the one place where the bot's chat commands are handled.
// Every transport (the HTTP interactions endpoint, the gateway and the
// console) turns what it receives into a Request, calls router.serve, and
// delivers the Response in its own way. Nothing here knows about discordgo.

// requestKind is what a Request asks for.
type requestKind int

const (
	reqCommand        requestKind = iota // a slash command
	reqAutocomplete                      // the user is typing an option
	reqComponent                         // a button click
	reqMessageCommand                    // a message context command ("Find rulings")
)

// Request is one interaction, transport-neutral.
type Request struct {
	Kind requestKind
	// Command is the command's default (English) name: "ruling", "Find rulings".
	Command string
	// Options holds the options as typed, by default name.
	Options map[string]string
	// Focused is the option being typed (autocomplete).
	Focused string
	// CustomID is the clicked button's custom_id (component).
	CustomID string
	// Footer is the footer text of the clicked message's first embed, where
	// a reply keeps a question too long for a custom_id (component).
	Footer string
	// FromEphemeral is set when the clicked message was ephemeral.
	FromEphemeral bool
	// TargetText is the text of the message a message command targets.
	TargetText string

	Locale      string // the user's client language (Discord's "locale")
	GuildLocale string // the server's language, in servers
	UserID      string
	ChannelID   string
	GuildID     string
	// Permissions are the member's permissions in the channel (Discord's
	// bit set); zero outside servers.
	Permissions int64

	// Lang is the reply language, set by the router before a handler runs.
	Lang i18n.Lang
}

// Response is the reply to a Request.
type Response struct {
	Content   string
	Embeds    []Embed
	Buttons   [][]Button // rows of buttons
	Choices   []Choice   // autocomplete
	Ephemeral bool
	// Update replaces the clicked message instead of sending a new one.
	Update bool
	// Outcome is how the interaction ended, for metrics: "ok", "error" or
	// "rate_limited". It is not sent.
	Outcome string
}

// Embed is a rich block of a reply.
type Embed struct {
	Title       string
	URL         string
	Description string
	Fields      []Field
	Footer      string
	Color       int
}

// Field is a titled paragraph of an embed.
type Field struct {
	Name, Value string
	Inline      bool
}

// buttonStyle is how a button looks.
type buttonStyle int

const (
	stylePrimary buttonStyle = iota + 1
	styleSecondary
	styleSuccess
)

// Button is a clickable button whose click comes back as a component
// Request with its CustomID.
type Button struct {
	Label    string
	CustomID string
	Style    buttonStyle
	Disabled bool
}

// Choice is one autocomplete suggestion.
type Choice struct {
	Name, Value string
}

// Handler answers one Request.
type Handler func(ctx context.Context, req Request) (Response, error)

// replyError is an error a user sees: a message key and its arguments.
type replyError struct {
	Code i18n.Key
	Args []any
}

func (e *replyError) Error() string {
	return fmt.Sprintf("discord: %s %v", e.Code, e.Args)
}

func userErr(code i18n.Key, args ...any) error { return &replyError{Code: code, Args: args} }

// router holds the command table and what the handlers share.
type router struct {
	cat       *i18n.Catalog
	index     func() (*kb.Index, func())
	prefs     *prefStore
	limit     *rateLimiter
	log       *slog.Logger
	publicURL string
	complete  *completions
	replies   *replyCache
	now       func() time.Time
	cmds      []commandDef
}

// routerConfig is what newRouter needs.
type routerConfig struct {
	cat       *i18n.Catalog
	index     func() (*kb.Index, func())
	prefs     *prefStore
	limit     *rateLimiter
	log       *slog.Logger
	publicURL string
	cacheSize int // rendered replies kept (0: none)
}

func newRouter(c routerConfig) *router {
	rt := &router{
		cat: c.cat, index: c.index, prefs: c.prefs, limit: c.limit, log: c.log,
		publicURL: c.publicURL, complete: &completions{}, replies: newReplyCache(c.cacheSize), now: time.Now,
	}
	if rt.log == nil {
		rt.log = slog.New(slog.DiscardHandler)
	}
	rt.cmds = rt.commandTable()
	return rt
}

// command returns the definition of the command with that default name.
func (rt *router) command(name string) (commandDef, bool) {
	for _, c := range rt.cmds {
		if c.Name == name {
			return c, true
		}
	}
	return commandDef{}, false
}

// ephemeral tells whether the command's replies are for the user alone.
func (rt *router) ephemeral(name string) bool {
	c, ok := rt.command(name)
	return ok && c.Ephemeral
}

// repliesEphemeral tells, before the reply exists, whether it will be for
// the user alone: what a deferred response must announce.
func (rt *router) repliesEphemeral(req Request) bool {
	switch req.Kind {
	case reqComponent:
		// A click answers the clicker alone, but Share posts for everyone.
		return !strings.HasPrefix(req.CustomID, string(rune(actShare))+":")
	case reqCommand, reqMessageCommand:
		return strings.EqualFold(strings.TrimSpace(req.Options["private"]), "true") || rt.ephemeral(req.Command)
	}
	return false
}

// serve answers req. It never fails: errors and panics become a localized
// ephemeral reply, and are logged.
func (rt *router) serve(ctx context.Context, req Request) (resp Response) {
	// What users typed loses its control characters before anything reads it.
	opts := make(map[string]string, len(req.Options))
	for k, v := range req.Options {
		opts[k] = cleanText(v)
	}
	req.Options, req.TargetText, req.Footer = opts, cleanText(req.TargetText), cleanText(req.Footer)
	req.Lang = rt.lang(req)
	p := rt.cat.Printer(req.Lang)
	defer func() {
		if v := recover(); v != nil {
			rt.log.Error("interaction panic", "command", req.Command, "kind", int(req.Kind), "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			resp = errorResponse(p, userErr(i18n.KeyErrInternal))
		}
	}()
	if req.Kind == reqAutocomplete {
		choices, err := rt.autocomplete(ctx, req)
		if err != nil {
			rt.log.Warn("autocomplete", "command", req.Command, "err", err)
		}
		return Response{Choices: choices}
	}
	if rt.limit != nil && req.UserID != "" {
		if ok, wait := rt.limit.allow(req.UserID, rt.now()); !ok {
			resp := errorResponse(p, userErr(i18n.KeyDiscordRateLimited, int((wait+time.Second-1)/time.Second)))
			resp.Outcome = "rate_limited"
			return resp
		}
	}
	h, err := rt.handler(req)
	if err != nil {
		return errorResponse(p, err)
	}
	resp, err = h(ctx, req)
	if err != nil {
		var re *replyError
		if !errors.As(err, &re) {
			rt.log.Error("interaction", "command", req.Command, "kind", int(req.Kind), "err", err)
		}
		return errorResponse(p, err)
	}
	return resp
}

// handler picks the handler of req.
func (rt *router) handler(req Request) (Handler, error) {
	switch req.Kind {
	case reqComponent:
		return rt.handleComponent, nil
	case reqCommand, reqMessageCommand:
		if c, ok := rt.command(req.Command); ok && c.Handler != nil {
			return c.Handler, nil
		}
	}
	return nil, userErr(i18n.KeyUnknownCommand, escapeText(req.Command))
}

// lang picks the reply language: the user's /language setting, then the
// channel's, then the server's, then the user's Discord language, then the
// server's Discord language, else English.
func (rt *router) lang(req Request) i18n.Lang {
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

// errorResponse renders err for a person, ephemerally.
func errorResponse(p *i18n.Printer, err error) Response {
	var re *replyError
	msg := ""
	if errors.As(err, &re) {
		msg = p.T(re.Code, re.Args...)
	} else {
		msg = render.ErrorMessage(p, err)
	}
	return Response{Content: clip(msg, maxContent), Ephemeral: true, Outcome: "error"}
}

// option returns a trimmed option value.
func (req Request) option(name string) string {
	return strings.TrimSpace(req.Options[name])
}
