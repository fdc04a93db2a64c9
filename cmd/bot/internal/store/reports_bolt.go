package store

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"

	"arbiter/cmd/bot/internal/report"
)

// boltReports is the bucket of reports: 8-byte big-endian ID -> the
// report as JSON.
var boltReports = []byte("reports")

// reportKey is the key of report id.
func reportKey(id int64) []byte {
	k := make([]byte, 8)
	binary.BigEndian.PutUint64(k, uint64(id))
	return k
}

// AddReport keeps r as a new open report, numbered after the last one,
// and returns it with its number.
func (s *Bolt) AddReport(ctx context.Context, r report.Report) (report.Report, error) {
	if err := ctx.Err(); err != nil {
		return report.Report{}, err
	}
	err := s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(boltReports)
		seq, err := b.NextSequence()
		if err != nil {
			return err
		}
		r.ID, r.Status, r.Decision, r.Comments = int64(seq), report.Open, nil, nil
		return putReport(b, r)
	})
	if err != nil {
		return report.Report{}, fmt.Errorf("state: report: %w", err)
	}
	return r, nil
}

// putReport writes r under its number.
func putReport(b *bolt.Bucket, r report.Report) error {
	v, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return b.Put(reportKey(r.ID), v)
}

// getReport reads report id.
func getReport(b *bolt.Bucket, id int64) (report.Report, error) {
	v := b.Get(reportKey(id))
	if v == nil {
		return report.Report{}, report.ErrNotFound
	}
	var r report.Report
	if err := json.Unmarshal(v, &r); err != nil {
		return report.Report{}, fmt.Errorf("report %d: %w", id, err)
	}
	return r, nil
}

// Report returns report id.
func (s *Bolt) Report(ctx context.Context, id int64) (report.Report, error) {
	var r report.Report
	err := s.db.View(func(tx *bolt.Tx) error {
		var err error
		r, err = getReport(tx.Bucket(boltReports), id)
		return err
	})
	if err != nil && err != report.ErrNotFound {
		err = fmt.Errorf("state: %w", err)
	}
	return r, err
}

// Reports returns the reports f selects, the oldest first.
func (s *Bolt) Reports(ctx context.Context, f report.Filter) ([]report.Report, error) {
	out := []report.Report{}
	err := s.db.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(boltReports).Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			var r report.Report
			if err := json.Unmarshal(v, &r); err != nil {
				return fmt.Errorf("report %d: %w", binary.BigEndian.Uint64(k), err)
			}
			if !f.Keeps(r) {
				continue
			}
			out = append(out, r)
			if f.Limit > 0 && len(out) == f.Limit {
				break
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	return out, nil
}

// DecideReport records a reviewer's decision on report id, replacing any
// earlier one, and returns the report.
func (s *Bolt) DecideReport(ctx context.Context, id int64, d report.Decision) (report.Report, error) {
	return s.updateReport(ctx, id, func(r *report.Report) {
		r.Status, r.Decision = d.Status, &d
	})
}

// CommentReport adds a reviewer's comment to report id and returns the
// report.
func (s *Bolt) CommentReport(ctx context.Context, id int64, c report.Comment) (report.Report, error) {
	return s.updateReport(ctx, id, func(r *report.Report) { r.Comments = append(r.Comments, c) })
}

// updateReport changes report id with fn in one transaction.
func (s *Bolt) updateReport(ctx context.Context, id int64, fn func(*report.Report)) (report.Report, error) {
	if err := ctx.Err(); err != nil {
		return report.Report{}, err
	}
	var r report.Report
	err := s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(boltReports)
		var err error
		if r, err = getReport(b, id); err != nil {
			return err
		}
		fn(&r)
		return putReport(b, r)
	})
	if err == report.ErrNotFound {
		return report.Report{}, err
	}
	if err != nil {
		return report.Report{}, fmt.Errorf("state: report: %w", err)
	}
	return r, nil
}

// ReadReports reads the reports f selects from the embedded store in dir
// without taking it: read-only, giving up after wait when another process
// (a bot that serves) holds the file. A directory with no store has none.
func ReadReports(ctx context.Context, dir string, f report.Filter, wait time.Duration) ([]report.Report, error) {
	path := filepath.Join(dir, BoltFile)
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	db, err := bolt.Open(path, 0o644, &bolt.Options{ReadOnly: true, Timeout: wait})
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, fmt.Errorf("state: %s is in use by another process: %w", path, ErrInUse)
	}
	if err != nil {
		return nil, fmt.Errorf("state: %s: %w", path, err)
	}
	defer db.Close()
	if err := db.View(func(tx *bolt.Tx) error {
		if tx.Bucket(boltReports) == nil {
			return errNoReports
		}
		return nil
	}); err != nil {
		return nil, nil
	}
	return (&Bolt{db: db}).Reports(ctx, f)
}

// errNoReports is a store made before reports were kept.
var errNoReports = errors.New("state: no reports")
