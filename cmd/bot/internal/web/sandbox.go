package web

import (
	"bytes"
	"context"
	"html/template"
	"net/http"
	"net/url"
	"strconv"

	"arbiter/cmd/bot/internal/board"
	"arbiter/cmd/bot/internal/play"
	"arbiter/cmd/bot/internal/render"
	"arbiter/cmd/bot/internal/sim"
	"arbiter/engine"
)

// The sandbox of /sim/play: a board to play (a scenario whose hand lists
// the spells the players hold, see package play), played a move at a
// time. The link holds the board (?s=, as for any scenario) and the
// moves made (?log=); each move offered is a link with one move more, so
// the page needs no script and the server keeps nothing. It is the
// page the Share link of a game on Discord opens, and where an answer's
// "Play it out" leads.

// gameData is a game on the scenario page.
type gameData struct {
	Title     string
	Board     template.HTML
	PNGHref   string
	Moves     []gameMove // the moves offered
	Last      string     // the last move in words
	Events    []simEvent // its events with their rules
	Winner    string
	Hand      []string // the spells each player still holds
	UndoHref  string
	StartHref string
	Share     string
	N         int
}

// gameMove is a move offered, as a link.
type gameMove struct {
	Label, Href, Rule string
}

// isBoard tells a scenario's text that is a board to play: it has a
// hand or a log line at its top level.
func isBoard(src []byte) bool {
	for _, l := range bytes.Split(src, []byte("\n")) {
		if bytes.HasPrefix(l, []byte("hand:")) || bytes.HasPrefix(l, []byte("log:")) {
			return true
		}
	}
	return false
}

// gamePage fills the scenario page with the game of a board: src is the
// board (from the link's code), log the link's moves (hasLog: the link
// gives them; else the board's own log line does).
func (w *Pages) gamePage(r *http.Request, ix Index, pg *page, src []byte, code, log string, hasLog bool) string {
	d := w.playForm(pg, play.WithoutComments(withoutLogLine(src)))
	where := pg.p.T("play.board")
	var g *play.Game
	var err error
	if hasLog {
		g, err = loadGame(r.Context(), ix, src, log, w.simLimits())
	} else if g, err = play.Load(r.Context(), src, ix, w.simLimits()); err == nil {
		code, err = sim.Encode(g.Board)
	}
	if err != nil {
		pg.Status = http.StatusBadRequest
		d.Error = play.BoardError(pg.p, where, err)
		pg.Data = d
		return "play"
	}
	d.Game = w.gameData(r.Context(), ix, pg, g, code)
	d.Share = d.Game.Share
	pg.Data = d
	return "play"
}

// loadGame loads the board src with the moves of log (the link's, in
// place of the board's own log line).
func loadGame(ctx context.Context, ix Index, src []byte, log string, lim sim.Limits) (*play.Game, error) {
	text := withoutLogLine(src)
	if log != "" {
		if !bytes.HasSuffix(text, []byte("\n")) {
			text = append(text, '\n')
		}
		text = append(text, []byte("log: "+strconv.Quote(log)+"\n")...)
	}
	return play.Load(ctx, text, ix, lim)
}

// withoutLogLine is a board's text without its log line.
func withoutLogLine(src []byte) []byte {
	var b bytes.Buffer
	for _, l := range bytes.SplitAfter(src, []byte("\n")) {
		if !bytes.HasPrefix(l, []byte("log:")) {
			b.Write(l)
		}
	}
	return b.Bytes()
}

// gameHref is the page of the board code after the moves of log.
func gameHref(pg *page, code, log string) string {
	return pg.Href("/sim/play?s=" + url.QueryEscape(code) + "&log=" + url.QueryEscape(log))
}

// gameData lays a game out for the page: the board after the last move,
// that move and its events, the moves offered as links, Undo and Start
// again.
func (w *Pages) gameData(ctx context.Context, ix Index, pg *page, g *play.Game, code string) *gameData {
	p := pg.p
	res := g.Result
	n := len(g.Moves)
	face, full := render.BoardNames(p, res)
	d := &gameData{N: n, Title: render.PresetTitle(res.Title, p.Lang()),
		Board:   board.SVG(board.LayOut(g.State(), n, board.LocalWords(p).Named(face, full)), "game"),
		PNGHref: pg.Href("/sim/play/" + strconv.Itoa(n) + ".png?s=" + url.QueryEscape(code) + "&log=" + url.QueryEscape(g.Log())),
		Share:   gameHref(pg, code, g.Log()), Winner: res.Final.Winner, Hand: g.HandLines(p)}
	if n > 0 {
		d.Last = p.T("play.move", n, play.MoveText(p, res, stateBefore(g, n-1), g.Moves[n-1]))
		known := map[string]bool{}
		for _, ev := range res.Frames[n-1].Events {
			href := ""
			if ev.Rule != "" {
				ok, seen := known[ev.Rule]
				if !seen {
					_, ok = ix.Doc(ctx, "cr:"+ev.Rule)
					known[ev.Rule] = ok
				}
				if ok {
					href = pg.Href("/rules/" + ev.Rule)
				}
			}
			d.Events = append(d.Events, simEvent{Text: render.EventText(p, res, ev), Rule: render.RuleLabel(p, ev.Rule), RuleHref: href})
		}
		if undo, err := g.Undo(ctx); err == nil {
			d.UndoHref = gameHref(pg, code, undo.Log())
		}
		d.StartHref = gameHref(pg, code, "")
	}
	legal := g.Legal()
	for i, o := range g.Options(p) {
		next := g.Token(legal[i])
		if g.Log() != "" {
			next = g.Log() + "." + next
		}
		d.Moves = append(d.Moves, gameMove{Label: o.Label, Href: gameHref(pg, code, next), Rule: render.RuleLabel(p, o.Rule)})
	}
	return d
}

// stateBefore is the state move i (0 on) of g was made in.
func stateBefore(g *play.Game, i int) engine.State {
	if i == 0 {
		return g.Result.Initial
	}
	return g.Result.Frames[i-1].State
}
