package discord

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/store"
	"arbiter/cmd/bot/internal/testutil"
)

// caseVariants are the same signed request with its signature's hex in
// other letter cases: hex decodes either, so each is a valid signature of
// the same body. Each call of a variant makes a new request to send.
func caseVariants(t *testing.T, r *http.Request, body []byte) []func() *http.Request {
	t.Helper()
	sig := r.Header.Get("X-Signature-Ed25519")
	mixed := []byte(sig)
	for i := range mixed {
		if i%2 == 0 {
			mixed[i] = bytes.ToUpper(mixed[i : i+1])[0]
		}
	}
	var out []func() *http.Request
	for _, s := range []string{sig, strings.ToUpper(sig), string(mixed)} {
		out = append(out, func() *http.Request {
			v := r.Clone(context.Background())
			v.Body = httpBody(body)
			v.Header.Set("X-Signature-Ed25519", s)
			return v
		})
	}
	return out
}

// TestReplayLetterCase: a signed request accepted once is refused when it
// comes again with its signature in upper case or mixed case.
func TestReplayLetterCase(t *testing.T) {
	rig := newRig(t, nil)
	ping := fixture(t, "ping.json")
	for i, variant := range caseVariants(t, signed(t, rig.priv, ping, time.Now()), ping) {
		w := httptest.NewRecorder()
		r := variant()
		rig.mux.ServeHTTP(w, r)
		want := http.StatusUnauthorized
		if i == 0 {
			want = http.StatusOK
		}
		if w.Code != want {
			t.Errorf("variant %d (%s…): status %d, want %d", i, r.Header.Get("X-Signature-Ed25519")[:8], w.Code, want)
		}
	}
}

// TestReplayAcrossReplicasAndRestarts: the shared guard refuses a request
// seen by another replica (PostgreSQL) or by the same process before it
// restarted (the embedded store), whatever the letter case of its
// signature.
func TestReplayAcrossReplicasAndRestarts(t *testing.T) {
	// Each kind of store: a func that readies it for a test, and returns
	// how to open it as a new process would.
	type opener func(t *testing.T) chat.Store
	stores := map[string]func(t *testing.T) opener{
		"embedded store, restarted": func(t *testing.T) opener {
			dir := t.TempDir()
			return func(t *testing.T) chat.Store {
				s, err := store.OpenBolt(dir)
				if err != nil {
					t.Fatal(err)
				}
				return s
			}
		},
		"PostgreSQL, another replica": func(t *testing.T) opener {
			url := testutil.PostgresURL(t)
			return func(t *testing.T) chat.Store {
				s, err := store.OpenPostgres(context.Background(), url, t.TempDir(), nil)
				if err != nil {
					t.Fatal(err)
				}
				return s
			}
		},
	}
	for name, ready := range stores {
		t.Run(name, func(t *testing.T) {
			open := ready(t)
			first := open(t)
			a := newRig(t, func(c *rigConfig) { c.Guard = first })
			ping := fixture(t, "ping.json")
			variants := caseVariants(t, signed(t, a.priv, ping, time.Now()), ping)
			w := httptest.NewRecorder()
			a.mux.ServeHTTP(w, variants[0]())
			if w.Code != http.StatusOK {
				t.Fatalf("first request: %d", w.Code)
			}
			first.Close()
			// Another process: its own memory is empty, only the store knows.
			second := open(t)
			defer second.Close()
			b := newRig(t, func(c *rigConfig) {
				c.Guard = second
				c.PublicKey = a.e.cfg.PublicKey
			})
			for i, variant := range variants {
				w := httptest.NewRecorder()
				b.mux.ServeHTTP(w, variant())
				if w.Code != http.StatusUnauthorized {
					t.Errorf("variant %d replayed to the other process: %d, want 401", i, w.Code)
				}
			}
		})
	}
}
