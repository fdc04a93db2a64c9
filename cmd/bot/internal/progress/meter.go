package progress

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// Display is where meters show: a terminal or a plain stream.
type Display struct {
	w     io.Writer
	tty   bool
	every time.Duration
	mu    sync.Mutex // one line at a time
}

// New returns a display on w; tty says whether w is a terminal (bars) or
// not (a line every 5 seconds and at the end).
func New(w io.Writer, tty bool) *Display {
	return &Display{w: w, tty: tty, every: 5 * time.Second}
}

// Meter is the progress of one piece of work.
type Meter struct {
	d       *Display
	desc    string
	total   int64 // -1: unknown
	bytes   bool
	unit    string
	start   time.Time
	mu      sync.Mutex
	n       int64
	last    time.Time
	bar     *progressbar.ProgressBar
	done    bool
	lastOut int64
}

// Bytes starts a meter of a transfer of total bytes (-1: unknown).
func (d *Display) Bytes(desc string, total int64) *Meter { return d.start(desc, total, true, "") }

// Count starts a meter of total things of unit (-1: unknown).
func (d *Display) Count(desc string, total int64, unit string) *Meter {
	return d.start(desc, total, false, unit)
}

func (d *Display) start(desc string, total int64, bytes bool, unit string) *Meter {
	if d == nil {
		return nil
	}
	m := &Meter{d: d, desc: desc, total: total, bytes: bytes, unit: unit, start: time.Now()}
	m.last = m.start
	if d.tty {
		opts := []progressbar.Option{
			progressbar.OptionSetWriter(d.w),
			progressbar.OptionSetDescription(desc),
			progressbar.OptionSetWidth(24),
			progressbar.OptionThrottle(100 * time.Millisecond),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionSpinnerType(14),
			progressbar.OptionSetRenderBlankState(true),
			progressbar.OptionOnCompletion(func() { fmt.Fprintln(d.w) }),
		}
		if bytes {
			opts = append(opts, progressbar.OptionShowBytes(true), progressbar.OptionShowTotalBytes(true))
		} else {
			opts = append(opts, progressbar.OptionShowIts(), progressbar.OptionSetItsString(unit))
		}
		m.bar = progressbar.NewOptions64(total, opts...)
	} else {
		d.line(m.describe(m.start, true))
	}
	return m
}

// Add counts n more.
func (m *Meter) Add(n int64) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.n += n
	m.show(time.Now())
}

// Set sets the count to n (a resumed transfer restarts from n).
func (m *Meter) Set(n int64) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.n = n
	m.show(time.Now())
}

// Note shows a remark (a retry, say) without ending the meter.
func (m *Meter) Note(msg string) {
	if m == nil {
		return
	}
	if m.bar != nil {
		m.bar.Describe(m.desc + " (" + msg + ")")
		return
	}
	m.d.line(m.desc + ": " + msg)
}

// Done ends the meter, with its final count and rate.
func (m *Meter) Done() {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.done {
		return
	}
	m.done = true
	if m.bar != nil {
		if m.total < 0 {
			m.bar.ChangeMax64(m.n)
		}
		m.bar.Set64(m.n)
		m.bar.Finish()
		return
	}
	m.d.line(m.describe(time.Now(), false) + ", done")
}

// show updates the bar, or writes a line when one is due; callers hold m.mu.
func (m *Meter) show(now time.Time) {
	if m.bar != nil {
		m.bar.Set64(m.n)
		return
	}
	if now.Sub(m.last) >= m.d.every {
		m.last = now
		m.d.line(m.describe(now, false))
	}
}

// describe is the plain line of the meter at now.
func (m *Meter) describe(now time.Time, first bool) string {
	if first {
		if m.total >= 0 {
			return fmt.Sprintf("%s: %s to go", m.desc, m.amount(m.total))
		}
		return m.desc + ": started"
	}
	elapsed := now.Sub(m.start)
	s := m.desc + ": " + m.amount(m.n)
	if m.total > 0 {
		s += fmt.Sprintf(" of %s (%.0f%%)", m.amount(m.total), 100*float64(m.n)/float64(m.total))
	}
	if secs := elapsed.Seconds(); secs > 0 && m.n > 0 {
		rate := float64(m.n) / secs
		if m.bytes {
			s += ", " + size(int64(rate)) + "/s"
		} else {
			s += fmt.Sprintf(", %.0f %s/s", rate, m.unit)
		}
		if m.total > m.n {
			left := time.Duration(float64(m.total-m.n) / rate * float64(time.Second))
			s += ", about " + left.Round(time.Second).String() + " left"
		}
	}
	return s + ", " + elapsed.Round(100*time.Millisecond).String() + " so far"
}

// amount writes n in the meter's unit.
func (m *Meter) amount(n int64) string {
	if m.bytes {
		return size(n)
	}
	return fmt.Sprintf("%d %s", n, m.unit)
}

// line writes one line of a plain display.
func (d *Display) line(s string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	fmt.Fprintln(d.w, s)
}

// Line writes a line (a phase starting) on any display.
func (d *Display) Line(s string) {
	if d == nil {
		return
	}
	d.line(s)
}

// size writes a byte count in KB, MB or GB (powers of 1000).
func size(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2f GB", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.0f KB", float64(n)/1e3)
	}
	return fmt.Sprintf("%d B", n)
}
