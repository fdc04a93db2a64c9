package discord

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"

	"arbiter/cmd/bot/internal/chat"
)

// autocompleteBudget bounds an autocomplete, which cannot be deferred,
// counted from its arrival.
const autocompleteBudget = 2 * time.Second

// answer runs an interaction that arrived at arrived through the router
// and delivers the reply. respond sends the initial response (in the HTTP
// body, or by REST for the gateway). When the reply is not ready within
// the defer budget counted from arrival (waiting for a worker included),
// a deferred response goes out first and the reply is edited in later, by
// REST, within the token's 15 minutes.
func (e *Endpoint) answer(ctx context.Context, in *discordgo.Interaction, arrived time.Time, respond func(*discordgo.InteractionResponse) error) {
	req, ok := requestOf(in)
	if !ok {
		// An interaction type the bot does not use (a modal, say).
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
	go func() {
		if !e.router.Light(req) {
			qctx, qcancel := context.WithTimeout(wctx, e.admit.maxWait)
			release, ok := e.admit.acquire(qctx, e.admit.work, arrived, e.metrics)
			qcancel()
			if !ok {
				e.metrics.Busy()
				done <- chat.FitLimits(e.router.Busy(req))
				return
			}
			defer release()
		}
		resp := e.router.Serve(wctx, req)
		if resp.Outcome == "rate_limited" {
			e.metrics.RateLimited()
		}
		done <- chat.FitLimits(resp)
	}()
	timer := time.NewTimer(time.Until(arrived.Add(e.cfg.deferAfter())))
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
	if late := time.Since(arrived); late > discordDeadline-deadlineMargin {
		e.log.Warn("deferred reply sent late", "command", req.Command, "ms", late.Milliseconds())
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

// autocomplete answers an autocomplete within its budget counted from
// its arrival, on a pool of workers of its own (a queue of commands does
// not hold up typing); past the budget it answers no choices.
func (e *Endpoint) autocomplete(ctx context.Context, req chat.Request, arrived time.Time, respond func(*discordgo.InteractionResponse) error) {
	actx, cancel := context.WithDeadline(ctx, arrived.Add(autocompleteBudget))
	defer cancel()
	done := make(chan chat.Response, 1)
	go func() {
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

// outcomeOf is the metrics outcome of a delivered reply.
func outcomeOf(r chat.Response) string {
	if r.Outcome != "" {
		return r.Outcome
	}
	return "ok"
}
