package main

import (
	"bytes"
	"compress/gzip"
	"embed"
	"flag"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"arbiter/i18n"
	"arbiter/kb"
)

// webConfig holds the web page settings of "bot serve".
type webConfig struct {
	// cacheSeconds is how long browsers and proxies may keep a page.
	cacheSeconds int
}

// register adds the web page flags of "bot serve".
func (c *webConfig) register(fs *flag.FlagSet, getenv func(string) string) {
	fs.IntVar(&c.cacheSeconds, "web-cache", 300, "seconds browsers may cache the web pages (0: no caching)")
}

//go:embed templates/*.html
var templateFS embed.FS

// routesWeb adds the web pages (rules, cards, simulations) to mux.
func (s *server) routesWeb(mux *http.ServeMux) {
	w, err := newWebPages(s)
	if err != nil {
		// The templates are embedded and TestParseTemplates parses them:
		// a failure here is a build defect. Serve the rest without pages.
		s.log.Error("web templates: no web pages", "err", err)
		return
	}
	w.routes(mux)
}

// webPages serves the HTML pages, the board pictures and their assets.
type webPages struct {
	s     *server
	pages map[string]*template.Template
	// links caches the glossary linker of the serving index; it is
	// rebuilt when the index is swapped.
	mu    sync.Mutex
	links *glossaryLinker
}

// newWebPages parses the templates for the pages of s.
func newWebPages(s *server) (*webPages, error) {
	pages, err := parseTemplates(templateFS)
	if err != nil {
		return nil, err
	}
	return &webPages{s: s, pages: pages}, nil
}

// parseTemplates parses every page template with the shared layout.
func parseTemplates(fsys fs.FS) (map[string]*template.Template, error) {
	base, err := template.New("layout.html").ParseFS(fsys, "templates/layout.html")
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
		if name == "layout" {
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

// routes registers the pages and pictures (paths: spec/cli.md).
func (w *webPages) routes(mux *http.ServeMux) {
	mux.Handle("GET /{$}", w.wrap(w.home))
	mux.Handle("GET /rules/{$}", w.wrap(w.rulesIndex))
	mux.Handle("GET /rules/{number}", w.wrap(w.rule))
	mux.Handle("GET /glossary/{$}", w.wrap(w.glossaryIndex))
	mux.Handle("GET /glossary/{slug}", w.wrap(w.glossary))
	mux.Handle("GET /cards/{name}", w.wrap(w.card))
	mux.Handle("GET /sim/{$}", w.wrap(w.simIndex))
	mux.Handle("GET /sim/{preset}", w.wrap(w.sim))
	mux.Handle("GET /sim/{preset}/{file}", http.HandlerFunc(w.boardImage))
	mux.Handle("GET /diff/{from}/{to}", w.wrap(w.diff))
}

// webHeaders sets the security headers of every page and picture: no
// script, no external request, no framing.
func webHeaders(h http.Header, cacheSeconds int) {
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	if cacheSeconds > 0 {
		h.Set("Cache-Control", fmt.Sprintf("public, max-age=%d", cacheSeconds))
	} else {
		h.Set("Cache-Control", "no-store")
	}
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

// handlerFunc is a page handler: it fills pg (Title, Data, Status) and
// returns the template to render, or an error page.
type handlerFunc func(r *http.Request, ix *kb.Index, pg *page) (tmpl string, err error)

// wrap turns a page handler into an http.Handler: it picks the language,
// acquires the index for the request, renders the template into a buffer
// and writes it with the security headers.
func (w *webPages) wrap(h handlerFunc) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		lang := w.pageLang(r)
		pg := &page{p: w.s.cat.Printer(lang), Lang: lang.String(), Path: r.URL.EscapedPath(), Status: http.StatusOK}
		for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
			pg.Langs = append(pg.Langs, langLink{Code: l.String(), Name: w.s.cat.Printer(l).LangName(l),
				Href: withLang(pg.Path, l.String()), Current: l == lang})
		}
		ix, release := w.s.index.acquire()
		tmpl, err := h(r, ix, pg)
		release()
		if err != nil {
			tmpl = w.errorPage(r, pg, err)
		}
		var buf bytes.Buffer
		if err := w.pages[tmpl].ExecuteTemplate(&buf, "layout.html", pg); err != nil {
			w.s.log.Error("web render", "path", r.URL.Path, "template", tmpl, "err", err)
			webHeaders(rw.Header(), 0)
			http.Error(rw, pg.T(string(i18n.KeyWebErrInternal)), http.StatusInternalServerError)
			return
		}
		webHeaders(rw.Header(), w.cacheFor(pg.Status))
		rw.Header().Set("Content-Type", "text/html; charset=utf-8")
		rw.Header().Set("Content-Language", pg.Lang)
		rw.Header().Set("Vary", "Accept-Language, Accept-Encoding")
		writeBody(rw, r, pg.Status, buf.Bytes())
	})
}

// writeBody writes a response body, gzipped when the client accepts it
// and the body is worth it (rule pages shrink about sixfold).
func writeBody(rw http.ResponseWriter, r *http.Request, status int, body []byte) {
	if len(body) < 1024 || !acceptsGzip(r.Header.Get("Accept-Encoding")) {
		rw.Header().Set("Content-Length", strconv.Itoa(len(body)))
		rw.WriteHeader(status)
		rw.Write(body)
		return
	}
	var z bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&z, gzip.BestSpeed)
	zw.Write(body)
	zw.Close()
	rw.Header().Set("Content-Encoding", "gzip")
	rw.Header().Set("Content-Length", strconv.Itoa(z.Len()))
	rw.WriteHeader(status)
	rw.Write(z.Bytes())
}

// acceptsGzip reports whether an Accept-Encoding header allows gzip.
func acceptsGzip(h string) bool {
	for _, part := range strings.Split(h, ",") {
		enc, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(enc), "gzip") {
			return strings.ReplaceAll(strings.TrimSpace(params), " ", "") != "q=0"
		}
	}
	return false
}

// cacheFor is how long a response of that status may be cached: errors never.
func (w *webPages) cacheFor(status int) int {
	if status != http.StatusOK {
		return 0
	}
	return w.s.cfg.web.cacheSeconds
}

// pageLang is the language of a page: ?lang= first, then the browser's
// Accept-Language, else English.
func (w *webPages) pageLang(r *http.Request) i18n.Lang {
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
	return w.s.cat.Match(locales...)
}

// webError is a page-level failure: an HTTP status and a localized message.
type webError struct {
	Status int
	Key    i18n.Key
	Args   []any
	err    error // the cause, for the log
}

func (e *webError) Error() string {
	if e.err != nil {
		return fmt.Sprintf("web: %s: %v", e.Key, e.err)
	}
	return fmt.Sprintf("web: %s %v", e.Key, e.Args)
}

func (e *webError) Unwrap() error { return e.err }

func notFound(key i18n.Key, args ...any) error {
	return &webError{Status: http.StatusNotFound, Key: key, Args: args}
}

func badRequest(key i18n.Key, args ...any) error {
	return &webError{Status: http.StatusBadRequest, Key: key, Args: args}
}

func internalError(err error) error {
	return &webError{Status: http.StatusInternalServerError, Key: i18n.KeyWebErrInternal, err: err}
}

// errorData is the content of the error page.
type errorData struct {
	Message string
	Links   []navLink
}

// navLink is a link with its text.
type navLink struct {
	Href, Text string
}

// errorPage fills pg with the error page of err and returns its template.
func (w *webPages) errorPage(r *http.Request, pg *page, err error) string {
	we, ok := err.(*webError)
	if !ok {
		we = &webError{Status: http.StatusInternalServerError, Key: i18n.KeyWebErrInternal, err: err}
	}
	if we.Status >= 500 {
		w.s.log.Error("web page", "path", r.URL.Path, "err", err)
	}
	pg.Status = we.Status
	pg.Title = pg.p.T(i18n.KeyWebErrTitle)
	if we.Status == http.StatusNotFound {
		pg.Title = pg.p.T(i18n.KeyWebErrNotFoundTitle)
	}
	pg.Data = errorData{Message: pg.p.T(we.Key, we.Args...), Links: []navLink{
		{pg.Href("/rules/"), pg.p.T(i18n.KeyWebNavRules)},
		{pg.Href("/sim/"), pg.p.T(i18n.KeyWebNavSims)},
	}}
	return "error"
}

// home is the site's front page.
func (w *webPages) home(r *http.Request, ix *kb.Index, pg *page) (string, error) {
	pg.Title = pg.p.T(i18n.KeyWebHomeTitle)
	m := ix.Meta()
	pg.Data = struct {
		CRDate string
		Links  []navLink
	}{m.CurrentCR, []navLink{
		{pg.Href("/rules/"), pg.p.T(i18n.KeyWebNavRules)},
		{pg.Href("/glossary/"), pg.p.T(i18n.KeyWebNavGlossary)},
		{pg.Href("/sim/"), pg.p.T(i18n.KeyWebNavSims)},
	}}
	return "home", nil
}
