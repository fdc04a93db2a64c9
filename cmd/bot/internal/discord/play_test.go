package discord

import (
	"bytes"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/discord/discordtest"
	"arbiter/cmd/bot/internal/testutil"
)

// gamePath is where the fixtures' game messages keep their play.yaml.
const gamePath = "/ephemeral-attachments/1/3/play.yaml"

// gamePayload is the part of a game message the tests read.
type gamePayload struct {
	Embeds []struct {
		Title       string `json:"title"`
		URL         string `json:"url"`
		Description string `json:"description"`
		Image       *struct {
			URL string `json:"url"`
		} `json:"image"`
	} `json:"embeds"`
	Components []struct {
		Components []struct {
			Type     int    `json:"type"`
			CustomID string `json:"custom_id"`
			Label    string `json:"label"`
			Disabled bool   `json:"disabled"`
			URL      string `json:"url"`
			Options  []struct {
				Label string `json:"label"`
				Value string `json:"value"`
			} `json:"options"`
		} `json:"components"`
	} `json:"components"`
}

// playRig is a rig on the chat cards, whose attachments come from c and
// whose web pages are public.
func playRig(t *testing.T, c *cdn) (*rig, *discordtest.REST) {
	t.Helper()
	rest := discordtest.NewREST(t, nil)
	r := newRig(t, func(rc *rigConfig) {
		rc.fetch = NewFetcher(Config{AttachmentTimeout: 2 * time.Second}, &http.Client{Transport: c})
		rc.index = testutil.ChatCardsIndex(t)
		rc.publicURL = "https://arbiter.example"
	})
	return r, rest
}

// gameUpload is the one edit a game's interaction made: its payload,
// checked, and its files.
func gameUpload(t *testing.T, r *rig, rest *discordtest.REST, token string) (gamePayload, upload) {
	t.Helper()
	ups := uploads(t, r, rest)
	if len(ups) != 1 || ups[0].Method != http.MethodPatch || !strings.HasSuffix(ups[0].Path, "/"+token+"/messages/@original") {
		t.Fatalf("uploads %d, want one edit of the original message", len(ups))
	}
	u := ups[0]
	decodeEdit(t, u)
	var p gamePayload
	if err := json.Unmarshal(u.Payload, &p); err != nil {
		t.Fatal(err)
	}
	if len(u.Names) != 2 || !bytes.HasPrefix(u.Files[u.Names[0]], []byte("\x89PNG")) || u.Names[1] != "play.yaml" {
		t.Fatalf("files %v: want the board's picture and play.yaml", u.Names)
	}
	for _, f := range u.Files {
		if len(f) > 8<<20 {
			t.Errorf("a file of %d bytes, over Discord's upload limit", len(f))
		}
	}
	return p, u
}

// gameFixture fills a game fixture's blanks.
func gameFixture(t *testing.T, name string, blanks map[string]string) []byte {
	t.Helper()
	s := string(fixture(t, name))
	for k, v := range blanks {
		q, _ := json.Marshal(v)
		s = strings.ReplaceAll(s, k, string(q[1:len(q)-1]))
	}
	return []byte(s)
}

// goldenGame keeps a game message's payload in testdata/play.
func goldenGame(t *testing.T, name string, u upload) {
	t.Helper()
	var v any
	json.Unmarshal(u.Payload, &v)
	b, _ := json.MarshalIndent(v, "", "  ")
	testutil.Golden(t, filepath.Join("testdata", "play", name+".json"), append(b, '\n'))
}

// TestPlayItOutRecorded replays, as Discord sends them, an answer in
// French whose question names Lightning Bolt, the click on its Play it
// out button, a move chosen in the game's menu, a move the rules forbid
// sent anyway, Undo, and Edit the board with its form. Each reply that
// shows the game is deferred and completed by an edit that uploads the
// board's picture and play.yaml, the game's text, which the next click
// reads back from the message (testdata/play keeps their payloads; run
// with -update to rewrite them).
func TestPlayItOutRecorded(t *testing.T) {
	c := &cdn{files: map[string][]byte{}}
	r, rest := playRig(t, c)
	w := r.post(t, fixture(t, "slash_ruling_play.json"))
	if msg := discordtest.Check(w.Body.Bytes()); msg != "" {
		t.Fatalf("%s: %s", msg, w.Body)
	}
	if !strings.Contains(w.Body.String(), `"label":"Jouer la situation","style":1,"disabled":false,"custom_id":"g:ruling:fr:0:Peut-on cibler une créature hors phase avec une Foudre ?"`) {
		t.Fatalf("answer %s: no Play it out button", w.Body)
	}

	// Play it out: a game for the clicker alone.
	r, rest = playRig(t, c)
	w = r.post(t, fixture(t, "component_play_out.json"))
	if discordtest.TypeOf(w.Body.Bytes()) != discordtest.TypeDeferredMessage || !strings.Contains(w.Body.String(), `"flags":64`) {
		t.Fatalf("reply %s: want a deferred message for the clicker alone", w.Body)
	}
	first, u := gameUpload(t, r, rest, "play-out-token")
	goldenGame(t, "out_fr", u)
	c.files[gamePath] = u.Files["play.yaml"]
	if e := first.Embeds[0]; !strings.Contains(e.Description, "Créature est hors phase") || e.Image.URL != "attachment://board-0.png" ||
		!strings.HasPrefix(e.URL, "https://arbiter.example/sim/play?lang=fr&s=") {
		t.Errorf("first board: %+v", e)
	}
	menu := first.Components[0].Components[0]
	if menu.Type != 3 || len(menu.Options) != 4 || menu.Options[1].Label != "Alice lance Foudre (Lightning Bolt) en ciblant Bob." {
		t.Fatalf("menu %+v", menu)
	}
	undo := first.Components[1].Components[0]
	link := first.Components[1].Components[len(first.Components[1].Components)-1]
	if undo.Label != "Annuler" || !undo.Disabled || link.URL != first.Embeds[0].URL || len(link.URL) > 512 {
		t.Errorf("buttons %+v", first.Components[1].Components)
	}

	// The Bolt at Bob: the message is updated in place.
	r, rest = playRig(t, c)
	w = r.post(t, gameFixture(t, "component_play_move.json", map[string]string{"$CUSTOM_ID": menu.CustomID, "$VALUE": menu.Options[1].Value}))
	if discordtest.TypeOf(w.Body.Bytes()) != discordtest.TypeDeferredUpdate {
		t.Fatalf("move reply %s: want a deferred update", w.Body)
	}
	moved, u := gameUpload(t, r, rest, "play-move-token")
	goldenGame(t, "move_fr", u)
	if d := moved.Embeds[0].Description; !strings.Contains(d, "Coup 1\u00a0: Alice lance Foudre (Lightning Bolt) en ciblant Bob.") || !strings.Contains(d, "601.2") {
		t.Errorf("after the move:\n%s", d)
	}
	if !bytes.HasSuffix(u.Files["play.yaml"], []byte("log: \"c:lightning-bolt::@1\"\n")) {
		t.Errorf("play.yaml:\n%s", u.Files["play.yaml"])
	}
	if got := c.requests(); len(got) != 1 || !strings.HasSuffix(got[0], gamePath) {
		t.Errorf("CDN requests %v: the move reads the game back from its message", got)
	}

	// A forged move, on the first board: the Bolt at the phased-out
	// creature. Refused with its rule, for the clicker alone; nothing is
	// uploaded.
	r, rest = playRig(t, c)
	w = r.post(t, gameFixture(t, "component_play_move.json", map[string]string{"$CUSTOM_ID": menu.CustomID, "$VALUE": "c:lightning-bolt::creature"}))
	if discordtest.TypeOf(w.Body.Bytes()) != discordtest.TypeMessage || !strings.Contains(w.Body.String(), "702.26b") ||
		!strings.Contains(w.Body.String(), "Refusé") || !strings.Contains(w.Body.String(), `"flags":64`) {
		t.Fatalf("forged move: %s", w.Body)
	}
	if ups := uploads(t, r, rest); len(ups) != 0 {
		t.Errorf("a refused move uploaded %d messages", len(ups))
	}

	// Undo, on the moved message.
	c.files[gamePath] = u.Files["play.yaml"]
	undoID := moved.Components[1].Components[0].CustomID
	r, rest = playRig(t, c)
	r.post(t, gameFixture(t, "component_play_button.json", map[string]string{"$CUSTOM_ID": undoID}))
	_, u = gameUpload(t, r, rest, "play-button-token")
	if !bytes.Equal(u.Files["play.yaml"], c.files[gamePath][:bytes.LastIndex(c.files[gamePath], []byte("log:"))]) {
		t.Errorf("after Undo:\n%s", u.Files["play.yaml"])
	}

	// Edit the board: the form, answered at once, holds the board.
	editID := moved.Components[1].Components[2].CustomID
	r, _ = playRig(t, c)
	w = r.post(t, gameFixture(t, "component_play_button.json", map[string]string{"$CUSTOM_ID": editID}))
	if msg := discordtest.Check(w.Body.Bytes()); msg != "" || discordtest.TypeOf(w.Body.Bytes()) != discordtest.TypeModal {
		t.Fatalf("%s: %s", msg, w.Body)
	}
	var modal struct {
		Data struct {
			CustomID   string `json:"custom_id"`
			Components []struct {
				Components []struct {
					Value string `json:"value"`
				} `json:"components"`
			} `json:"components"`
		} `json:"data"`
	}
	json.Unmarshal(w.Body.Bytes(), &modal)
	board := modal.Data.Components[0].Components[0].Value
	if modal.Data.CustomID != "m:play:fr" || !strings.Contains(board, "phased_out: true") || strings.Contains(board, "\nlog:") {
		t.Fatalf("form %s", w.Body)
	}
	// The board as edited: the creature phased in; the game replaces the
	// message.
	r, rest = playRig(t, c)
	w = r.post(t, gameFixture(t, "modal_submit_play.json", map[string]string{"$BOARD": strings.Replace(board, ", phased_out: true", "", 1)}))
	if discordtest.TypeOf(w.Body.Bytes()) != discordtest.TypeDeferredUpdate {
		t.Fatalf("submit reply %s: want a deferred update", w.Body)
	}
	edited, _ := gameUpload(t, r, rest, "play-modal-token")
	if n := len(edited.Components[0].Components[0].Options); n != 5 {
		t.Errorf("%d moves on the edited board, want 5 (the Bolt at the creature too)", n)
	}
	if got := len(c.requests()); got != 4 {
		t.Errorf("%d CDN requests, want 4: each click reads the game (the move, the forged move, Undo, Edit the board), the form does not", got)
	}
}
