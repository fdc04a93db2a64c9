package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestKBBuildBadInput feeds malformed sources to "bot kb build": each is
// refused with exit code 2 and a localized message that names the file
// and where in it, and nothing is written; an index already there is kept.
func TestKBBuildBadInput(t *testing.T) {
	t.Parallel()
	bad := func(name string) string { return filepath.Join("testdata", "badinput", name) }
	tests := []struct {
		name  string
		flag  string
		file  string
		lang  string
		where string // expected in the message besides the file name
	}{
		{"truncated CR", "--cr", "cr-truncated.txt", "en", ""},
		{"binary CR", "--cr", "cr-binary.txt", "fr", ""},
		{"empty CR", "--cr", "empty.txt", "ja", ""},
		{"wrong JSON type", "--rulings", "rulings-wrongtype.json", "en", ""},
		{"bad date", "--rulings", "rulings-baddate.jsonl", "fr", "2"},
		{"empty rulings", "--rulings", "empty.txt", "en", ""},
		{"unknown corpus key", "--docs", "corpus-unknown-key.yaml", "ja", "8"},
		{"missing file", "--cards", "no-such-file.json", "fr", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "index")
			code, stdout, stderr := runCLI(t, "kb", "build", "--lang", tt.lang, "--out", out, tt.flag, bad(tt.file))
			if code != 2 {
				t.Fatalf("exit %d, want 2\nstdout: %s\nstderr: %s", code, stdout, stderr)
			}
			if !strings.Contains(stderr, tt.file) {
				t.Errorf("message does not name the file: %s", stderr)
			}
			if tt.where != "" && !strings.Contains(stderr, tt.where) {
				t.Errorf("message does not say where (%s): %s", tt.where, stderr)
			}
			if strings.Contains(stderr, "!common.") || strings.Contains(stderr, "!kb.") || strings.Contains(stderr, "%!") {
				t.Errorf("message not rendered: %s", stderr)
			}
			if _, err := os.Lstat(out); !os.IsNotExist(err) {
				t.Errorf("%s was written", out)
			}
			left, _ := filepath.Glob(filepath.Join(filepath.Dir(out), ".index*"))
			for _, l := range left {
				if !strings.HasSuffix(l, ".lock") {
					t.Errorf("partial build left behind: %s", l)
				}
			}
		})
	}

	// A bad source never replaces a good index.
	out := filepath.Join(t.TempDir(), "index")
	if code, _, stderr := runCLI(t, "kb", "build", "--out", out); code != 0 {
		t.Fatalf("build the embedded corpus: %s", stderr)
	}
	if code, _, _ := runCLI(t, "kb", "build", "--out", out, "--cr", bad("cr-truncated.txt")); code != 2 {
		t.Fatalf("bad build: exit %d", code)
	}
	if code, _, stderr := runCLI(t, "ask", "--index", out, "jeton hors phase"); code != 0 {
		t.Fatalf("the old index no longer answers: %s", stderr)
	}
}
