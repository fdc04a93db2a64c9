package store

import (
	"context"
	"slices"
	"sync"

	"arbiter/cmd/bot/internal/report"
)

// MemoryReports keeps reports in this process's memory: those of a bot
// run with no state store, lost when it ends. It is safe for concurrent
// use.
type MemoryReports struct {
	mu      sync.Mutex
	reports []report.Report // by ID - 1
}

// AddReport keeps r as a new open report and returns it with its number.
func (m *MemoryReports) AddReport(ctx context.Context, r report.Report) (report.Report, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r.ID, r.Status, r.Decision, r.Comments = int64(len(m.reports)+1), report.Open, nil, nil
	m.reports = append(m.reports, clone(r))
	return r, nil
}

// Report returns report id.
func (m *MemoryReports) Report(ctx context.Context, id int64) (report.Report, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if id < 1 || id > int64(len(m.reports)) {
		return report.Report{}, report.ErrNotFound
	}
	return clone(m.reports[id-1]), nil
}

// Reports returns the reports f selects, the oldest first.
func (m *MemoryReports) Reports(ctx context.Context, f report.Filter) ([]report.Report, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []report.Report{}
	for _, r := range m.reports {
		if f.Keeps(r) {
			out = append(out, clone(r))
			if f.Limit > 0 && len(out) == f.Limit {
				break
			}
		}
	}
	return out, nil
}

// DecideReport records a decision on report id.
func (m *MemoryReports) DecideReport(ctx context.Context, id int64, d report.Decision) (report.Report, error) {
	return m.update(id, func(r *report.Report) { r.Status, r.Decision = d.Status, &d })
}

// CommentReport adds a comment to report id.
func (m *MemoryReports) CommentReport(ctx context.Context, id int64, c report.Comment) (report.Report, error) {
	return m.update(id, func(r *report.Report) { r.Comments = append(r.Comments, c) })
}

// update changes report id with fn.
func (m *MemoryReports) update(id int64, fn func(*report.Report)) (report.Report, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if id < 1 || id > int64(len(m.reports)) {
		return report.Report{}, report.ErrNotFound
	}
	r := clone(m.reports[id-1])
	fn(&r)
	m.reports[id-1] = clone(r)
	return r, nil
}

// clone copies r, so that the caller and the store share no slice.
func clone(r report.Report) report.Report {
	r.Shown = slices.Clone(r.Shown)
	r.Comments = slices.Clone(r.Comments)
	if r.Decision != nil {
		d := *r.Decision
		d.Expected = slices.Clone(d.Expected)
		r.Decision = &d
	}
	return r
}
