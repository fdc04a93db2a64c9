package discordtest

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// APIPath is the path prefix of Discord's REST API, as the stand-in sees
// the calls: "/api/v10".
func APIPath() string { return "/api/v" + discordgo.APIVersion }

// REST is a local stand-in for Discord's REST API: it records every call
// and answers with the status and body its reply function gives, or never
// answers when it hangs. With Options it answers as Discord does under
// load: after a latency, with rate-limit headers, and 429 past a limit.
type REST struct {
	srv   *httptest.Server
	mu    sync.Mutex
	calls []Call
	reply func(method, path string, body []byte) (int, string)
	hang  chan struct{} // non-nil: calls wait until the test ends
	opt   Options
	// buckets and global count the calls of the current windows.
	buckets map[string]*window
	global  window
}

// Options make the stand-in answer as Discord does under load.
type Options struct {
	// MinLatency and MaxLatency: each call is answered after a time drawn
	// uniformly between them (Discord's API answers in 50 to 200 ms from
	// most of the world).
	MinLatency, MaxLatency time.Duration
	// BucketLimit calls per BucketWindow are allowed for each route and
	// its major parameters (as Discord keys a webhook's: its ID and token),
	// and every answer carries the X-RateLimit-* headers; past the limit,
	// 429 with retry_after. Zero: no limit and no headers.
	BucketLimit  int
	BucketWindow time.Duration
	// GlobalLimit calls per second over every route; past it, a global
	// 429 (X-RateLimit-Global). Zero: none. Discord exempts interaction
	// webhooks from its global limit; tests use it to check that the bot
	// honours one.
	GlobalLimit int
}

// window counts calls in a fixed window.
type window struct {
	start time.Time
	n     int
}

// Call is one call the stand-in received: when, and what it answered.
type Call struct {
	Method, Path, Auth string
	Body               []byte
	At                 time.Time // received
	Answered           time.Time
	Status             int
}

// NewREST starts the stand-in and points discordgo's endpoints at it for
// the duration of the test. reply gives each call's status and body; nil
// answers every call with an empty message.
func NewREST(t testing.TB, reply func(method, path string, body []byte) (int, string)) *REST {
	t.Helper()
	return start(t, &REST{reply: reply})
}

// NewRESTWith starts a stand-in that answers as opt says (see NewREST
// for reply).
func NewRESTWith(t testing.TB, opt Options, reply func(method, path string, body []byte) (int, string)) *REST {
	t.Helper()
	return start(t, &REST{reply: reply, opt: opt, buckets: map[string]*window{}})
}

// NewHangingREST starts a stand-in that accepts every call and never
// answers it, as a hung Discord would, until the test ends.
func NewHangingREST(t testing.TB) *REST {
	t.Helper()
	return start(t, &REST{hang: make(chan struct{})})
}

// start serves f and points discordgo at it until the test ends.
func start(t testing.TB, f *REST) *REST {
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
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

// URL is the stand-in's base URL, for a child process (see Redirect).
func (f *REST) URL() string { return f.srv.URL }

// serve answers one call.
func (f *REST) serve(w http.ResponseWriter, r *http.Request) {
	at := time.Now()
	b, _ := io.ReadAll(r.Body)
	if f.hang != nil {
		f.record(Call{Method: r.Method, Path: r.URL.Path, Auth: r.Header.Get("Authorization"), Body: b, At: at})
		select {
		case <-f.hang:
		case <-r.Context().Done():
		}
		return
	}
	if d := f.latency(); d > 0 {
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			return
		}
	}
	code, out := f.limit(w.Header(), r.Method+" "+r.URL.Path)
	if code == 0 {
		code, out = http.StatusOK, `{"id":"1","channel_id":"1","content":""}`
		if f.reply != nil {
			code, out = f.reply(r.Method, r.URL.Path, b)
		}
	}
	f.record(Call{Method: r.Method, Path: r.URL.Path, Auth: r.Header.Get("Authorization"), Body: b, At: at,
		Answered: time.Now(), Status: code})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	io.WriteString(w, out)
}

// record adds a call.
func (f *REST) record(c Call) {
	f.mu.Lock()
	f.calls = append(f.calls, c)
	f.mu.Unlock()
}

// latency draws a call's latency.
func (f *REST) latency() time.Duration {
	lo, hi := f.opt.MinLatency, f.opt.MaxLatency
	if hi <= lo {
		return lo
	}
	return lo + rand.N(hi-lo)
}

// limit counts a call of bucket key against its bucket and the global
// limit, sets the rate-limit headers, and gives the 429 to answer when a
// limit is passed (0 otherwise).
func (f *REST) limit(h http.Header, key string) (int, string) {
	if f.opt.BucketLimit <= 0 && f.opt.GlobalLimit <= 0 {
		return 0, ""
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	now := time.Now()
	if f.opt.GlobalLimit > 0 {
		g := &f.global
		if now.Sub(g.start) >= time.Second {
			g.start, g.n = now, 0
		}
		if g.n >= f.opt.GlobalLimit {
			after := g.start.Add(time.Second).Sub(now)
			h.Set("X-RateLimit-Global", "true")
			h.Set("X-RateLimit-Scope", "global")
			h.Set("Retry-After", strconv.Itoa(int(after/time.Second)+1))
			return http.StatusTooManyRequests, fmt.Sprintf(`{"message":"You are being rate limited.","retry_after":%.3f,"global":true}`, after.Seconds())
		}
		g.n++
	}
	if f.opt.BucketLimit <= 0 {
		return 0, ""
	}
	per := f.opt.BucketWindow
	if per <= 0 {
		per = time.Second
	}
	b := f.buckets[key]
	if b == nil || now.Sub(b.start) >= per {
		b = &window{start: now}
		f.buckets[key] = b
	}
	after := b.start.Add(per).Sub(now)
	h.Set("X-RateLimit-Limit", strconv.Itoa(f.opt.BucketLimit))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(b.start.Add(per).UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(after.Seconds(), 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", "stand-in-"+key[:4])
	if b.n >= f.opt.BucketLimit {
		h.Set("X-RateLimit-Remaining", "0")
		h.Set("X-RateLimit-Scope", "user")
		h.Set("Retry-After", strconv.Itoa(int(after/time.Second)+1))
		return http.StatusTooManyRequests, fmt.Sprintf(`{"message":"You are being rate limited.","retry_after":%.3f,"global":false}`, after.Seconds())
	}
	b.n++
	h.Set("X-RateLimit-Remaining", strconv.Itoa(f.opt.BucketLimit-b.n))
	return 0, ""
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
