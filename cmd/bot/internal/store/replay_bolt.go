package store

import (
	"context"
	"encoding/binary"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Buckets of the replay guard in the embedded store: boltReplay maps a
// key to when it expires (8-byte big-endian Unix nanoseconds); boltExpiry
// holds the same entries ordered by expiry (expiry, then key -> nothing),
// so that the expired ones are found first. The guard's entry count is
// boltReplay's sequence.
var (
	boltReplay = []byte("replay")
	boltExpiry = []byte("replay_expiry")
)

// sweepPerCall bounds the expired entries one FirstSeen removes: more
// than it adds, so that the file does not grow, and few, so that no call
// pays for a long idle time.
const sweepPerCall = 8

// FirstSeen records key until now+ttl in the file, so that a restart of
// the process does not forget the requests it answered, and reports
// whether key was not recorded and unexpired. The write is synced to disk
// before it returns; concurrent calls share one transaction and one sync
// (bbolt's Batch). When ctx ends first, the error says so and the write
// still completes.
func (s *Bolt) FirstSeen(ctx context.Context, key string, now time.Time, ttl time.Duration) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	type result struct {
		first bool
		err   error
	}
	done := make(chan result, 1)
	go func() {
		var first bool
		err := s.db.Batch(func(tx *bolt.Tx) error {
			var err error
			first, err = firstSeen(tx, []byte(key), now, now.Add(ttl))
			return err
		})
		done <- result{first, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			return false, fmt.Errorf("state: replay guard: %w", r.err)
		}
		return r.first, nil
	case <-ctx.Done():
		return false, ctx.Err()
	}
}

// firstSeen is FirstSeen in a transaction: it removes a few expired
// entries, and the soonest to expire when the guard holds maxLocalKeys,
// then records key unless it is there and unexpired.
func firstSeen(tx *bolt.Tx, key []byte, now, expires time.Time) (bool, error) {
	b, ex := tx.Bucket(boltReplay), tx.Bucket(boltExpiry)
	n, swept := b.Sequence(), 0
	c := ex.Cursor()
	for k, _ := c.First(); k != nil && len(k) >= 8; k, _ = c.First() {
		expired := int64(binary.BigEndian.Uint64(k[:8])) <= now.UnixNano()
		if n < maxLocalKeys && (!expired || swept >= sweepPerCall) {
			break
		}
		if err := b.Delete(k[8:]); err != nil {
			return false, err
		}
		if err := c.Delete(); err != nil {
			return false, err
		}
		n--
		swept++
	}
	if v := b.Get(key); len(v) == 8 {
		old := int64(binary.BigEndian.Uint64(v))
		if now.UnixNano() < old {
			return false, b.SetSequence(n)
		}
		if err := ex.Delete(expiryKey(old, key)); err != nil {
			return false, err
		}
		n--
	}
	at := expires.UnixNano()
	v := make([]byte, 8)
	binary.BigEndian.PutUint64(v, uint64(at))
	if err := b.Put(key, v); err != nil {
		return false, err
	}
	if err := ex.Put(expiryKey(at, key), nil); err != nil {
		return false, err
	}
	return true, b.SetSequence(n + 1)
}

// expiryKey orders the entries of boltExpiry: when key expires, then key.
func expiryKey(at int64, key []byte) []byte {
	k := make([]byte, 8, 8+len(key))
	binary.BigEndian.PutUint64(k, uint64(at))
	return append(k, key...)
}

// replayEntries counts the guard's entries, for tests.
func (s *Bolt) replayEntries() (n int, err error) {
	err = s.db.View(func(tx *bolt.Tx) error {
		n = tx.Bucket(boltReplay).Stats().KeyN
		if m := tx.Bucket(boltExpiry).Stats().KeyN; m != n {
			return fmt.Errorf("replay guard: %d keys, %d in expiry order", n, m)
		}
		if seq := tx.Bucket(boltReplay).Sequence(); seq != uint64(n) {
			return fmt.Errorf("replay guard: count %d, %d keys", seq, n)
		}
		return nil
	})
	return n, err
}
