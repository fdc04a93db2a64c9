package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSimulateStopsOnSIGTERM: "bot simulate FILE" on a scenario that
// takes seconds to read (a mapping of 19,000 keys, within the command
// line's limits: the parser's time grows faster than the keys) stops
// within a second of SIGTERM, saying it stopped, instead of reading on.
func TestSimulateStopsOnSIGTERM(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "long.yaml")
	var src strings.Builder
	src.WriteString("game: mtg\nplayers: [Alice, Bob]\nlife:\n")
	for i := range 19000 {
		fmt.Fprintf(&src, "  player%d: 20\n", i)
	}
	if err := os.WriteFile(file, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	p := startChild(t, []string{"GOMEMLIMIT=off"}, "simulate", "--lang", "en", file)
	// Time to start and to read the file; the parse takes seconds more.
	time.Sleep(time.Second)
	if p.cmd.ProcessState != nil {
		t.Fatalf("the scenario was read in under a second: nothing to interrupt\n%s", p.stderr.String())
	}
	start := time.Now()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	code := p.wait(t, 10*time.Second)
	took := time.Since(start)
	t.Logf("exit %d %v after SIGTERM: %s", code, took.Round(time.Millisecond), strings.TrimSpace(p.stderr.String()))
	if took > time.Second {
		t.Errorf("exited %v after SIGTERM", took)
	}
	if code == 0 || !strings.Contains(p.stderr.String(), "stopped before the scenario was played") {
		t.Errorf("exit %d, stderr %q", code, p.stderr.String())
	}
}
