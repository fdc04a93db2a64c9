package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/testutil"
)

// TestDiscordGolden renders the replies Discord gets, in English, French
// and Japanese, and compares them with testdata/replies/<lang>/<case>.json.
// Run with -update to rewrite them, and review the diff.
func TestDiscordGolden(t *testing.T) {
	rt := newRig(t, func(c *rigConfig) { c.rateBurst, c.ratePeriod = 5, 10*time.Second }).rt
	questions := map[string]string{
		"en": "can an aura phase out?",
		"fr": "une aura peut-elle passer hors phase ?",
		"ja": "オーラはフェイズ・アウトしますか？",
	}
	cases := []struct {
		name string
		req  func(lang string) chat.Request
	}{
		{"ruling", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindCommand, Command: "ruling", Options: map[string]string{"question": questions[l]}}
		}},
		{"ruling_page2", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindComponent, CustomID: "p:ruling:" + l + ":1:" + questions[l], FromEphemeral: true}
		}},
		{"ruling_nothing_found", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindCommand, Command: "ruling", Options: map[string]string{"question": "zzqx @everyone **qqzz**"}}
		}},
		{"find_rulings", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindMessageCommand, Command: "Find rulings", TargetText: questions[l]}
		}},
		{"rule_old_number", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindCommand, Command: "rule", Options: map[string]string{"number": "502.15h"}}
		}},
		{"card", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindCommand, Command: "card", Options: map[string]string{"name": "March of Swirling Mist"}}
		}},
		{"glossary", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindCommand, Command: "glossary", Options: map[string]string{"term": "phasing"}}
		}},
		{"simulate", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindCommand, Command: "simulate", Options: map[string]string{"scenario": "aura-phases-with-host"}}
		}},
		{"help", func(l string) chat.Request { return chat.Request{Kind: chat.KindCommand, Command: "help"} }},
		{"language_denied", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindCommand, Command: "language", GuildID: "g", Options: map[string]string{"language": "fr", "scope": "server"}}
		}},
		{"autocomplete_scenario", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindAutocomplete, Command: "simulate", Focused: "scenario", Options: map[string]string{"scenario": "phase"}}
		}},
		{"autocomplete_glossary", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindAutocomplete, Command: "glossary", Focused: "term", Options: map[string]string{"term": "pha"}}
		}},
		{"question_too_long", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindCommand, Command: "ruling", Options: map[string]string{"question": strings.Repeat("phase ", 100)}}
		}},
	}
	for _, lang := range []string{"en", "fr", "ja"} {
		for _, c := range cases {
			t.Run(lang+"/"+c.name, func(t *testing.T) {
				req := c.req(lang)
				req.Locale, req.UserID, req.ChannelID = lang, "golden-"+lang+"-"+c.name, "channel"
				if lang == "en" {
					req.Locale = "en-US"
				}
				resp := rt.Serve(context.Background(), req)
				got := goldenJSON(t, toDiscordResponse(req, chat.FitLimits(resp)))
				if strings.Contains(got, `"!discord.`) || strings.Contains(got, `"!common.`) {
					t.Errorf("missing message in\n%s", got)
				}
				testutil.Golden(t, filepath.Join("testdata", "replies", lang, c.name+".json"), []byte(got))
			})
		}
	}
}

func goldenJSON(t *testing.T, v any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
