package chat

import (
	"context"
	"time"

	"arbiter/cmd/bot/internal/report"
)

// Correction returns the confirmed report that corrects the answer to
// question q asked in lang, on the index that serves: the last confirmed
// report of the same question or of a close paraphrase of it
// (kb.Index.QuestionKey), its number and the texts that answer.
func (rt *Router) Correction(q, lang string) (int64, []string, bool) {
	if rt.index == nil {
		x, ok := rt.corrections.Find(nil, q, lang)
		return x.ID, x.Expected, ok
	}
	ix, release := rt.index()
	defer release()
	return rt.correction(ix, q, lang)
}

// correction is Correction on ix.
func (rt *Router) correction(ix Index, q, lang string) (int64, []string, bool) {
	var k report.Keyer
	if ix != nil {
		k = ix
	}
	x, ok := rt.corrections.Find(k, q, lang)
	return x.ID, x.Expected, ok
}

// SyncReports loads the confirmed reports from the store.
func (rt *Router) SyncReports(ctx context.Context) error {
	if rt.reports.Store == nil {
		return nil
	}
	sctx, cancel := context.WithTimeout(ctx, settingTimeout)
	defer cancel()
	rs, err := rt.reports.Store.Reports(sctx, report.Filter{Status: report.Confirmed})
	if err != nil {
		return err
	}
	rt.corrections.Set(rs)
	return nil
}

// reportsPoll is how often FollowReports reads the confirmed reports
// again.
const reportsPoll = time.Minute

// FollowReports reads the confirmed reports again every minute until ctx
// ends, so that a confirmation made on another replica, or with the
// command line, shows in the answers here too.
func (rt *Router) FollowReports(ctx context.Context) {
	if rt.reports.Store == nil {
		return
	}
	t := time.NewTicker(reportsPoll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := rt.SyncReports(ctx); err != nil && ctx.Err() == nil {
			rt.log.Warn("confirmed reports not read", "err", err)
		}
	}
}
