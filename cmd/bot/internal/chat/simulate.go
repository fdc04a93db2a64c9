package chat

import (
	"context"
	"errors"
	"strings"

	"arbiter/cmd/bot/internal/preset"
	"arbiter/cmd/bot/internal/render"
	"arbiter/engine"
	"arbiter/i18n"
)

// simulationPage answers /simulate: a page of a preset's trace, step by
// step, each step citing its rule.
func (rt *Router) simulationPage(ctx context.Context, c call) (Response, error) {
	p, st := c.p, c.st
	name := strings.TrimSpace(st.Arg)
	if name == "" {
		return Response{}, userErr(i18n.KeyDiscordMissingOption, "scenario")
	}
	res, err := preset.Run(name)
	var unknown *preset.UnknownError
	var failed *preset.RunError
	switch {
	case errors.As(err, &unknown):
		return Response{}, userErr(i18n.KeyDiscordUnknownPreset, escapeText(name))
	case errors.As(err, &failed):
		code := "internal"
		if e, ok := engine.AsError(failed.Err); ok {
			code = e.Code
		}
		return Response{}, userErr(i18n.KeyDiscordBadScenario, escapeText(name), code)
	case err != nil:
		return Response{}, err
	}
	title := render.PresetTitle(res.Title, st.Lang)
	trace := render.Trace(p, res)
	// The embed's title names the scenario: leave out the trace's heading lines.
	skip := 1
	if render.PresetTitle(res.Title, p.Lang()) != "" {
		skip = 2
	}
	var lines []string
	for _, l := range trace[min(skip, len(trace)):] {
		lines = append(lines, escapeText(l))
	}
	pages := paginate(lines, tracePageChars)
	if len(pages) == 0 {
		pages = []string{"\u200b"}
	}
	if st.Page >= len(pages) {
		st.Page = len(pages) - 1
	}
	e := Embed{Title: escapeText(p.T(i18n.KeyDiscordSimTitle, title)), Description: pages[st.Page], Color: colorSim}
	if rt.publicURL != "" {
		e.URL = httpURL(strings.TrimSuffix(rt.publicURL, "/") + "/sim/" + name + "?lang=" + st.Lang.String())
	}
	if len(pages) > 1 {
		e.Footer = p.T(i18n.KeyDiscordPage, st.Page+1, len(pages))
	}
	r := Response{Embeds: []Embed{e}}
	st.Arg = name
	if nav := pager(p, st, len(pages), i18n.KeyDiscordButtonNext); len(nav) > 0 {
		r.Buttons = append(r.Buttons, nav)
	}
	return r, nil
}
