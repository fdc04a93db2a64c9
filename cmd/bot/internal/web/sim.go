package web

import (
	"context"
	"errors"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"arbiter/cmd/bot/internal/board"
	"arbiter/cmd/bot/internal/render"
	"arbiter/cmd/bot/internal/sim"
	"arbiter/engine"
	"arbiter/i18n"
)

// simIndexData lists the presets.
type simIndexData struct {
	Presets  []simLink
	PlayHref string
}

type simLink struct {
	Href, Name, Title, Game string
}

// simIndex serves /sim/: the preset scenarios.
func (w *Pages) simIndex(r *http.Request, ix Index, pg *page) (string, error) {
	d := simIndexData{PlayHref: pg.Href("/sim/play")}
	for _, p := range engine.Presets() {
		d.Presets = append(d.Presets, simLink{Href: pg.Href("/sim/" + p.Name), Name: p.Name,
			Title: render.PresetTitle(sim.LocalizeTitle(r.Context(), ix, p.Title), pg.p.Lang()), Game: pg.p.T(i18n.Key("web.game." + p.Game))})
	}
	pg.Title = pg.p.T(i18n.KeyWebSimIndex)
	pg.Data = d
	return "sims", nil
}

// simData is a run shown step by step.
type simData struct {
	Name     string
	Game     string
	Initial  simStep
	Steps    []simStep
	Checks   []simCheck
	OK       bool
	Verdict  string
	EditHref string // the scenario page holding this scenario, to change it
}

// simStep is one action of a run with the board after it.
type simStep struct {
	N       int
	Action  string // the action in words
	Line    int    // its line in the scenario
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

// runPreset runs a preset with the cards of ix; a name that is no preset
// is a 404.
func runPreset(ctx context.Context, ix Index, name string) (*engine.Scenario, *engine.Result, error) {
	sc, res, err := sim.Preset(ctx, name, ix)
	switch {
	case errors.Is(err, engine.ErrUnknownPreset):
		return nil, nil, notFound(i18n.KeyWebErrUnknownPreset, name)
	case err != nil:
		return nil, nil, internalError(err)
	}
	return sc, res, nil
}

// sim serves /sim/{preset}: the run step by step, each step with its
// action in words, its events, their rules and the board after it.
func (w *Pages) sim(r *http.Request, ix Index, pg *page) (string, error) {
	name := r.PathValue("preset")
	sc, res, err := runPreset(r.Context(), ix, name)
	if err != nil {
		return "", err
	}
	d := runData(r.Context(), ix, pg, sc, res, "/sim/"+name+"/", "")
	d.Name = name
	if src, err := engine.PresetSource(name); err == nil {
		if code, err := sim.Encode(src); err == nil {
			d.EditHref = pg.Href("/sim/play?s=" + code)
		}
	}
	pg.Title = render.PresetTitle(res.Title, pg.p.Lang())
	pg.Data = d
	return "sim", nil
}

// runData lays out a run for a page: each step's action in words, events
// with links to the rules the index holds, and boards; base is the path
// of the step pictures and query what follows their file name.
func runData(ctx context.Context, ix Index, pg *page, sc *engine.Scenario, res *engine.Result, base, query string) *simData {
	face, full := render.BoardNames(pg.p, res)
	words := board.LocalWords(pg.p).Named(face, full)
	d := &simData{Name: res.Name, Game: pg.p.T(i18n.Key("web.game." + res.Game)), OK: res.OK}
	// Both pictures are drawn in the page's language (the PNG has the
	// glyphs of every language), whatever the browser asks for.
	href := func(n int, ext string) string { return pg.Href(base + strconv.Itoa(n) + "." + ext + query) }
	d.Initial = simStep{N: 0, Board: board.SVG(board.LayOut(res.Initial, 0, words), "b0"),
		PNGHref: href(0, "png"), SVGHref: href(0, "svg")}
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
		st := simStep{N: n, Action: f.Action, PNGHref: href(n, "png"), SVGHref: href(n, "svg"),
			Board: board.SVG(board.LayOut(f.State, n, words), "b"+strconv.Itoa(n))}
		if f.Index < len(sc.Actions) {
			a := sc.Actions[f.Index]
			st.Action, st.Line = render.ActionText(pg.p, res, a), a.Line
		}
		for _, ev := range f.Events {
			st.Events = append(st.Events, simEvent{Text: render.EventText(pg.p, res, ev), Rule: render.RuleLabel(pg.p, ev.Rule), RuleHref: ruleHref(ev.Rule)})
		}
		d.Steps = append(d.Steps, st)
	}
	failed := 0
	for _, c := range res.Expectations {
		d.Checks = append(d.Checks, simCheck{Text: c.Check, Detail: render.CheckDetail(pg.p, res, c), OK: c.OK})
		if !c.OK {
			failed++
		}
	}
	if failed == 0 {
		d.Verdict = pg.p.T(i18n.KeyWebSimAllOK, len(d.Checks))
	} else {
		d.Verdict = pg.p.T(i18n.KeyWebSimFailed, failed)
	}
	return d
}
