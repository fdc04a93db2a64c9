package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"arbiter/kb/internal/evalset"
	"arbiter/kb/internal/evalset/evaldata"
)

// addRows checks the rows of file and appends each to the sampled file of
// the split its group hashes to.
func addRows(d *evaldata.Data, file string, out io.Writer) error {
	rows, err := evalset.Load(file)
	if err != nil {
		return err
	}
	known := map[string]string{}
	for _, f := range olderSets() {
		if err := addQuestions(known, filepath.Join(evalDir, f)); err != nil {
			return err
		}
	}
	for _, s := range evalset.Splits() {
		if err := addQuestions(known, filepath.Join(sampledDir, s.File())); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	var errs []error
	lines := map[evalset.Split][]string{}
	for i, r := range rows {
		if r.Group == "" && r.Item != "" {
			r.Group = evalset.Group(r.Item)
		}
		at := fmt.Sprintf("%s: row %d %q", file, i+1, r.Q)
		if r.Item == "" {
			errs = append(errs, fmt.Errorf("%s: no item", at))
		}
		if err := r.Check(); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", at, err))
		}
		for _, id := range append([]string{r.Item}, r.Expect...) {
			if id != "" && !strings.HasPrefix(id, "none:") && !d.Holds(id) {
				errs = append(errs, fmt.Errorf("%s: %s names no text of the data", at, id))
			}
		}
		if g, ok := strings.CutPrefix(r.Group, "card:"); ok && r.Kind == "none" && len(d.Cards[g]) == 0 {
			errs = append(errs, fmt.Errorf("%s: group %s names no card", at, r.Group))
		}
		key := evalset.QuestionKey(r.Q)
		if prev, dup := known[key]; dup {
			errs = append(errs, fmt.Errorf("%s: the same question is in %s", at, prev))
		}
		known[key] = at
		s := evalset.SplitOf(r.Group)
		lines[s] = append(lines[s], formatRow(r))
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	for _, s := range evalset.Splits() {
		if len(lines[s]) == 0 {
			continue
		}
		f, err := os.OpenFile(filepath.Join(sampledDir, s.File()), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		_, werr := io.WriteString(f, strings.Join(lines[s], "\n")+"\n")
		if err := f.Close(); werr == nil {
			werr = err
		}
		if werr != nil {
			return werr
		}
		fmt.Fprintf(out, "%s: %d rows\n", s.File(), len(lines[s]))
	}
	return nil
}

func addQuestions(known map[string]string, file string) error {
	rows, err := evalset.Load(file)
	if err != nil {
		return err
	}
	for i, r := range rows {
		known[evalset.QuestionKey(r.Q)] = fmt.Sprintf("%s row %d", file, i+1)
	}
	return nil
}

// formatRow writes a row as one flow mapping, the way the sampled files
// keep them.
func formatRow(r evalset.Row) string {
	var b strings.Builder
	fmt.Fprintf(&b, "- {q: %s, lang: %s, kind: %s", strconv.Quote(r.Q), r.Lang, r.Kind)
	if r.Name != "" {
		fmt.Fprintf(&b, ", name: %s", r.Name)
	}
	quoted := make([]string, len(r.Expect))
	for i, id := range r.Expect {
		quoted[i] = strconv.Quote(id)
	}
	fmt.Fprintf(&b, ", expect: [%s], group: %s, item: %s", strings.Join(quoted, ", "), strconv.Quote(r.Group), strconv.Quote(r.Item))
	if r.Note != "" {
		fmt.Fprintf(&b, ", note: %s", strconv.Quote(r.Note))
	}
	b.WriteString("}")
	return b.String()
}
