package discordtest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Gateway is a local stand-in for Discord's gateway, speaking its
// protocol over WebSocket as discordgo expects it: Hello, then Identify
// from the bot, answered with Ready, or with the close code 4014
// (disallowed intents) when the bot asks for the message content intent
// and the application is not granted it; heartbeats are acknowledged.
// Events a test dispatches go to every connection that is ready, each
// with its own sequence numbers, as every replica running every shard
// would get them.
type Gateway struct {
	srv     *httptest.Server
	content bool // the message content intent is granted
	mu      sync.Mutex
	conns   []*gatewayConn
	intents []int
	ready   chan struct{} // signalled at each Ready sent
}

// gatewayConn is one connection of the bot.
type gatewayConn struct {
	mu  sync.Mutex
	ws  *websocket.Conn
	seq int64
}

// BotUserID is the user ID of the bot, as Ready gives it.
const BotUserID = "1300000000000000001"

// NewGateway starts a stand-in gateway for the duration of the test;
// content tells whether the application is granted the message content
// intent.
func NewGateway(t testing.TB, content bool) *Gateway {
	t.Helper()
	g := &Gateway{content: content, ready: make(chan struct{}, 64)}
	up := websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}
	g.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := up.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		g.serve(&gatewayConn{ws: ws})
	}))
	t.Cleanup(func() {
		g.mu.Lock()
		for _, c := range g.conns {
			c.ws.Close()
		}
		g.mu.Unlock()
		g.srv.Close()
	})
	return g
}

// URL is the gateway's address, as GET /gateway answers it.
func (g *Gateway) URL() string { return "ws" + strings.TrimPrefix(g.srv.URL, "http") }

// Reply answers GET /gateway and GET /gateway/bot (one shard) with the
// stand-in's address, for a REST stand-in's reply function; ok is false
// for other calls.
func (g *Gateway) Reply(method, path string) (code int, body string, ok bool) {
	if method != http.MethodGet || !strings.HasSuffix(path, "/gateway") && !strings.HasSuffix(path, "/gateway/bot") {
		return 0, "", false
	}
	b, _ := json.Marshal(map[string]any{"url": g.URL(), "shards": 1,
		"session_start_limit": map[string]int{"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})
	return http.StatusOK, string(b), true
}

// Intents lists the intents of every Identify received, in order.
func (g *Gateway) Intents() []int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]int(nil), g.intents...)
}

// WaitReady waits until n connections have been sent Ready since the
// gateway started.
func (g *Gateway) WaitReady(t testing.TB, n int) {
	t.Helper()
	deadline := time.After(15 * time.Second)
	for range n {
		select {
		case <-g.ready:
		case <-deadline:
			t.Fatalf("fewer than %d gateway connections ready", n)
		}
	}
}

// serve speaks the gateway protocol on one connection until it closes.
func (g *Gateway) serve(c *gatewayConn) {
	defer c.ws.Close()
	if c.write(map[string]any{"op": 10, "d": map[string]int{"heartbeat_interval": 41250}}) != nil {
		return
	}
	for {
		_, msg, err := c.ws.ReadMessage()
		if err != nil {
			return
		}
		var p struct {
			Op int             `json:"op"`
			D  json.RawMessage `json:"d"`
		}
		if json.Unmarshal(msg, &p) != nil {
			return
		}
		switch p.Op {
		case 1: // heartbeat
			c.write(map[string]any{"op": 11})
		case 2: // identify
			var id struct {
				Intents int   `json:"intents"`
				Shard   []int `json:"shard"`
			}
			json.Unmarshal(p.D, &id)
			g.mu.Lock()
			g.intents = append(g.intents, id.Intents)
			g.mu.Unlock()
			if id.Intents&int(discordgo.IntentsMessageContent) != 0 && !g.content {
				c.mu.Lock()
				c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4014, "Disallowed intent(s)."), time.Now().Add(time.Second))
				c.mu.Unlock()
				return
			}
			shard := id.Shard
			if len(shard) != 2 {
				shard = []int{0, 1}
			}
			ready := map[string]any{"v": 10, "session_id": "stand-in", "resume_gateway_url": g.URL(), "shard": shard,
				"user":        map[string]any{"id": BotUserID, "username": "Arbiter", "discriminator": "0", "bot": true},
				"guilds":      []any{},
				"application": map[string]any{"id": "1300000000000000002", "flags": 0}}
			if c.dispatch("READY", ready) != nil {
				return
			}
			g.mu.Lock()
			g.conns = append(g.conns, c)
			g.mu.Unlock()
			g.ready <- struct{}{}
		}
	}
}

// write sends a payload on the connection.
func (c *gatewayConn) write(v any) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ws.WriteJSON(v)
}

// dispatch sends an event with the connection's next sequence number.
func (c *gatewayConn) dispatch(typ string, data any) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	return c.ws.WriteJSON(map[string]any{"op": 0, "t": typ, "s": c.seq, "d": data})
}

// Dispatch sends an event (its type, such as MESSAGE_CREATE, and its
// data as Discord sends it) to every ready connection.
func (g *Gateway) Dispatch(t testing.TB, typ string, data json.RawMessage) {
	t.Helper()
	g.mu.Lock()
	conns := append([]*gatewayConn(nil), g.conns...)
	g.mu.Unlock()
	if len(conns) == 0 {
		t.Fatal("no gateway connection is ready")
	}
	for _, c := range conns {
		if err := c.dispatch(typ, data); err != nil {
			t.Fatalf("dispatch %s: %v", typ, err)
		}
	}
}
