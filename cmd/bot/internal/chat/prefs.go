package chat

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"time"

	"arbiter/i18n"
)

// Prefs keeps the /language settings (per user, channel and server).
//
// Reads are hot (every interaction) and served from a map in memory;
// writes are rare (a person typing /language) and go to the Store first:
// a setting is acknowledged only once the store holds it durably. The map
// is kept fresh across replicas by following the store: when it signals a
// change (PostgreSQL's LISTEN/NOTIFY), the settings changed since the last
// look are read and applied, so a setting made on one replica holds on the
// others within the time of a notification. A poll every pollEvery catches
// what a lost connection made the map miss.
//
// When the store is out of reach, reads go on from the map and writes are
// refused with a message that says so (KeyDiscordStoreDown).
type Prefs struct {
	store Store // nil: memory only
	log   *slog.Logger

	mu      sync.RWMutex
	m       map[string]i18n.Lang // "user:<id>", "channel:<id>", "guild:<id>"
	version int64

	syncMu sync.Mutex
	every  time.Duration
}

// pollEvery is how often settings are read again even without a change
// signalled.
const pollEvery = 10 * time.Second

// Scopes of a language setting.
const (
	scopeUser    = "user"
	scopeChannel = "channel"
	scopeServer  = "guild"
)

// NewPrefs returns the settings kept in store (nil: in memory only). Call
// Sync to load them, and Follow to keep them fresh.
func NewPrefs(store Store, log *slog.Logger) *Prefs {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Prefs{store: store, log: log, m: map[string]i18n.Lang{}, every: pollEvery}
}

// Sync reads the settings changed in the store since the last look.
func (s *Prefs) Sync(ctx context.Context) error {
	if s.store == nil {
		return nil
	}
	s.syncMu.Lock()
	defer s.syncMu.Unlock()
	s.mu.RLock()
	after := s.version
	s.mu.RUnlock()
	changed, version, err := s.store.SettingsSince(ctx, after)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, v := range changed {
		s.apply(k, v)
	}
	s.version = version
	return nil
}

// Follow keeps the settings fresh until ctx ends: it reads them again when
// the store signals a change, and every pollEvery. With a store no other
// process writes to, there is nothing to follow.
func (s *Prefs) Follow(ctx context.Context) {
	if s.store == nil {
		return
	}
	changed := s.store.Changed()
	if changed == nil {
		if err := s.Sync(ctx); err != nil && ctx.Err() == nil {
			s.log.Warn("settings: cannot read the store", "err", err)
		}
		return
	}
	t := time.NewTicker(s.every)
	defer t.Stop()
	failing := false
	for {
		err := s.Sync(ctx)
		switch {
		case err != nil && ctx.Err() == nil && !failing:
			s.log.Warn("settings: cannot read the store, answering with the settings in memory", "err", err)
			failing = true
		case err == nil && failing:
			s.log.Info("settings: store reachable again")
			failing = false
		}
		select {
		case <-ctx.Done():
			return
		case <-changed:
		case <-t.C:
		}
	}
}

// apply records one setting in the map; callers hold s.mu.
func (s *Prefs) apply(key, value string) {
	if l, ok := i18n.ParseLang(value); ok && value != "" {
		s.m[key] = l
	} else {
		delete(s.m, key)
	}
}

// set records a setting (lang nil: back to automatic) durably: it returns
// once the store holds it.
func (s *Prefs) set(ctx context.Context, scope, id string, lang *i18n.Lang) error {
	key, value := scope+":"+id, ""
	if lang != nil {
		value = lang.String()
	}
	if s.store != nil {
		ctx, cancel := context.WithTimeout(ctx, settingTimeout)
		defer cancel()
		if err := s.store.PutSetting(ctx, key, value); err != nil {
			return err
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.apply(key, value)
	return nil
}

// lang returns the setting that applies: the user's, else the channel's,
// else the server's.
func (s *Prefs) lang(user, channel, guild string) (i18n.Lang, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for _, k := range [...]string{scopeUser + ":" + user, scopeChannel + ":" + channel, scopeServer + ":" + guild} {
		if strings.HasSuffix(k, ":") {
			continue
		}
		if l, ok := s.m[k]; ok {
			return l, true
		}
	}
	return i18n.EN, false
}

// Len is how many settings are in memory.
func (s *Prefs) Len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.m)
}
