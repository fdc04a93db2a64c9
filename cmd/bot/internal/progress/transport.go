package progress

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Transport is an http.RoundTripper for downloads: a GET that fails to
// connect or gets a 429 or 5xx is tried again with backoff; a body whose
// transfer breaks, or stalls for Idle, is resumed where it stopped (a
// Range request, checked against the ETag or Last-Modified of the first
// answer; a server that ignores the range is read again from the start,
// skipping what was read). Each download shows on Display.
type Transport struct {
	Base    http.RoundTripper // nil: http.DefaultTransport
	Display *Display          // nil: nothing shown
	// Retries is how many times a download is tried again (0: 5;
	// negative: never); Backoff the first wait, doubled each time up to a
	// minute (0: 1 s).
	Retries int
	Backoff time.Duration
	// Idle is how long a transfer may receive nothing before it is
	// broken off and resumed (0: 60 s).
	Idle time.Duration
}

func (t *Transport) base() http.RoundTripper {
	if t.Base != nil {
		return t.Base
	}
	return http.DefaultTransport
}

func (t *Transport) retries() int {
	switch {
	case t.Retries > 0:
		return t.Retries
	case t.Retries < 0:
		return 0
	}
	return 5
}

func (t *Transport) wait(attempt int) time.Duration {
	b := t.Backoff
	if b <= 0 {
		b = time.Second
	}
	return min(b<<min(attempt, 10), time.Minute)
}

func (t *Transport) idle() time.Duration {
	if t.Idle > 0 {
		return t.Idle
	}
	return time.Minute
}

// RoundTrip sends req, tried again as Transport says for a GET.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method != http.MethodGet {
		return t.base().RoundTrip(req)
	}
	d := &download{t: t, req: req, name: path.Base(req.URL.Path)}
	resp, err := d.open(0)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body = cancelOnClose{resp.Body, d.cancel}
		return resp, nil
	}
	d.etag, d.modified = resp.Header.Get("ETag"), resp.Header.Get("Last-Modified")
	d.total = resp.ContentLength
	d.body = resp.Body
	if d.total < 0 || d.total >= 1<<20 {
		d.meter = t.Display.Bytes("download "+d.name, d.total)
	}
	resp.Body = d
	return resp, nil
}

// download is the body of one GET, resumed as needed.
type download struct {
	t              *Transport
	req            *http.Request
	name           string
	etag, modified string
	total          int64
	read           int64
	body           io.ReadCloser
	meter          *Meter
	mu             sync.Mutex
	cancel         context.CancelFunc
	watch          *time.Timer
	closed         bool
}

// open sends the request (from byte offset from) until it is answered,
// trying again on connection errors, 429 and 5xx.
func (d *download) open(from int64) (*http.Response, error) {
	var lastErr error
	for attempt := 0; attempt <= d.t.retries(); attempt++ {
		if attempt > 0 {
			if err := sleepCtx(d.req.Context(), d.t.wait(attempt-1)); err != nil {
				return nil, err
			}
		}
		ctx, cancel := context.WithCancel(d.req.Context())
		r := d.req.Clone(ctx)
		if from > 0 {
			r.Header.Set("Range", "bytes="+strconv.FormatInt(from, 10)+"-")
			if v := d.etag; v != "" && !strings.HasPrefix(v, "W/") {
				r.Header.Set("If-Range", v)
			} else if d.modified != "" {
				r.Header.Set("If-Range", d.modified)
			}
		}
		resp, err := d.t.base().RoundTrip(r)
		if err == nil && resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode < 500 {
			d.cancel = cancel
			return resp, nil
		}
		if err == nil {
			err = fmt.Errorf("%s: %s", d.req.URL.Redacted(), resp.Status)
			resp.Body.Close()
		}
		cancel()
		if d.req.Context().Err() != nil {
			return nil, d.req.Context().Err()
		}
		lastErr = err
		d.meter.Note(fmt.Sprintf("attempt %d failed: %v; trying again", attempt+1, err))
	}
	return nil, lastErr
}

// Read reads the body, resuming it when the transfer breaks or stalls.
func (d *download) Read(p []byte) (int, error) {
	for attempt := 0; ; attempt++ {
		n, err := d.readIdle(p)
		d.read += int64(n)
		d.meter.Add(int64(n))
		if err == nil || err == io.EOF && (d.total < 0 || d.read == d.total) {
			if err == io.EOF {
				d.meter.Done()
			}
			return n, err
		}
		if n > 0 {
			// Report what came; the error comes again on the next Read.
			return n, nil
		}
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		if d.req.Context().Err() != nil || attempt >= d.t.retries() || errors.Is(err, errClosed) {
			return 0, err
		}
		d.meter.Note(fmt.Sprintf("transfer broken at %s (%v); resuming", size(d.read), err))
		if err := d.resume(); err != nil {
			return 0, err
		}
	}
}

var errClosed = errors.New("progress: body closed")

// readIdle reads from the current body, breaking it off when nothing
// comes for Idle.
func (d *download) readIdle(p []byte) (int, error) {
	d.mu.Lock()
	if d.closed {
		d.mu.Unlock()
		return 0, errClosed
	}
	cancel := d.cancel
	d.watch = time.AfterFunc(d.t.idle(), cancel)
	body := d.body
	d.mu.Unlock()
	n, err := body.Read(p)
	d.mu.Lock()
	stalled := !d.watch.Stop()
	d.mu.Unlock()
	if stalled && err != nil && d.req.Context().Err() == nil {
		err = fmt.Errorf("nothing received for %s", d.t.idle())
	}
	return n, err
}

// resume opens the body again from what was read.
func (d *download) resume() error {
	d.body.Close()
	d.cancel()
	resp, err := d.open(d.read)
	if err != nil {
		return err
	}
	switch resp.StatusCode {
	case http.StatusPartialContent:
		if !strings.HasPrefix(resp.Header.Get("Content-Range"), "bytes "+strconv.FormatInt(d.read, 10)+"-") {
			resp.Body.Close()
			return fmt.Errorf("%s: resumed at the wrong place (%s)", d.req.URL.Redacted(), resp.Header.Get("Content-Range"))
		}
	case http.StatusOK:
		// The range was ignored (or the file changed): start again, and
		// skip what was read if it is the same file.
		if d.etag != "" && resp.Header.Get("ETag") != d.etag {
			resp.Body.Close()
			return fmt.Errorf("%s changed during the download", d.req.URL.Redacted())
		}
		if _, err := io.CopyN(io.Discard, resp.Body, d.read); err != nil {
			resp.Body.Close()
			return fmt.Errorf("%s: %w", d.req.URL.Redacted(), err)
		}
	default:
		resp.Body.Close()
		return fmt.Errorf("%s: resume: %s", d.req.URL.Redacted(), resp.Status)
	}
	d.mu.Lock()
	d.body = resp.Body
	d.mu.Unlock()
	return nil
}

// Close closes the body.
func (d *download) Close() error {
	d.mu.Lock()
	d.closed = true
	d.mu.Unlock()
	err := d.body.Close()
	d.cancel()
	return err
}

// sleepCtx waits d unless ctx ends first.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// cancelOnClose ends a request's context when its body is closed.
type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (c cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel()
	return err
}
