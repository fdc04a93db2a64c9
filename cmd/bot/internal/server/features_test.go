package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"arbiter/cmd/bot/internal/testutil"
)

// TestFeaturesReported: a feature of the parts that is off or limited
// (the answers to [[name]] when Discord refuses the message content
// intent) is said by /readyz, which stays ready, and by /healthz, which
// stays ok; one that is on is listed by /readyz only.
func TestFeaturesReported(t *testing.T) {
	t.Parallel()
	s, _ := testServer(t, DefaultConfig(), testutil.EmbeddedIndex(t))
	state := map[string]string{"mentions": "on"}
	f := func() map[string]string { return state }
	s.ops.features.Store(&f)
	mux := http.NewServeMux()
	s.routesOps(mux)
	get := func(path string) (int, string) {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		return rec.Code, rec.Body.String()
	}
	if code, body := get("/healthz"); code != 200 || body != "ok\n" {
		t.Errorf("healthz %d %q, want ok alone", code, body)
	}
	state = map[string]string{"mentions": "limited: Discord refused the message content intent"}
	code, body := get("/readyz")
	var st readyStatus
	if err := json.Unmarshal([]byte(body), &st); err != nil || code != 200 || !st.Ready || st.Features["mentions"] != state["mentions"] {
		t.Errorf("readyz %d %s: want ready, with the state of mentions", code, body)
	}
	if code, body := get("/healthz"); code != 200 || !strings.HasPrefix(body, "ok\n") || !strings.Contains(body, "mentions: limited: Discord refused") {
		t.Errorf("healthz %d %q, want ok and the limited feature", code, body)
	}
}
