package server

import (
	"context"
	"crypto/tls"
	"net"
	"net/http"
	"sync/atomic"
	"time"
)

// blockedRead is how long a read must wait for a request's first bytes
// to count as having waited for them: a shorter one found them waiting.
const blockedRead = time.Millisecond

// idleGrace is how long a connection must have been idle (since it was
// accepted, or since its last request) for its next request's arrival to
// be when its first byte was read. Shorter gaps count from the start of
// the idle time, which errs on the early side: under a burst, the gap
// between accepting a connection and reading its request is spent
// waiting for the processor, on either side, while Discord's 3 s run.
const idleGrace = time.Second

// arrivals records when each request arrived: when its first byte was
// read by a read that waited for it (after idleGrace at least), or, when
// the bytes were already waiting (under a burst, accepting a connection
// and reading it wait for the processor), since the connection was
// accepted or went idle. A connection opened ahead of its first request
// (a proxy's pool) does not count its idle time against that request,
// nor does a kept-alive one.
type arrivals struct{}

// stampedConn is a connection that records when its current request
// arrived.
type stampedConn struct {
	net.Conn
	since   atomic.Int64 // UnixNano: accepted, or idle since its last request
	at      atomic.Int64 // UnixNano: the current request's arrival
	waiting atomic.Bool  // the next byte read starts a request
}

// Read reads from the connection and stamps the arrival of a request
// whose first bytes it reads.
func (c *stampedConn) Read(p []byte) (int, error) {
	if !c.waiting.Load() {
		return c.Conn.Read(p)
	}
	t0 := time.Now()
	n, err := c.Conn.Read(p)
	if n > 0 && c.waiting.CompareAndSwap(true, false) {
		at, since := time.Now(), time.Unix(0, c.since.Load())
		if at.Sub(t0) < blockedRead || at.Sub(since) < idleGrace {
			at = since
		}
		c.at.Store(at.UnixNano())
	}
	return n, err
}

// idle marks the connection as waiting for its next request from now.
func (c *stampedConn) idle() {
	c.since.Store(time.Now().UnixNano())
	c.waiting.Store(true)
}

// stampListener gives each accepted connection its stamps.
type stampListener struct{ net.Listener }

// Accept accepts a connection waiting for its first request.
func (l stampListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return c, err
	}
	sc := &stampedConn{Conn: c}
	sc.idle()
	return sc, nil
}

// listen wraps ln so that its connections record their requests' arrival.
func (a *arrivals) listen(ln net.Listener) net.Listener { return stampListener{ln} }

// arrivalKey is the context key of a connection's stamps.
type arrivalKey struct{}

// stamped finds the stamped connection under c (c itself, or the
// connection under TLS).
func stamped(c net.Conn) (*stampedConn, bool) {
	if tc, ok := c.(*tls.Conn); ok {
		c = tc.NetConn()
	}
	sc, ok := c.(*stampedConn)
	return sc, ok
}

// connContext puts a connection's stamps in the context of its requests.
func (a *arrivals) connContext(ctx context.Context, c net.Conn) context.Context {
	if sc, ok := stamped(c); ok {
		return context.WithValue(ctx, arrivalKey{}, sc)
	}
	return ctx
}

// connState marks a connection idle once it has answered a request: the
// next one arrives when its first byte does.
func (a *arrivals) connState(c net.Conn, st http.ConnState) {
	if st != http.StateIdle {
		return
	}
	if sc, ok := stamped(c); ok {
		sc.idle()
	}
}

// Arrival is when r arrived (now, when unknown): what the Discord front
// end counts Discord's deadline from.
func (s *Server) Arrival(r *http.Request) time.Time {
	if sc, ok := r.Context().Value(arrivalKey{}).(*stampedConn); ok {
		if at := sc.at.Load(); at != 0 {
			if t := time.Unix(0, at); !t.After(time.Now()) {
				return t
			}
		}
	}
	return time.Now()
}
