package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"arbiter/cmd/bot/internal/report"
)

// reportColumns are the columns a report is read from, in scanReport's
// order.
const reportColumns = `id, question, lang, page, cr_release, build, shown, wrong, suggestion, reporter,
	guild_id, channel_id, source, created, status, reviewer, decided, expected, label, kind, decision_note`

// AddReport keeps r as a new open report, with a synchronous commit, and
// returns it with its number.
func (s *Postgres) AddReport(ctx context.Context, r report.Report) (report.Report, error) {
	if err := s.ensure(ctx); err != nil {
		return report.Report{}, err
	}
	shown, err := json.Marshal(nonNil(r.Shown))
	if err != nil {
		return report.Report{}, err
	}
	r.Status, r.Decision, r.Comments = report.Open, nil, nil
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SET LOCAL synchronous_commit = on"); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `INSERT INTO arbiter_reports
			(question, lang, page, cr_release, build, shown, wrong, suggestion, reporter, guild_id, channel_id, source, created)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
			r.Question, r.Lang, r.Page, r.CRRelease, r.Build, shown, r.Wrong, r.Suggestion, r.Reporter,
			r.GuildID, r.ChannelID, r.Source, r.Created).Scan(&r.ID)
	})
	if err != nil {
		return report.Report{}, fmt.Errorf("state: report: %w", err)
	}
	return r, nil
}

// nonNil is s, or an empty slice: a JSON array, never null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// Report returns report id with its comments.
func (s *Postgres) Report(ctx context.Context, id int64) (report.Report, error) {
	if err := s.ensure(ctx); err != nil {
		return report.Report{}, err
	}
	var r report.Report
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var err error
		r, err = readReport(ctx, tx, id)
		return err
	})
	return reportResult(r, err)
}

// readReport reads report id and its comments in tx.
func readReport(ctx context.Context, tx pgx.Tx, id int64) (report.Report, error) {
	rows, err := tx.Query(ctx, "SELECT "+reportColumns+" FROM arbiter_reports WHERE id = $1", id)
	if err != nil {
		return report.Report{}, err
	}
	rs, err := scanReports(rows)
	if err != nil {
		return report.Report{}, err
	}
	if len(rs) == 0 {
		return report.Report{}, report.ErrNotFound
	}
	if err := addComments(ctx, tx, rs); err != nil {
		return report.Report{}, err
	}
	return rs[0], nil
}

// Reports returns the reports f selects, the oldest first, with their
// comments.
func (s *Postgres) Reports(ctx context.Context, f report.Filter) ([]report.Report, error) {
	if err := s.ensure(ctx); err != nil {
		return nil, err
	}
	limit := any(nil)
	if f.Limit > 0 {
		limit = f.Limit
	}
	var out []report.Report
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, "SELECT "+reportColumns+` FROM arbiter_reports
			WHERE $1 = '' OR status = $1 ORDER BY id LIMIT $2`, string(f.Status), limit)
		if err != nil {
			return err
		}
		if out, err = scanReports(rows); err != nil {
			return err
		}
		return addComments(ctx, tx, out)
	})
	if err != nil {
		return nil, fmt.Errorf("state: reports: %w", err)
	}
	return nonNil(out), nil
}

// scanReports reads rows of reportColumns.
func scanReports(rows pgx.Rows) ([]report.Report, error) {
	var out []report.Report
	var r report.Report
	var shown, expected []byte
	var status, reviewer, label, kind, note string
	var decided *time.Time
	_, err := pgx.ForEachRow(rows, []any{&r.ID, &r.Question, &r.Lang, &r.Page, &r.CRRelease, &r.Build, &shown, &r.Wrong,
		&r.Suggestion, &r.Reporter, &r.GuildID, &r.ChannelID, &r.Source, &r.Created, &status, &reviewer, &decided,
		&expected, &label, &kind, &note}, func() error {
		x := r
		x.Status = report.Status(status)
		if err := json.Unmarshal(shown, &x.Shown); err != nil {
			return fmt.Errorf("report %d: shown: %w", x.ID, err)
		}
		if decided != nil {
			d := &report.Decision{Reviewer: reviewer, At: *decided, Status: x.Status, Label: label, Kind: kind, Note: note}
			if err := json.Unmarshal(expected, &d.Expected); err != nil {
				return fmt.Errorf("report %d: expected: %w", x.ID, err)
			}
			if len(d.Expected) == 0 {
				d.Expected = nil
			}
			x.Decision = d
		}
		out = append(out, x)
		return nil
	})
	return out, err
}

// addComments reads the comments of rs, in the order they were written.
func addComments(ctx context.Context, tx pgx.Tx, rs []report.Report) error {
	if len(rs) == 0 {
		return nil
	}
	ids := make([]int64, len(rs))
	at := map[int64]int{}
	for i, r := range rs {
		ids[i] = r.ID
		at[r.ID] = i
	}
	rows, err := tx.Query(ctx, `SELECT report_id, author, at, body FROM arbiter_report_comments
		WHERE report_id = ANY($1) ORDER BY seq`, ids)
	if err != nil {
		return err
	}
	var id int64
	var c report.Comment
	_, err = pgx.ForEachRow(rows, []any{&id, &c.Author, &c.At, &c.Text}, func() error {
		rs[at[id]].Comments = append(rs[at[id]].Comments, c)
		return nil
	})
	return err
}

// DecideReport records a reviewer's decision on report id, replacing any
// earlier one, with a synchronous commit, and returns the report.
func (s *Postgres) DecideReport(ctx context.Context, id int64, d report.Decision) (report.Report, error) {
	expected, err := json.Marshal(nonNil(d.Expected))
	if err != nil {
		return report.Report{}, err
	}
	return s.changeReport(ctx, id, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE arbiter_reports SET status = $2, reviewer = $3, decided = $4, expected = $5,
			label = $6, kind = $7, decision_note = $8 WHERE id = $1`,
			id, string(d.Status), d.Reviewer, d.At, expected, d.Label, d.Kind, d.Note)
		return err
	})
}

// CommentReport adds a reviewer's comment to report id, with a
// synchronous commit, and returns the report.
func (s *Postgres) CommentReport(ctx context.Context, id int64, c report.Comment) (report.Report, error) {
	return s.changeReport(ctx, id, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "INSERT INTO arbiter_report_comments (report_id, author, at, body) VALUES ($1, $2, $3, $4)",
			id, c.Author, c.At, c.Text)
		return err
	})
}

// changeReport runs fn on report id, locked, in a transaction committed
// synchronously, and returns the report as fn left it.
func (s *Postgres) changeReport(ctx context.Context, id int64, fn func(tx pgx.Tx) error) (report.Report, error) {
	if err := s.ensure(ctx); err != nil {
		return report.Report{}, err
	}
	var r report.Report
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SET LOCAL synchronous_commit = on"); err != nil {
			return err
		}
		var found int64
		if err := tx.QueryRow(ctx, "SELECT id FROM arbiter_reports WHERE id = $1 FOR UPDATE", id).Scan(&found); errors.Is(err, pgx.ErrNoRows) {
			return report.ErrNotFound
		} else if err != nil {
			return err
		}
		if err := fn(tx); err != nil {
			return err
		}
		var err error
		r, err = readReport(ctx, tx, id)
		return err
	})
	return reportResult(r, err)
}

// reportResult is the report a transaction read, or its error: a report
// not found as such, any other wrapped.
func reportResult(r report.Report, err error) (report.Report, error) {
	if errors.Is(err, report.ErrNotFound) {
		return report.Report{}, report.ErrNotFound
	}
	if err != nil {
		return report.Report{}, fmt.Errorf("state: report: %w", err)
	}
	return r, nil
}
