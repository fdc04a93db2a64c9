package main

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"arbiter/cmd/bot/internal/render"
	"arbiter/i18n"
	"arbiter/kb"
)

// isoDate is an effective date as kb diff takes it.
var isoDate = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

// cmdKBDiff runs "bot kb diff A B": the differences between two CR
// releases, each a CR text file or an effective date held in --index
// (default: the default index),
// each changed rule with its word diff (only the summary with --summary).
func cmdKBDiff(e *env, args []string) int {
	fs := e.newFlagSet("kb diff")
	var cf commonFlags
	cf.register(fs)
	// The word diffs are what a judge reads a release for; --full, which
	// once asked for them, is kept for the scripts that pass it.
	fs.Bool("full", true, "print every changed rule with its word diff (the default)")
	summary := fs.Bool("summary", false, "print the counts and rule numbers only, without the word diffs")
	pos, p, code, ok := e.parseArgs(fs, args, &cf.lang, false)
	if !ok {
		return code
	}
	if len(pos) != 2 {
		return e.usageError(p, i18n.KeyErrMissingArg, "kb diff", "FROM TO")
	}
	var releases map[string]string
	load := func(arg string) (*kb.CR, error) {
		file := arg
		if isoDate.MatchString(arg) {
			if releases == nil {
				dir := cf.index
				if dir == "" {
					// The releases of the default index, built first if
					// it is not there yet.
					ix, err := e.openIndex(e.ctx, p, "")
					if err != nil {
						return nil, err
					}
					ix.Close()
					if dir, err = e.defaultIndexDir(); err != nil {
						return nil, err
					}
				}
				r, err := kb.Releases(dir)
				if err != nil {
					return nil, err
				}
				releases = r
			}
			f, ok := releases[arg]
			if !ok {
				return nil, &unknownReleaseError{date: arg, have: sortedDates(releases)}
			}
			file = f
		}
		b, err := readFile(file)
		if err != nil {
			return nil, err
		}
		return kb.ParseCR(file, b)
	}
	a, err := load(pos[0])
	if err != nil {
		return e.diffError(p, err)
	}
	b, err := load(pos[1])
	if err != nil {
		return e.diffError(p, err)
	}
	d := kb.DiffCR(a, b)
	if cf.json {
		return e.writeJSON(d)
	}
	fmt.Fprint(e.stdout, render.DiffSummary(p, d))
	if !*summary {
		fmt.Fprint(e.stdout, render.DiffFull(p, d))
	}
	return 0
}

// unknownReleaseError is a release date the index does not hold.
type unknownReleaseError struct {
	date string
	have []string
}

// Error names the date and the releases the index holds, for logs.
func (e *unknownReleaseError) Error() string {
	return "no CR release " + e.date + " in the index (it has " + strings.Join(e.have, ", ") + ")"
}

// diffError reports a failed kb diff and returns its exit code.
func (e *env) diffError(p *i18n.Printer, err error) int {
	if ur, ok := err.(*unknownReleaseError); ok {
		fmt.Fprintln(e.stderr, p.T(i18n.KeyCLIUnknownRelease, ur.date, strings.Join(ur.have, ", ")))
		return 2
	}
	return e.inputError(p, err)
}

// sortedDates returns the release dates of m, sorted.
func sortedDates(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for d := range m {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}
