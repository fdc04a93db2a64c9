package main

import (
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"arbiter/cmd/bot/internal/progress"
	"arbiter/cmd/bot/internal/render"
	"arbiter/data"
	"arbiter/i18n"
	"arbiter/kb"
)

// multiFlag is a repeatable string flag.
type multiFlag []string

// String joins the values, as flag.Value needs.
func (m *multiFlag) String() string { return strings.Join(*m, ",") }

// Set adds a value.
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// sources are the upstream files a knowledge base is built from.
type sources struct {
	cr, rulings, cards, docs multiFlag
	noDefault                bool
}

// register adds the source flags to fs.
func (s *sources) register(fs *flag.FlagSet) {
	fs.Var(&s.cr, "cr", "Comprehensive Rules text file (repeatable: several releases)")
	fs.Var(&s.rulings, "rulings", "card rulings: Scryfall bulk JSON or JSON Lines (repeatable)")
	fs.Var(&s.cards, "cards", "cards: Scryfall bulk, MTGJSON set file or JSON Lines (repeatable)")
	fs.Var(&s.docs, "docs", "clarification documents: a file or a folder (repeatable)")
	fs.BoolVar(&s.noDefault, "no-default", false, "leave the embedded corpus out")
}

// empty tells whether no source file was given.
func (s *sources) empty() bool {
	return len(s.cr)+len(s.rulings)+len(s.cards)+len(s.docs) == 0
}

// collect parses every source into a collection, showing its progress on
// d (nil: nothing shown). The embedded corpus (its glossary and
// renumbering table above all) comes first unless left out.
func (s *sources) collect(d *progress.Display) (*kb.Collection, error) {
	c := kb.NewCollection()
	if !s.noDefault || s.empty() {
		if err := c.AddCorpus(data.FS()); err != nil {
			return nil, err
		}
	}
	for _, f := range s.cards {
		if err := withFileShown(d, c, f, func(r io.Reader) error { return c.AddCards(f, r) }); err != nil {
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
		if err := withFileShown(d, c, f, func(r io.Reader) error { return c.AddRulings(f, r) }); err != nil {
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

// readFile reads a source file.
func readFile(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, &render.FileError{Path: path, Err: err}
	}
	return b, nil
}

// withFile opens a source file for fn.
func withFile(path string, fn func(io.Reader) error) error {
	f, err := os.Open(path)
	if err != nil {
		return &render.FileError{Path: path, Err: err}
	}
	defer f.Close()
	return fn(f)
}

// withFileShown is withFile with the reading shown on d.
func withFileShown(d *progress.Display, c *kb.Collection, path string, fn func(io.Reader) error) error {
	if d == nil {
		return withFile(path, fn)
	}
	return withFile(path, func(r io.Reader) error { return readShown(d, path, r, c, fn) })
}

// docFiles lists the document files of a path: the path itself, or the
// .yaml, .yml, .txt, .md and .json files below a folder, sorted.
func docFiles(path string) ([]string, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, &render.FileError{Path: path, Err: err}
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
		return nil, &render.FileError{Path: path, Err: err}
	}
	sort.Strings(out)
	return out, nil
}

// cmdKBBuild runs "bot kb build --out DIR [sources]".
func cmdKBBuild(e *env, args []string) int {
	fs := e.newFlagSet("kb build")
	var cf commonFlags
	cf.register(fs)
	var src sources
	src.register(fs)
	out := fs.String("out", "", "index directory to write (required)")
	quiet := fs.Bool("quiet", false, "show no progress on stderr")
	var pub publishFlags
	pub.register(fs)
	pos, p, code, ok := e.parseArgs(fs, args, &cf.lang, false)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return e.usageError(p, i18n.KeyErrTooManyArgs, "kb build")
	}
	if *out == "" {
		return e.usageError(p, i18n.KeyBadFlags, "kb build", "--out DIR")
	}
	start := time.Now()
	var disp *progress.Display
	if !*quiet {
		disp = e.display()
	}
	c, err := src.collect(disp)
	if err != nil {
		return e.inputError(p, err)
	}
	var meta kb.Meta
	if disp != nil {
		meta, err = buildShowingProgress(e.ctx, disp, *out, c, start.UTC().Format(time.RFC3339))
	} else {
		meta, err = kb.Build(e.ctx, *out, c, start.UTC().Format(time.RFC3339))
	}
	if err != nil {
		return e.inputError(p, err)
	}
	secs := time.Since(start).Seconds()
	digest := ""
	if pub.to != "" {
		m, code := e.publish(p, pub, *out)
		if code != 0 {
			return code
		}
		digest = m.Digest
	}
	if cf.json {
		return e.writeJSON(builtJSON(meta, secs, digest))
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

// buildJSON is what "kb build --json" prints.
type buildJSON struct {
	Docs    int            `json:"docs"`
	ByKind  map[string]int `json:"by_kind"`
	ByLang  map[string]int `json:"by_lang"`
	Seconds float64        `json:"seconds"`
	CRDates []string       `json:"cr_dates"`
	Digest  string         `json:"digest,omitempty"` // with --publish
}

// builtJSON is the JSON of a build that took secs and was published as
// digest ("" if not).
func builtJSON(meta kb.Meta, secs float64, digest string) buildJSON {
	return buildJSON{Docs: meta.Docs, ByKind: meta.ByKind, ByLang: meta.ByLang, Seconds: render.Round2(secs), CRDates: meta.CRDates, Digest: digest}
}

// sortedKeys returns the keys of m, sorted.
func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
