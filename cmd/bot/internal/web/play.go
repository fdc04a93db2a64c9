package web

import (
	"errors"
	"net/http"
	"net/url"
	"strings"

	"arbiter/cmd/bot/internal/render"
	"arbiter/cmd/bot/internal/sim"
	"arbiter/engine"
	"arbiter/i18n"
)

// playExample is the preset the scenario page starts from when it is
// given no scenario.
const playExample = "blocker-phases-out"

// maxPlayForm bounds the body of the scenario form: the scenario's limit,
// as URL-encoded form data may triple it.
const maxPlayForm = 3*(64<<10) + 1024

// playData is the content of the scenario page: the form, and the run of
// the scenario it holds.
type playData struct {
	Action   string // where the form posts
	Source   string
	MaxKiB   int
	Share    string // the link holding the scenario ("" when none)
	TooLong  bool   // the scenario is too large for a link
	BadCode  bool   // the link's code could not be read
	Error    string // the scenario is invalid: the line and the problem
	Run      *simData
	Game     *gameData // the game of a board to play (see sandbox.go)
	Title    string
	Examples string // the presets page
}

// play serves GET /sim/play: the form to paste or edit a scenario and, when
// the link holds one (?s=, see sim.Encode), that scenario played out. The
// page stores nothing: the link is the scenario.
func (w *Pages) play(r *http.Request, ix Index, pg *page) (string, error) {
	code := r.URL.Query().Get("s")
	if code == "" {
		src, err := engine.PresetSource(playExample)
		if err != nil {
			return "", internalError(err)
		}
		return w.playPage(r, ix, pg, src, "", false), nil
	}
	src, err := sim.Decode(code, sim.UserLimits().MaxBytes)
	if err != nil {
		pg.Status = http.StatusBadRequest
		d := w.playForm(pg, nil)
		d.BadCode = true
		var le *sim.LimitError
		if errors.As(err, &le) {
			d.BadCode = false
			d.Error = render.ScenarioErrorMessage(pg.p, pg.p.T(i18n.KeyWebPlayScenario), le)
		}
		pg.Data = d
		return "play", nil
	}
	if q := r.URL.Query(); q.Has("log") || isBoard(src) {
		return w.gamePage(r, ix, pg, src, code, q.Get("log"), q.Has("log")), nil
	}
	return w.playPage(r, ix, pg, src, code, false), nil
}

// playPost serves POST /sim/play, the form: it sends the browser to the
// link that holds the scenario, so that the page it shows is the one to
// share; a scenario too large for a link is played at once, unshared.
func (w *Pages) playPost(rw http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(rw, r.Body, maxPlayForm)
	if err := r.ParseForm(); err != nil {
		var mbe *http.MaxBytesError
		if !errors.As(err, &mbe) {
			w.handle(func(r *http.Request, ix Index, pg *page) (string, error) {
				return "", badRequest(i18n.KeyWebErrBadForm)
			}).ServeHTTP(rw, r)
			return
		}
		w.handle(func(r *http.Request, ix Index, pg *page) (string, error) {
			pg.Status = http.StatusRequestEntityTooLarge
			d := w.playForm(pg, nil)
			max := sim.UserLimits().MaxBytes
			d.Error = render.ScenarioErrorMessage(pg.p, pg.p.T(i18n.KeyWebPlayScenario), &sim.LimitError{What: "bytes", Limit: max, Got: max + 1})
			pg.Data = d
			return "play", nil
		}).ServeHTTP(rw, r)
		return
	}
	src := strings.ReplaceAll(r.PostFormValue("scenario"), "\r\n", "\n")
	lang := w.pageLang(r).String()
	code, err := sim.Encode([]byte(src))
	if err == nil && isBoard([]byte(src)) {
		// A board to play: its game from its first move, or from the
		// moves of its log line.
		setHeaders(rw.Header(), 0)
		http.Redirect(rw, r, "/sim/play?lang="+lang+"&s="+url.QueryEscape(code), http.StatusSeeOther)
		return
	}
	if err == nil && strings.TrimSpace(src) != "" {
		setHeaders(rw.Header(), 0)
		http.Redirect(rw, r, "/sim/play?lang="+lang+"&s="+url.QueryEscape(code), http.StatusSeeOther)
		return
	}
	w.handle(func(r *http.Request, ix Index, pg *page) (string, error) {
		return w.playPage(r, ix, pg, []byte(src), "", err != nil), nil
	}).ServeHTTP(rw, r)
}

// playForm is the scenario page's form holding src.
func (w *Pages) playForm(pg *page, src []byte) *playData {
	pg.Title = pg.p.T(i18n.KeyWebPlayTitle)
	return &playData{Action: pg.Href("/sim/play"), Source: string(src), MaxKiB: sim.UserLimits().MaxBytes >> 10,
		Examples: pg.Href("/sim/")}
}

// playPage fills the scenario page: the form with src and, if src plays,
// its run; code is the link's code, tooLong tells a scenario too large
// for one.
func (w *Pages) playPage(r *http.Request, ix Index, pg *page, src []byte, code string, tooLong bool) string {
	d := w.playForm(pg, src)
	d.TooLong = tooLong
	where := pg.p.T(i18n.KeyWebPlayScenario)
	sc, res, err := sim.Play(r.Context(), src, "", ix, w.simLimits())
	if err != nil {
		pg.Status = http.StatusBadRequest
		if _, ok := engine.AsError(err); !ok && !isLimit(err) {
			w.log.Error("scenario page", "err", err)
		}
		err = render.NamedRunError(r.Context(), sc, ix, err)
		d.Error = render.ScenarioErrorMessage(pg.p, where, err)
		pg.Data = d
		return "play"
	}
	query := ""
	if code != "" {
		query = "?s=" + url.QueryEscape(code)
		d.Share = pg.Href("/sim/play" + query)
	}
	d.Run = runData(r.Context(), ix, pg, sc, res, "/sim/play/", query)
	d.Title = render.PresetTitle(res.Title, pg.p.Lang())
	pg.Data = d
	return "play"
}

// isLimit tells a scenario over its limits.
func isLimit(err error) bool {
	var le *sim.LimitError
	return errors.As(err, &le)
}
