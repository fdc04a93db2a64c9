package web

import (
	"net/http"
	"strings"
	"testing"

	"arbiter/cmd/bot/internal/testutil"
)

// TestWebDiff serves the changes between the two real CR releases: every
// list is there with its count, renumbered and changed rules link to their
// current pages (which exist), a word diff marks insertions and deletions,
// and a release the index does not hold is a localized 404.
func TestWebDiff(t *testing.T) {
	t.Parallel()
	ix := testutil.ReleasesIndex(t)
	ts := webTestServer(t, ix)

	resp, body := webGet(t, ts, "/diff/2026-01-16/2026-04-17?lang=fr")
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d", resp.StatusCode)
	}
	page := string(body)
	for _, want := range []string{
		`<html lang="fr">`,
		"Changements des Règles complètes du 16 janvier 2026 au 17 avril 2026",
		"25 règles ajoutées", "118 règles renumérotées", "32 règles modifiées",
		`<a href="/rules/702.190?lang=fr">702.190</a>`,
		"722 → <a href=\"/rules/723?lang=fr\">723</a>",
		"<del>732,</del>", "<ins>733,</ins>",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	resp, body = webGet(t, ts, "/diff/2025-11-14/2026-04-17?lang=ja")
	if resp.StatusCode != http.StatusNotFound || !strings.Contains(string(body), "このインデックスには総合ルール") {
		t.Errorf("unknown release: status %d", resp.StatusCode)
	}
}
