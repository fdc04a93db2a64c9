package main

import (
	"bufio"
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The targets of the default index, measured on the built binary as a
// user meets them (BENCHMARKS.md): its first answer, the index built from
// the embedded data on the way; every later answer; and serve's start.

// runBinary runs the bot binary with args and the cache directory cache,
// and returns how long it took, its CPU time and its peak RSS in MB.
func runBinary(b *testing.B, cache string, args ...string) (wall, cpu time.Duration, rssMB float64) {
	b.Helper()
	bin, err := botBinary.get()
	if err != nil {
		b.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), cacheEnv+"="+cache)
	t0 := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("%v: %v\n%s", args, err, out)
	}
	wall = time.Since(t0)
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	return wall, cpu, float64(ru.Maxrss) / 1024
}

// BenchmarkDefaultFirstAnswer answers "What does deathtouch do?" with an
// empty cache directory: the default index is built first (target: under
// 60 s with go run's compilation, peak RSS under 500 MB).
func BenchmarkDefaultFirstAnswer(b *testing.B) {
	var rss float64
	var cpu time.Duration
	for i := 0; i < b.N; i++ {
		cache := filepath.Join(b.TempDir(), "cache")
		_, c, r := runBinary(b, cache, "ask", "What does deathtouch do?")
		cpu += c
		rss = max(rss, r)
	}
	b.ReportMetric(rss, "peak-RSS-MB")
	b.ReportMetric(cpu.Seconds()/float64(b.N), "CPU-s/op")
}

// BenchmarkDefaultLaterAnswer answers questions in English, French and
// Japanese once the default index is built, launch included (target:
// under 0.5 s each).
func BenchmarkDefaultLaterAnswer(b *testing.B) {
	needDefault(b)
	qs := []string{"What does deathtouch do?", "Comment marche le piétinement ?", "統率者が墓地に置かれたら統率領域に戻せる？", "Protection de Téfeiri"}
	runBinary(b, testCacheDir(), "ask", qs[2]) // the Japanese dictionary's cache, once
	var rss, worst float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w, _, r := runBinary(b, testCacheDir(), "ask", qs[i%len(qs)])
		rss, worst = max(rss, r), max(worst, w.Seconds())
	}
	b.ReportMetric(rss, "peak-RSS-MB")
	b.ReportMetric(worst, "worst-s")
}

// BenchmarkServeReady starts "bot serve --http" on the default index and
// waits until /readyz answers 200 (target: under 1 s).
func BenchmarkServeReady(b *testing.B) {
	needDefault(b)
	bin, err := botBinary.get()
	if err != nil {
		b.Fatal(err)
	}
	var worst float64
	for i := 0; i < b.N; i++ {
		ctx, cancel := context.WithCancel(context.Background())
		cmd := exec.CommandContext(ctx, bin, "serve", "--http", "127.0.0.1:0")
		cmd.Env = append(os.Environ(), cacheEnv+"="+testCacheDir())
		stderr, err := cmd.StderrPipe()
		if err != nil {
			b.Fatal(err)
		}
		t0 := time.Now()
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		addr := servedAddr(b, stderr)
		for {
			resp, err := http.Get("http://" + addr + "/readyz")
			if err == nil {
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK {
					break
				}
			}
			time.Sleep(5 * time.Millisecond)
		}
		worst = max(worst, time.Since(t0).Seconds())
		cancel()
		cmd.Wait()
	}
	b.ReportMetric(worst, "worst-s")
}

// servedAddr reads the address serve listens on from its JSON log.
func servedAddr(b *testing.B, stderr interface{ Read([]byte) (int, error) }) string {
	b.Helper()
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		line := sc.Text()
		if i := strings.Index(line, `"addr":"`); i >= 0 {
			rest := line[i+len(`"addr":"`):]
			if j := strings.IndexByte(rest, '"'); j > 0 {
				go func() {
					for sc.Scan() {
					}
				}()
				return rest[:j]
			}
		}
	}
	b.Fatal("serve never said where it listens")
	return ""
}
