package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"arbiter/data"
	"arbiter/i18n"
	"arbiter/kb"
)

// multiFlag is a repeatable string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// sources are the upstream files a knowledge base is built from.
type sources struct {
	cr, rulings, cards, docs multiFlag
	noDefault                bool
}

func (s *sources) register(fs *flag.FlagSet) {
	fs.Var(&s.cr, "cr", "Comprehensive Rules text file (repeatable: several releases)")
	fs.Var(&s.rulings, "rulings", "card rulings: Scryfall bulk JSON or JSON Lines (repeatable)")
	fs.Var(&s.cards, "cards", "cards: Scryfall bulk, MTGJSON set file or JSON Lines (repeatable)")
	fs.Var(&s.docs, "docs", "clarification documents: a file or a folder (repeatable)")
	fs.BoolVar(&s.noDefault, "no-default", false, "leave the embedded corpus out")
}

func (s *sources) empty() bool {
	return len(s.cr)+len(s.rulings)+len(s.cards)+len(s.docs) == 0
}

// collect parses every source into a collection. The embedded corpus (its
// glossary and renumbering table above all) comes first unless left out.
func (s *sources) collect() (*kb.Collection, error) {
	c := kb.NewCollection()
	if !s.noDefault || s.empty() {
		if err := c.AddCorpus(data.FS()); err != nil {
			return nil, err
		}
	}
	for _, f := range s.cards {
		if err := withFile(f, func(r io.Reader) error { return c.AddCards(f, r) }); err != nil {
			return nil, err
		}
	}
	for _, f := range s.cr {
		b, err := readFile(f)
		if err != nil {
			return nil, err
		}
		if err := c.AddCR(f, b); err != nil {
			return nil, err
		}
	}
	for _, f := range s.rulings {
		if err := withFile(f, func(r io.Reader) error { return c.AddRulings(f, r) }); err != nil {
			return nil, err
		}
	}
	for _, p := range s.docs {
		files, err := docFiles(p)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			b, err := readFile(f)
			if err != nil {
				return nil, err
			}
			if err := c.AddDocument(f, b); err != nil {
				return nil, err
			}
		}
	}
	return c, c.Finish()
}

// fileError is a source file that cannot be read.
type fileError struct {
	path string
	err  error
}

func (e *fileError) Error() string { return e.path + ": " + e.err.Error() }
func (e *fileError) Unwrap() error { return e.err }

func readFile(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, &fileError{path, err}
	}
	return b, nil
}

func withFile(path string, fn func(io.Reader) error) error {
	f, err := os.Open(path)
	if err != nil {
		return &fileError{path, err}
	}
	defer f.Close()
	return fn(f)
}

// docFiles lists the document files of a path: the path itself, or the
// .yaml, .yml, .txt, .md and .json files below a folder, sorted.
func docFiles(path string) ([]string, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, &fileError{path, err}
	}
	if !fi.IsDir() {
		return []string{path}, nil
	}
	var out []string
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".yaml", ".yml", ".txt", ".md", ".json":
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		return nil, &fileError{path, err}
	}
	sort.Strings(out)
	return out, nil
}

// cmdKB runs "bot kb build|update|diff|promote".
func cmdKB(e *env, args []string) int {
	p := e.printer("", "")
	if len(args) == 0 {
		return e.usageError(p, i18n.KeyUsage)
	}
	switch args[0] {
	case "build":
		return cmdKBBuild(e, args[1:])
	case "update":
		return cmdKBUpdate(e, args[1:])
	case "promote":
		return cmdKBPromote(e, args[1:])
	case "diff":
		return cmdKBDiff(e, args[1:])
	}
	return e.usageError(p, i18n.KeyUnknownCommand, "kb "+args[0])
}

func cmdKBBuild(e *env, args []string) int {
	fs := e.newFlagSet("kb build")
	var cf commonFlags
	cf.register(fs)
	var src sources
	src.register(fs)
	out := fs.String("out", "", "index directory to write (required)")
	pos, err := parseInterspersed(fs, args)
	p := e.printer(cf.lang, "")
	if err != nil || len(pos) > 0 {
		return e.usageError(p, i18n.KeyBadFlags, "kb build", flagProblem(err, pos))
	}
	if *out == "" {
		return e.usageError(p, i18n.KeyBadFlags, "kb build", "--out DIR")
	}
	start := time.Now()
	c, err := src.collect()
	if err != nil {
		return e.inputError(p, err)
	}
	meta, err := kb.Build(e.ctx, *out, c, start.UTC().Format(time.RFC3339))
	if err != nil {
		return e.inputError(p, err)
	}
	secs := time.Since(start).Seconds()
	if cf.json {
		return e.writeJSON(map[string]any{"docs": meta.Docs, "by_kind": meta.ByKind, "by_lang": meta.ByLang, "seconds": round2(secs), "cr_dates": meta.CRDates})
	}
	fmt.Fprintln(e.stdout, p.T(i18n.KeyCLIBuilt, *out, meta.Docs, fmt.Sprintf("%.1f", secs)))
	for _, k := range sortedKeys(meta.ByKind) {
		fmt.Fprintf(e.stdout, "  %-9s %s\n", k, p.Number(meta.ByKind[k]))
	}
	for _, k := range sortedKeys(meta.ByLang) {
		fmt.Fprintf(e.stdout, "  %-9s %s\n", k, p.Number(meta.ByLang[k]))
	}
	if meta.CurrentCR != "" {
		fmt.Fprintln(e.stdout, p.T(i18n.KeyCiteCREffective, p.Date(meta.CurrentCR)))
	}
	return 0
}

func round2(f float64) float64 { return float64(int(f*100+0.5)) / 100 }

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func flagProblem(err error, extra []string) string {
	if err != nil {
		return err.Error()
	}
	return strings.Join(extra, " ")
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
	fmt.Fprintln(e.stderr, localizeError(p, err))
	return 2
}

// localizeError renders an error for a person. Errors of our packages carry
// a code and arguments; anything else is reported with its text.
func localizeError(p *i18n.Printer, err error) string {
	var pe *kb.ParseError
	var fe *fileError
	var qe *kb.QueryError
	switch {
	case errors.As(err, &pe):
		return pe.Localize(p)
	case errors.As(err, &qe):
		if qe.Code == "too_long" {
			return p.T(i18n.KeyErrQuestionTooLong, qe.Max)
		}
		return p.T(i18n.KeyErrQuestionEmpty)
	case errors.As(err, &fe):
		if errors.Is(fe.err, fs.ErrNotExist) {
			return p.T(i18n.KeyErrFileNotFound, fe.path)
		}
		return p.T(i18n.KeyErrFileUnreadable, fe.path)
	case kb.IsNoIndex(err):
		return p.T(i18n.KeyErrIndexMissing, err.Error())
	case errors.Is(err, kb.ErrBuildInProgress):
		return p.T(i18n.KeyCLIBuildInProgress)
	}
	var pathErr *fs.PathError
	var linkErr *os.LinkError
	var writeErr *kb.WriteError
	switch {
	case errors.As(err, &pathErr):
		return p.T(i18n.KeyCLICannotWrite, pathErr.Path, osReason(p, pathErr.Err))
	case errors.As(err, &linkErr):
		return p.T(i18n.KeyCLICannotWrite, linkErr.New, osReason(p, linkErr.Err))
	case errors.As(err, &writeErr):
		// The index library does not always keep the system's error; the
		// free space of the target says whether it was a full disk.
		reason := osReason(p, writeErr.Err)
		var st syscall.Statfs_t
		if syscall.Statfs(filepath.Dir(writeErr.Dir), &st) == nil && st.Bavail*uint64(st.Bsize) < 1<<20 {
			reason = p.T(i18n.KeyCLIReasonDiskFull)
		}
		return p.T(i18n.KeyCLICannotWrite, writeErr.Dir, reason)
	}
	return p.T(i18n.KeyErrInternal)
}

// osReason says in the user's language why the system refused a write.
func osReason(p *i18n.Printer, err error) string {
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return p.T(i18n.KeyCLIReasonDiskFull)
	case errors.Is(err, syscall.EROFS):
		return p.T(i18n.KeyCLIReasonReadOnly)
	case errors.Is(err, syscall.ENOTDIR):
		return p.T(i18n.KeyCLIReasonNotDir)
	case errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM):
		return p.T(i18n.KeyCLIReasonDenied)
	}
	return err.Error()
}
