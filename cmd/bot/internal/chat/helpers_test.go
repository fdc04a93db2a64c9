package chat

import (
	"testing"
	"time"

	"arbiter/cmd/bot/internal/testutil"
)

// testRouter is a router on the embedded corpus with settings in memory.
func testRouter(t testing.TB) *Router {
	t.Helper()
	ix := testutil.EmbeddedIndex(t)
	prefs := NewPrefs(nil, nil)
	return New(Config{
		Catalog: testutil.Catalog(t),
		Index:   func() (Index, func()) { return ix, func() {} },
		Prefs:   prefs,
		Limit:   NewRateLimiter(5, 10*time.Second, 1000),
	})
}
