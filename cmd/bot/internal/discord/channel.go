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
