package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
