package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
	"testing"

	"arbiter/cmd/bot/internal/discord/discordtest"
)

// childArgsEnv makes the test binary run "bot" with the arguments it holds
// (a JSON array) instead of the tests, with Discord's REST API answered by
// a local stand-in in the same process: a test starts such children as
// replicas, and kills them with SIGKILL.
const childArgsEnv = "ARBITER_TEST_BOT_ARGS"

// childRESTLogEnv names a file where a child writes the calls its stand-in
// of Discord's REST API received (the edits of deferred replies).
const childRESTLogEnv = "ARBITER_TEST_REST_LOG"

// childRESTURLEnv points a child's calls to Discord's REST API at a
// stand-in the test runs (with latency and rate limits) instead of one
// of its own.
const childRESTURLEnv = "ARBITER_TEST_REST_URL"

// TestMain runs a child bot when asked to (see childArgsEnv), else the tests.
func TestMain(m *testing.M) {
	if a := os.Getenv(childArgsEnv); a != "" {
		var args []string
		if err := json.Unmarshal([]byte(a), &args); err != nil {
			os.Exit(2)
		}
		var log io.Writer
		if p := os.Getenv(childRESTLogEnv); p != "" {
			f, err := os.Create(p)
			if err != nil {
				os.Exit(2)
			}
			log = f
		}
		url, _ := discordtest.StandIn(log)
		if u := os.Getenv(childRESTURLEnv); u != "" {
			url = u
		}
		discordtest.Redirect(url)
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		err := run(ctx, append([]string{"bot"}, args...), os.Getenv, os.Stdin, os.Stdout, os.Stderr)
		stop()
		os.Exit(exitCode(err))
	}
	// The children and the binary the tests run find the default index
	// in the tests' cache directory.
	os.Setenv(cacheEnv, testCacheDir())
	code := m.Run()
	botBinary.remove()
	os.Exit(code)
}

// botBinary is cmd/bot built once for the tests that run the binary as a
// user does (kill -9, signals), in a directory removed when they end.
var botBinary = &sharedBinary{}

// sharedBinary is a binary built at most once per test process.
type sharedBinary struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// get builds the binary the first time and returns its path.
func (b *sharedBinary) get() (string, error) {
	b.once.Do(func() {
		if b.dir, b.err = os.MkdirTemp("", "arbiter-bot-"); b.err != nil {
			return
		}
		b.path = filepath.Join(b.dir, "bot")
		if out, err := exec.Command("go", "build", "-o", b.path, ".").CombinedOutput(); err != nil {
			b.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	return b.path, b.err
}

// remove removes the binary's directory, if it was built.
func (b *sharedBinary) remove() {
	b.once.Do(func() {})
	if b.dir != "" {
		os.RemoveAll(b.dir)
	}
}

// startChild runs "bot ARGS..." as a child process of the test binary (see
// childArgsEnv), with the extra environment env.
func startChild(t *testing.T, env []string, args ...string) *botProcess {
	t.Helper()
	b, _ := json.Marshal(args)
	return startBot(t, os.Args[0], append(env, childArgsEnv+"="+string(b)), "-test.run=^$")
}
