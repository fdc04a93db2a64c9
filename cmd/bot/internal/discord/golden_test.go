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
		{"ruling_off_topic", func(l string) chat.Request {
			q := map[string]string{"en": "how much is an aura worth?", "fr": "une aura, ça vaut combien ?", "ja": "オーラっていくらくらい？"}[l]
			return chat.Request{Kind: chat.KindCommand, Command: "ruling", Options: map[string]string{"question": q}}
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
		{"simulate_step", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindComponent, CustomID: "p:simulate:" + l + ":2:aura-phases-with-host"}
		}},
		{"simulate_last_step", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindComponent, CustomID: "p:simulate:" + l + ":5:player-leaves-game"}
		}},
		{"simulate_paste_form", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindCommand, Command: "simulate", Options: map[string]string{}}
		}},
		{"simulate_pasted", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindModal, CustomID: "m:simulate", Options: map[string]string{"scenario": pastedScenario}}
		}},
		{"simulate_pasted_invalid", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindModal, CustomID: "m:simulate", Options: map[string]string{"scenario": strings.Replace(pastedScenario, "attackers: [angel]", "attackers: [angle]", 1)}}
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
		{"report_form", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindComponent, CustomID: "r:ruling:" + l + ":0:" + questions[l]}
		}},
		{"report_filed", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindModal, CustomID: "m:report:" + l + ":0:" + questions[l], Options: map[string]string{
				"wrong": "@everyone the answer cites <@&1290000000000000001> the wrong ruling", "suggest": "wotc-2022-09-09-phasing-3"}}
		}},
		{"reports_denied", func(l string) chat.Request {
			return chat.Request{Kind: chat.KindCommand, Command: "reports", GuildID: "g", Roles: []string{"1"}, Options: map[string]string{"action": "list"}}
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
				got := goldenJSON(t, wireReply(req, chat.FitLimits(resp)))
				if strings.Contains(got, `"!discord.`) || strings.Contains(got, `"!common.`) {
					t.Errorf("missing message in\n%s", got)
				}
				testutil.Golden(t, filepath.Join("testdata", "replies", lang, c.name+".json"), []byte(got))
			})
		}
	}
}

// pastedScenario is a scenario a user pastes: Serra Angel flies over
// Grizzly Bears, which cannot block it.
const pastedScenario = `game: mtg
players: [Alice, Bob]
start: {turn: 1, active: Alice, step: main1}
permanents:
  - {id: angel, name: Serra Angel, types: [creature], power: 4, toughness: 4, keywords: [flying, vigilance], controller: Alice}
  - {id: bears, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Bob}
actions:
  - advance: {player: Alice, step: declare_attackers}
  - attack: {attackers: [angel], defender: Bob}
  - illegal: {action: {block: {blocker: bears, attacker: angel}}, rule: "702.9b"}
  - advance: {player: Alice, step: end}
expect:
  - life: {Bob: 16}
  - untapped: [angel]
`

// wireReply is what Discord gets for a reply: the interaction response,
// or, for a reply that uploads files, the deferred response, the edit
// that completes it (payload_json) and the files it uploads.
func wireReply(req chat.Request, resp chat.Response) any {
	if len(resp.Files) == 0 {
		return toDiscordResponse(req, resp)
	}
	m, _ := toMessageWithFiles(resp)
	m.Flags = 0
	type file struct {
		Name        string `json:"name"`
		ContentType string `json:"content_type"`
	}
	var files []file
	for _, f := range resp.Files {
		files = append(files, file{f.Name, f.ContentType})
	}
	return struct {
		Deferred any              `json:"deferred"`
		Edit     messageWithFiles `json:"edit"`
		Files    []file           `json:"files"`
	}{deferralOf(req, resp), m, files}
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
