package store

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

//go:embed migrations/*.sql
var migrations embed.FS

// notifyChannel is the LISTEN/NOTIFY channel of settings changes.
const notifyChannel = "arbiter_settings"

// migrationLock is the advisory lock replicas take to migrate one at a time.
const migrationLock = 0x61726269746572 // "arbiter"

// ErrUnavailable is returned without a round trip while PostgreSQL has
// just failed (for a second): the request path does not wait on a server
// known to be down.
var ErrUnavailable = errors.New("state: PostgreSQL unavailable")

// Postgres is the store shared by replicas. The schema is migrated at
// start (and later, if PostgreSQL was down then); settings writes are
// synchronous commits, the replay guard and the buckets are not (they
// matter for minutes, not across a crash of the server). A connection of
// its own LISTENs for settings changes.
type Postgres struct {
	pool    *pgxpool.Pool
	log     *slog.Logger
	legacy  map[string]string // settings to import once, if any
	changed chan struct{}
	kick    chan struct{} // a setting was written: notify the others
	// reachable is signalled when a statement succeeds: a listener
	// waiting to connect again tries at once (PostgreSQL is back).
	reachable chan struct{}
	stop      context.CancelFunc
	wg        sync.WaitGroup

	migrated  atomic.Bool
	migrateMu sync.Mutex
	downUntil atomic.Int64 // UnixNano before which guard calls fail at once
}

// OpenPostgres connects to the database at url (a postgres:// URL or a
// key=value string), migrates its schema and imports the settings of
// LegacyFile in legacyDir once. When PostgreSQL cannot be reached it still
// returns the store, which connects, migrates and imports as soon as it
// can; meanwhile its calls fail.
func OpenPostgres(ctx context.Context, url, legacyDir string, log *slog.Logger) (*Postgres, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("state: DATABASE_URL: %w", redact(err))
	}
	rp := cfg.ConnConfig.RuntimeParams
	if rp["application_name"] == "" {
		rp["application_name"] = "arbiter"
	}
	// Guards and buckets need no sync to disk; settings ask for it.
	rp["synchronous_commit"] = "off"
	if cfg.ConnConfig.ConnectTimeout == 0 || cfg.ConnConfig.ConnectTimeout > 5*time.Second {
		cfg.ConnConfig.ConnectTimeout = 5 * time.Second
	}
	if !strings.Contains(url, "pool_max_conns") {
		cfg.MaxConns = 8
	}
	legacy, _, err := readLegacy(legacyDir)
	if err != nil {
		return nil, err
	}
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		return nil, fmt.Errorf("state: %w", redact(err))
	}
	bg, stop := context.WithCancel(context.Background())
	s := &Postgres{pool: pool, log: log, legacy: legacy, changed: make(chan struct{}, 1), kick: make(chan struct{}, 1),
		reachable: make(chan struct{}, 1), stop: stop}
	if err := s.ensure(ctx); err != nil {
		log.Warn("state: PostgreSQL not reachable yet; settings are refused until it is", "err", err)
	}
	s.wg.Add(3)
	go s.listen(bg, cfg.ConnConfig)
	go s.notifier(bg)
	go s.sweep(bg)
	return s, nil
}

// redact removes a password from an error that may quote the URL.
func redact(err error) error {
	msg := err.Error()
	if i := strings.Index(msg, "://"); i >= 0 {
		if j := strings.Index(msg[i:], "@"); j > 0 {
			msg = msg[:i+3] + "…" + msg[i+j:]
		}
	}
	return errors.New(msg)
}

// ensure migrates the schema and imports the legacy settings, once.
func (s *Postgres) ensure(ctx context.Context) error {
	if s.migrated.Load() {
		return nil
	}
	s.migrateMu.Lock()
	defer s.migrateMu.Unlock()
	if s.migrated.Load() {
		return nil
	}
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("state: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", migrationLock); err != nil {
		return fmt.Errorf("state: migrate: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", migrationLock)
	if err := migrate(ctx, conn.Conn()); err != nil {
		return err
	}
	if len(s.legacy) > 0 {
		n, err := importOnce(ctx, conn.Conn(), LegacyFile, s.legacy)
		if err != nil {
			return err
		}
		if n > 0 {
			s.log.Info("state: settings imported", "file", LegacyFile, "settings", n)
			s.kickNotify()
		}
	}
	s.migrated.Store(true)
	return nil
}

// migrate applies the embedded migrations not yet applied, each in a
// transaction, in the order of their names.
func migrate(ctx context.Context, conn *pgx.Conn) error {
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS arbiter_migrations (version integer PRIMARY KEY, applied timestamptz NOT NULL DEFAULT now())`); err != nil {
		return fmt.Errorf("state: migrate: %w", err)
	}
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		v, err := strconv.Atoi(base[:strings.IndexByte(base, '_')])
		if err != nil {
			return fmt.Errorf("state: migration %s: no version number", name)
		}
		var applied bool
		if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM arbiter_migrations WHERE version = $1)", v).Scan(&applied); err != nil {
			return fmt.Errorf("state: migrate: %w", err)
		}
		if applied {
			continue
		}
		sql, err := migrations.ReadFile(name)
		if err != nil {
			return err
		}
		err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, string(sql)); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, "INSERT INTO arbiter_migrations (version) VALUES ($1)", v)
			return err
		})
		if err != nil {
			return fmt.Errorf("state: migration %s: %w", base, err)
		}
	}
	return nil
}

// importOnce adds settings unless the file name was imported before; a
// setting already in the store is kept. It returns how many it added.
func importOnce(ctx context.Context, conn *pgx.Conn, name string, settings map[string]string) (int, error) {
	n := 0
	err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SET LOCAL synchronous_commit = on"); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, "INSERT INTO arbiter_imports (name) VALUES ($1) ON CONFLICT DO NOTHING", name)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		for k, v := range settings {
			tag, err := tx.Exec(ctx, "INSERT INTO arbiter_settings (key, lang) VALUES ($1, $2) ON CONFLICT DO NOTHING", k, v)
			if err != nil {
				return err
			}
			n += int(tag.RowsAffected())
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("state: import %s: %w", name, err)
	}
	return n, nil
}

// PutSetting records a setting with a synchronous commit, then lets the
// other replicas know.
func (s *Postgres) PutSetting(ctx context.Context, key, value string) error {
	if err := s.ensure(ctx); err != nil {
		return err
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SET LOCAL synchronous_commit = on"); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO arbiter_settings (key, lang) VALUES ($1, $2)
			ON CONFLICT (key) DO UPDATE SET lang = EXCLUDED.lang, txid = pg_current_xact_id()`, key, value)
		return err
	})
	if err != nil {
		return fmt.Errorf("state: setting: %w", err)
	}
	s.kickNotify()
	s.up()
	return nil
}

// kickNotify asks the notifier to tell the other replicas.
func (s *Postgres) kickNotify() {
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

// notifier sends one NOTIFY for any number of settings written meanwhile.
// It runs apart from the writes: a transaction that notifies holds a lock
// through its commit, which would make concurrent settings commit one by
// one, each waiting for its own sync to disk.
func (s *Postgres) notifier(ctx context.Context) {
	defer s.wg.Done()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.kick:
		}
		for attempt := 0; ctx.Err() == nil; attempt++ {
			nctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			_, err := s.pool.Exec(nctx, "SELECT pg_notify($1, '')", notifyChannel)
			cancel()
			if err == nil {
				break
			}
			// The others poll too: a lost notification costs a delay. A
			// failure on a connection lost meanwhile is tried again at
			// once, on a new one.
			if attempt >= 8 {
				break
			}
			sleep(ctx, min(25*time.Millisecond<<attempt, 2*time.Second))
		}
	}
}

// SettingsSince returns the settings written by the transactions that
// the snapshot of version after could not see: a version is the oldest
// transaction still running when the settings were read (its snapshot's
// xmin), so a transaction that commits after a read, whatever the order
// of the transaction ids, is found by the next.
func (s *Postgres) SettingsSince(ctx context.Context, after int64) (map[string]string, int64, error) {
	if err := s.ensure(ctx); err != nil {
		return nil, 0, err
	}
	out, version, err := s.settingsSince(ctx, after)
	if err != nil && isConnError(err) && ctx.Err() == nil {
		// A connection lost meanwhile (PostgreSQL restarted): once more,
		// on a new one.
		out, version, err = s.settingsSince(ctx, after)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("state: settings: %w", err)
	}
	s.up()
	return out, version, nil
}

// settingsSince is SettingsSince in one read-only transaction.
func (s *Postgres) settingsSince(ctx context.Context, after int64) (map[string]string, int64, error) {
	out := map[string]string{}
	var version int64
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, "SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint").Scan(&version); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, "SELECT key, lang FROM arbiter_settings WHERE txid >= $1::bigint::text::xid8", after)
		if err != nil {
			return err
		}
		var k, v string
		_, err = pgx.ForEachRow(rows, []any{&k, &v}, func() error {
			out[k] = v
			return nil
		})
		return err
	})
	return out, version, err
}

// Changed is signalled when a NOTIFY arrives, and when the listening
// connection is made again (what happened meanwhile was not heard).
func (s *Postgres) Changed() <-chan struct{} { return s.changed }

// signal signals Changed without waiting.
func (s *Postgres) signal() {
	select {
	case s.changed <- struct{}{}:
	default:
	}
}

// listen keeps a connection LISTENing for settings changes. Out of
// PostgreSQL's reach, it tries again every quarter second at most, and at
// once when another statement of this store succeeds: a notification sent
// before it listens again is lost, and the settings read when it does are
// the only way this replica learns of the others' meanwhile.
func (s *Postgres) listen(ctx context.Context, cfg *pgx.ConnConfig) {
	defer s.wg.Done()
	retry := func(attempt int) {
		t := time.NewTimer(min(backoff(attempt), 250*time.Millisecond))
		defer t.Stop()
		select {
		case <-ctx.Done():
		case <-t.C:
		case <-s.reachable:
		}
	}
	for attempt := 0; ctx.Err() == nil; attempt++ {
		conn, err := pgx.ConnectConfig(ctx, cfg)
		if err != nil {
			retry(attempt)
			continue
		}
		if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
			conn.Close(context.Background())
			retry(attempt)
			continue
		}
		attempt = 0
		s.signal()
		for {
			if _, err := conn.WaitForNotification(ctx); err != nil {
				break
			}
			s.signal()
		}
		conn.Close(context.Background())
		if ctx.Err() == nil {
			// The connection is lost, and so, most likely, are the pool's:
			// they are made again rather than each failing once when
			// PostgreSQL is back.
			s.pool.Reset()
		}
	}
}

// sweep removes expired replay keys and full buckets every minute.
func (s *Postgres) sweep(ctx context.Context) {
	defer s.wg.Done()
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		s.pool.Exec(sctx, "DELETE FROM arbiter_replay WHERE expires < now()")
		// A bucket untouched for an hour is full again (periods are shorter).
		s.pool.Exec(sctx, "DELETE FROM arbiter_buckets WHERE updated < now() - interval '1 hour'")
		cancel()
	}
}

// guardCall runs fn unless PostgreSQL failed less than a second ago; a
// failure starts that second.
func (s *Postgres) guardCall(ctx context.Context, fn func() error) error {
	if time.Now().UnixNano() < s.downUntil.Load() {
		return ErrUnavailable
	}
	if err := s.ensure(ctx); err != nil {
		s.downUntil.Store(time.Now().Add(time.Second).UnixNano())
		return err
	}
	if err := fn(); err != nil {
		if ctx.Err() != nil || isConnError(err) {
			s.downUntil.Store(time.Now().Add(time.Second).UnixNano())
		}
		return fmt.Errorf("state: %w", err)
	}
	s.up()
	return nil
}

// up tells a listener waiting to connect again that PostgreSQL answers.
func (s *Postgres) up() {
	select {
	case s.reachable <- struct{}{}:
	default:
	}
}

// isConnError tells whether err is about reaching the server rather than
// about a statement.
func isConnError(err error) bool {
	var pgErr interface{ SQLState() string }
	return !errors.As(err, &pgErr)
}

// FirstSeen records key until now+ttl, for every replica.
func (s *Postgres) FirstSeen(ctx context.Context, key string, now time.Time, ttl time.Duration) (bool, error) {
	first := false
	err := s.guardCall(ctx, func() error {
		tag, err := s.pool.Exec(ctx, `INSERT INTO arbiter_replay (key, expires) VALUES ($1, $2)
			ON CONFLICT (key) DO UPDATE SET expires = EXCLUDED.expires WHERE arbiter_replay.expires <= $3`,
			key, now.Add(ttl), now)
		first = err == nil && tag.RowsAffected() == 1
		return err
	})
	return first, err
}

// Take spends a token of the bucket key, shared by every replica, in one
// statement.
func (s *Postgres) Take(ctx context.Context, key string, now time.Time, burst int, period time.Duration) (bool, time.Duration, error) {
	refill := float64(burst) / period.Seconds()
	var tokens float64
	var spent bool
	err := s.guardCall(ctx, func() error {
		return s.pool.QueryRow(ctx, `
			INSERT INTO arbiter_buckets AS b (key, tokens, updated, spent) VALUES ($1, $2::float8 - 1, $3, true)
			ON CONFLICT (key) DO UPDATE SET
				tokens = LEAST($2::float8, b.tokens + GREATEST(0, EXTRACT(EPOCH FROM ($3 - b.updated))) * $4::float8)
					- CASE WHEN LEAST($2::float8, b.tokens + GREATEST(0, EXTRACT(EPOCH FROM ($3 - b.updated))) * $4::float8) >= 1 THEN 1 ELSE 0 END,
				spent = LEAST($2::float8, b.tokens + GREATEST(0, EXTRACT(EPOCH FROM ($3 - b.updated))) * $4::float8) >= 1,
				updated = GREATEST(b.updated, $3)
			RETURNING tokens, spent`, key, float64(burst), now, refill).Scan(&tokens, &spent)
	})
	if err != nil {
		return false, 0, err
	}
	if spent {
		return true, 0, nil
	}
	return false, time.Duration((1 - tokens) / refill * float64(time.Second)), nil
}

// Close stops listening and closes the connections.
func (s *Postgres) Close() error {
	s.stop()
	s.wg.Wait()
	s.pool.Close()
	return nil
}

// backoff is the wait before the attempt-th retry: 100 ms doubling up to 2 s.
func backoff(attempt int) time.Duration {
	return min(100*time.Millisecond<<min(attempt, 5), 2*time.Second)
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
