package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// restCall is one call to Discord's REST API: route names its endpoint
// with the parameters left out ("PATCH /webhooks/{id}/{token}/messages/@original")
// and major holds those that Discord keys its rate limits on (an
// interaction's application ID and token), so that calls for different
// interactions never wait for each other.
type restCall struct {
	method, url string
	route       string
	major       string
	contentType string
	body        []byte
	// idempotent calls (edits) may be sent again after a network error.
	idempotent bool
}

// restClient sends the calls of the Discord front end that follow an
// interaction (edits of deferred replies, follow-ups). Unlike discordgo's
// session, which holds one lock per rate-limit bucket for the whole round
// trip (and puts every webhook edit in one bucket), it sends calls
// concurrently, up to a bound, and keeps Discord's per-route buckets from
// the X-RateLimit-* headers: a call waits only when its own bucket is
// spent, or when Discord said the global limit is hit. Each call's
// timeout starts when it is sent, after these waits; a call refused with
// 429 or a 502, 503 or 504 is sent again when the caller's context allows.
type restClient struct {
	client  *http.Client
	timeout time.Duration
	slots   chan struct{}
	agent   string

	mu      sync.Mutex
	hashes  map[string]string // route -> Discord's bucket hash
	buckets map[string]*restBucket
	global  time.Time // every call waits until then (a global 429)
	wake    chan struct{}
}

// restBucket is what Discord said of one rate-limit bucket.
type restBucket struct {
	limit     int       // calls per window (0: unknown)
	remaining int       // calls that may start before reset (-1: unknown)
	reset     time.Time // when the window ends
	inflight  int
}

// maxRESTBuckets bounds the buckets kept: past it, those with nothing in
// flight whose window ended are forgotten (one interaction's token is a
// bucket of its own, used once or twice).
const maxRESTBuckets = 4096

// maxRESTAttempts bounds how often one call is sent.
const maxRESTAttempts = 4

// newRESTClient sends up to concurrency calls at once, each with timeout.
func newRESTClient(timeout time.Duration, concurrency int) *restClient {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = concurrency
	tr.ForceAttemptHTTP2 = true
	return &restClient{
		client:  &http.Client{Transport: tr},
		timeout: timeout,
		slots:   make(chan struct{}, concurrency),
		agent:   "DiscordBot (https://github.com/bwmarrin/discordgo, v" + discordgo.VERSION + ")",
		hashes:  map[string]string{},
		buckets: map[string]*restBucket{},
		wake:    make(chan struct{}),
	}
}

// RESTError is a call Discord answered with an error status.
type RESTError struct {
	Status int
	Body   string
}

// Error gives the status and Discord's message.
func (e *RESTError) Error() string {
	return fmt.Sprintf("discord REST: status %d: %s", e.Status, e.Body)
}

// jsonCall is a call whose body is v as JSON.
func jsonCall(method, url, route, major string, v any) (restCall, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return restCall{}, err
	}
	return restCall{method: method, url: url, route: route, major: major, contentType: "application/json", body: b,
		idempotent: method == http.MethodPatch}, nil
}

// do sends c until Discord accepts it, refuses it for good, or ctx ends.
func (r *restClient) do(ctx context.Context, c restCall) error {
	var err error
	for attempt := 1; ; attempt++ {
		var retryIn time.Duration
		retryIn, err = r.send(ctx, c)
		if err == nil || retryIn < 0 || attempt >= maxRESTAttempts {
			return err
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < retryIn {
			return err
		}
		t := time.NewTimer(retryIn)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return errors.Join(err, ctx.Err())
		}
	}
}

// send sends c once, after its bucket and a slot allow it. A failure that
// may be tried again gives how long to wait first (negative: never).
func (r *restClient) send(ctx context.Context, c restCall) (time.Duration, error) {
	key, err := r.acquire(ctx, c)
	if err != nil {
		return -1, err
	}
	if err := r.slot(ctx); err != nil {
		r.release(c, key, nil, nil)
		return -1, err
	}
	cctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(cctx, c.method, c.url, bytes.NewReader(c.body))
	if err != nil {
		<-r.slots
		r.release(c, key, nil, nil)
		return -1, err
	}
	req.Header.Set("Content-Type", c.contentType)
	req.Header.Set("User-Agent", r.agent)
	resp, err := r.client.Do(req)
	var body []byte
	if err == nil {
		body, err = io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
	}
	<-r.slots
	if err != nil {
		r.release(c, key, nil, nil)
		if c.idempotent && ctx.Err() == nil && cctx.Err() == nil {
			return 250 * time.Millisecond, err
		}
		return -1, err
	}
	retryIn := r.release(c, key, resp, body)
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return 0, nil
	case resp.StatusCode == http.StatusTooManyRequests:
		return retryIn, &RESTError{Status: resp.StatusCode, Body: string(body)}
	case resp.StatusCode == http.StatusBadGateway || resp.StatusCode == http.StatusServiceUnavailable || resp.StatusCode == http.StatusGatewayTimeout:
		return 500 * time.Millisecond, &RESTError{Status: resp.StatusCode, Body: string(body)}
	}
	return -1, &RESTError{Status: resp.StatusCode, Body: string(body)}
}

// slot waits for a free slot, and then for the end of a global pause
// that began meanwhile (calls queued for a slot do not all go out at once
// into a limit Discord just announced).
func (r *restClient) slot(ctx context.Context) error {
	for {
		select {
		case r.slots <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
		r.mu.Lock()
		wait := time.Until(r.global)
		r.mu.Unlock()
		if wait <= 0 {
			return nil
		}
		<-r.slots
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		}
	}
}

// bucketKey is the key of c's bucket: Discord's hash of its route when
// known, else the route, with its major parameters. r.mu is held.
func (r *restClient) bucketKey(c restCall) string {
	if h, ok := r.hashes[c.route]; ok {
		return h + " " + c.major
	}
	return c.route + " " + c.major
}

// acquire waits until c's bucket allows one more call and the global
// limit has passed, or ctx ends, and counts the call in flight. A bucket
// never seen lets one call through to learn its limits.
func (r *restClient) acquire(ctx context.Context, c restCall) (string, error) {
	for {
		r.mu.Lock()
		now := time.Now()
		key := r.bucketKey(c)
		b := r.buckets[key]
		if b == nil {
			if len(r.buckets) >= maxRESTBuckets {
				r.sweep(now)
			}
			b = &restBucket{remaining: -1}
			r.buckets[key] = b
		}
		if b.limit > 0 && !now.Before(b.reset) {
			// A new window.
			b.remaining, b.reset = b.limit-b.inflight, time.Time{}
		}
		var until time.Time
		switch {
		case now.Before(r.global):
			until = r.global
		case b.remaining > 0 || b.remaining < 0 && b.inflight == 0:
			if b.remaining > 0 {
				b.remaining--
			}
			b.inflight++
			r.mu.Unlock()
			return key, nil
		case b.remaining == 0 && !b.reset.IsZero():
			until = b.reset
		}
		wake := r.wake
		r.mu.Unlock()
		var timer *time.Timer
		var fire <-chan time.Time
		if !until.IsZero() {
			timer = time.NewTimer(time.Until(until))
			fire = timer.C
		}
		select {
		case <-wake:
		case <-fire:
		case <-ctx.Done():
		}
		if timer != nil {
			timer.Stop()
		}
		if err := ctx.Err(); err != nil {
			return "", err
		}
	}
}

// release ends call c of bucket key and records what Discord's answer
// (nil: none) says of the bucket and the global limit; for a 429 it
// returns how long to wait before trying again.
func (r *restClient) release(c restCall, key string, resp *http.Response, body []byte) time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer func() {
		close(r.wake)
		r.wake = make(chan struct{})
	}()
	now := time.Now()
	b := r.buckets[key]
	if b == nil {
		b = &restBucket{remaining: -1, inflight: 1}
		r.buckets[key] = b
	}
	b.inflight--
	if resp == nil {
		if b.remaining >= 0 && b.limit == 0 {
			b.remaining = -1
		}
		return 0
	}
	h := resp.Header
	if hash := h.Get("X-RateLimit-Bucket"); hash != "" && r.hashes[c.route] != hash && len(hash) <= 64 {
		// Later calls of this route use the hash's bucket.
		r.hashes[c.route] = hash
	}
	if lim, err := strconv.Atoi(h.Get("X-RateLimit-Limit")); err == nil && lim > 0 {
		b.limit = lim
	}
	after, afterOK := seconds(h.Get("X-RateLimit-Reset-After"))
	if rem, err := strconv.Atoi(h.Get("X-RateLimit-Remaining")); err == nil && rem >= 0 {
		reset := b.reset
		if afterOK {
			reset = now.Add(after)
		}
		if b.remaining < 0 || reset.After(b.reset.Add(500*time.Millisecond)) {
			// A new window: the calls still in flight count against it.
			b.remaining = max(0, rem-b.inflight)
		} else {
			b.remaining = min(b.remaining, rem)
		}
		b.reset = reset
	} else if b.remaining < 0 && b.limit == 0 {
		// No limits given: any number of calls.
		b.remaining = math.MaxInt32
	}
	if resp.StatusCode != http.StatusTooManyRequests {
		return 0
	}
	var tm struct {
		RetryAfter float64 `json:"retry_after"`
		Global     bool    `json:"global"`
	}
	json.Unmarshal(body, &tm)
	wait := time.Duration(tm.RetryAfter * float64(time.Second))
	if d, ok := seconds(h.Get("Retry-After")); ok && d > wait {
		wait = d
	}
	if wait <= 0 {
		wait = time.Second
	}
	if tm.Global || h.Get("X-RateLimit-Global") == "true" || h.Get("X-RateLimit-Scope") == "global" {
		r.global = now.Add(wait)
	} else {
		b.remaining, b.reset = 0, now.Add(wait)
	}
	return wait
}

// sweep forgets the buckets with nothing in flight whose window ended.
// r.mu is held.
func (r *restClient) sweep(now time.Time) {
	for k, b := range r.buckets {
		if b.inflight == 0 && !now.Before(b.reset) {
			delete(r.buckets, k)
		}
	}
}

// seconds parses a header's count of seconds (a decimal number).
func seconds(v string) (time.Duration, bool) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 || f > 3600 {
		return 0, false
	}
	return time.Duration(f * float64(time.Second)), true
}
