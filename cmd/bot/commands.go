package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"arbiter/i18n"
)

// commandType is a kind of Discord application command.
type commandType int

const (
	slashCommand   commandType = iota // typed as /name
	messageCommand                    // in a message's context menu
)

// optionType is the type of a command option.
type optionType int

const (
	optString optionType = iota
	optBool
)

// commandDef defines one command: how it is registered and who answers it.
type commandDef struct {
	Name    string // default name, what Discord sends back
	Type    commandType
	Options []optionDef
	Handler Handler
	// Ephemeral replies are seen by the user alone (a deferred reply must
	// know it before the handler is done).
	Ephemeral bool
}

// optionDef defines one option of a slash command.
type optionDef struct {
	Name         string
	Type         optionType
	Required     bool
	Autocomplete bool
	MaxLength    int
	Choices      []string // fixed values, labelled by discord.cmd.<c>.opt.<o>.choice.<v>
}

// keyBase is the message key prefix of a command: "discord.cmd.find_rulings".
func keyBase(cmd string) string {
	return "discord.cmd." + strings.ReplaceAll(strings.ToLower(cmd), " ", "_")
}

func cmdKey(cmd, what string) i18n.Key { return i18n.Key(keyBase(cmd) + "." + what) }

func optKey(cmd, opt, what string) i18n.Key {
	return i18n.Key(keyBase(cmd) + ".opt." + opt + "." + what)
}

// commandTable lists the bot's commands, in the order /help shows them.
func (rt *router) commandTable() []commandDef {
	return []commandDef{
		{Name: "ruling", Options: []optionDef{
			{Name: "question", Required: true, MaxLength: 500},
			{Name: "private", Type: optBool},
		}, Handler: rt.handleRuling},
		{Name: "rule", Options: []optionDef{
			{Name: "number", Required: true, Autocomplete: true, MaxLength: 20},
			{Name: "cr_date", MaxLength: 10},
		}, Handler: rt.handleRule},
		{Name: "card", Options: []optionDef{
			{Name: "name", Required: true, Autocomplete: true, MaxLength: 200},
		}, Handler: rt.handleCard},
		{Name: "simulate", Options: []optionDef{
			{Name: "scenario", Required: true, Autocomplete: true, MaxLength: 100},
		}, Handler: rt.handleSimulate},
		{Name: "glossary", Options: []optionDef{
			{Name: "term", Required: true, Autocomplete: true, MaxLength: 100},
		}, Handler: rt.handleGlossary},
		{Name: "crdiff", Options: []optionDef{
			{Name: "from", Required: true, MaxLength: 10},
			{Name: "to", MaxLength: 10},
		}, Handler: rt.handleCRDiff},
		{Name: "language", Options: []optionDef{
			{Name: "language", Required: true, Choices: []string{"fr", "en", "ja", "auto"}},
			{Name: "scope", Choices: []string{"user", "channel", "server"}},
		}, Handler: rt.handleLanguage, Ephemeral: true},
		{Name: "help", Handler: rt.handleHelp, Ephemeral: true},
		{Name: "Find rulings", Type: messageCommand, Handler: rt.handleFindRulings, Ephemeral: true},
	}
}

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
func (rt *router) applicationCommands() []*discordgo.ApplicationCommand {
	en := rt.cat.Printer(i18n.EN)
	loc := func(key i18n.Key) map[discordgo.Locale]string {
		m := map[discordgo.Locale]string{}
		for l, locales := range discordLocales() {
			v := rt.cat.Printer(l).T(key)
			for _, dl := range locales {
				m[dl] = v
			}
		}
		return m
	}
	var out []*discordgo.ApplicationCommand
	for _, c := range rt.cmds {
		names := loc(cmdKey(c.Name, "name"))
		ac := &discordgo.ApplicationCommand{Name: c.Name, NameLocalizations: &names}
		if c.Type == messageCommand {
			ac.Type = discordgo.MessageApplicationCommand
			out = append(out, ac)
			continue
		}
		ac.Type = discordgo.ChatApplicationCommand
		desc := loc(cmdKey(c.Name, "desc"))
		ac.Description = en.T(cmdKey(c.Name, "desc"))
		ac.DescriptionLocalizations = &desc
		ac.Options = []*discordgo.ApplicationCommandOption{}
		for _, o := range c.Options {
			ao := &discordgo.ApplicationCommandOption{
				Type:                     discordgo.ApplicationCommandOptionString,
				Name:                     o.Name,
				NameLocalizations:        loc(optKey(c.Name, o.Name, "name")),
				Description:              en.T(optKey(c.Name, o.Name, "desc")),
				DescriptionLocalizations: loc(optKey(c.Name, o.Name, "desc")),
				Required:                 o.Required,
				Autocomplete:             o.Autocomplete,
				MaxLength:                o.MaxLength,
			}
			if o.Type == optBool {
				ao.Type = discordgo.ApplicationCommandOptionBoolean
				ao.MaxLength = 0
			}
			for _, v := range o.Choices {
				k := optKey(c.Name, o.Name, "choice."+v)
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

// cmdCommands runs "bot commands register [--guild ID]": it overwrites the
// application's commands (globally, or in one server) with the router's.
func cmdCommands(e *env, args []string) int {
	p := e.printer("", "")
	if len(args) == 0 || args[0] != "register" {
		return e.usageError(p, i18n.KeyDiscordRegisterUsage)
	}
	fs := e.newFlagSet("commands register")
	guild := fs.String("guild", "", "register in this server only (takes effect at once; global commands may take up to an hour)")
	lang := fs.String("lang", "", "output language: fr, en or ja")
	pos, err := parseInterspersed(fs, args[1:])
	p = e.printer(*lang, "")
	if err != nil {
		return e.usageError(p, i18n.KeyBadFlags, "commands register", err.Error())
	}
	if len(pos) > 0 {
		return e.usageError(p, i18n.KeyErrTooManyArgs, "commands register")
	}
	token, appID := e.getenv("DISCORD_TOKEN"), e.getenv("DISCORD_APP_ID")
	for name, v := range map[string]string{"DISCORD_TOKEN": token, "DISCORD_APP_ID": appID} {
		if v == "" {
			return e.usageError(p, i18n.KeyErrMissingEnv, name)
		}
	}
	rt := newRouter(routerConfig{cat: e.cat})
	n, err := registerCommands(e.ctx, token, appID, *guild, rt.applicationCommands())
	if err != nil {
		fmt.Fprintln(e.stderr, p.T(i18n.KeyDiscordRegisterFail, err.Error()))
		return 1
	}
	where := p.T(i18n.KeyDiscordGlobal)
	if *guild != "" {
		where = *guild
	}
	fmt.Fprintln(e.stdout, p.T(i18n.KeyDiscordRegistered, n, where))
	return 0
}

// registerCommands bulk-overwrites the commands through Discord's REST API
// and returns how many Discord now holds.
func registerCommands(ctx context.Context, token, appID, guild string, cmds []*discordgo.ApplicationCommand) (int, error) {
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return 0, err
	}
	s.Client = &http.Client{Timeout: 30 * time.Second}
	s.UserAgent = "Arbiter (https://github.com/arbiter, 1)"
	got, err := s.ApplicationCommandBulkOverwrite(appID, guild, cmds, discordgo.WithContext(ctx))
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
