package discord

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/i18n"
)

// discordLocales are the Discord locales each of our languages is
// registered under (no bare "en" exists: en-US and en-GB fall back to each
// other, and the default names are the English ones).
func discordLocales() map[i18n.Lang][]discordgo.Locale {
	return map[i18n.Lang][]discordgo.Locale{
		i18n.FR: {discordgo.French},
		i18n.JA: {discordgo.Japanese},
	}
}

// applicationCommands returns the commands as Discord registers them, with
// names and descriptions localized for French and Japanese.
func applicationCommands(cat *i18n.Catalog, cmds []chat.Command) []*discordgo.ApplicationCommand {
	en := cat.Printer(i18n.EN)
	loc := func(key i18n.Key) map[discordgo.Locale]string {
		m := map[discordgo.Locale]string{}
		for l, locales := range discordLocales() {
			v := cat.Printer(l).T(key)
			for _, dl := range locales {
				m[dl] = v
			}
		}
		return m
	}
	var out []*discordgo.ApplicationCommand
	for _, c := range cmds {
		names := loc(chat.CommandKey(c.Name, "name"))
		ac := &discordgo.ApplicationCommand{Name: c.Name, NameLocalizations: &names}
		if c.Type == chat.MessageCommand {
			ac.Type = discordgo.MessageApplicationCommand
			out = append(out, ac)
			continue
		}
		ac.Type = discordgo.ChatApplicationCommand
		desc := loc(chat.CommandKey(c.Name, "desc"))
		ac.Description = en.T(chat.CommandKey(c.Name, "desc"))
		ac.DescriptionLocalizations = &desc
		ac.Options = []*discordgo.ApplicationCommandOption{}
		for _, o := range c.Options {
			ao := &discordgo.ApplicationCommandOption{
				Type:                     discordgo.ApplicationCommandOptionString,
				Name:                     o.Name,
				NameLocalizations:        loc(chat.OptionKey(c.Name, o.Name, "name")),
				Description:              en.T(chat.OptionKey(c.Name, o.Name, "desc")),
				DescriptionLocalizations: loc(chat.OptionKey(c.Name, o.Name, "desc")),
				Required:                 o.Required,
				Autocomplete:             o.Autocomplete(),
				MaxLength:                o.MaxLength,
			}
			switch o.Type {
			case chat.OptBool:
				ao.Type = discordgo.ApplicationCommandOptionBoolean
				ao.MaxLength = 0
			case chat.OptAttachment:
				ao.Type = discordgo.ApplicationCommandOptionAttachment
				ao.MaxLength = 0
			}
			for _, v := range o.Choices {
				k := chat.OptionKey(c.Name, o.Name, "choice."+v)
				ao.Choices = append(ao.Choices, &discordgo.ApplicationCommandOptionChoice{
					Name: en.T(k), NameLocalizations: loc(k), Value: v,
				})
			}
			ac.Options = append(ac.Options, ao)
		}
		out = append(out, ac)
	}
	return out
}

// Register overwrites the application's commands (globally, or in the
// server guild) with cmds, named and described in French and Japanese
// too, through Discord's REST API, and returns how many Discord now holds.
func Register(ctx context.Context, token, appID, guild string, cat *i18n.Catalog, cmds []chat.Command) (int, error) {
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return 0, err
	}
	s.Client = &http.Client{Timeout: 30 * time.Second}
	s.UserAgent = "Arbiter (https://github.com/arbiter, 1)"
	got, err := s.ApplicationCommandBulkOverwrite(appID, guild, applicationCommands(cat, cmds), discordgo.WithContext(ctx))
	if err != nil {
		return 0, redactToken(err, token)
	}
	return len(got), nil
}

// redactToken removes the bot token from an error's text, so it is never
// printed or logged.
func redactToken(err error, token string) error {
	if err == nil || token == "" || !strings.Contains(err.Error(), token) {
		return err
	}
	return fmt.Errorf("%s", strings.ReplaceAll(err.Error(), token, "[token]"))
}
