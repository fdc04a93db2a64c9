package discord

import (
	"context"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"arbiter/cmd/bot/internal/chat"
)

// autocompleteBudget bounds an autocomplete, which cannot be deferred,
// counted from its arrival.
const autocompleteBudget = 2 * time.Second

// tokenLife is how long after an interaction its reply may still be
// delivered: its token lives 15 minutes, less a margin.
const tokenLife = 14*time.Minute + 30*time.Second

// answer runs an interaction that arrived at arrived through the router
// and delivers the reply. respond sends the initial response (in the HTTP
// body, or by REST for the gateway). When the reply is not ready within
// the defer budget counted from arrival (waiting for a worker included),
// a deferred response goes out first and the reply is edited in later, by
// REST, within the token's 15 minutes.
func (e *Endpoint) answer(ctx context.Context, in *discordgo.Interaction, arrived time.Time, respond func(*discordgo.InteractionResponse) error) {
	req, ok := requestOf(in)
	if !ok {
		// An interaction type the bot does not use.
		_ = respond(toDiscordResponse(req, e.router.Unsupported(req)))
		return
	}
	if req.Kind == chat.KindAutocomplete {
		e.autocomplete(ctx, req, arrived, respond)
		return
	}
	start := arrived
	outcome := "error"
	defer func() { e.metrics.ObserveInteraction(req.Command, outcome, string(in.Locale), time.Since(start)) }()
	if e.admit.full() {
		// Even a deferral would promise an answer the queue cannot give.
		e.metrics.Busy()
		resp := chat.FitLimits(e.router.Busy(req))
		if err := respond(toDiscordResponse(req, resp)); err != nil {
			e.log.Warn("busy reply", "command", req.Command, "err", err)
			return
		}
		outcome = outcomeOf(resp)
		return
	}
	// The work outlives the request once deferred: its own context, bounded.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 14*time.Minute)
	defer cancel()
	done := make(chan chat.Response, 1)
	// The work may outlive the answer (a reply never delivered): Wait
	// waits for it too.
	e.inflight.Add(1)
	go func() {
		defer e.inflight.Done()
		release := func() {}
		if !e.router.Light(req) {
			qctx, qcancel := context.WithTimeout(wctx, e.admit.maxWait)
			r, ok := e.admit.acquire(qctx, e.admit.work, arrived, e.metrics)
			qcancel()
			if !ok {
				e.metrics.Busy()
				done <- chat.FitLimits(e.router.Busy(req))
				return
			}
			release = r
		}
		resp := e.router.Serve(wctx, req)
		if resp.Outcome == "rate_limited" {
			e.metrics.RateLimited()
		}
		// The worker is free before the answer is handed over, so that
		// once the interaction is done its gauge is back down.
		release()
		done <- chat.FitLimits(resp)
	}()
	timer := time.NewTimer(time.Until(arrived.Add(e.cfg.deferAfter())))
	defer timer.Stop()
	var deferred *discordgo.InteractionResponse
	var resp chat.Response
	ready := false
	select {
	case resp = <-done:
		if len(resp.Files) == 0 {
			if err := respond(toDiscordResponse(req, resp)); err != nil {
				e.log.Warn("interaction reply", "command", req.Command, "err", err)
				return
			}
			outcome = outcomeOf(resp)
			return
		}
		// Files cannot go in the response to an HTTP interaction: the
		// response defers, and an edit of it uploads them.
		ready = true
		deferred = deferralOf(req, resp)
	case <-timer.C:
		deferred = e.deferral(req)
	}
	if err := respond(deferred); err != nil {
		e.log.Warn("deferred reply", "command", req.Command, "err", err)
		return
	}
	if late := time.Since(arrived); late > discordDeadline-deadlineMargin {
		e.log.Warn("deferred reply sent late", "command", req.Command, "ms", late.Milliseconds())
	}
	e.metrics.Deferred()
	if !ready {
		resp = <-done
	}
	// Delivery may take as long as the interaction's token lives; each
	// call to Discord has its own timeout from when it is sent, after the
	// waits for its rate-limit bucket and a free connection.
	dctx, dcancel := context.WithDeadline(context.WithoutCancel(ctx), arrived.Add(tokenLife))
	defer dcancel()
	err := e.editOriginal(dctx, in, resp)
	if err == nil {
		outcome = outcomeOf(resp)
		e.metrics.Delivered(time.Since(arrived))
		return
	}
	e.log.Warn("deferred edit", "command", req.Command, "err", err)
	// The deferred message may be gone (deleted by the user), or the edit
	// timed out: the reply still reaches them as a follow-up, a call of
	// its own with a fresh timeout.
	if err := e.followUp(dctx, in, resp); err != nil {
		e.metrics.Undelivered()
		e.log.Error("deferred reply never delivered", "command", req.Command, "err", err,
			"ms", time.Since(arrived).Milliseconds())
		return
	}
	outcome = outcomeOf(resp)
	e.metrics.Delivered(time.Since(arrived))
}

// autocomplete answers an autocomplete within its budget counted from
// its arrival, on a pool of workers of its own (a queue of commands does
// not hold up typing); past the budget it answers no choices.
func (e *Endpoint) autocomplete(ctx context.Context, req chat.Request, arrived time.Time, respond func(*discordgo.InteractionResponse) error) {
	actx, cancel := context.WithDeadline(ctx, arrived.Add(autocompleteBudget))
	defer cancel()
	done := make(chan chat.Response, 1)
	// Past its budget the answer goes without the work, which ends on its
	// own: Wait waits for it.
	e.inflight.Add(1)
	go func() {
		defer e.inflight.Done()
		release, ok := e.admit.acquire(actx, e.admit.complete, arrived, e.metrics)
		if !ok {
			done <- chat.Response{}
			return
		}
		defer release()
		done <- chat.FitLimits(e.router.Serve(actx, req))
	}()
	var resp chat.Response
	select {
	case resp = <-done:
	case <-actx.Done():
		e.metrics.Expired()
	}
	if err := respond(toDiscordResponse(req, resp)); err != nil {
		e.log.Warn("autocomplete reply", "err", err)
	}
}

// deferral is the deferred response to req when its reply is not ready
// in time: an update of the clicked message for a click on a message for
// the user alone or a button that replaces its message, else a message to
// come, for the user alone when the reply will be.
func (e *Endpoint) deferral(req chat.Request) *discordgo.InteractionResponse {
	deferred := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	if req.Kind == chat.KindComponent && (req.FromEphemeral || e.router.UpdatesMessage(req)) ||
		req.Kind == chat.KindModal && e.router.UpdatesMessage(req) {
		deferred.Type = discordgo.InteractionResponseDeferredMessageUpdate
	} else if e.router.RepliesEphemeral(req) {
		deferred.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	return deferred
}

// deferralOf is the deferred response announcing reply resp, which is
// ready: an update of the clicked message, or a message to come.
func deferralOf(req chat.Request, resp chat.Response) *discordgo.InteractionResponse {
	if (req.Kind == chat.KindComponent || req.Kind == chat.KindModal) && resp.Update {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	}
	deferred := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	if resp.Ephemeral {
		deferred.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	return deferred
}

// Routes of the calls that follow an interaction, as Discord's rate
// limits name them; their major parameters are the application ID and
// the interaction's token.
const (
	routeEditOriginal = "PATCH /webhooks/{application.id}/{interaction.token}/messages/@original"
	routeFollowUp     = "POST /webhooks/{application.id}/{interaction.token}"
)

// editOriginal completes a deferred response with the reply: an edit of
// the original message, multipart when the reply uploads files.
func (e *Endpoint) editOriginal(ctx context.Context, in *discordgo.Interaction, resp chat.Response) error {
	url := discordgo.EndpointWebhookMessage(in.AppID, in.Token, "@original")
	major := in.AppID + "/" + in.Token
	if len(resp.Files) == 0 {
		c, err := jsonCall(http.MethodPatch, url, routeEditOriginal, major, toWebhookEdit(resp))
		if err != nil {
			return err
		}
		return e.rest.do(ctx, c)
	}
	m, files := toMessageWithFiles(resp)
	m.Flags = 0 // an edit keeps the flags the deferred response set
	return e.upload(ctx, http.MethodPatch, url, routeEditOriginal, major, m, files)
}

// followUp sends the reply as a follow-up message.
func (e *Endpoint) followUp(ctx context.Context, in *discordgo.Interaction, resp chat.Response) error {
	url := discordgo.EndpointFollowupMessage(in.AppID, in.Token)
	major := in.AppID + "/" + in.Token
	if len(resp.Files) == 0 {
		c, err := jsonCall(http.MethodPost, url, routeFollowUp, major, toFollowup(resp))
		if err != nil {
			return err
		}
		return e.rest.do(ctx, c)
	}
	m, files := toMessageWithFiles(resp)
	return e.upload(ctx, http.MethodPost, url, routeFollowUp, major, m, files)
}

// upload sends a message with files to Discord's REST API: a multipart
// request whose payload_json part is the message and files[n] parts the
// files (Discord's "Uploading Files").
func (e *Endpoint) upload(ctx context.Context, method, url, route, major string, payload any, files []*discordgo.File) error {
	ctype, body, err := discordgo.MultipartBodyWithJSON(payload, files)
	if err != nil {
		return err
	}
	return e.rest.do(ctx, restCall{method: method, url: url, route: route, major: major, contentType: ctype, body: body,
		idempotent: method == http.MethodPatch})
}

// outcomeOf is the metrics outcome of a delivered reply.
func outcomeOf(r chat.Response) string {
	if r.Outcome != "" {
		return r.Outcome
	}
	return "ok"
}
