package server

import (
	"context"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// arrivals records when each request arrived: under a burst, accepting a
// connection and reading its request wait for the processor too, and a
// deadline counted from the handler's start would miss that wait.
type arrivals struct {
	conns sync.Map // net.Conn -> *stamp
}

// stamp is when a connection's current request arrived: for its first
// request, when the connection was accepted (its goroutine may wait for
// the processor before it reads anything); for the next ones, when their
// first byte was read.
type stamp struct {
	at   atomic.Int64 // UnixNano
	idle atomic.Bool  // the connection has been idle since its last request
}

// arrivalKey is the context key of a connection's arrival stamp.
type arrivalKey struct{}

// connContext gives each connection a stamp, read through the context of
// its requests.
func (a *arrivals) connContext(ctx context.Context, c net.Conn) context.Context {
	p := new(stamp)
	p.at.Store(time.Now().UnixNano())
	a.conns.Store(c, p)
	return context.WithValue(ctx, arrivalKey{}, p)
}

// connState stamps a connection when it starts reading a request after
// being idle (the server reports StateActive once a request's first byte
// is read) and forgets it once closed.
func (a *arrivals) connState(c net.Conn, st http.ConnState) {
	switch st {
	case http.StateActive:
		if p, ok := a.conns.Load(c); ok && p.(*stamp).idle.Load() {
			p.(*stamp).at.Store(time.Now().UnixNano())
		}
	case http.StateIdle:
		if p, ok := a.conns.Load(c); ok {
			p.(*stamp).idle.Store(true)
		}
	case http.StateClosed, http.StateHijacked:
		a.conns.Delete(c)
	}
}

// Arrival is when the first byte of r was read (now, when unknown): what
// the Discord front end counts Discord's deadline from.
func (s *Server) Arrival(r *http.Request) time.Time {
	if p, ok := r.Context().Value(arrivalKey{}).(*stamp); ok {
		if t := time.Unix(0, p.at.Load()); !t.After(time.Now()) {
			return t
		}
	}
	return time.Now()
}
