package server

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"arbiter/kb"
)

// watchReload reloads the index on SIGHUP, and when the --index directory
// changes on disk (checked every --reload-interval: "bot kb build" and "bot
// kb update" switch its symlink to a new build). A new index is opened
// beside the serving one and swapped in; requests in progress finish on the
// old one. When the new one cannot be opened the old one goes on serving,
// and the failure is logged and counted. The returned stop marks the server
// as shutting down (/readyz answers 503), waits --drain-delay, and stops
// watching.
func (s *Server) watchReload(ctx context.Context) (stop func()) {
	s.ops.base.Store(&ctx)
	for _, p := range s.cfg.EnvProblems {
		s.log.Warn("environment setting ignored", "problem", p)
	}
	ctx, cancel := context.WithCancel(ctx)
	hup := s.hup
	if hup == nil {
		hup = make(chan os.Signal, 1)
		signal.Notify(hup, syscall.SIGHUP)
	}
	dir := s.cfg.Index
	var tick <-chan time.Time
	var ticker *time.Ticker
	if dir != "" && s.cfg.ReloadInterval > 0 {
		ticker = time.NewTicker(s.cfg.ReloadInterval)
		tick = ticker.C
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if ticker != nil {
			defer ticker.Stop()
		}
		last := indexFingerprint(dir)
		for {
			select {
			case <-ctx.Done():
				return
			case <-hup:
				if dir == "" {
					s.log.Info("SIGHUP: no --index directory, nothing to reload")
					continue
				}
				last = indexFingerprint(dir)
				s.reloadIndex(ctx, "signal")
			case <-s.reloadNow:
				fp := indexFingerprint(dir)
				if fp == last || fp == "" {
					continue
				}
				last = fp
				s.reloadIndex(ctx, "activated")
			case <-tick:
				fp := indexFingerprint(dir)
				if fp == last || fp == "" {
					continue
				}
				last = fp
				s.reloadIndex(ctx, "changed")
			}
		}
	}()
	return func() {
		s.ops.draining.Store(true)
		signal.Stop(hup)
		cancel()
		wg.Wait()
		if d := s.cfg.DrainDelay; d > 0 {
			s.log.Info("draining", "delay", d.String())
			time.Sleep(d)
		}
	}
}

// ReloadSoon asks the reload watcher to look at the --index directory now
// rather than at its next check (a new build was activated there); it
// does not wait.
func (s *Server) ReloadSoon() {
	select {
	case s.reloadNow <- struct{}{}:
	default:
	}
}

// reloadIndex opens the --index directory and, when that works, makes it
// the serving index. It reports whether the swap happened.
func (s *Server) reloadIndex(ctx context.Context, reason string) bool {
	start := time.Now()
	dir := s.cfg.Index
	ix, err := kb.Open(ctx, dir)
	if err != nil {
		s.log.Error("index reload failed, the previous index keeps serving", "dir", dir, "reason", reason, "err", err)
		s.ops.indexFailed(err)
		return false
	}
	s.index.swap(ix)
	s.ops.indexLoaded(ix)
	s.ops.m.reloads.WithLabelValues("success").Inc()
	m := ix.Meta()
	s.log.Info("index reloaded", "dir", dir, "reason", reason, "docs", m.Docs, "current_cr", m.CurrentCR,
		"built_at", m.BuiltAt, "ms", time.Since(start).Milliseconds())
	return true
}

// indexFingerprint identifies the build that dir holds: the directory its
// symlink resolves to and the time and size of its meta.json, which a build
// writes last. It is "" when dir holds no complete index.
func indexFingerprint(dir string) string {
	if dir == "" {
		return ""
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return ""
	}
	fi, err := os.Stat(filepath.Join(real, "meta.json"))
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%s %d %d", real, fi.ModTime().UnixNano(), fi.Size())
}
