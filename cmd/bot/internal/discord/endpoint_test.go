package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/discord/discordtest"
	"arbiter/cmd/bot/internal/testutil"

	"github.com/bwmarrin/discordgo"
)

func TestInteractionsVerification(t *testing.T) {
	rig := newRig(t, nil)
	_, otherKey, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	ping := fixture(t, "ping.json")
	now := time.Now()
	tests := []struct {
		name string
		req  func() *http.Request
		want int
	}{
		{"valid ping", func() *http.Request { return signed(t, rig.priv, ping, now) }, http.StatusOK},
		{"forged signature", func() *http.Request { return signed(t, otherKey, ping, now) }, http.StatusUnauthorized},
		{"tampered body", func() *http.Request {
			r := signed(t, rig.priv, ping, now)
			r.Body = httpBody(bytes.Replace(ping, []byte(`"type": 1`), []byte(`"type": 2`), 1))
			return r
		}, http.StatusUnauthorized},
		{"stale timestamp", func() *http.Request { return signed(t, rig.priv, ping, now.Add(-6*time.Minute)) }, http.StatusUnauthorized},
		{"timestamp from the future", func() *http.Request { return signed(t, rig.priv, ping, now.Add(6*time.Minute)) }, http.StatusUnauthorized},
		{"timestamp not a number", func() *http.Request {
			r := signed(t, rig.priv, ping, now)
			r.Header.Set("X-Signature-Timestamp", "yesterday")
			return r
		}, http.StatusUnauthorized},
		{"missing signature", func() *http.Request {
			r := signed(t, rig.priv, ping, now)
			r.Header.Del("X-Signature-Ed25519")
			return r
		}, http.StatusUnauthorized},
		{"missing timestamp", func() *http.Request {
			r := signed(t, rig.priv, ping, now)
			r.Header.Del("X-Signature-Timestamp")
			return r
		}, http.StatusUnauthorized},
		{"signature not hex", func() *http.Request {
			r := signed(t, rig.priv, ping, now)
			r.Header.Set("X-Signature-Ed25519", "zz")
			return r
		}, http.StatusUnauthorized},
		{"malformed JSON", func() *http.Request { return signed(t, rig.priv, []byte(`{"type": 1,`), now) }, http.StatusBadRequest},
		{"JSON without a type", func() *http.Request { return signed(t, rig.priv, []byte(`{"id": "1"}`), now) }, http.StatusBadRequest},
		{"body over 64 KiB", func() *http.Request {
			big := append([]byte(`{"type":1,"pad":"`), bytes.Repeat([]byte("a"), 70<<10)...)
			return signed(t, rig.priv, append(big, '"', '}'), now)
		}, http.StatusRequestEntityTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			rig.mux.ServeHTTP(w, tt.req())
			if w.Code != tt.want {
				t.Fatalf("status %d, want %d (%s)", w.Code, tt.want, strings.TrimSpace(w.Body.String()))
			}
			if tt.want == http.StatusOK {
				if ct := w.Header().Get("Content-Type"); ct != "application/json" {
					t.Errorf("Content-Type %q, want application/json", ct)
				}
				if got := strings.TrimSpace(w.Body.String()); got != `{"type":1}` {
					t.Errorf("PONG body %s, want {\"type\":1}", got)
				}
			}
		})
	}
}

func httpBody(b []byte) *bodyReader { return &bodyReader{bytes.NewReader(b)} }

type bodyReader struct{ *bytes.Reader }

func (bodyReader) Close() error { return nil }

func TestInteractionsReplay(t *testing.T) {
	rig := newRig(t, nil)
	ping := fixture(t, "ping.json")
	r1 := signed(t, rig.priv, ping, time.Now())
	r2 := r1.Clone(context.Background())
	r2.Body = httpBody(ping)
	w := httptest.NewRecorder()
	rig.mux.ServeHTTP(w, r1)
	if w.Code != http.StatusOK {
		t.Fatalf("first request: %d", w.Code)
	}
	w = httptest.NewRecorder()
	rig.mux.ServeHTTP(w, r2)
	if w.Code != http.StatusUnauthorized {
		t.Fatalf("replayed request: %d, want 401", w.Code)
	}
	// The same body signed again (a new timestamp) is a new request.
	time.Sleep(1100 * time.Millisecond)
	if w := rig.post(t, ping); w.Code != http.StatusOK {
		t.Fatalf("fresh signature of the same body: %d", w.Code)
	}
}

func TestInteractionsWithoutKey(t *testing.T) {
	rig := newRig(t, func(c *rigConfig) { c.PublicKey = "" })
	if w := rig.post(t, fixture(t, "ping.json")); w.Code != http.StatusUnauthorized {
		t.Fatalf("no public key configured: %d, want 401", w.Code)
	}
}

func TestReplayCacheBounded(t *testing.T) {
	c := newReplayCache(3)
	now := time.Now()
	exp := now.Add(time.Minute)
	for _, k := range []string{"a", "b", "c", "d"} {
		if !c.first(k, now, exp) {
			t.Fatalf("%s refused on first sight", k)
		}
	}
	if len(c.seen) > 3 {
		t.Errorf("cache holds %d keys, bound is 3", len(c.seen))
	}
	if c.first("d", now, exp) {
		t.Error("d accepted twice")
	}
	if !c.first("d", now.Add(2*time.Minute), now.Add(3*time.Minute)) {
		t.Error("d refused once expired")
	}
}

// TestInteractionReplies posts each payload of testdata/interactions and
// checks the reply Discord would get.
func TestInteractionReplies(t *testing.T) {
	rig := newRig(t, nil)
	tests := []struct {
		fixture   string
		wantType  discordgo.InteractionResponseType
		ephemeral bool
		contains  []string // in the content or the embeds
		absent    []string
		buttons   []string // custom_id prefixes
	}{
		{"slash_ruling.json", discordgo.InteractionResponseChannelMessageWithSource, false,
			[]string{"Results 1–3", "can an aura phase out?"}, nil, []string{"p:ruling:en:1:", "p:ruling:fr:0:", "p:ruling:ja:0:"}},
		{"slash_ruling_mentions.json", discordgo.InteractionResponseChannelMessageWithSource, false,
			[]string{"@\u200beveryone", `\*\*bold\*\*`}, []string{"@everyone", "<@&"}, nil},
		{"slash_rule.json", discordgo.InteractionResponseChannelMessageWithSource, false,
			[]string{"502.15h", "旧番号"}, nil, nil},
		{"autocomplete_scenario.json", discordgo.InteractionApplicationCommandAutocompleteResult, false,
			[]string{"aura-phases-with-host"}, nil, nil},
		{"component_more.json", discordgo.InteractionResponseUpdateMessage, true,
			[]string{"Results 4–6"}, nil, []string{"p:ruling:en:0:", "s:ruling:en:1:"}},
		{"message_command.json", discordgo.InteractionResponseChannelMessageWithSource, true,
			[]string{"hors phase"}, nil, []string{"s:ruling:en:0:"}},
		{"slash_language_server.json", discordgo.InteractionResponseChannelMessageWithSource, true,
			[]string{"Manage Server"}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(strings.TrimSuffix(tt.fixture, ".json"), func(t *testing.T) {
			w := rig.post(t, fixture(t, tt.fixture))
			if w.Code != http.StatusOK {
				t.Fatalf("status %d: %s", w.Code, w.Body.String())
			}
			resp, raw := discordtest.Decode(t, w.Body.Bytes())
			if resp.Type != tt.wantType {
				t.Fatalf("type %d, want %d\n%s", resp.Type, tt.wantType, w.Body.String())
			}
			if resp.Data == nil {
				t.Fatal("no data")
			}
			text := discordtest.Text(resp)
			if sub, ok := testutil.HasAll(text, tt.contains...); !ok {
				t.Errorf("reply lacks %q:\n%s", sub, text)
			}
			for _, a := range tt.absent {
				if strings.Contains(text, a) {
					t.Errorf("reply holds %q unescaped:\n%s", a, text)
				}
			}
			if resp.Type == discordgo.InteractionApplicationCommandAutocompleteResult {
				if n := len(resp.Data.Choices); n == 0 || n > 25 {
					t.Errorf("%d choices", n)
				}
				return
			}
			d := raw["data"].(map[string]any)
			am, ok := d["allowed_mentions"].(map[string]any)
			if !ok {
				t.Fatalf("no allowed_mentions: %s", w.Body.String())
			}
			if parse, ok := am["parse"].([]any); !ok || len(parse) != 0 {
				t.Errorf("allowed_mentions.parse = %v, want []", am["parse"])
			}
			if got := resp.Data.Flags&discordgo.MessageFlagsEphemeral != 0; got != tt.ephemeral {
				t.Errorf("ephemeral %v, want %v", got, tt.ephemeral)
			}
			ids := discordtest.ButtonIDs(raw)
			for _, prefix := range tt.buttons {
				found := false
				for _, id := range ids {
					found = found || strings.HasPrefix(id, prefix)
				}
				if !found {
					t.Errorf("no button %s… among %q", prefix, ids)
				}
			}
			for _, id := range ids {
				if utf8.RuneCountInString(id) > chat.MaxCustomID {
					t.Errorf("custom_id over 100 characters: %q", id)
				}
			}
		})
	}
}

// TestDeferredEdit makes every command miss the inline budget: the
// endpoint must answer with a deferred response at once, then edit the
// reply through the REST API.
func TestDeferredEdit(t *testing.T) {
	tests := []struct {
		name     string
		fixture  string
		wantType discordgo.InteractionResponseType
		editFail bool // the edit fails: a follow-up message carries the reply
		wantPath string
		method   string
	}{
		{"slash command", "slash_ruling.json", discordgo.InteractionResponseDeferredChannelMessageWithSource, false,
			"/webhooks/1230000000000000000/slash-ruling-token/messages/@original", http.MethodPatch},
		{"click on an ephemeral reply", "component_more.json", discordgo.InteractionResponseDeferredMessageUpdate, false,
			"/webhooks/1230000000000000000/component-token/messages/@original", http.MethodPatch},
		{"edit refused, follow-up sent", "slash_ruling.json", discordgo.InteractionResponseDeferredChannelMessageWithSource, true,
			"/webhooks/1230000000000000000/slash-ruling-token", http.MethodPost},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := discordtest.NewREST(t, func(method, path string, body []byte) (int, string) {
				if tt.editFail && method == http.MethodPatch {
					return http.StatusNotFound, `{"message": "Unknown Message", "code": 10008}`
				}
				return http.StatusOK, `{"id":"1","channel_id":"1","content":""}`
			})
			rig := newRig(t, func(c *rigConfig) { c.DeferAfter = time.Nanosecond })
			start := time.Now()
			w := rig.post(t, fixture(t, tt.fixture))
			if w.Code != http.StatusOK {
				t.Fatalf("status %d", w.Code)
			}
			resp, _ := discordtest.Decode(t, w.Body.Bytes())
			if resp.Type != tt.wantType {
				t.Fatalf("type %d, want deferred %d: %s", resp.Type, tt.wantType, w.Body.String())
			}
			if d := time.Since(start); d > time.Second {
				t.Errorf("deferred response took %v", d)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			rig.e.Wait(ctx)
			var got *discordtest.Call
			for _, c := range fake.Calls() {
				if c.Method == tt.method && strings.HasSuffix(c.Path, tt.wantPath) {
					got = &c
				}
			}
			if got == nil {
				t.Fatalf("no %s %s among %+v", tt.method, tt.wantPath, fake.Calls())
			}
			var body struct {
				Content         string                    `json:"content"`
				Embeds          []*discordgo.MessageEmbed `json:"embeds"`
				AllowedMentions *struct {
					Parse []string `json:"parse"`
				} `json:"allowed_mentions"`
			}
			if err := json.Unmarshal(got.Body, &body); err != nil {
				t.Fatal(err)
			}
			if len(body.Embeds) == 0 || !strings.Contains(body.Content, "Results") {
				t.Errorf("edit without the reply: %s", got.Body)
			}
			if body.AllowedMentions == nil || body.AllowedMentions.Parse == nil || len(body.AllowedMentions.Parse) != 0 {
				t.Errorf("edit allowed_mentions %s", got.Body)
			}
			if got.Auth != "" {
				t.Errorf("follow-ups must not carry a bot token, got Authorization %q", got.Auth)
			}
		})
	}
}

// TestGatewayHandler: an interaction from the gateway goes through the same
// router, and its response is posted to the interaction callback by REST.
func TestGatewayHandler(t *testing.T) {
	fake := discordtest.NewREST(t, func(method, path string, body []byte) (int, string) { return http.StatusNoContent, "" })
	rig := newRig(t, nil)
	var in discordgo.Interaction
	if err := json.Unmarshal(fixture(t, "slash_ruling.json"), &in); err != nil {
		t.Fatal(err)
	}
	gs, _ := discordgo.New("Bot test-token")
	rig.e.gatewayHandler(context.Background())(gs, &discordgo.InteractionCreate{Interaction: &in})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rig.e.Wait(ctx)
	calls := fake.Calls()
	if len(calls) != 1 {
		t.Fatalf("%d calls: %+v", len(calls), calls)
	}
	c := calls[0]
	if c.Method != http.MethodPost || !strings.HasSuffix(c.Path, "/interactions/1240000000000000002/slash-ruling-token/callback") {
		t.Errorf("%s %s", c.Method, c.Path)
	}
	resp, raw := discordtest.Decode(t, c.Body)
	if resp.Type != discordgo.InteractionResponseChannelMessageWithSource || !strings.Contains(resp.Data.Content, "Results 1–3") {
		t.Errorf("callback body %s", c.Body)
	}
	if am, _ := raw["data"].(map[string]any)["allowed_mentions"].(map[string]any); am == nil {
		t.Errorf("no allowed_mentions in %s", c.Body)
	}
}

func TestConfigNeverShowsToken(t *testing.T) {
	c := Config{Token: "secret-bot-token", PublicKey: "abcd", ShardCount: 2}
	var logs testutil.Log
	slog.New(slog.NewJSONHandler(&logs, nil)).Info("config", "discord", c, "ptr", &c)
	for _, s := range []string{fmt.Sprint(c), fmt.Sprintf("%v %+v", c, &c), logs.String()} {
		if strings.Contains(s, "secret-bot-token") {
			t.Errorf("token shown: %s", s)
		}
	}
}

// TestHungDiscordREST makes Discord's REST API accept connections and never
// answer while a deferred reply is edited in: the edit gives up after the
// configured timeout, the follow-up after its own, the lost reply is
// logged and counted, and nothing stays in flight.
func TestHungDiscordREST(t *testing.T) {
	before := runtime.NumGoroutine()
	rest := discordtest.NewHangingREST(t)
	rig := newRig(t, func(c *rigConfig) {
		c.DeferAfter = time.Nanosecond
		c.EditTimeout = time.Second
	})
	w := rig.post(t, fixture(t, "slash_ruling.json"))
	resp, _ := discordtest.Decode(t, w.Body.Bytes())
	if w.Code != http.StatusOK || resp.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("want a deferred reply, got %d %s", w.Code, w.Body.String())
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rig.e.Wait(ctx)
	took := time.Since(start)
	t.Logf("deferred work ended %v after the deferred reply; %d REST calls", took.Round(time.Millisecond), len(rest.Calls()))
	if ctx.Err() != nil || took > 5*time.Second {
		t.Fatalf("the deferred edit was still in flight after %v", took)
	}
	if len(rest.Calls()) == 0 {
		t.Fatal("the edit never reached the REST API")
	}
	if !strings.Contains(rig.log.String(), `"deferred edit"`) || !strings.Contains(rig.log.String(), `"deferred reply never delivered"`) {
		t.Errorf("the failed edit and the lost reply are not logged:\n%s", rig.log.String())
	}
	if n := len(rest.Calls()); n != 2 {
		t.Errorf("%d calls, want the edit and the follow-up", n)
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before+8 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before+8 {
		t.Errorf("goroutines: %d before, %d after", before, n)
	}
}
