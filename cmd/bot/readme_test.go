package main

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/cmd/bot/internal/testutil"
)

// readmeCommand is a command line of the README: "go run ./cmd/bot ARGS",
// with its standard input when it reads a file ("< FILE").
type readmeCommand struct {
	line  string
	args  []string
	stdin string
}

// readmeCommands returns the "go run ./cmd/bot" lines of the README's
// code blocks that answer from the default index, as written: those that
// need no server, no network, no state, no other index and no file
// outside the repository.
func readmeCommands(t *testing.T, root string) []readmeCommand {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out []readmeCommand
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "    go run ./cmd/bot ")
		if !ok || strings.HasSuffix(line, "\\") {
			continue
		}
		words, stdin := shellWords(line)
		if len(words) == 0 || !readmeRunnable(words) {
			continue
		}
		out = append(out, readmeCommand{line: strings.TrimSpace(sc.Text()), args: words, stdin: stdin})
	}
	return out
}

// readmeRunnable tells whether a README command answers from the default
// index alone.
func readmeRunnable(words []string) bool {
	for _, w := range words {
		switch {
		case w == "--index", w == "--out", w == "--cards", w == "--http", strings.HasPrefix(w, "../"):
			return false
		}
	}
	switch words[0] {
	case "ask", "card", "rule", "simulate", "scenarios", "console":
		return true
	case "kb":
		return len(words) > 1 && (words[1] == "diff" || words[1] == "default")
	case "cards":
		return len(words) > 1 && words[1] == "coverage"
	}
	return false
}

// shellWords splits a shell command line into its words, quotes removed,
// up to a comment, and the file its standard input is read from.
func shellWords(line string) (words []string, stdin string) {
	var w strings.Builder
	inWord, quote, redirect := false, byte(0), false
	flush := func() {
		if !inWord {
			return
		}
		if redirect {
			stdin, redirect = w.String(), false
		} else {
			words = append(words, w.String())
		}
		w.Reset()
		inWord = false
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			w.WriteByte(c)
		case c == '"' || c == '\'':
			quote, inWord = c, true
		case c == '#' && !inWord:
			flush()
			return words, stdin
		case c == '<' && !inWord:
			redirect = true
		case c == ' ' || c == '\t':
			flush()
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	flush()
	return words, stdin
}

// TestReadmeExamples runs every command of the README that answers from
// the default index, as a user of a fresh clone would type it at the
// repository's root: each must answer (exit 0) and print something.
func TestReadmeExamples(t *testing.T) {
	t.Parallel()
	root := testutil.RepoRoot(t)
	cmds := readmeCommands(t, root)
	if len(cmds) < 10 || cmds[0].line != `go run ./cmd/bot ask "What does deathtouch do?"` {
		t.Fatalf("the README's first commands are not the ones this test expects: %d, the first %+v", len(cmds), cmds[:min(len(cmds), 1)])
	}
	needDefault(t)
	for _, c := range cmds {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			t.Parallel()
			args := append([]string(nil), c.args...)
			for i, a := range args {
				// Paths are relative to the repository's root.
				if strings.Contains(a, "/") {
					if _, err := os.Stat(filepath.Join(root, a)); err == nil {
						args[i] = filepath.Join(root, a)
					}
				}
			}
			stdin := ""
			if c.stdin != "" {
				b, err := os.ReadFile(filepath.Join(root, c.stdin))
				if err != nil {
					t.Fatal(err)
				}
				stdin = string(b)
			}
			var out, errb bytes.Buffer
			code := runArgs(context.Background(), args, func(string) string { return "" }, strings.NewReader(stdin), &out, &errb)
			if code != 0 || strings.TrimSpace(out.String()) == "" {
				t.Errorf("%s: exit %d\nstdout: %.800s\nstderr: %s", c.line, code, out.String(), errb.String())
			}
		})
	}
}

// TestShellWords splits the README's command lines as a shell does.
func TestShellWords(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		line  string
		words []string
		stdin string
	}{
		{`ask "What does deathtouch do?"`, []string{"ask", "What does deathtouch do?"}, ""},
		{`rule 502.15h           # an old rule number`, []string{"rule", "502.15h"}, ""},
		{`console --lang fr < cmd/bot/testdata/console/paste.txt`, []string{"console", "--lang", "fr"}, "cmd/bot/testdata/console/paste.txt"},
		{`card "Teferi's Protection"`, []string{"card", "Teferi's Protection"}, ""},
		{`ask 'It''s'`, []string{"ask", "Its"}, ""},
	} {
		words, stdin := shellWords(tt.line)
		if strings.Join(words, "|") != strings.Join(tt.words, "|") || stdin != tt.stdin {
			t.Errorf("%s: %q < %q, want %q < %q", tt.line, words, stdin, tt.words, tt.stdin)
		}
	}
}
