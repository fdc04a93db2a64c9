package main

import (
	"fmt"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/discord"
	"arbiter/i18n"
)

// cmdCommands runs "bot commands register".
func cmdCommands(e *env, args []string) int { return e.dispatch("commands", args) }

// cmdCommandsRegister runs "bot commands register [--guild ID]": it
// overwrites the application's commands (globally, or in one server) with
// the router's.
func cmdCommandsRegister(e *env, args []string) int {
	fs := e.newFlagSet("commands register")
	guild := fs.String("guild", "", "register in this server only (takes effect at once; global commands may take up to an hour)")
	lang := fs.String("lang", "", "output language: fr, en or ja")
	pos, p, code, ok := e.parseArgs(fs, args, lang, false)
	if !ok {
		return code
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
	rt := chat.New(chat.Config{Catalog: e.cat})
	n, err := discord.Register(e.ctx, token, appID, *guild, e.cat, rt.Commands())
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
