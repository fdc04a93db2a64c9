package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"arbiter/cmd/bot/internal/render"
	"arbiter/cmd/bot/internal/testutil"
	"arbiter/engine"
	"arbiter/i18n"
	"arbiter/kb"
)

// webCRIndex indexes the embedded corpus and the real Comprehensive Rules
// of 2026-04-17 in memory.
func webCRIndex(t testing.TB) *kb.Index {
	t.Helper()
	return testutil.CRIndex(t, nil)
}

// webTestServer serves the web pages of ix.
func webTestServer(t testing.TB, ix *kb.Index) *httptest.Server {
	t.Helper()
	pages, err := New(Config{CacheSeconds: 60}, testutil.Catalog(t), func() (Index, func()) { return ix, func() {} }, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	pages.Routes(mux)
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return ts
}

// webGet fetches a path and returns the response and its body.
func webGet(t testing.TB, ts *httptest.Server, path string, header ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", ts.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, b
}

// webGolden compares got with testdata/pages/name, or rewrites it with -update.
func webGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	testutil.Golden(t, filepath.Join("testdata", "pages", name), got)
}

var hrefRe = regexp.MustCompile(`href="([^"]*)"`)

// internalLinks returns the site-relative links of a page, unescaped.
func internalLinks(page []byte) []string {
	var out []string
	for _, m := range hrefRe.FindAllSubmatch(page, -1) {
		h := strings.ReplaceAll(string(m[1]), "&amp;", "&")
		if strings.HasPrefix(h, "/") && !strings.HasPrefix(h, "//") {
			out = append(out, h)
		}
	}
	return out
}

func TestWebPages(t *testing.T) {
	t.Parallel()
	ix := webCRIndex(t)
	ts := webTestServer(t, ix)

	t.Run("golden", func(t *testing.T) {
		for _, row := range []struct{ name, path string }{
			{"rule-702.26.en.html", "/rules/702.26?lang=en"},
			{"rule-702.26.fr.html", "/rules/702.26?lang=fr"},
			{"rule-702.26.ja.html", "/rules/702.26?lang=ja"},
			{"rule-702.26b.fr.html", "/rules/702.26b?lang=fr"},
			{"rule-old-502.15h.fr.html", "/rules/502.15h?lang=fr"},
			{"rules-index.en.html", "/rules/?lang=en"},
			{"glossary-phasing.ja.html", "/glossary/phasing?lang=ja"},
			{"card-march-of-swirling-mist.fr.html", "/cards/March%20of%20Swirling%20Mist?lang=fr"},
			{"sims.fr.html", "/sim/?lang=fr"},
			{"sim-aura-phases-with-host.en.html", "/sim/aura-phases-with-host?lang=en"},
			{"sim-blocker-phases-out.ja.html", "/sim/blocker-phases-out?lang=ja"},
			{"sim-ygo-end-phase.fr.html", "/sim/ygo-end-phase?lang=fr"},
		} {
			t.Run(row.name, func(t *testing.T) {
				res, body := webGet(t, ts, row.path)
				if res.StatusCode != 200 {
					t.Fatalf("GET %s: %d", row.path, res.StatusCode)
				}
				if bytes.Contains(body, []byte(`>!web.`)) || bytes.Contains(body, []byte(`"!web.`)) || bytes.Contains(body, []byte("%!")) {
					t.Errorf("GET %s renders a missing message or a bad format", row.path)
				}
				webGolden(t, row.name, body)
			})
		}
	})

	t.Run("status", func(t *testing.T) {
		for _, row := range []struct {
			name, path string
			status     int
			ctype      string
			contains   string
		}{
			{"rule", "/rules/702.26a", 200, "text/html", "Rule 702.26a"},
			{"rule typed loosely", "/rules/CR%20702.26A.", 200, "text/html", "Rule 702.26a"},
			{"part", "/rules/7", 200, "text/html", "Part 7 — Additional Rules"},
			{"section", "/rules/702?lang=fr", 200, "text/html", "Section 702 — Keyword Abilities"},
			{"unknown rule", "/rules/999.99", 404, "text/html", "There is no rule 999.99"},
			{"not a number", "/rules/phasing", 400, "text/html", "is not a rule number"},
			{"unknown card", "/cards/Nothing%20Like%20This%20Card%20Zzqx", 404, "text/html", "No card found"},
			{"unknown term", "/glossary/no-such-term", 404, "text/html", "The glossary has no term"},
			{"unknown preset", "/sim/no-such-preset", 404, "text/html", "There is no simulation named"},
			{"preset with a path trick", "/sim/..%2Fetc", 404, "text/html", ""},
			{"png", "/sim/oubliette/1.png", 200, "image/png", "\x89PNG"},
			{"initial png", "/sim/oubliette/0.png", 200, "image/png", "\x89PNG"},
			{"svg", "/sim/oubliette/1.svg?lang=ja", 200, "image/svg+xml", "<title id=\"b-t\">ステップ1後の盤面</title>"},
			{"step past the end", "/sim/oubliette/99.png", 404, "text/plain", "no picture"},
			{"step not a number", "/sim/oubliette/x.png", 404, "text/plain", "no picture"},
			{"step with leading zero", "/sim/oubliette/01.png", 404, "text/plain", "no picture"},
			{"negative step", "/sim/oubliette/-1.png", 404, "text/plain", "no picture"},
			{"other extension", "/sim/oubliette/1.gif", 404, "text/plain", "no picture"},
			{"png of unknown preset", "/sim/nope/1.png", 404, "text/plain", "There is no simulation"},
			{"accept-language", "/rules/702.26", 200, "text/html", "Règle 702.26"},
			{"markup in a card name", "/cards/%3Cscript%3Ealert(1)%3C%2Fscript%3E", 404, "text/html", "&lt;script&gt;"},
			{"markup in a rule number", "/rules/%3Cb%3E", 400, "text/html", "&lt;b&gt;"},
		} {
			t.Run(row.name, func(t *testing.T) {
				var hdr []string
				if row.name == "accept-language" {
					hdr = []string{"Accept-Language", "fr-CA,fr;q=0.9,en;q=0.5"}
				}
				res, body := webGet(t, ts, row.path, hdr...)
				if res.StatusCode != row.status {
					t.Errorf("status %d, want %d", res.StatusCode, row.status)
				}
				if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, row.ctype) {
					t.Errorf("Content-Type %q, want %s", ct, row.ctype)
				}
				if bytes.Contains(body, []byte("<script")) || bytes.Contains(body, []byte("<b>")) {
					t.Error("the page echoes markup")
				}
				if !bytes.Contains(body, []byte(row.contains)) {
					t.Errorf("body lacks %q:\n%.400s", row.contains, body)
				}
				csp := res.Header.Get("Content-Security-Policy")
				for _, want := range []string{"default-src 'self'", "img-src 'self' data:", "style-src 'self' 'unsafe-inline'"} {
					if !strings.Contains(csp, want) {
						t.Errorf("CSP %q lacks %q", csp, want)
					}
				}
				if res.Header.Get("X-Content-Type-Options") != "nosniff" {
					t.Error("no X-Content-Type-Options: nosniff")
				}
			})
		}
	})

	t.Run("page structure", func(t *testing.T) {
		for _, lang := range []string{"en", "fr", "ja"} {
			for _, path := range []string{"/rules/702.26", "/sim/aura-phases-with-host", "/cards/March%20of%20Swirling%20Mist", "/glossary/phasing", "/rules/"} {
				t.Run(lang+path, func(t *testing.T) {
					res, body := webGet(t, ts, path+"?lang="+lang)
					if res.StatusCode != 200 {
						t.Fatalf("status %d", res.StatusCode)
					}
					page := string(body)
					for _, want := range []string{`<html lang="` + lang + `">`, `<main id="main">`, "<h1>", `<nav aria-label=`, `name="viewport"`} {
						if !strings.Contains(page, want) {
							t.Errorf("page lacks %s", want)
						}
					}
					if res.Header.Get("Content-Language") != lang {
						t.Errorf("Content-Language %q", res.Header.Get("Content-Language"))
					}
					// No external request: no script, no remote stylesheet, font or image.
					for _, bad := range []string{"<script", "<link rel=\"stylesheet\"", "@import", "@font-face", `src="http`} {
						if strings.Contains(page, bad) {
							t.Errorf("page holds %s", bad)
						}
					}
					if strings.Contains(path, "/sim/") {
						if n := strings.Count(page, "<svg "); n != strings.Count(page, "<title id=") || n < 2 {
							t.Errorf("%d boards, %d titled", n, strings.Count(page, "<title id="))
						}
					}
				})
			}
		}
	})

	t.Run("cross references", func(t *testing.T) {
		cat, _ := i18n.Load()
		pg := &page{p: cat.Printer(i18n.EN), Lang: "en"}
		_ = pg
		for _, row := range []struct {
			name, text string
			want       []string
		}{
			{"see rule", "A permanent that phases out is removed from combat. (See rule 506.4.)", []string{"/rules/506.4?lang=fr"}},
			{"two rules", "(See rules 704.5m and 704.5n.)", []string{"/rules/704.5m?lang=fr", "/rules/704.5n?lang=fr"}},
			{"bare section after rule", "as described in rule 613", []string{"/rules/613?lang=fr"}},
			{"part", "The rules in section 8 apply.", []string{"/rules/8?lang=fr"}},
			{"number that is no rule", "rule 999.9 does not exist", nil},
			{"list of sections", "rules 601 and 602 apply", []string{"/rules/601?lang=fr", "/rules/602?lang=fr"}},
			{"bare number after a rule", "rule 702.26b and 100 cards", []string{"/rules/702.26b?lang=fr"}},
			{"three digits without rule", "a deck of 100 cards", nil},
			{"the page itself", "See rule 702.26.", nil},
			{"french", "La règle 702.26b dit tout.", []string{"/rules/702.26b?lang=fr"}},
			{"range of subrules", "See rules 702.26a–e.", []string{"/rules/702.26a?lang=fr"}},
			{"part of a longer number", "It costs 1234 or 702.26b7.", nil},
			{"end of text", "rule 702.26", nil},
			{"part at the end", "see section 1", []string{"/rules/1?lang=fr"}},
			{"sections", "Sections 5 and 6 apply.", []string{"/rules/5?lang=fr"}},
		} {
			t.Run(row.name, func(t *testing.T) {
				lk := newTextLinker(context.Background(), ix, nil, "fr", "702.26")
				got := internalLinks([]byte(lk.HTML(row.text)))
				if strings.Join(got, " ") != strings.Join(row.want, " ") {
					t.Errorf("links %q, want %q", got, row.want)
				}
			})
		}
		gw := &Pages{}
		gl, err := gw.glossaryLinks(context.Background(), ix)
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range []struct {
			name, text string
			want       []string
		}{
			{"phrase then word inside it", "During the untap step, the player's untap step, untap all.", []string{"/glossary/untap-step?lang=en", "/glossary/untap?lang=en"}},
			{"once a page", "Phasing and phasing again.", []string{"/glossary/phasing?lang=en"}},
			{"plural", "Two continuous effects apply.", []string{"/glossary/continuous-effect?lang=en"}},
			{"everyday word left alone", "The player draws a card.", nil},
			{"inside a word", "Unphasingly.", nil},
		} {
			t.Run("glossary "+row.name, func(t *testing.T) {
				lk := newTextLinker(context.Background(), ix, gl, "en", "")
				got := internalLinks([]byte(lk.HTML(row.text)))
				if strings.Join(got, " ") != strings.Join(row.want, " ") {
					t.Errorf("links %q, want %q", got, row.want)
				}
			})
		}
		lk := newTextLinker(context.Background(), ix, nil, "en", "")
		if got := string(lk.HTML(`<b>"rule 506.4"</b>` + "\nnext")); got != `&lt;b&gt;&#34;rule <a href="/rules/506.4?lang=en" class="xref">506.4</a>&#34;&lt;/b&gt;<br>next` {
			t.Errorf("escaping: %s", got)
		}
	})

	t.Run("gzip", func(t *testing.T) {
		for _, row := range []struct {
			name, accept string
			gzipped      bool
		}{
			{"gzip", "gzip, deflate, br", true},
			{"gzip refused", "gzip;q=0, deflate", false},
			{"none", "", false},
		} {
			t.Run(row.name, func(t *testing.T) {
				req, _ := http.NewRequest("GET", ts.URL+"/rules/702.26?lang=en", nil)
				req.Header.Set("Accept-Encoding", row.accept)
				tr := &http.Transport{DisableCompression: true}
				res, err := (&http.Client{Transport: tr}).Do(req)
				if err != nil {
					t.Fatal(err)
				}
				defer res.Body.Close()
				body, _ := io.ReadAll(res.Body)
				if got := res.Header.Get("Content-Encoding") == "gzip"; got != row.gzipped {
					t.Fatalf("gzipped = %v, want %v", got, row.gzipped)
				}
				if row.gzipped {
					zr, err := gzip.NewReader(bytes.NewReader(body))
					if err != nil {
						t.Fatal(err)
					}
					if body, err = io.ReadAll(zr); err != nil {
						t.Fatal(err)
					}
				}
				if !bytes.Contains(body, []byte("<h1>Rule 702.26 — Phasing</h1>")) {
					t.Error("body is not the page")
				}
			})
		}
	})

	t.Run("neighbours", func(t *testing.T) {
		for _, row := range []struct{ num, prev, next string }{
			{"702.26b", "702.26a", "702.26c"},
			{"702.26a", "", "702.26b"},
			{"702.26k", "702.26j", "702.26m"}, // no 702.26l
			{"702.26p", "702.26n", ""},        // no 702.26o
			{"702.26", "702.25", "702.27"},
			{"702.1", "", "702.2"},
			{"702", "701", "703"},
			{"700", "", "701"},
			{"1", "", "2"},
			{"9", "8", ""},
		} {
			t.Run(row.num, func(t *testing.T) {
				cat, _ := i18n.Load()
				w := &Pages{}
				prev, next := w.neighbours(context.Background(), ix, &page{p: cat.Printer(i18n.EN)}, row.num)
				ref := func(l *navLink) string {
					if l == nil {
						return ""
					}
					return strings.TrimPrefix(l.Href, "/rules/")
				}
				if ref(prev) != row.prev || ref(next) != row.next {
					t.Errorf("neighbours %q, %q; want %q, %q", ref(prev), ref(next), row.prev, row.next)
				}
			})
		}
	})

	t.Run("doc paths", func(t *testing.T) {
		ctx := context.Background()
		for _, row := range []struct{ id, want string }{
			{"cr:702.26b", "/rules/702.26b"},
			{"cr:702", "/rules/702"},
			{"glossary:phasing", "/glossary/phasing"},
			{"forum-dephasage-502.15i", "/rules/502.15i"},
		} {
			d, ok := ix.Doc(ctx, row.id)
			if !ok {
				t.Fatalf("no doc %s", row.id)
			}
			got := render.DocPath(d)
			if got != row.want {
				t.Errorf("render.DocPath(%s) = %q, want %q", row.id, got, row.want)
			}
			if res, _ := webGet(t, ts, got); res.StatusCode != 200 {
				t.Errorf("GET %s: %d", got, res.StatusCode)
			}
		}
		for _, row := range []struct {
			name string
			doc  kb.Doc
			want string
		}{
			{"ruling", kb.Doc{Kind: kb.KindRuling, Game: "mtg", Card: "Teferi's Protection"}, "/cards/Teferi%27s%20Protection"},
			{"article with a simulation", kb.Doc{Kind: kb.KindDoc, Game: "mtg", Preset: "oubliette"}, "/sim/oubliette"},
			{"Yu-Gi-Oh! ruling", kb.Doc{Kind: kb.KindRuling, Game: "ygo", Card: "Kuribandit"}, ""},
			{"older release", kb.Doc{ID: "cr@2026-01-16:702.26b", Kind: kb.KindRule, Ref: "702.26b"}, ""},
			{"article", kb.Doc{Kind: kb.KindDoc, Game: "mtg", Ref: "2"}, ""},
		} {
			if got := render.DocPath(row.doc); got != row.want {
				t.Errorf("%s: render.DocPath = %q, want %q", row.name, got, row.want)
			}
		}
		// Every corpus document a web page exists for resolves.
		checked := 0
		for _, d := range []string{"ruling", "doc", "rule"} {
			res, err := ix.Search(ctx, kb.Query{Text: "phasing " + d, Lang: "en", K: 20})
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range res.Hits {
				if p := render.DocPath(h.Doc); p != "" {
					checked++
					if r, _ := webGet(t, ts, p); r.StatusCode != 200 {
						t.Errorf("GET %s (for %s): %d", p, h.Doc.ID, r.StatusCode)
					}
				}
			}
		}
		if checked == 0 {
			t.Error("no search hit has a web page")
		}
	})

	t.Run("obsolete rule", func(t *testing.T) {
		_, body := webGet(t, ts, "/rules/502.15h?lang=en")
		page := string(body)
		for _, want := range []string{"502.15h is a number from an older edition", `href="/rules/702.26d?lang=en"`, "Current rule 702.26d"} {
			if !strings.Contains(page, want) {
				t.Errorf("old rule page lacks %q", want)
			}
		}
	})

	t.Run("cited by", func(t *testing.T) {
		_, body := webGet(t, ts, "/rules/702.26?lang=ja")
		page := string(body)
		fr := strings.Index(page, `<p lang="fr">`)
		ja := strings.Index(page, `<p lang="ja">`)
		if fr < 0 || ja < 0 || ja > fr {
			t.Errorf("the Japanese clarifications (at %d) should come before the French ones (at %d)", ja, fr)
		}
		if !strings.Contains(page, `href="/sim/`) {
			t.Error("no clarification links its simulation")
		}
	})

	t.Run("link checker", func(t *testing.T) {
		if testing.Short() {
			t.Skip("every rule page: skipped in -short mode")
		}
		rules, err := ix.CurrentRules(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		ok := map[string]bool{}
		from := map[string]string{} // target -> a page linking to it
		pages := 0
		// Four requests at a time; results are gathered on this goroutine.
		type fetched struct {
			path   string
			status int
			body   []byte
			err    error
		}
		paths := make(chan string)
		results := make(chan fetched)
		var wg sync.WaitGroup
		for i := 0; i < 4; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for p := range paths {
					res, err := ts.Client().Get(ts.URL + p)
					f := fetched{path: p, err: err}
					if err == nil {
						f.status = res.StatusCode
						f.body, f.err = io.ReadAll(res.Body)
						res.Body.Close()
					}
					results <- f
				}
			}()
		}
		go func() {
			for _, r := range rules {
				paths <- "/rules/" + r.Ref + "?lang=en"
			}
			close(paths)
			wg.Wait()
			close(results)
		}()
		for f := range results {
			pages++
			if f.err != nil || f.status != 200 {
				t.Errorf("GET %s: %d %v", f.path, f.status, f.err)
				continue
			}
			ok[f.path] = true
			for _, h := range internalLinks(f.body) {
				if _, seen := from[h]; !seen {
					from[h] = f.path
				}
			}
		}
		targets := make([]string, 0, len(from))
		for h := range from {
			targets = append(targets, h)
		}
		sort.Strings(targets)
		rulesLinked := 0
		for _, h := range targets {
			if strings.HasPrefix(h, "/rules/") {
				rulesLinked++
			}
			if ok[h] {
				continue
			}
			res, _ := webGet(t, ts, h)
			if res.StatusCode != 200 {
				t.Errorf("dead link %s (on %s): %d", h, from[h], res.StatusCode)
			}
		}
		if pages < 3000 || rulesLinked < 3000 {
			t.Errorf("checked %d pages and %d rule links; the CR has more", pages, rulesLinked)
		}
		t.Logf("%d rule pages, %d distinct internal links, all resolve", pages, len(targets))
	})
}

// TestWebMessages checks that every message the templates and the board
// name exists in the three languages.
func TestWebMessages(t *testing.T) {
	t.Parallel()
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	keyRe := regexp.MustCompile(`\.T "([a-z0-9_.]+)"`)
	var keys []string
	err = fs.WalkDir(templateFS, "templates", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(templateFS, p)
		for _, m := range keyRe.FindAllSubmatch(b, -1) {
			keys = append(keys, string(m[1]))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) < 20 {
		t.Fatalf("found %d keys in the templates", len(keys))
	}
	for _, z := range []string{engine.ZoneBattlefield, engine.ZoneGraveyard, engine.ZoneExile, engine.ZoneHand, engine.ZoneLibrary, engine.ZoneGone} {
		keys = append(keys, "web.zone."+z)
	}
	games := map[string]bool{}
	for _, p := range engine.Presets() {
		games[p.Game] = true
	}
	for g := range games {
		keys = append(keys, "web.game."+g)
	}
	for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
		p := cat.Printer(l)
		for _, k := range keys {
			if !p.Has(i18n.Key(k)) {
				t.Errorf("%s has no message %s", l, k)
			}
		}
	}
}

func TestParseTemplates(t *testing.T) {
	t.Parallel()
	pages, err := parseTemplates(templateFS)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"home", "error", "rule", "rules", "glossary", "glossaryindex", "card", "sims", "sim", "ask"} {
		if pages[name] == nil {
			t.Errorf("no template %s", name)
		}
	}
}
