package chat

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"strings"

	"arbiter/cmd/bot/internal/board"
	"arbiter/cmd/bot/internal/play"
	"arbiter/cmd/bot/internal/render"
	"arbiter/cmd/bot/internal/sim"
	"arbiter/engine"
	"arbiter/i18n"
	"arbiter/kb"
)

// "Play it out": an answer whose question names cards the engine can
// model has a button that plays its board out. The game is a message:
// the board as a picture, the last move with its events and rules,
// select menus of the moves that may be made, Undo, Start again, Edit
// the board (a form with the board's text) and a link to the same game
// on the web. The game's text (the board and its log of moves) rides
// along as the message's file play.yaml; each component's custom_id
// carries the hash of that text, so that a click acts on the game it was
// made for, and no server keeps anything.

// Custom_ids of a game's components, and the names of its file and form:
//
//	y:<lang>:<hash>:<n>  select menu n: the option's value is the move
//	u:<lang>:<hash>      Undo
//	z:<lang>:<hash>      Start again
//	e:<lang>:<hash>      Edit the board: the form
//	m:play:<lang>        the form's custom_id
const (
	playMove     = "y:"
	playUndo     = "u:"
	playRestart  = "z:"
	playEdit     = "e:"
	playModal    = "m:play:"
	playFile     = "play.yaml"
	playInput    = "board"
	playMenus    = 4 // select menus at most: one row is left for the buttons
	playMaxShare = 512
)

// isPlayComponent tells a custom_id of a game's components.
func isPlayComponent(id string) bool {
	for _, p := range []string{playMove, playUndo, playRestart, playEdit} {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

// playState is what a game's custom_id says: the language, the hash of
// the game's text, and the menu's number.
type playState struct {
	kind string // playMove, playUndo, playRestart, playEdit
	lang i18n.Lang
	hash string
}

// decodePlayState reads a game's custom_id.
func decodePlayState(id string) (playState, bool) {
	kind, rest := id[:2], id[2:]
	parts := strings.Split(rest, ":")
	if len(parts) < 2 || len(parts) > 3 || len(parts[1]) != 12 {
		return playState{}, false
	}
	l, ok := i18n.ParseLang(parts[0])
	if !ok || parts[0] != l.String() {
		return playState{}, false
	}
	return playState{kind: kind, lang: l, hash: parts[1]}, true
}

// custom is a game component's custom_id.
func (s playState) custom(kind string, extra ...string) string {
	return strings.Join(append([]string{kind + s.lang.String(), s.hash}, extra...), ":")
}

// playQuestion finds the board of an answer's question: the cards the
// search read in it (res), guessed into a board and started. nil when
// there is none: the question names no card, or one the engine cannot
// model.
func (rt *Router) playQuestion(ctx context.Context, ix Index, p *i18n.Printer, q string, res *kb.Result) (*play.Setup, *play.Game, error) {
	if res == nil || res.Game == "ygo" {
		return nil, nil, play.ErrNoCards
	}
	// The question is read in its own language, the board named in the
	// reply's.
	return play.FromQuestion(ctx, ix, play.Question{Text: q, Lang: i18n.Detect(q), Cards: res.Cards}, p)
}

// playButton is the "Play it out" button of an answer to q, when its
// board can be played.
func (rt *Router) playButton(ctx context.Context, ix Index, p *i18n.Printer, q string, res *kb.Result) (Button, bool) {
	if _, _, err := rt.playQuestion(ctx, ix, p, q, res); err != nil {
		return Button{}, false
	}
	st := replyState{Action: actGame, Cmd: "ruling", Lang: p.Lang(), Arg: q}
	return Button{Label: p.T(i18n.KeyPlayButton), Style: StylePrimary, CustomID: st.encode()}, true
}

// playOut answers the "Play it out" button of an answer: the question's
// board, its guesses, and the moves that may be made. On an answer for
// the user alone the game replaces it; on one for everyone, it comes to
// the clicker alone.
func (rt *Router) playOut(ctx context.Context, ix Index, req Request, st replyState) (Response, error) {
	p := rt.printer(st.Lang)
	q := strings.TrimSpace(st.Arg)
	if q == "" {
		return Response{}, userErr(i18n.KeyDiscordBadButton)
	}
	res, err := ix.Search(ctx, kb.Query{Text: q, Lang: st.Lang.String(), K: 1})
	if err != nil {
		return Response{}, err
	}
	s, g, err := rt.playQuestion(ctx, ix, p, q, res)
	if err != nil {
		return Response{}, rt.noBoard(p, err)
	}
	r, err := rt.gameMessage(p, g, s)
	r.Ephemeral, r.Update = true, req.FromEphemeral
	return r, err
}

// noBoard is the error of a question that has no board to play.
func (rt *Router) noBoard(p *i18n.Printer, err error) error {
	var nm *play.NotModelled
	switch {
	case errors.As(err, &nm):
		return userErr(i18n.KeyPlayNoBoard, escapeText(render.ScenarioErrorMessage(p, nm.Card, nm.Err)))
	case errors.Is(err, play.ErrNoCards):
		return userErr(i18n.KeyPlayNoBoard, escapeText(p.T(i18n.KeyPlayNoCards)))
	}
	rt.log.Warn("board of a question", "err", err)
	return userErr(i18n.KeyPlayNoBoard, escapeText(play.BoardError(p, p.T(i18n.KeyPlayBoard), err)))
}

// playClick answers a game's components: a move chosen in a menu, Undo,
// Start again, each replacing the message with the game after it; Edit
// the board, the form holding the board's text. A move the rules forbid
// is refused with its rule, to the clicker alone, and the game stays.
func (rt *Router) playClick(ctx context.Context, ix Index, req Request) (Response, error) {
	ps, ok := decodePlayState(req.CustomID)
	if !ok {
		return Response{}, userErr(i18n.KeyDiscordBadButton)
	}
	p := rt.printer(ps.lang)
	r, err := rt.playMove(ctx, ix, p, req, ps)
	if userFacing(err) {
		// In the game's language, whoever clicks.
		return errorResponse(p, err), nil
	}
	return r, err
}

// playMove is playClick once the game's language is known.
func (rt *Router) playMove(ctx context.Context, ix Index, p *i18n.Printer, req Request, ps playState) (Response, error) {
	g, err := rt.gameOf(ctx, ix, p, req, ps.hash)
	if err != nil {
		return Response{}, err
	}
	switch ps.kind {
	case playEdit:
		return Response{Modal: &Modal{CustomID: playModal + ps.lang.String(), Title: p.T(i18n.KeyPlayEditTitle), Inputs: []TextInput{{
			CustomID: playInput, Label: p.T(i18n.KeyPlayEditLabel), Paragraph: true, Required: true, MinLength: 10,
			MaxLength: simModalMax, Value: Clip(string(g.Board), simModalMax),
		}}}}, nil
	case playUndo:
		g, err = g.Undo(ctx)
	case playRestart:
		g, err = g.Restart(ctx)
	case playMove:
		if len(req.Values) != 1 {
			return Response{}, userErr(i18n.KeyDiscordBadButton)
		}
		var a engine.Action
		a, err = g.Chosen(req.Values[0])
		if err != nil {
			return Response{}, userErr(i18n.KeyPlayNoSuchMove)
		}
		next, perr := g.Play(ctx, a)
		if r, ok := play.IsRefusal(perr); ok {
			return Response{}, userErr(i18n.KeyPlayRefused, escapeText(play.MoveText(p, g.Result, g.State(), a)),
				escapeText(play.ReasonText(p, g.Result, r.Err)))
		}
		g, err = next, perr
	}
	if err != nil {
		return Response{}, err
	}
	r, err := rt.gameMessage(p, g, nil)
	r.Ephemeral, r.Update = req.FromEphemeral, true
	return r, err
}

// playSubmit answers the form of Edit the board: the board as edited,
// from its first move, in place of the game.
func (rt *Router) playSubmit(ctx context.Context, ix Index, req Request) (Response, error) {
	l, ok := i18n.ParseLang(strings.TrimPrefix(req.CustomID, playModal))
	if !ok {
		return Response{}, userErr(i18n.KeyDiscordBadButton)
	}
	p := rt.printer(l)
	g, err := play.Load(ctx, []byte(req.Options[playInput]), ix, sim.UserLimits())
	if err != nil {
		return Response{}, userErr(i18n.KeyDiscordSimInvalid, escapeText(play.BoardError(p, p.T(i18n.KeyPlayBoard), err)))
	}
	r, err := rt.gameMessage(p, g, nil)
	r.Ephemeral, r.Update = req.FromEphemeral, true
	return r, err
}

// gameOf reads the game of the clicked message again: its file, which
// must be the game the component was made for (hash).
func (rt *Router) gameOf(ctx context.Context, ix Index, p *i18n.Printer, req Request, hash string) (*play.Game, error) {
	a, ok := req.Attachments[playFile]
	if !ok || rt.fetch == nil {
		return nil, userErr(i18n.KeyPlayExpired)
	}
	src, err := rt.fetch.Fetch(ctx, a, sim.UserLimits().MaxBytes+4096)
	if err != nil {
		rt.log.Warn("game of a message", "err", err)
		return nil, userErr(i18n.KeyPlayExpired)
	}
	if play.HashText(src) != hash {
		return nil, userErr(i18n.KeyPlayExpired)
	}
	g, err := play.Load(ctx, src, ix, sim.UserLimits())
	if err != nil {
		return nil, userErr(i18n.KeyDiscordSimInvalid, escapeText(play.BoardError(p, p.T(i18n.KeyPlayBoard), err)))
	}
	return g, nil
}

// gameMessage is the message of a game: its title and link, the guesses
// of its board (s, at its start) or its last move, the board's picture,
// the moves in menus and the buttons.
func (rt *Router) gameMessage(p *i18n.Printer, g *play.Game, s *play.Setup) (Response, error) {
	r := g.Result
	title := p.T(i18n.KeyPlayTitlePlain)
	if q := render.PresetTitle(r.Title, p.Lang()); q != "" {
		title = p.T(i18n.KeyPlayTitle, q)
	}
	var lines []string
	if s != nil {
		lines = append(lines, "**"+escapeText(p.T(i18n.KeyPlayGuessed))+"**")
		for _, l := range s.GuessLines(p, g) {
			lines = append(lines, "• "+escapeText(l))
		}
	} else {
		for i, l := range g.MoveLines(p) {
			if i == 0 {
				l = "**" + escapeText(l) + "**"
			} else {
				l = escapeText(l)
			}
			lines = append(lines, l)
		}
	}
	opts := g.Options(p)
	menus, left := play.Menus(opts, MaxOptions, playMenus)
	lines = append(lines, "")
	for _, l := range g.HandLines(p) {
		lines = append(lines, escapeText(l))
	}
	switch {
	case len(opts) == 0:
		lines = append(lines, escapeText(p.T(i18n.KeyPlayNoMoves)))
	default:
		lines = append(lines, escapeText(p.T(i18n.KeyPlayYourMove)))
	}
	if left > 0 {
		lines = append(lines, escapeText(p.T(i18n.KeyPlayMore, left)))
	}
	n := len(g.Moves)
	st := g.State()
	png, err := board.StatePNG(st, n, board.LocalWords(p).Named(render.BoardNames(p, r)))
	if err != nil {
		return Response{}, err
	}
	img := "board-" + strconv.Itoa(n) + ".png"
	e := Embed{Title: escapeText(title), Description: strings.Join(lines, "\n"), Color: colorSim, Image: "attachment://" + img,
		Footer: render.Elide(p, p.T(i18n.KeyPlayFooter, n, st.Active, render.StepName(p, "mtg", string(st.Step))))}
	share := rt.playURL(g, p.Lang())
	if len(share) <= maxEmbedURL {
		e.URL = share
	}
	text := g.Text()
	resp := Response{Embeds: []Embed{e}, Files: []File{
		{Name: img, ContentType: "image/png", Data: png, Size: len(png)},
		{Name: playFile, ContentType: "text/yaml; charset=utf-8", Data: text, Size: len(text)},
	}}
	ps := playState{lang: p.Lang(), hash: play.HashText(text)}
	placeholder := map[int]i18n.Key{play.GroupSpells: i18n.KeyPlayMenuSpells, play.GroupCombat: i18n.KeyPlayMenuCombat, play.GroupTurn: i18n.KeyPlayMenuTurn}
	for i, m := range menus {
		sel := Select{CustomID: ps.custom(playMove, strconv.Itoa(i)), Placeholder: p.T(i18n.KeyPlayMenuAll)}
		if len(menus) > 1 {
			sel.Placeholder = p.T(placeholder[play.Group(m[0].Kind)])
		}
		for _, o := range m {
			sel.Options = append(sel.Options, SelectOption{Label: o.Label, Value: o.Value, Description: render.RuleLabel(p, o.Rule)})
		}
		resp.Menus = append(resp.Menus, sel)
	}
	row := []Button{
		{Label: p.T(i18n.KeyPlayUndo), CustomID: ps.custom(playUndo), Style: StyleSecondary, Disabled: n == 0},
		{Label: p.T(i18n.KeyPlayRestart), CustomID: ps.custom(playRestart), Style: StyleSecondary, Disabled: n == 0},
		{Label: p.T(i18n.KeyPlayEdit), CustomID: ps.custom(playEdit), Style: StyleSecondary},
	}
	if share != "" && len(share) <= playMaxShare {
		row = append(row, Button{Label: p.T(i18n.KeyPlayShare), URL: share})
	}
	resp.Buttons = [][]Button{row}
	return FitLimits(resp), nil
}

// playURL is the same game on the web page, when the pages are public:
// the board packed in s (without its comments, so that the link stays
// short enough for a link button), the log in log.
func (rt *Router) playURL(g *play.Game, lang i18n.Lang) string {
	if rt.publicURL == "" {
		return ""
	}
	code, err := sim.Encode(play.WithoutComments(g.Board))
	if err != nil {
		return ""
	}
	return httpURL(strings.TrimSuffix(rt.publicURL, "/") + "/sim/play?lang=" + lang.String() + "&s=" + code +
		"&log=" + url.QueryEscape(g.Log()))
}
