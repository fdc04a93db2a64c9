package web

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"sync"

	"arbiter/cmd/bot/internal/sim"
	"arbiter/i18n"
)

// Config holds the settings of the web pages.
type Config struct {
	// CacheSeconds is how long browsers and proxies may keep a page
	// (0: no caching).
	CacheSeconds int
	// Reports takes the reports filed on the question page; nil: the page
	// has no report form.
	Reports Reports
	// Limits are the rate limits of the pages that work on what a client
	// sends (questions, scenarios, reports), per client address and
	// network; Proxies are the reverse proxies trusted to name the client
	// (nil: none, the connection's address is the client's).
	Limits  Limits
	Proxies *Proxies
	// SimGate bounds the users' scenarios played at once in the process
	// (shared with Discord's /simulate); nil: no bound.
	SimGate *sim.Gate
}

//go:embed templates/*.html
var templateFS embed.FS

// Pages serves the HTML pages, the board pictures and their assets.
type Pages struct {
	cfg   Config
	cat   *i18n.Catalog
	index func() (Index, func())
	log   *slog.Logger
	pages map[string]*template.Template
	// links caches the glossary linker of the serving index; it is
	// rebuilt when the index is swapped.
	mu    sync.Mutex
	links *glossaryLinker
}

// New returns the pages, which read the index that serves (index returns
// it and the func that releases it once the page is made) and log what
// goes wrong. It fails when a template does not parse.
func New(cfg Config, cat *i18n.Catalog, index func() (Index, func()), log *slog.Logger) (*Pages, error) {
	pages, err := parseTemplates(templateFS)
	if err != nil {
		return nil, err
	}
	return &Pages{cfg: cfg, cat: cat, index: index, log: log, pages: pages}, nil
}

// parseTemplates parses every page template with the shared layout.
func parseTemplates(fsys fs.FS) (map[string]*template.Template, error) {
	base, err := template.New("layout.html").ParseFS(fsys, "templates/layout.html", "templates/run.html")
	if err != nil {
		return nil, fmt.Errorf("web: layout: %w", err)
	}
	names, err := fs.Glob(fsys, "templates/*.html")
	if err != nil {
		return nil, err
	}
	out := map[string]*template.Template{}
	for _, n := range names {
		name := strings.TrimSuffix(strings.TrimPrefix(n, "templates/"), ".html")
		if name == "layout" || name == "run" {
			continue
		}
		t, err := template.Must(base.Clone()).ParseFS(fsys, n)
		if err != nil {
			return nil, fmt.Errorf("web: %s: %w", n, err)
		}
		out[name] = t
	}
	return out, nil
}

// Routes adds the pages and pictures (paths: spec/cli.md).
func (w *Pages) Routes(mux *http.ServeMux) {
	mux.Handle("GET /{$}", w.handle(w.home))
	mux.Handle("GET /rules/{$}", w.handle(w.rulesIndex))
	mux.Handle("GET /rules/{number}", w.handle(w.rule))
	mux.Handle("GET /glossary/{$}", w.handle(w.glossaryIndex))
	mux.Handle("GET /glossary/{slug}", w.handle(w.glossary))
	mux.Handle("GET /cards/{name}", w.limited(w.handle(w.card), true))
	mux.Handle("GET /sim/{$}", w.handle(w.simIndex))
	mux.Handle("GET /sim/{preset}", w.handle(w.sim))
	mux.Handle("GET /sim/{preset}/{file}", http.HandlerFunc(w.boardImage))
	mux.Handle("GET /sim/play", w.limitedIf(w.handle(w.play), hasQuery("s")))
	mux.Handle("POST /sim/play", w.limited(http.HandlerFunc(w.playPost), true))
	mux.Handle("GET /sim/play/{file}", w.limited(http.HandlerFunc(w.playImage), false))
	mux.Handle("GET /diff/{from}/{to}", w.handle(w.diff))
	mux.Handle("GET /ask", w.limitedIf(w.handle(w.ask), hasQuery("q")))
	// The report form stores what it is sent: another site's page may not
	// post it (Sec-Fetch-Site, else Origin against Host).
	csrf := http.NewCrossOriginProtection()
	csrf.SetDenyHandler(w.crossOriginRefused())
	mux.Handle("POST /ask/report", csrf.Handler(w.limited(http.HandlerFunc(w.reportPost), true)))
}

// hasQuery selects the requests whose query has a non-empty key.
func hasQuery(key string) func(*http.Request) bool {
	return func(r *http.Request) bool { return r.URL.Query().Get(key) != "" }
}

// simLimits are the limits of a user's scenario on the pages.
func (w *Pages) simLimits() sim.Limits {
	lim := sim.UserLimits()
	lim.Gate = w.cfg.SimGate
	return lim
}

// page is what every template gets: the printer, the chrome and the
// page's own data.
type page struct {
	p      *i18n.Printer
	Lang   string
	Title  string
	Path   string // the page's path, for the language links
	Langs  []langLink
	Status int
	// Data is the page's own content.
	Data any
}

// langLink is a link to the same page in another language.
type langLink struct {
	Code, Name, Href string
	Current          bool
}

// T renders a message of the page's language.
func (pg *page) T(key string, args ...any) string { return pg.p.T(i18n.Key(key), args...) }

// Date renders an ISO date in the page's language.
func (pg *page) Date(iso string) string { return pg.p.Date(iso) }

// runView is what the run template shows: a run, on a page.
type runView struct {
	P *page
	D *simData
}

// Run pairs a run with the page, for the run template.
func (pg *page) Run(d *simData) runView { return runView{P: pg, D: d} }

// Href is path with the page's language.
func (pg *page) Href(path string) string { return withLang(path, pg.Lang) }

// withLang adds ?lang= (or &lang=) to a site path.
func withLang(path, lang string) string {
	if lang == "" {
		return path
	}
	if strings.Contains(path, "?") {
		return path + "&lang=" + lang
	}
	return path + "?lang=" + lang
}

// navLink is a link with its text.
type navLink struct {
	Href, Text string
}

// langText is a text in a named language.
type langText struct {
	Lang, Name, Text string
}

// handlerFunc is a page handler: it fills pg (Title, Data, Status) and
// returns the template to render, or an error page.
type handlerFunc func(r *http.Request, ix Index, pg *page) (tmpl string, err error)

// handle turns a page handler into an http.Handler: it picks the language,
// acquires the index for the request, renders the template into a buffer
// and writes it with the security headers.
func (w *Pages) handle(h handlerFunc) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		lang := w.pageLang(r)
		pg := &page{p: w.cat.Printer(lang), Lang: lang.String(), Path: r.URL.EscapedPath(), Status: http.StatusOK}
		for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
			pg.Langs = append(pg.Langs, langLink{Code: l.String(), Name: w.cat.Printer(l).LangName(l),
				Href: withLang(pg.Path, l.String()), Current: l == lang})
		}
		ix, release := w.index()
		tmpl, err := h(r, ix, pg)
		release()
		if err != nil {
			tmpl = w.errorPage(r, pg, err)
		}
		var buf bytes.Buffer
		if err := w.pages[tmpl].ExecuteTemplate(&buf, "layout.html", pg); err != nil {
			w.log.Error("web render", "path", r.URL.Path, "template", tmpl, "err", err)
			setHeaders(rw.Header(), 0)
			http.Error(rw, pg.T(string(i18n.KeyWebErrInternal)), http.StatusInternalServerError)
			return
		}
		setHeaders(rw.Header(), w.cacheFor(pg.Status))
		rw.Header().Set("Content-Type", "text/html; charset=utf-8")
		rw.Header().Set("Content-Language", pg.Lang)
		rw.Header().Set("Vary", "Accept-Language, Accept-Encoding")
		writeBody(rw, r, pg.Status, buf.Bytes())
	})
}

// cacheFor is how long a response of that status may be cached: errors never.
func (w *Pages) cacheFor(status int) int {
	if status != http.StatusOK {
		return 0
	}
	return w.cfg.CacheSeconds
}

// pageLang is the language of a page: ?lang= first, then the browser's
// Accept-Language, else English.
func (w *Pages) pageLang(r *http.Request) i18n.Lang {
	if l, ok := i18n.ParseLang(r.URL.Query().Get("lang")); ok {
		return l
	}
	var locales []string
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		if tag != "" && tag != "*" {
			locales = append(locales, tag)
		}
		if len(locales) == 8 {
			break
		}
	}
	return w.cat.Match(locales...)
}
