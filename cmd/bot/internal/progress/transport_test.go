package progress

import (
	"bytes"
	"crypto/rand"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// flakyServer serves file at /file: the first answers fail as fail says,
// later ones serve it whole or from a Range.
func flakyServer(t *testing.T, file []byte, fail func(n int64, w http.ResponseWriter) bool) (*httptest.Server, *atomic.Int64) {
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := calls.Add(1)
		w.Header().Set("ETag", `"v1"`)
		w.Header().Set("Accept-Ranges", "bytes")
		from := 0
		if rg := r.Header.Get("Range"); rg != "" && r.Header.Get("If-Range") == `"v1"` {
			from, _ = strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(rg, "bytes="), "-"))
			w.Header().Set("Content-Range", "bytes "+strconv.Itoa(from)+"-"+strconv.Itoa(len(file)-1)+"/"+strconv.Itoa(len(file)))
			w.Header().Set("Content-Length", strconv.Itoa(len(file)-from))
			if fail != nil && fail(n, w) {
				return
			}
			w.WriteHeader(http.StatusPartialContent)
			w.Write(file[from:])
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(file)))
		if fail != nil && fail(n, w) {
			return
		}
		w.Write(file)
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

func get(t *testing.T, tr *Transport, url string) ([]byte, error) {
	t.Helper()
	c := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	resp, err := c.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

func TestTransportResumes(t *testing.T) {
	file := make([]byte, 3<<20)
	rand.Read(file)
	tests := []struct {
		name string
		fail func(n int64, w http.ResponseWriter) bool
	}{
		{"503 then 200", func(n int64, w http.ResponseWriter) bool {
			if n == 1 {
				w.WriteHeader(503)
				return true
			}
			return false
		}},
		{"connection cut after 1 MB", func(n int64, w http.ResponseWriter) bool {
			if n == 1 {
				w.WriteHeader(200)
				w.Write(file[:1<<20])
				w.(http.Flusher).Flush()
				panic(http.ErrAbortHandler)
			}
			return false
		}},
		{"stalls after 512 KB", func(n int64, w http.ResponseWriter) bool {
			if n == 1 {
				w.WriteHeader(200)
				w.Write(file[:512<<10])
				w.(http.Flusher).Flush()
				time.Sleep(2 * time.Second)
				panic(http.ErrAbortHandler)
			}
			return false
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, calls := flakyServer(t, file, tt.fail)
			var log bytes.Buffer
			tr := &Transport{Display: New(&log, false), Backoff: 10 * time.Millisecond, Idle: 300 * time.Millisecond}
			got, err := get(t, tr, srv.URL+"/file")
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, file) {
				t.Fatalf("got %d bytes, not the file", len(got))
			}
			if calls.Load() != 2 {
				t.Errorf("%d requests, want 2", calls.Load())
			}
			if !strings.Contains(log.String(), "download file") || !strings.Contains(log.String(), "done") {
				t.Errorf("progress lines:\n%s", log.String())
			}
			t.Logf("%s", log.String())
		})
	}
}

func TestTransportGivesUp(t *testing.T) {
	for _, tt := range []struct{ retries, calls int }{{2, 3}, {-1, 1}} {
		srv, calls := flakyServer(t, []byte("x"), func(n int64, w http.ResponseWriter) bool { w.WriteHeader(502); return true })
		tr := &Transport{Retries: tt.retries, Backoff: time.Millisecond}
		if _, err := get(t, tr, srv.URL+"/file"); err == nil || !strings.Contains(err.Error(), "502") {
			t.Errorf("retries %d: err = %v", tt.retries, err)
		}
		if calls.Load() != int64(tt.calls) {
			t.Errorf("retries %d: %d requests, want %d", tt.retries, calls.Load(), tt.calls)
		}
	}
}

func TestPlainMeter(t *testing.T) {
	var out bytes.Buffer
	d := New(&out, false)
	d.every = 0
	m := d.Count("indexing", 100, "docs")
	m.Add(50)
	m.Done()
	for _, want := range []string{"indexing: 100 docs to go", "50 docs of 100 docs (50%)", "left", "done"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("lines lack %q:\n%s", want, out.String())
		}
	}
}
