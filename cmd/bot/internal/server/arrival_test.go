package server

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestArrival: a request arrives when its connection is accepted (the
// first) or when its first byte is read (the next ones on a kept-alive
// connection), never after its handler starts.
func TestArrival(t *testing.T) {
	s := &Server{}
	var got []time.Duration
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, time.Since(s.Arrival(r)))
	}))
	srv.Config.ConnContext = s.arrivals.connContext
	srv.Config.ConnState = s.arrivals.connState
	srv.Start()
	defer srv.Close()
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
		time.Sleep(300 * time.Millisecond)
	}
	if len(got) != 2 {
		t.Fatalf("%d requests", len(got))
	}
	for i, d := range got {
		if d < 0 || d > 200*time.Millisecond {
			t.Errorf("request %d: handler started %v after its arrival", i+1, d)
		}
	}
	if r := httptest.NewRequest("GET", "/", nil); time.Since(s.Arrival(r)) > time.Second {
		t.Error("a request with no stamp arrives now")
	}
}
