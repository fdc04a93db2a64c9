package discordtest

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// APIPath is the path prefix of Discord's REST API, as the stand-in sees
// the calls: "/api/v10".
func APIPath() string { return "/api/v" + discordgo.APIVersion }

// REST is a local stand-in for Discord's REST API: it records every call
// and answers with the status and body its reply function gives, or never
// answers when it hangs.
type REST struct {
	srv   *httptest.Server
	mu    sync.Mutex
	calls []Call
	reply func(method, path string, body []byte) (int, string)
	hang  chan struct{} // non-nil: calls wait until the test ends
}

// Call is one call the stand-in received.
type Call struct {
	Method, Path, Auth string
	Body               []byte
}

// NewREST starts the stand-in and points discordgo's endpoints at it for
// the duration of the test. reply gives each call's status and body; nil
// answers every call with an empty message.
func NewREST(t testing.TB, reply func(method, path string, body []byte) (int, string)) *REST {
	t.Helper()
	return start(t, &REST{reply: reply})
}

// NewHangingREST starts a stand-in that accepts every call and never
// answers it, as a hung Discord would, until the test ends.
func NewHangingREST(t testing.TB) *REST {
	t.Helper()
	return start(t, &REST{hang: make(chan struct{})})
}

// start serves f and points discordgo at it until the test ends.
func start(t testing.TB, f *REST) *REST {
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.calls = append(f.calls, Call{Method: r.Method, Path: r.URL.Path, Auth: r.Header.Get("Authorization"), Body: b})
		f.mu.Unlock()
		if f.hang != nil {
			select {
			case <-f.hang:
			case <-r.Context().Done():
			}
			return
		}
		code, out := http.StatusOK, `{"id":"1","channel_id":"1","content":""}`
		if f.reply != nil {
			code, out = f.reply(r.Method, r.URL.Path, b)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		io.WriteString(w, out)
	}))
	restore := Redirect(f.srv.URL)
	t.Cleanup(func() {
		if f.hang != nil {
			close(f.hang)
		}
		restore()
		f.srv.Close()
	})
	return f
}

// Redirect points discordgo's REST endpoints at base (a stand-in's URL)
// until restore is called. A test process that runs the bot as a child
// calls it in the child, so that no call leaves the machine.
func Redirect(base string) (restore func()) {
	api, hooks, apps, channels := discordgo.EndpointAPI, discordgo.EndpointWebhooks, discordgo.EndpointApplications, discordgo.EndpointChannels
	gw, gwBot := discordgo.EndpointGateway, discordgo.EndpointGatewayBot
	discordgo.EndpointAPI = base + APIPath() + "/"
	discordgo.EndpointWebhooks = discordgo.EndpointAPI + "webhooks/"
	discordgo.EndpointApplications = discordgo.EndpointAPI + "applications"
	discordgo.EndpointChannels = discordgo.EndpointAPI + "channels/"
	discordgo.EndpointGateway = discordgo.EndpointAPI + "gateway"
	discordgo.EndpointGatewayBot = discordgo.EndpointGateway + "/bot"
	return func() {
		discordgo.EndpointAPI, discordgo.EndpointWebhooks, discordgo.EndpointApplications, discordgo.EndpointChannels = api, hooks, apps, channels
		discordgo.EndpointGateway, discordgo.EndpointGatewayBot = gw, gwBot
	}
}

// StandIn serves a stand-in of Discord's REST API that answers every call
// with an empty message, for a child process (see Redirect); it returns
// its URL and the number of calls it received so far. Each call is
// written to log (nil: nowhere) as one line: method, path and body, tab
// separated.
func StandIn(log io.Writer) (url string, calls func() int64) {
	var n atomic.Int64
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		n.Add(1)
		if log != nil {
			mu.Lock()
			fmt.Fprintf(log, "%s\t%s\t%s\n", r.Method, r.URL.Path, bytes.ReplaceAll(b, []byte("\n"), []byte(" ")))
			mu.Unlock()
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"1","channel_id":"1","content":""}`)
	}))
	return srv.URL, n.Load
}

// Calls returns the calls received so far.
func (f *REST) Calls() []Call {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Call(nil), f.calls...)
}
