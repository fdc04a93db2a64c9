package chat

import (
	"context"
	"sync"
	"time"

	"arbiter/cmd/bot/internal/report"
)

// corrections are the confirmed reports, by question: an answer to one of
// their questions that cites what a reviewer confirmed says that it was
// reported and corrected. The router loads them from the store
// (SyncReports), follows the confirmations of other replicas
// (FollowReports) and adds its own at once.
type corrections struct {
	mu sync.RWMutex
	m  map[string][]correction // report.QuestionKey -> the confirmed reports of the question
}

// correction is a confirmed report of a question: its number and the
// texts that answer.
type correction struct {
	id       int64
	expected []string
}

// set replaces the corrections with the confirmed reports among rs.
func (c *corrections) set(rs []report.Report) {
	m := map[string][]correction{}
	for _, r := range rs {
		if r.Status == report.Confirmed && r.Decision != nil {
			k := report.QuestionKey(r.Question)
			m[k] = append(m[k], correction{r.ID, r.Decision.Expected})
		}
	}
	c.mu.Lock()
	c.m = m
	c.mu.Unlock()
}

// put takes in a report just decided: confirmed, it corrects its question;
// else it no longer does.
func (c *corrections) put(r report.Report) {
	k := report.QuestionKey(r.Question)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string][]correction{}
	}
	var kept []correction
	for _, x := range c.m[k] {
		if x.id != r.ID {
			kept = append(kept, x)
		}
	}
	if r.Status == report.Confirmed && r.Decision != nil {
		kept = append(kept, correction{r.ID, r.Decision.Expected})
	}
	c.m[k] = kept
}

// find returns the number of a confirmed report of question q whose
// answer is among cited, if any: the last confirmed.
func (c *corrections) find(q string, cited []string) (int64, bool) {
	if len(cited) == 0 {
		return 0, false
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	xs := c.m[report.QuestionKey(q)]
	for i := len(xs) - 1; i >= 0; i-- {
		if report.MatchesAny(xs[i].expected, cited) {
			return xs[i].id, true
		}
	}
	return 0, false
}

// Corrected tells whether an answer to question q that cites the
// documents cited answers as a confirmed report of q says it should, and
// the report's number.
func (rt *Router) Corrected(q string, cited []string) (int64, bool) {
	return rt.corrections.find(q, cited)
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
	rt.corrections.set(rs)
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
