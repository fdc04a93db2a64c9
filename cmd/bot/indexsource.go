package main

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"arbiter/cmd/bot/internal/artifact"
)

// refuseFor is how long a build refused as corrupt is not fetched again
// (unless SIGHUP asks): a damaged archive in the bucket stays damaged,
// and fetching it at every poll costs its size each time.
const refuseFor = time.Hour

// indexSource serves the index from a bucket of published builds: the
// build wanted is fetched into the local cache, verified and activated
// (CACHE/index, which the server opens and reloads like any --index), and
// with "latest" a newer build is fetched as it is published. A build that
// fails its checks is refused, and the one active goes on serving.
type indexSource struct {
	cfg    sourceConfig
	bucket artifact.Bucket
	log    *slog.Logger
	// refused holds the digests refused as corrupt, and when.
	refused map[string]time.Time
	// activated, if set, is called when a build is activated (the
	// server reloads at once, rather than at its next check).
	activated func()
}

// openIndexSource opens the bucket and fetches the wanted build once, at
// start; when that fails the server starts on the build the cache holds
// (or the embedded corpus), and the fetch is tried again at every poll.
func openIndexSource(ctx context.Context, e *env, cfg sourceConfig, log *slog.Logger) (*indexSource, error) {
	b, err := artifact.OpenBucket(cfg.url, e.bucketCredentials())
	if err != nil {
		return nil, err
	}
	s := &indexSource{cfg: cfg, bucket: b, log: log, refused: map[string]time.Time{}}
	fctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	s.update(fctx, false, true)
	return s, nil
}

// update fetches and activates the wanted build unless it is active (and,
// with verify, whole: it is read again, so at start and on SIGHUP only);
// a build refused as corrupt within refuseFor is not fetched again unless
// retry says so.
func (s *indexSource) update(ctx context.Context, retry, verify bool) {
	start := time.Now()
	active := artifact.Active(s.cfg.cache)
	if verify && active != "" {
		// Before the server opens it: a damaged build is fetched again
		// below (or, with the bucket out of reach, the log says why the
		// server cannot open it).
		if err := artifact.Verify(s.cfg.cache, active); err != nil {
			s.log.Error("index source: the active build in the cache is damaged or unverifiable; fetching it again", "digest", active, "err", err)
			active = ""
		}
	}
	m, err := artifact.Resolve(ctx, s.bucket, s.cfg.digest)
	if err != nil {
		s.log.Error("index source: no build to fetch", "source", s.cfg.url, "want", s.cfg.digest, "active", active, "err", err)
		return
	}
	if m.Digest == active {
		return
	}
	if at, ok := s.refused[m.Digest]; ok && !retry && time.Since(at) < refuseFor {
		s.log.Debug("index source: build refused before, not fetched again", "digest", m.Digest, "refused_at", at)
		return
	}
	_, dir, err := fetchIndex(ctx, s.bucket, m.Digest, s.cfg.cache)
	if err != nil {
		msg := "index source: fetch failed, the active build keeps serving"
		if errors.Is(err, artifact.ErrCorrupt) {
			msg = "index source: build refused (corrupt), the active build keeps serving"
			s.refused[m.Digest] = time.Now()
		}
		s.log.Error(msg, "digest", m.Digest, "active", active, "err", err)
		return
	}
	delete(s.refused, m.Digest)
	s.log.Info("index source: build fetched and activated", "digest", m.Digest, "dir", dir, "docs", m.Docs,
		"current_cr", m.CurrentCR, "previous", active, "ms", time.Since(start).Milliseconds())
	// Builds replaced for 10 minutes go (requests finish on a replaced
	// index well before); the previous one stays for a quick way back.
	artifact.CleanCache(s.cfg.cache, 2, 10*time.Minute, time.Now())
	if s.activated != nil {
		s.activated()
	}
}

// follow looks for a newer build every poll, and at once on SIGHUP (which
// tries a refused build again), until ctx ends (a pinned digest is
// fetched until it is active, then left alone).
func (s *indexSource) follow(ctx context.Context) {
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	var tick <-chan time.Time
	if s.cfg.poll > 0 {
		t := time.NewTicker(s.cfg.poll)
		defer t.Stop()
		tick = t.C
	}
	for {
		retry := false
		select {
		case <-ctx.Done():
			return
		case <-hup:
			s.log.Info("SIGHUP: looking for a newer build", "source", s.cfg.url)
			retry = true
		case <-tick:
			if s.cfg.digest != "latest" && s.cfg.digest != "" && artifact.Active(s.cfg.cache) == s.cfg.digest {
				continue
			}
		}
		fctx, cancel := context.WithTimeout(ctx, 30*time.Minute)
		s.update(fctx, retry, retry)
		cancel()
	}
}
