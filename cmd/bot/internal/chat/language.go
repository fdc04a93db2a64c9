package chat

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

// language answers /language: it sets (or clears) the reply language of
// the user, the channel or the server, as the member's permissions allow.
func (rt *Router) language(ctx context.Context, c call) (Response, error) {
	req := c.req
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
	if err := rt.prefs.set(ctx, scope, id, lang); err != nil {
		rt.log.Error("language setting", "scope", scope, "err", err)
		// The store is out of reach (or refused the write): say so, and
		// that answers go on in the language set before.
		return Response{}, userErr(i18n.KeyDiscordStoreDown)
	}
	// Answer in the language now in force for this user.
	req.Lang = rt.Lang(req)
	p := rt.printer(req.Lang)
	msg := p.T(i18n.KeyDiscordLangCleared, p.T(scopeKey))
	if lang != nil {
		msg = p.T(i18n.KeyDiscordLangSet, p.T(scopeKey), p.LangName(*lang))
	}
	return Response{Content: msg, Ephemeral: true}, nil
}
