package server

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// arrivalServer serves requests with the arrival stamps of a Server and
// records, for each, how long before its handler started it arrived.
func arrivalServer(t *testing.T) (*httptest.Server, func() []time.Duration) {
	t.Helper()
	s := &Server{}
	var mu sync.Mutex
	var got []time.Duration
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, time.Since(s.Arrival(r)))
		mu.Unlock()
	}))
	srv.Listener = s.arrivals.listen(srv.Listener)
	srv.Config.ConnContext = s.arrivals.connContext
	srv.Config.ConnState = s.arrivals.connState
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, func() []time.Duration {
		mu.Lock()
		defer mu.Unlock()
		return append([]time.Duration(nil), got...)
	}
}

// TestArrival: a request arrives when its first byte is read, whether it
// is the next one on a kept-alive connection or the first one on a
// connection opened ahead of it (a proxy's pool), never when the
// connection was accepted, nor after its handler starts; a connection
// idle for less than idleGrace counts from the start of its idle time.
func TestArrival(t *testing.T) {
	t.Parallel()
	srv, got := arrivalServer(t)
	idle := idleGrace + 200*time.Millisecond
	c := srv.Client()
	for i := 0; i < 2; i++ {
		resp, err := c.Get(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		// Idle between requests: the second arrives when it is read,
		// not when the connection was accepted.
		time.Sleep(idle)
	}
	// Connections opened and left idle before their first request: past
	// the grace, and within it.
	for _, wait := range []time.Duration{idle, idleGrace / 4} {
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		time.Sleep(wait)
		if _, err := io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	ds := got()
	if len(ds) != 4 {
		t.Fatalf("%d requests", len(ds))
	}
	for i, d := range ds[:3] {
		if d < 0 || d > 200*time.Millisecond {
			t.Errorf("request %d: handler started %v after its arrival", i+1, d)
		}
	}
	if d := ds[3]; d < idleGrace/4 || d > idleGrace/4+200*time.Millisecond {
		t.Errorf("a request after %v of idle time arrived %v before its handler started, want from the connection's accept", idleGrace/4, d)
	}
	if r := httptest.NewRequest("GET", "/", nil); time.Since((&Server{}).Arrival(r)) > time.Second {
		t.Error("a request with no stamp arrives now")
	}
}
