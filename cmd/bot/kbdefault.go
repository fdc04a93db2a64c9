package main

import (
	"fmt"

	"arbiter/i18n"
)

// defaultJSON is what "kb default --json" prints.
type defaultJSON struct {
	Dir       string   `json:"dir"`
	Docs      int      `json:"docs"`
	CRDates   []string `json:"cr_dates"`
	CurrentCR string   `json:"current_cr"`
	BuiltAt   string   `json:"built_at"`
}

// cmdKBDefault runs "bot kb default": where the default index is, built
// first when it is not there yet (as the first question would), so that
// an image or a machine can have it ready before anyone asks.
func cmdKBDefault(e *env, args []string) int {
	fs := e.newFlagSet("kb default")
	lang := fs.String("lang", "", "output language: fr, en or ja")
	asJSON := fs.Bool("json", false, "machine-readable JSON on stdout")
	pos, p, code, ok := e.parseArgs(fs, args, lang, false)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return e.usageError(p, i18n.KeyErrTooManyArgs, "kb default")
	}
	dir, err := e.defaultIndexDir()
	if err != nil {
		return e.inputError(p, err)
	}
	ix, err := e.defaultIndex(e.ctx, p)
	if err != nil {
		return e.inputError(p, err)
	}
	defer ix.Close()
	m := ix.Meta()
	if *asJSON {
		return e.writeJSON(defaultJSON{Dir: dir, Docs: m.Docs, CRDates: m.CRDates, CurrentCR: m.CurrentCR, BuiltAt: m.BuiltAt})
	}
	fmt.Fprintln(e.stdout, p.T(i18n.KeyCLIDefaultIndex, dir, m.Docs, p.Date(m.CurrentCR)))
	return 0
}
