package chat

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
)

// playRouter is a router on the chat cards whose Fetcher reads the
// files of the last reply, as a click on it finds them on Discord.
func playRouter(t testing.TB) (*Router, *lastFiles) {
	t.Helper()
	ix := testutil.ChatCardsIndex(t)
	files := &lastFiles{}
	return New(Config{Catalog: testutil.Catalog(t), Index: func() (Index, func()) { return ix, func() {} },
		Limit: NewRateLimiter(1000, time.Second, 1000), Fetch: files, PublicURL: "https://arbiter.example"}), files
}

// lastFiles serves the files of the reply a click is on.
type lastFiles struct{ r Response }

// Fetch returns the file of the reply named by a's URL.
func (l *lastFiles) Fetch(ctx context.Context, a Attachment, max int) ([]byte, error) {
	for _, f := range l.r.Files {
		if "mem:"+f.Name == a.URL {
			return f.Data, nil
		}
	}
	return nil, ErrAttachmentHost
}

// clickOn is a click on component id of r, the reply the user sees (for
// his alone), choosing values of a menu.
func (l *lastFiles) clickOn(r Response, id string, values ...string) Request {
	l.r = r
	req := Request{Kind: KindComponent, CustomID: id, Values: values, FromEphemeral: r.Ephemeral, UserID: "u1",
		Attachments: map[string]Attachment{}}
	for _, f := range r.Files {
		req.Attachments[f.Name] = Attachment{Filename: f.Name, URL: "mem:" + f.Name, Size: f.Size}
	}
	if len(r.Embeds) > 0 {
		req.Footer = r.Embeds[0].Footer
	}
	return req
}

// option finds the value of the option whose label starts with label.
func option(t *testing.T, r Response, label string) (menu, value string) {
	t.Helper()
	for _, m := range r.Menus {
		for _, o := range m.Options {
			if strings.HasPrefix(o.Label, label) {
				return m.CustomID, o.Value
			}
		}
	}
	t.Fatalf("no move %q in %+v", label, r.Menus)
	return "", ""
}

// checkGame checks a game message against Discord's limits: 5 rows,
// one menu a row of at most 25 options of at most 100 characters,
// custom_ids of at most 100, 2,000 characters of content, files far
// below the 10 MiB a bot may upload.
func checkGame(t *testing.T, r Response) {
	t.Helper()
	if len(r.Menus)+len(r.Buttons) > MaxRows || runes(r.Content) > MaxContent {
		t.Errorf("%d menus and %d rows of buttons, %d characters", len(r.Menus), len(r.Buttons), runes(r.Content))
	}
	ids := map[string]bool{}
	for _, m := range r.Menus {
		if len(m.Options) == 0 || len(m.Options) > MaxOptions || runes(m.CustomID) > MaxCustomID || ids[m.CustomID] {
			t.Errorf("menu %q of %d options", m.CustomID, len(m.Options))
		}
		ids[m.CustomID] = true
		values := map[string]bool{}
		for _, o := range m.Options {
			if n := runes(o.Label); n == 0 || n > MaxOptionText || runes(o.Value) > MaxOptionText || values[o.Value] {
				t.Errorf("option %q = %q", o.Label, o.Value)
			}
			values[o.Value] = true
		}
	}
	for _, row := range r.Buttons {
		for _, b := range row {
			if runes(b.CustomID) > MaxCustomID || b.CustomID != "" && ids[b.CustomID] || len(b.URL) > playMaxShare {
				t.Errorf("button %+v", b)
			}
			ids[b.CustomID] = true
		}
	}
	size := 0
	for _, f := range r.Files {
		size += len(f.Data)
	}
	if len(r.Files) != 2 || r.Files[1].Name != playFile || size > 1<<20 {
		t.Errorf("files %d, %d bytes", len(r.Files), size)
	}
	if len(r.Embeds) != 1 || embedSize(r.Embeds[0]) > MaxEmbedTotal || !utf8.ValidString(r.Embeds[0].Description) {
		t.Errorf("embeds %+v", r.Embeds)
	}
}

// TestPlayItOut follows "Play it out" from an answer, in each language:
// the answer of a question naming modelled cards has the button; the
// game shows the guesses and the moves; a move updates it in place, with
// the move's events and rules; a forged move is refused with its rule
// and the game stays; Undo takes the move back; Edit the board opens the
// form with the board, whose submission replaces the game.
func TestPlayItOut(t *testing.T) {
	rt, files := playRouter(t)
	ctx := context.Background()
	for _, tt := range []struct {
		lang, locale, q           string
		guessed, shock, pass, ref string
	}{
		{"en", "en-US", "Can I Shock a creature that phased out?", "Guessed from the question", "Alice casts Shock targeting Bob", "Pass priority", "702.26b"},
		{"fr", "fr", "Peut-on cibler une créature hors phase avec une Foudre ?", "Deviné d'après la question", "Alice lance Foudre (Lightning Bolt) en ciblant Bob", "Passer la priorité", "702.26b"},
		{"ja", "ja", "フェイズ・アウトしたクリーチャーをショックの対象にできる？", "質問から推測した", "AliceはBobを対象としてショック（Shock）を唱える", "優先権をパスする", "702.26b"},
	} {
		t.Run(tt.lang, func(t *testing.T) {
			ans := rt.Serve(ctx, Request{Kind: KindCommand, Command: "ruling", Options: map[string]string{"question": tt.q}, Locale: tt.locale, UserID: "u1"})
			out := buttonID(t, ans, rt.printer(mustLang(t, tt.lang)).T(i18n.KeyPlayButton))
			game := rt.Serve(ctx, files.clickOn(ans, out))
			if game.Outcome == "error" {
				t.Fatalf("Play it out: %s", game.Content)
			}
			checkGame(t, game)
			if d := game.Embeds[0].Description; !strings.Contains(d, tt.guessed) || !game.Ephemeral || game.Update {
				t.Errorf("first board (ephemeral %t, update %t):\n%s", game.Ephemeral, game.Update, d)
			}
			if !strings.HasPrefix(game.Embeds[0].URL, "https://arbiter.example/sim/play?lang="+tt.lang+"&s=") {
				t.Errorf("share link %q", game.Embeds[0].URL)
			}
			menu, value := option(t, game, tt.shock)
			// A forged move: the creature is phased out.
			forged := strings.Replace(value, "@1", "creature", 1)
			bad := rt.Serve(ctx, files.clickOn(game, menu, forged))
			if bad.Outcome != "error" || !bad.Ephemeral || bad.Update || !strings.Contains(bad.Content, tt.ref) || len(bad.Files) > 0 {
				t.Errorf("forged move %q: outcome %q, %q", forged, bad.Outcome, bad.Content)
			}
			moved := rt.Serve(ctx, files.clickOn(game, menu, value))
			checkGame(t, moved)
			if !moved.Update || !strings.Contains(moved.Embeds[0].Description, "601.2") {
				t.Errorf("move: update %t\n%s", moved.Update, moved.Embeds[0].Description)
			}
			menu2, pass := option(t, moved, tt.pass)
			resolved := rt.Serve(ctx, files.clickOn(moved, menu2, pass))
			checkGame(t, resolved)
			if !strings.Contains(resolved.Embeds[0].Description, "608.2") || !strings.Contains(string(resolved.Files[1].Data), `log: "c:`) {
				t.Errorf("resolved:\n%s\n%s", resolved.Embeds[0].Description, resolved.Files[1].Data)
			}
			undone := rt.Serve(ctx, files.clickOn(resolved, buttonID(t, resolved, rt.printer(mustLang(t, tt.lang)).T(i18n.KeyPlayUndo))))
			if !bytes.Equal(undone.Files[1].Data, moved.Files[1].Data) {
				t.Errorf("undo gives\n%s\nwant\n%s", undone.Files[1].Data, moved.Files[1].Data)
			}
			// A stale component: its hash is not the message's game.
			menu3 := resolved.Menus[0].CustomID
			stale := rt.Serve(ctx, files.clickOn(undone, menu3, resolved.Menus[0].Options[0].Value))
			if stale.Outcome != "error" || stale.Content != rt.printer(mustLang(t, tt.lang)).T(i18n.KeyPlayExpired) {
				t.Errorf("stale click: %q", stale.Content)
			}
			edit := rt.Serve(ctx, files.clickOn(undone, buttonID(t, undone, rt.printer(mustLang(t, tt.lang)).T(i18n.KeyPlayEdit))))
			if edit.Modal == nil || !strings.Contains(edit.Modal.Inputs[0].Value, "phased_out: true") || strings.Contains(edit.Modal.Inputs[0].Value, "\nlog:") {
				t.Fatalf("edit: modal %+v, content %q", edit.Modal, edit.Content)
			}
			board := strings.Replace(edit.Modal.Inputs[0].Value, ", phased_out: true", "", 1)
			sub := rt.Serve(ctx, Request{Kind: KindModal, CustomID: edit.Modal.CustomID, Options: map[string]string{playInput: board},
				FromEphemeral: true, UserID: "u1"})
			checkGame(t, sub)
			if !sub.Update {
				t.Errorf("the edited board does not replace the game")
			}
			if _, v := option(t, sub, tt.shock[:5]); v == "" {
				t.Error("no Shock after the edit")
			}
		})
	}
}

func mustLang(t *testing.T, s string) i18n.Lang {
	t.Helper()
	l, ok := i18n.ParseLang(s)
	if !ok {
		t.Fatal(s)
	}
	return l
}

// TestPlayItOutRefused: a question naming a card the engine cannot
// model gets no button, nor does one naming none; the button sent
// anyway says why.
func TestPlayItOutRefused(t *testing.T) {
	rt, files := playRouter(t)
	ctx := context.Background()
	for _, q := range []string{"Does Atraxa, Praetors' Voice give my Lightning Bolt lifelink?", "What does Atraxa, Praetors' Voice proliferate?"} {
		ans := rt.Serve(ctx, Request{Kind: KindCommand, Command: "ruling", Options: map[string]string{"question": q}, UserID: "u1"})
		for _, row := range ans.Buttons {
			for _, b := range row {
				if b.Label == rt.printer(i18n.EN).T(i18n.KeyPlayButton) {
					t.Errorf("%q has the button", q)
				}
			}
		}
		forged := replyState{Action: actGame, Cmd: "ruling", Lang: i18n.EN, Arg: q}.encode()
		r := rt.Serve(ctx, files.clickOn(ans, forged))
		if r.Outcome != "error" || !strings.Contains(r.Content, "can't be played out") && !strings.Contains(r.Content, "no board") {
			t.Errorf("%q: %q", q, r.Content)
		}
	}
}

// BenchmarkPlayItOut is the click on an answer's Play it out button,
// on the chat cards: the question searched again for its cards, the
// board guessed and started, its moves listed, its picture drawn.
func BenchmarkPlayItOut(b *testing.B) {
	rt, files := playRouter(b)
	ctx := context.Background()
	q := "Can I Shock a creature that phased out?"
	ans := rt.Serve(ctx, Request{Kind: KindCommand, Command: "ruling", Options: map[string]string{"question": q}, UserID: "u1"})
	id := replyState{Action: actGame, Cmd: "ruling", Lang: i18n.EN, Arg: q}.encode()
	req := files.clickOn(ans, id)
	for b.Loop() {
		if r := rt.Serve(ctx, req); r.Outcome == "error" || len(r.Files) != 2 {
			b.Fatalf("reply %q", r.Content)
		}
	}
}
