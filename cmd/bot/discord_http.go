package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"arbiter/cmd/bot/internal/chat"

	"github.com/bwmarrin/discordgo"
)

// maxClockSkew is how far a request's signed timestamp may be from now.
const maxClockSkew = 5 * time.Minute

// autocompleteBudget bounds an autocomplete, which cannot be deferred.
const autocompleteBudget = 2 * time.Second

// handleInteractions is Discord's HTTP interactions endpoint: verify, then
// answer inline or defer and edit.
func (s *server) handleInteractions(w http.ResponseWriter, r *http.Request) {
	d, err := s.discord()
	if err != nil || d.key == nil {
		http.Error(w, "interactions are not configured", http.StatusUnauthorized)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.discord.maxBodyOr()))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if code, why := d.verify(r, body, time.Now()); code != http.StatusOK {
		s.log.Info("interaction refused", "status", code, "why", why, "remote", r.RemoteAddr)
		http.Error(w, why, code)
		return
	}
	var in discordgo.Interaction
	if err := json.Unmarshal(body, &in); err != nil || in.Type == 0 {
		http.Error(w, "malformed interaction", http.StatusBadRequest)
		return
	}
	if in.Type == discordgo.InteractionPing {
		writeJSONResponse(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	// The initial response must be written before this handler returns;
	// once it has returned, a late writer is told so instead.
	var mu sync.Mutex
	returned := false
	answered := make(chan struct{})
	d.inflight.Add(1)
	go func() {
		defer d.inflight.Done()
		s.answer(r.Context(), d, &in, func(resp *discordgo.InteractionResponse) error {
			mu.Lock()
			defer mu.Unlock()
			if returned {
				return errors.New("the request is gone")
			}
			defer close(answered)
			return writeJSONResponse(w, resp)
		})
	}()
	select {
	case <-answered:
	case <-r.Context().Done():
	}
	mu.Lock()
	returned = true
	mu.Unlock()
}

func (c discordConfig) maxBodyOr() int64 {
	if c.maxBody > 0 {
		return c.maxBody
	}
	return 64 << 10
}

// verify checks the request's Ed25519 signature, the freshness of its
// timestamp and that it is not a replay; it returns 200 or the status to
// refuse it with.
func (d *discordRuntime) verify(r *http.Request, body []byte, now time.Time) (int, string) {
	sig, ts := r.Header.Get("X-Signature-Ed25519"), r.Header.Get("X-Signature-Timestamp")
	if sig == "" || ts == "" {
		return http.StatusUnauthorized, "missing signature"
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return http.StatusUnauthorized, "bad timestamp"
	}
	if skew := now.Sub(time.Unix(sec, 0)); skew > maxClockSkew || skew < -maxClockSkew {
		return http.StatusUnauthorized, "stale timestamp"
	}
	vr := r.Clone(r.Context())
	vr.Body = io.NopCloser(bytes.NewReader(body))
	if !discordgo.VerifyInteraction(vr, d.key) {
		return http.StatusUnauthorized, "bad signature"
	}
	if !d.replays.first(ts+"/"+sig, now) {
		return http.StatusUnauthorized, "replayed request"
	}
	return http.StatusOK, ""
}

func writeJSONResponse(w http.ResponseWriter, resp *discordgo.InteractionResponse) error {
	b, err := json.Marshal(resp)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	_, err = w.Write(b)
	return err
}

// answer runs an interaction through the router and delivers the reply.
// respond sends the initial response (in the HTTP body, or by REST for the
// gateway). When the router has not answered within the defer budget, a
// deferred response goes out first and the reply is edited in later, by
// REST, within the token's 15 minutes.
func (s *server) answer(ctx context.Context, d *discordRuntime, in *discordgo.Interaction, respond func(*discordgo.InteractionResponse) error) {
	req, ok := requestOf(in)
	if !ok {
		// An interaction type the bot does not use (a modal, say).
		_ = respond(toDiscordResponse(req, d.router.Unsupported(req)))
		return
	}
	if req.Kind == chat.KindAutocomplete {
		actx, cancel := context.WithTimeout(ctx, autocompleteBudget)
		defer cancel()
		resp := chat.FitLimits(d.router.Serve(actx, req))
		if err := respond(toDiscordResponse(req, resp)); err != nil {
			s.log.Warn("autocomplete reply", "err", err)
		}
		return
	}
	// The work outlives the request once deferred: its own context, bounded.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 14*time.Minute)
	defer cancel()
	start := time.Now()
	outcome := "error"
	defer func() { s.ops.observeInteraction(req.Command, outcome, string(in.Locale), time.Since(start)) }()
	done := make(chan chat.Response, 1)
	go func() {
		resp := d.router.Serve(wctx, req)
		if resp.Outcome == "rate_limited" {
			s.ops.rateLimited()
		}
		done <- chat.FitLimits(resp)
	}()
	budget := s.cfg.discord.deferAfter
	if budget <= 0 {
		budget = 2 * time.Second
	}
	timer := time.NewTimer(budget)
	defer timer.Stop()
	select {
	case resp := <-done:
		if err := respond(toDiscordResponse(req, resp)); err != nil {
			s.log.Warn("interaction reply", "command", req.Command, "err", err)
			return
		}
		outcome = outcomeOf(resp)
		return
	case <-timer.C:
	}
	deferred := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	if req.Kind == chat.KindComponent && req.FromEphemeral {
		deferred.Type = discordgo.InteractionResponseDeferredMessageUpdate
	} else if d.router.RepliesEphemeral(req) {
		deferred.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	if err := respond(deferred); err != nil {
		s.log.Warn("deferred reply", "command", req.Command, "err", err)
		return
	}
	s.ops.deferred()
	resp := <-done
	ectx, ecancel := context.WithTimeout(context.WithoutCancel(ctx), max(s.cfg.discord.editTimeout, time.Second))
	defer ecancel()
	_, err := d.rest.InteractionResponseEdit(in, toWebhookEdit(resp), discordgo.WithContext(ectx))
	if err == nil {
		outcome = outcomeOf(resp)
		return
	}
	s.log.Warn("deferred edit", "command", req.Command, "err", err)
	// The deferred message may be gone (deleted by the user): the reply
	// still reaches them as a follow-up.
	if _, err := d.rest.FollowupMessageCreate(in, false, toFollowup(resp), discordgo.WithContext(ectx)); err != nil {
		s.log.Warn("follow-up", "command", req.Command, "err", err)
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

// toFollowup is a reply sent as a follow-up message.
func toFollowup(r chat.Response) *discordgo.WebhookParams {
	w := &discordgo.WebhookParams{Content: r.Content, Embeds: toEmbeds(r.Embeds), Components: toComponents(r.Buttons), AllowedMentions: noMentions()}
	if r.Ephemeral {
		w.Flags = discordgo.MessageFlagsEphemeral
	}
	return w
}

// requestOf turns a Discord interaction into a router chat.Request.
func requestOf(in *discordgo.Interaction) (chat.Request, bool) {
	req := chat.Request{
		Locale: string(in.Locale), ChannelID: in.ChannelID, GuildID: in.GuildID, Options: map[string]string{},
	}
	if in.GuildLocale != nil {
		req.GuildLocale = string(*in.GuildLocale)
	}
	switch {
	case in.Member != nil && in.Member.User != nil:
		req.UserID = in.Member.User.ID
		req.Permissions = in.Member.Permissions
	case in.User != nil:
		req.UserID = in.User.ID
	}
	switch in.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		data, ok := in.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok {
			return req, false
		}
		req.Command = data.Name
		req.Kind = chat.KindCommand
		if in.Type == discordgo.InteractionApplicationCommandAutocomplete {
			req.Kind = chat.KindAutocomplete
		}
		if data.CommandType == discordgo.MessageApplicationCommand {
			req.Kind = chat.KindMessageCommand
			if data.Resolved != nil {
				if m := data.Resolved.Messages[data.TargetID]; m != nil {
					req.TargetText = m.Content
				}
			}
		}
		for _, o := range data.Options {
			if o == nil {
				continue
			}
			req.Options[o.Name] = optionString(o.Value)
			if o.Focused {
				req.Focused = o.Name
			}
		}
		return req, true
	case discordgo.InteractionMessageComponent:
		data, ok := in.Data.(discordgo.MessageComponentInteractionData)
		if !ok {
			return req, false
		}
		req.Kind = chat.KindComponent
		req.CustomID = data.CustomID
		if in.Message != nil {
			req.FromEphemeral = in.Message.Flags&discordgo.MessageFlagsEphemeral != 0
			if len(in.Message.Embeds) > 0 && in.Message.Embeds[0] != nil && in.Message.Embeds[0].Footer != nil {
				req.Footer = in.Message.Embeds[0].Footer.Text
			}
		}
		return req, true
	}
	return req, false
}

func optionString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

// noMentions is the allowed_mentions of every message: nothing pings.
func noMentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}

// toDiscordResponse is the initial response to req.
func toDiscordResponse(req chat.Request, r chat.Response) *discordgo.InteractionResponse {
	if req.Kind == chat.KindAutocomplete {
		choices := make([]*discordgo.ApplicationCommandOptionChoice, 0, len(r.Choices))
		for _, c := range r.Choices {
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: c.Name, Value: c.Value})
		}
		return &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: choices}}
	}
	typ := discordgo.InteractionResponseChannelMessageWithSource
	if r.Update && req.Kind == chat.KindComponent {
		typ = discordgo.InteractionResponseUpdateMessage
	}
	data := &discordgo.InteractionResponseData{
		Content: r.Content, Embeds: toEmbeds(r.Embeds), Components: toComponents(r.Buttons), AllowedMentions: noMentions(),
	}
	if r.Ephemeral {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	return &discordgo.InteractionResponse{Type: typ, Data: data}
}

// toWebhookEdit is the edit that completes a deferred response.
func toWebhookEdit(r chat.Response) *discordgo.WebhookEdit {
	content := r.Content
	embeds := toEmbeds(r.Embeds)
	comps := toComponents(r.Buttons)
	return &discordgo.WebhookEdit{Content: &content, Embeds: &embeds, Components: &comps, AllowedMentions: noMentions()}
}

func toEmbeds(es []chat.Embed) []*discordgo.MessageEmbed {
	out := make([]*discordgo.MessageEmbed, 0, len(es))
	for _, e := range es {
		me := &discordgo.MessageEmbed{Title: e.Title, URL: e.URL, Description: e.Description, Color: e.Color}
		if e.Footer != "" {
			me.Footer = &discordgo.MessageEmbedFooter{Text: e.Footer}
		}
		for _, f := range e.Fields {
			me.Fields = append(me.Fields, &discordgo.MessageEmbedField{Name: f.Name, Value: f.Value, Inline: f.Inline})
		}
		out = append(out, me)
	}
	return out
}

func toComponents(rows [][]chat.Button) []discordgo.MessageComponent {
	out := make([]discordgo.MessageComponent, 0, len(rows))
	for _, row := range rows {
		var ar discordgo.ActionsRow
		for _, b := range row {
			style := discordgo.SecondaryButton
			switch b.Style {
			case chat.StylePrimary:
				style = discordgo.PrimaryButton
			case chat.StyleSuccess:
				style = discordgo.SuccessButton
			}
			ar.Components = append(ar.Components, discordgo.Button{Label: b.Label, CustomID: b.CustomID, Style: style, Disabled: b.Disabled})
		}
		out = append(out, ar)
	}
	return out
}

// replayCache remembers the (timestamp, signature) pairs seen within the
// clock-skew window, so that a captured request cannot be played again.
// It is bounded: when full, the oldest entries go first.
type replayCache struct {
	mu    sync.Mutex
	ttl   time.Duration
	max   int
	seen  map[string]time.Time
	order []string // insertion order, for eviction
}

func newReplayCache(ttl time.Duration, max int) *replayCache {
	return &replayCache{ttl: ttl, max: max, seen: map[string]time.Time{}}
}

// first records key and reports whether it was not seen within the TTL.
func (c *replayCache) first(key string, now time.Time) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for len(c.order) > 0 {
		k := c.order[0]
		if t, ok := c.seen[k]; ok && now.Sub(t) < c.ttl && len(c.order) < c.max {
			break
		}
		delete(c.seen, k)
		c.order = c.order[1:]
	}
	if t, ok := c.seen[key]; ok && now.Sub(t) < c.ttl {
		return false
	}
	c.seen[key] = now
	c.order = append(c.order, key)
	return true
}
