package chat

import (
	"context"
	"time"

	"arbiter/cmd/bot/internal/report"
)

// Store is the state that the replicas of "bot serve" share: the
// /language settings, the replay guard of signed requests and the
// rate-limit buckets. Package store has its two backends, an embedded
// file for one process and PostgreSQL for replicas; both pass one
// conformance suite. A nil Store keeps everything in this process's
// memory.
//
// Every method may fail when the backend is out of reach; callers then
// fall back to what this process knows (see Prefs, RateLimiter), and a
// setting is refused with a message saying so.
type Store interface {
	// PutSetting records key's value durably ("" clears it): once it
	// returns nil, the setting survives a crash of any process.
	PutSetting(ctx context.Context, key, value string) error
	// SettingsSince returns the settings changed since version after (0:
	// all of them; a cleared one has the value "") and the version to ask
	// from next time. A setting may come again in a later call.
	SettingsSince(ctx context.Context, after int64) (map[string]string, int64, error)
	// Changed is signalled when another process may have changed a
	// setting (nil: no other process can).
	Changed() <-chan struct{}
	// FirstSeen records key for ttl and reports whether it was not
	// already recorded and unexpired.
	FirstSeen(ctx context.Context, key string, now time.Time, ttl time.Duration) (bool, error)
	// Take spends a token of the bucket key, which holds up to burst
	// tokens refilled over period; when there is none it returns false
	// and how long until there is one.
	Take(ctx context.Context, key string, now time.Time, burst int, period time.Duration) (bool, time.Duration, error)
	// Close releases the backend.
	Close() error
}

// Time bounds of the store's calls on the request path: a store out of
// reach must not hold up an answer.
const (
	guardTimeout   = 300 * time.Millisecond
	settingTimeout = 3 * time.Second
)

// Reports keeps the reports users file on wrong answers, in the state
// store beside the settings (package store has its backends, and
// MemoryReports for a bot run with none). The store numbers reports in
// the order they are added; a write is durable once it returns.
type Reports interface {
	// AddReport keeps r as a new open report and returns it with its
	// number.
	AddReport(ctx context.Context, r report.Report) (report.Report, error)
	// Report returns a report, or report.ErrNotFound.
	Report(ctx context.Context, id int64) (report.Report, error)
	// Reports returns the reports f selects, the oldest first.
	Reports(ctx context.Context, f report.Filter) ([]report.Report, error)
	// DecideReport records a reviewer's decision on a report (it
	// replaces any earlier one) and returns the report, or
	// report.ErrNotFound.
	DecideReport(ctx context.Context, id int64, d report.Decision) (report.Report, error)
	// CommentReport adds a reviewer's comment to a report and returns the
	// report, or report.ErrNotFound.
	CommentReport(ctx context.Context, id int64, c report.Comment) (report.Report, error)
}
