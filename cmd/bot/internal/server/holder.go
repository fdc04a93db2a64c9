package server

import (
	"sync"
	"sync/atomic"

	"arbiter/kb"
)

// holder holds the index that serves, swapped atomically on reload.
// A request acquires the current index and releases it when done; a
// replaced index is closed once its last request has released it.
type holder struct {
	cur atomic.Pointer[heldIndex]
}

// heldIndex is one index and the requests that use it.
type heldIndex struct {
	ix      *kb.Index
	mu      sync.RWMutex // read-held by each request using ix
	retired atomic.Bool
}

// newHolder holds ix.
func newHolder(ix *kb.Index) *holder {
	h := &holder{}
	h.cur.Store(&heldIndex{ix: ix})
	return h
}

// acquire returns the current index and a release func to call when done.
func (h *holder) acquire() (*kb.Index, func()) {
	for {
		hi := h.cur.Load()
		hi.mu.RLock()
		if hi.retired.Load() {
			// Replaced (and maybe closed) meanwhile: take the new one.
			hi.mu.RUnlock()
			continue
		}
		return hi.ix, hi.mu.RUnlock
	}
}

// swap makes ix the serving index and closes the previous one once every
// request using it is done.
func (h *holder) swap(ix *kb.Index) {
	old := h.cur.Swap(&heldIndex{ix: ix})
	old.retired.Store(true)
	go func() {
		old.mu.Lock()
		defer old.mu.Unlock()
		old.ix.Close()
	}()
}

// close closes the index that serves once its requests are done.
func (h *holder) close() {
	hi := h.cur.Load()
	hi.retired.Store(true)
	hi.mu.Lock()
	defer hi.mu.Unlock()
	hi.ix.Close()
}
