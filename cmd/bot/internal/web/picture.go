package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"arbiter/cmd/bot/internal/board"
	"arbiter/cmd/bot/internal/play"
	"arbiter/cmd/bot/internal/render"
	"arbiter/cmd/bot/internal/sim"
	"arbiter/engine"
	"arbiter/i18n"
)

// runOf runs the scenario a picture's request names.
type runOf func(ctx context.Context, ix Index, r *http.Request) (*engine.Result, error)

// boardImage serves /sim/{preset}/{step}.png and .svg: the board after a
// step (0: before the first action).
func (w *Pages) boardImage(rw http.ResponseWriter, r *http.Request) {
	w.picture(rw, r, func(ctx context.Context, ix Index, r *http.Request) (*engine.Result, error) {
		_, res, err := runPreset(ctx, ix, r.PathValue("preset"))
		return res, err
	})
}

// playImage serves /sim/play/{step}.png and .svg?s=: the board of the
// scenario the link holds.
func (w *Pages) playImage(rw http.ResponseWriter, r *http.Request) {
	w.picture(rw, r, func(ctx context.Context, ix Index, r *http.Request) (*engine.Result, error) {
		src, err := sim.Decode(r.URL.Query().Get("s"), sim.UserLimits().MaxBytes)
		if err != nil {
			return nil, notFound(i18n.KeyWebErrBadCode)
		}
		if q := r.URL.Query(); q.Has("log") || isBoard(src) {
			// A board to play: the board after the moves.
			var g *play.Game
			if q.Has("log") {
				g, err = loadGame(ctx, ix, src, q.Get("log"), w.simLimits())
			} else {
				g, err = play.Load(ctx, src, ix, w.simLimits())
			}
			if err != nil {
				return nil, notFound(i18n.KeyWebErrBadCode)
			}
			return g.Result, nil
		}
		_, res, err := sim.Play(ctx, src, "", ix, w.simLimits())
		if err != nil {
			return nil, notFound(i18n.KeyWebErrBadCode)
		}
		return res, nil
	})
}

// picture serves the board after a step of the run that run gives, as a
// PNG or an SVG, in the page's language.
func (w *Pages) picture(rw http.ResponseWriter, r *http.Request, run runOf) {
	file := r.PathValue("file")
	stem, ext, _ := strings.Cut(file, ".")
	n, err := strconv.Atoi(stem)
	lang := w.pageLang(r)
	fail := func(status int, key i18n.Key, args ...any) {
		setHeaders(rw.Header(), 0)
		http.Error(rw, w.cat.Printer(lang).T(key, args...), status)
	}
	if err != nil || n < 0 || strconv.Itoa(n) != stem || (ext != "png" && ext != "svg") {
		fail(http.StatusNotFound, i18n.KeyWebErrBadStep, file)
		return
	}
	ix, release := w.index()
	res, err := run(r.Context(), ix, r)
	release()
	if err != nil {
		var we *webError
		if errors.As(err, &we) && we.Status == http.StatusNotFound {
			fail(http.StatusNotFound, we.Key, we.Args...)
			return
		}
		w.log.Error("board", "path", r.URL.Path, "err", err)
		fail(http.StatusInternalServerError, i18n.KeyWebErrInternal)
		return
	}
	if n > len(res.Frames) {
		fail(http.StatusNotFound, i18n.KeyWebErrBadStep, file)
		return
	}
	f := engine.Frame{Index: -1, State: res.Initial}
	if n > 0 {
		f = res.Frames[n-1]
	}
	var body []byte
	var ctype string
	p := w.cat.Printer(lang)
	words := board.LocalWords(p).Named(render.BoardNames(p, res))
	if ext == "png" {
		body, err = board.StatePNG(f.State, n, words)
		ctype = "image/png"
	} else {
		body = []byte(board.SVG(board.LayOut(f.State, n, words), "b"))
		ctype = "image/svg+xml; charset=utf-8"
	}
	if err != nil {
		w.log.Error("board", "path", r.URL.Path, "err", err)
		fail(http.StatusInternalServerError, i18n.KeyWebErrInternal)
		return
	}
	setHeaders(rw.Header(), w.cfg.CacheSeconds)
	rw.Header().Set("Content-Type", ctype)
	rw.Header().Set("Vary", "Accept-Language, Accept-Encoding")
	if ext == "svg" {
		writeBody(rw, r, http.StatusOK, body)
		return
	}
	rw.Header().Set("Content-Length", fmt.Sprint(len(body)))
	rw.Write(body)
}
