package chat

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/report"
	"arbiter/cmd/bot/internal/store"
	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
)

// Roles and users of the report tests.
const (
	reviewerRole = "1290000000000000001"
	guild        = "1260000000000000000"
)

// announced records the posts to the moderators' channel.
type announced struct {
	mu    sync.Mutex
	posts []Response
	done  chan struct{}
}

func (a *announced) post(ctx context.Context, channel string, r Response) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.posts = append(a.posts, r)
	select {
	case a.done <- struct{}{}:
	default:
	}
	return nil
}

// reportRouter is a router on the embedded corpus whose reports are kept
// in memory, reviewed by the members of reviewerRole, announced to a
// moderators' channel and counted.
func reportRouter(t testing.TB, limit *RateLimiter) (*Router, *store.MemoryReports, *announced, map[string]int) {
	t.Helper()
	ix := testutil.EmbeddedIndex(t)
	reports := &store.MemoryReports{}
	ann := &announced{done: make(chan struct{}, 16)}
	var mu sync.Mutex
	counts := map[string]int{}
	rt := New(Config{
		Catalog:   testutil.Catalog(t),
		Index:     func() (Index, func()) { return ix, func() {} },
		Prefs:     NewPrefs(nil, nil),
		CacheSize: 64,
		Reports: ReportsConfig{
			Store: reports, Reviewer: HasRole(reviewerRole), Channel: "mods", Announce: ann.post, Limit: limit,
			Observe: func(event, lang string) { mu.Lock(); counts[event+"/"+lang]++; mu.Unlock() },
		},
	})
	return rt, reports, ann, counts
}

// member is a request of a member of the server, a reviewer or not.
func member(kind RequestKind, user string, reviewer bool) Request {
	req := Request{Kind: kind, UserID: user, GuildID: guild, ChannelID: "1270000000000000000", Locale: "en-US", Options: map[string]string{}}
	if reviewer {
		req.Roles = []string{"1290000000000000009", reviewerRole}
	}
	return req
}

func buttonIDs(r Response) []string {
	var ids []string
	for _, row := range r.Buttons {
		for _, b := range row {
			ids = append(ids, b.CustomID)
		}
	}
	return ids
}

func findButton(t *testing.T, r Response, prefix string) string {
	t.Helper()
	for _, id := range buttonIDs(r) {
		if strings.HasPrefix(id, prefix) {
			return id
		}
	}
	t.Fatalf("no button %s… among %q", prefix, buttonIDs(r))
	return ""
}

// TestReportFlow: an answer's Report button opens the form, its
// submission files a report that the moderators' channel gets, a
// reviewer confirms it, and the answer to the same question then says it
// was reported and corrected.
func TestReportFlow(t *testing.T) {
	rt, reports, ann, counts := reportRouter(t, nil)
	ctx := context.Background()
	q := "Does an Aura stay on a creature that phases out?"
	ask := member(KindCommand, "1280000000000000004", false)
	ask.Command, ask.Options["question"] = "ruling", q
	answer := rt.Serve(ctx, ask)
	if strings.Contains(answer.Content, "✅") {
		t.Fatalf("corrected before any report:\n%s", answer.Content)
	}
	click := member(KindComponent, "1280000000000000004", false)
	click.CustomID = findButton(t, answer, "r:ruling:en:0:")
	form := rt.Serve(ctx, click)
	if form.Modal == nil || form.Modal.CustomID != "m:report:en:0:"+q || len(form.Modal.Inputs) != 2 || !form.Modal.Inputs[0].Required || form.Modal.Inputs[1].Required {
		t.Fatalf("the Report button gives %+v", form)
	}
	submit := member(KindModal, "1280000000000000004", false)
	submit.CustomID = form.Modal.CustomID
	submit.Options = map[string]string{
		"wrong":   "@everyone it cites March of Swirling Mist <@&1290000000000000001>, but Unite the Coalition\x00 says it for any permanent\u202e",
		"suggest": "wotc-2022-09-09-phasing-3",
	}
	ack := rt.Serve(ctx, submit)
	if !ack.Ephemeral || !strings.Contains(ack.Content, "#1") || ack.Outcome == "error" {
		t.Fatalf("acknowledgement %+v", ack)
	}
	r, err := reports.Report(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if r.Question != q || r.Lang != "en" || r.Source != "discord" || r.Reporter != "1280000000000000004" || r.GuildID != guild ||
		r.Wrong != "it cites March of Swirling Mist, but Unite the Coalition says it for any permanent" ||
		r.Suggestion != "wotc-2022-09-09-phasing-3" || len(r.Shown) != 3 || r.Shown[0].ID != "wotc-2022-02-18-phasing-3" ||
		!strings.Contains(r.Shown[0].Label, "March of Swirling Mist") || r.CRRelease != "" || r.Created.IsZero() {
		t.Errorf("kept %+v", r)
	}
	select {
	case <-ann.done:
	case <-time.After(5 * time.Second):
		t.Fatal("the moderators' channel got nothing")
	}
	post := ann.posts[0]
	if !strings.Contains(post.Content, "#1") || len(post.Embeds) != 1 || strings.Contains(post.Embeds[0].Fields[3].Value, "@everyone") {
		t.Errorf("announcement %+v", post)
	}
	if ids := buttonIDs(post); len(ids) != 2 || ids[0] != "v:c:1" || ids[1] != "v:r:1" {
		t.Errorf("announcement buttons %q", ids)
	}

	// A reviewer confirms it with the reporter's suggestion.
	confirm := member(KindCommand, "1280000000000000007", true)
	confirm.Command, confirm.Options = "reports", map[string]string{"action": "confirm", "number": "#1"}
	got := rt.Serve(ctx, confirm)
	if got.Outcome == "error" || !strings.Contains(got.Content, "#1") || !strings.Contains(got.Content, "wotc-2022-09-09-phasing-3") {
		t.Fatalf("confirmation: %+v", got)
	}
	if r, _ := reports.Report(ctx, 1); r.Status != report.Confirmed || r.Decision.Reviewer != "1280000000000000007" || r.Decision.Kind != "card" {
		t.Errorf("after the confirmation %+v %+v", r, r.Decision)
	}
	// The same question, typed otherwise or paraphrased, now opens on
	// the confirmed text and says it was corrected.
	for _, q := range []string{"does an aura stay on a creature that phases out", "Do Auras stay on creatures that phase out?"} {
		ask.Options["question"] = q
		again := rt.Serve(ctx, ask)
		if !strings.HasPrefix(again.Content, "Ruling on Unite the Coalition") || !strings.Contains(again.Content, "Reported and corrected") ||
			!strings.Contains(again.Content, "#1") || len(again.Embeds) == 0 || !strings.Contains(again.Embeds[0].Title, "Unite the Coalition") {
			t.Errorf("the answer to %q after the confirmation:\n%s", q, again.Content)
		}
	}
	// And in French, the same question asked in English elsewhere is not it.
	ask.Options["question"] = "Can I Shock a creature that phased out?"
	if other := rt.Serve(ctx, ask); strings.Contains(other.Content, "✅") {
		t.Errorf("another question says it was corrected:\n%s", other.Content)
	}
	if counts["opened/en"] != 1 || counts["confirmed/en"] != 1 {
		t.Errorf("counted %v", counts)
	}
}

// TestReportNotCorrectedWhenNotCited: a confirmed report whose text the
// index that serves does not hold (a rule of the full data, on the
// embedded corpus) changes nothing, and the answer does not say it was
// corrected.
func TestReportNotCorrectedWhenNotCited(t *testing.T) {
	rt, reports, _, _ := reportRouter(t, nil)
	ctx := context.Background()
	q := "Can I Shock a creature that phased out?"
	ask := member(KindCommand, "u1", false)
	ask.Command, ask.Options["question"] = "ruling", q
	before := rt.Serve(ctx, ask)
	r, err := reports.AddReport(ctx, report.Report{Question: q, Lang: "en", Wrong: "It talks about Auras.", Status: report.Open})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := reports.DecideReport(ctx, r.ID, report.Decision{Status: report.Confirmed, Expected: []string{"cr:702.26b"}}); err != nil {
		t.Fatal(err)
	}
	if err := rt.SyncReports(ctx); err != nil {
		t.Fatal(err)
	}
	after := rt.Serve(ctx, ask)
	if strings.Contains(after.Content, "✅") || after.Content != before.Content {
		t.Errorf("an answer the index cannot correct changed or says it was corrected:\n%s\nbefore:\n%s", after.Content, before.Content)
	}
}

// TestReviewButtons: the moderators' buttons are for reviewers; Reject
// decides at once, Confirm asks what answers (the suggestion filled in),
// and both show the report again in place.
func TestReviewButtons(t *testing.T) {
	rt, reports, _, counts := reportRouter(t, nil)
	ctx := context.Background()
	for _, q := range []string{"can an aura phase out?", "jeton hors phase ?"} {
		file := member(KindCommand, "u1", false)
		file.Command, file.Options = "report", map[string]string{"question": q, "wrong": "wrong", "suggest": "502.15h"}
		if r := rt.Serve(ctx, file); r.Outcome == "error" {
			t.Fatal(r.Content)
		}
	}
	tests := []struct {
		name     string
		req      Request
		refused  bool
		modal    bool
		update   bool
		contains string
	}{
		{"reject by a member without the role", withID(member(KindComponent, "u2", false), "v:r:1"), true, false, false, "Only reviewers"},
		{"confirm by a member without the role", withID(member(KindComponent, "u2", false), "v:c:1"), true, false, false, "Only reviewers"},
		{"confirmation form by a member without the role", withID(member(KindModal, "u2", false), "m:review:1"), true, false, false, "Only reviewers"},
		{"reject by a reviewer", withID(member(KindComponent, "u3", true), "v:r:1"), false, false, true, "rejected"},
		{"confirm button opens the form", withID(member(KindComponent, "u3", true), "v:c:2"), false, true, false, ""},
		{"confirmation form", withOptions(withID(member(KindModal, "u3", true), "m:review:2"), map[string]string{"expected": "", "note": "old rule"}), false, false, true, "forum-dephasage-502.15h"},
		{"unknown report", withID(member(KindComponent, "u3", true), "v:r:99"), true, false, false, "no report #99"},
		{"not a number", withID(member(KindComponent, "u3", true), "v:r:x"), true, false, false, "not a report number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if rt.UpdatesMessage(tt.req) != tt.update && !tt.refused {
				t.Errorf("UpdatesMessage = %v, want %v", !tt.update, tt.update)
			}
			if tt.refused && rt.UpdatesMessage(tt.req) && strings.HasSuffix(tt.name, "without the role") {
				t.Error("a refusal would replace the moderators' message")
			}
			got := rt.Serve(ctx, tt.req)
			if (got.Outcome == "error") != tt.refused {
				t.Fatalf("outcome %q: %s", got.Outcome, got.Content)
			}
			if (got.Modal != nil) != tt.modal || got.Update != tt.update {
				t.Fatalf("modal %v update %v: %+v", got.Modal != nil, got.Update, got)
			}
			if tt.modal && got.Modal.Inputs[0].Value != "502.15h" {
				t.Errorf("the form does not offer the suggestion: %+v", got.Modal.Inputs[0])
			}
			text := got.Content
			for _, e := range got.Embeds {
				text += e.Title + e.Description
				for _, f := range e.Fields {
					text += f.Value
				}
			}
			if !strings.Contains(text, tt.contains) {
				t.Errorf("reply lacks %q:\n%s", tt.contains, text)
			}
			if tt.update && len(got.Buttons) != 0 {
				t.Errorf("a decided report keeps its buttons: %q", buttonIDs(got))
			}
		})
	}
	if r, _ := reports.Report(ctx, 1); r.Status != report.Rejected {
		t.Errorf("report 1 %s", r.Status)
	}
	if r, _ := reports.Report(ctx, 2); r.Status != report.Confirmed || r.Decision.Note != "old rule" || r.Decision.Expected[0] != "forum-dephasage-502.15h" {
		t.Errorf("report 2 %+v", r.Decision)
	}
	if counts["rejected/en"] != 1 || counts["confirmed/en"] != 1 {
		t.Errorf("counted %v", counts)
	}
}

func withID(req Request, id string) Request { req.CustomID = id; return req }

func withOptions(req Request, o map[string]string) Request { req.Options = o; return req }

// TestReportsCommand: /reports for a reviewer and not for others, each
// action, and clear refusals of what is missing or wrong.
func TestReportsCommand(t *testing.T) {
	rt, _, _, _ := reportRouter(t, nil)
	ctx := context.Background()
	for _, q := range []string{"Can I Shock a creature that phased out?", "Deux fois le déphasage sur le même permanent ?"} {
		file := member(KindCommand, "1280000000000000004", false)
		file.Command, file.Options = "report", map[string]string{"question": q, "wrong": "Not this ruling."}
		if r := rt.Serve(ctx, file); r.Outcome == "error" {
			t.Fatal(r.Content)
		}
	}
	tests := []struct {
		name     string
		reviewer bool
		opts     map[string]string
		refused  bool
		contains []string
	}{
		{"list by a member without the role", false, map[string]string{"action": "list"}, true, []string{"Only reviewers"}},
		{"list", true, map[string]string{"action": "list"}, false, []string{"2 reports open", "#1", "#2", "Shock", "déphasage", "Not this ruling."}},
		{"show", true, map[string]string{"action": "show", "number": "2"}, false, []string{"Report #2 · open", "Citations shown", "Not this ruling.", "<@1280000000000000004>"}},
		{"show without a number", true, map[string]string{"action": "show"}, true, []string{"Give the report’s number"}},
		{"show an unknown report", true, map[string]string{"action": "show", "number": "7"}, true, []string{"There is no report #7"}},
		{"comment", true, map[string]string{"action": "comment", "number": "1", "text": "Checking <@123> @here"}, false, []string{"Comment added to report #1", "Checking"}},
		{"comment without text", true, map[string]string{"action": "comment", "number": "1"}, true, []string{"Give the text"}},
		{"confirm without an answer", true, map[string]string{"action": "confirm", "number": "1"}, true, []string{"suggests none"}},
		{"confirm with what names nothing", true, map[string]string{"action": "confirm", "number": "1", "text": "the rule about shocks"}, true, []string{"names no rule, card or text"}},
		{"confirm with a near card name", true, map[string]string{"action": "confirm", "number": "1", "text": "March of Swirling Mists"}, true, []string{"closest is March of Swirling Mist"}},
		{"confirm", true, map[string]string{"action": "confirm", "number": "1", "text": "wotc-2022-02-18-phasing-2.ja"}, false, []string{"Report #1 confirmed", "`wotc-2022-02-18-phasing-2`"}},
		{"reject", true, map[string]string{"action": "reject", "number": "2", "text": "the answer is right"}, false, []string{"Report #2 rejected", "the answer is right"}},
		{"list after", true, map[string]string{"action": "list"}, false, []string{"No report open"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := member(KindCommand, "u9", tt.reviewer)
			req.Command, req.Options = "reports", tt.opts
			got := rt.Serve(ctx, req)
			if (got.Outcome == "error") != tt.refused || !got.Ephemeral {
				t.Fatalf("outcome %q ephemeral %v: %s", got.Outcome, got.Ephemeral, got.Content)
			}
			text := got.Content
			for _, e := range got.Embeds {
				text += "\n" + e.Title + "\n" + e.Description
				for _, f := range e.Fields {
					text += "\n" + f.Name + ": " + f.Value
				}
			}
			text = Unescape(text)
			if sub, ok := testutil.HasAll(text, tt.contains...); !ok {
				t.Errorf("reply lacks %q:\n%s", sub, text)
			}
			if strings.Contains(text, "<@123>") || strings.Contains(text, "@here") {
				t.Errorf("a mention is echoed:\n%s", text)
			}
		})
	}
}

// TestReportRefusals: what a report may not be, each refused with a
// message that says why, in the reporter's language.
func TestReportRefusals(t *testing.T) {
	long := strings.Repeat("x", report.MaxWrong+1)
	tests := []struct {
		name string
		opts map[string]string
		want i18n.Key
	}{
		{"nothing said", map[string]string{"question": "jeton hors phase", "wrong": " \x00 <@1> "}, i18n.KeyReportErrEmpty},
		{"too long", map[string]string{"question": "jeton hors phase", "wrong": long}, i18n.KeyReportErrTooLong},
		{"suggestion too long", map[string]string{"question": "jeton hors phase", "wrong": "x", "suggest": long[:report.MaxSuggestion+1]}, i18n.KeyReportErrTooLong},
		{"no question", map[string]string{"question": "@everyone", "wrong": "x"}, i18n.KeyErrQuestionEmpty},
	}
	rt, reports, _, _ := reportRouter(t, nil)
	cat := testutil.Catalog(t)
	for _, tt := range tests {
		for _, l := range []string{"en", "fr", "ja"} {
			t.Run(tt.name+"/"+l, func(t *testing.T) {
				req := member(KindCommand, "u1", false)
				req.Locale, req.Command, req.Options = l, "report", tt.opts
				got := rt.Serve(context.Background(), req)
				lang, _ := i18n.ParseLang(l)
				want := cat.Printer(lang).T(tt.want, report.MaxWrong)
				if tt.name == "suggestion too long" {
					want = cat.Printer(lang).T(tt.want, report.MaxSuggestion)
				}
				if got.Outcome != "error" || got.Content != want {
					t.Errorf("got %q, want %q", got.Content, want)
				}
			})
		}
	}
	if rs, _ := reports.Reports(context.Background(), report.Filter{}); len(rs) != 0 {
		t.Errorf("%d refused reports kept", len(rs))
	}
	// With no store, reports are refused, and answers have no button.
	plain := testRouter(t)
	req := member(KindCommand, "u1", false)
	req.Command, req.Options = "report", map[string]string{"question": "jeton hors phase", "wrong": "x"}
	if got := plain.Serve(context.Background(), req); !strings.Contains(got.Content, "not kept here") {
		t.Errorf("no store: %q", got.Content)
	}
	req.Command, req.Options = "ruling", map[string]string{"question": "jeton hors phase"}
	for _, id := range buttonIDs(plain.Serve(context.Background(), req)) {
		if strings.HasPrefix(id, "r:") {
			t.Errorf("a Report button with nowhere to keep reports: %s", id)
		}
	}
}

// TestReportFlood: a flood of reports from one user is throttled, in a
// bucket of its own; another user files on.
func TestReportFlood(t *testing.T) {
	rt, reports, _, _ := reportRouter(t, NewRateLimiter(3, time.Hour, 1000).Keyed("report:"))
	ctx := context.Background()
	file := func(user string) Response {
		req := member(KindCommand, user, false)
		req.Command, req.Options = "report", map[string]string{"question": "jeton hors phase", "wrong": "spam"}
		return rt.Serve(ctx, req)
	}
	for i := 0; i < 3; i++ {
		if r := file("flooder"); r.Outcome == "error" {
			t.Fatalf("report %d refused: %s", i+1, r.Content)
		}
	}
	for i := 0; i < 5; i++ {
		r := file("flooder")
		if r.Outcome != "error" || !strings.Contains(r.Content, "file another in 20 minutes") {
			t.Fatalf("report %d of a flood: %q", i+4, r.Content)
		}
	}
	if r := file("someone-else"); r.Outcome == "error" {
		t.Errorf("another user refused: %s", r.Content)
	}
	if rs, _ := reports.Reports(ctx, report.Filter{}); len(rs) != 4 {
		t.Errorf("%d reports kept, want 4", len(rs))
	}
}

// TestResolveExpected: what a reviewer may name as the answer, read into
// IDs of the embedded corpus, and what names nothing.
func TestResolveExpected(t *testing.T) {
	ix := testutil.EmbeddedIndex(t)
	p := testutil.Catalog(t).Printer(i18n.EN)
	mist := []string{"wotc-2022-02-18-phasing-1", "wotc-2022-02-18-phasing-10"}
	tests := []struct {
		in   string
		want []string // the first and last IDs; nil: refused
		kind string
	}{
		{"wotc-2022-02-18-phasing-2", []string{"wotc-2022-02-18-phasing-2", "wotc-2022-02-18-phasing-2"}, "card"},
		{"wotc-2022-02-18-phasing-2.fr", []string{"wotc-2022-02-18-phasing-2", "wotc-2022-02-18-phasing-2"}, "card"},
		{"mtgwiki-ja-phase-out-zone", []string{"mtgwiki-ja-phase-out-zone", "mtgwiki-ja-phase-out-zone"}, "rules"},
		{"502.15h", []string{"forum-dephasage-502.15h", "forum-dephasage-502.15h"}, "rules"},
		{"CR 502.15h.", []string{"forum-dephasage-502.15h", "forum-dephasage-502.15h"}, "rules"},
		{"March of Swirling Mist", mist, "card"},
		{"march of swirling mist", mist, "card"},
		{"https://arbiter.example/cards/March%20of%20Swirling%20Mist?lang=fr", mist, "card"},
		{"https://arbiter.example/rules/502.15h", []string{"forum-dephasage-502.15h", "forum-dephasage-502.15h"}, "rules"},
		{"https://arbiter.example/about", nil, ""},
		{"702.26b", nil, ""}, // the embedded corpus holds no Comprehensive Rules
		{"Unite the Coalitoin", nil, ""},
		{"nothing at all", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			d, err := resolveExpected(context.Background(), ix, p, tt.in)
			if tt.want == nil {
				if err == nil {
					t.Fatalf("resolved to %v", d.Expected)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Expected) == 0 || d.Expected[0] != tt.want[0] || d.Expected[len(d.Expected)-1] != tt.want[1] || d.Kind != tt.kind || d.Label == "" {
				t.Errorf("resolved to %+v, want %v, kind %s", d, tt.want, tt.kind)
			}
		})
	}
}

// TestReportFormsFitDiscord: the report form and the reviewers' form fit
// Discord's limits of a modal in every language: a title and labels of 45
// characters, placeholders of 100.
func TestReportFormsFitDiscord(t *testing.T) {
	rt, reports, _, _ := reportRouter(t, nil)
	ctx := context.Background()
	if _, err := reports.AddReport(ctx, report.Report{Question: "q", Lang: "en", Wrong: "w", Suggestion: strings.Repeat("s", report.MaxSuggestion)}); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"en", "fr", "ja"} {
		for _, id := range []string{"r:ruling:" + l + ":0:" + strings.Repeat("q", 80), "v:c:1"} {
			req := member(KindComponent, "u", true)
			req.Locale, req.CustomID = l, id
			got := rt.Serve(ctx, req)
			m := got.Modal
			if m == nil {
				t.Fatalf("%s %s: no form: %+v", l, id, got)
			}
			if n := runes(m.Title); n == 0 || n > 45 || runes(m.CustomID) > MaxCustomID {
				t.Errorf("%s: title %q (%d), custom_id %q", l, m.Title, n, m.CustomID)
			}
			for _, in := range m.Inputs {
				if n := runes(in.Label); n == 0 || n > 45 || runes(in.Placeholder) > 100 || runes(in.Value) > in.MaxLength {
					t.Errorf("%s: input %+v out of Discord's limits", l, in)
				}
			}
		}
	}
}
