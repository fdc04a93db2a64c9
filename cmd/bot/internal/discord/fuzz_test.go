package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"runtime/pprof"
	"strings"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/discord/discordtest"
	"arbiter/engine"
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
	rig.e.replays = newReplayCache(0)
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

// FuzzSimulateScenario sends arbitrary scenarios through the interactions
// endpoint, pasted in the /simulate form (mode 0) or attached as a file
// that the fetcher reads from a stand-in of Discord's CDN (mode 1): the
// endpoint answers 200 with a well-formed reply, an invalid scenario is a
// message naming the problem, a valid one a deferred reply whose edit is
// within Discord's limits, and nothing panics or fails inside.
func FuzzSimulateScenario(f *testing.F) {
	rest := discordtest.NewREST(f, nil)
	c := &cdn{files: map[string][]byte{}}
	rig := newRig(f, func(rc *rigConfig) {
		rc.DeferAfter = 30 * time.Second
		rc.rateBurst = 1 << 30
		rc.fetch = NewFetcher(Config{AttachmentTimeout: 2 * time.Second}, &http.Client{Transport: c})
	})
	rig.e.replays = newReplayCache(0)
	f.Add(uint8(0), string(scenarioFile(f)))
	f.Add(uint8(1), string(scenarioFile(f)))
	for _, name := range []string{"oubliette", "teferis-protection", "player-leaves-game", "ygo-end-phase"} {
		src, err := engine.PresetSource(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(name[0]%2), string(src))
	}
	for _, s := range []string{
		"", "game: mtg", "game: ygo\nplayers: [A, B]\n", ":\n  - [",
		"a: &a [x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c]\n",
		"game: mtg\nplayers: [Alice, Bob]\npermanents:\n  - {id: x, card: Serra Angel, controller: Alice}\n",
		"game: mtg\nplayers: [Alice, Bob]\npermanents:\n  - {id: x, name: X, types: [creature], power: 99999999999999999999, toughness: -1, controller: Alice}\n",
		"game: mtg\nplayers: [Alice, Bob]\nactions:\n  - advance: {player: Bob, step: untap}\n  - advance: {player: Alice, step: cleanup}\n",
		strings.Repeat("[", 5000),
	} {
		f.Add(uint8(0), s)
	}
	f.Fuzz(func(t *testing.T, mode uint8, src string) {
		var body []byte
		if mode%2 == 0 {
			in := map[string]any{"id": "1", "application_id": "2", "token": "fuzz-token", "version": 1, "type": 5,
				"channel_id": "4", "locale": "fr", "user": map[string]any{"id": "5", "username": "fuzz"},
				"data": map[string]any{"custom_id": "m:simulate", "components": []any{map[string]any{"type": 1,
					"components": []any{map[string]any{"type": 4, "custom_id": "scenario", "value": src}}}}}}
			body, _ = json.Marshal(in)
		} else {
			c.mu.Lock()
			c.files["/a/1/s.yaml"] = []byte(src)
			c.mu.Unlock()
			in := map[string]any{"id": "1", "application_id": "2", "token": "fuzz-token", "version": 1, "type": 2,
				"channel_id": "4", "locale": "ja", "user": map[string]any{"id": "5", "username": "fuzz"},
				"data": map[string]any{"id": "7", "name": "simulate", "type": 1,
					"options":  []any{map[string]any{"name": "file", "type": 11, "value": "9"}},
					"resolved": map[string]any{"attachments": map[string]any{"9": map[string]any{"id": "9", "filename": "s.yaml", "size": len(src), "url": "https://cdn.discordapp.com/a/1/s.yaml"}}}}}
			body, _ = json.Marshal(in)
		}
		before := len(rest.Calls())
		w := httptest.NewRecorder()
		served := make(chan struct{})
		go func() {
			defer close(served)
			rig.mux.ServeHTTP(w, signed(t, rig.priv, body, time.Now()))
		}()
		select {
		case <-served:
		case <-time.After(5 * time.Second):
			var b strings.Builder
			pprof.Lookup("goroutine").WriteTo(&b, 1)
			t.Fatalf("no answer within 5s for %q:\n%s", src, b.String())
		}
		if w.Code != http.StatusOK {
			t.Fatalf("status %d for %q: %s", w.Code, src, w.Body.String())
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		rig.e.Wait(ctx)
		cancel()
		logs := rig.log.Take()
		if strings.Contains(logs, `"interaction panic"`) || strings.Contains(logs, `"msg":"interaction"`) {
			t.Fatalf("the router failed on %q:\n%s", src, logs)
		}
		if msg := discordtest.Check(w.Body.Bytes()); msg != "" {
			t.Fatalf("%s\nscenario: %q\nreply: %s", msg, src, w.Body.String())
		}
		switch discordtest.TypeOf(w.Body.Bytes()) {
		case discordtest.TypeMessage:
			resp, _ := discordtest.Decode(t, w.Body.Bytes())
			if !strings.Contains(resp.Data.Content, "s.yaml") && !strings.Contains(resp.Data.Content, "scénario") {
				t.Errorf("error %q does not say which scenario", resp.Data.Content)
			}
		case discordtest.TypeDeferredMessage:
			calls := rest.Calls()[before:]
			if len(calls) != 1 {
				t.Fatalf("%d calls after a deferred reply", len(calls))
			}
			line, _, _ := bytes.Cut(calls[0].Body, []byte("\r\n"))
			mr := multipart.NewReader(bytes.NewReader(calls[0].Body), string(bytes.TrimPrefix(line, []byte("--"))))
			p, err := mr.NextPart()
			if err != nil {
				t.Fatal(err)
			}
			payload, _ := io.ReadAll(p)
			if msg := discordtest.CheckMessage(payload); msg != "" {
				t.Fatalf("%s\nscenario: %q\nedit: %s", msg, src, payload)
			}
		default:
			t.Fatalf("reply %s to a scenario", w.Body.String())
		}
	})
}
