package store

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"
)

// BoltFile is the name of the embedded store in the state directory.
const BoltFile = "state.db"

// ErrInUse is the error of OpenBolt when another process has the file.
var ErrInUse = errors.New("state: in use by another process")

// Bucket names of the embedded store.
var (
	boltSettings = []byte("settings") // key -> 8-byte version + value
	boltImports  = []byte("imports")  // file name -> time imported
)

// Bolt is the embedded store: the settings and the replay guard in one
// local bbolt file, the rate-limit buckets in memory. One process at a
// time opens the file (a second waits, then fails): replicas use
// PostgreSQL.
type Bolt struct {
	db      *bolt.DB
	buckets localBuckets
}

// OpenBolt opens (creating it) the store in dir and imports the settings
// of LegacyFile there once.
func OpenBolt(dir string) (*Bolt, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	path := filepath.Join(dir, BoltFile)
	db, err := bolt.Open(path, 0o644, &bolt.Options{Timeout: 5 * time.Second})
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, fmt.Errorf("state: %s is in use by another process (replicas share settings through DATABASE_URL): %w", path, ErrInUse)
	}
	if err != nil {
		return nil, fmt.Errorf("state: %s: %w", path, err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{boltSettings, boltImports, boltReports, boltReplay, boltExpiry} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("state: %s: %w", path, err)
	}
	s := &Bolt{db: db}
	legacy, ok, err := readLegacy(dir)
	if err == nil && ok {
		err = s.importOnce(LegacyFile, legacy)
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// importOnce adds settings unless the file name was imported before; a
// setting already in the store is kept.
func (s *Bolt) importOnce(name string, settings map[string]string) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		imp := tx.Bucket(boltImports)
		if imp.Get([]byte(name)) != nil {
			return nil
		}
		b := tx.Bucket(boltSettings)
		for k, v := range settings {
			if b.Get([]byte(k)) != nil {
				continue
			}
			seq, err := b.NextSequence()
			if err != nil {
				return err
			}
			if err := b.Put([]byte(k), boltValue(seq, v)); err != nil {
				return err
			}
		}
		return imp.Put([]byte(name), []byte(time.Now().UTC().Format(time.RFC3339)))
	})
}

// boltValue is a setting's record: its version, then its value.
func boltValue(seq uint64, v string) []byte {
	b := make([]byte, 8, 8+len(v))
	binary.BigEndian.PutUint64(b, seq)
	return append(b, v...)
}

// PutSetting records a setting; concurrent writes share one transaction
// and one sync to disk.
func (s *Bolt) PutSetting(ctx context.Context, key, value string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	err := s.db.Batch(func(tx *bolt.Tx) error {
		b := tx.Bucket(boltSettings)
		seq, err := b.NextSequence()
		if err != nil {
			return err
		}
		return b.Put([]byte(key), boltValue(seq, value))
	})
	if err != nil {
		return fmt.Errorf("state: %w", err)
	}
	return nil
}

// SettingsSince returns the settings written after version after.
func (s *Bolt) SettingsSince(ctx context.Context, after int64) (map[string]string, int64, error) {
	out := map[string]string{}
	var version int64
	err := s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(boltSettings)
		version = int64(b.Sequence())
		return b.ForEach(func(k, v []byte) error {
			if len(v) < 8 {
				return nil
			}
			if int64(binary.BigEndian.Uint64(v)) > after {
				out[string(k)] = string(v[8:])
			}
			return nil
		})
	})
	if err != nil {
		return nil, 0, fmt.Errorf("state: %w", err)
	}
	return out, version, nil
}

// Changed is nil: no other process writes to the file.
func (s *Bolt) Changed() <-chan struct{} { return nil }

// Take spends a token of this process's bucket key.
func (s *Bolt) Take(ctx context.Context, key string, now time.Time, burst int, period time.Duration) (bool, time.Duration, error) {
	ok, wait := s.buckets.take(key, now, burst, period)
	return ok, wait, nil
}

// Close closes the file; every acknowledged setting is on disk already.
func (s *Bolt) Close() error { return s.db.Close() }
