package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"arbiter/cmd/bot/internal/board"
	"arbiter/engine"
	"arbiter/i18n"
)

// boardImage serves /sim/{preset}/{step}.png and .svg: the board after a
// step (0: before the first action).
func (w *Pages) boardImage(rw http.ResponseWriter, r *http.Request) {
	file := r.PathValue("file")
	stem, ext, _ := strings.Cut(file, ".")
	n, err := strconv.Atoi(stem)
	fail := func(status int, key i18n.Key, args ...any) {
		lang := w.pageLang(r)
		setHeaders(rw.Header(), 0)
		http.Error(rw, w.cat.Printer(lang).T(key, args...), status)
	}
	if err != nil || n < 0 || strconv.Itoa(n) != stem || (ext != "png" && ext != "svg") {
		fail(http.StatusNotFound, i18n.KeyWebErrBadStep, file)
		return
	}
	res, err := runPreset(r.PathValue("preset"))
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
	if ext == "png" {
		body, err = board.FramePNG(f)
		ctype = "image/png"
	} else {
		p := w.cat.Printer(w.pageLang(r))
		body = []byte(board.SVG(board.LayOut(f.State, n, board.LocalWords(p)), "b"))
		ctype = "image/svg+xml; charset=utf-8"
	}
	if err != nil {
		w.log.Error("board", "path", r.URL.Path, "err", err)
		fail(http.StatusInternalServerError, i18n.KeyWebErrInternal)
		return
	}
	setHeaders(rw.Header(), w.cfg.CacheSeconds)
	rw.Header().Set("Content-Type", ctype)
	if ext == "svg" {
		rw.Header().Set("Vary", "Accept-Language, Accept-Encoding")
		writeBody(rw, r, http.StatusOK, body)
		return
	}
	rw.Header().Set("Content-Length", fmt.Sprint(len(body)))
	rw.Write(body)
}
