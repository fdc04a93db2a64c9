package chat

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/testutil"
)

// memFiles is a Fetcher over files in memory, by URL.
type memFiles map[string][]byte

// Fetch returns the file at a.URL.
func (m memFiles) Fetch(ctx context.Context, a Attachment, max int) ([]byte, error) {
	b, ok := m[a.URL]
	if !ok {
		return nil, ErrAttachmentHost
	}
	if len(b) > max {
		return nil, ErrAttachmentSize
	}
	return b, nil
}

const simScenario = `game: mtg
players: [Alice, Bob]
permanents:
  - {id: angel, name: Serra Angel, types: [creature], power: 4, toughness: 4, keywords: [flying], controller: Alice}
actions:
  - phase_out: [angel]
  - advance: {player: Alice, step: untap}
expect:
  - phased_in: [angel]
`

// simRouter is a router that reads attachments from files.
func simRouter(t *testing.T, files memFiles) *Router {
	t.Helper()
	ix := testutil.EmbeddedIndex(t)
	return New(Config{Catalog: testutil.Catalog(t), Index: func() (Index, func()) { return ix, func() {} },
		Limit: NewRateLimiter(100, time.Second, 1000), Fetch: files, CacheSize: 16})
}

// buttonID is the custom_id of the button whose label starts with label.
func buttonID(t *testing.T, r Response, label string) string {
	t.Helper()
	for _, row := range r.Buttons {
		for _, b := range row {
			if strings.HasPrefix(b.Label, label) {
				return b.CustomID
			}
		}
	}
	t.Fatalf("no button %q in %+v", label, r.Buttons)
	return ""
}

// TestSimulateButtons follows the buttons of a simulation of a user's
// scenario: a step button updates the message in place, public or not; a
// language button on a public message answers the clicker alone; Share
// posts for everyone; a click whose scenario cannot be read says so.
func TestSimulateButtons(t *testing.T) {
	files := memFiles{"https://cdn.example/a.yaml": []byte(simScenario), "https://cdn.example/scenario.yaml": []byte(simScenario)}
	rt := simRouter(t, files)
	first := rt.Serve(context.Background(), Request{Kind: KindCommand, Command: "simulate", Locale: "en-US", UserID: "u",
		Attachments: map[string]Attachment{"file": {Filename: "a.yaml", URL: "https://cdn.example/a.yaml", Size: len(simScenario)}}})
	if first.Outcome == "error" || first.Ephemeral || len(first.Files) != 2 || first.Files[1].Name != "scenario.yaml" ||
		!bytes.Equal(first.Files[1].Data, []byte(simScenario)) || first.Embeds[0].Image != "attachment://board-0.png" {
		t.Fatalf("first reply %+v", first)
	}
	onMessage := map[string]Attachment{"scenario.yaml": {Filename: "scenario.yaml", URL: "https://cdn.example/scenario.yaml"}}
	click := func(id string, ephemeral bool, atts map[string]Attachment) Response {
		req := Request{Kind: KindComponent, CustomID: id, FromEphemeral: ephemeral, UserID: "v", Attachments: atts}
		return rt.Serve(context.Background(), req)
	}
	next := buttonID(t, first, "Next step")
	if !rt.UpdatesMessage(Request{Kind: KindComponent, CustomID: next}) {
		t.Error("a step button does not update its message")
	}
	step := click(next, false, onMessage)
	if !step.Update || step.Ephemeral || step.Embeds[0].Footer != "Step 1 of 2" || step.Files[0].Name != "board-1.png" {
		t.Errorf("next step: update %v, ephemeral %v, footer %q", step.Update, step.Ephemeral, step.Embeds[0].Footer)
	}
	fr := click(buttonID(t, step, "Français"), false, onMessage)
	if fr.Update || !fr.Ephemeral || fr.Embeds[0].Footer != "Étape 1 sur 2" {
		t.Errorf("language on a public message: update %v, ephemeral %v, footer %q", fr.Update, fr.Ephemeral, fr.Embeds[0].Footer)
	}
	ja := click(buttonID(t, fr, "日本語"), true, onMessage)
	if !ja.Update || !ja.Ephemeral {
		t.Errorf("language on a message for the user alone: update %v, ephemeral %v", ja.Update, ja.Ephemeral)
	}
	shared := click(buttonID(t, fr, "Partager"), true, onMessage)
	if shared.Update || shared.Ephemeral || len(shared.Files) != 2 {
		t.Errorf("share: update %v, ephemeral %v, %d files", shared.Update, shared.Ephemeral, len(shared.Files))
	}
	last := click(buttonID(t, step, "Next step"), false, nil) // no attachment, but this step is not rendered yet
	if last.Outcome != "error" || !strings.Contains(last.Content, "can no longer be read") {
		t.Errorf("a click without its scenario: %+v", last)
	}
	again := click(next, false, nil) // rendered before: from the reply cache
	if again.Outcome == "error" || again.Embeds[0].Footer != "Step 1 of 2" {
		t.Errorf("a step rendered before: %+v", again)
	}
	other := memFiles{"https://cdn.example/scenario.yaml": []byte(strings.Replace(simScenario, "Serra", "Sera", 1))}
	rt2 := simRouter(t, other)
	swapped := rt2.Serve(context.Background(), Request{Kind: KindComponent, CustomID: next, UserID: "w", Attachments: onMessage})
	if swapped.Outcome != "error" {
		t.Errorf("a scenario other than the button's is played: %+v", swapped.Embeds)
	}
}

// TestSimulatePaste opens the paste form and plays what is pasted.
func TestSimulatePaste(t *testing.T) {
	rt := simRouter(t, nil)
	form := rt.Serve(context.Background(), Request{Kind: KindCommand, Command: "simulate", Locale: "fr", UserID: "u", Options: map[string]string{}})
	if form.Modal == nil || form.Modal.CustomID != simModalID || len(form.Modal.Inputs) != 1 || form.Modal.Inputs[0].MaxLength != 4000 {
		t.Fatalf("form %+v", form)
	}
	if n := len([]rune(form.Modal.Title)); n > 45 || len([]rune(form.Modal.Inputs[0].Label)) > 45 || len([]rune(form.Modal.Inputs[0].Placeholder)) > 100 {
		t.Errorf("form over Discord's limits: %+v", form.Modal)
	}
	r := rt.Serve(context.Background(), Request{Kind: KindModal, CustomID: simModalID, Locale: "fr", UserID: "u",
		Options: map[string]string{"scenario": simScenario}})
	if r.Outcome == "error" || !strings.Contains(r.Embeds[0].Description, "Faire passer Serra Angel hors phase.") {
		t.Errorf("pasted: %+v", r)
	}
	bad := rt.Serve(context.Background(), Request{Kind: KindModal, CustomID: simModalID, Locale: "ja", UserID: "u",
		Options: map[string]string{"scenario": "game: mtg\nplayers: [Alice]\n"}})
	if bad.Outcome != "error" || !bad.Ephemeral || !strings.Contains(bad.Content, "貼り付けたシナリオ") {
		t.Errorf("invalid paste: %+v", bad)
	}
	other := rt.Serve(context.Background(), Request{Kind: KindModal, CustomID: "m:other", UserID: "u"})
	if other.Outcome != "error" {
		t.Errorf("unknown form: %+v", other)
	}
}
