package web

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/report"
	"arbiter/cmd/bot/internal/store"
	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
)

// askServer serves the pages of the embedded corpus with the reports of a
// chat router (kept in memory, 3 per user and hour), and returns the
// router and its store.
func askServer(t *testing.T, withReports bool) (*httptest.Server, *chat.Router, *store.MemoryReports) {
	t.Helper()
	ix := testutil.EmbeddedIndex(t)
	reports := &store.MemoryReports{}
	rt := chat.New(chat.Config{
		Catalog: testutil.Catalog(t),
		Index:   func() (chat.Index, func()) { return ix, func() {} },
		Reports: chat.ReportsConfig{Store: reports, Limit: chat.NewRateLimiter(3, time.Hour, 100).Keyed("report:")},
	})
	cfg := Config{}
	if withReports {
		cfg.Reports = rt
	}
	pages, err := New(cfg, testutil.Catalog(t), func() (Index, func()) { return ix, func() {} }, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	pages.Routes(mux)
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return ts, rt, reports
}

// postReport posts the report form with the given headers, without
// following a redirect.
func postReport(t *testing.T, ts *httptest.Server, lang string, form url.Values, header ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest("POST", ts.URL+"/ask/report?lang="+lang, strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	c := *ts.Client()
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// TestAskPage: the question page answers with its citations and a report
// form; a report posted from the page is filed, the page acknowledges it,
// and once a reviewer confirms what it cites the answer says so.
func TestAskPage(t *testing.T) {
	ts, rt, reports := askServer(t, true)
	q := "Does an Aura stay on a creature that phases out?"
	res, body := webGet(t, ts, "/ask?lang=en&q="+url.QueryEscape(q))
	page := string(body)
	if res.StatusCode != 200 {
		t.Fatalf("status %d", res.StatusCode)
	}
	if sub, ok := testutil.HasAll(page, "Auras and Equipment attached to it also phase out", `<ol class="clar">`,
		`action="/ask/report?lang=en"`, `name="wrong"`, `name="suggest"`, `href="/ask?q=Does`); !ok {
		t.Fatalf("page lacks %q:\n%s", sub, page)
	}
	form := url.Values{"q": {q}, "wrong": {"@everyone it should cite Unite the Coalition\x07 <@1>"}, "suggest": {"wotc-2022-09-09-phasing-3"}}
	res, _ = postReport(t, ts, "en", form, "Sec-Fetch-Site", "same-origin", "Origin", ts.URL)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("report: status %d", res.StatusCode)
	}
	loc := res.Header.Get("Location")
	if !strings.Contains(loc, "reported=1") {
		t.Fatalf("redirected to %q", loc)
	}
	r, err := reports.Report(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if r.Question != q || r.Source != "web" || !strings.HasPrefix(r.Reporter, "web:") || strings.Contains(r.Reporter, "127.0.0.1") ||
		r.Wrong != "it should cite Unite the Coalition" || len(r.Shown) != 5 {
		t.Errorf("kept %+v", r)
	}
	_, body = webGet(t, ts, loc)
	if !strings.Contains(string(body), "your report is #1") {
		t.Errorf("the page does not acknowledge the report:\n%s", body)
	}
	if _, err := rt.ConfirmReport(context.Background(), 1, "", "", "cli:judge", i18n.EN); err != nil {
		t.Fatal(err)
	}
	_, body = webGet(t, ts, "/ask?lang=fr&q="+url.QueryEscape(strings.ToLower(q)))
	if !strings.Contains(string(body), "Signalé et corrigé") || !strings.Contains(string(body), "#1") {
		t.Errorf("the answer does not say it was corrected:\n%s", body)
	}
	// It opens on the text the reviewer confirmed, no longer on the one
	// reported.
	first, reported := strings.Index(string(body), "Unite the Coalition"), strings.Index(string(body), "March of Swirling Mist")
	if first < 0 || reported >= 0 && reported < first {
		t.Errorf("the corrected answer does not cite the confirmed text first:\n%s", body)
	}
}

// TestReportForm: what the report form refuses, each with its status and
// the reason in the page's language, and the typed text kept to edit.
func TestReportForm(t *testing.T) {
	ts, _, reports := askServer(t, true)
	q := "jeton hors phase"
	tests := []struct {
		name    string
		lang    string
		form    url.Values
		header  []string
		status  int
		message string
	}{
		{"another site's page", "en", url.Values{"q": {q}, "wrong": {"x"}}, []string{"Sec-Fetch-Site", "cross-site"}, http.StatusForbidden, "The form could not be read"},
		{"another origin", "en", url.Values{"q": {q}, "wrong": {"x"}}, []string{"Origin", "https://evil.example"}, http.StatusForbidden, "The form could not be read"},
		{"nothing said", "fr", url.Values{"q": {q}, "wrong": {"  <@123> "}}, nil, http.StatusBadRequest, "Dites ce qui ne va pas"},
		{"too long", "ja", url.Values{"q": {q}, "wrong": {strings.Repeat("長", 1001)}}, nil, http.StatusBadRequest, "最大1,000文字"},
		{"no question", "en", url.Values{"wrong": {"x"}}, nil, http.StatusBadRequest, "the question is empty"},
		{"filed", "en", url.Values{"q": {q}, "wrong": {"one"}}, nil, http.StatusSeeOther, ""},
		{"filed again", "en", url.Values{"q": {q}, "wrong": {"two"}}, nil, http.StatusSeeOther, ""},
		{"filed a third time", "en", url.Values{"q": {q}, "wrong": {"three"}}, nil, http.StatusSeeOther, ""},
		{"a flood", "fr", url.Values{"q": {q}, "wrong": {"four"}, "suggest": {"502.15h"}}, nil, http.StatusTooManyRequests, "vous pourrez en faire un autre dans 20"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, body := postReport(t, ts, tt.lang, tt.form, tt.header...)
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d:\n%s", res.StatusCode, tt.status, body)
			}
			if !strings.Contains(body, tt.message) {
				t.Errorf("page lacks %q:\n%s", tt.message, body)
			}
			if tt.status == http.StatusTooManyRequests && !strings.Contains(body, `value="502.15h"`) {
				t.Errorf("the refused report's text is not kept to edit")
			}
		})
	}
	if rs, _ := reports.Reports(context.Background(), report.Filter{}); len(rs) != 3 {
		t.Errorf("%d reports kept, want 3", len(rs))
	}
}

// TestAskPageWithoutReports: with nowhere to keep reports, the page has
// no form and the form's address refuses.
func TestAskPageWithoutReports(t *testing.T) {
	ts, _, _ := askServer(t, false)
	_, body := webGet(t, ts, "/ask?q=jeton+hors+phase&lang=fr")
	if strings.Contains(string(body), "/ask/report") || !strings.Contains(string(body), "hors phase") {
		t.Errorf("page:\n%s", body)
	}
	if res, _ := postReport(t, ts, "en", url.Values{"q": {"x"}, "wrong": {"y"}}); res.StatusCode != http.StatusBadRequest {
		t.Errorf("status %d", res.StatusCode)
	}
	if res, body := webGet(t, ts, "/ask?lang=en"); res.StatusCode != 200 || !strings.Contains(string(body), `name="q"`) {
		t.Errorf("the empty question page: %d\n%s", res.StatusCode, body)
	}
}
