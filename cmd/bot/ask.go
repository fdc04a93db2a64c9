package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"arbiter/cmd/bot/internal/render"
	"arbiter/cmd/bot/internal/report"
	"arbiter/cmd/bot/internal/store"
	"arbiter/i18n"
	"arbiter/kb"
)

// cmdAsk runs "bot ask QUESTION" (or --batch FILE): the answer with its
// citations; exit 1 when nothing relevant was found.
func cmdAsk(e *env, args []string) int {
	fs := e.newFlagSet("ask")
	var cf commonFlags
	cf.register(fs)
	k := fs.Int("k", 5, "how many citations at most")
	batch := fs.String("batch", "", "file of questions, one per line or JSON lines {\"query\",\"lang\"} (- for stdin)")
	original := fs.Bool("original", false, "show the original text under each translation")
	game := fs.String("game", "", "mtg or ygo (default: both)")
	publicURL := fs.String("public-url", "", "base URL of the web pages; citations link there")
	pos, p, code, ok := e.parseArgs(fs, args, &cf.lang, true)
	if !ok {
		return code
	}
	question := strings.Join(pos, " ")
	if *batch == "" && strings.TrimSpace(question) == "" {
		return e.usageError(p, i18n.KeyErrMissingArg, "ask", "QUESTION")
	}
	ix, err := e.openIndex(e.ctx, p, cf.index)
	if err != nil {
		return e.inputError(p, err)
	}
	defer ix.Close()
	if *batch != "" {
		return e.askBatch(ix, *batch, cf, *k, *game, *publicURL)
	}
	fix, corrected := e.askCorrections(ix, question, p.Lang().String())
	res, err := ix.Search(e.ctx, kb.Query{Text: question, Lang: p.Lang().String(), K: *k, Game: *game, First: fix.Expected})
	if err != nil {
		return e.inputError(p, err)
	}
	a := render.AnswerOf(p, res, *publicURL)
	render.AnnotateChanges(e.ctx, ix, &a)
	if corrected && len(res.Hits) > 0 && fix.Answers(render.CitedIDs(res.Hits[0])) {
		a.Corrected = fix.ID
		a.Answer += "\n" + p.T(i18n.KeyReportCorrected, "#"+strconv.FormatInt(fix.ID, 10))
	}
	if cf.json {
		if code := e.writeJSON(a); code != 0 {
			return code
		}
	} else {
		fmt.Fprint(e.stdout, render.AnswerText(p, a, *original))
	}
	if len(a.Citations) == 0 {
		return 1
	}
	return 0
}

// badLang is a language a line of a batch asks for, which is none of ours.
type badLang string

func (b badLang) Error() string { return "unknown language " + string(b) }

// askBatch answers one question per line, keeping the index open; each
// answer is one JSON object per line (or a text block without --json).
func (e *env) askBatch(ix *kb.Index, file string, cf commonFlags, k int, game, publicURL string) int {
	var r io.Reader = e.stdin
	if file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return e.inputError(e.printer(cf.lang, ""), &render.FileError{Path: file, Err: err})
		}
		defer f.Close()
		r = f
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	code := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		q, lang := line, cf.lang
		if strings.HasPrefix(line, "{") {
			var in struct {
				Query string `json:"query"`
				Lang  string `json:"lang"`
			}
			if err := json.Unmarshal([]byte(line), &in); err == nil {
				q = in.Query
				if in.Lang != "" {
					lang = in.Lang
				}
			}
		}
		p := e.printer(lang, q)
		var res *kb.Result
		var err error
		if _, known := i18n.ParseLang(lang); lang != "" && !known {
			err = badLang(lang)
		} else {
			res, err = ix.Search(e.ctx, kb.Query{Text: q, Lang: p.Lang().String(), K: k, Game: game})
		}
		if err != nil {
			msg := render.ErrorMessage(p, err)
			if bl, ok := err.(badLang); ok {
				msg = p.T(i18n.KeyErrBadLang, string(bl))
			}
			if cf.json {
				e.writeJSON(map[string]any{"query": q, "lang": p.Lang().String(), "answer": msg, "citations": []render.Citation{}, "error": msg})
			} else {
				fmt.Fprintln(e.stdout, msg)
			}
			code = 1
			continue
		}
		a := render.AnswerOf(p, res, publicURL)
		render.AnnotateChanges(e.ctx, ix, &a)
		if cf.json {
			e.writeJSON(a)
		} else {
			fmt.Fprintln(e.stdout, render.AnswerText(p, a, false))
		}
	}
	if err := sc.Err(); err != nil {
		return e.inputError(e.printer(cf.lang, ""), &render.FileError{Path: file, Err: err})
	}
	return code
}

// askCorrections finds the confirmed report of a question, or of a close
// paraphrase of it, among those "bot report confirm" keeps: in PostgreSQL
// with DATABASE_URL, else in the embedded store of ARBITER_STATE (or the
// default directory). Without a store, or with one a bot that serves
// holds, the answer is the index's alone.
func (e *env) askCorrections(ix *kb.Index, question, lang string) (report.Correction, bool) {
	var rs []report.Report
	var err error
	if url := e.getenv("DATABASE_URL"); url != "" {
		reports, closeStore, oerr := e.openReports("")
		if oerr != nil {
			return report.Correction{}, false
		}
		defer closeStore()
		rs, err = reports.Reports(e.ctx, report.Filter{Status: report.Confirmed})
	} else {
		dir := e.getenv("ARBITER_STATE")
		if dir == "" {
			dir = defaultStateDir(e.getenv)
		}
		rs, err = store.ReadReports(e.ctx, dir, report.Filter{Status: report.Confirmed}, 200*time.Millisecond)
	}
	if err != nil || len(rs) == 0 {
		return report.Correction{}, false
	}
	var c report.Corrections
	c.Set(rs)
	return c.Find(ix, question, lang)
}
