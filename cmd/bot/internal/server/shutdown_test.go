package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/kb"
)

// opsRoutes returns a mux with only the operations routes of s.
func opsRoutes(s *Server) *http.ServeMux {
	mux := http.NewServeMux()
	s.routesOps(mux)
	return mux
}

// sendHUP sends SIGHUP to this process.
func sendHUP() error { return syscall.Kill(syscall.Getpid(), syscall.SIGHUP) }

// shutdownRig serves s's operations routes plus /slow on a real listener,
// with the same base context arrangement as server.run, and shuts down the
// way server.run does.
type shutdownRig struct {
	s      *Server
	hs     *http.Server
	addr   string
	cancel context.CancelFunc
	served chan error
	stop   func()
}

func newShutdownRig(t *testing.T, s *Server, slow http.HandlerFunc) *shutdownRig {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	mux := opsRoutes(s)
	mux.HandleFunc("GET /slow", slow)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &shutdownRig{s: s, addr: ln.Addr().String(), cancel: cancel, served: make(chan error, 1)}
	r.hs = &http.Server{Handler: s.wrapHTTP(mux, nil), BaseContext: func(net.Listener) context.Context { return ctx }}
	go func() { r.served <- r.hs.Serve(ln) }()
	r.stop = s.watchReload(ctx)
	t.Cleanup(func() { r.hs.Close() })
	return r
}

// shutdown runs the shutdown sequence of server.run and returns how long
// it took.
func (r *shutdownRig) shutdown() time.Duration {
	start := time.Now()
	r.cancel()
	r.stop()
	ctx, cancel := context.WithTimeout(context.Background(), r.s.cfg.shutdownTimeout())
	defer cancel()
	r.hs.Shutdown(ctx)
	r.s.waitInFlight(ctx, nil)
	return time.Since(start)
}

func (r *shutdownRig) get(path string) (int, string, error) {
	c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 10 * time.Second}
	resp, err := c.Get("http://" + r.addr + path)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), err
}

// TestGracefulShutdown starts a slow request, shuts down, and checks that
// /readyz turns 503 during the drain delay, the slow request completes
// with its context intact, and new connections are refused afterwards.
func TestGracefulShutdown(t *testing.T) {
	cfg := DefaultConfig()
	cfg.DrainDelay = 300 * time.Millisecond
	cfg.ShutdownTimeout = 5 * time.Second
	s, logs := testServer(t, cfg, testutil.NewEmbeddedIndex(t))
	started := make(chan struct{})
	rig := newShutdownRig(t, s, func(w http.ResponseWriter, r *http.Request) {
		close(started)
		select {
		case <-time.After(700 * time.Millisecond):
			fmt.Fprint(w, "done")
		case <-r.Context().Done():
			http.Error(w, "cancelled: "+context.Cause(r.Context()).Error(), http.StatusServiceUnavailable)
		}
	})
	if code, _, err := rig.get("/readyz"); err != nil || code != 200 {
		t.Fatalf("readyz before shutdown: %d %v", code, err)
	}
	type result struct {
		code int
		body string
		err  error
	}
	slow := make(chan result, 1)
	go func() {
		code, body, err := rig.get("/slow")
		slow <- result{code, body, err}
	}()
	<-started
	took := make(chan time.Duration, 1)
	go func() { took <- rig.shutdown() }()

	// During the drain delay the listener still accepts, and /readyz says 503.
	time.Sleep(100 * time.Millisecond)
	code, body, err := rig.get("/readyz")
	if err != nil || code != 503 || !strings.Contains(body, "shutting_down") {
		t.Errorf("readyz while draining: %d %q %v", code, body, err)
	}
	if code, _, err := rig.get("/healthz"); err != nil || code != 200 {
		t.Errorf("healthz while draining: %d %v", code, err)
	}

	res := <-slow
	if res.err != nil || res.code != 200 || res.body != "done" {
		t.Errorf("in-flight request: %d %q %v", res.code, res.body, res.err)
	}
	if d := <-took; d > 4*time.Second {
		t.Errorf("shutdown took %v", d)
	}
	if err := <-rig.served; !errors.Is(err, http.ErrServerClosed) {
		t.Errorf("Serve returned %v", err)
	}
	conn, err := net.DialTimeout("tcp", rig.addr, time.Second)
	if err == nil {
		conn.Close()
		t.Error("a new connection was accepted after shutdown")
	}
	if len(logs.Records(t, "in-flight work done")) != 1 {
		t.Errorf("no in-flight log line:\n%s", logs)
	}
}

// TestShutdownDeadline checks that a request still running when
// --shutdown-timeout passes is cancelled, and the shutdown returns.
func TestShutdownDeadline(t *testing.T) {
	cfg := DefaultConfig()
	cfg.ShutdownTimeout = 300 * time.Millisecond
	s, logs := testServer(t, cfg, testutil.NewEmbeddedIndex(t))
	started := make(chan struct{})
	cause := make(chan error, 1)
	rig := newShutdownRig(t, s, func(w http.ResponseWriter, r *http.Request) {
		close(started)
		select {
		case <-time.After(20 * time.Second):
			cause <- nil
		case <-r.Context().Done():
			cause <- context.Cause(r.Context())
		}
	})
	go rig.get("/slow")
	<-started
	d := rig.shutdown()
	if d > 3*time.Second {
		t.Errorf("shutdown took %v with a 300ms timeout", d)
	}
	select {
	case err := <-cause:
		if !errors.Is(err, errShutdownDeadline) {
			t.Errorf("request cancelled with %v, want the shutdown deadline", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the request was never cancelled")
	}
	if len(logs.Records(t, "shutdown deadline passed, cancelling in-flight work")) != 1 {
		t.Errorf("no deadline log line:\n%s", logs)
	}
}

// TestClientGoneCancels checks that a request's context still ends when its
// client goes away while the server runs normally.
func TestClientGoneCancels(t *testing.T) {
	s, _ := testServer(t, DefaultConfig(), testutil.NewEmbeddedIndex(t))
	started := make(chan struct{})
	cause := make(chan error, 1)
	rig := newShutdownRig(t, s, func(w http.ResponseWriter, r *http.Request) {
		close(started)
		select {
		case <-time.After(10 * time.Second):
			cause <- nil
		case <-r.Context().Done():
			cause <- context.Cause(r.Context())
		}
	})
	ctx, cancel := context.WithCancel(t.Context())
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://"+rig.addr+"/slow", nil)
	go http.DefaultClient.Do(req)
	<-started
	cancel()
	select {
	case err := <-cause:
		if err == nil || errors.Is(err, errShutdownDeadline) {
			t.Errorf("cancelled with %v, want the client's disconnection", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the request was not cancelled when its client left")
	}
	rig.shutdown()
}

// TestBackgroundWork checks that a shutdown waits for work registered with
// beginWork (a deferred reply's edit), and that its shutdownContext
// survives the start of the shutdown but not its deadline.
func TestBackgroundWork(t *testing.T) {
	tests := []struct {
		name       string
		work       time.Duration
		timeout    time.Duration
		wantDone   bool
		wantCancel bool
	}{
		{name: "finishes within the timeout", work: 300 * time.Millisecond, timeout: 5 * time.Second, wantDone: true},
		{name: "cancelled at the deadline", work: 20 * time.Second, timeout: 200 * time.Millisecond, wantCancel: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.ShutdownTimeout = tt.timeout
			s, _ := testServer(t, cfg, testutil.NewEmbeddedIndex(t))
			rig := newShutdownRig(t, s, func(w http.ResponseWriter, r *http.Request) {})
			reqCtx, reqCancel := context.WithCancel(t.Context())
			done := s.ops.beginWork()
			wctx, wcancel := s.ops.shutdownContext(reqCtx)
			reqCancel() // the request that started the work has ended
			finished := make(chan bool, 1)
			go func() {
				defer done()
				defer wcancel()
				select {
				case <-time.After(tt.work):
					finished <- true
				case <-wctx.Done():
					finished <- false
				}
			}()
			start := time.Now()
			took := rig.shutdown()
			got := <-finished
			if got != tt.wantDone {
				t.Errorf("work finished = %v, want %v (shutdown took %v)", got, tt.wantDone, took)
			}
			if tt.wantDone && took < tt.work-50*time.Millisecond {
				t.Errorf("shutdown returned after %v, before the work (%v) was done", took, tt.work)
			}
			if tt.wantCancel && time.Since(start) > tt.timeout+2*time.Second {
				t.Errorf("cancellation came %v after the shutdown started", time.Since(start))
			}
		})
	}
}

// TestServeRun runs server.run itself on a free port: the operations
// endpoints answer, and cancelling the context stops it cleanly.
func TestServeRun(t *testing.T) {
	cfg := DefaultConfig()
	cfg.HTTPAddr = "127.0.0.1:0"
	cfg.ShutdownTimeout = 2 * time.Second
	s, logs := testServer(t, cfg, testutil.NewEmbeddedIndex(t))
	ctx, cancel := context.WithCancel(t.Context())
	ran := make(chan error, 1)
	go func() { ran <- s.Run(ctx, Parts{}) }()
	var addr string
	deadline := time.Now().Add(10 * time.Second)
	for addr == "" {
		if time.Now().After(deadline) {
			t.Fatalf("server never listened:\n%s", logs)
		}
		if recs := logs.Records(t, "listening"); len(recs) > 0 {
			addr, _ = recs[0]["addr"].(string)
		}
		time.Sleep(5 * time.Millisecond)
	}
	rig := &shutdownRig{addr: addr}
	tests := []struct {
		path string
		code int
		want string
	}{
		{"/healthz", 200, "ok"},
		{"/readyz", 200, `"status":"ready"`},
		{"/metrics", 200, "arbiter_index_documents"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			code, body, err := rig.get(tt.path)
			if err != nil || code != tt.code || !strings.Contains(body, tt.want) {
				t.Errorf("GET %s: %d %v, body %.200q", tt.path, code, err, body)
			}
		})
	}
	cancel()
	select {
	case err := <-ran:
		if err != nil {
			t.Errorf("run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not return after cancel")
	}
	if _, _, err := rig.get("/healthz"); err == nil {
		t.Error("still serving after run returned")
	}
}

// TestSIGHUPWhileOpening: a SIGHUP that arrives while New opens the index
// (seconds for the full one) does not end the process, as a signal that
// nothing catches yet would. It runs in a child process of the test
// binary, where no other test catches SIGHUP.
func TestSIGHUPWhileOpening(t *testing.T) {
	if os.Getenv("ARBITER_TEST_HUP_CHILD") == "1" {
		_, err := New(context.Background(), Config{}, slog.New(slog.DiscardHandler), func(ctx context.Context) (*kb.Index, error) {
			if err := sendHUP(); err != nil {
				return nil, err
			}
			time.Sleep(200 * time.Millisecond) // the signal is delivered meanwhile
			return nil, errors.New("no index in this test")
		})
		fmt.Println("New returned after SIGHUP:", err)
		return
	}
	t.Parallel()
	cmd := exec.Command(os.Args[0], "-test.run=^TestSIGHUPWhileOpening$", "-test.count=1")
	cmd.Env = append(os.Environ(), "ARBITER_TEST_HUP_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "New returned after SIGHUP") {
		t.Errorf("the process ended: %v\n%s", err, out)
	}
}
