package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/data"
	"arbiter/i18n"
	"arbiter/kb"
)

// discordIndex indexes the embedded corpus once for the Discord tests.
var discordIndex = sync.OnceValues(func() (*kb.Index, error) {
	c := kb.NewCollection()
	if err := c.AddCorpus(data.FS()); err != nil {
		return nil, err
	}
	if err := c.Finish(); err != nil {
		return nil, err
	}
	return kb.NewMem(context.Background(), c)
})

func discordTestIndex(t testing.TB) *kb.Index {
	t.Helper()
	ix, err := discordIndex()
	if err != nil {
		t.Fatalf("index the embedded corpus: %v", err)
	}
	return ix
}

func testCatalog(t testing.TB) *i18n.Catalog {
	t.Helper()
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// syncBuffer is a log sink safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// discordRig is a server with the Discord front end on the embedded
// corpus, and the private key Discord would sign with.
type discordRig struct {
	s    *server
	priv ed25519.PrivateKey
	mux  *http.ServeMux
	log  *syncBuffer
}

func newDiscordRig(t testing.TB, tune func(*discordConfig)) *discordRig {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	cfg := discordConfig{
		publicKeyHex: hex.EncodeToString(pub),
		deferAfter:   2 * time.Second,
		editTimeout:  5 * time.Second,
		rateBurst:    1000,
		ratePeriod:   time.Second,
		maxBody:      64 << 10,
		stateDir:     t.TempDir(),
		rt:           &discordRuntime{},
	}
	if tune != nil {
		tune(&cfg)
	}
	logs := &syncBuffer{}
	s := &server{
		cfg:   serveConfig{discord: cfg},
		log:   slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		cat:   testCatalog(t),
		index: newIndexHolder(discordTestIndex(t)),
	}
	mux := http.NewServeMux()
	s.routesDiscord(mux)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		s.discordWait(ctx)
		if s.cfg.discord.rt.prefs != nil {
			s.cfg.discord.rt.prefs.Close()
		}
	})
	return &discordRig{s: s, priv: priv, mux: mux, log: logs}
}

// signed builds a POST /interactions request signed with key at ts.
func signed(t testing.TB, key ed25519.PrivateKey, body []byte, ts time.Time) *http.Request {
	t.Helper()
	stamp := strconv.FormatInt(ts.Unix(), 10)
	sig := ed25519.Sign(key, append([]byte(stamp), body...))
	r := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	r.Header.Set("X-Signature-Timestamp", stamp)
	return r
}

// post sends a signed body to the rig's endpoint.
func (r *discordRig) post(t testing.TB, body []byte) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	r.mux.ServeHTTP(w, signed(t, r.priv, body, time.Now()))
	return w
}

// fixture reads an interaction payload of testdata/interactions.
func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "interactions", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// decodeReply decodes an interaction response, keeping the raw JSON too.
func decodeReply(t testing.TB, body []byte) (discordgo.InteractionResponse, map[string]any) {
	t.Helper()
	var resp discordgo.InteractionResponse
	var raw map[string]any
	if err := json.Unmarshal(body, &raw); err != nil {
		t.Fatalf("reply is not JSON: %v\n%s", err, body)
	}
	// InteractionResponseData holds components as an interface; decode by hand.
	var shape struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data *struct {
			Content string                                      `json:"content"`
			Embeds  []*discordgo.MessageEmbed                   `json:"embeds"`
			Flags   discordgo.MessageFlags                      `json:"flags"`
			Choices []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &shape); err != nil {
		t.Fatalf("reply: %v\n%s", err, body)
	}
	resp.Type = shape.Type
	if shape.Data != nil {
		resp.Data = &discordgo.InteractionResponseData{Content: shape.Data.Content, Embeds: shape.Data.Embeds, Flags: shape.Data.Flags, Choices: shape.Data.Choices}
	}
	return resp, raw
}

// buttonIDs lists the custom_ids of a raw reply's buttons.
func buttonIDs(raw map[string]any) []string {
	var out []string
	d, _ := raw["data"].(map[string]any)
	rows, _ := d["components"].([]any)
	for _, row := range rows {
		m, _ := row.(map[string]any)
		comps, _ := m["components"].([]any)
		for _, c := range comps {
			b, _ := c.(map[string]any)
			if id, ok := b["custom_id"].(string); ok {
				out = append(out, id)
			}
		}
	}
	return out
}

// fakeDiscord is a local stand-in for Discord's REST API: it records every
// call and answers with the status and body a route asks for.
type fakeDiscord struct {
	srv   *httptest.Server
	mu    sync.Mutex
	calls []fakeCall
	reply func(method, path string, body []byte) (int, string)
}

type fakeCall struct {
	Method, Path, Auth string
	Body               []byte
}

// newFakeDiscord starts the fake and points discordgo's endpoints at it
// for the duration of the test.
func newFakeDiscord(t *testing.T, reply func(method, path string, body []byte) (int, string)) *fakeDiscord {
	t.Helper()
	f := &fakeDiscord{reply: reply}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.calls = append(f.calls, fakeCall{Method: r.Method, Path: r.URL.Path, Auth: r.Header.Get("Authorization"), Body: b})
		f.mu.Unlock()
		code, out := http.StatusOK, `{"id":"1","channel_id":"1","content":""}`
		if f.reply != nil {
			code, out = f.reply(r.Method, r.URL.Path, b)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		io.WriteString(w, out)
	}))
	oldAPI, oldHooks, oldApps := discordgo.EndpointAPI, discordgo.EndpointWebhooks, discordgo.EndpointApplications
	discordgo.EndpointAPI = f.srv.URL + "/api/v" + discordgo.APIVersion + "/"
	discordgo.EndpointWebhooks = discordgo.EndpointAPI + "webhooks/"
	discordgo.EndpointApplications = discordgo.EndpointAPI + "applications"
	t.Cleanup(func() {
		discordgo.EndpointAPI, discordgo.EndpointWebhooks, discordgo.EndpointApplications = oldAPI, oldHooks, oldApps
		f.srv.Close()
	})
	return f
}

func (f *fakeDiscord) recorded() []fakeCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]fakeCall(nil), f.calls...)
}

// testRouter is a router on the embedded corpus with a store in a temp dir.
func testRouter(t testing.TB) *chat.Router {
	t.Helper()
	ix := discordTestIndex(t)
	prefs, err := chat.OpenPrefs(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { prefs.Close() })
	return chat.New(chat.Config{
		Catalog: testCatalog(t),
		Index:   func() (chat.Index, func()) { return ix, func() {} },
		Prefs:   prefs,
		Limit:   chat.NewRateLimiter(5, 10*time.Second, 1000),
	})
}

func hasAll(s string, subs ...string) (string, bool) {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return sub, false
		}
	}
	return "", true
}
