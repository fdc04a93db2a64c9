package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/discord/discordtest"
)

// cdn stands in for Discord's attachment hosts: an HTTP transport that
// answers every request from memory, by URL path, and records it.
type cdn struct {
	mu    sync.Mutex
	files map[string][]byte
	got   []string
	// declare, when set, is the Content-Length the answers claim (-1:
	// none, so that the size is known only as the body is read).
	declare int64
}

// RoundTrip answers a request from the files.
func (c *cdn) RoundTrip(r *http.Request) (*http.Response, error) {
	c.mu.Lock()
	c.got = append(c.got, r.URL.String())
	b, ok := c.files[r.URL.Path]
	c.mu.Unlock()
	if !ok {
		return &http.Response{StatusCode: http.StatusNotFound, Status: "404 Not Found", Body: io.NopCloser(strings.NewReader("")), Request: r}, nil
	}
	n := int64(len(b))
	if c.declare != 0 {
		n = c.declare
	}
	return &http.Response{StatusCode: http.StatusOK, Status: "200 OK", ContentLength: n,
		Header: http.Header{"Content-Type": {"application/x-yaml"}}, Body: io.NopCloser(bytes.NewReader(b)), Request: r}, nil
}

// requests lists the URLs asked for so far.
func (c *cdn) requests() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.got...)
}

// attachmentPath is the path of the fixtures' attachment on the CDN.
const attachmentPath = "/ephemeral-attachments/1250000000000000004/1310000000000000001/angel-over-bears.yaml"

// scenarioFile is the scenario of the fixtures.
func scenarioFile(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "scenarios", "angel-over-bears.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// simRig is a rig whose router reads attachments from c through the real
// Fetcher (Discord's hosts only), and whose REST calls go to a stand-in.
func simRig(t testing.TB, c *cdn) (*rig, *discordtest.REST) {
	t.Helper()
	rest := discordtest.NewREST(t, nil)
	r := newRig(t, func(rc *rigConfig) {
		rc.fetch = NewFetcher(Config{AttachmentTimeout: 2 * time.Second}, &http.Client{Transport: c})
		rc.replyCache = 64
	})
	return r, rest
}

// upload is a multipart request the bot sent to Discord's REST API.
type upload struct {
	Method, Path string
	Payload      []byte            // payload_json
	Files        map[string][]byte // by file name
	Names        []string          // file names, in files[n] order
}

// uploads waits until the rig's deliveries are done and returns the
// multipart calls the stand-in received.
func uploads(t *testing.T, r *rig, rest *discordtest.REST) []upload {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r.e.Wait(ctx)
	var out []upload
	for _, c := range rest.Calls() {
		line, _, _ := bytes.Cut(c.Body, []byte("\r\n"))
		if !bytes.HasPrefix(line, []byte("--")) {
			continue
		}
		u := upload{Method: c.Method, Path: c.Path, Files: map[string][]byte{}}
		mr := multipart.NewReader(bytes.NewReader(c.Body), string(line[2:]))
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("multipart body: %v", err)
			}
			b, _ := io.ReadAll(p)
			switch {
			case p.FormName() == "payload_json":
				u.Payload = b
			case strings.HasPrefix(p.FormName(), "files["):
				_, params, _ := mime.ParseMediaType(p.Header.Get("Content-Disposition"))
				u.Files[params["filename"]] = b
				u.Names = append(u.Names, params["filename"])
			}
		}
		out = append(out, u)
	}
	return out
}

// editPayload is the part of an edit's payload_json the tests read.
type editPayload struct {
	Embeds []struct {
		Title       string `json:"title"`
		Description string `json:"description"`
		Image       *struct {
			URL string `json:"url"`
		} `json:"image"`
		Footer *struct {
			Text string `json:"text"`
		} `json:"footer"`
	} `json:"embeds"`
	Components []struct {
		Components []struct {
			CustomID string `json:"custom_id"`
			Label    string `json:"label"`
		} `json:"components"`
	} `json:"components"`
	Attachments []attachmentRef `json:"attachments"`
}

// decodeEdit decodes and checks an upload's payload.
func decodeEdit(t *testing.T, u upload) editPayload {
	t.Helper()
	if msg := discordtest.CheckMessage(u.Payload); msg != "" {
		t.Fatalf("%s:\n%s", msg, u.Payload)
	}
	var p editPayload
	if err := json.Unmarshal(u.Payload, &p); err != nil {
		t.Fatal(err)
	}
	if len(p.Attachments) != len(u.Names) {
		t.Fatalf("attachments %v for files %v", p.Attachments, u.Names)
	}
	for i, a := range p.Attachments {
		if a.ID != fmt.Sprint(i) || a.Filename != u.Names[i] {
			t.Errorf("attachment %d is %+v, file %s", i, a, u.Names[i])
		}
	}
	return p
}

// TestSimulateAttachment replays a /simulate with a scenario file
// attached, as Discord sends it: the reply is deferred (an HTTP response
// carries no file), then the original message is edited with the board
// of the first step and the scenario; a click on the next step updates
// that message in place, reading the scenario back from it.
func TestSimulateAttachment(t *testing.T) {
	src := scenarioFile(t)
	c := &cdn{files: map[string][]byte{attachmentPath: src, "/attachments/1/2/scenario.yaml": src}}
	r, rest := simRig(t, c)
	w := r.post(t, fixture(t, "slash_simulate_attachment.json"))
	if w.Code != http.StatusOK || discordtest.TypeOf(w.Body.Bytes()) != discordtest.TypeDeferredMessage {
		t.Fatalf("status %d, reply %s: want a deferred message", w.Code, w.Body)
	}
	if msg := discordtest.Check(w.Body.Bytes()); msg != "" {
		t.Fatal(msg)
	}
	if got := c.requests(); len(got) != 1 || !strings.HasPrefix(got[0], "https://cdn.discordapp.com"+attachmentPath) {
		t.Fatalf("CDN requests %v", got)
	}
	ups := uploads(t, r, rest)
	if len(ups) != 1 || ups[0].Method != "PATCH" || !strings.HasSuffix(ups[0].Path, "/webhooks/1230000000000000000/simulate-attachment-token/messages/@original") {
		t.Fatalf("uploads %+v, want one edit of the original message", ups)
	}
	first := decodeEdit(t, ups[0])
	if !bytes.HasPrefix(ups[0].Files["board-0.png"], []byte("\x89PNG")) || !bytes.Equal(ups[0].Files["scenario.yaml"], src) {
		t.Fatalf("files %v: want board-0.png and the scenario", ups[0].Names)
	}
	e := first.Embeds[0]
	for _, want := range []string{"Simulation\u00a0: Scénario personnalisé"} {
		if e.Title != want {
			t.Errorf("title %q, want %q", e.Title, want)
		}
	}
	if !strings.Contains(e.Description, "Avant la première action") || e.Image == nil || e.Image.URL != "attachment://board-0.png" || e.Footer.Text != "Étape 0 sur 4" {
		t.Errorf("first step: %+v", e)
	}
	next := ""
	for _, row := range first.Components {
		for _, b := range row.Components {
			if strings.HasPrefix(b.Label, "Étape suivante") {
				next = b.CustomID
			}
		}
	}
	if next == "" {
		t.Fatalf("no next-step button in %+v", first.Components)
	}

	// The click, on the public message the edit made.
	click := map[string]any{
		"id": "1240000000000000023", "application_id": "1230000000000000000", "type": 3, "token": "click-token", "version": 1,
		"guild_id": "1260000000000000000", "channel_id": "1270000000000000000", "locale": "fr",
		"member": map[string]any{"user": map[string]any{"id": "1280000000000000013", "username": "player"}, "permissions": "0"},
		"data":   map[string]any{"custom_id": next, "component_type": 2},
		"message": map[string]any{"id": "1300000000000000010", "channel_id": "1270000000000000000", "flags": 0,
			"attachments": []any{
				map[string]any{"id": "1", "filename": "board-0.png", "size": 20000, "url": "https://cdn.discordapp.com/attachments/1/1/board-0.png"},
				map[string]any{"id": "2", "filename": "scenario.yaml", "size": len(src), "url": "https://cdn.discordapp.com/attachments/1/2/scenario.yaml"},
			}},
	}
	body, _ := json.Marshal(click)
	r2, rest2 := simRig(t, c)
	w = r2.post(t, body)
	if discordtest.TypeOf(w.Body.Bytes()) != discordtest.TypeDeferredUpdate {
		t.Fatalf("click reply %s: want a deferred update of the message", w.Body)
	}
	ups = uploads(t, r2, rest2)
	if len(ups) != 1 || ups[0].Method != "PATCH" || !strings.HasSuffix(ups[0].Path, "/click-token/messages/@original") {
		t.Fatalf("uploads %+v, want one edit of the clicked message", ups)
	}
	step := decodeEdit(t, ups[0])
	if got := step.Embeds[0].Footer.Text; got != "Étape 1 sur 4" {
		t.Errorf("footer %q after the click", got)
	}
	if len(ups[0].Names) != 2 || ups[0].Names[0] != "board-1.png" {
		t.Errorf("files %v, want board-1.png and the scenario", ups[0].Names)
	}
	if got := c.requests(); len(got) != 2 || !strings.HasSuffix(got[1], "/attachments/1/2/scenario.yaml") {
		t.Errorf("CDN requests %v: the click reads the scenario back from the message", got)
	}
}

// TestSimulateModal replays /simulate with no option, which opens the
// form to paste a scenario, and the form's submission.
func TestSimulateModal(t *testing.T) {
	c := &cdn{}
	r, rest := simRig(t, c)
	w := r.post(t, fixture(t, "slash_simulate_paste.json"))
	if msg := discordtest.Check(w.Body.Bytes()); msg != "" {
		t.Fatalf("%s: %s", msg, w.Body)
	}
	var modal struct {
		Type int `json:"type"`
		Data struct {
			CustomID   string `json:"custom_id"`
			Title      string `json:"title"`
			Components []struct {
				Type       int `json:"type"`
				Components []struct {
					Type      int    `json:"type"`
					CustomID  string `json:"custom_id"`
					Style     int    `json:"style"`
					MaxLength int    `json:"max_length"`
					Required  bool   `json:"required"`
				} `json:"components"`
			} `json:"components"`
		} `json:"data"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &modal); err != nil {
		t.Fatal(err)
	}
	if modal.Type != discordtest.TypeModal || modal.Data.CustomID != "m:simulate" || modal.Data.Title != "シナリオを貼り付ける" {
		t.Fatalf("reply %s: want the paste form", w.Body)
	}
	in := modal.Data.Components[0].Components[0]
	if modal.Data.Components[0].Type != 1 || in.Type != 4 || in.CustomID != "scenario" || in.Style != 2 || in.MaxLength != 4000 || !in.Required {
		t.Errorf("text input %+v", in)
	}

	w = r.post(t, fixture(t, "modal_submit_simulate.json"))
	if discordtest.TypeOf(w.Body.Bytes()) != discordtest.TypeDeferredMessage {
		t.Fatalf("submit reply %s: want a deferred message", w.Body)
	}
	ups := uploads(t, r, rest)
	if len(ups) != 1 || !strings.HasSuffix(ups[0].Path, "/simulate-modal-token/messages/@original") {
		t.Fatalf("uploads %+v", ups)
	}
	p := decodeEdit(t, ups[0])
	if !strings.Contains(p.Embeds[0].Description, "2. Serra Angel attacks Bob.") {
		t.Errorf("first step %q", p.Embeds[0].Description)
	}
	if !bytes.Equal(ups[0].Files["scenario.yaml"], scenarioFile(t)) {
		t.Errorf("the reply does not carry the pasted scenario")
	}
	if len(c.requests()) != 0 {
		t.Errorf("a pasted scenario fetched %v", c.requests())
	}
}

// TestSimulateRefused checks what is refused, with a message in the
// user's language and nothing uploaded: a file off Discord's hosts, a
// file too large (by its declared size or as it is read), a file that is
// not text, a scenario over the step limit, an invalid scenario.
func TestSimulateRefused(t *testing.T) {
	src := scenarioFile(t)
	many := "game: mtg\nplayers: [Alice, Bob]\npermanents:\n  - {id: bear, name: Bear, types: [creature], power: 2, toughness: 2, controller: Alice}\nactions:\n" +
		strings.Repeat("  - tap: [bear]\n", 201)
	tests := []struct {
		name    string
		url     string
		file    string
		size    int
		serve   []byte
		declare int64
		want    string
		fetched bool
	}{
		{"foreign host", "https://evil.example.com/angel.yaml", "angel-over-bears.yaml", len(src), src, 0,
			"angel-over-bears.yaml n’est pas sur les serveurs de pièces jointes de Discord", false},
		{"look-alike host", "https://cdn.discordapp.com.evil.example/x.yaml", "angel-over-bears.yaml", len(src), src, 0,
			"n’est pas sur les serveurs de pièces jointes de Discord", false},
		{"plain HTTP", "http://cdn.discordapp.com" + attachmentPath, "angel-over-bears.yaml", len(src), src, 0,
			"n’est pas sur les serveurs de pièces jointes de Discord", false},
		{"declared too large", "https://cdn.discordapp.com" + attachmentPath, "angel-over-bears.yaml", 70 << 10, src, 0,
			"angel-over-bears.yaml est trop gros\u00a0: un scénario fait au plus 64 Kio.", false},
		{"larger than declared", "https://cdn.discordapp.com" + attachmentPath, "angel-over-bears.yaml", 100, bytes.Repeat([]byte("#\n"), 40<<10), -1,
			"est trop gros", true},
		{"not a text file", "https://cdn.discordapp.com" + attachmentPath, "board.png", len(src), src, 0,
			"board.png n’est pas un fichier de scénario", false},
		{"over the step limit", "https://cdn.discordapp.com" + attachmentPath, "angel-over-bears.yaml", len(many), []byte(many), 0,
			"angel-over-bears.yaml\u00a0: scénario invalide\u00a0: trop d’actions\u00a0: 201 (200 au plus)", true},
		{"invalid scenario", "https://cdn.discordapp.com" + attachmentPath, "angel-over-bears.yaml", len(src),
			bytes.Replace(src, []byte("defender: Bob"), []byte("defender: Carol"), 1), 0,
			"angel-over-bears.yaml, ligne 9\u00a0: scénario invalide\u00a0:", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &cdn{files: map[string][]byte{attachmentPath: tt.serve}, declare: tt.declare}
			r, rest := simRig(t, c)
			var in map[string]any
			if err := json.Unmarshal(fixture(t, "slash_simulate_attachment.json"), &in); err != nil {
				t.Fatal(err)
			}
			a := in["data"].(map[string]any)["resolved"].(map[string]any)["attachments"].(map[string]any)["1310000000000000001"].(map[string]any)
			a["url"], a["filename"], a["size"] = tt.url, tt.file, tt.size
			body, _ := json.Marshal(in)
			w := r.post(t, body)
			if msg := discordtest.Check(w.Body.Bytes()); msg != "" {
				t.Fatalf("%s: %s", msg, w.Body)
			}
			resp, _ := discordtest.Decode(t, w.Body.Bytes())
			if int(resp.Type) != discordtest.TypeMessage || int(resp.Data.Flags) != discordtest.FlagEphemeral {
				t.Fatalf("reply %s: want a message for the user alone", w.Body)
			}
			if !strings.Contains(resp.Data.Content, tt.want) {
				t.Errorf("message %q lacks %q", resp.Data.Content, tt.want)
			}
			if got := len(c.requests()) > 0; got != tt.fetched {
				t.Errorf("fetched %v, want %v", c.requests(), tt.fetched)
			}
			if ups := uploads(t, r, rest); len(ups) != 0 {
				t.Errorf("uploaded %+v", ups)
			}
		})
	}
}

// TestFetcherHosts checks which URLs the fetcher reads.
func TestFetcherHosts(t *testing.T) {
	f := NewFetcher(Config{AttachmentHosts: []string{"CDN.discordapp.com", "127.0.0.1:8443"}}, nil)
	for _, tt := range []struct {
		url string
		ok  bool
	}{
		{"https://cdn.discordapp.com/a/b.yaml", true},
		{"https://cdn.discordapp.com:443/a/b.yaml", false},
		{"https://127.0.0.1:8443/a.yaml", true},
		{"https://127.0.0.1/a.yaml", false},
		{"https://media.discordapp.net/a.yaml", false},
		{"http://cdn.discordapp.com/a.yaml", false},
		{"https://user@cdn.discordapp.com/a.yaml", false},
		{"file:///etc/passwd", false},
		{"//cdn.discordapp.com/a.yaml", false},
	} {
		u, _ := url.Parse(tt.url)
		if got := f.allowed(u); got != tt.ok {
			t.Errorf("allowed(%s) = %v, want %v", tt.url, got, tt.ok)
		}
	}
}
