package main

import (
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/cmd/bot/internal/testutil"
)

// damagedIndex builds an index of the April 2026 CR and damages its
// segment: zapx sliced out of range reading it, and took "bot serve" and
// "bot ask" down.
func damagedIndex(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "index")
	testutil.BuildCR(t, dir, testutil.SharedFile(t, "mtg/cr/MagicCompRules_20260417.txt"))
	testutil.DamageSegment(t, dir)
	return dir
}

// TestDamagedIndex: "bot ask" on an index with a damaged segment says the
// index is damaged and exits, and "bot serve" logs it and answers from the
// embedded corpus; neither panics.
func TestDamagedIndex(t *testing.T) {
	t.Parallel()
	dir := damagedIndex(t)
	code, stdout, stderr := runCLI(t, "ask", "--index", dir, "--lang", "en", "can an aura phase out?")
	if code == 0 || !strings.Contains(stderr, "damaged") || strings.Contains(stderr, "panic") {
		t.Errorf("bot ask: exit %d\nstdout: %.300s\nstderr: %.500s", code, stdout, stderr)
	}
	ls := startServe(t, "--index", dir)
	code, body, err := ls.do(mustRequest(t, http.MethodGet, ls.url("/readyz")))
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Ready    bool `json:"ready"`
		Fallback bool `json:"fallback"`
	}
	json.Unmarshal(body, &st)
	if code != http.StatusOK || !st.Ready || !st.Fallback {
		t.Errorf("/readyz %d %s, want ready on the default index", code, body)
	}
	if logs := ls.logs.String(); !strings.Contains(logs, "index unusable, serving the default index") || !strings.Contains(logs, "damaged index file") {
		t.Errorf("the damaged segment is not logged:\n%s", logs)
	}
}
