package store

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/chat"
)

// killChildEnv makes the test binary a writer that a test kills.
const killChildEnv = "ARBITER_STORE_KILL_CHILD"

// TestMain runs the writer when the test binary is started as one.
func TestMain(m *testing.M) {
	if spec := os.Getenv(killChildEnv); spec != "" {
		os.Exit(killChild(spec))
	}
	os.Exit(m.Run())
}

// killChild writes settings from 16 goroutines until it is killed,
// printing each one acknowledged. spec is "bolt DIR" or "postgres URL".
func killChild(spec string) int {
	kind, arg, _ := strings.Cut(spec, " ")
	var s chat.Store
	var err error
	if kind == "bolt" {
		s, err = OpenBolt(arg)
	} else {
		s, err = OpenPostgres(context.Background(), arg, "", nil)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	var mu sync.Mutex
	out := bufio.NewWriter(os.Stdout)
	var wg sync.WaitGroup
	for w := 0; w < 16; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				k := fmt.Sprintf("user:%d-%d", w, i)
				if err := s.PutSetting(context.Background(), k, "ja"); err != nil {
					continue
				}
				mu.Lock()
				fmt.Fprintln(out, k)
				out.Flush()
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return 0
}

// TestKillNineKeepsAcknowledged: a process writing settings is killed with
// SIGKILL; every setting it acknowledged is in the store afterwards.
func TestKillNineKeepsAcknowledged(t *testing.T) {
	forEach(t, func(t *testing.T, b *backend) {
		spec := "bolt " + b.dir
		if b.shared {
			// The URL of this backend: open once to migrate, and read it back.
			s := b.open(t).(*Postgres)
			spec = "postgres " + s.pool.Config().ConnString()
			s.Close()
		}
		for round := 0; round < 3; round++ {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), killChildEnv+"="+spec)
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			cmd.Stderr = os.Stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			var acked []string
			sc := bufio.NewScanner(stdout)
			deadline := time.Now().Add(30 * time.Second)
			for sc.Scan() {
				acked = append(acked, sc.Text())
				if len(acked) == 300+round*100 || time.Now().After(deadline) {
					cmd.Process.Signal(syscall.SIGKILL)
					break
				}
			}
			// Lines written before the kill and not yet read count too.
			for sc.Scan() {
				acked = append(acked, sc.Text())
			}
			cmd.Wait()
			if len(acked) < 300 {
				t.Fatalf("round %d: only %d settings acknowledged before the deadline", round, len(acked))
			}
			s := b.open(t)
			got := all(t, s)
			lost := 0
			for _, k := range acked {
				if got[k] != "ja" {
					lost++
				}
			}
			s.Close()
			t.Logf("round %d: %d acknowledged, %d in the store, %d lost", round, len(acked), len(got), lost)
			if lost > 0 {
				t.Errorf("round %d: %d of %d acknowledged settings lost after kill -9", round, lost, len(acked))
			}
		}
	})
}
