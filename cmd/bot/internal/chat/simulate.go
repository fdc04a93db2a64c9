package chat

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"path"
	"strconv"
	"strings"

	"arbiter/cmd/bot/internal/board"
	"arbiter/cmd/bot/internal/render"
	"arbiter/cmd/bot/internal/sim"
	"arbiter/engine"
	"arbiter/i18n"
)

// Fetcher fetches the file of an attachment: the Discord front end, which
// reads only Discord's attachment hosts, within a time limit. A file
// larger than max bytes is refused with ErrAttachmentSize, a file
// elsewhere than the allowed hosts with ErrAttachmentHost.
type Fetcher interface {
	Fetch(ctx context.Context, a Attachment, max int) ([]byte, error)
}

// Errors a Fetcher wraps, which users are told in their language.
var (
	ErrAttachmentHost = errors.New("chat: attachment not on an allowed host")
	ErrAttachmentSize = errors.New("chat: attachment too large")
)

// Names of the /simulate reply's files, modal and options.
const (
	simModalID     = "m:simulate" // the "paste a scenario" form
	simTextInput   = "scenario"   // its text field
	simFileOption  = "file"       // the command's attachment option
	simSourceFile  = "scenario.yaml"
	simModalMax    = 4000 // the most a text input of a modal holds
	simOverviewMax = 15   // actions listed before the first step
)

// simRun is a run a /simulate reply shows, and what it came from.
type simRun struct {
	sc  *engine.Scenario
	r   *engine.Result
	arg string // the preset's name, or "#" and the hash of src
	src []byte // the user's scenario; nil for a preset
}

// simulate answers /simulate: a preset by name, a scenario file attached,
// or, with neither, the form to paste one in.
func (rt *Router) simulate(ctx context.Context, c call) (Response, error) {
	if a, ok := c.req.Attachments[simFileOption]; ok {
		src, err := rt.attachment(ctx, a)
		if err != nil {
			return Response{}, err
		}
		return rt.playSource(ctx, c.ix, c.p, src, "", a.Filename)
	}
	name := c.req.option("scenario")
	if name == "" {
		return rt.pasteForm(c.p), nil
	}
	run, err := rt.preset(ctx, c.ix, name)
	if err != nil {
		return Response{}, err
	}
	return rt.simStep(ctx, c.ix, c.p, run, 0, false)
}

// pasteForm is the form in which a scenario is pasted.
func (rt *Router) pasteForm(p *i18n.Printer) Response {
	return Response{Modal: &Modal{CustomID: simModalID, Title: p.T(i18n.KeyDiscordSimPasteTitle), Inputs: []TextInput{{
		CustomID: simTextInput, Label: p.T(i18n.KeyDiscordSimPasteLabel), Placeholder: p.T(i18n.KeyDiscordSimPastePlaceholder),
		Paragraph: true, Required: true, MinLength: 10, MaxLength: simModalMax,
	}}}}
}

// submit answers a modal's form: the scenario pasted in the /simulate
// one, a report of an answer, or a reviewer's confirmation of a report.
func (rt *Router) submit(ctx context.Context, ix Index, req Request) (Response, error) {
	if st, ok := decodeReportModal(req.CustomID); ok {
		return rt.submitReport(ctx, ix, req, st)
	}
	if strings.HasPrefix(req.CustomID, reviewModalPrefix) {
		return rt.submitReview(ctx, ix, req)
	}
	if strings.HasPrefix(req.CustomID, playModal) {
		return rt.playSubmit(ctx, ix, req)
	}
	if req.CustomID != simModalID {
		return Response{}, userErr(i18n.KeyDiscordBadButton)
	}
	src := req.Options[simTextInput]
	p := rt.printer(req.Lang)
	return rt.playSource(ctx, ix, p, []byte(src), "", p.T(i18n.KeyDiscordSimPasted))
}

// attachment fetches an attached scenario file, after checking what its
// sender's client says of it: a text file within the size limit.
func (rt *Router) attachment(ctx context.Context, a Attachment) ([]byte, error) {
	max := sim.UserLimits().MaxBytes
	switch ext := strings.ToLower(path.Ext(a.Filename)); {
	case ext != ".yaml" && ext != ".yml" && ext != ".txt":
		return nil, userErr(i18n.KeyDiscordSimFileType, escapeText(a.Filename))
	case a.Size > max:
		return nil, userErr(i18n.KeyDiscordSimFileSize, escapeText(a.Filename), max>>10)
	case rt.fetch == nil:
		return nil, userErr(i18n.KeyDiscordSimFileFetch, escapeText(a.Filename))
	}
	src, err := rt.fetch.Fetch(ctx, a, max)
	switch {
	case errors.Is(err, ErrAttachmentHost):
		return nil, userErr(i18n.KeyDiscordSimFileHost, escapeText(a.Filename))
	case errors.Is(err, ErrAttachmentSize):
		return nil, userErr(i18n.KeyDiscordSimFileSize, escapeText(a.Filename), max>>10)
	case err != nil:
		rt.log.Warn("attachment", "file", a.Filename, "err", err)
		return nil, userErr(i18n.KeyDiscordSimFileFetch, escapeText(a.Filename))
	}
	return src, nil
}

// playSource plays a user's scenario and shows its first step; name is
// its name when the scenario gives none, where names it in errors (the
// file's name, or "the pasted scenario").
func (rt *Router) playSource(ctx context.Context, ix Index, p *i18n.Printer, src []byte, name, where string) (Response, error) {
	run, err := rt.custom(ctx, ix, p, src, name, where)
	if err != nil {
		return Response{}, err
	}
	return rt.simStep(ctx, ix, p, run, 0, false)
}

// custom parses and runs a user's scenario within the user limits, with
// the real cards of ix; an invalid one is an error naming the line and
// the problem in the user's language.
func (rt *Router) custom(ctx context.Context, ix Index, p *i18n.Printer, src []byte, name, where string) (*simRun, error) {
	lim := sim.UserLimits()
	lim.Gate = rt.simGate
	sc, r, err := sim.Play(ctx, src, name, ix, lim)
	if err != nil {
		err = render.NamedRunError(ctx, sc, ix, err)
		return nil, userErr(i18n.KeyDiscordSimInvalid, escapeText(render.ScenarioErrorMessage(p, where, err)))
	}
	sum := sha256.Sum256(src)
	return &simRun{sc: sc, r: r, src: src, arg: "#" + hex.EncodeToString(sum[:8])}, nil
}

// preset runs a preset by name.
func (rt *Router) preset(ctx context.Context, ix Index, name string) (*simRun, error) {
	sc, r, err := sim.Preset(ctx, name, ix)
	switch {
	case errors.Is(err, engine.ErrUnknownPreset):
		return nil, userErr(i18n.KeyDiscordUnknownPreset, escapeText(name))
	case err != nil:
		code := "internal"
		if e, ok := engine.AsError(err); ok {
			code = e.Code
		}
		return nil, userErr(i18n.KeyDiscordBadScenario, escapeText(name), code)
	}
	return &simRun{sc: sc, r: r, arg: name}, nil
}

// UpdatesMessage tells, before the reply exists, whether a click
// replaces the message it is on whatever the message: the step buttons of
// a simulation do, so that everyone in a channel follows the same steps.
func (rt *Router) UpdatesMessage(req Request) bool {
	switch {
	case req.Kind == KindModal && strings.HasPrefix(req.CustomID, playModal):
		// An edited board replaces its game.
		return true
	case req.Kind == KindModal:
		// A reviewer's confirmation shows the report again in place.
		return strings.HasPrefix(req.CustomID, reviewModalPrefix) && rt.reviewer(req)
	case req.Kind != KindComponent:
		return false
	case strings.HasPrefix(req.CustomID, reviewReject):
		return rt.reviewer(req)
	case isPlayComponent(req.CustomID):
		// A game's moves replace it (Edit the board opens a form).
		return !strings.HasPrefix(req.CustomID, playEdit)
	}
	st, err := decodeState(req.CustomID)
	return err == nil && st.Cmd == "simulate" && st.Action == actPage
}

// simulateClick answers the buttons of a /simulate reply. A step button
// (page) shows that step in place. A language button (play) shows the
// same step in that language: in place on a message for the user alone,
// else to the clicker alone, as the "show it played out" button of an
// answer opens a preset. Share posts the step for everyone.
func (rt *Router) simulateClick(ctx context.Context, ix Index, req Request, st replyState) (Response, error) {
	ephemeral, update := true, true
	switch st.Action {
	case actShare:
		ephemeral, update = false, false
	case actPlay:
		update = req.FromEphemeral
	case actPage:
		ephemeral = req.FromEphemeral
	}
	key := replyState{Cmd: st.Cmd, Lang: st.Lang, Page: st.Page, Arg: st.Arg}.key(ephemeral)
	if r, ok := rt.replies.get(ix, key); ok {
		r.Update = update
		return r, nil
	}
	var run *simRun
	var err error
	if strings.HasPrefix(st.Arg, "#") {
		run, err = rt.fromMessage(ctx, ix, rt.printer(st.Lang), req, st.Arg)
	} else {
		run, err = rt.preset(ctx, ix, st.Arg)
	}
	if err != nil {
		return Response{}, err
	}
	r, err := rt.simStep(ctx, ix, rt.printer(st.Lang), run, st.Page, ephemeral)
	r.Update = update
	return r, err
}

// fromMessage reads the user's scenario again from the clicked message,
// where the reply attached it, and checks it is the one the button names.
func (rt *Router) fromMessage(ctx context.Context, ix Index, p *i18n.Printer, req Request, arg string) (*simRun, error) {
	a, ok := req.Attachments[simSourceFile]
	if !ok || rt.fetch == nil {
		return nil, userErr(i18n.KeyDiscordSimExpired)
	}
	src, err := rt.fetch.Fetch(ctx, a, sim.UserLimits().MaxBytes)
	if err != nil {
		rt.log.Warn("scenario of a simulation", "err", err)
		return nil, userErr(i18n.KeyDiscordSimExpired)
	}
	run, err := rt.custom(ctx, ix, p, src, "", simSourceFile)
	if err != nil {
		return nil, err
	}
	if run.arg != arg {
		return nil, userErr(i18n.KeyDiscordSimExpired)
	}
	return run, nil
}

// simStep renders step n of a run (0: the board before the first action):
// what was done, what happened and the rules cited, the board as a PNG,
// and buttons to the other steps, to the other languages and, for a
// reply to the user alone, to share it. The reply is kept in the reply
// cache.
func (rt *Router) simStep(ctx context.Context, ix Index, p *i18n.Printer, run *simRun, n int, ephemeral bool) (Response, error) {
	r := run.r
	last := len(r.Frames)
	n = min(max(n, 0), last)
	lang := p.Lang()
	title := render.PresetTitle(r.Title, lang)
	if title == "" {
		title = r.Name
	}
	if title == "" {
		title = p.T(i18n.KeyDiscordSimCustom)
	}
	var lines []string
	state := r.Initial
	if n == 0 {
		lines = append(lines, "**"+escapeText(p.T(i18n.KeyDiscordSimInitial))+"**")
		for i, a := range run.sc.Actions {
			if i == simOverviewMax {
				lines = append(lines, escapeText(p.T(i18n.KeyDiscordSimMore, len(run.sc.Actions)-i)))
				break
			}
			lines = append(lines, escapeText(p.T(i18n.KeyDiscordSimActionN, i+1, render.ActionText(p, r, a))))
		}
	} else {
		f := r.Frames[n-1]
		state = f.State
		if f.Index < len(run.sc.Actions) {
			lines = append(lines, "**"+escapeText(p.T(i18n.KeyDiscordSimActionN, n, render.ActionText(p, r, run.sc.Actions[f.Index])))+"**")
		}
		for i, ev := range f.Events {
			if !render.ShowEvent(f.Events, i) {
				continue
			}
			lines = append(lines, escapeText(p.T(i18n.KeyEngineLine, ev.Turn, render.StepName(p, r.Game, ev.Step),
				render.EventText(p, r, ev), render.RuleLabel(p, ev.Rule))))
		}
		for _, c := range r.Expectations {
			if c.After != n {
				continue
			}
			lines = append(lines, escapeText(checkLine(p, r, c)))
		}
		if n == last {
			lines = append(lines, "", escapeText(verdict(p, r)))
		}
	}
	png, err := board.StatePNG(state, n, board.LocalWords(p).Named(render.BoardNames(p, r)))
	if err != nil {
		return Response{}, err
	}
	img := "board-" + strconv.Itoa(n) + ".png"
	e := Embed{Title: escapeText(p.T(i18n.KeyDiscordSimTitle, title)), Description: strings.Join(lines, "\n"),
		Color: colorSim, Image: "attachment://" + img, Footer: p.T(i18n.KeyDiscordSimStep, n, last)}
	if u := rt.simURL(run, lang); u != "" {
		e.URL = u
	}
	resp := Response{Embeds: []Embed{e}, Ephemeral: ephemeral,
		Files: []File{{Name: img, ContentType: "image/png", Data: png, Size: len(png)}}}
	if run.src != nil {
		resp.Files = append(resp.Files, File{Name: simSourceFile, ContentType: "text/yaml; charset=utf-8", Data: run.src, Size: len(run.src)})
	}
	st := replyState{Action: actPage, Cmd: "simulate", Lang: lang, Arg: run.arg}
	to := func(label i18n.Key, page int, style ButtonStyle, off bool) Button {
		s := st
		s.Page = page
		return Button{Label: p.T(label), CustomID: s.encode(), Style: style, Disabled: off}
	}
	if last > 0 {
		// ◀ and ▶ keep their places; a message's custom_ids must differ, so
		// the first and last steps get a button of their own only where ◀
		// and ▶ do not already lead there.
		nav := []Button{to(i18n.KeyDiscordButtonPrevStep, max(n-1, 0), StyleSecondary, n == 0),
			to(i18n.KeyDiscordButtonNextStep, min(n+1, last), StylePrimary, n == last)}
		if n >= 2 {
			nav = append(nav, to(i18n.KeyDiscordButtonFirst, 0, StyleSecondary, false))
		}
		if n <= last-2 {
			nav = append(nav, to(i18n.KeyDiscordButtonLast, last, StyleSecondary, false))
		}
		resp.Buttons = append(resp.Buttons, nav)
	}
	var row []Button
	for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
		if l != lang {
			row = append(row, Button{Label: upperFirst(rt.printer(l).LangName(l)), Style: StyleSecondary,
				CustomID: replyState{Action: actPlay, Cmd: "simulate", Lang: l, Page: n, Arg: run.arg}.encode()})
		}
	}
	if ephemeral {
		row = append(row, Button{Label: p.T(i18n.KeyDiscordButtonShare), Style: StyleSuccess,
			CustomID: replyState{Action: actShare, Cmd: "simulate", Lang: lang, Page: n, Arg: run.arg}.encode()})
	}
	resp.Buttons = append(resp.Buttons, row)
	resp = FitLimits(resp)
	rt.replies.put(ix, replyState{Cmd: "simulate", Lang: lang, Page: n, Arg: run.arg}.key(ephemeral), resp)
	return resp, nil
}

// simURL is the web page of a run: the preset's, or the scenario page
// with the scenario in its link, when the web pages are public and the
// link is not too long for an embed.
func (rt *Router) simURL(run *simRun, lang i18n.Lang) string {
	if rt.publicURL == "" {
		return ""
	}
	base := strings.TrimSuffix(rt.publicURL, "/")
	if run.src == nil {
		return httpURL(base + "/sim/" + run.arg + "?lang=" + lang.String())
	}
	code, err := sim.Encode(run.src)
	if err != nil {
		return ""
	}
	u := httpURL(base + "/sim/play?lang=" + lang.String() + "&s=" + code)
	if len(u) > maxEmbedURL {
		return ""
	}
	return u
}

// maxEmbedURL is the longest link an embed's title carries.
const maxEmbedURL = 2000

// checkLine is an expectation checked at a step, in the trace's words.
func checkLine(p *i18n.Printer, r *engine.Result, c engine.Check) string {
	if c.OK {
		return p.T(i18n.KeyEngineExpectOK, c.Check)
	}
	return p.T(i18n.KeyEngineExpectFail, c.Check, render.CheckDetail(p, r, c))
}

// verdict is the last line of a run: whether its expectations hold.
func verdict(p *i18n.Printer, r *engine.Result) string {
	failed := 0
	for _, c := range r.Expectations {
		if !c.OK {
			failed++
		}
	}
	switch {
	case len(r.Expectations) == 0:
		return p.T(i18n.KeyEngineVerdictNone)
	case failed > 0:
		return p.T(i18n.KeyEngineVerdictFail, failed)
	}
	return p.T(i18n.KeyEngineVerdictOK, len(r.Expectations))
}
