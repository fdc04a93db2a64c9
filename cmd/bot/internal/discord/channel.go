package discord

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"arbiter/cmd/bot/internal/chat"
)

// PostToChannel posts a message to a Discord channel with the bot's
// token, pinging nobody.
func PostToChannel(ctx context.Context, token, channel, msg string) error {
	if token == "" {
		return errors.New("DISCORD_TOKEN is not set")
	}
	dg, err := discordgo.New("Bot " + token)
	if err != nil {
		return err
	}
	dg.Client = &http.Client{Timeout: 15 * time.Second}
	_, err = dg.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: chat.Clip(msg, chat.MaxContent), AllowedMentions: noMentions()}, discordgo.WithContext(ctx))
	return err
}

// Poster posts replies to channels with the bot's token: the moderators'
// channel gets each new report there, with its buttons.
type Poster struct {
	s *discordgo.Session
}

// NewPoster returns a poster with the bot's token.
func NewPoster(token string) (*Poster, error) {
	if token == "" {
		return nil, errors.New("DISCORD_TOKEN is not set")
	}
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, err
	}
	s.Client = &http.Client{Timeout: 15 * time.Second}
	s.MaxRestRetries = 2
	return &Poster{s: s}, nil
}

// Post posts r to channel, pinging nobody: a message with its embeds and
// buttons, within Discord's limits.
func (p *Poster) Post(ctx context.Context, channel string, r chat.Response) error {
	r = chat.FitLimits(r)
	_, err := p.s.ChannelMessageSendComplex(channel, &discordgo.MessageSend{
		Content: r.Content, Embeds: toEmbeds(r.Embeds), Components: toComponents(r.Menus, r.Buttons), AllowedMentions: noMentions(),
	}, discordgo.WithContext(ctx))
	return err
}
