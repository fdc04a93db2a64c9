package web

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/testutil"
)

// chromiumPath is the headless browser the browser test drives; .ci/run
// installs it. ARBITER_CHROMIUM overrides it.
func chromiumPath(t *testing.T) string {
	t.Helper()
	p := os.Getenv("ARBITER_CHROMIUM")
	if p == "" {
		p = "/usr/bin/chromium"
	}
	if _, err := os.Stat(p); err != nil {
		t.Skipf("no browser at %s: %v", p, err)
	}
	return p
}

// testOutDir is where tests leave files for people to look at:
// $ARBITER_TEST_OUT/<name> when set, else a temporary folder.
func testOutDir(t *testing.T, name string) string {
	t.Helper()
	base := os.Getenv("ARBITER_TEST_OUT")
	if base == "" {
		return t.TempDir()
	}
	dir := filepath.Join(base, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// browser runs headless Chromium with a fresh profile, no network of its
// own (no updates, sync or QUIC) and the given arguments.
func browser(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	flags := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--hide-scrollbars", "--user-data-dir=" + t.TempDir()}
	cmd := exec.CommandContext(ctx, bin, append(flags, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium %s: %v\n%s", strings.Join(args, " "), err, tail(stderr.String(), 2000))
	}
	return out
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

var xrefRe = regexp.MustCompile(`<a href="(/rules/[^"]+)" class="xref">([^<]+)</a>`)

// TestWebBrowser opens a rule page and a simulation page in headless
// Chromium, follows a cross-reference of the rule as a reader would, and
// saves screenshots at phone and desktop widths.
func TestWebBrowser(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("drives a browser: skipped in -short mode")
	}
	bin := chromiumPath(t)
	ts := webTestServer(t, webCRIndex(t))
	out := testOutDir(t, "web")

	// The browser's DOM of the rule page: heading, text, a cross-reference.
	dom := string(browser(t, bin, "--dump-dom", ts.URL+"/rules/702.26?lang=fr"))
	if !strings.Contains(dom, "<h1>Règle 702.26 — Phasing</h1>") || !strings.Contains(dom, `<html lang="fr">`) {
		t.Fatalf("rule page DOM lacks its heading or language:\n%.600s", dom)
	}
	m := xrefRe.FindStringSubmatch(dom)
	if m == nil {
		t.Fatal("no cross-reference link in the rule page")
	}
	href, num := strings.ReplaceAll(m[1], "&amp;", "&"), m[2]
	target := string(browser(t, bin, "--dump-dom", ts.URL+href))
	if !strings.Contains(target, "<h1>Règle "+num) {
		t.Errorf("following %s did not open rule %s:\n%.600s", href, num, target)
	}

	// The simulation page renders its inline SVG boards.
	sim := string(browser(t, bin, "--dump-dom", ts.URL+"/sim/aura-phases-with-host?lang=ja"))
	if strings.Count(sim, "<svg") < 3 || !strings.Contains(sim, "ステップ1後の盤面") {
		t.Errorf("simulation DOM lacks its boards:\n%.600s", sim)
	}

	dark := "--blink-settings=preferredColorScheme=0" // prefers-color-scheme: dark
	shots := []struct {
		name, path string
		w, h       int
		flags      []string
	}{
		{"rule-702.26-fr-phone.png", "/rules/702.26?lang=fr", 390, 1600, nil},
		{"rule-702.26-en-desktop.png", "/rules/702.26?lang=en", 1280, 1000, nil},
		{"sim-blocker-phases-out-en-phone.png", "/sim/blocker-phases-out?lang=en", 390, 2400, nil},
		{"sim-aura-phases-with-host-fr-desktop.png", "/sim/aura-phases-with-host?lang=fr", 1280, 1400, nil},
		{"card-march-of-swirling-mist-ja-phone.png", "/cards/March%20of%20Swirling%20Mist?lang=ja", 390, 1200, nil},
		{"sim-blocker-phases-out-ja-phone-dark.png", "/sim/blocker-phases-out?lang=ja", 390, 1600, []string{dark}},
		{"rule-702.26-en-desktop-dark.png", "/rules/702.26?lang=en", 1280, 1000, []string{dark}},
	}
	for _, s := range shots {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			file := filepath.Join(out, s.name)
			args := append(append([]string{}, s.flags...), "--screenshot="+file, "--window-size="+strconv.Itoa(s.w)+","+strconv.Itoa(s.h), ts.URL+s.path)
			browser(t, bin, args...)
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if got := img.Bounds().Size(); got.X != s.w || got.Y != s.h {
				t.Errorf("screenshot %v, want %dx%d", got, s.w, s.h)
			}
			if n := testutil.DistinctColors(img); n < 16 {
				t.Errorf("screenshot has %d colours: the page did not render", n)
			}
		})
	}
	t.Logf("screenshots in %s", out)
}
