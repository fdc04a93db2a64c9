package discord

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/discord/discordtest"
	"arbiter/cmd/bot/internal/play"
	"arbiter/cmd/bot/internal/sim"
	"arbiter/cmd/bot/internal/testutil"
	"arbiter/engine"
)

// benchBoard is a busy board to play: three creatures a side, four
// spells in hand (benchLog: seven moves made, mana, an attack, a block, a
// spell and steps).
const benchLog = "a:e1:1.k:a1~a2:@1.b:b1:a1.c:shock::a2.r.n:@0:combat_damage.n:@0:end_combat"

const benchBoard = `game: mtg
name: play
title: {fr: "Une partie chargée"}
players: [Alice, Bob]
start: {turn: 3, active: Alice, step: main1, hand: {Alice: 2, Bob: 2}}
permanents:
  - {id: a1, card: Serra Angel, power: 4, toughness: 4, controller: Alice}
  - {id: a2, card: Serra Angel, power: 4, toughness: 4, controller: Alice}
  - {id: e1, card: Llanowar Elves, power: 1, toughness: 1, controller: Alice}
  - {id: b1, card: Serra Angel, power: 4, toughness: 4, controller: Bob}
  - {id: f1, card: Llanowar Elves, power: 1, toughness: 1, controller: Bob}
  - {id: f2, card: Llanowar Elves, power: 1, toughness: 1, controller: Bob}
hand:
  - cast: {id: shock, card: Shock, controller: Bob}
  - cast: {id: bolt, card: Lightning Bolt, controller: Alice}
  - cast: {id: tp, card: Teferi's Protection, controller: Bob}
  - cast: {id: oub, card: Oubliette, controller: Alice}
`

// BenchmarkPlayMove is a click on a move of a game on Discord, end to
// end: the interaction signed and posted to the endpoint, the game read
// back from its message (from a stand-in of Discord's attachment hosts),
// its moves replayed and checked, the move made, the moves offered next
// listed, the board drawn as a PNG, and the message edited in place with
// the picture and the game's text (to a stand-in of the REST API).
// ack-ms is the time to the deferred response. "replay": after benchLog's
// seven moves, on to the next step (12 moves offered next); "long": 151
// moves (the turns going by a step at a time); "menus": the
// first move (Alice's Llanowar Elves tap for mana), after which 25 moves
// are offered.
func BenchmarkPlayMove(b *testing.B) {
	b.Run("replay", func(b *testing.B) { benchPlayMove(b, benchBoard+"log: \""+benchLog+"\"\n", "n:@0:main2") })
	b.Run("menus", func(b *testing.B) { benchPlayMove(b, benchBoard, "a:e1:1") })
	b.Run("long", func(b *testing.B) {
		// 150 moves: the turns go by, a step at a time.
		g, err := play.Load(context.Background(), []byte(benchBoard), testutil.ChatCardsIndex(b), sim.UserLimits())
		if err != nil {
			b.Fatal(err)
		}
		for range 150 {
			var next *engine.Action
			for _, a := range g.Legal() {
				if a.Kind == engine.ActionAdvance {
					next = &a
					break
				}
			}
			if g, err = g.Play(context.Background(), *next); err != nil {
				b.Fatal(err)
			}
		}
		legal := g.Legal()
		benchPlayMove(b, string(g.Text()), g.Token(legal[len(legal)-2]))
	})
}

func benchPlayMove(b *testing.B, board, move string) {
	ix := testutil.ChatCardsIndex(b)
	g, err := play.Load(context.Background(), []byte(board), ix, sim.UserLimits())
	if err != nil {
		b.Fatal(err)
	}
	text := g.Text()
	next, err := g.Play(context.Background(), mustToken(b, g, move))
	if err != nil {
		b.Fatal(err)
	}
	offered := len(next.Legal())
	discordtest.NewREST(b, nil)
	c := &cdn{files: map[string][]byte{"/a/1/play.yaml": text}}
	r := newRig(b, func(rc *rigConfig) {
		rc.rateBurst = 1 << 30
		rc.fetch = NewFetcher(Config{}, &http.Client{Transport: c})
		rc.index = ix
	})
	r.e.replays = newReplayCache(0)
	body := func(i int) []byte {
		b, _ := json.Marshal(map[string]any{"id": strconv.Itoa(i), "application_id": "2", "token": "bench", "version": 1, "type": 3,
			"channel_id": "4", "locale": "fr", "user": map[string]any{"id": "5", "username": "bench"},
			"data": map[string]any{"custom_id": "y:fr:" + play.HashText(text) + ":0", "component_type": 3, "values": []string{move}},
			"message": map[string]any{"id": "6", "channel_id": "4", "flags": 64, "attachments": []any{
				map[string]any{"id": "1", "filename": "play.yaml", "size": len(text), "url": "https://cdn.discordapp.com/a/1/play.yaml"}}}})
		return b
	}
	var ack time.Duration
	i := 0
	for b.Loop() {
		i++
		start := time.Now()
		w := httptest.NewRecorder()
		r.mux.ServeHTTP(w, signed(b, r.priv, body(i), time.Now()))
		ack += time.Since(start)
		if got := discordtest.TypeOf(w.Body.Bytes()); got != discordtest.TypeDeferredUpdate {
			b.Fatalf("reply type %d: %s", got, w.Body)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		r.e.Wait(ctx)
		cancel()
	}
	b.ReportMetric(float64(ack.Microseconds())/1000/float64(i), "ack-ms")
	b.ReportMetric(float64(offered), "moves-offered")
	b.ReportMetric(float64(len(next.Moves)), "moves-made")
	if strings.Contains(r.log.String(), `"level":"ERROR"`) {
		b.Fatalf("errors: %s", r.log.String())
	}
}

func mustToken(b *testing.B, g *play.Game, tok string) engine.Action {
	a, err := g.Move(tok)
	if err != nil {
		b.Fatal(err)
	}
	return a
}
