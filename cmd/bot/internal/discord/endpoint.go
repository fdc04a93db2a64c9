package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"arbiter/cmd/bot/internal/chat"
)

// maxClockSkew is how far a request's signed timestamp may be from now.
const maxClockSkew = 5 * time.Minute

// guardTimeout bounds the shared replay guard's answer: past it, this
// process's memory alone decides.
const guardTimeout = 300 * time.Millisecond

// Router answers the requests the endpoint receives (a *chat.Router).
type Router interface {
	Serve(ctx context.Context, req chat.Request) chat.Response
	RepliesEphemeral(req chat.Request) bool
	UpdatesMessage(req chat.Request) bool
	Unsupported(req chat.Request) chat.Response
	Busy(req chat.Request) chat.Response
	// Light tells whether req searches nothing: it needs no worker.
	Light(req chat.Request) bool
	Warm(ctx context.Context) error
}

// Metrics records the interactions answered. Its methods are called
// concurrently.
type Metrics interface {
	// ObserveInteraction records an interaction answered: its command,
	// outcome (ok, error, rate_limited), the user's Discord locale and
	// the time to its final reply.
	ObserveInteraction(command, outcome, locale string, d time.Duration)
	// Deferred records a deferred response sent, to be completed by an
	// edit; Delivered records the reply of a deferred response delivered
	// (by the edit or a follow-up), d after the interaction arrived, and
	// Undelivered one that never was.
	Deferred()
	Delivered(d time.Duration)
	Undelivered()
	// RateLimited records an interaction refused by the rate limit.
	RateLimited()
	// GuardFallback records a request checked against replays by this
	// process alone, the shared guard being out of reach.
	GuardFallback()
	// Admission records the admission of interactions: waiting is +1
	// when one starts waiting for a worker and -1 when it stops, working
	// +1 when one starts and -1 when it ends; queued is the time from its
	// arrival to the start of its work (recorded once, when it starts).
	Waiting(delta int)
	Working(delta int)
	Queued(d time.Duration)
	// Busy records an interaction answered "busy, try again"; Expired an
	// autocomplete answered with no choices because its budget ran out.
	Busy()
	Expired()
	// Gateway records the state of the gateway connection: connected or
	// not, a reconnection, the heartbeat latency.
	GatewayConnected(up bool)
	GatewayReconnect()
	GatewayLatency(d time.Duration)
}

// Endpoint is the Discord front end of the bot: it answers interactions
// from the HTTP endpoint and the gateway through the router, the initial
// response inline and, when the reply takes longer, by REST.
type Endpoint struct {
	cfg      Config
	router   Router
	metrics  Metrics
	log      *slog.Logger
	key      ed25519.PublicKey
	rest     *restClient
	replays  *replayCache
	inflight sync.WaitGroup
	admit    *admission
	gateway  gatewayState
	mentions *mentions
}

// New returns the front end of router; m records its interactions (nil:
// nothing is recorded). It fails when the public key is not a hex Ed25519
// public key.
func New(cfg Config, router Router, m Metrics, log *slog.Logger) (*Endpoint, error) {
	e := &Endpoint{cfg: cfg, router: router, metrics: m, log: log}
	if e.metrics == nil {
		e.metrics = noMetrics{}
	}
	if e.log == nil {
		e.log = slog.New(slog.DiscardHandler)
	}
	if cfg.PublicKey != "" {
		k, err := hex.DecodeString(cfg.PublicKey)
		if err != nil || len(k) != ed25519.PublicKeySize {
			return nil, fmt.Errorf("DISCORD_PUBLIC_KEY is not a hex Ed25519 public key")
		}
		e.key = ed25519.PublicKey(k)
	}
	// Follow-ups are authenticated by the interaction token; the bot token
	// is only needed by the gateway.
	e.rest = newRESTClient(cfg.editTimeout(), cfg.restConcurrency())
	e.replays = newReplayCache(100000)
	e.admit = newAdmission(cfg)
	e.mentions = newMentions(cfg.workers())
	return e, nil
}

// noMetrics records nothing.
type noMetrics struct{}

// ObserveInteraction records nothing.
func (noMetrics) ObserveInteraction(string, string, string, time.Duration) {}

// Deferred records nothing.
func (noMetrics) Deferred() {}

// Delivered records nothing.
func (noMetrics) Delivered(time.Duration) {}

// Undelivered records nothing.
func (noMetrics) Undelivered() {}

// RateLimited records nothing.
func (noMetrics) RateLimited() {}

// GuardFallback records nothing.
func (noMetrics) GuardFallback() {}

// Waiting records nothing.
func (noMetrics) Waiting(int) {}

// Working records nothing.
func (noMetrics) Working(int) {}

// Queued records nothing.
func (noMetrics) Queued(time.Duration) {}

// Busy records nothing.
func (noMetrics) Busy() {}

// Expired records nothing.
func (noMetrics) Expired() {}

// GatewayConnected records nothing.
func (noMetrics) GatewayConnected(bool) {}

// GatewayReconnect records nothing.
func (noMetrics) GatewayReconnect() {}

// GatewayLatency records nothing.
func (noMetrics) GatewayLatency(time.Duration) {}

// Routes adds the interactions endpoint, POST /interactions, to mux, and
// builds the autocomplete lists before the first keystroke.
func (e *Endpoint) Routes(mux *http.ServeMux) {
	if e.key == nil {
		e.log.Warn("DISCORD_PUBLIC_KEY not set: POST /interactions refuses every request")
	}
	mux.HandleFunc("POST /interactions", e.handleInteractions)
	go e.warm()
}

// warm builds the autocomplete lists.
func (e *Endpoint) warm() {
	if err := e.router.Warm(context.Background()); err != nil {
		e.log.Warn("autocomplete lists", "err", err)
	}
}

// Wait waits until every reply in flight is delivered (a deferred one
// edited in), or ctx ends; a shutdown calls it.
func (e *Endpoint) Wait(ctx context.Context) {
	done := make(chan struct{})
	go func() {
		e.inflight.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
		e.log.Warn("shutdown: deferred Discord replies still in flight")
	}
}

// handleInteractions is Discord's HTTP interactions endpoint: verify, then
// answer inline or defer and edit.
func (e *Endpoint) handleInteractions(w http.ResponseWriter, r *http.Request) {
	arrived := time.Now()
	if e.cfg.Arrival != nil {
		arrived = e.cfg.Arrival(r)
	}
	if e.key == nil {
		http.Error(w, "interactions are not configured", http.StatusUnauthorized)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, e.cfg.maxBody()))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if code, why := e.verify(r, body, time.Now()); code != http.StatusOK {
		e.log.Info("interaction refused", "status", code, "why", why, "remote", r.RemoteAddr)
		http.Error(w, why, code)
		return
	}
	var in discordgo.Interaction
	if err := json.Unmarshal(body, &in); err != nil || in.Type == 0 {
		http.Error(w, "malformed interaction", http.StatusBadRequest)
		return
	}
	if in.Type == discordgo.InteractionPing {
		writeJSONResponse(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	// The initial response must be written before this handler returns;
	// once it has returned, a late writer is told so instead.
	var mu sync.Mutex
	returned := false
	answered := make(chan struct{})
	e.inflight.Add(1)
	go func() {
		defer e.inflight.Done()
		e.answer(r.Context(), &in, arrived, func(resp *discordgo.InteractionResponse) error {
			mu.Lock()
			defer mu.Unlock()
			if returned {
				return errors.New("the request is gone")
			}
			defer close(answered)
			return writeJSONResponse(w, resp)
		})
	}()
	select {
	case <-answered:
	case <-r.Context().Done():
	}
	mu.Lock()
	returned = true
	mu.Unlock()
}

// verify checks the request's Ed25519 signature, the freshness of its
// timestamp and that it is not a replay; it returns 200 or the status to
// refuse it with.
//
// The replay guard keys on the signature's decoded bytes, not on the
// header's text: hex decodes either letter case, so every case variant
// of one signature would otherwise be a new key. A valid Ed25519
// signature has one encoding (Go's ed25519 refuses a non-canonical S or
// R), and it covers the timestamp's text and the body, so its 64 bytes
// name the request. A key is kept until the timestamp is stale, past
// which the request is refused anyway.
func (e *Endpoint) verify(r *http.Request, body []byte, now time.Time) (int, string) {
	sig, ts := r.Header.Get("X-Signature-Ed25519"), r.Header.Get("X-Signature-Timestamp")
	if sig == "" || ts == "" {
		return http.StatusUnauthorized, "missing signature"
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return http.StatusUnauthorized, "bad timestamp"
	}
	signedAt := time.Unix(sec, 0)
	if skew := now.Sub(signedAt); skew > maxClockSkew || skew < -maxClockSkew {
		return http.StatusUnauthorized, "stale timestamp"
	}
	raw, err := hex.DecodeString(sig)
	if err != nil || len(raw) != ed25519.SignatureSize {
		return http.StatusUnauthorized, "bad signature"
	}
	vr := r.Clone(r.Context())
	vr.Body = io.NopCloser(bytes.NewReader(body))
	if !discordgo.VerifyInteraction(vr, e.key) {
		return http.StatusUnauthorized, "bad signature"
	}
	// Stale from then on: a second past the window, for rounding.
	expires := signedAt.Add(maxClockSkew + time.Second)
	if !e.replays.first(string(raw), now, expires) {
		return http.StatusUnauthorized, "replayed request"
	}
	if g := e.cfg.Guard; g != nil {
		ctx, cancel := context.WithTimeout(r.Context(), guardTimeout)
		first, err := g.FirstSeen(ctx, ReplayKey(raw), now, expires.Sub(now))
		cancel()
		if err == nil && !first {
			return http.StatusUnauthorized, "replayed request"
		}
		if err != nil {
			e.metrics.GuardFallback()
		}
	}
	return http.StatusOK, ""
}

// ReplayKey is the key of a signed request in the shared replay guard:
// its decoded signature, in lower-case hex.
func ReplayKey(sig []byte) string { return "replay:" + hex.EncodeToString(sig) }

// writeJSONResponse writes an interaction response as the HTTP reply.
func writeJSONResponse(w http.ResponseWriter, resp *discordgo.InteractionResponse) error {
	b, err := json.Marshal(resp)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	_, err = w.Write(b)
	return err
}
