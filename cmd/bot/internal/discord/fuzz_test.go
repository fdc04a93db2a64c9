package discord

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/discord/discordtest"
)

// fuzzRig is a Discord rig for fuzzing: replies are answered inline (the
// defer budget is far above a reply's time), and should one be deferred
// anyway, its edit goes to a local stand-in of Discord's REST API, never
// to Discord.
func fuzzRig(f *testing.F) *rig {
	f.Helper()
	discordtest.NewREST(f, nil)
	rig := newRig(f, func(c *rigConfig) {
		c.DeferAfter = 30 * time.Second
		c.rateBurst = 1 << 30
	})
	// The fuzzer runs an input again (to confirm and minimize a failure)
	// within the same second, which the replay check would refuse: replays
	// are tested elsewhere, here every signed body must reach decoding.
	rig.e.replays = newReplayCache(0, 1)
	return rig
}

// checkInteractionReply fails unless w is an answer the endpoint documents
// for a correctly signed body: 200 with a well-formed interaction response
// within Discord's limits, or 400 for a body that is not an interaction.
// A panic caught by the router counts as a failure too.
func checkInteractionReply(t *testing.T, rig *rig, w *httptest.ResponseRecorder, body []byte) {
	t.Helper()
	logs := rig.log.Take()
	if strings.Contains(logs, `"interaction panic"`) {
		t.Fatalf("the router caught a panic on %q:\n%s", body, logs)
	}
	switch w.Code {
	case http.StatusOK:
	case http.StatusBadRequest:
		return
	default:
		t.Fatalf("status %d for a signed body %q: %s", w.Code, body, w.Body.String())
	}
	if err := discordtest.Check(w.Body.Bytes()); err != "" {
		t.Fatalf("%s\nbody: %q\nreply: %s", err, body, w.Body.String())
	}
}

// FuzzInteractionBody posts arbitrary bodies, each with a valid signature
// made here, so that they get past verification to the JSON decoding and
// the routing: the endpoint answers 200 or 400, never a panic or a 5xx.
func FuzzInteractionBody(f *testing.F) {
	rig := fuzzRig(f)
	for _, name := range []string{"ping.json", "slash_ruling.json", "slash_rule.json", "autocomplete_scenario.json",
		"component_more.json", "message_command.json", "slash_language_server.json", "slash_ruling_mentions.json"} {
		f.Add(fixture(f, name))
	}
	f.Add([]byte(`{"type":2,"data":{"name":"ruling","options":[{"name":"question","type":3,"value":{"nested":[1,2]}}]}}`))
	f.Add([]byte(`{"type":2,"data":{"name":"rule","options":[null,{"name":"number","value":1e308}]}}`))
	f.Add([]byte(`{"type":3,"data":{"custom_id":"p:ruling:xx:-1:","component_type":2},"message":{"embeds":[null]}}`))
	f.Add([]byte(`{"type":4,"data":{"name":"card","options":[{"name":"name","value":"","focused":true}]}}`))
	f.Add([]byte(`{"type":5,"data":{"custom_id":"m","components":[]}}`))
	f.Add([]byte(`{"type":99}`))
	f.Add([]byte(`{"type":2,"data":null,"member":{"user":null}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		w := httptest.NewRecorder()
		rig.mux.ServeHTTP(w, signed(t, rig.priv, body, time.Now()))
		checkInteractionReply(t, rig, w, body)
	})
}

// FuzzCommandOptions sends every command (slash, autocomplete and button
// click) with arbitrary option values, custom_id and locales.
func FuzzCommandOptions(f *testing.F) {
	rig := fuzzRig(f)
	seeds := []struct {
		cmd, kind uint8
		a, b, loc string
	}{
		{0, 0, "can an aura phase out?", "true", "en-US"},
		{1, 0, "702.26b", "2026-04-17", "fr"},
		{1, 1, "702.", "", "ja"},
		{2, 0, "Rainbow Efreet", "", "en-GB"},
		{2, 1, "Efr", "", "fr"},
		{3, 0, "aura-phases-with-host", "", "ja"},
		{3, 1, "", "", ""},
		{4, 1, "phas", "", "fr"},
		{5, 0, "fr", "server", "de"},
		{5, 0, "klingon", "galaxy", "fr"},
		{6, 0, "", "", "ja"},
		{7, 0, "@everyone <@&1> **x** `y` \x00\x07\u202e", "", "en-US"},
		{0, 2, "p:ruling:fr:1000:can an aura phase out?", "", "fr"},
		{0, 2, "o:ruling:ja:0:cr:702.26", "", "ja"},
		{0, 2, "x:simulate:en:0:aura-phases-with-host", "", "en-US"},
		{0, 2, "::::", "", ""},
	}
	for _, s := range seeds {
		f.Add(s.cmd, s.kind, s.a, s.b, s.loc)
	}
	cmds := rig.rt.Commands()
	f.Fuzz(func(t *testing.T, cmd, kind uint8, a, b, loc string) {
		body := commandBody(cmds[int(cmd)%len(cmds)], kind%3, a, b, loc)
		w := httptest.NewRecorder()
		rig.mux.ServeHTTP(w, signed(t, rig.priv, body, time.Now()))
		if w.Code != http.StatusOK {
			t.Fatalf("status %d for %s: %s", w.Code, body, w.Body.String())
		}
		checkInteractionReply(t, rig, w, body)
	})
}

// commandBody builds an interaction of command c: kind 0 is the command
// itself, 1 an autocomplete of its first option, 2 a click on a button
// whose custom_id is a. Values a and b fill the first two options.
func commandBody(c chat.Command, kind uint8, a, b, loc string) []byte {
	in := map[string]any{
		"id": "1", "application_id": "2", "token": "fuzz-token", "version": 1,
		"guild_id": "3", "channel_id": "4", "locale": loc, "guild_locale": loc,
		"member": map[string]any{"user": map[string]any{"id": "5", "username": "fuzz"}, "permissions": "8"},
	}
	switch kind {
	case 2:
		in["type"] = 3
		in["data"] = map[string]any{"custom_id": a, "component_type": 2}
		in["message"] = map[string]any{"id": "6", "channel_id": "4", "flags": 64,
			"embeds": []any{map[string]any{"footer": map[string]any{"text": b}}}}
	default:
		in["type"] = 2
		if kind == 1 {
			in["type"] = 4
		}
		data := map[string]any{"id": "7", "name": c.Name, "type": 1}
		if c.Type == chat.MessageCommand {
			data["type"] = 3
			data["target_id"] = "8"
			data["resolved"] = map[string]any{"messages": map[string]any{"8": map[string]any{"id": "8", "channel_id": "4", "content": a}}}
		}
		var opts []any
		for i, o := range c.Options {
			v := a
			if i == 1 {
				v = b
			} else if i > 1 {
				break
			}
			opts = append(opts, map[string]any{"name": o.Name, "type": 3, "value": v, "focused": kind == 1 && i == 0})
		}
		data["options"] = opts
		in["data"] = data
	}
	out, _ := json.Marshal(in)
	return out
}
