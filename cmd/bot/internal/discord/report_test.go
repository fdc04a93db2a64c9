package discord

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/discord/discordtest"
	"arbiter/cmd/bot/internal/report"
	"arbiter/cmd/bot/internal/store"
	"arbiter/cmd/bot/internal/testutil"
)

// modsChannel is the moderators' channel of the recorded payloads.
const modsChannel = "1270000000000000099"

// TestReportInteractions replays, signed, the recorded payloads of a
// report's life: the answer's Report button, the form's submission (the
// moderators' channel gets the report by REST, with its buttons), a
// second report whose question only the message's footer holds, /reports
// refused to a member without the reviewers' role and listed for one with
// it, a comment, the moderators' buttons refused to a non-reviewer, the
// confirmation form and its submission, and a rejection.
func TestReportInteractions(t *testing.T) {
	fake := discordtest.NewREST(t, nil)
	poster, err := NewPoster("test-token")
	if err != nil {
		t.Fatal(err)
	}
	reports := &store.MemoryReports{}
	rig := newRig(t, func(c *rigConfig) {
		c.reports, c.reportsChannel, c.announce = reports, modsChannel, poster.Post
	})
	longQ := "Quand une créature avec une Aura et deux Équipements passe hors phase pendant le combat, après les bloqueurs, que deviennent-ils ?"
	steps := []struct {
		fixture   string
		wantType  int
		ephemeral bool
		contains  []string
		absent    []string
		buttons   []string // custom_ids, in order
	}{
		{"component_report.json", discordtest.TypeModal, false, []string{`"custom_id":"m:report:en:0:can an aura phase out?"`, `"title":"Report a wrong answer"`}, nil, nil},
		{"modal_submit_report.json", discordtest.TypeMessage, true, []string{"Thank you: your report is #1."}, nil, nil},
		{"modal_submit_report_long.json", discordtest.TypeMessage, true, []string{"votre signalement porte le numéro #2"}, nil, nil},
		{"slash_reports_denied.json", discordtest.TypeMessage, true, []string{"レビュアー"}, []string{"#1"}, nil},
		{"slash_reports_list.json", discordtest.TypeMessage, true,
			[]string{"2 reports open", "#1", "can an aura phase out?", "#2", "Quand une créature", "it cites March of Swirling Mist"},
			[]string{"@everyone", "<@&"}, nil},
		{"slash_reports_comment.json", discordtest.TypeMessage, true,
			[]string{"Comment added to report #2", "The long question is about Equipment", "Report #2 · open"},
			[]string{"@here"}, []string{"v:c:2", "v:r:2"}},
		{"component_review_denied.json", discordtest.TypeMessage, true, []string{"Only reviewers"}, nil, nil},
		{"component_review_confirm.json", discordtest.TypeModal, false, []string{`"custom_id":"m:review:1"`, `"value":"wotc-2022-09-09-phasing-3"`}, nil, nil},
		{"modal_submit_review.json", discordtest.TypeUpdate, false,
			[]string{"Report #1 confirmed", "wotc-2022-09-09-phasing-3", "Report #1 · confirmed", "<@1280000000000000022>", "Unite the Coalition says it of any permanent."},
			nil, nil},
		{"component_review_reject.json", discordtest.TypeUpdate, false, []string{"Report #2 rejected", "Report #2 · rejected"}, nil, nil},
	}
	for _, st := range steps {
		t.Run(strings.TrimSuffix(st.fixture, ".json"), func(t *testing.T) {
			w := rig.post(t, fixture(t, st.fixture))
			if w.Code != http.StatusOK {
				t.Fatalf("status %d: %s", w.Code, w.Body.String())
			}
			if problem := discordtest.Check(w.Body.Bytes()); problem != "" {
				t.Fatalf("%s:\n%s", problem, w.Body.String())
			}
			resp, raw := discordtest.Decode(t, w.Body.Bytes())
			if int(resp.Type) != st.wantType {
				t.Fatalf("type %d, want %d:\n%s", resp.Type, st.wantType, w.Body.String())
			}
			if st.wantType == discordtest.TypeModal {
				checkModal(t, raw)
				if sub, ok := testutil.HasAll(w.Body.String(), st.contains...); !ok {
					t.Errorf("form lacks %s:\n%s", sub, w.Body.String())
				}
				return
			}
			if got := resp.Data.Flags&discordgo.MessageFlagsEphemeral != 0; got != st.ephemeral {
				t.Errorf("ephemeral %v, want %v", got, st.ephemeral)
			}
			text := discordtest.Text(resp)
			if sub, ok := testutil.HasAll(chat.Unescape(text), st.contains...); !ok {
				t.Errorf("reply lacks %q:\n%s", sub, text)
			}
			for _, a := range st.absent {
				if strings.Contains(text, a) {
					t.Errorf("reply holds %q:\n%s", a, text)
				}
			}
			if ids := discordtest.ButtonIDs(raw); strings.Join(ids, " ") != strings.Join(st.buttons, " ") {
				t.Errorf("buttons %q, want %q", ids, st.buttons)
			}
		})
	}

	ctx := context.Background()
	r1, err := reports.Report(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if r1.Question != "can an aura phase out?" || r1.Reporter != "1280000000000000021" || r1.Status != report.Confirmed ||
		r1.Wrong != "it cites March of Swirling Mist, but the question is about any permanent and Unite the Coalition says so" ||
		r1.Decision.Reviewer != "1280000000000000022" || len(r1.Shown) != 3 {
		t.Errorf("report 1: %+v %+v", r1, r1.Decision)
	}
	r2, _ := reports.Report(ctx, 2)
	if r2.Question != longQ || r2.Lang != "fr" || r2.Wrong != "La réponse parle des jetons, pas des Équipements." ||
		r2.Status != report.Rejected || len(r2.Comments) != 1 || r2.Comments[0].Text != "The long question is about Equipment" {
		t.Errorf("report 2: %+v", r2)
	}

	// The moderators' channel got both reports, pinging nobody, with the
	// buttons that confirm or reject them.
	deadline := time.Now().Add(5 * time.Second)
	var posts []discordtest.Call
	for time.Now().Before(deadline) {
		posts = posts[:0]
		for _, c := range fake.Calls() {
			if c.Method == http.MethodPost && strings.HasSuffix(c.Path, "/channels/"+modsChannel+"/messages") {
				posts = append(posts, c)
			}
		}
		if len(posts) == 2 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if len(posts) != 2 {
		t.Fatalf("%d posts to the moderators' channel, want 2: %+v", len(posts), fake.Calls())
	}
	for i, c := range posts {
		if problem := discordtest.CheckMessage(c.Body); problem != "" {
			t.Errorf("post %d: %s\n%s", i+1, problem, c.Body)
		}
		if c.Auth != "Bot test-token" {
			t.Errorf("post %d: Authorization %q", i+1, c.Auth)
		}
		body := string(c.Body)
		for _, bad := range []string{"@everyone", "<@&", "<#"} {
			if strings.Contains(body, bad) {
				t.Errorf("post %d echoes %q: %s", i+1, bad, body)
			}
		}
		var m struct {
			Components []struct {
				Components []struct {
					CustomID string `json:"custom_id"`
				} `json:"components"`
			} `json:"components"`
		}
		json.Unmarshal(c.Body, &m)
		if len(m.Components) != 1 || len(m.Components[0].Components) != 2 || !strings.HasPrefix(m.Components[0].Components[0].CustomID, "v:c:") {
			t.Errorf("post %d buttons: %s", i+1, body)
		}
	}
}

// checkModal checks a form against Discord's limits: labels of 45
// characters, placeholders and values of 100 and 4000.
func checkModal(t *testing.T, raw map[string]any) {
	t.Helper()
	d := raw["data"].(map[string]any)
	for _, row := range d["components"].([]any) {
		for _, c := range row.(map[string]any)["components"].([]any) {
			in := c.(map[string]any)
			label, _ := in["label"].(string)
			ph, _ := in["placeholder"].(string)
			if n := utf8.RuneCountInString(label); n == 0 || n > 45 {
				t.Errorf("label %q: %d characters", label, n)
			}
			if n := utf8.RuneCountInString(ph); n > 100 {
				t.Errorf("placeholder %q: %d characters", ph, n)
			}
		}
	}
}

// TestReportDeferred: when a report's form or a reviewer's confirmation
// misses the inline budget, the deferral keeps the acknowledgement for
// the reporter alone, and the confirmation in place of the moderators'
// message.
func TestReportDeferred(t *testing.T) {
	reports := &store.MemoryReports{}
	if _, err := reports.AddReport(context.Background(), report.Report{Question: "can an aura phase out?", Lang: "en", Wrong: "x", Suggestion: "wotc-2022-09-09-phasing-3"}); err != nil {
		t.Fatal(err)
	}
	fake := discordtest.NewREST(t, nil)
	rig := newRig(t, func(c *rigConfig) { c.DeferAfter = time.Nanosecond; c.reports = reports })
	for _, tt := range []struct {
		fixture string
		want    int
		flags   int
	}{
		{"modal_submit_report.json", discordtest.TypeDeferredMessage, discordtest.FlagEphemeral},
		{"modal_submit_review.json", discordtest.TypeDeferredUpdate, 0},
	} {
		w := rig.post(t, fixture(t, tt.fixture))
		var got struct {
			Type int `json:"type"`
			Data *struct {
				Flags int `json:"flags"`
			} `json:"data"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		flags := 0
		if got.Data != nil {
			flags = got.Data.Flags
		}
		if got.Type != tt.want || flags != tt.flags {
			t.Errorf("%s: deferred as type %d flags %d, want %d and %d", tt.fixture, got.Type, flags, tt.want, tt.flags)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rig.e.Wait(ctx)
	edits := 0
	for _, c := range fake.Calls() {
		if c.Method == http.MethodPatch && strings.HasSuffix(c.Path, "/messages/@original") {
			edits++
		}
	}
	if edits != 2 {
		t.Errorf("%d edits of the deferred replies, want 2: %+v", edits, fake.Calls())
	}
	if r, _ := reports.Report(context.Background(), 1); r.Status != report.Confirmed {
		t.Errorf("report 1 is %s", r.Status)
	}
}
