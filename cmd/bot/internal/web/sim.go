package web

import (
	"errors"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"arbiter/cmd/bot/internal/board"
	"arbiter/cmd/bot/internal/preset"
	"arbiter/cmd/bot/internal/render"
	"arbiter/engine"
	"arbiter/i18n"
)

// simIndexData lists the presets.
type simIndexData struct {
	Presets []simLink
}

type simLink struct {
	Href, Name, Title, Game string
}

// simIndex serves /sim/: the preset scenarios.
func (w *Pages) simIndex(r *http.Request, ix Index, pg *page) (string, error) {
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
func (w *Pages) sim(r *http.Request, ix Index, pg *page) (string, error) {
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
