package web

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/cmd/bot/internal/sim"
	"arbiter/cmd/bot/internal/testutil"
)

// playScenario is a scenario pasted on the page: Serra Angel flies over
// Grizzly Bears.
func playScenario(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "discord", "testdata", "scenarios", "angel-over-bears.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// post sends the scenario form without following the redirect.
func post(t *testing.T, ts *httptest.Server, path, scenario string) (*http.Response, []byte) {
	t.Helper()
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := c.PostForm(ts.URL+path, url.Values{"scenario": {scenario}})
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, b
}

// shareLink is the link to share a page holds.
func shareLink(t *testing.T, page []byte) string {
	t.Helper()
	_, rest, ok := bytes.Cut(page, []byte(`<p class="share">`))
	if !ok {
		t.Fatalf("no share link in the page")
	}
	_, rest, _ = bytes.Cut(rest, []byte(`href="`))
	link, _, _ := bytes.Cut(rest, []byte(`"`))
	return html.UnescapeString(string(link))
}

// TestPlayPage posts a scenario to the scenario page, follows the
// redirection to the link that holds it, and checks the run, the link's
// round trip, the pictures and the refusals.
func TestPlayPage(t *testing.T) {
	t.Parallel()
	ts := webTestServer(t, testutil.EmbeddedIndex(t))
	src := playScenario(t)

	res, body := webGet(t, ts, "/sim/play?lang=en")
	if res.StatusCode != 200 || !bytes.Contains(body, []byte(`<form class="play" method="post" action="/sim/play?lang=en">`)) ||
		!bytes.Contains(body, []byte(`<textarea id="scenario" name="scenario"`)) {
		t.Fatalf("GET /sim/play: %d\n%.600s", res.StatusCode, body)
	}
	if bytes.Contains(body, []byte(`class="share"`)) {
		t.Error("the example, from no link, has a share link")
	}

	res, _ = post(t, ts, "/sim/play?lang=fr", string(src))
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/sim/play?lang=fr&s=") {
		t.Fatalf("POST: %d, Location %q", res.StatusCode, loc)
	}
	u, _ := url.Parse(loc)
	back, err := sim.Decode(u.Query().Get("s"), 64<<10)
	if err != nil || !bytes.Equal(back, src) {
		t.Fatalf("the link's code gives %q, %v", back, err)
	}
	res, page := webGet(t, ts, loc)
	if res.StatusCode != 200 {
		t.Fatalf("GET %s: %d", loc, res.StatusCode)
	}
	for _, want := range []string{
		"Serra Angel attaque Bob.",
		"Grizzly Bears ne peut pas bloquer Serra Angel.",
		"Tenter ceci, qui doit être refusé",
		"Les 3 vérifications réussissent.",
		`<textarea id="scenario" name="scenario" rows="18" spellcheck="false" autocapitalize="off" required>game: mtg`,
	} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("page lacks %q", want)
		}
	}
	share := shareLink(t, page)
	if su, _ := url.Parse(share); su.Query().Get("s") != u.Query().Get("s") {
		t.Errorf("share link %q does not hold the scenario of %q", share, loc)
	}
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") || !strings.Contains(csp, "form-action 'self'") {
		t.Errorf("CSP %q", csp)
	}
	if bytes.Contains(page, []byte("<script")) || bytes.Contains(page, []byte(`src="http`)) {
		t.Error("the page loads scripts or remote resources")
	}
	webGolden(t, "sim-play-angel.fr.html", page)

	code := url.QueryEscape(u.Query().Get("s"))
	for _, row := range []struct {
		path, ctype string
		status      int
	}{
		{"/sim/play/2.png?s=" + code, "image/png", 200},
		{"/sim/play/0.svg?lang=ja&s=" + code, "image/svg+xml", 200},
		{"/sim/play/9.png?s=" + code, "text/plain", 404},
		{"/sim/play/1.png?s=1AAAA", "text/plain", 404},
		{"/sim/play/1.png", "text/plain", 404},
	} {
		res, _ := webGet(t, ts, row.path)
		if res.StatusCode != row.status || !strings.HasPrefix(res.Header.Get("Content-Type"), row.ctype) {
			t.Errorf("GET %s: %d %s, want %d %s", row.path, res.StatusCode, res.Header.Get("Content-Type"), row.status, row.ctype)
		}
	}

	t.Run("invalid scenario", func(t *testing.T) {
		bad := strings.Replace(string(src), "defender: Bob", "defender: Carol", 1)
		res, _ := post(t, ts, "/sim/play?lang=en", bad)
		res, page := webGet(t, ts, res.Header.Get("Location"))
		if res.StatusCode != http.StatusBadRequest {
			t.Errorf("status %d", res.StatusCode)
		}
		if !bytes.Contains(page, []byte("the scenario, line 9: invalid scenario:")) || !bytes.Contains(page, []byte("Carol")) {
			t.Errorf("page lacks the error with its line:\n%.3000s", page)
		}
	})
	t.Run("link without a scenario", func(t *testing.T) {
		res, page := webGet(t, ts, "/sim/play?lang=en&s=1%21%21")
		if res.StatusCode != http.StatusBadRequest || !bytes.Contains(page, []byte("This link does not hold a scenario that can be read")) {
			t.Errorf("status %d\n%.2000s", res.StatusCode, page)
		}
	})
	t.Run("too large for a link", func(t *testing.T) {
		// Permanents with random names do not compress below the link's cap.
		rng := rand.New(rand.NewPCG(3, 4))
		var b strings.Builder
		b.WriteString("game: mtg\nplayers: [Alice, Bob]\npermanents:\n")
		for i := range 95 {
			name := make([]byte, 90)
			for j := range name {
				name[j] = "abcdefghijklmnopqrstuvwxyz"[rng.IntN(26)]
			}
			fmt.Fprintf(&b, "  - {id: p%d, name: %s, types: [artifact], controller: Alice}\n", i, name)
		}
		b.WriteString("actions:\n  - phase_out: [p1]\n")
		res, page := post(t, ts, "/sim/play?lang=en", b.String())
		if res.StatusCode != 200 || !bytes.Contains(page, []byte("too large to fit in a link")) || bytes.Contains(page, []byte(`class="share"`)) {
			t.Errorf("status %d\n%.3000s", res.StatusCode, page)
		}
		if !bytes.Contains(page, []byte("Step 1")) {
			t.Error("the scenario is not played")
		}
	})
	t.Run("over the size limit", func(t *testing.T) {
		res, page := post(t, ts, "/sim/play?lang=fr", string(src)+strings.Repeat("# padding\n", 7000))
		if res.StatusCode == http.StatusSeeOther {
			res, page = webGet(t, ts, res.Header.Get("Location"))
		}
		if res.StatusCode != http.StatusBadRequest && res.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("status %d", res.StatusCode)
		}
		if !bytes.Contains(page, []byte("le scénario est trop long (64 Kio au plus)")) {
			t.Errorf("page lacks the limit:\n%.3000s", page)
		}
		res, page = post(t, ts, "/sim/play?lang=fr", strings.Repeat("x", 256<<10))
		if res.StatusCode != http.StatusRequestEntityTooLarge || !bytes.Contains(page, []byte("le scénario est trop long (64 Kio au plus)")) {
			t.Errorf("a form over its limit: %d\n%.3000s", res.StatusCode, page)
		}
	})
}

// TestPlayRealCards plays a scenario of real cards given by French names
// on the page: they are named in the page's language with the English
// name beside.
func TestPlayRealCards(t *testing.T) {
	t.Parallel()
	ix := testutil.CardsIndex(t, "Serra Angel", "Grizzly Bears")
	ts := webTestServer(t, ix)
	src := strings.Replace(strings.Replace(string(playScenario(t)),
		"{id: angel, name: Serra Angel, types: [creature],", "{id: angel, card: Ange de Serra,", 1),
		"keywords: [flying, vigilance], ", "", 1)
	res, _ := post(t, ts, "/sim/play?lang=fr", src)
	res, page := webGet(t, ts, res.Header.Get("Location"))
	if res.StatusCode != 200 {
		t.Fatalf("status %d\n%.2000s", res.StatusCode, page)
	}
	if !bytes.Contains(page, []byte("Ange de Serra (Serra Angel) attaque Bob.")) {
		t.Errorf("the card is not named in French with its English name:\n%.5000s", page)
	}
	if !bytes.Contains(page, []byte("Les 3 vérifications réussissent.")) {
		t.Error("the real card does not fly and keep vigilance as its text says")
	}
}
