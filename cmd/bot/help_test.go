package main

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
)

// runCLILang runs a command line as runCLI does, in the environment's
// locale LANG=locale.
func runCLILang(t *testing.T, locale string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	getenv := func(k string) string {
		if k == "LANG" {
			return locale
		}
		return ""
	}
	code := runArgs(context.Background(), args, getenv, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// verbs lists every command and sub-command ("kb build"), walking the
// command tree.
func verbs() []string {
	var out []string
	var walk func(prefix string, cmds []command)
	walk = func(prefix string, cmds []command) {
		for _, c := range cmds {
			v := strings.TrimSpace(prefix + " " + c.name)
			out = append(out, v)
			walk(v, c.sub)
		}
	}
	walk("", commands())
	return out
}

// locales are the environment locales of the three languages.
var locales = map[i18n.Lang]string{i18n.EN: "en_US.UTF-8", i18n.FR: "fr_FR.UTF-8", i18n.JA: "ja_JP.UTF-8"}

// flagLine is a flag's line in a help: "  --name VALUE  description".
var flagLine = regexp.MustCompile(`(?m)^  (--[a-z][a-z0-9-]*)(?: (\S+))?(?:  +(.*))?$`)

// helpFlags returns the flags a help lists, by name.
func helpFlags(help string) []string {
	var out []string
	for _, m := range flagLine.FindAllStringSubmatch(help, -1) {
		out = append(out, strings.TrimPrefix(m[1], "--"))
	}
	return out
}

// TestHelpOfEveryVerb asks every command and sub-command for its help,
// in the three languages, as "-h", "--help" and "bot help VERB": each
// prints its usage and what it does, the sub-commands it has, and every
// flag with a description in the reader's language, on stdout, exit 0.
func TestHelpOfEveryVerb(t *testing.T) {
	t.Parallel()
	cat := testutil.Catalog(t)
	for _, verb := range verbs() {
		words := strings.Fields(verb)
		subs := subcommands(verb)
		for lang, locale := range locales {
			p := cat.Printer(lang)
			t.Run(verb+"/"+lang.String(), func(t *testing.T) {
				code, out, errs := runCLILang(t, locale, append(words, "-h")...)
				if code != 0 || errs != "" {
					t.Fatalf("bot %s -h: exit %d, stderr %q", verb, code, errs)
				}
				for _, k := range []i18n.Key{verbKey(verb, ""), verbKey(verb, "summary")} {
					if !p.Has(k) {
						t.Errorf("no %s in %s", k, lang)
					}
				}
				if !strings.HasPrefix(out, p.T(verbKey(verb, ""))) {
					t.Errorf("help does not start with its usage:\n%s", out)
				}
				for _, c := range subs {
					if !strings.Contains(out, "  "+c.name+"  ") || !strings.Contains(out, p.T(verbKey(verb+" "+c.name, "summary"))) {
						t.Errorf("help does not list sub-command %s:\n%s", c.name, out)
					}
				}
				for _, f := range helpFlags(out) {
					if _, ok := flagKey(p, verb, f); !ok {
						t.Errorf("flag --%s has no description in %s (help.flag.%s.%s or help.flag.%s)", f, lang, strings.ReplaceAll(verb, " ", "."), f, f)
					}
				}
				for _, alt := range [][]string{append(words, "--help"), append([]string{"help"}, words...)} {
					code2, out2, _ := runCLILang(t, locale, alt...)
					if code2 != 0 || out2 != out {
						t.Errorf("bot %s: exit %d, a help other than -h's:\n%s", strings.Join(alt, " "), code2, out2)
					}
				}
			})
		}
	}
}

// TestHelpOfTheProgram lists every command with its summary; without a
// command the help goes to stderr and the exit status is 2.
func TestHelpOfTheProgram(t *testing.T) {
	t.Parallel()
	cat := testutil.Catalog(t)
	for lang, locale := range locales {
		p := cat.Printer(lang)
		code, out, _ := runCLILang(t, locale, "-h")
		if code != 0 || !strings.HasPrefix(out, p.T(i18n.KeyUsage)) || !strings.Contains(out, p.T(i18n.KeyHelpExit)) {
			t.Errorf("bot -h in %s: exit %d\n%s", lang, code, out)
		}
		for _, c := range commands() {
			if !strings.Contains(out, p.T(verbKey(c.name, "summary"))) {
				t.Errorf("bot -h in %s does not list %s", lang, c.name)
			}
		}
		code, stdout, errs := runCLILang(t, locale, nil...)
		if code != 2 || stdout != "" || errs != out {
			t.Errorf("bot alone in %s: exit %d, stdout %q, stderr not the help", lang, code, stdout)
		}
	}
}

// TestCommandLineMistakes checks what a wrong command line is told, in
// the user's language: exit 2, what is wrong, and where the help is.
func TestCommandLineMistakes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		locale string
		args   []string
		want   []string // on stderr
	}{
		{"en_US.UTF-8", []string{"kb"}, []string{"usage: bot kb <command>", "  build  ", "  fetch  "}},
		{"fr_FR.UTF-8", []string{"kb"}, []string{"usage\u00a0: bot kb <commande>", "Commandes\u00a0:"}},
		{"en_US.UTF-8", []string{"kb", "frob"}, []string{`bot kb: unknown command "frob"`, "usage: bot kb <command>"}},
		{"ja_JP.UTF-8", []string{"report", "list", "--frob"}, []string{"bot report list: 不明なオプション --frob", "`bot report list -h`"}},
		{"en_US.UTF-8", []string{"ask", "--k"}, []string{"bot ask: --k needs a value", "Run `bot ask -h`"}},
		{"fr_FR.UTF-8", []string{"ask", "--k", "x", "question"}, []string{"bot ask\u00a0: valeur «\u00a0x\u00a0» incorrecte pour --k"}},
		{"en_US.UTF-8", []string{"commands"}, []string{"usage: bot commands <command>", "  register  "}},
		{"en_US.UTF-8", []string{"report", "show"}, []string{"bot report show: missing N"}},
		{"en_US.UTF-8", []string{"report", "show", "1", "2"}, []string{"bot report show: too many arguments"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errs := runCLILang(t, tt.locale, tt.args...)
			if code != 2 || out != "" {
				t.Errorf("exit %d, stdout %q", code, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(errs, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errs)
				}
			}
		})
	}
}

// TestUnknownLanguageRefused gives every verb that takes --lang a language
// outside fr, en and ja: each refuses it, with the three, exit 2, before
// doing anything else; in the language of the question where the verb
// takes one, else in the environment's.
func TestUnknownLanguageRefused(t *testing.T) {
	t.Parallel()
	cat := testutil.Catalog(t)
	questions := map[string]string{"ask": "Que devient un jeton hors phase ?", "card": "ウーブリエット", "report": "Can a phased-out creature block?"}
	args := map[string][]string{"ask": {questions["ask"]}, "rule": {"702.26"}, "card": {questions["card"]}, "simulate": {"aura-phases-with-host"},
		"report": {questions["report"], "--wrong", "x"}, "report show": {"1"}, "report confirm": {"1"}, "report reject": {"1"},
		"report comment": {"1", "text"}, "kb diff": {"a", "b"}, "kb build": {"--out", "/nonexistent/x"},
		"kb update": {"--out", "/nonexistent/x"}, "kb promote": {"--out", "/nonexistent/x"}}
	n := 0
	for _, verb := range verbs() {
		code, out, _ := runCLILang(t, "en_US.UTF-8", append(strings.Fields(verb), "-h")...)
		if code != 0 || !strings.Contains(out, "  --lang ") {
			continue
		}
		n++
		for _, bad := range []string{"de", "xx", "japanese"} {
			for lang, locale := range locales {
				a := append(append(strings.Fields(verb), "--lang", bad), args[verb]...)
				code, out, errs := runCLILang(t, locale, a...)
				if q := questions[verb]; q != "" {
					lang = i18n.Detect(q)
				}
				want := cat.Printer(lang).T(i18n.KeyErrBadLang, bad)
				if code != 2 || out != "" || strings.TrimSpace(errs) != want {
					t.Errorf("bot %s: exit %d, stdout %q, stderr %q; want %q", strings.Join(a, " "), code, out, errs, want)
				}
			}
		}
	}
	if n < 15 {
		t.Errorf("only %d verbs take --lang", n)
	}
	// A line of a batch that asks for an unknown language is answered
	// with the error, the others as usual.
	var out, errb bytes.Buffer
	in := strings.NewReader(`{"query": "phasing", "lang": "de"}` + "\n" + `{"query": "jeton hors phase", "lang": "fr"}` + "\n")
	code := runArgs(context.Background(), []string{"ask", "--batch", "-", "--json"}, func(string) string { return "" }, in, &out, &errb)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if code != 1 || len(lines) != 2 || !strings.Contains(lines[0], `"error":"unknown language \"de\" (use fr, en or ja)"`) || !strings.Contains(lines[1], `"citations":[{`) {
		t.Errorf("batch: exit %d\n%s\n%s", code, out.String(), errb.String())
	}
}

// TestConsoleHelp: /help in the console reads as plain text, each command
// with its options on a line and what it does on the next.
func TestConsoleHelp(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	code := runArgs(context.Background(), []string{"console"}, func(string) string { return "" }, strings.NewReader("/help\n"), &out, &errb)
	s := out.String()
	if code != 0 || !strings.Contains(s, "\n- /ruling question: private:\n  Ask a rules question") || !strings.Contains(s, "\n- /help: What Arbiter can do\n") {
		t.Errorf("exit %d:\n%s%s", code, s, errb.String())
	}
	for _, bad := range []string{"::", "**", "\\"} {
		if strings.Contains(s, bad) {
			t.Errorf("the help holds %q:\n%s", bad, s)
		}
	}
}
