package web

import (
	"bytes"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"arbiter/cmd/bot/internal/sim"
	"arbiter/cmd/bot/internal/testutil"
)

// sandboxBoard is a board to play: Alice holds Shock, Bob's creature is
// phased out.
const sandboxBoard = `game: mtg
name: play
title: {en: "Can I Shock a creature that phased out?"}
players: [Alice, Bob]
start: {turn: 3, active: Alice, step: main1, hand: {Alice: 1, Bob: 0}}
permanents:
  - {id: creature, name: "Creature", types: [creature], power: 2, toughness: 2, controller: Bob, phased_out: true}
hand:
  - cast: {id: shock, card: "Shock", controller: Alice}
`

// moveLinks are the moves a game page offers: label, link.
var moveLinks = regexp.MustCompile(`<li><a href="([^"]*)" rel="nofollow">([^<]*)</a>`)

// TestSandboxPage plays a board on /sim/play a link at a time: the moves
// offered are the legal ones, each link makes one, the page shows it with
// its events and rules, the picture follows, Undo goes back, a forged
// log is refused with its rule; the question page links to its board.
func TestSandboxPage(t *testing.T) {
	t.Parallel()
	ts := webTestServer(t, testutil.ChatCardsIndex(t))
	code, err := sim.Encode([]byte(sandboxBoard))
	if err != nil {
		t.Fatal(err)
	}
	res, body := webGet(t, ts, "/sim/play?lang=en&s="+code+"&log=")
	if res.StatusCode != 200 || !bytes.Contains(body, []byte("Play it out: Can I Shock a creature that phased out?")) {
		t.Fatalf("game page: %d\n%.800s", res.StatusCode, body)
	}
	moves := moveLinks.FindAllSubmatch(body, -1)
	var labels []string
	for _, m := range moves {
		labels = append(labels, html.UnescapeString(string(m[2])))
	}
	want := []string{"Alice casts Shock targeting Alice.", "Alice casts Shock targeting Bob.", "Go on to Alice's beginning of combat step.", "Go on to Bob's upkeep step."}
	if strings.Join(labels, "|") != strings.Join(want, "|") {
		t.Fatalf("moves %q, want %q", labels, want)
	}
	next := html.UnescapeString(string(moves[1][1]))
	res, body = webGet(t, ts, next)
	if res.StatusCode != 200 || !bytes.Contains(body, []byte("Move 1: Alice casts Shock targeting Bob.")) ||
		!bytes.Contains(body, []byte(`<a href="/rules/601.2?lang=en">`)) && !bytes.Contains(body, []byte("CR 601.2")) {
		t.Fatalf("after the move: %d\n%.2000s", res.StatusCode, body)
	}
	u, _ := url.Parse(next)
	if u.Query().Get("log") != "c:shock::@1" {
		t.Errorf("log %q", u.Query().Get("log"))
	}
	res, png := webGet(t, ts, strings.Replace(next, "/sim/play?", "/sim/play/1.png?", 1))
	if res.StatusCode != 200 || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Errorf("picture: %d", res.StatusCode)
	}
	undo := regexp.MustCompile(`<a href="([^"]*)" rel="nofollow">Undo</a>`).FindSubmatch(body)
	if undo == nil || !strings.HasSuffix(html.UnescapeString(string(undo[1])), "&log=&lang=en") {
		t.Errorf("undo %q", undo)
	}
	// A forged log: the Bolt at the phased-out creature.
	res, body = webGet(t, ts, "/sim/play?lang=fr&s="+code+"&log="+url.QueryEscape("c:shock::creature"))
	if res.StatusCode != http.StatusBadRequest || !bytes.Contains(body, []byte("702.26b")) {
		t.Errorf("forged log: %d\n%.1500s", res.StatusCode, body)
	}
	// A board posted in the form plays as a game.
	resp, _ := post(t, ts, "/sim/play?lang=ja", sandboxBoard)
	if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/sim/play?lang=ja&s=") {
		t.Errorf("POST a board: %d, %q", resp.StatusCode, loc)
	} else if res, body = webGet(t, ts, loc); res.StatusCode != 200 || !bytes.Contains(body, []byte("優先権をパスする")) && !bytes.Contains(body, []byte("ショック")) {
		t.Errorf("the posted board: %d", res.StatusCode)
	}
	// The question page links to its board.
	res, body = webGet(t, ts, "/ask?lang=en&q="+url.QueryEscape("Can I Shock a creature that phased out?"))
	link := regexp.MustCompile(`<h2 id="play-h"><a href="([^"]*)">`).FindSubmatch(body)
	if res.StatusCode != 200 || link == nil || !bytes.Contains(body, []byte("Creature is phased out, as the question says.")) {
		t.Fatalf("question page: %d, link %q", res.StatusCode, link)
	}
	res, body = webGet(t, ts, html.UnescapeString(string(link[1])))
	if res.StatusCode != 200 || len(moveLinks.FindAll(body, -1)) != 4 {
		t.Errorf("the question's board: %d", res.StatusCode)
	}
	res, body = webGet(t, ts, "/ask?lang=en&q="+url.QueryEscape("Does Atraxa, Praetors' Voice give my Lightning Bolt lifelink?"))
	if bytes.Contains(body, []byte(`id="play-h"`)) {
		t.Error("a question naming a card the engine cannot model links to a board")
	}
}
