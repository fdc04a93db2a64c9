package chat

import (
	"context"
	"strings"

	"arbiter/i18n"
)

// help answers /help: every command with its options and what it does.
func (rt *Router) help(ctx context.Context, c call) (Response, error) {
	p := c.p
	e := Embed{Title: p.T(i18n.KeyDiscordHelpTitle), Description: p.T(i18n.KeyDiscordHelpIntro), Color: colorRule}
	for _, cmd := range rt.cmds {
		name := p.T(CommandKey(cmd.Name, "name"))
		if cmd.Type == SlashCommand {
			var opts []string
			for _, o := range cmd.Options {
				opts = append(opts, p.T(OptionKey(cmd.Name, o.Name, "name"))+":")
			}
			name = "/" + strings.TrimSpace(name+" "+strings.Join(opts, " "))
			e.Fields = append(e.Fields, Field{Name: name, Value: p.T(CommandKey(cmd.Name, "desc"))})
			continue
		}
		e.Fields = append(e.Fields, Field{Name: name, Value: p.T(CommandKey(cmd.Name, "desc"))})
	}
	e.Fields = append(e.Fields, Field{Name: p.T(CommandKey("language", "name")), Value: p.T(i18n.KeyDiscordHelpLanguage)})
	return Response{Embeds: []Embed{e}, Ephemeral: true}, nil
}
