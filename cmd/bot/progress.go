package main

import (
	"context"
	"fmt"
	"io"
	"os"

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

// buildShowingProgress runs kb.Build with a meter of each of its stages,
// which count what is done: the documents indexed, then the merges of the
// index's segments into one (often a few seconds, and all of them on a
// small build), then a line while the index is written to its place.
// Each meter estimates the time left from its own rate, so none says it
// is nearly done while a long stage is still ahead of it.
func buildShowingProgress(ctx context.Context, d *progress.Display, out string, c *kb.Collection, builtAt string) (kb.Meta, error) {
	d.Line(fmt.Sprintf("indexing %d documents, then merging the index and writing it", len(c.Docs)))
	show, done := stagesShown(d, out)
	meta, err := kb.BuildWithProgress(ctx, out, c, builtAt, show)
	done()
	return meta, err
}

// stagesShown returns what tells d the stages of a build of out, a meter
// each, and what ends the last one.
func stagesShown(d *progress.Display, out string) (show func(kb.BuildProgress), done func()) {
	var m *progress.Meter
	stage := ""
	show = func(bp kb.BuildProgress) {
		if bp.Stage != stage {
			m.Done()
			m, stage = nil, bp.Stage
			switch bp.Stage {
			case kb.StageIndex:
				m = d.Count("index", int64(bp.Total), "docs")
			case kb.StageMerge:
				m = d.Count("merge", int64(bp.Total), "merges")
			case kb.StageWrite:
				d.Line("writing the index to " + out)
			}
		}
		m.Set(int64(min(bp.Done, bp.Total)))
	}
	return show, func() { m.Done() }
}
