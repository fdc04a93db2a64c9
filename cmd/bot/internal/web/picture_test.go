package web

import (
	"bytes"
	"html"
	"net/url"
	"regexp"
	"testing"

	"arbiter/cmd/bot/internal/sim"
	"arbiter/cmd/bot/internal/testutil"
	"arbiter/engine"
)

// pictureHrefRE finds the links of a page's board pictures.
var pictureHrefRE = regexp.MustCompile(`href="([^"]*/[0-9]+\.(?:png|svg)[^"]*)"`)

// TestPicturesInThePagesLanguage: every picture a simulation page links
// to, PNG and SVG, is drawn in the page's language, whatever the
// browser's Accept-Language says: the link carries the page's lang, and
// the PNG it gives is the one drawn for that language.
func TestPicturesInThePagesLanguage(t *testing.T) {
	t.Parallel()
	ts := webTestServer(t, testutil.EmbeddedIndex(t))
	src, err := engine.PresetSource("oubliette")
	if err != nil {
		t.Fatal(err)
	}
	code, err := sim.Encode(src)
	if err != nil {
		t.Fatal(err)
	}
	for name, page := range map[string]string{"preset": "/sim/oubliette", "link": "/sim/play?s=" + url.QueryEscape(code)} {
		for _, lang := range []string{"fr", "ja"} {
			t.Run(name+"/"+lang, func(t *testing.T) {
				path := withLang(page, lang)
				// A browser set to English, reading the page in lang.
				_, body := webGet(t, ts, path, "Accept-Language", "en")
				links := pictureHrefRE.FindAllStringSubmatch(string(body), -1)
				if len(links) < 4 {
					t.Fatalf("the page links %d pictures", len(links))
				}
				for _, m := range links {
					href := html.UnescapeString(m[1])
					u, err := url.Parse(href)
					if err != nil {
						t.Fatal(err)
					}
					if got := u.Query().Get("lang"); got != lang {
						t.Errorf("the page links %s, whose lang is %q", u.Path, got)
						continue
					}
					if u.Path[len(u.Path)-4:] != ".png" {
						continue
					}
					_, linked := webGet(t, ts, href, "Accept-Language", "en")
					q := u.Query()
					q.Set("lang", "en")
					u.RawQuery = q.Encode()
					_, english := webGet(t, ts, u.String())
					if bytes.Equal(linked, english) {
						t.Errorf("the picture %s is the English one", u.Path)
					}
				}
			})
		}
	}
}
