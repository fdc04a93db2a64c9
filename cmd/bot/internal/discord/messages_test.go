package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/discord/discordtest"
	"arbiter/cmd/bot/internal/store"
	"arbiter/cmd/bot/internal/testutil"
)

// gatewayRig is Discord front ends (one per replica) connected to a
// stand-in gateway, answering through a stand-in of Discord's REST API.
type gatewayRig struct {
	t    *testing.T
	gw   *discordtest.Gateway
	rest *discordtest.REST
	eps  []*Endpoint
	logs []*testutil.Log
	ids  *freshIDs
	// sentinels counts the messages sent to wait for the ones before.
	sentinels int
}

// newGatewayRig starts the stand-ins and replicas front ends tuned by
// tune (nil: the defaults), connected to the gateway; content tells
// whether the application is granted the message content intent.
func newGatewayRig(t *testing.T, replicas int, content bool, tune func(i int, c *rigConfig)) *gatewayRig {
	t.Helper()
	r := &gatewayRig{t: t, gw: discordtest.NewGateway(t, content), ids: newFreshIDs()}
	var mu sync.Mutex
	posted := 0
	r.rest = discordtest.NewREST(t, func(method, path string, body []byte) (int, string) {
		if code, out, ok := r.gw.Reply(method, path); ok {
			return code, out
		}
		if method == http.MethodPost && strings.HasSuffix(path, "/messages") {
			mu.Lock()
			posted++
			n := posted
			mu.Unlock()
			return http.StatusOK, fmt.Sprintf(`{"id":"15%017d","channel_id":"1","content":""}`, n)
		}
		return http.StatusOK, `{}`
	})
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	// discordgo waits a second when it closes a connection: the replicas
	// stop at once.
	var stops []func()
	t.Cleanup(func() {
		var wg sync.WaitGroup
		for _, stop := range stops {
			wg.Go(stop)
		}
		wg.Wait()
	})
	for i := range replicas {
		rg := newRig(t, func(c *rigConfig) {
			c.Token, c.ShardCount, c.ShardID, c.Mentions = "test-token", 1, 0, true
			c.index = testutil.ChatCardsIndex(t)
			if tune != nil {
				tune(i, c)
			}
		})
		stop, err := rg.e.Gateway(ctx)
		if err != nil {
			t.Fatalf("replica %d: gateway: %v", i, err)
		}
		stops = append(stops, stop)
		r.eps, r.logs = append(r.eps, rg.e), append(r.logs, rg.log)
	}
	r.gw.WaitReady(t, replicas)
	return r
}

// fixtureEvent reads an event of testdata/gateway: its type and data,
// the message IDs made fresh (see freshIDs).
func (r *gatewayRig) fixtureEvent(name string) (string, json.RawMessage) {
	r.t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "gateway", name))
	if err != nil {
		r.t.Fatal(err)
	}
	var ev struct {
		T string          `json:"t"`
		D json.RawMessage `json:"d"`
	}
	if err := json.Unmarshal(b, &ev); err != nil {
		r.t.Fatalf("%s: %v", name, err)
	}
	return ev.T, r.ids.fresh(ev.D)
}

// dispatch sends the events of the fixtures named to every replica.
func (r *gatewayRig) dispatch(names ...string) {
	r.t.Helper()
	for _, n := range names {
		typ, d := r.fixtureEvent(n)
		r.gw.Dispatch(r.t, typ, d)
	}
}

// settle waits until the replicas have handled every event sent so far
// and sent their replies: a message naming a card goes to a channel of
// its own, and once its reply is posted, the events before it have been
// read (events are handled in order), and their replies are waited for.
func (r *gatewayRig) settle() {
	r.t.Helper()
	r.sentinels++
	channel := fmt.Sprintf("129900000000000%04d", r.sentinels)
	msg := fmt.Sprintf(`{"type":0,"id":"%s","channel_id":"%s","content":"[[Island]]","author":{"id":"128900000000000%04d","username":"sentinel","discriminator":"0"},"mentions":[],"attachments":[],"embeds":[],"timestamp":"2026-11-20T18:00:00.000000+00:00"}`,
		r.ids.next(), channel, r.sentinels)
	r.gw.Dispatch(r.t, "MESSAGE_CREATE", json.RawMessage(msg))
	deadline := time.Now().Add(20 * time.Second)
	for len(r.posts(channel)) == 0 {
		if time.Now().After(deadline) {
			r.t.Fatalf("no reply in channel %s", channel)
		}
		time.Sleep(5 * time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for _, e := range r.eps {
		e.Wait(ctx)
	}
}

// post is a message the bot posted.
type post struct {
	channel string
	body    []byte
	ref     string // the message it replies to
}

// posts lists the messages posted to channel ("": to every channel but
// the sentinels'), in the order they were sent.
func (r *gatewayRig) posts(channel string) []post {
	var out []post
	for _, c := range r.rest.Calls() {
		if c.Method != http.MethodPost || !strings.HasSuffix(c.Path, "/messages") {
			continue
		}
		ch := strings.TrimSuffix(strings.TrimPrefix(c.Path, discordtest.APIPath()+"/channels/"), "/messages")
		if channel == "" && strings.HasPrefix(ch, "1299") || channel != "" && ch != channel {
			continue
		}
		var head struct {
			Ref struct {
				MessageID string `json:"message_id"`
			} `json:"message_reference"`
		}
		json.Unmarshal(c.Body, &head)
		out = append(out, post{channel: ch, body: c.Body, ref: r.ids.original(head.Ref.MessageID)})
	}
	return out
}

// freshIDs gives the messages of the fixtures IDs of now, so that an edit
// of one is within the window where edits are answered, and maps them
// back for the golden files.
type freshIDs struct {
	mu   sync.Mutex
	base uint64
	n    uint64
	back map[string]string
}

// fixtureID matches the message IDs of the fixtures made fresh.
var fixtureID = regexp.MustCompile(`1310000000000000(\d{3})`)

func newFreshIDs() *freshIDs {
	ms := uint64(time.Now().UnixMilli() - 1420070400000) // Discord's epoch
	return &freshIDs{base: ms << 22, back: map[string]string{}}
}

// fresh replaces the fixture IDs of b.
func (f *freshIDs) fresh(b []byte) []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	return fixtureID.ReplaceAllFunc(b, func(m []byte) []byte {
		n, _ := strconv.ParseUint(string(m[len(m)-3:]), 10, 64)
		id := strconv.FormatUint(f.base+n, 10)
		f.back[id] = string(m)
		return []byte(id)
	})
}

// next is a fresh ID no fixture has.
func (f *freshIDs) next() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.n++
	return strconv.FormatUint(f.base+10000+f.n, 10)
}

// original is the fixture ID a fresh one replaced (or id itself).
func (f *freshIDs) original(id string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if o, ok := f.back[id]; ok {
		return o
	}
	return id
}

// TestMentionsGateway plays recorded gateway events, in English, French
// and Japanese servers, to the bot, and compares what it posts with
// testdata/mentions/<case>.json: the cards a message names, each once,
// in the server's language, with their Rulings buttons, as a reply that
// pings nobody; nothing for code blocks, quotes, bots, webhooks, system
// messages, a message that names nothing, an edit of an answered message
// or of an old one. Run with -update to rewrite the golden files.
func TestMentionsGateway(t *testing.T) {
	r := newGatewayRig(t, 1, true, nil)
	if in := r.gw.Intents(); len(in) != 1 || in[0]&int(discordgo.IntentsMessageContent) == 0 || in[0]&int(discordgo.IntentsGuildMessages) == 0 {
		t.Fatalf("intents %v: want the guilds, their messages and their content", in)
	}
	if s := r.eps[0].Mentions(); s != MentionsOn {
		t.Errorf("status %q, want on", s)
	}
	if recs := r.logs[0].Records(t, "[[card]] mentions"); len(recs) != 1 || recs[0]["status"] != MentionsOn {
		t.Errorf("log %v: want the status said at start", recs)
	}
	r.dispatch("guild_create_en.json", "guild_create_fr.json", "guild_create_ja.json")
	tests := []struct {
		name    string
		events  []string
		replies []string // golden files of the replies, in order
	}{
		{"English", []string{"create_en.json"}, []string{"en"}},
		{"edit of an answered message", []string{"update_en.json"}, nil},
		{"French", []string{"create_fr.json"}, []string{"fr"}},
		{"Japanese, full-width brackets, Yu-Gi-Oh!", []string{"create_ja.json"}, []string{"ja"}},
		{"unknown names", []string{"create_unknown_fr.json"}, []string{"unknown_fr"}},
		{"code blocks", []string{"create_code.json"}, nil},
		{"quote", []string{"create_quote.json"}, nil},
		{"bot", []string{"create_bot.json"}, nil},
		{"webhook", []string{"create_webhook.json"}, nil},
		{"system message", []string{"create_system.json"}, nil},
		{"edit that names a card", []string{"create_plain.json", "update_plain.json"}, []string{"edited_fr"}},
		{"edit of an old message", []string{"update_old.json"}, nil},
		{"rulings and picture", []string{"create_kinds_en.json"}, []string{"kinds_en"}},
		{"direct message", []string{"create_dm.json"}, []string{"dm"}},
		{"more than five", []string{"create_many_ja.json"}, []string{"many_ja"}},
	}
	seen := 0
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r.dispatch(tt.events...)
			r.settle()
			all := r.posts("")
			got := all[seen:]
			seen = len(all)
			if len(got) != len(tt.replies) {
				t.Fatalf("%d replies, want %d", len(got), len(tt.replies))
			}
			for i, p := range got {
				if why := discordtest.CheckMessage(p.body); why != "" {
					t.Errorf("reply %d: %s\n%s", i, why, p.body)
				}
				testutil.Golden(t, filepath.Join("testdata", "mentions", tt.replies[i]+".json"), []byte(r.goldenPost(p)))
			}
		})
	}
}

// goldenPost is a posted message as its golden file keeps it: its
// channel and its JSON body, the message IDs as the fixtures have them.
func (r *gatewayRig) goldenPost(p post) string {
	var v any
	if err := json.Unmarshal(p.body, &v); err != nil {
		r.t.Fatalf("reply is not JSON: %v", err)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	enc.Encode(map[string]any{"channel": p.channel, "message": v})
	return fixtureIDBack(r.ids, b.String())
}

// fixtureIDBack writes the fresh IDs of s back as the fixtures' IDs.
func fixtureIDBack(f *freshIDs, s string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	for fresh, orig := range f.back {
		s = strings.ReplaceAll(s, fresh, orig)
	}
	return s
}

// TestMentionsIntentRefused: when the application is not granted the
// message content intent, Discord closes the gateway with 4014; the bot
// connects again without it, says why in its log and its status, and
// still answers the interactions and the messages whose content Discord
// gives it.
func TestMentionsIntentRefused(t *testing.T) {
	r := newGatewayRig(t, 1, false, nil)
	in := r.gw.Intents()
	if len(in) != 2 || in[0]&int(discordgo.IntentsMessageContent) == 0 || in[1]&int(discordgo.IntentsMessageContent) != 0 ||
		in[1]&int(discordgo.IntentsDirectMessages) == 0 {
		t.Fatalf("intents %v: want the content intent asked for, then not", in)
	}
	if s := r.eps[0].Mentions(); s != MentionsLimited {
		t.Errorf("status %q, want limited", s)
	}
	recs := r.logs[0].Records(t, "[[card]] mentions")
	if len(recs) != 1 || recs[0]["level"] != "ERROR" || !strings.Contains(fmt.Sprint(recs[0]["status"]), "4014") ||
		!strings.Contains(fmt.Sprint(recs[0]["status"]), "Message Content Intent") {
		t.Errorf("log %v: want one error that names 4014 and the setting to enable", recs)
	}
	if !r.eps[0].Ready() {
		t.Error("not ready: the gateway is connected without the intent")
	}
	// A direct message still comes with its content.
	r.dispatch("create_dm.json")
	r.settle()
	if n := len(r.posts("")); n != 1 {
		t.Errorf("%d replies to a direct message, want 1", n)
	}
}

// TestMentionsOff: without --mentions the gateway asks for no message
// intent and says so.
func TestMentionsOff(t *testing.T) {
	r := newGatewayRig(t, 1, true, func(_ int, c *rigConfig) { c.Mentions = false })
	if in := r.gw.Intents(); len(in) != 1 || in[0] != int(discordgo.IntentsGuilds) {
		t.Errorf("intents %v, want the guilds alone", in)
	}
	if s := r.eps[0].Mentions(); s != MentionsOff {
		t.Errorf("status %q, want off", s)
	}
	if recs := r.logs[0].Records(t, "[[card]] mentions"); len(recs) != 1 || recs[0]["status"] != MentionsOff {
		t.Errorf("log %v: want the status said at start", recs)
	}
}

// TestMentionsFlood: a user who names cards in message after message is
// answered a few times, then not until the bucket refills, and a busy
// channel likewise; other channels are answered meanwhile.
func TestMentionsFlood(t *testing.T) {
	r := newGatewayRig(t, 1, true, func(_ int, c *rigConfig) {
		c.mentions = chat.MentionLimits(3, 5, time.Hour, nil)
	})
	const channel = "1291000000000000777"
	send := func(user string) {
		msg := fmt.Sprintf(`{"type":0,"id":"%s","channel_id":"%s","guild_id":"1290000000000000010","content":"[[Fog]] [[Island]]","author":{"id":"%s","username":"flooder","discriminator":"0"},"mentions":[],"attachments":[],"embeds":[],"timestamp":"2026-11-20T18:00:00.000000+00:00"}`,
			r.ids.next(), channel, user)
		r.gw.Dispatch(t, "MESSAGE_CREATE", json.RawMessage(msg))
	}
	for range 10 {
		send("1280000000000000500")
	}
	r.settle()
	if n := len(r.posts(channel)); n != 3 {
		t.Errorf("%d replies to one user's 10 messages, want 3 (the user's burst)", n)
	}
	for i := range 10 {
		send(fmt.Sprintf("12800000000000006%02d", i))
	}
	r.settle()
	if n := len(r.posts(channel)); n != 5 {
		t.Errorf("%d replies in a channel, want 5 (the channel's burst)", n)
	}
}

// TestMentionsReplicas: three replicas on one PostgreSQL database, each
// running the shard (every replica gets every message), answer each
// message once between them, whatever the edits, and the limits of a
// user are those of one bot, not three.
func TestMentionsReplicas(t *testing.T) {
	url := testutil.PostgresURL(t)
	stores := make([]*store.Postgres, 3)
	for i := range stores {
		st, err := store.OpenPostgres(context.Background(), url, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		stores[i] = st
	}
	r := newGatewayRig(t, 3, true, func(i int, c *rigConfig) {
		c.Guard = stores[i]
		c.mentions = chat.MentionLimits(3, 100, time.Hour, stores[i])
	})
	r.dispatch("guild_create_en.json", "guild_create_fr.json", "guild_create_ja.json")
	r.dispatch("create_en.json", "create_fr.json", "create_ja.json", "create_unknown_fr.json", "create_dm.json",
		"update_en.json", "create_plain.json", "update_plain.json", "create_code.json", "create_bot.json")
	r.settle()
	got := map[string]int{}
	for _, p := range r.posts("") {
		got[p.ref]++
	}
	want := map[string]int{"1310000000000000101": 1, "1310000000000000102": 1, "1310000000000000103": 1,
		"1310000000000000104": 1, "1310000000000000111": 1, "1310000000000000109": 1}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("replies by message %v, want one each %v", got, want)
	}
	// A user floods: three replicas give them one burst.
	const channel = "1291000000000000888"
	for range 8 {
		msg := fmt.Sprintf(`{"type":0,"id":"%s","channel_id":"%s","guild_id":"1290000000000000010","content":"[[Fog]]","author":{"id":"1280000000000000900","username":"flooder","discriminator":"0"},"mentions":[],"attachments":[],"embeds":[],"timestamp":"2026-11-20T18:00:00.000000+00:00"}`,
			r.ids.next(), channel)
		r.gw.Dispatch(t, "MESSAGE_CREATE", json.RawMessage(msg))
	}
	r.settle()
	if n := len(r.posts(channel)); n != 3 {
		t.Errorf("%d replies to a user's 8 messages on three replicas, want 3", n)
	}
}
