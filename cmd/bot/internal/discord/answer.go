package discord

import (
	"context"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"arbiter/cmd/bot/internal/chat"
)

// autocompleteBudget bounds an autocomplete, which cannot be deferred.
const autocompleteBudget = 2 * time.Second

// answer runs an interaction through the router and delivers the reply.
// respond sends the initial response (in the HTTP body, or by REST for the
// gateway). When the router has not answered within the defer budget, a
// deferred response goes out first and the reply is edited in later, by
// REST, within the token's 15 minutes.
func (e *Endpoint) answer(ctx context.Context, in *discordgo.Interaction, respond func(*discordgo.InteractionResponse) error) {
	req, ok := requestOf(in)
	if !ok {
		// An interaction type the bot does not use.
		_ = respond(toDiscordResponse(req, e.router.Unsupported(req)))
		return
	}
	if req.Kind == chat.KindAutocomplete {
		actx, cancel := context.WithTimeout(ctx, autocompleteBudget)
		defer cancel()
		resp := chat.FitLimits(e.router.Serve(actx, req))
		if err := respond(toDiscordResponse(req, resp)); err != nil {
			e.log.Warn("autocomplete reply", "err", err)
		}
		return
	}
	// The work outlives the request once deferred: its own context, bounded.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 14*time.Minute)
	defer cancel()
	start := time.Now()
	outcome := "error"
	defer func() { e.metrics.ObserveInteraction(req.Command, outcome, string(in.Locale), time.Since(start)) }()
	done := make(chan chat.Response, 1)
	go func() {
		resp := e.router.Serve(wctx, req)
		if resp.Outcome == "rate_limited" {
			e.metrics.RateLimited()
		}
		done <- chat.FitLimits(resp)
	}()
	timer := time.NewTimer(e.cfg.deferAfter())
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
	e.metrics.Deferred()
	if !ready {
		resp = <-done
	}
	ectx, ecancel := context.WithTimeout(context.WithoutCancel(ctx), e.cfg.editTimeout())
	defer ecancel()
	err := e.editOriginal(ectx, in, resp)
	if err == nil {
		outcome = outcomeOf(resp)
		return
	}
	e.log.Warn("deferred edit", "command", req.Command, "err", err)
	// The deferred message may be gone (deleted by the user): the reply
	// still reaches them as a follow-up.
	if err := e.followUp(ectx, in, resp); err != nil {
		e.log.Warn("follow-up", "command", req.Command, "err", err)
		return
	}
	outcome = outcomeOf(resp)
}

// deferral is the deferred response to req when its reply is not ready
// in time: an update of the clicked message for a click on a message for
// the user alone or a button that replaces its message, else a message to
// come, for the user alone when the reply will be.
func (e *Endpoint) deferral(req chat.Request) *discordgo.InteractionResponse {
	deferred := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	if req.Kind == chat.KindComponent && (req.FromEphemeral || e.router.UpdatesMessage(req)) {
		deferred.Type = discordgo.InteractionResponseDeferredMessageUpdate
	} else if e.router.RepliesEphemeral(req) {
		deferred.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	return deferred
}

// deferralOf is the deferred response announcing reply resp, which is
// ready: an update of the clicked message, or a message to come.
func deferralOf(req chat.Request, resp chat.Response) *discordgo.InteractionResponse {
	if req.Kind == chat.KindComponent && resp.Update {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	}
	deferred := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	if resp.Ephemeral {
		deferred.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	return deferred
}

// editOriginal completes a deferred response with the reply: an edit of
// the original message, multipart when the reply uploads files.
func (e *Endpoint) editOriginal(ctx context.Context, in *discordgo.Interaction, resp chat.Response) error {
	if len(resp.Files) == 0 {
		_, err := e.rest.InteractionResponseEdit(in, toWebhookEdit(resp), discordgo.WithContext(ctx))
		return err
	}
	m, files := toMessageWithFiles(resp)
	m.Flags = 0 // an edit keeps the flags the deferred response set
	return e.upload(ctx, "PATCH", discordgo.EndpointWebhookMessage(in.AppID, in.Token, "@original"), m, files)
}

// followUp sends the reply as a follow-up message.
func (e *Endpoint) followUp(ctx context.Context, in *discordgo.Interaction, resp chat.Response) error {
	if len(resp.Files) == 0 {
		_, err := e.rest.FollowupMessageCreate(in, false, toFollowup(resp), discordgo.WithContext(ctx))
		return err
	}
	m, files := toMessageWithFiles(resp)
	return e.upload(ctx, "POST", discordgo.EndpointFollowupMessage(in.AppID, in.Token), m, files)
}

// upload sends a message with files to Discord's REST API: a multipart
// request whose payload_json part is the message and files[n] parts the
// files (Discord's "Uploading Files").
func (e *Endpoint) upload(ctx context.Context, method, url string, payload any, files []*discordgo.File) error {
	ctype, body, err := discordgo.MultipartBodyWithJSON(payload, files)
	if err != nil {
		return err
	}
	bucket := e.rest.Ratelimiter.LockBucket(strings.SplitN(url, "?", 2)[0])
	_, err = e.rest.RequestWithLockedBucket(method, url, ctype, body, bucket, 0, discordgo.WithContext(ctx))
	return err
}

// outcomeOf is the metrics outcome of a delivered reply.
func outcomeOf(r chat.Response) string {
	if r.Outcome != "" {
		return r.Outcome
	}
	return "ok"
}
