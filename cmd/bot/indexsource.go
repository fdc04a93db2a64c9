package main

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"arbiter/cmd/bot/internal/artifact"
)

// indexSource serves the index from a bucket of published builds: the
// build wanted is fetched into the local cache, verified and activated
// (CACHE/index, which the server opens and reloads like any --index), and
// with "latest" a newer build is fetched as it is published. A build that
// fails its checks is refused, and the one active goes on serving.
type indexSource struct {
	cfg    sourceConfig
	bucket artifact.Bucket
	log    *slog.Logger
}

// openIndexSource opens the bucket and fetches the wanted build once, at
// start; when that fails the server starts on the build the cache holds
// (or the embedded corpus), and the fetch is tried again at every poll.
func openIndexSource(ctx context.Context, e *env, cfg sourceConfig, log *slog.Logger) (*indexSource, error) {
	b, err := artifact.OpenBucket(cfg.url, e.bucketCredentials())
	if err != nil {
		return nil, err
	}
	s := &indexSource{cfg: cfg, bucket: b, log: log}
	fctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	s.update(fctx)
	return s, nil
}

// update fetches and activates the wanted build unless it is active.
func (s *indexSource) update(ctx context.Context) {
	start := time.Now()
	active := artifact.Active(s.cfg.cache)
	m, err := artifact.Resolve(ctx, s.bucket, s.cfg.digest)
	if err != nil {
		s.log.Error("index source: no build to fetch", "source", s.cfg.url, "want", s.cfg.digest, "active", active, "err", err)
		return
	}
	if m.Digest == active {
		return
	}
	_, dir, err := fetchIndex(ctx, s.bucket, m.Digest, s.cfg.cache)
	if err != nil {
		msg := "index source: fetch failed, the active build keeps serving"
		if errors.Is(err, artifact.ErrCorrupt) {
			msg = "index source: build refused (corrupt), the active build keeps serving"
		}
		s.log.Error(msg, "digest", m.Digest, "active", active, "err", err)
		return
	}
	s.log.Info("index source: build fetched and activated", "digest", m.Digest, "dir", dir, "docs", m.Docs,
		"current_cr", m.CurrentCR, "previous", active, "ms", time.Since(start).Milliseconds())
	// Builds replaced for 10 minutes go (requests finish on a replaced
	// index well before); the previous one stays for a quick way back.
	artifact.CleanCache(s.cfg.cache, 2, 10*time.Minute, time.Now())
}

// follow looks for a newer build every poll until ctx ends (a pinned
// digest is fetched until it is active, then left alone).
func (s *indexSource) follow(ctx context.Context) {
	if s.cfg.poll <= 0 {
		return
	}
	t := time.NewTicker(s.cfg.poll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if s.cfg.digest != "latest" && s.cfg.digest != "" && artifact.Active(s.cfg.cache) == s.cfg.digest {
			continue
		}
		fctx, cancel := context.WithTimeout(ctx, 30*time.Minute)
		s.update(fctx)
		cancel()
	}
}
