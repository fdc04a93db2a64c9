package chat

import (
	"context"
	"strings"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
)

// mentionRouter is a router on the chat cards of the shared data, with
// the limits of the replies to [[name]] given.
func mentionRouter(t *testing.T, limits MentionsConfig) *Router {
	t.Helper()
	ix := testutil.ChatCardsIndex(t)
	return New(Config{
		Catalog:  testutil.Catalog(t),
		Index:    func() (Index, func()) { return ix, func() {} },
		Prefs:    NewPrefs(nil, nil),
		Mentions: limits,
	})
}

// TestMentionsReply: what a message naming cards gets, in the language
// of the server: the cards found, exactly or by a partial or misspelt
// name, a line for each name with no clear card, and nothing for a
// message that names none.
func TestMentionsReply(t *testing.T) {
	t.Parallel()
	rt := mentionRouter(t, MentionsConfig{})
	tests := []struct {
		name, content, locale string
		outcome               string
		titles                []string // of the embeds
		content1              string   // in the reply's text
		buttons               []string // custom_ids
	}{
		{"English", "[[Teferi's Protection]]", "en-US", MentionAnswered,
			[]string{"Teferi's Protection"}, "", []string{"p:card:en:0:Teferi's Protection"}},
		{"French name in a French server", "[[protection de teferi]]", "fr", MentionAnswered,
			[]string{"Protection de Téfeiri (Teferi's Protection)"}, "", []string{"p:card:fr:0:Teferi's Protection"}},
		{"Japanese name in an English server", "[[テフェリーの防御]]", "en-GB", MentionAnswered,
			[]string{"Teferi's Protection"}, "", nil},
		{"partial name", "[[Atraxa]]", "ja", MentionAnswered, []string{"法務官の声、アトラクサ（Atraxa, Praetors' Voice）"}, "", nil},
		{"Japanese partial name", "[[アトラクサ]]", "ja", MentionAnswered, []string{"法務官の声、アトラクサ（Atraxa, Praetors' Voice）"}, "", nil},
		{"typo", "[[Lightnig Bolt]]", "en-US", MentionAnswered, []string{"Lightning Bolt"}, "", nil},
		{"typos", "[[Lihgtning Strke]] [[Conterspell]]", "en-US", MentionAnswered, []string{"Lightning Strike", "Counterspell"}, "", nil},
		{"same card twice", "[[Foudre]] [[Lightning Bolt]] [[稲妻]]", "fr", MentionAnswered, []string{"Foudre (Lightning Bolt)"}, "", nil},
		{"Yu-Gi-Oh! by its Japanese name", "[[三戦の才]]", "en-US", MentionAnswered,
			[]string{"Triple Tactics Talent"}, "", []string{"p:card:en:0:Triple Tactics Talent"}},
		{"ambiguous", "[[Lightning]]", "en-US", MentionUnknown, nil, "[[Lightning]]: did you mean **Lightning Bolt**, **Lightning Strike** or **Lightning Helix**?", nil},
		{"unknown", "[[Qwxzzy]]", "fr", MentionUnknown, nil, "[[Qwxzzy]]\u00a0: aucune carte de ce nom.", nil},
		{"user text escaped", "[[**@everyone** bold]]", "en-US", MentionUnknown, nil, `[[\*\*@`, nil},
		{"nothing named", "Does phasing work on tokens?", "en-US", MentionNone, nil, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := rt.Mentions(context.Background(), Message{ID: "m", ChannelID: "c", GuildID: "g", AuthorID: "u", Content: tt.content, GuildLocale: tt.locale})
			if r.Outcome != tt.outcome {
				t.Fatalf("outcome %q, want %q (%+v)", r.Outcome, tt.outcome, r)
			}
			var titles []string
			for _, e := range r.Embeds {
				titles = append(titles, e.Title)
			}
			if strings.Join(titles, "|") != strings.Join(tt.titles, "|") {
				t.Errorf("cards %q, want %q", titles, tt.titles)
			}
			if !strings.Contains(r.Content, tt.content1) || tt.content1 == "" && r.Content != "" {
				t.Errorf("text %q, want %q", r.Content, tt.content1)
			}
			if strings.Contains(r.Content, "@everyone") {
				t.Errorf("a mention in %q", r.Content)
			}
			if tt.buttons != nil {
				var ids []string
				for _, row := range r.Buttons {
					for _, b := range row {
						ids = append(ids, b.CustomID)
					}
				}
				if strings.Join(ids, "|") != strings.Join(tt.buttons, "|") {
					t.Errorf("buttons %q, want %q", ids, tt.buttons)
				}
			}
		})
	}
}

// TestMentionsRulingsButton: the Rulings button of a card opens the
// card's rulings, as /card shows them, for the clicker alone.
func TestMentionsRulingsButton(t *testing.T) {
	t.Parallel()
	rt := mentionRouter(t, MentionsConfig{})
	r := rt.Mentions(context.Background(), Message{ID: "m", ChannelID: "c", AuthorID: "u", Content: "[[?Teferi's Protection]]"})
	if len(r.Buttons) != 1 || len(r.Buttons[0]) != 1 || len(r.Embeds) != 1 || len(r.Embeds[0].Fields) != 3 {
		t.Fatalf("reply %+v: want one card with its first three rulings and one button", r)
	}
	click := rt.Serve(context.Background(), Request{Kind: KindComponent, CustomID: r.Buttons[0][0].CustomID, UserID: "u2", Locale: "fr"})
	if !click.Ephemeral || len(click.Embeds) != 1 || !strings.Contains(click.Embeds[0].Title, "Teferi's Protection") || len(click.Embeds[0].Fields) < 5 {
		t.Errorf("click %+v: want the card's rulings for the clicker alone", click)
	}
}

// TestMentionsLanguage: a reply is read by the whole channel: the
// channel's /language setting, then the server's, then the server's
// Discord language; in direct messages, the user's setting.
func TestMentionsLanguage(t *testing.T) {
	t.Parallel()
	rt := mentionRouter(t, MentionsConfig{})
	fr, ja := i18n.FR, i18n.JA
	ctx := context.Background()
	for _, s := range []struct {
		scope, id string
		l         *i18n.Lang
	}{{scopeChannel, "c-ja", &ja}, {scopeServer, "g-fr", &fr}, {scopeUser, "u-ja", &ja}} {
		if err := rt.prefs.set(ctx, s.scope, s.id, s.l); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name string
		m    Message
		want i18n.Lang
	}{
		{"channel setting", Message{ChannelID: "c-ja", GuildID: "g-fr", AuthorID: "u", GuildLocale: "en-US"}, i18n.JA},
		{"server setting", Message{ChannelID: "c", GuildID: "g-fr", AuthorID: "u-ja", GuildLocale: "en-US"}, i18n.FR},
		{"server language, not the user's setting", Message{ChannelID: "c", GuildID: "g", AuthorID: "u-ja", GuildLocale: "fr"}, i18n.FR},
		{"direct message: the user's setting", Message{ChannelID: "dm", AuthorID: "u-ja"}, i18n.JA},
		{"nothing known", Message{ChannelID: "c", GuildID: "g", AuthorID: "u", GuildLocale: "pt-BR"}, i18n.EN},
	}
	for _, tt := range tests {
		if got := rt.mentionLang(tt.m); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestMentionsLimits: a user over their burst gets no reply, nor does a
// channel over its; a message naming nothing spends nothing.
func TestMentionsLimits(t *testing.T) {
	t.Parallel()
	rt := mentionRouter(t, MentionLimits(2, 3, time.Hour, nil))
	ctx := context.Background()
	say := func(user, content string) string {
		return rt.Mentions(ctx, Message{ID: "m", ChannelID: "c", AuthorID: user, Content: content}).Outcome
	}
	var got []string
	for _, u := range []string{"a", "a", "a", "b", "b", "c"} {
		say(u, "nothing named")
		got = append(got, say(u, "[[Fog]]"))
	}
	want := []string{MentionAnswered, MentionAnswered, MentionRateLimited, MentionAnswered, MentionRateLimited, MentionRateLimited}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("outcomes %v, want %v", got, want)
	}
}

// TestNameScore: what counts as the name a player meant, and how close.
func TestNameScore(t *testing.T) {
	t.Parallel()
	tests := []struct {
		a, f string
		want int
	}{
		{"atraxa", "atraxa, praetors' voice", 0},
		{"voice", "atraxa, praetors' voice", 0},
		{"oice", "atraxa, praetors' voice", noMatch},
		{"lightnig bolt", "lightning bolt", 1},
		{"lightnig bolt", "lightning colt", 2},
		{"ligthning blot", "lightning bolt", 2},
		{"lihgtnnig blot", "lightning bolt", noMatch},
		{"fgo", "fog", noMatch},
		{"frog", "fog", 1},
		{"アトラクサ", "法務官の声、アトラクサ", 0},
		{"霧", "濃霧", noMatch},
		{"x", "", noMatch},
	}
	for _, tt := range tests {
		if got := nameScore(tt.a, tt.f); got != tt.want {
			t.Errorf("nameScore(%q, %q) = %d, want %d", tt.a, tt.f, got, tt.want)
		}
	}
}
