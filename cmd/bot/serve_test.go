package main

import (
	"flag"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/testutil"
)

// TestUnusableStateDir: a --state that cannot be a directory is logged,
// and the bot still answers, keeping settings in memory.
func TestUnusableStateDir(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	ls := startServe(t, "--state", file)
	if code, body, err := ls.do(ls.signedRequest(t, ls.priv, []byte(`{"type":1,"id":"1"}`), time.Now())); err != nil || code != http.StatusOK {
		t.Fatalf("ping: %d %s %v", code, body, err)
	}
	set := slashBody(2, 2, "1280000000000000001", "1270000000000000000", "en-US", "language", [2]string{"language", "fr"}, [2]string{"scope", "user"})
	code, body, err := ls.do(ls.signedRequest(t, ls.priv, set, time.Now()))
	if err != nil || code != http.StatusOK {
		t.Fatalf("command: %d %s %v", code, body, err)
	}
	if text := replyText(t, body); !strings.Contains(text, "français") {
		t.Errorf("/language in memory: %s", text)
	}
	if logs := ls.logs.String(); !strings.Contains(logs, "state directory unusable") || !strings.Contains(logs, file) {
		t.Errorf("log does not name the state directory: %s", logs)
	}
}

// serveFlagSet registers the flags of "bot serve" (as cmdServe does) on a
// new flag set.
func serveFlagSet(cfg *serveConfig, getenv func(string) string) *flag.FlagSet {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfg.register(fs, getenv)
	return fs
}

func TestOpsConfig(t *testing.T) {
	tests := []struct {
		name     string
		env      map[string]string
		args     []string
		parseErr bool
		problems int
		check    func(t *testing.T, c serveConfig)
	}{
		{
			name: "defaults",
			check: func(t *testing.T, c serveConfig) {
				if c.logLevel != slog.LevelInfo || c.server.ShutdownTimeout != 10*time.Second ||
					c.server.DrainDelay != 0 || c.server.ReloadInterval != 30*time.Second ||
					c.server.MaxRequestBytes != 1<<20 || c.server.MaxInFlight != 256 {
					t.Errorf("defaults: %+v", c.server)
				}
			},
		},
		{
			name: "environment",
			env: map[string]string{
				"ARBITER_LOG_LEVEL": "debug", "ARBITER_SHUTDOWN_TIMEOUT": "25s", "ARBITER_DRAIN_DELAY": "5s",
				"ARBITER_RELOAD_INTERVAL": "0", "ARBITER_MAX_REQUEST_BYTES": "4096", "ARBITER_MAX_IN_FLIGHT": "8",
				"ARBITER_HTTP": ":9000", "ARBITER_INDEX": "/var/lib/arbiter/index", "ARBITER_PUBLIC_URL": "https://rules.example",
			},
			check: func(t *testing.T, c serveConfig) {
				o := c.server
				if c.logLevel != slog.LevelDebug || o.ShutdownTimeout != 25*time.Second || o.DrainDelay != 5*time.Second ||
					o.ReloadInterval != 0 || o.MaxRequestBytes != 4096 || o.MaxInFlight != 8 {
					t.Errorf("ops from env: %+v", o)
				}
				if o.HTTPAddr != ":9000" || o.Index != "/var/lib/arbiter/index" || c.publicURL != "https://rules.example" {
					t.Errorf("serve flags from env: http %q index %q public-url %q", o.HTTPAddr, o.Index, c.publicURL)
				}
			},
		},
		{
			name: "flags override the environment",
			env:  map[string]string{"ARBITER_LOG_LEVEL": "debug", "ARBITER_INDEX": "/env/index"},
			args: []string{"--log-level", "warn", "--index", "/flag/index"},
			check: func(t *testing.T, c serveConfig) {
				if c.logLevel != slog.LevelWarn || c.server.Index != "/flag/index" {
					t.Errorf("got level %v index %q", c.logLevel, c.server.Index)
				}
			},
		},
		{
			name:     "bad environment values are reported and ignored",
			env:      map[string]string{"ARBITER_LOG_LEVEL": "loud", "ARBITER_SHUTDOWN_TIMEOUT": "ten", "ARBITER_MAX_IN_FLIGHT": "many"},
			problems: 3,
			check: func(t *testing.T, c serveConfig) {
				if c.logLevel != slog.LevelInfo || c.server.ShutdownTimeout != 10*time.Second || c.server.MaxInFlight != 256 {
					t.Errorf("bad values were not ignored: %+v", c.server)
				}
				if !strings.Contains(strings.Join(c.server.EnvProblems, "\n"), `ARBITER_LOG_LEVEL="loud"`) {
					t.Errorf("problems do not name the variable: %q", c.server.EnvProblems)
				}
			},
		},
		{name: "bad flag value", args: []string{"--shutdown-timeout", "soon"}, parseErr: true},
		{name: "bad log level flag", args: []string{"--log-level", "chatty"}, parseErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var cfg serveConfig
			fs := serveFlagSet(&cfg, func(k string) string { return tt.env[k] })
			err := fs.Parse(tt.args)
			if (err != nil) != tt.parseErr {
				t.Fatalf("parse error = %v, want error %v", err, tt.parseErr)
			}
			if len(cfg.server.EnvProblems) != tt.problems {
				t.Errorf("env problems = %q, want %d", cfg.server.EnvProblems, tt.problems)
			}
			if tt.check != nil {
				tt.check(t, cfg)
			}
		})
	}
}

// TestServeProcess runs the real binary: SIGHUP reloads a rebuilt index
// without ending the process, and SIGTERM ends it cleanly (exit 0).
func TestServeProcess(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	crFile := testutil.SharedFile(t, "mtg/cr/MagicCompRules_20260417.txt")
	tmp := t.TempDir()
	bin := mustBinary(t)
	index := filepath.Join(tmp, "index")
	testutil.BuildCR(t, index, crFile)
	logs := &testutil.Log{}
	cmd := exec.Command(bin, "serve", "--http", "127.0.0.1:0", "--reload-interval", "0")
	cmd.Env = []string{"ARBITER_INDEX=" + index, "ARBITER_LOG_LEVEL=debug"}
	cmd.Stderr = logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer cmd.Process.Kill()
	waitLog := func(msg string, n int) []map[string]any {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for {
			if recs := logs.Records(t, msg); len(recs) >= n {
				return recs
			}
			select {
			case err := <-exited:
				t.Fatalf("the server exited (%v) before logging %q:\n%s", err, msg, logs)
			default:
			}
			if time.Now().After(deadline) {
				t.Fatalf("no %q in the log:\n%s", msg, logs)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	addr, _ := waitLog("listening", 1)[0]["addr"].(string)
	if code, body, err := httpGet(addr, "/readyz"); err != nil || code != 200 || !strings.Contains(body, `"current_cr":"2026-04-17"`) {
		t.Fatalf("readyz: %d %q %v", code, body, err)
	}
	testutil.BuildCR(t, index, crFile)
	if err := cmd.Process.Signal(syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	waitLog("index reloaded", 1)
	if code, _, err := httpGet(addr, "/healthz"); err != nil || code != 200 {
		t.Fatalf("healthz after SIGHUP: %d %v", code, err)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("exit after SIGTERM: %v\n%s", err, logs)
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("still running 20 s after SIGTERM:\n%s", logs)
	}
	waitLog("in-flight work done", 1)
}

// httpGet fetches path from the server at addr, on a connection of its own.
func httpGet(addr, path string) (int, string, error) {
	c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 10 * time.Second}
	resp, err := c.Get("http://" + addr + path)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), err
}
