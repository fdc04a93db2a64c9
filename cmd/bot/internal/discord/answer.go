package discord

import (
	"context"
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
		// An interaction type the bot does not use (a modal, say).
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
	select {
	case resp := <-done:
		if err := respond(toDiscordResponse(req, resp)); err != nil {
			e.log.Warn("interaction reply", "command", req.Command, "err", err)
			return
		}
		outcome = outcomeOf(resp)
		return
	case <-timer.C:
	}
	deferred := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	if req.Kind == chat.KindComponent && req.FromEphemeral {
		deferred.Type = discordgo.InteractionResponseDeferredMessageUpdate
	} else if e.router.RepliesEphemeral(req) {
		deferred.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	if err := respond(deferred); err != nil {
		e.log.Warn("deferred reply", "command", req.Command, "err", err)
		return
	}
	e.metrics.Deferred()
	resp := <-done
	ectx, ecancel := context.WithTimeout(context.WithoutCancel(ctx), e.cfg.editTimeout())
	defer ecancel()
	_, err := e.rest.InteractionResponseEdit(in, toWebhookEdit(resp), discordgo.WithContext(ectx))
	if err == nil {
		outcome = outcomeOf(resp)
		return
	}
	e.log.Warn("deferred edit", "command", req.Command, "err", err)
	// The deferred message may be gone (deleted by the user): the reply
	// still reaches them as a follow-up.
	if _, err := e.rest.FollowupMessageCreate(in, false, toFollowup(resp), discordgo.WithContext(ectx)); err != nil {
		e.log.Warn("follow-up", "command", req.Command, "err", err)
		return
	}
	outcome = outcomeOf(resp)
}

// outcomeOf is the metrics outcome of a delivered reply.
func outcomeOf(r chat.Response) string {
	if r.Outcome != "" {
		return r.Outcome
	}
	return "ok"
}
