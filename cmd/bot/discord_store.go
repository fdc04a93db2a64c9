package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"arbiter/i18n"
)

// prefStore keeps the /language settings (per user, channel and server).
//
// It is an append-only JSON-lines log, fsynced on every write, replayed in
// memory at start. The choice over bbolt: the data is tiny (one short line
// per setting), writes are rare (a person typing /language) and reads are
// hot (every interaction), so a map in memory with an append-only log is
// all it needs; an append plus fsync survives kill -9 (a torn last line is
// skipped on replay), the file stays readable with any text tool, and it
// needs no dependency and no page-sized file per replica. The log is
// compacted at open when it holds far more lines than settings.
type prefStore struct {
	mu   sync.RWMutex
	m    map[string]i18n.Lang // "user:<id>", "channel:<id>", "guild:<id>"
	f    *os.File             // nil: memory only
	path string
}

// prefRecord is one line of the log; an empty Lang clears the setting.
type prefRecord struct {
	Scope string `json:"scope"`
	ID    string `json:"id"`
	Lang  string `json:"lang"`
}

const prefFile = "language.jsonl"

// Scopes of a language setting.
const (
	scopeUser    = "user"
	scopeChannel = "channel"
	scopeServer  = "guild"
)

// openPrefStore opens (creating it) the store under dir; an empty dir
// keeps the settings in memory only.
func openPrefStore(dir string) (*prefStore, error) {
	s := &prefStore{m: map[string]i18n.Lang{}}
	if dir == "" {
		return s, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	s.path = filepath.Join(dir, prefFile)
	lines, err := s.replay()
	if err != nil {
		return nil, err
	}
	if lines > 64 && lines > 4*len(s.m) {
		if err := s.compact(); err != nil {
			return nil, err
		}
	}
	f, err := os.OpenFile(s.path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	s.f = f
	return s, nil
}

// replay reads the log into the map and returns how many lines it held.
// A line that does not parse (the torn end of a write cut by a crash) is
// skipped.
func (s *prefStore) replay() (int, error) {
	b, err := os.ReadFile(s.path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("state: %w", err)
	}
	if i := bytes.LastIndexByte(b, '\n'); i+1 < len(b) {
		// A write cut short by a crash: drop its remains, so that the
		// next line starts on a line of its own.
		b = b[:i+1]
		if err := os.Truncate(s.path, int64(len(b))); err != nil {
			return 0, fmt.Errorf("state: %w", err)
		}
	}
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		var r prefRecord
		if json.Unmarshal(sc.Bytes(), &r) != nil || r.Scope == "" || r.ID == "" {
			continue
		}
		n++
		s.apply(r)
	}
	return n, nil
}

func (s *prefStore) apply(r prefRecord) {
	k := r.Scope + ":" + r.ID
	if l, ok := i18n.ParseLang(r.Lang); ok && r.Lang != "" {
		s.m[k] = l
	} else {
		delete(s.m, k)
	}
}

// compact rewrites the log with one line per setting, atomically.
func (s *prefStore) compact() error {
	var b bytes.Buffer
	for k, l := range s.m {
		scope, id, _ := strings.Cut(k, ":")
		line, _ := json.Marshal(prefRecord{Scope: scope, ID: id, Lang: l.String()})
		b.Write(append(line, '\n'))
	}
	tmp := s.path + ".tmp"
	if err := writeSynced(tmp, b.Bytes()); err != nil {
		return err
	}
	if err := os.Rename(tmp, s.path); err != nil {
		return fmt.Errorf("state: %w", err)
	}
	return nil
}

func writeSynced(name string, b []byte) error {
	f, err := os.Create(name)
	if err != nil {
		return fmt.Errorf("state: %w", err)
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return fmt.Errorf("state: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("state: %w", err)
	}
	return f.Close()
}

// set records a setting (lang nil: back to automatic) durably: it returns
// once the line is on disk.
func (s *prefStore) set(scope, id string, lang *i18n.Lang) error {
	r := prefRecord{Scope: scope, ID: id}
	if lang != nil {
		r.Lang = lang.String()
	}
	line, err := json.Marshal(r)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f != nil {
		if _, err := s.f.Write(append(line, '\n')); err != nil {
			return fmt.Errorf("state: %w", err)
		}
		if err := s.f.Sync(); err != nil {
			return fmt.Errorf("state: %w", err)
		}
	}
	s.apply(r)
	return nil
}

// lang returns the setting that applies: the user's, else the channel's,
// else the server's.
func (s *prefStore) lang(user, channel, guild string) (i18n.Lang, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for _, k := range [...]string{scopeUser + ":" + user, scopeChannel + ":" + channel, scopeServer + ":" + guild} {
		if k[len(k)-1] == ':' {
			continue
		}
		if l, ok := s.m[k]; ok {
			return l, true
		}
	}
	return i18n.EN, false
}

func (s *prefStore) close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f == nil {
		return nil
	}
	err := s.f.Close()
	s.f = nil
	return err
}
