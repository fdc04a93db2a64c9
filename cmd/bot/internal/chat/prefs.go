package chat

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
	"sync/atomic"
	"time"

	"arbiter/i18n"
)

// Prefs keeps the /language settings (per user, channel and server).
//
// It is an append-only JSON-lines log, fsynced on every write, replayed in
// memory at start. The choice over bbolt: the data is tiny (one short line
// per setting), writes are rare (a person typing /language) and reads are
// hot (every interaction), so a map in memory with an append-only log is
// all it needs; an append plus fsync survives kill -9, the file stays
// readable with any text tool, and it needs no dependency. Above all,
// several replicas can share one log (a shared volume): each appends with
// O_APPEND and follows the others' lines (see refresh), which a bbolt file,
// locked by one process, does not allow.
//
// Every record is written as "\n" + JSON + "\n": a line torn by a crash is
// ended by the next write and skipped on replay, without truncating a file
// another replica may be writing. The log is compacted at open when it
// holds far more lines than settings.
type Prefs struct {
	mu   sync.RWMutex
	m    map[string]i18n.Lang // "user:<id>", "channel:<id>", "guild:<id>"
	f    *os.File             // nil: memory only
	path string

	// Following the log: how far it has been read, and when last checked.
	follow    sync.Mutex
	offset    int64
	checked   atomic.Int64 // UnixNano of the last look at the log
	every     time.Duration
	fileStamp os.FileInfo
}

// prefRecord is one line of the log; an empty Lang clears the setting.
type prefRecord struct {
	Scope string `json:"scope"`
	ID    string `json:"id"`
	Lang  string `json:"lang"`
}

// PrefsFile is the name of the log in the state directory.
const PrefsFile = "language.jsonl"

// Scopes of a language setting.
const (
	scopeUser    = "user"
	scopeChannel = "channel"
	scopeServer  = "guild"
)

// OpenPrefs opens (creating it) the store under dir; an empty dir
// keeps the settings in memory only.
func OpenPrefs(dir string) (*Prefs, error) {
	s := &Prefs{m: map[string]i18n.Lang{}, every: time.Second}
	if dir == "" {
		return s, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	s.path = filepath.Join(dir, PrefsFile)
	lines, err := s.replay()
	if err != nil {
		return nil, err
	}
	if lines > 64 && lines > 4*len(s.m) {
		if err := s.compact(); err != nil {
			return nil, err
		}
		s.m = map[string]i18n.Lang{}
		if _, err := s.replay(); err != nil {
			return nil, err
		}
	}
	if err := s.reopen(); err != nil {
		return nil, err
	}
	return s, nil
}

// reopen opens the log for appending and notes which file it is.
func (s *Prefs) reopen() error {
	if s.f != nil {
		s.f.Close()
	}
	f, err := os.OpenFile(s.path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("state: %w", err)
	}
	s.f = f
	s.fileStamp, _ = f.Stat()
	return nil
}

// replay reads the log into the map from the start and returns how many
// records it held. A line that does not parse (the torn end of a write cut
// by a crash) is skipped; an unfinished last line is left for later.
func (s *Prefs) replay() (int, error) {
	b, err := os.ReadFile(s.path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("state: %w", err)
	}
	s.offset = 0
	return s.applyLines(b), nil
}

// applyLines applies the complete lines of b, read at s.offset, and
// advances the offset past them.
func (s *Prefs) applyLines(b []byte) int {
	end := bytes.LastIndexByte(b, '\n') + 1
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(b[:end]))
	sc.Buffer(make([]byte, 4096), 1<<20)
	for sc.Scan() {
		var r prefRecord
		if json.Unmarshal(sc.Bytes(), &r) != nil || r.Scope == "" || r.ID == "" {
			continue
		}
		n++
		s.apply(r)
	}
	s.offset += int64(end)
	return n
}

// apply records one setting in the map.
func (s *Prefs) apply(r prefRecord) {
	k := r.Scope + ":" + r.ID
	if l, ok := i18n.ParseLang(r.Lang); ok && r.Lang != "" {
		s.m[k] = l
	} else {
		delete(s.m, k)
	}
}

// refresh applies the lines other processes sharing the log appended since
// it was last read (at most once per s.every unless forced). A log
// replaced by another process's compaction is read again from the start,
// and appended to from then on. Callers hold s.mu for writing.
func (s *Prefs) refresh(now time.Time, force bool) {
	if s.f == nil || !force && now.UnixNano()-s.checked.Load() < int64(s.every) {
		return
	}
	s.checked.Store(now.UnixNano())
	fi, err := os.Stat(s.path)
	if err != nil {
		return
	}
	if s.fileStamp != nil && !os.SameFile(fi, s.fileStamp) || fi.Size() < s.offset {
		clear(s.m)
		if _, err := s.replay(); err == nil {
			s.reopen()
		}
		return
	}
	if fi.Size() == s.offset {
		return
	}
	f, err := os.Open(s.path)
	if err != nil {
		return
	}
	defer f.Close()
	b := make([]byte, fi.Size()-s.offset)
	if _, err := f.ReadAt(b, s.offset); err != nil {
		return
	}
	s.applyLines(b)
}

// compact rewrites the log with one line per setting, atomically.
func (s *Prefs) compact() error {
	var b bytes.Buffer
	for k, l := range s.m {
		scope, id, _ := strings.Cut(k, ":")
		line, _ := json.Marshal(prefRecord{Scope: scope, ID: id, Lang: l.String()})
		b.Write(append(line, '\n'))
	}
	f, err := os.CreateTemp(filepath.Dir(s.path), PrefsFile+".*.tmp")
	if err != nil {
		return fmt.Errorf("state: %w", err)
	}
	tmp := f.Name()
	f.Close()
	if err := writeSynced(tmp, b.Bytes()); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, s.path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("state: %w", err)
	}
	return nil
}

// writeSynced writes b to the file name and syncs it to disk.
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
func (s *Prefs) set(scope, id string, lang *i18n.Lang) error {
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
	if s.f == nil {
		s.apply(r)
		return nil
	}
	s.refresh(time.Now(), true)
	rec := append(append([]byte{'\n'}, line...), '\n')
	if _, err := s.f.Write(rec); err != nil {
		return fmt.Errorf("state: %w", err)
	}
	if err := s.f.Sync(); err != nil {
		return fmt.Errorf("state: %w", err)
	}
	// Read back through the log, so that lines of other processes written
	// meanwhile keep their order.
	s.refresh(time.Now(), true)
	return nil
}

// lang returns the setting that applies: the user's, else the channel's,
// else the server's.
func (s *Prefs) lang(user, channel, guild string) (i18n.Lang, bool) {
	if s.f != nil && s.follow.TryLock() {
		// One request at a time looks for other processes' settings;
		// the others read the map as it is.
		if now := time.Now(); now.UnixNano()-s.checked.Load() >= int64(s.every) {
			s.mu.Lock()
			s.refresh(now, false)
			s.mu.Unlock()
		}
		s.follow.Unlock()
	}
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

// Close closes the log; the settings are all on disk already.
func (s *Prefs) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f == nil {
		return nil
	}
	err := s.f.Close()
	s.f = nil
	return err
}
