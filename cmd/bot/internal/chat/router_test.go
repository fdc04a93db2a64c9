package chat

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
	"arbiter/kb"
)

func TestRouterLanguage(t *testing.T) {
	rt := testRouter(t)
	fr, ja := i18n.FR, i18n.JA
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(rt.prefs.set(context.Background(), scopeUser, "u-fr", &fr))
	must(rt.prefs.set(context.Background(), scopeChannel, "c-ja", &ja))
	must(rt.prefs.set(context.Background(), scopeServer, "g-fr", &fr))
	tests := []struct {
		name string
		req  Request
		want i18n.Lang
	}{
		{"user setting beats everything", Request{UserID: "u-fr", ChannelID: "c-ja", GuildID: "g-fr", Locale: "ja"}, i18n.FR},
		{"channel setting beats server and locale", Request{UserID: "u", ChannelID: "c-ja", GuildID: "g-fr", Locale: "en-US"}, i18n.JA},
		{"server setting beats locale", Request{UserID: "u", ChannelID: "c", GuildID: "g-fr", Locale: "ja"}, i18n.FR},
		{"client locale", Request{UserID: "u", ChannelID: "c", GuildID: "g", Locale: "ja", GuildLocale: "fr"}, i18n.JA},
		{"client locale en-GB", Request{UserID: "u", Locale: "en-GB", GuildLocale: "fr"}, i18n.EN},
		{"unsupported locale falls to the guild's", Request{UserID: "u", Locale: "de", GuildLocale: "fr"}, i18n.FR},
		{"nothing known", Request{UserID: "u", Locale: "pt-BR"}, i18n.EN},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rt.Lang(tt.req); got != tt.want {
				t.Errorf("lang = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestLanguageCommand(t *testing.T) {
	rt := testRouter(t)
	tests := []struct {
		name     string
		req      Request
		contains string
		after    Request // the language of this request afterwards...
		want     i18n.Lang
	}{
		{"user sets French", Request{Options: map[string]string{"language": "fr"}, UserID: "u1", Locale: "en-US"},
			"votre langue est désormais français", Request{UserID: "u1", Locale: "en-US"}, i18n.FR},
		{"user back to auto", Request{Options: map[string]string{"language": "auto"}, UserID: "u1", Locale: "en-US"},
			"your language now follows", Request{UserID: "u1", Locale: "en-US"}, i18n.EN},
		{"server without permission", Request{Options: map[string]string{"language": "ja", "scope": "server"}, UserID: "u2", GuildID: "g1", Locale: "en-US"},
			"Manage Server", Request{UserID: "u3", GuildID: "g1", Locale: "en-US"}, i18n.EN},
		{"server with Manage Server", Request{Options: map[string]string{"language": "ja", "scope": "server"}, UserID: "u2", GuildID: "g1", Locale: "en-US", Permissions: permManageGuild},
			"このサーバーの言語", Request{UserID: "u3", GuildID: "g1", Locale: "en-US"}, i18n.JA},
		{"channel without permission", Request{Options: map[string]string{"language": "fr", "scope": "channel"}, UserID: "u2", GuildID: "g1", ChannelID: "c1", Locale: "en-US"},
			"チャンネルの管理", Request{UserID: "u4", GuildID: "g2", ChannelID: "c1"}, i18n.EN},
		{"channel as administrator", Request{Options: map[string]string{"language": "fr", "scope": "channel"}, UserID: "u2", GuildID: "g1", ChannelID: "c1", Permissions: permAdministrator},
			"ce salon", Request{UserID: "u4", GuildID: "g1", ChannelID: "c1"}, i18n.FR},
		{"server scope in a DM", Request{Options: map[string]string{"language": "fr", "scope": "server"}, UserID: "u5", Locale: "en-US"},
			"only exists in a server", Request{UserID: "u5", Locale: "en-US"}, i18n.EN},
		{"bad value", Request{Options: map[string]string{"language": "de"}, UserID: "u6", Locale: "en-US"},
			"is not one of the choices", Request{UserID: "u6", Locale: "en-US"}, i18n.EN},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.req.Kind, tt.req.Command = KindCommand, "language"
			resp := rt.Serve(context.Background(), tt.req)
			if !strings.Contains(resp.Content, tt.contains) {
				t.Errorf("reply %q lacks %q", resp.Content, tt.contains)
			}
			if !resp.Ephemeral {
				t.Error("a /language reply must be ephemeral")
			}
			if got := rt.Lang(tt.after); got != tt.want {
				t.Errorf("afterwards lang = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestRateLimit(t *testing.T) {
	rt := testRouter(t)
	now := time.Date(2026, 4, 20, 10, 0, 0, 0, time.UTC)
	rt.now = func() time.Time { return now }
	help := Request{Kind: KindCommand, Command: "help", UserID: "busy", Locale: "fr"}
	for i := 0; i < 5; i++ {
		if r := rt.Serve(context.Background(), help); len(r.Embeds) == 0 {
			t.Fatalf("request %d refused: %q", i+1, r.Content)
		}
	}
	r := rt.Serve(context.Background(), help)
	if !strings.Contains(r.Content, "redemander dans 2") || !r.Ephemeral {
		t.Errorf("6th request in a burst: %+v", r)
	}
	other := help
	other.UserID = "calm"
	if r := rt.Serve(context.Background(), other); len(r.Embeds) == 0 {
		t.Error("another user is limited too")
	}
	now = now.Add(2 * time.Second)
	if r := rt.Serve(context.Background(), help); len(r.Embeds) == 0 {
		t.Errorf("still refused after a token came back: %q", r.Content)
	}
	// Autocomplete is typing, not asking: never limited.
	for i := 0; i < 20; i++ {
		ac := Request{Kind: KindAutocomplete, Command: "simulate", Focused: "scenario", Options: map[string]string{"scenario": "aura"}, UserID: "busy"}
		if r := rt.Serve(context.Background(), ac); len(r.Choices) == 0 {
			t.Fatal("autocomplete limited")
		}
	}
}

func TestRateLimiterBounded(t *testing.T) {
	l := NewRateLimiter(2, time.Second, 10)
	now := time.Now()
	for i := 0; i < 100; i++ {
		l.allowLocal(string(rune('a'+i%26))+strings.Repeat("x", i), now.Add(time.Duration(i)*time.Second))
	}
	if len(l.buckets) > 10 {
		t.Errorf("%d buckets kept, bound is 10", len(l.buckets))
	}
}

func TestRouterErrors(t *testing.T) {
	rt := testRouter(t)
	logs := &testutil.Log{}
	rt.log = slog.New(slog.NewJSONHandler(logs, nil))
	rt.cmds = append(rt.cmds, Command{Name: "boom", reply: func(context.Context, call) (Response, error) { panic("kaboom") }})
	long := strings.Repeat("phasing ", 70)
	tests := []struct {
		name     string
		req      Request
		contains string
	}{
		{"question too long", Request{Kind: KindCommand, Command: "ruling", Options: map[string]string{"question": long}}, "500"},
		{"empty question", Request{Kind: KindCommand, Command: "ruling", Options: map[string]string{"question": "  "}}, "empty"},
		{"unknown command", Request{Kind: KindCommand, Command: "nope"}, "nope"},
		{"bad rule number", Request{Kind: KindCommand, Command: "rule", Options: map[string]string{"number": "abc"}}, "abc"},
		{"unknown preset", Request{Kind: KindCommand, Command: "simulate", Options: map[string]string{"scenario": "no-such"}}, "no-such"},
		{"unknown term", Request{Kind: KindCommand, Command: "glossary", Options: map[string]string{"term": "zzqx"}}, "zzqx"},
		{"forged button", Request{Kind: KindComponent, CustomID: "p:ruling:xx:0:q"}, "no longer works"},
		{"button of an unknown command", Request{Kind: KindComponent, CustomID: "p:nope:en:0:q"}, "no longer works"},
		{"message without text", Request{Kind: KindMessageCommand, Command: "Find rulings"}, "no text"},
		{"panic recovered", Request{Kind: KindCommand, Command: "boom"}, "internal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.req.Locale, tt.req.UserID = "en-US", "u-"+tt.name
			r := rt.Serve(context.Background(), tt.req)
			if !strings.Contains(strings.ToLower(r.Content), strings.ToLower(tt.contains)) || !r.Ephemeral {
				t.Errorf("reply %+v, want an ephemeral error containing %q", r, tt.contains)
			}
			if strings.HasPrefix(r.Content, "!") {
				t.Errorf("missing message key: %q", r.Content)
			}
		})
	}
	if !strings.Contains(logs.String(), "kaboom") || !strings.Contains(logs.String(), "interaction panic") {
		t.Errorf("panic not logged: %s", logs.String())
	}
}

func TestEscapeText(t *testing.T) {
	tests := []struct {
		name, in string
		absent   []string
	}{
		{"everyone", "@everyone look", []string{"@everyone"}},
		{"here", "hey @here", []string{"@here"}},
		{"role mention", "<@&123456>", []string{"<@&1", "@&"}},
		{"user mention", "<@!42> and <@42>", []string{"<@!4", "<@4", "@4"}},
		{"markdown", "**bold** __u__ ~~s~~ `c` ||spoiler|| > quote", []string{"**bold**", "__u__", "~~s~~", "`c`", "||spoiler||"}},
		{"masked link", "[click](https://evil.example)", []string{"[click](https"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := escapeText(tt.in)
			for _, a := range tt.absent {
				if strings.Contains(got, a) {
					t.Errorf("escapeText(%q) = %q still holds %q", tt.in, got, a)
				}
			}
			if back := Unescape(got); back != tt.in {
				t.Errorf("unescaped %q, want %q", back, tt.in)
			}
		})
	}
}

func TestDiscordSnippet(t *testing.T) {
	m0, m1 := kb.MarkStart, kb.MarkEnd
	tests := []struct {
		name, snippet, want string
	}{
		{"marks to bold after escaping", "an " + m0 + "Aura" + m1 + " *phases* out", `an **Aura** \*phases\* out`},
		{"adjacent marks merged", m0 + "トラ" + m1 + m0 + "ンプ" + m1 + "を", "**トランプ**を"},
		{"mention inside a mark", m0 + "@everyone" + m1, "**@\u200beveryone**"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := boldSnippet(tt.snippet, "", 500); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestReplyStateRoundTrip(t *testing.T) {
	tests := []struct {
		name     string
		st       replyState
		keepsArg bool
	}{
		{"short question", replyState{Action: actPage, Cmd: "ruling", Lang: i18n.FR, Page: 2, Arg: "une aura: hors phase ?"}, true},
		{"rule with date", replyState{Action: actPage, Cmd: "rule", Lang: i18n.JA, Arg: "702.26@2026-01-16"}, true},
		{"long question", replyState{Action: actShare, Cmd: "ruling", Lang: i18n.EN, Arg: strings.Repeat("what about phasing ", 10)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id := tt.st.encode()
			if runes(id) > MaxCustomID {
				t.Fatalf("custom_id %d characters", runes(id))
			}
			got, err := decodeState(id)
			if err != nil {
				t.Fatal(err)
			}
			want := tt.st
			if !tt.keepsArg {
				want.Arg = ""
			}
			if got != want {
				t.Errorf("decoded %+v, want %+v", got, want)
			}
		})
	}
}

// TestLongQuestionPagination: a question too long for a custom_id travels
// in the footer, and "More results" still finds it.
func TestLongQuestionPagination(t *testing.T) {
	rt := testRouter(t)
	q := "If a creature phases out while an aura is attached to it, does the aura phase out as well and come back attached?"
	r := rt.Serve(context.Background(), Request{Kind: KindCommand, Command: "ruling", Options: map[string]string{"question": q}, Locale: "en-US", UserID: "long"})
	if len(r.Embeds) == 0 || footerArg(r.Embeds[0].Footer) != q {
		t.Fatalf("footer does not keep the question: %+v", r.Embeds)
	}
	var more string
	for _, row := range r.Buttons {
		for _, b := range row {
			if strings.HasPrefix(b.CustomID, "p:ruling:en:1:") {
				more = b.CustomID
			}
		}
	}
	if more != "p:ruling:en:1:" {
		t.Fatalf("More results custom_id %q, want the question left out", more)
	}
	next := rt.Serve(context.Background(), Request{Kind: KindComponent, CustomID: more, Footer: r.Embeds[0].Footer, Locale: "en-US", UserID: "long"})
	if !strings.Contains(next.Content, "Results 4–") {
		t.Errorf("page 2: %q", next.Content)
	}
}

func TestFitLimits(t *testing.T) {
	big := strings.Repeat("é", 5000)
	var fields []Field
	for i := 0; i < 40; i++ {
		fields = append(fields, Field{Name: big, Value: big})
	}
	var embeds []Embed
	for i := 0; i < 12; i++ {
		embeds = append(embeds, Embed{Title: big, Description: big, Footer: big, Fields: fields})
	}
	var row []Button
	for i := 0; i < 8; i++ {
		row = append(row, Button{Label: big, CustomID: "x"})
	}
	var choices []Choice
	for i := 0; i < 40; i++ {
		choices = append(choices, Choice{Name: big, Value: "v"})
	}
	r := FitLimits(Response{Content: big, Embeds: embeds, Buttons: [][]Button{row, row, row, row, row, row}, Choices: choices})
	check := func(what string, n, max int) {
		t.Helper()
		if n > max {
			t.Errorf("%s: %d, limit %d", what, n, max)
		}
	}
	check("content", runes(r.Content), MaxContent)
	check("embeds", len(r.Embeds), MaxEmbeds)
	total := 0
	for _, e := range r.Embeds {
		check("title", runes(e.Title), MaxEmbedTitle)
		check("description", runes(e.Description), MaxEmbedDesc)
		check("footer", runes(e.Footer), MaxFooter)
		check("fields", len(e.Fields), MaxFields)
		for _, f := range e.Fields {
			check("field name", runes(f.Name), MaxFieldName)
			check("field value", runes(f.Value), MaxFieldValue)
		}
		total += embedSize(e)
	}
	check("embed total", total, MaxEmbedTotal)
	if len(r.Embeds) == 0 {
		t.Error("every embed dropped")
	}
	check("rows", len(r.Buttons), MaxRows)
	for _, row := range r.Buttons {
		check("buttons in a row", len(row), MaxButtonsRow)
		for _, b := range row {
			check("label", runes(b.Label), MaxButtonLabel)
		}
	}
	check("choices", len(r.Choices), MaxChoices)
	for _, c := range r.Choices {
		check("choice name", runes(c.Name), MaxChoiceName)
	}
}

// TestEveryDiscordKey: the dynamic command keys exist in all languages.
func TestEveryDiscordKey(t *testing.T) {
	rt := testRouter(t)
	var keys []i18n.Key
	for _, c := range rt.cmds {
		keys = append(keys, CommandKey(c.Name, "name"), CommandKey(c.Name, "desc"))
		for _, o := range c.Options {
			keys = append(keys, OptionKey(c.Name, o.Name, "name"), OptionKey(c.Name, o.Name, "desc"))
			for _, v := range o.Choices {
				keys = append(keys, OptionKey(c.Name, o.Name, "choice."+v))
			}
		}
	}
	for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
		p := rt.cat.Printer(l)
		for _, k := range keys {
			if !p.Has(k) {
				t.Errorf("%s: no message %s", l, k)
			}
		}
	}
}

func TestReplyCache(t *testing.T) {
	rt := testRouter(t)
	rt.replies = newReplyCache(2)
	ix := testutil.EmbeddedIndex(t)
	ask := func(q string) Response {
		return rt.Serve(context.Background(), Request{Kind: KindCommand, Command: "ruling", Options: map[string]string{"question": q}, Locale: "en-US"})
	}
	first := ask("can an aura phase out?")
	key := replyState{Cmd: "ruling", Lang: i18n.EN, Arg: "can an aura phase out?"}.key(false)
	cached, ok := rt.replies.get(ix, key)
	if !ok || cached.Content != first.Content || len(cached.Embeds) != len(first.Embeds) {
		t.Fatalf("reply not cached: %v", ok)
	}
	if again := ask("can an aura phase out?"); again.Content != first.Content {
		t.Errorf("cached reply differs: %q vs %q", again.Content, first.Content)
	}
	ask("does a token phase out?")
	ask("what happens to counters when phasing?")
	if _, ok := rt.replies.get(ix, key); ok {
		t.Error("least recently used reply kept past the bound")
	}
	other, err := kb.NewMem(context.Background(), kb.NewCollection())
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	rt.replies.put(other, "k", Response{Content: "x"})
	if _, ok := rt.replies.get(ix, replyState{Cmd: "ruling", Lang: i18n.EN, Arg: "does a token phase out?"}.key(false)); ok {
		t.Error("replies of a replaced index still served")
	}
}

func TestCleanText(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "can an aura phase out?", "can an aura phase out?"},
		{"newlines and tabs kept", "a\n\tb", "a\n\tb"},
		{"C0 controls", "a\x00b\x07c\x1b[31md", "abc[31md"},
		{"C1 control", "a\u0085b", "ab"},
		{"bidi override and isolates", "\u202eabc\u2066d\u2069\u200f", "abcd"},
		{"invalid UTF-8", "a\xffb", "ab"},
		{"Japanese untouched", "オーラはフェイズ・アウトする？", "オーラはフェイズ・アウトする？"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cleanText(tt.in); got != tt.want {
				t.Errorf("cleanText(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
	rt := testRouter(t)
	q := "@everyone \x00\x1b[31m\u202e aura?"
	r := rt.Serve(context.Background(), Request{Kind: KindCommand, Command: "ruling", Options: map[string]string{"question": q}, Locale: "en-US", UserID: "ctl"})
	all := r.Content
	for _, e := range r.Embeds {
		all += e.Title + e.Description + e.Footer
	}
	for _, bad := range []string{"\x00", "\x1b", "\u202e", "@everyone"} {
		if strings.Contains(all, bad) {
			t.Errorf("reply holds %q: %q", bad, all)
		}
	}
}

func TestRepliesEphemeral(t *testing.T) {
	rt := testRouter(t)
	tests := []struct {
		name string
		req  Request
		want bool
	}{
		{"public command", Request{Kind: KindCommand, Command: "ruling"}, false},
		{"private ruling", Request{Kind: KindCommand, Command: "ruling", Options: map[string]string{"private": "true"}}, true},
		{"help", Request{Kind: KindCommand, Command: "help"}, true},
		{"language", Request{Kind: KindCommand, Command: "language"}, true},
		{"message command", Request{Kind: KindMessageCommand, Command: "Find rulings"}, true},
		{"page click", Request{Kind: KindComponent, CustomID: "p:ruling:en:1:q"}, true},
		{"share click", Request{Kind: KindComponent, CustomID: "s:ruling:en:0:q"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rt.RepliesEphemeral(tt.req); got != tt.want {
				t.Errorf("repliesEphemeral = %v, want %v", got, tt.want)
			}
			if tt.req.Kind == KindAutocomplete {
				return
			}
			tt.req.UserID, tt.req.Locale = "eph-"+tt.name, "en-US"
			if tt.req.Options == nil {
				tt.req.Options = map[string]string{}
			}
			if tt.req.Command == "ruling" || tt.req.Kind == KindComponent || tt.req.Kind == KindMessageCommand {
				tt.req.Options["question"] = "can an aura phase out?"
				tt.req.TargetText = "can an aura phase out?"
			}
			if tt.req.Command == "language" {
				tt.req.Options["language"] = "auto"
			}
			if r := rt.Serve(context.Background(), tt.req); r.Ephemeral != tt.want {
				t.Errorf("the reply's ephemeral flag is %v, the deferral announced %v (%q)", r.Ephemeral, tt.want, r.Content)
			}
		})
	}
}
