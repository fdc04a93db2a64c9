package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"arbiter/cmd/bot/internal/render"
	"arbiter/i18n"
	"arbiter/kb"
)

// env is what every command gets: the process's streams and environment,
// and the message catalog.
type env struct {
	ctx    context.Context
	getenv func(string) string
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	cat    *i18n.Catalog
}

// command is one command of the binary, or a sub-command of one.
type command struct {
	name string
	run  func(e *env, args []string) int
	sub  []command // its sub-commands, which its help lists
}

// commands lists the commands with their sub-commands, in the order help
// shows them.
func commands() []command {
	return []command{
		{name: "ask", run: cmdAsk},
		{name: "rule", run: cmdRule},
		{name: "card", run: cmdCard},
		{name: "cards", run: cmdCards, sub: []command{{name: "coverage", run: cmdCardsCoverage}}},
		{name: "kb", run: cmdKB, sub: kbCommands()},
		{name: "simulate", run: cmdSimulate},
		{name: "scenarios", run: cmdScenarios},
		{name: "serve", run: cmdServe},
		{name: "console", run: cmdConsole},
		{name: "report", run: cmdReport, sub: reportCommands()},
		{name: "commands", run: cmdCommands, sub: []command{{name: "register", run: cmdCommandsRegister}}},
	}
}

// defaultMemoryLimit is the Go runtime's soft memory limit unless
// GOMEMLIMIT is set; buildMemoryLimit is the one of the commands that
// build an index, whose live heap is above the default: under it the
// collector would run without pause (a full build took twice as long).
const (
	defaultMemoryLimit = 180 << 20
	buildMemoryLimit   = 300 << 20
)

// memoryLimit is the soft memory limit of the command line args.
func memoryLimit(args []string) int64 {
	if len(args) > 1 && args[0] == "kb" && (args[1] == "build" || args[1] == "update") {
		return buildMemoryLimit
	}
	return defaultMemoryLimit
}

// run executes one command line, args[0] being the program's name, with
// the process's environment and streams. It returns nil on success, else
// an error whose exit code (exitCode) says what went wrong: 1 the command
// ran and found a failure, 2 bad usage or input. What went wrong has been
// written to stderr, in the user's language.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		args = args[1:]
	}
	if getenv("GOMEMLIMIT") == "" {
		// A soft limit keeps the heap near what the index needs (the
		// Japanese dictionary alone is about 150 MB) instead of growing to
		// twice the live heap between collections; GOMEMLIMIT overrides it.
		debug.SetMemoryLimit(memoryLimit(args))
	}
	cat, err := i18n.Load()
	if err != nil {
		fmt.Fprintf(stderr, "bot: messages: %v\n", err)
		return exitError(2)
	}
	return exitError(runCommand(ctx, cat, args, getenv, stdin, stdout, stderr))
}

// runCommand runs the command args[0] with the message catalog cat and
// returns its exit code. Unlike run, it leaves the process's memory limit
// alone: tests run commands through it, in their own process.
func runCommand(ctx context.Context, cat *i18n.Catalog, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{ctx: ctx, getenv: getenv, stdin: stdin, stdout: stdout, stderr: stderr, cat: cat}
	// The Japanese dictionary loads from its cache file beside the
	// default index, written there the first time it is loaded.
	kb.SetJapaneseCache(e.cacheDir())
	return e.dispatch("", args)
}

// exitStatus is a command that failed with an exit code other than 0; its
// message has been written to stderr already.
type exitStatus int

// Error returns the exit code, for logs.
func (s exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(s)) }

// exitError is the error of exit code code: nil for 0.
func exitError(code int) error {
	if code == 0 {
		return nil
	}
	return exitStatus(code)
}

// exitCode is the process exit code of run's error: 0 for nil, the code of
// a failed command, else 1.
func exitCode(err error) int {
	var s exitStatus
	switch {
	case err == nil:
		return 0
	case errors.As(err, &s):
		return int(s)
	}
	return 1
}

// printer picks the output language: an explicit --lang first, then the
// language of the text the user wrote, then the environment's locale, else English.
func (e *env) printer(flagLang, text string) *i18n.Printer {
	if l, ok := i18n.ParseLang(flagLang); ok {
		return e.cat.Printer(l)
	}
	if strings.TrimSpace(text) != "" {
		return e.cat.Printer(i18n.Detect(text))
	}
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if l, ok := i18n.ParseLang(e.getenv(v)); ok && e.getenv(v) != "C" {
			return e.cat.Printer(l)
		}
	}
	return e.cat.Printer(i18n.EN)
}

// usageError reports bad usage in the user's language and returns exit code 2.
func (e *env) usageError(p *i18n.Printer, key i18n.Key, args ...any) int {
	fmt.Fprintln(e.stderr, p.T(key, args...))
	return 2
}

// writeJSON prints v as one line of JSON on stdout.
func (e *env) writeJSON(v any) int {
	enc := json.NewEncoder(e.stdout)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		fmt.Fprintln(e.stderr, err)
		return 2
	}
	return 0
}

// inputError reports bad input (an unreadable or malformed file, a bad
// question) in the user's language and returns exit code 2.
func (e *env) inputError(p *i18n.Printer, err error) int {
	fmt.Fprintln(e.stderr, render.ErrorMessage(p, err))
	return 2
}

// countError says that verb got too few positional arguments (want of
// them, written what) or too many.
func (e *env) countError(p *i18n.Printer, verb string, pos []string, want int, what string) int {
	if len(pos) < want {
		return e.usageError(p, i18n.KeyErrMissingArg, verb, what)
	}
	return e.usageError(p, i18n.KeyErrTooManyArgs, verb)
}

// commonFlags are the flags every command that answers questions accepts.
type commonFlags struct {
	lang  string
	index string
	json  bool
}

// register adds the common flags to fs.
func (c *commonFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.lang, "lang", "", "output language: fr, en or ja (default: the question's language)")
	fs.StringVar(&c.index, "index", "", "index directory built by 'bot kb build' (default: the embedded corpus)")
	fs.BoolVar(&c.json, "json", false, "machine-readable JSON on stdout")
}

// parseInterspersed parses flags that may come before, between or after the
// positional arguments, and returns the positional ones. A lone "--" ends flags.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// newFlagSet returns the flag set of the verb name ("kb build"), which
// never exits nor writes: parseArgs says what is wrong, and writes the
// help when asked.
func (e *env) newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}
