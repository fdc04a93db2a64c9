package main

import (
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"arbiter/cmd/bot/internal/board"
	"arbiter/cmd/bot/internal/preset"
	"arbiter/cmd/bot/internal/render"
	"arbiter/engine"
	"arbiter/i18n"
	"arbiter/kb"
)

// simIndexData lists the presets.
type simIndexData struct {
	Presets []simLink
}

type simLink struct {
	Href, Name, Title, Game string
}

// simIndex serves /sim/: the preset scenarios.
func (w *webPages) simIndex(r *http.Request, ix *kb.Index, pg *page) (string, error) {
	var d simIndexData
	for _, p := range engine.Presets() {
		d.Presets = append(d.Presets, simLink{Href: pg.Href("/sim/" + p.Name), Name: p.Name,
			Title: render.PresetTitle(p.Title, pg.p.Lang()), Game: pg.p.T(i18n.Key("web.game." + p.Game))})
	}
	pg.Title = pg.p.T(i18n.KeyWebSimIndex)
	pg.Data = d
	return "sims", nil
}

// simData is the content of a simulation page.
type simData struct {
	Name     string
	Game     string
	Initial  simStep
	Steps    []simStep
	Checks   []simCheck
	OK       bool
	Verdict  string
	RunError string
}

// simStep is one action of a run with the board after it.
type simStep struct {
	N       int
	Action  string
	Events  []simEvent
	Board   template.HTML
	PNGHref string
	SVGHref string
}

// simEvent is one event line: what happened and the rule that says so.
type simEvent struct {
	Text     string
	Rule     string
	RuleHref string
}

type simCheck struct {
	Text, Detail string
	OK           bool
}

// runPreset loads and runs a preset; a name that is no preset is a 404.
func runPreset(name string) (*engine.Result, error) {
	res, err := preset.Run(name)
	var unknown *preset.UnknownError
	switch {
	case errors.As(err, &unknown):
		return nil, notFound(i18n.KeyWebErrUnknownPreset, name)
	case err != nil:
		return nil, internalError(err)
	}
	return res, nil
}

// sim serves /sim/{preset}: the run step by step, each step with its
// events, their rules and the board after it.
func (w *webPages) sim(r *http.Request, ix *kb.Index, pg *page) (string, error) {
	name := r.PathValue("preset")
	res, err := runPreset(name)
	if err != nil {
		return "", err
	}
	ctx := r.Context()
	words := board.LocalWords(pg.p)
	d := simData{Name: name, Game: pg.p.T(i18n.Key("web.game." + res.Game)), OK: res.OK}
	base := "/sim/" + name + "/"
	d.Initial = simStep{N: 0, Board: board.SVG(board.LayOut(res.Initial, 0, words), "b0"),
		PNGHref: base + "0.png", SVGHref: pg.Href(base + "0.svg")}
	known := map[string]bool{}
	ruleHref := func(rule string) string {
		if rule == "" || strings.HasPrefix(rule, "ygo") {
			return ""
		}
		ok, seen := known[rule]
		if !seen {
			_, ok = ix.Doc(ctx, "cr:"+rule)
			known[rule] = ok
		}
		if !ok {
			return ""
		}
		return pg.Href("/rules/" + rule)
	}
	for i, f := range res.Frames {
		n := i + 1
		st := simStep{N: n, Action: f.Action, PNGHref: base + strconv.Itoa(n) + ".png", SVGHref: pg.Href(base + strconv.Itoa(n) + ".svg"),
			Board: board.SVG(board.LayOut(f.State, n, words), "b"+strconv.Itoa(n))}
		for _, ev := range f.Events {
			st.Events = append(st.Events, simEvent{Text: render.EventText(pg.p, res, ev), Rule: render.RuleLabel(pg.p, ev.Rule), RuleHref: ruleHref(ev.Rule)})
		}
		d.Steps = append(d.Steps, st)
	}
	failed := 0
	for _, c := range res.Expectations {
		d.Checks = append(d.Checks, simCheck{Text: c.Check, Detail: c.Detail, OK: c.OK})
		if !c.OK {
			failed++
		}
	}
	if failed == 0 {
		d.Verdict = pg.p.T(i18n.KeyWebSimAllOK, len(d.Checks))
	} else {
		d.Verdict = pg.p.T(i18n.KeyWebSimFailed, failed)
	}
	pg.Title = render.PresetTitle(res.Title, pg.p.Lang())
	pg.Data = d
	return "sim", nil
}

// boardImage serves /sim/{preset}/{step}.png and .svg: the board after a
// step (0: before the first action).
func (w *webPages) boardImage(rw http.ResponseWriter, r *http.Request) {
	file := r.PathValue("file")
	stem, ext, _ := strings.Cut(file, ".")
	n, err := strconv.Atoi(stem)
	fail := func(status int, key i18n.Key, args ...any) {
		lang := w.pageLang(r)
		webHeaders(rw.Header(), 0)
		http.Error(rw, w.s.cat.Printer(lang).T(key, args...), status)
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
		w.s.log.Error("board", "path", r.URL.Path, "err", err)
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
		p := w.s.cat.Printer(w.pageLang(r))
		body = []byte(board.SVG(board.LayOut(f.State, n, board.LocalWords(p)), "b"))
		ctype = "image/svg+xml; charset=utf-8"
	}
	if err != nil {
		w.s.log.Error("board", "path", r.URL.Path, "err", err)
		fail(http.StatusInternalServerError, i18n.KeyWebErrInternal)
		return
	}
	webHeaders(rw.Header(), w.s.cfg.web.cacheSeconds)
	rw.Header().Set("Content-Type", ctype)
	if ext == "svg" {
		rw.Header().Set("Vary", "Accept-Language, Accept-Encoding")
		writeBody(rw, r, http.StatusOK, body)
		return
	}
	rw.Header().Set("Content-Length", fmt.Sprint(len(body)))
	rw.Write(body)
}
