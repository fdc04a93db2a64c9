package play

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"strings"
	"sync"
	"testing"

	"arbiter/cmd/bot/internal/sim"
	"arbiter/cmd/bot/internal/testutil"
	"arbiter/engine"
	"arbiter/i18n"
	"arbiter/kb"
)

// playCards are the cards of the tests of games: spells, a legend, a
// creature with an activated ability, an Aura.
var playCards = []string{"Serra Angel", "Shock", "Teferi's Protection", "Oubliette", "Giant Growth", "Rainbow Efreet",
	"Llanowar Elves", "Pacifism", "Sapphire Charm", "Wrath of God", "Lightning Bolt"}

// playIndex indexes playCards in memory (cards only, without the
// embedded corpus: the games read their cards, nothing else), once per
// test binary.
func playIndex(t testing.TB) *kb.Index {
	t.Helper()
	lines := testutil.CardLines(t, playCards...)
	ix, err := playIndexOnce(lines)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

var playIndexOnce = func() func([]byte) (*kb.Index, error) {
	var once sync.Once
	var ix *kb.Index
	var err error
	return func(lines []byte) (*kb.Index, error) {
		once.Do(func() {
			c := kb.NewCollection()
			if err = c.AddCards("cards.jsonl", bytes.NewReader(lines)); err != nil {
				return
			}
			if err = c.Finish(); err != nil {
				return
			}
			ix, err = kb.NewMem(context.Background(), c)
		})
		return ix, err
	}
}()

// combatBoard is a board in the declare attackers step after Bob's Angel
// attacked: Alice holds Shock and Giant Growth.
const combatBoard = `game: mtg
players: [Alice, Bob]
start: {turn: 3, active: Bob, step: begin_combat}
permanents:
  - {id: angel, card: Serra Angel, power: 4, toughness: 4, controller: Bob}
  - {id: elves, card: Llanowar Elves, power: 1, toughness: 1, controller: Alice}
  - {id: efreet, card: Rainbow Efreet, power: 3, toughness: 1, controller: Alice}
hand:
  - cast: {id: shock, card: Shock, controller: Alice}
  - cast: {id: growth, card: Giant Growth, controller: Alice}
  - cast: {id: pacifism, card: Pacifism, controller: Bob}
`

func loadGame(t testing.TB, src string) *Game {
	t.Helper()
	g, err := Load(context.Background(), []byte(src), playIndex(t), sim.UserLimits())
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return g
}

// TestMovesRoundTrip: every move offered, on every board a game passes
// through, is written as a token that reads back as the same action, and
// the log of the game reads back as its moves.
func TestMovesRoundTrip(t *testing.T) {
	g := loadGame(t, combatBoard)
	ctx := context.Background()
	for step := 0; step < 12; step++ {
		legal := g.Legal()
		if len(legal) == 0 {
			break
		}
		for _, a := range legal {
			tok := g.Token(a)
			if len(tok) > maxToken || strings.ContainsAny(tok, " /?&#%") {
				t.Errorf("token %q: not a short value a custom_id and a URL carry", tok)
			}
			back, err := g.Move(tok)
			if err != nil {
				t.Fatalf("token %q: %v", tok, err)
			}
			if !reflect.DeepEqual(back, a) {
				t.Errorf("token %q reads %+v, want %+v", tok, back, a)
			}
		}
		next, err := g.Play(ctx, legal[step%len(legal)])
		if err != nil {
			t.Fatal(err)
		}
		g = next
	}
	again, err := Load(ctx, g.Text(), playIndex(t), sim.UserLimits())
	if err != nil {
		t.Fatalf("load the game's text: %v\n%s", err, g.Text())
	}
	if again.Log() != g.Log() || !reflect.DeepEqual(again.State(), g.State()) {
		t.Errorf("the game's text plays to another game:\n%s", g.Text())
	}
}

// TestForgedMoves: a move the rules forbid, sent as a token, is refused
// with its rule, and the game stays as it was.
func TestForgedMoves(t *testing.T) {
	g := loadGame(t, combatBoard)
	ctx := context.Background()
	attack, err := g.Move("k:angel:@0")
	if err != nil {
		t.Fatal(err)
	}
	g, err = g.Play(ctx, attack)
	if err != nil {
		t.Fatal(err)
	}
	cat := testutil.Catalog(t)
	tests := []struct {
		name, tok, rule string
		key             string // a word of the English refusal
	}{
		{"a flyer blocked by a creature without flying or reach", "b:elves:angel", "702.9b", "block"},
		{"a sorcery-speed spell in combat", "c:pacifism::angel", "307.1", "cast"},
		{"a second declaration of attackers", "k:efreet:@1", "508.1", "attack"},
		{"a spell cast again", "", "601.2a", "cast"},
		{"an ability that is none", "a:elves:3", "", "ability"},
	}
	shocked, err := g.Play(ctx, mustMove(t, g, "c:shock::angel"))
	if err != nil {
		t.Fatal(err)
	}
	shocked, err = shocked.Play(ctx, mustMove(t, shocked, "r"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			game, tok := g, tt.tok
			if tok == "" {
				game, tok = shocked, "c:shock::angel"
			}
			a, err := game.Move(tok)
			if err != nil {
				t.Fatalf("token %q: %v", tok, err)
			}
			_, err = game.Play(ctx, a)
			r, ok := IsRefusal(err)
			if !ok {
				t.Fatalf("%q played: %v", tok, err)
			}
			e, _ := engine.AsError(r.Err)
			if tt.rule != "" && (e == nil || e.Rule != tt.rule) {
				t.Errorf("refused by %v, want rule %s", r.Err, tt.rule)
			}
			for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
				msg := RefusalText(cat.Printer(l), game, r)
				if strings.Contains(msg, "!") && strings.Contains(msg, "!play.") || tt.rule != "" && !strings.Contains(msg, tt.rule) {
					t.Errorf("%s: %q does not say the rule %s", l, msg, tt.rule)
				}
			}
			for _, o := range game.Legal() {
				if game.Token(o) == tok {
					t.Errorf("%q is offered", tok)
				}
			}
		})
	}
}

func mustMove(t testing.TB, g *Game, tok string) engine.Action {
	t.Helper()
	a, err := g.Move(tok)
	if err != nil {
		t.Fatalf("token %q: %v", tok, err)
	}
	return a
}

// TestUndo: Undo takes the last move back, Start again all of them.
func TestUndo(t *testing.T) {
	g := loadGame(t, combatBoard)
	ctx := context.Background()
	start := g.State()
	g, _ = g.Play(ctx, mustMove(t, g, "k:angel:@0"))
	mid := g.State()
	g, _ = g.Play(ctx, mustMove(t, g, "c:growth::efreet"))
	back, err := g.Undo(ctx)
	if err != nil || !reflect.DeepEqual(back.State(), mid) || back.Log() != "k:angel:@0" {
		t.Errorf("undo: %v, log %q", err, back.Log())
	}
	first, err := g.Restart(ctx)
	if err != nil || !reflect.DeepEqual(first.State(), start) || first.Log() != "" {
		t.Errorf("restart: %v, log %q", err, first.Log())
	}
}

// TestBoardText covers the board's text: hand and log read apart from
// the scenario, on the lines written, and its errors.
func TestBoardText(t *testing.T) {
	ix := playIndex(t)
	ctx := context.Background()
	tests := []struct {
		name string
		src  string
		want error
		line int // the engine's error line
	}{
		{"actions", "game: mtg\nplayers: [Alice, Bob]\nactions:\n  - advance: {player: Bob, step: upkeep}\n", ErrHasActions, 0},
		{"two log lines", "game: mtg\nplayers: [Alice, Bob]\nlog: \"r\"\nlog: \"r\"\n", ErrBadLogLine, 0},
		{"a log that is none", "game: mtg\nplayers: [Alice, Bob]\nlog: \"hello world\"\n", ErrBadLog, 0},
		{"a bad quote", "game: mtg\nplayers: [Alice, Bob]\nlog: \"r\n", ErrBadLogLine, 0},
		{"an unknown card in hand", "game: mtg\nplayers: [Alice, Bob]\n# a comment\nhand:\n  - cast: {id: x, card: No Such Card, controller: Alice}\n", nil, 5},
		{"a hand of no casts", "game: mtg\nplayers: [Alice, Bob]\nhand:\n  - advance: {player: Bob, step: upkeep}\n", nil, 4},
		{"a refused move", "game: mtg\nplayers: [Alice, Bob]\nstart: {step: main1}\nlog: \"r\"\n", nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(ctx, []byte(tt.src), ix, sim.UserLimits())
			switch {
			case err == nil:
				t.Fatal("loaded")
			case tt.want != nil && !errors.Is(err, tt.want):
				t.Fatalf("error %v, want %v", err, tt.want)
			case tt.line > 0:
				if e, ok := engine.AsError(err); !ok || e.Line != tt.line {
					t.Fatalf("error %v, want one at line %d", err, tt.line)
				}
			}
			for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
				msg := BoardError(testutil.Catalog(t).Printer(l), "board", err)
				if msg == "" || strings.Contains(msg, "!play.") || strings.Contains(msg, "!engine.") {
					t.Errorf("%s: %q", l, msg)
				}
			}
		})
	}
	g := loadGame(t, combatBoard+"log: \"k:angel:@0\"\n")
	if len(g.Moves) != 1 || len(g.Hand) != 3 || g.Hand[2].Permanent != "pacifism" {
		t.Errorf("moves %d, hand %+v", len(g.Moves), g.Hand)
	}
	if !strings.HasSuffix(string(g.Text()), "log: \"k:angel:@0\"\n") || strings.Contains(string(g.Board), "log:") {
		t.Errorf("text:\n%s", g.Text())
	}
}

// FuzzDecodeLog: whatever log a board's text holds, loading it never
// panics: it is refused (a bad log, a log line that holds none, such as
// one cut by a comment, a move refused), or it plays, and
// then the log reads back as written and every move offered next is one
// the engine allows.
func FuzzDecodeLog(f *testing.F) {
	for _, log := range []string{"", "r", "k:angel:@0", "k:angel:@0.b:efreet:angel.c:shock::angel.r", "k:angel:@0.c:growth::efreet:0",
		"n:@1:declare_attackers.n:@1:end", "a:efreet:1", "c:pacifism::angel", "b:elves~efreet:angel", "k::@0", "c:shock:2:@9:1", "....",
		"n:@0:upkeep.n:@1:upkeep.n:@0:upkeep"} {
		f.Add(log)
	}
	ix := playIndex(f)
	f.Fuzz(func(t *testing.T, log string) {
		if strings.ContainsAny(log, "\"\\\n\r") {
			return // the line holds one quoted log; these are not logs (ErrBadLogLine)
		}
		src := combatBoard + "log: \"" + log + "\"\n"
		g, err := Load(context.Background(), []byte(src), ix, sim.UserLimits())
		if err != nil {
			if _, ok := IsRefusal(err); !ok && !errors.Is(err, ErrBadLog) && !errors.Is(err, ErrLongLog) && !errors.Is(err, ErrBadLogLine) {
				t.Fatalf("log %q: %v", log, err)
			}
			return
		}
		if g.Log() != log {
			t.Fatalf("log %q reads back as %q", log, g.Log())
		}
		for _, a := range g.Legal() {
			if err := engine.Allowed(g.State(), g.Hand, g.last(), a); err != nil {
				t.Fatalf("log %q: %s offered, refused: %v", log, g.Token(a), err)
			}
		}
	})
}

// FuzzGuess: whatever a question says of the cards it names, guessing
// its board never panics, and a board that starts offers only moves the
// engine allows, each of which plays.
func FuzzGuess(f *testing.F) {
	seeds := []struct {
		q, lang string
		cards   string
	}{
		{"Can I Shock my opponent's Serra Angel when it blocks?", "en", "Shock|Serra Angel"},
		{"Protection de Téfeiri : mes jetons survivent-ils à la Colère de Dieu ?", "fr", "Teferi's Protection|Wrath of God"},
		{"相手の土牢が戦場を離れたら自分のクリーチャーはタップ状態で戻る？", "ja", "Oubliette"},
		{"my opponent casts Pacifism on my phased-out creature with flying and 2 +1/+1 counters at 3 life", "en", "Pacifism"},
		{"l'adversaire attaque avec son Ange de Serra, je bloque avec mes Elfes de Llanowar et je lance Croissance gigantesque", "fr", "Serra Angel|Llanowar Elves|Giant Growth"},
		{"Rainbow Efreet untap upkeep end step draw step my turn their turn equipment token", "en", "Rainbow Efreet|Sapphire Charm"},
	}
	for _, s := range seeds {
		f.Add(s.q, s.lang, s.cards)
	}
	ix := playIndex(f)
	cat := testutil.Catalog(f)
	f.Fuzz(func(t *testing.T, q, lang, cards string) {
		l, ok := i18n.ParseLang(lang)
		if !ok || len(q) > kb.MaxQueryLen*4 {
			return
		}
		var names []string
		for _, n := range strings.Split(cards, "|") {
			if n != "" {
				names = append(names, n)
			}
		}
		p := cat.Printer(l)
		s, g, err := FromQuestion(context.Background(), ix, Question{Text: q, Lang: l, Cards: names}, p)
		if err != nil {
			var nm *NotModelled
			if !errors.Is(err, ErrNoCards) && !errors.As(err, &nm) {
				t.Fatalf("%q %v: %v\n%s", q, names, err, s.Text(p))
			}
			return
		}
		s.GuessLines(p, g)
		for _, a := range g.Legal() {
			if err := engine.Allowed(g.State(), g.Hand, g.last(), a); err != nil {
				t.Fatalf("%q: %s offered, refused: %v", q, g.Token(a), err)
			}
			if _, err := g.Play(context.Background(), a); err != nil {
				t.Fatalf("%q: %s offered, does not play: %v", q, g.Token(a), err)
			}
		}
	})
}
