package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"golang.org/x/term"

	"arbiter/cmd/bot/internal/progress"
	"arbiter/kb"
)

// display is where the progress of long work shows: bars on a terminal,
// a plain line every few seconds otherwise, on stderr either way.
func (e *env) display() *progress.Display {
	tty := false
	if f, ok := e.stderr.(*os.File); ok {
		tty = term.IsTerminal(int(f.Fd()))
	}
	return progress.New(e.stderr, tty)
}

// countingReader counts the bytes read through it into a meter.
type countingReader struct {
	r io.Reader
	m *progress.Meter
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.m.Add(int64(n))
	return n, err
}

// readShown reads a source file's reader r through a meter of its bytes,
// then tells how many documents the collection holds.
func readShown(d *progress.Display, path string, r io.Reader, c *kb.Collection, fn func(io.Reader) error) error {
	var total int64 = -1
	if f, ok := r.(*os.File); ok {
		if fi, err := f.Stat(); err == nil {
			total = fi.Size()
		}
	}
	m := d.Bytes("parse "+path, total)
	err := fn(countingReader{r, m})
	m.Done()
	d.Line(fmt.Sprintf("%d documents parsed so far", len(c.Docs)))
	return err
}

// indexRate is the documents indexed (and merged) a second by "kb build"
// on the project's 2-core machine while shared with other work (113,578
// documents of ../shared/data in 20–24 s), for the estimate of the time
// left: on a faster machine the meter ends early.
const indexRate = 4500

// buildShowingProgress runs kb.Build with a meter of the indexing phase:
// kb reports no progress of its own, so the meter runs on the time the
// documents should take at indexRate, held below its end until the build
// is done (on a slower machine it waits there).
func buildShowingProgress(ctx context.Context, d *progress.Display, out string, c *kb.Collection, builtAt string) (kb.Meta, error) {
	n := len(c.Docs)
	d.Line(fmt.Sprintf("indexing %d documents, then merging and writing the index (about %s)", n,
		(time.Duration(n/indexRate+1) * time.Second).String()))
	m := d.Count("index (estimated)", int64(n), "docs")
	done := make(chan struct{})
	go func() {
		start := time.Now()
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				m.Set(min(int64(time.Since(start).Seconds()*indexRate), int64(n)*99/100))
			}
		}
	}()
	meta, err := kb.Build(ctx, out, c, builtAt)
	close(done)
	if err == nil {
		m.Set(int64(n))
		m.Done()
	}
	return meta, err
}
