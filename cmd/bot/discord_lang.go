package main

import (
	"context"
	"strings"

	"arbiter/i18n"
)

// Discord permission bits the /language scopes need.
const (
	permAdministrator  int64 = 1 << 3
	permManageChannels int64 = 1 << 4
	permManageGuild    int64 = 1 << 5
)

func (rt *router) handleLanguage(ctx context.Context, req Request) (Response, error) {
	v := strings.ToLower(req.option("language"))
	var lang *i18n.Lang
	if v != "auto" {
		l, ok := i18n.ParseLang(v)
		if !ok || v == "" {
			return Response{}, userErr(i18n.KeyDiscordBadLanguage, escapeText(v))
		}
		lang = &l
	}
	scope := req.option("scope")
	var id string
	var scopeKey i18n.Key
	switch scope {
	case "", "user":
		scope, id, scopeKey = scopeUser, req.UserID, i18n.KeyDiscordScopeUser
	case "channel":
		if req.GuildID != "" && req.Permissions&(permManageChannels|permAdministrator) == 0 {
			return Response{}, userErr(i18n.KeyDiscordNeedManageChan)
		}
		scope, id, scopeKey = scopeChannel, req.ChannelID, i18n.KeyDiscordScopeChannel
	case "server":
		if req.GuildID == "" {
			return Response{}, userErr(i18n.KeyDiscordNotInServer)
		}
		if req.Permissions&(permManageGuild|permAdministrator) == 0 {
			return Response{}, userErr(i18n.KeyDiscordNeedManageServer)
		}
		scope, id, scopeKey = scopeServer, req.GuildID, i18n.KeyDiscordScopeServer
	default:
		return Response{}, userErr(i18n.KeyDiscordBadLanguage, escapeText(scope))
	}
	if id == "" || rt.prefs == nil {
		return Response{}, userErr(i18n.KeyDiscordStoreFailed)
	}
	if err := rt.prefs.set(scope, id, lang); err != nil {
		rt.log.Error("language setting", "scope", scope, "err", err)
		return Response{}, userErr(i18n.KeyDiscordStoreFailed)
	}
	// Answer in the language now in force for this user.
	req.Lang = rt.lang(req)
	p := rt.printer(req.Lang)
	msg := p.T(i18n.KeyDiscordLangCleared, p.T(scopeKey))
	if lang != nil {
		msg = p.T(i18n.KeyDiscordLangSet, p.T(scopeKey), p.LangName(*lang))
	}
	return Response{Content: msg, Ephemeral: true}, nil
}

func (rt *router) handleHelp(ctx context.Context, req Request) (Response, error) {
	p := rt.printer(req.Lang)
	e := Embed{Title: p.T(i18n.KeyDiscordHelpTitle), Description: p.T(i18n.KeyDiscordHelpIntro), Color: colorRule}
	for _, c := range rt.cmds {
		name := p.T(cmdKey(c.Name, "name"))
		if c.Type == slashCommand {
			var opts []string
			for _, o := range c.Options {
				opts = append(opts, p.T(optKey(c.Name, o.Name, "name"))+":")
			}
			name = "/" + strings.TrimSpace(name+" "+strings.Join(opts, " "))
			e.Fields = append(e.Fields, Field{Name: name, Value: p.T(cmdKey(c.Name, "desc"))})
			continue
		}
		e.Fields = append(e.Fields, Field{Name: name, Value: p.T(cmdKey(c.Name, "desc"))})
	}
	e.Fields = append(e.Fields, Field{Name: p.T(cmdKey("language", "name")), Value: p.T(i18n.KeyDiscordHelpLanguage)})
	return Response{Embeds: []Embed{e}, Ephemeral: true}, nil
}
