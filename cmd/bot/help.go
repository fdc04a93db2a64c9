package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"arbiter/i18n"
)

// Every verb has its help in the catalog (domain "help"):
// "help.cmd.<verb>" its usage and what it does, "help.cmd.<verb>.summary"
// its line in its parent's list, the verb's words joined by dots
// ("help.cmd.kb.build"). A flag's description is
// "help.flag.<verb>.<name>" where it means something of its own there,
// else "help.flag.<name>".

// verbKey is the catalog key of what of verb ("kb build") is asked: ""
// for its help, "summary" for its line in a list.
func verbKey(verb, what string) i18n.Key {
	k := "help.cmd." + strings.ReplaceAll(verb, " ", ".")
	if what != "" {
		k += "." + what
	}
	return i18n.Key(k)
}

// flagKey is the catalog key of the description of flag name of verb,
// and whether the catalog has it in p's language.
func flagKey(p *i18n.Printer, verb, name string) (i18n.Key, bool) {
	own := i18n.Key("help.flag." + strings.ReplaceAll(verb, " ", ".") + "." + name)
	if p.Has(own) {
		return own, true
	}
	k := i18n.Key("help.flag." + name)
	return k, p.Has(k)
}

// placeholders name the value of the flags whose type does not say it.
var placeholders = map[string]string{
	"lang": "fr|en|ja", "game": "mtg|ygo", "status": "STATUS", "log-level": "LEVEL",
	"index": "DIR", "out": "DIR", "state": "DIR", "cache": "DIR", "tmp": "DIR", "index-cache": "DIR",
	"batch": "FILE", "cr": "FILE", "rulings": "FILE", "cards": "FILE", "docs": "PATH",
	"public-url": "URL", "scryfall-api": "URL", "rules-page": "URL",
	"publish": "BUCKET", "from": "BUCKET", "index-source": "BUCKET",
	"digest": "DIGEST", "index-digest": "DIGEST", "http": "ADDR", "attachment-hosts": "HOSTS",
	"guild": "ID", "notify-channel": "ID", "reports-channel": "ID", "reviewer-role": "ID", "user": "ID",
	"cr-date": "YYYY-MM-DD", "cards-type": "TYPE",
	"expect": "REF", "suggest": "REF", "note": "TEXT", "wrong": "TEXT",
}

// placeholder is what a flag's value is written as in its help: none
// for a switch.
func placeholder(f *flag.Flag) string {
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		return ""
	}
	if s, ok := placeholders[f.Name]; ok {
		return s
	}
	switch kind, _ := flag.UnquoteUsage(f); kind {
	case "int", "uint", "int64", "uint64":
		return "N"
	case "duration":
		return "DURATION"
	}
	return "VALUE"
}

// zeroDefault tells whether a flag's default needs no mention.
func zeroDefault(v string) bool {
	switch v {
	case "", "0", "false", "0s":
		return true
	}
	return false
}

// flagHelp is one flag of a help: "--name VALUE" and its description.
type flagHelp struct {
	syntax, desc string
	localized    bool
}

// flagsHelp lists the flags of fs, by name, described in p's language;
// a flag the catalog does not describe keeps its usage string.
func flagsHelp(p *i18n.Printer, verb string, fs *flag.FlagSet) []flagHelp {
	var out []flagHelp
	fs.VisitAll(func(f *flag.Flag) {
		syntax := "--" + f.Name
		if ph := placeholder(f); ph != "" {
			syntax += " " + ph
		}
		k, ok := flagKey(p, verb, f.Name)
		desc := f.Usage
		if ok {
			desc = p.T(k)
		}
		if !zeroDefault(f.DefValue) {
			desc += " " + p.T(i18n.KeyHelpDefault, f.DefValue)
		}
		out = append(out, flagHelp{syntax: syntax, desc: desc, localized: ok})
	})
	return out
}

// subcommands are the sub-commands of verb ("" for the program's commands).
func subcommands(verb string) []command {
	cmds := commands()
	for _, w := range strings.Fields(verb) {
		var next []command
		for _, c := range cmds {
			if c.name == w {
				next = c.sub
			}
		}
		cmds = next
	}
	return cmds
}

// writeHelp writes the help of verb ("" for the program): its usage and
// what it does, its sub-commands, and its flags (fs may be nil).
func writeHelp(w io.Writer, p *i18n.Printer, verb string, fs *flag.FlagSet) {
	subs := subcommands(verb)
	var b strings.Builder
	if verb == "" {
		b.WriteString(p.T(i18n.KeyUsage) + "\n")
	} else {
		b.WriteString(p.T(verbKey(verb, "")) + "\n")
	}
	if len(subs) > 0 {
		b.WriteString("\n" + p.T(i18n.KeyHelpCommands) + "\n")
		var rows [][2]string
		for _, c := range subs {
			rows = append(rows, [2]string{c.name, p.T(verbKey(strings.TrimSpace(verb+" "+c.name), "summary"))})
		}
		writeColumns(&b, rows)
		prefix := strings.TrimSpace("bot " + verb)
		b.WriteString("\n" + p.T(i18n.KeyHelpMore, prefix+" <command> -h") + "\n")
	}
	if fs != nil {
		var rows [][2]string
		for _, f := range flagsHelp(p, verb, fs) {
			rows = append(rows, [2]string{f.syntax, f.desc})
		}
		if len(rows) > 0 {
			b.WriteString("\n" + p.T(i18n.KeyHelpFlags) + "\n")
			writeColumns(&b, rows)
		}
	}
	if verb == "" {
		b.WriteString("\n" + p.T(i18n.KeyHelpExit) + "\n")
	}
	io.WriteString(w, b.String())
}

// writeColumns writes rows of two columns, the second aligned; a first
// column too wide for it puts the second on the next line.
func writeColumns(b *strings.Builder, rows [][2]string) {
	const maxWidth = 28
	width := 0
	for _, r := range rows {
		if n := utf8.RuneCountInString(r[0]); n <= maxWidth && n > width {
			width = n
		}
	}
	for _, r := range rows {
		n := utf8.RuneCountInString(r[0])
		if n > width {
			fmt.Fprintf(b, "  %s\n  %s  %s\n", r[0], strings.Repeat(" ", width), r[1])
			continue
		}
		fmt.Fprintf(b, "  %s%s  %s\n", r[0], strings.Repeat(" ", width-n), r[1])
	}
}

// Messages of the flag package, read to say what is wrong in the user's
// language.
var (
	flagUndefined = regexp.MustCompile(`^flag provided but not defined: -+(.*)$`)
	flagBadValue  = regexp.MustCompile(`^invalid (?:boolean )?value ("(?:[^"\\]|\\.)*") for (?:flag )?-+([^:]+):`)
	flagNoValue   = regexp.MustCompile(`^flag needs an argument: -+(.*)$`)
	flagSyntax    = regexp.MustCompile(`^bad flag syntax: (.*)$`)
)

// flagErrorText is what is wrong with the command line of verb, from the
// flag package's error, in p's language.
func flagErrorText(p *i18n.Printer, verb string, err error) string {
	msg := err.Error()
	if m := flagUndefined.FindStringSubmatch(msg); m != nil {
		return p.T(i18n.KeyErrUnknownFlag, verb, "--"+m[1])
	}
	if m := flagSyntax.FindStringSubmatch(msg); m != nil {
		return p.T(i18n.KeyErrUnknownFlag, verb, m[1])
	}
	if m := flagNoValue.FindStringSubmatch(msg); m != nil {
		return p.T(i18n.KeyHelpNeedsValue, verb, "--"+m[1])
	}
	if m := flagBadValue.FindStringSubmatch(msg); m != nil {
		v, uerr := strconv.Unquote(m[1])
		if uerr != nil {
			v = m[1]
		}
		return p.T(i18n.KeyErrBadFlagValue, verb, "--"+m[2], v)
	}
	return p.T(i18n.KeyBadFlags, verb, msg)
}

// parseArgs parses the command line of a verb (fs's name) with flags
// anywhere among the arguments, and picks the output language: lang
// (the verb's --lang flag, nil if it has none), else that of the
// positional arguments when detect says they are text the user wrote,
// else the environment's. ok is false when the verb must stop with code:
// its help was asked (written on stdout, 0), or the command line is wrong
// (said on stderr, 2), an unknown language included.
func (e *env) parseArgs(fs *flag.FlagSet, args []string, lang *string, detect bool) (pos []string, p *i18n.Printer, code int, ok bool) {
	pos, err := parseInterspersed(fs, args)
	flagLang, text := "", ""
	if lang != nil {
		flagLang = *lang
	}
	if detect {
		text = strings.Join(pos, " ")
	}
	p = e.printer(flagLang, text)
	switch {
	case errors.Is(err, flag.ErrHelp):
		writeHelp(e.stdout, p, fs.Name(), fs)
		return nil, p, 0, false
	case err != nil:
		fmt.Fprintln(e.stderr, flagErrorText(p, fs.Name(), err))
		fmt.Fprintln(e.stderr, p.T(i18n.KeyHintCommandHelp, fs.Name()))
		return nil, p, 2, false
	}
	if flagLang != "" {
		if _, known := i18n.ParseLang(flagLang); !known {
			return nil, p, e.usageError(p, i18n.KeyErrBadLang, flagLang), false
		}
	}
	return pos, p, 0, true
}

// langArg is the value of a --lang flag among args, for the messages
// given before a verb parses its flags.
func langArg(args []string) string {
	for i, a := range args {
		switch {
		case (a == "--lang" || a == "-lang") && i+1 < len(args):
			return args[i+1]
		case strings.HasPrefix(a, "--lang="), strings.HasPrefix(a, "-lang="):
			return a[strings.Index(a, "=")+1:]
		}
	}
	return ""
}

// helpAsked tells whether args ask for help: -h, -help, --help or help.
func helpAsked(args []string) bool {
	if len(args) == 0 {
		return false
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		return true
	}
	return false
}

// dispatch runs the sub-command of verb ("" for the program) that args
// name. With no argument it writes the verb's help on stderr (exit 2);
// asked for help (-h, --help, or "help" and the sub-command's name), the
// help on stdout; an unknown sub-command is said, with the help, on
// stderr (exit 2).
func (e *env) dispatch(verb string, args []string) int {
	p := e.printer(langArg(args), "")
	if len(args) == 0 || strings.HasPrefix(args[0], "-") && !helpAsked(args) {
		// No sub-command: flags alone ("bot cards --lang fr") get the
		// help in their language.
		writeHelp(e.stderr, p, verb, nil)
		return 2
	}
	subs := subcommands(verb)
	if helpAsked(args) {
		if args[0] == "help" && len(args) > 1 {
			return e.dispatch(verb, append(append([]string(nil), args[1:]...), "-h"))
		}
		writeHelp(e.stdout, p, verb, nil)
		return 0
	}
	for _, c := range subs {
		if c.name == args[0] {
			return c.run(e, args[1:])
		}
	}
	if verb == "" {
		fmt.Fprintln(e.stderr, p.T(i18n.KeyUnknownCommand, args[0]))
	} else {
		fmt.Fprintln(e.stderr, p.T(i18n.KeyHelpUnknownSub, verb, args[0]))
		writeHelp(e.stderr, p, verb, nil)
	}
	return 2
}
