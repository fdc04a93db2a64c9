package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/store"
	"arbiter/cmd/bot/internal/testutil"
	"arbiter/kb"
)

// rig is the Discord front end on the embedded corpus, served on a mux,
// with the private key Discord would sign with.
type rig struct {
	e    *Endpoint
	rt   *chat.Router
	priv ed25519.PrivateKey
	mux  *http.ServeMux
	log  *testutil.Log
}

// rigConfig is what a test may change of a rig: the endpoint's settings
// and those of its router.
type rigConfig struct {
	Config
	rateBurst  int
	ratePeriod time.Duration
	replyCache int
	index      *kb.Index
	fetch      chat.Fetcher
	// reports keep the reports of wrong answers, reviewed by the members
	// of reviewerRole; announce posts the new ones to reportsChannel.
	reports        chat.Reports
	reviewerRole   string
	reportsChannel string
	announce       func(ctx context.Context, channel string, r chat.Response) error
	// mentions bounds the answers to [[name]] in messages.
	mentions chat.MentionsConfig
	// publicURL is the base of the web pages replies link to.
	publicURL string
}

// rigReviewerRole is the reviewers' role of a rig, as the recorded
// payloads of reviewers carry it.
const rigReviewerRole = "1290000000000000001"

// newRig builds a rig; tune, if not nil, changes its settings first.
func newRig(t testing.TB, tune func(*rigConfig)) *rig {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	c := rigConfig{
		Config: Config{
			PublicKey:   hex.EncodeToString(pub),
			DeferAfter:  2 * time.Second,
			EditTimeout: 5 * time.Second,
			MaxBody:     64 << 10,
		},
		rateBurst:    1000,
		ratePeriod:   time.Second,
		index:        testutil.EmbeddedIndex(t),
		reports:      &store.MemoryReports{},
		reviewerRole: rigReviewerRole,
	}
	if tune != nil {
		tune(&c)
	}
	logs := &testutil.Log{}
	log := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	prefs := chat.NewPrefs(nil, log)
	rt := chat.New(chat.Config{
		Catalog:   testutil.Catalog(t),
		Index:     func() (chat.Index, func()) { return c.index, func() {} },
		Prefs:     prefs,
		Limit:     chat.NewRateLimiter(c.rateBurst, c.ratePeriod, 100000),
		Log:       log,
		CacheSize: c.replyCache,
		Fetch:     c.fetch,
		Reports: chat.ReportsConfig{Store: c.reports, Reviewer: chat.HasRole(c.reviewerRole),
			Channel: c.reportsChannel, Announce: c.announce},
		Mentions:  c.mentions,
		PublicURL: c.publicURL,
	})
	e, err := New(c.Config, rt, nil, log)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	e.Routes(mux)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		e.Wait(ctx)
	})
	return &rig{e: e, rt: rt, priv: priv, mux: mux, log: logs}
}

// signed builds a POST /interactions request signed with key at ts.
func signed(t testing.TB, key ed25519.PrivateKey, body []byte, ts time.Time) *http.Request {
	t.Helper()
	stamp := strconv.FormatInt(ts.Unix(), 10)
	sig := ed25519.Sign(key, append([]byte(stamp), body...))
	r := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	r.Header.Set("X-Signature-Timestamp", stamp)
	return r
}

// post sends a signed body to the rig's endpoint.
func (r *rig) post(t testing.TB, body []byte) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	r.mux.ServeHTTP(w, signed(t, r.priv, body, time.Now()))
	return w
}

// fixture reads an interaction payload of testdata/interactions.
func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "interactions", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
