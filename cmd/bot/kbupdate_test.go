package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"arbiter/cmd/bot/internal/discord/discordtest"
	"arbiter/cmd/bot/internal/render"
	"arbiter/cmd/bot/internal/testutil"
)

// fakeUpstream serves the official files the way Scryfall and Wizards of the
// Coast do: a rules page linking the CR text, a bulk-data list, the bulk
// files. The bulk files are the first lines of the shared data files, to keep
// the test short.
type fakeUpstream struct {
	*httptest.Server
	cr          atomic.Value // file name of the CR release served
	failRulings atomic.Bool
}

func newFakeUpstream(t *testing.T, data string) *fakeUpstream {
	t.Helper()
	f := &fakeUpstream{}
	f.cr.Store("MagicCompRules_20260116.txt")
	head := func(file string, n int) []byte {
		fh, err := os.Open(filepath.Join(data, file))
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		var b bytes.Buffer
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<22)
		for i := 0; i < n && sc.Scan(); i++ {
			b.Write(sc.Bytes())
			b.WriteByte('\n')
		}
		return b.Bytes()
	}
	cards := head("mtg/cards/cards-multilang-mtgjson-20220425.jsonl", 500)
	rulings := head("mtg/rulings/rulings-mtgjson-20220425.jsonl", 500)
	mux := http.NewServeMux()
	mux.HandleFunc("/en/rules", func(w http.ResponseWriter, r *http.Request) {
		name := f.cr.Load().(string)
		date := strings.TrimSuffix(strings.TrimPrefix(name, "MagicCompRules_"), ".txt")
		fmt.Fprintf(w, `<html><body><a href="%s/downloads/MagicCompRules %s.txt">TXT</a></body></html>`, f.URL, date)
	})
	mux.HandleFunc("/downloads/", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, filepath.Join(data, "mtg/cr", f.cr.Load().(string)))
	})
	mux.HandleFunc("/bulk-data", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"object":"list","data":[{"type":"rulings","download_uri":"%[1]s/files/rulings.json"},{"type":"all_cards","download_uri":"%[1]s/files/cards.json"}]}`, f.URL)
	})
	mux.HandleFunc("/files/rulings.json", func(w http.ResponseWriter, r *http.Request) {
		if f.failRulings.Load() {
			http.Error(w, "unavailable", http.StatusServiceUnavailable)
			return
		}
		w.Write(rulings)
	})
	mux.HandleFunc("/files/cards.json", func(w http.ResponseWriter, r *http.Request) { w.Write(cards) })
	f.Server = httptest.NewServer(mux)
	t.Cleanup(f.Close)
	return f
}

// TestKBUpdateLifecycle updates an index from a stand-in of the official
// sites: a first build, a failed download, a new release kept pending
// and announced on Discord, its promotion, then both releases by date.
// It runs in parallel with the tests that leave discordgo's endpoints
// alone: the stand-in of Discord's REST API redirects them while it runs
// (the tests that redirect them too, startServe's, are not parallel).
func TestKBUpdateLifecycle(t *testing.T) {
	t.Parallel()
	data := testutil.SharedDataDir(t)
	up := newFakeUpstream(t, data)
	dir := filepath.Join(t.TempDir(), "index")
	tmp := t.TempDir()
	// A failed download is not tried again: the retries and their backoff
	// are the transport's tests'.
	update := func(extra ...string) (int, string, string) {
		return runCLI(t, append([]string{"kb", "update", "--out", dir, "--tmp", tmp, "--json", "--retries", "0",
			"--scryfall-api", up.URL, "--rules-page", up.URL + "/en/rules"}, extra...)...)
	}
	current := func() string {
		t.Helper()
		code, out, errs := runCLI(t, "rule", "--index", dir, "--json", "100.1")
		if code != 0 {
			t.Fatalf("rule: exit %d: %s", code, errs)
		}
		var r render.RuleAnswer
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		return r.Rule.CRDate
	}

	// A failing download with no index yet says that nothing was written
	// (and not that an index keeps serving).
	up.failRulings.Store(true)
	code, _, errs := update()
	if code != 1 || !strings.Contains(errs, "nothing was written to "+dir) || strings.Contains(errs, "keeps serving") {
		t.Fatalf("update with no index and a failing upstream: exit %d: %s", code, errs)
	}
	up.failRulings.Store(false)

	// First update: nothing serves yet, the release is built in place.
	code, out, errs := update()
	if code != 0 {
		t.Fatalf("first update: exit %d: %s", code, errs)
	}
	var res struct {
		Pending   bool   `json:"pending"`
		CurrentCR string `json:"current_cr"`
		Docs      int    `json:"docs"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if res.Pending || res.CurrentCR != "2026-01-16" || res.Docs < 3000 {
		t.Fatalf("first update = %+v", res)
	}
	if got := current(); got != "2026-01-16" {
		t.Fatalf("serving CR %s, want 2026-01-16", got)
	}

	// A failing download changes nothing and leaves nothing behind.
	up.cr.Store("MagicCompRules_20260417.txt")
	up.failRulings.Store(true)
	if code, _, errs := update(); code != 1 || !strings.Contains(errs, "the current index keeps serving") {
		t.Fatalf("update with a failing upstream: exit %d, want 1: %s", code, errs)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("downloads left behind: %v", left)
	}
	if got := current(); got != "2026-01-16" {
		t.Fatalf("after a failed update serving CR %s", got)
	}

	// A new release waits for promotion, and its summary is posted to the
	// configured Discord channel, pinging nobody.
	up.failRulings.Store(false)
	fake := discordtest.NewREST(t, nil)
	var outb, errb bytes.Buffer
	code = runArgs(context.Background(), []string{"kb", "update", "--out", dir, "--tmp", tmp, "--json", "--lang", "fr",
		"--scryfall-api", up.URL, "--rules-page", up.URL + "/en/rules", "--notify-channel", "1234"},
		func(k string) string {
			if k == "DISCORD_TOKEN" {
				return "test-token"
			}
			return ""
		}, strings.NewReader(""), &outb, &errb)
	out, errs = outb.String(), errb.String()
	calls := fake.Calls()
	if len(calls) != 1 || calls[0].Path != discordtest.APIPath()+"/channels/1234/messages" || calls[0].Auth != "Bot test-token" {
		t.Fatalf("Discord calls: %+v (stderr %s)", calls, errs)
	}
	if b := string(calls[0].Body); !strings.Contains(b, "17 avril 2026") || !strings.Contains(b, `"parse":[]`) {
		t.Errorf("posted %s", b)
	}
	if code != 0 {
		t.Fatalf("second update: exit %d: %s", code, errs)
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if !res.Pending || res.CurrentCR != "2026-04-17" {
		t.Fatalf("second update = %+v, want pending 2026-04-17", res)
	}
	if got := current(); got != "2026-01-16" {
		t.Fatalf("before promotion serving CR %s, want 2026-01-16", got)
	}
	if code, _, errs := runCLI(t, "kb", "promote", "--out", dir); code != 0 {
		t.Fatalf("promote: exit %d: %s", code, errs)
	}
	if got := current(); got != "2026-04-17" {
		t.Fatalf("after promotion serving CR %s, want 2026-04-17", got)
	}
	if code, _, _ := runCLI(t, "kb", "promote", "--out", dir); code != 1 {
		t.Errorf("a second promote found something pending")
	}

	// Both releases stay available: an old rule by date, and the diff.
	// The release of 2026-04-17 renumbered 722.1 to 723.1 and put a new
	// rule at 722.1: the old 722.1 is compared with 723.1.
	code, out, errs = runCLI(t, "rule", "--index", dir, "--cr-date", "2026-01-16", "--json", "722.1")
	if code != 0 || !strings.Contains(out, `"cr_date":"2026-01-16"`) || !strings.Contains(out, `"now":"723.1"`) {
		t.Fatalf("rule 722.1 of 2026-01-16: exit %d: %s %s", code, out, errs)
	}
	code, out, _ = runCLI(t, "rule", "--index", dir, "--cr-date", "2026-01-16", "722.1")
	if code != 0 || !strings.Contains(out, "this rule has become rule 723.1 of the current one (April 17, 2026), with the same text.") {
		t.Errorf("rule 722.1 of 2026-01-16:\n%s", out)
	}
	code, out, _ = runCLI(t, "rule", "--index", dir, "--cr-date", "2026-01-16", "--lang", "fr", "601.5")
	if code != 0 || !strings.Contains(out, "[-732,-] {+733,+}") {
		t.Errorf("rule 601.5 of 2026-01-16, word diff:\n%s", out)
	}
	for _, date := range []string{"2025-01-01", "2026-02-01"} {
		code, out, errs = runCLI(t, "rule", "--index", dir, "--cr-date", date, "702.19b")
		if code != 2 || out != "" || !strings.Contains(errs, "no Comprehensive Rules release of "+date+" (it has: 2026-01-16, 2026-04-17)") {
			t.Errorf("rule of %s: exit %d: %s", date, code, errs)
		}
	}
	// The word diffs show by default; --summary leaves them out.
	code, out, _ = runCLI(t, "kb", "diff", "--index", dir, "2026-01-16", "2026-04-17")
	if code != 0 || !strings.Contains(out, "32 rules changed") || !strings.Contains(out, "\nRule 601.5\n") || !strings.Contains(out, "[-732,-] {+733,+}") {
		t.Errorf("kb diff:\n%.600s", out)
	}
	code, summary, _ := runCLI(t, "kb", "diff", "--index", dir, "--summary", "2026-01-16", "2026-04-17")
	if code != 0 || !strings.HasPrefix(out, summary) || strings.Contains(summary, "{+") || len(summary) >= len(out) {
		t.Errorf("kb diff --summary:\n%s", summary)
	}
	code, out, errs = runCLI(t, "kb", "diff", "--index", dir, "--json", "2026-01-16", "2026-04-17")
	if code != 0 {
		t.Fatalf("diff: exit %d: %s", code, errs)
	}
	var d struct {
		From       string `json:"from"`
		To         string `json:"to"`
		Added      []struct{ Number string }
		Renumbered []struct{ Old, New string }
	}
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	if d.From != "2026-01-16" || d.To != "2026-04-17" || len(d.Added) == 0 || len(d.Renumbered) == 0 {
		t.Fatalf("diff = from %s to %s, %d added, %d renumbered", d.From, d.To, len(d.Added), len(d.Renumbered))
	}
	code, _, errs = runCLI(t, "kb", "diff", "--index", dir, "2025-11-14", "2026-04-17")
	if code != 2 || !strings.Contains(errs, "2026-01-16") {
		t.Errorf("diff from a release not held: exit %d: %s", code, errs)
	}
}
