package web

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"arbiter/cmd/bot/internal/play"
	"arbiter/cmd/bot/internal/render"
	"arbiter/cmd/bot/internal/report"
	"arbiter/cmd/bot/internal/sim"
	"arbiter/i18n"
	"arbiter/kb"
)

// Reports takes the reports of wrong answers filed on the question page
// (a *chat.Router: the same checks, limits and store as on Discord), and
// tells an answer that a reviewer confirmed.
type Reports interface {
	// FileReport keeps a report; a refusal the reporter is told is a
	// *report.Problem.
	FileReport(ctx context.Context, f report.Filing) (report.Report, error)
	// Correction returns the confirmed report of question q asked in
	// lang, or of a close paraphrase of it: its number and the texts that
	// answer, which the answer cites first.
	Correction(q, lang string) (int64, []string, bool)
}

// askCitations is how many citations the question page shows.
const askCitations = 5

// maxReportForm bounds the body of the report form.
const maxReportForm = 16 << 10

// askData is the content of the question page: the question's form, the
// answer and its citations, and the form that reports the answer.
type askData struct {
	Action       string // where the question's form goes
	Question     string
	MaxQuestion  int
	Answer       string
	Citations    []askCitation
	Corrected    string // "reported and corrected", when a reviewer confirmed what it cites
	ReportAction string // where the report form posts; "" when reports are not taken
	Filed        string // the acknowledgement of a report just filed
	Error        string // why a report was refused
	Wrong        string // what the refused report said, to edit it
	Suggest      string
	// PlayHref is the page that plays the question's board out, when
	// its cards can be modelled; Guesses say what was guessed of it.
	PlayHref string
	Guesses  []string
}

// askCitation is one citation of the answer.
type askCitation struct {
	Heading, Href, Text string
	// Cards are the Yu-Gi-Oh! cards the text shows by number, linked to
	// the pages that name them.
	Cards []render.Link
}

// ask serves GET /ask?q=: the answer to a rules question, with its
// citations, and a form to report it when it is wrong.
func (w *Pages) ask(r *http.Request, ix Index, pg *page) (string, error) {
	q := r.URL.Query()
	d := w.askPage(r.Context(), ix, pg, q.Get("q"))
	if n, err := strconv.ParseInt(q.Get("reported"), 10, 64); err == nil && n > 0 && d.Question != "" {
		d.Filed = pg.p.T(i18n.KeyReportFiled, "#"+strconv.FormatInt(n, 10))
	}
	return "ask", nil
}

// askPage fills pg with the question page of q and returns its content.
func (w *Pages) askPage(ctx context.Context, ix Index, pg *page, q string) *askData {
	q = strings.TrimSpace(q)
	d := &askData{Action: "/ask", MaxQuestion: kb.MaxQueryLen}
	pg.Title = pg.p.T(i18n.KeyWebAskTitle)
	pg.Data = d
	if q == "" {
		return d
	}
	if utf8.RuneCountInString(q) > kb.MaxQueryLen {
		pg.Status = http.StatusBadRequest
		d.Error = pg.p.T(i18n.KeyErrQuestionTooLong, kb.MaxQueryLen)
		return d
	}
	d.Question = q
	pg.Title = pg.p.T(i18n.KeyWebAskQuestionTitle, q)
	// The page in another language is the same question's.
	for i := range pg.Langs {
		pg.Langs[i].Href = withLang("/ask?q="+url.QueryEscape(q), pg.Langs[i].Code)
	}
	if w.cfg.Reports != nil {
		d.ReportAction = pg.Href("/ask/report")
	}
	var corrected int64
	var first []string
	if w.cfg.Reports != nil {
		corrected, first, _ = w.cfg.Reports.Correction(q, pg.Lang)
	}
	res, err := ix.Search(ctx, kb.Query{Text: q, Lang: pg.Lang, K: askCitations, First: first})
	if err != nil {
		w.log.Error("question page", "err", err)
		d.Answer = pg.p.T(i18n.KeyWebErrInternal)
		return d
	}
	a := render.AnswerOf(pg.p, res, "")
	d.Answer = a.Answer
	for i, h := range res.Hits {
		c := a.Citations[i]
		d.Citations = append(d.Citations, askCitation{Heading: render.Heading(pg.p, c), Href: withLangIfSite(render.DocURL("", h.Doc), pg.Lang),
			Text: render.PlainSnippet(h.Snippet, c.Text), Cards: render.UnnamedYGOCards(c)})
	}
	if res.Game != "ygo" && len(res.Hits) > 0 {
		d.PlayHref, d.Guesses = w.questionBoard(ctx, ix, pg, q, res.Cards)
	}
	// "Reported and corrected" only above the text the reviewer confirmed.
	if corrected != 0 && len(res.Hits) > 0 && report.MatchesAny(first, render.CitedIDs(res.Hits[0])) {
		d.Corrected = pg.p.T(i18n.KeyReportCorrected, "#"+strconv.FormatInt(corrected, 10))
	}
	return d
}

// questionBoard is the page that plays the board of question q out,
// and the guesses of that board, when the cards it names can all be
// modelled; "" when they cannot.
func (w *Pages) questionBoard(ctx context.Context, ix Index, pg *page, q string, cards []string) (string, []string) {
	s, g, err := play.FromQuestion(ctx, ix, play.Question{Text: q, Lang: i18n.Detect(q), Cards: cards}, pg.p)
	if err != nil {
		return "", nil
	}
	code, err := sim.Encode(play.WithoutComments(g.Board))
	if err != nil {
		return "", nil
	}
	return gameHref(pg, code, g.Log()), s.GuessLines(pg.p, g)
}

// withLangIfSite adds the page's language to a path of this site.
func withLangIfSite(href, lang string) string {
	if strings.HasPrefix(href, "/") {
		return withLang(href, lang)
	}
	return href
}

// reportPost serves POST /ask/report, the report form: a report filed
// sends the browser back to the answer, which acknowledges it; a refused
// one shows the answer again with the reason and what was typed.
// Cross-origin posts are refused (see Routes).
func (w *Pages) reportPost(rw http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(rw, r.Body, maxReportForm)
	if err := r.ParseForm(); err != nil || w.cfg.Reports == nil {
		w.handle(func(r *http.Request, ix Index, pg *page) (string, error) {
			return "", badRequest(i18n.KeyWebErrBadForm)
		}).ServeHTTP(rw, r)
		return
	}
	lang := w.pageLang(r).String()
	q := strings.TrimSpace(r.PostFormValue("q"))
	wrong, suggest := r.PostFormValue("wrong"), r.PostFormValue("suggest")
	var rep report.Report
	err := w.allowReport(r)
	if err == nil {
		rep, err = w.cfg.Reports.FileReport(r.Context(), report.Filing{
			Question: q, Lang: lang, K: askCitations, Wrong: wrong, Suggestion: suggest,
			Reporter: w.webReporter(r), Source: "web",
		})
	}
	if err == nil {
		setHeaders(rw.Header(), 0)
		http.Redirect(rw, r, "/ask?lang="+lang+"&q="+url.QueryEscape(q)+"&reported="+strconv.FormatInt(rep.ID, 10), http.StatusSeeOther)
		return
	}
	w.handle(func(r *http.Request, ix Index, pg *page) (string, error) {
		var pr *report.Problem
		if !errors.As(err, &pr) {
			return "", internalError(err)
		}
		d := w.askPage(r.Context(), ix, pg, q)
		pg.Status = http.StatusBadRequest
		if pr.Key == i18n.KeyReportErrRateLimited {
			pg.Status = http.StatusTooManyRequests
		}
		d.Error, d.Wrong, d.Suggest = pg.p.T(pr.Key, pr.Args...), wrong, suggest
		return "ask", nil
	}).ServeHTTP(rw, r)
}

// webReporter names the author of a report filed on the web, for its
// record and the limit of reports: "web:" and a hash of their address
// (the client's, as the trusted proxies name it), which is not kept.
func (w *Pages) webReporter(r *http.Request) string {
	client, _ := clientKeys(w.cfg.Proxies.Client(r))
	sum := sha256.Sum256([]byte("arbiter report " + client))
	return "web:" + hex.EncodeToString(sum[:6])
}

// crossOriginRefused answers a report form posted from another site.
func (w *Pages) crossOriginRefused() http.Handler {
	return w.handle(func(r *http.Request, ix Index, pg *page) (string, error) {
		return "", &webError{Status: http.StatusForbidden, Key: i18n.KeyWebErrBadForm}
	})
}
