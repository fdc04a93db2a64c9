package discord

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"arbiter/cmd/bot/internal/chat"
)

// MentionRouter answers the cards named as [[name]] in ordinary messages
// (a *chat.Router); the endpoint reads messages only when its router is
// one and Config.Mentions is set.
type MentionRouter interface {
	Mentions(ctx context.Context, m chat.Message) chat.Response
}

// Timing of the answers to [[name]].
const (
	// mentionEditWindow is how old a message may be when an edit of it
	// names cards and gets an answer.
	mentionEditWindow = time.Hour
	// mentionClaimTTL is how long a message answered stays claimed:
	// longer than the edit window, so no edit gets it answered again.
	mentionClaimTTL = 2 * mentionEditWindow
	// mentionWait bounds the wait for a worker, the store's claim and the
	// reply's delivery; past it the message is not answered.
	mentionWait = 10 * time.Second
	// mutedFor is how long the bot does not try to answer in a channel
	// where Discord refused it a message (no permission to write there):
	// refusals count towards Discord's ban of bots that make too many.
	mutedFor = 10 * time.Minute
)

// closeDisallowedIntents is the close code of a gateway connection that
// asked for a privileged intent the application is not granted.
const closeDisallowedIntents = 4014

// Status of the answers to [[name]], as the log, /readyz and Mentions
// report it.
const (
	MentionsOn      = "on"
	MentionsLimited = "limited: Discord refused the message content intent (gateway close 4014, disallowed intents); only direct messages and messages that @mention the bot are read. Enable Message Content Intent under Bot > Privileged Gateway Intents in the developer portal, or set --mentions=false"
	MentionsOff     = "off: --mentions=false"
	MentionsNoToken = "off: no DISCORD_TOKEN (messages come through the gateway only)"
)

// mentions is what the endpoint keeps of the answers to [[name]]: their
// status, the messages this process claimed, the channels where Discord
// refused a message, and the slots of the answers being made.
type mentions struct {
	mu     sync.Mutex
	status string
	claims map[string]time.Time // message -> claimed until
	muted  map[string]time.Time // channel -> until
	slots  chan struct{}
}

// maxLocalClaims bounds the messages a process remembers answering.
const maxLocalClaims = 100000

// newMentions returns the state of the answers, with workers slots.
func newMentions(workers int) *mentions {
	return &mentions{claims: map[string]time.Time{}, muted: map[string]time.Time{}, slots: make(chan struct{}, workers)}
}

// wanted tells whether the endpoint reads messages for [[name]].
func (e *Endpoint) wanted() bool {
	_, ok := e.router.(MentionRouter)
	return ok && e.cfg.Mentions
}

// Mentions is the status of the answers to [[name]]: MentionsOn,
// MentionsLimited when Discord refused the message content intent, or
// why they are off.
func (e *Endpoint) Mentions() string {
	m := e.mentions
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case m.status != "":
		return m.status
	case !e.wanted():
		return MentionsOff
	case e.cfg.Token == "":
		return MentionsNoToken
	}
	return MentionsOn
}

// setMentions records the status of the answers to [[name]].
func (e *Endpoint) setMentions(status string) {
	e.mentions.mu.Lock()
	e.mentions.status = status
	e.mentions.mu.Unlock()
}

// intents are the gateway intents of a shard: the servers (for their
// language), and with the answers to [[name]] their messages and the
// direct ones, with their content when content is set (a privileged
// intent).
func (e *Endpoint) intents(content bool) discordgo.Intent {
	in := discordgo.IntentsGuilds
	if e.wanted() {
		in |= discordgo.IntentsGuildMessages | discordgo.IntentsDirectMessages
		if content {
			in |= discordgo.IntentsMessageContent
		}
	}
	return in
}

// disallowedIntents tells whether a gateway connection failed because
// Discord refused a privileged intent (close code 4014).
func disallowedIntents(err error) bool {
	var ce *websocket.CloseError
	return errors.As(err, &ce) && ce.Code == closeDisallowedIntents
}

// addMessageHandlers makes gw answer the cards named in the messages it
// delivers, created or edited.
func (e *Endpoint) addMessageHandlers(ctx context.Context, gw *discordgo.Session) {
	if !e.wanted() {
		return
	}
	gw.AddHandler(func(s *discordgo.Session, mc *discordgo.MessageCreate) { e.onMessage(ctx, s, mc.Message, false) })
	gw.AddHandler(func(s *discordgo.Session, mu *discordgo.MessageUpdate) { e.onMessage(ctx, s, mu.Message, true) })
}

// onMessage answers a message that names cards, once, whichever replica
// gets it and however often it is edited: messages of bots and webhooks,
// system messages, and edits of messages older than the edit window are
// not read; the message is claimed in this process, then in the shared
// store, before the router answers it.
func (e *Endpoint) onMessage(ctx context.Context, s *discordgo.Session, m *discordgo.Message, edited bool) {
	if m == nil || m.Author == nil || m.Author.Bot || m.Author.System || m.WebhookID != "" ||
		(m.Type != discordgo.MessageTypeDefault && m.Type != discordgo.MessageTypeReply) {
		return
	}
	if s != nil && s.State != nil && s.State.User != nil && m.Author.ID == s.State.User.ID {
		return
	}
	if ms, _ := chat.ParseMentions(m.Content, chat.MaxMentions); len(ms) == 0 {
		return
	}
	arrived := time.Now()
	if edited {
		created, err := discordgo.SnowflakeTimestamp(m.ID)
		if err != nil || arrived.Sub(created) > mentionEditWindow {
			return
		}
	}
	if e.isMuted(m.ChannelID, arrived) {
		return
	}
	msg := chat.Message{ID: m.ID, ChannelID: m.ChannelID, GuildID: m.GuildID, AuthorID: m.Author.ID, Content: m.Content,
		GuildLocale: guildLocale(s, m.GuildID)}
	e.inflight.Add(1)
	go func() {
		defer e.inflight.Done()
		e.answerMessage(ctx, msg, arrived, func(ctx context.Context, send *discordgo.MessageSend) error {
			_, err := s.ChannelMessageSendComplex(msg.ChannelID, send, discordgo.WithContext(ctx))
			return err
		})
	}()
}

// answerMessage claims msg and sends the router's answer with send, as a
// reply to it that pings nobody.
func (e *Endpoint) answerMessage(ctx context.Context, msg chat.Message, arrived time.Time, send func(context.Context, *discordgo.MessageSend) error) {
	router, ok := e.router.(MentionRouter)
	if !ok {
		return
	}
	outcome := "duplicate"
	defer func() { e.metrics.ObserveInteraction("mention", outcome, msg.GuildLocale, time.Since(arrived)) }()
	// An answer received before shutdown still gets its reply.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), mentionWait)
	defer cancel()
	if !e.claim(wctx, msg.ID, arrived) {
		return
	}
	select {
	case e.mentions.slots <- struct{}{}:
		defer func() { <-e.mentions.slots }()
	case <-wctx.Done():
		outcome = "busy"
		e.log.Warn("mention not answered: no worker in time", "message", msg.ID)
		return
	}
	resp := router.Mentions(wctx, msg)
	outcome = resp.Outcome
	if resp.Content == "" && len(resp.Embeds) == 0 {
		return
	}
	no := false
	err := send(wctx, &discordgo.MessageSend{
		Content: resp.Content, Embeds: toEmbeds(resp.Embeds), Components: toComponents(resp.Menus, resp.Buttons),
		AllowedMentions: noMentions(),
		Reference:       &discordgo.MessageReference{MessageID: msg.ID, ChannelID: msg.ChannelID, GuildID: msg.GuildID, FailIfNotExists: &no},
	})
	if err != nil {
		outcome = "error"
		var re *discordgo.RESTError
		if errors.As(err, &re) && re.Response != nil && (re.Response.StatusCode == http.StatusForbidden || re.Response.StatusCode == http.StatusNotFound) {
			e.mute(msg.ChannelID, time.Now())
		}
		e.log.Warn("mention reply", "message", msg.ID, "channel", msg.ChannelID, "err", redactToken(err, e.cfg.Token))
	}
}

// claim records that this process answers the message: first in its own
// memory, then in the shared store when there is one. A message already
// claimed, or one the store cannot claim in time, is not answered: two
// replicas never answer one message.
func (e *Endpoint) claim(ctx context.Context, id string, now time.Time) bool {
	m := e.mentions
	m.mu.Lock()
	if until, ok := m.claims[id]; ok && now.Before(until) {
		m.mu.Unlock()
		return false
	}
	if len(m.claims) >= maxLocalClaims {
		for k, until := range m.claims {
			if !now.Before(until) {
				delete(m.claims, k)
			}
		}
	}
	if len(m.claims) >= maxLocalClaims {
		m.mu.Unlock()
		return false
	}
	m.claims[id] = now.Add(mentionClaimTTL)
	m.mu.Unlock()
	if e.cfg.Guard == nil {
		return true
	}
	gctx, cancel := context.WithTimeout(ctx, guardTimeout*3)
	defer cancel()
	first, err := e.cfg.Guard.FirstSeen(gctx, "mention:"+id, now, mentionClaimTTL)
	if err != nil {
		e.log.Warn("mention not answered: the shared store cannot claim it", "message", id, "err", err)
		return false
	}
	return first
}

// isMuted tells whether the bot does not answer in a channel for now.
func (e *Endpoint) isMuted(channel string, now time.Time) bool {
	m := e.mentions
	m.mu.Lock()
	defer m.mu.Unlock()
	until, ok := m.muted[channel]
	if ok && !now.Before(until) {
		delete(m.muted, channel)
		return false
	}
	return ok
}

// mute stops the answers in a channel for mutedFor.
func (e *Endpoint) mute(channel string, now time.Time) {
	m := e.mentions
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.muted) >= maxLocalClaims {
		clear(m.muted)
	}
	m.muted[channel] = now.Add(mutedFor)
}

// guildLocale is the language of a server as the gateway told it
// (GUILD_CREATE), or "".
func guildLocale(s *discordgo.Session, guild string) string {
	if s == nil || s.State == nil || guild == "" {
		return ""
	}
	g, err := s.State.Guild(guild)
	if err != nil || g == nil {
		return ""
	}
	return strings.TrimSpace(g.PreferredLocale)
}
