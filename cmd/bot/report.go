package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/render"
	"arbiter/cmd/bot/internal/report"
	"arbiter/cmd/bot/internal/store"
	"arbiter/i18n"
	"arbiter/kb"
)

// cmdReport runs "bot report": with a question, it files a report of the
// bot's answer to it (--wrong says what is wrong, --suggest what answers);
// its verbs review the reports and export the confirmed ones, working
// directly on the state store (DATABASE_URL, else the embedded file of
// --state):
//
//	bot report list [--status open|confirmed|rejected|all]
//	bot report show N
//	bot report confirm N [--expect REF] [--note TEXT] [--overrule]
//	bot report reject N [--note TEXT] [--overrule]
//	bot report comment N TEXT
//	bot report export [--out FILE]
func cmdReport(e *env, args []string) int {
	if len(args) > 0 {
		for _, c := range reportCommands() {
			if c.name == args[0] {
				return c.run(e, args[1:])
			}
		}
		if args[0] == "help" {
			return e.dispatch("report", args)
		}
	}
	return e.reportFile(args)
}

// reportCommands are the verbs of "bot report".
func reportCommands() []command {
	decide := func(verb string) func(*env, []string) int {
		return func(e *env, args []string) int { return e.reportDecide(verb, args) }
	}
	return []command{
		{name: "list", run: (*env).reportList},
		{name: "show", run: (*env).reportShow},
		{name: "confirm", run: decide("confirm")},
		{name: "reject", run: decide("reject")},
		{name: "comment", run: decide("comment")},
		{name: "export", run: (*env).reportExport},
	}
}

// reportFlags are the flags of every "bot report" verb.
type reportFlags struct {
	commonFlags
	state string
}

// register adds the flags to fs.
func (f *reportFlags) register(fs *flag.FlagSet, e *env) {
	f.commonFlags.register(fs)
	fs.StringVar(&f.state, "state", e.getenv("ARBITER_STATE"), "directory of the embedded state store, as 'bot serve --state' (default: $ARBITER_STATE, else ~/.local/state/arbiter); with DATABASE_URL set, PostgreSQL is used instead")
}

// reportDesk is a router over the state store's reports, for the verbs:
// it checks, cleans and labels as the chat commands do.
type reportDesk struct {
	rt    *chat.Router
	close func()
}

// openDesk opens the state store of f and a router on it; withIndex opens
// the index too (filing and confirming read it).
func (e *env) openDesk(p *i18n.Printer, f reportFlags, withIndex bool) (*reportDesk, int) {
	reports, closeStore, err := e.openReports(f.state)
	if err != nil {
		if errors.Is(err, store.ErrInUse) {
			fmt.Fprintln(e.stderr, p.T(i18n.KeyReportStateBusy, filepath.Join(f.stateDir(e), store.BoltFile)))
			return nil, 1
		}
		return nil, e.inputError(p, err)
	}
	var ix *kb.Index
	if withIndex {
		if ix, err = e.openIndex(e.ctx, p, f.index); err != nil {
			closeStore()
			return nil, e.inputError(p, err)
		}
	}
	// The limit of reports is the store's, shared with the bot's
	// replicas when it is PostgreSQL.
	st, _ := reports.(chat.Store)
	rt := chat.New(chat.Config{
		Catalog: e.cat,
		Index:   func() (chat.Index, func()) { return ix, func() {} },
		Reports: chat.ReportsConfig{Store: reports, Source: "cli", Limit: chat.DefaultReportLimit().Shared(st)},
	})
	return &reportDesk{rt: rt, close: func() {
		if ix != nil {
			ix.Close()
		}
		closeStore()
	}}, 0
}

// openReports opens the reports of the state store: PostgreSQL with
// DATABASE_URL, else the embedded file in dir (or the default directory).
func (e *env) openReports(dir string) (chat.Reports, func(), error) {
	if url := e.getenv("DATABASE_URL"); url != "" {
		pg, err := store.OpenPostgres(e.ctx, url, "", nil)
		if err != nil {
			return nil, nil, err
		}
		return pg, func() { pg.Close() }, nil
	}
	if dir == "" {
		dir = defaultStateDir(e.getenv)
	}
	b, err := store.OpenBolt(dir)
	if err != nil {
		return nil, nil, err
	}
	return b, func() { b.Close() }, nil
}

// stateDir is the directory of the embedded store the verbs use.
func (f reportFlags) stateDir(e *env) string {
	if f.state != "" {
		return f.state
	}
	return defaultStateDir(e.getenv)
}

// defaultStateDir is where the embedded store is when neither --state nor
// ARBITER_STATE says: $XDG_STATE_HOME/arbiter, else
// ~/.local/state/arbiter, else arbiter-state in the temporary directory.
func defaultStateDir(getenv func(string) string) string {
	if d := getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "arbiter")
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".local", "state", "arbiter")
	}
	return filepath.Join(os.TempDir(), "arbiter-state")
}

// cliUser is who runs the command line, as reports and decisions name
// them: "cli:<login>".
func (e *env) cliUser() string {
	for _, v := range []string{"USER", "LOGNAME"} {
		if u := strings.TrimSpace(e.getenv(v)); u != "" {
			return "cli:" + u
		}
	}
	return "cli"
}

// reportError tells why a verb failed, in the user's language: 1 for what
// the store could not do (an unknown report, a store out of reach, too
// many reports), 2 for bad input.
func (e *env) reportError(p *i18n.Printer, err error) int {
	var pr *report.Problem
	if !errors.As(err, &pr) {
		return e.inputError(p, err)
	}
	fmt.Fprintln(e.stderr, p.T(pr.Key, pr.Args...))
	switch pr.Key {
	case i18n.KeyReportErrUnknown, i18n.KeyReportErrStoreDown, i18n.KeyReportErrRateLimited, i18n.KeyReportErrNotKept:
		return 1
	}
	return 2
}

// reportFile runs "bot report QUESTION --wrong TEXT [--suggest REF]": the
// answer "bot ask" gives to QUESTION is reported.
func (e *env) reportFile(args []string) int {
	fs := e.newFlagSet("report")
	var f reportFlags
	f.register(fs, e)
	wrong := fs.String("wrong", "", "what is wrong with the answer (required)")
	suggest := fs.String("suggest", "", "the rule number, card or link that answers")
	k := fs.Int("k", 5, "how many citations the answer showed, as 'bot ask --k'")
	pos, p, code, ok := e.parseArgs(fs, args, &f.lang, true)
	if !ok {
		return code
	}
	question := strings.Join(pos, " ")
	switch {
	case strings.TrimSpace(question) == "":
		return e.usageError(p, i18n.KeyErrMissingArg, "report", "QUESTION")
	case strings.TrimSpace(*wrong) == "":
		return e.usageError(p, i18n.KeyErrMissingArg, "report", "--wrong")
	}
	d, code := e.openDesk(p, f, true)
	if d == nil {
		return code
	}
	defer d.close()
	r, err := d.rt.FileReport(e.ctx, report.Filing{
		Question: question, Lang: p.Lang().String(), K: *k, Wrong: *wrong, Suggestion: *suggest,
		Reporter: e.cliUser(), Source: "cli",
	})
	if err != nil {
		return e.reportError(p, err)
	}
	if f.json {
		return e.writeJSON(r)
	}
	fmt.Fprintln(e.stdout, p.T(i18n.KeyReportFiled, chat.ReportNumber(r.ID)))
	return 0
}

// reportList runs "bot report list": the reports of a status.
func (e *env) reportList(args []string) int {
	fs := e.newFlagSet("report list")
	var f reportFlags
	f.register(fs, e)
	status := fs.String("status", "open", "open, confirmed, rejected or all")
	pos, p, code, ok := e.parseArgs(fs, args, &f.lang, false)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return e.usageError(p, i18n.KeyErrTooManyArgs, "report list")
	}
	statuses := []report.Status{report.Open, report.Confirmed, report.Rejected}
	if *status != "all" {
		st, ok := report.ParseStatus(*status)
		if !ok {
			return e.usageError(p, i18n.KeyBadFlags, "report list", "--status "+*status)
		}
		statuses = []report.Status{st}
	}
	d, code := e.openDesk(p, f, false)
	if d == nil {
		return code
	}
	defer d.close()
	// With --json, one document whatever the statuses: {"status": the
	// status asked (or "all"), "reports": every report of it, the oldest
	// first}.
	all := []report.Report{}
	for _, st := range statuses {
		rs, err := d.rt.ListReports(e.ctx, report.Filter{Status: st})
		if err != nil {
			return e.reportError(p, err)
		}
		if f.json {
			all = append(all, rs...)
			continue
		}
		fmt.Fprint(e.stdout, consoleText(p, chat.ReportList(p, st, rs, 0)))
	}
	if f.json {
		label := "all"
		if len(statuses) == 1 {
			label = string(statuses[0])
		}
		slices.SortFunc(all, func(a, b report.Report) int { return cmp.Compare(a.ID, b.ID) })
		return e.writeJSON(struct {
			Status  string          `json:"status"`
			Reports []report.Report `json:"reports"`
		}{label, all})
	}
	return 0
}

// reportShow runs "bot report show N".
func (e *env) reportShow(args []string) int {
	fs := e.newFlagSet("report show")
	var f reportFlags
	f.register(fs, e)
	pos, p, code, ok := e.parseArgs(fs, args, &f.lang, false)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		return e.countError(p, "report show", pos, 1, "N")
	}
	id, err := chat.ParseReportNumber(pos[0])
	if err != nil {
		return e.reportError(p, err)
	}
	d, code := e.openDesk(p, f, false)
	if d == nil {
		return code
	}
	defer d.close()
	r, err := d.rt.ShowReport(e.ctx, id)
	if err != nil {
		return e.reportError(p, err)
	}
	return e.printReport(p, f, r, "")
}

// printReport prints a report, or its record with --json.
func (e *env) printReport(p *i18n.Printer, f reportFlags, r report.Report, head string) int {
	if f.json {
		return e.writeJSON(r)
	}
	fmt.Fprint(e.stdout, consoleText(p, chat.ReportView(p, r, head, false)))
	return 0
}

// reportDecide runs "bot report confirm|reject|comment N". A report
// decided the other way (a confirmed one rejected, a rejected one
// confirmed) is refused unless --overrule says so: rejecting a confirmed
// report withdraws its evaluation case.
func (e *env) reportDecide(verb string, args []string) int {
	name := "report " + verb
	fs := e.newFlagSet(name)
	var f reportFlags
	f.register(fs, e)
	var expect, note *string
	overrule := new(bool)
	switch verb {
	case "confirm":
		expect = fs.String("expect", "", "the rule number, card, link or text ID that answers (default: the reporter's suggestion)")
		note = fs.String("note", "", "a note of the reviewer")
		fs.BoolVar(overrule, "overrule", false, "confirm a report that was rejected")
	case "reject":
		note = fs.String("note", "", "why the answer is right")
		fs.BoolVar(overrule, "overrule", false, "reject a report that was confirmed, withdrawing its evaluation case")
	}
	pos, p, code, ok := e.parseArgs(fs, args, &f.lang, false)
	if !ok {
		return code
	}
	switch {
	case verb == "comment" && len(pos) < 2:
		return e.usageError(p, i18n.KeyErrMissingArg, name, "N TEXT")
	case verb != "comment" && len(pos) != 1:
		return e.countError(p, name, pos, 1, "N")
	}
	id, err := chat.ParseReportNumber(pos[0])
	if err != nil {
		return e.reportError(p, err)
	}
	d, code := e.openDesk(p, f, verb == "confirm")
	if d == nil {
		return code
	}
	defer d.close()
	if verb != "comment" && !*overrule {
		if code, refused := e.decidedOtherwise(p, d, id, verb); refused {
			return code
		}
	}
	var r report.Report
	var head string
	switch verb {
	case "confirm":
		r, err = d.rt.ConfirmReport(e.ctx, id, *expect, *note, e.cliUser(), p.Lang())
		if err == nil {
			head = p.T(i18n.KeyReportConfirmed, chat.ReportNumber(id), r.Decision.Label, strings.Join(r.Decision.Expected, ", "))
		}
	case "reject":
		r, err = d.rt.RejectReport(e.ctx, id, *note, e.cliUser())
		head = p.T(i18n.KeyReportRejected, chat.ReportNumber(id))
	case "comment":
		r, err = d.rt.CommentReport(e.ctx, id, strings.Join(pos[1:], " "), e.cliUser())
		head = p.T(i18n.KeyReportCommented, chat.ReportNumber(id))
	}
	if err != nil {
		return e.reportError(p, err)
	}
	if f.json {
		return e.writeJSON(r)
	}
	fmt.Fprintln(e.stdout, head)
	return 0
}

// decidedOtherwise refuses to confirm (verb) a rejected report or to
// reject a confirmed one, saying who decided it and how to overrule.
func (e *env) decidedOtherwise(p *i18n.Printer, d *reportDesk, id int64, verb string) (int, bool) {
	r, err := d.rt.ShowReport(e.ctx, id)
	if err != nil {
		return e.reportError(p, err), true
	}
	if r.Decision == nil {
		return 0, false
	}
	key := i18n.KeyCLIReportWasConfirmed
	switch {
	case verb == "reject" && r.Status == report.Confirmed:
	case verb == "confirm" && r.Status == report.Rejected:
		key = i18n.KeyCLIReportWasRejected
	default:
		return 0, false
	}
	when := p.Date(r.Decision.At.UTC().Format(time.DateOnly))
	fmt.Fprintln(e.stderr, p.T(key, chat.ReportNumber(id), r.Decision.Reviewer, when))
	return 1, true
}

// reportExport runs "bot report export [--out FILE]": the confirmed
// reports as evaluation cases (the format of kb/testdata/eval/dev.yaml),
// on stdout, or added to FILE (a case of a question already there
// replaces its row).
func (e *env) reportExport(args []string) int {
	fs := e.newFlagSet("report export")
	var f reportFlags
	f.register(fs, e)
	out := fs.String("out", "", "evaluation file to add the cases to, such as kb/testdata/eval/reported.yaml (default: stdout)")
	pos, p, code, ok := e.parseArgs(fs, args, &f.lang, false)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return e.usageError(p, i18n.KeyErrTooManyArgs, "report export")
	}
	d, code := e.openDesk(p, f, false)
	if d == nil {
		return code
	}
	defer d.close()
	rs, err := d.rt.ListReports(e.ctx, report.Filter{Status: report.Confirmed})
	if err != nil {
		return e.reportError(p, err)
	}
	var cases []report.Case
	for _, r := range rs {
		if c, ok := report.CaseOf(r); ok {
			cases = append(cases, c)
		}
	}
	if len(cases) == 0 {
		fmt.Fprintln(e.stderr, p.T(i18n.KeyReportExportedNone))
		return 0
	}
	var old []byte
	if *out != "" {
		if old, err = os.ReadFile(*out); err != nil && !errors.Is(err, os.ErrNotExist) {
			return e.inputError(p, &render.FileError{Path: *out, Err: err})
		}
	}
	b, added, err := report.AppendCases(old, cases)
	var re *report.RowError
	if errors.As(err, &re) {
		return e.inputError(p, &kb.ParseError{File: *out, Line: re.Line, Code: kb.CodeBadLine, Detail: render.ClipRunes(re.Text, 80)})
	}
	if err != nil {
		return e.inputError(p, err)
	}
	if *out == "" {
		e.stdout.Write(b)
		return 0
	}
	if err := writeFileAtomic(*out, b); err != nil {
		return e.inputError(p, err)
	}
	fmt.Fprintln(e.stdout, p.T(i18n.KeyReportExported, len(cases), *out, added))
	return 0
}

// writeFileAtomic replaces path with b: a reader sees the old file or the
// new one, never a part.
func writeFileAtomic(path string, b []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
