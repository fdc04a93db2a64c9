package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"
)

// Case is an evaluation case: a row of the evaluation files of package kb
// (kb/testdata/eval/dev.yaml's header says what each field means).
type Case struct {
	Q      string   `yaml:"q"`
	Lang   string   `yaml:"lang"`
	Kind   string   `yaml:"kind"`
	Name   string   `yaml:"name,omitempty"`
	Expect []string `yaml:"expect"`
	Note   string   `yaml:"note,omitempty"`
}

// CaseOf is the evaluation case a confirmed report becomes: its question
// and language, and the texts the reviewer confirmed as the answer; the
// note says where it came from. A report not confirmed makes none.
func CaseOf(r Report) (Case, bool) {
	d := r.Decision
	if r.Status != Confirmed || d == nil || len(d.Expected) == 0 {
		return Case{}, false
	}
	index := "the embedded corpus"
	if r.CRRelease != "" || r.Build != "" {
		index = strings.TrimSpace(fmt.Sprintf("CR %s, build %s", orNone(r.CRRelease), orNone(r.Build)))
	}
	first := "nothing"
	if len(r.Shown) > 0 {
		first = r.Shown[0].ID
	}
	kind := d.Kind
	if kind == "" {
		kind = "rules"
	}
	return Case{
		Q: r.Question, Lang: r.Lang, Kind: kind, Expect: append([]string(nil), d.Expected...),
		Note: fmt.Sprintf("report #%d, confirmed %s; answered from %s, citing %s first", r.ID, d.At.UTC().Format("2006-01-02"), index, first),
	}, true
}

// orNone is s, or "none" when it is empty.
func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// Header opens a new file of reported cases.
const Header = `# Evaluation cases from users' reports: each row is a question the bot answered wrongly, with
# the texts a reviewer confirmed as its answer ("bot report confirm"). "bot report export --out
# kb/testdata/eval/reported.yaml" adds the confirmed reports to this file; a row whose question and
# language are already here is replaced. Same format as dev.yaml (see its header). The evaluation
# tests run these rows on the index they were reported from (the note says which).
`

// AppendCases adds cases to the evaluation file src (empty for a new
// file, which gets Header): a case whose question and language a row of
// src already has replaces that row in place, the others are appended in
// order. It returns the file and how many cases were not in it before.
// Comments and blank lines of src are kept.
func AppendCases(src []byte, cases []Case) ([]byte, int, error) {
	if len(bytes.TrimSpace(src)) == 0 {
		src = []byte(Header + "\n")
	}
	lines := strings.Split(strings.TrimRight(string(src), "\n"), "\n")
	at := map[string]int{} // question key and language -> line
	for i, l := range lines {
		if !strings.HasPrefix(strings.TrimSpace(l), "- ") {
			continue
		}
		var row []Case
		if err := yaml.Unmarshal([]byte(strings.TrimSpace(l)), &row); err != nil || len(row) != 1 {
			return nil, 0, &RowError{Line: i + 1, Text: l}
		}
		at[caseKey(row[0])] = i
	}
	added := 0
	for _, c := range cases {
		row, err := caseLine(c)
		if err != nil {
			return nil, 0, err
		}
		k := caseKey(c)
		if i, ok := at[k]; ok {
			lines[i] = row
			continue
		}
		at[k] = len(lines)
		lines = append(lines, row)
		added++
	}
	return []byte(strings.Join(lines, "\n") + "\n"), added, nil
}

// RowError is a line of an evaluation file that is not a row of one.
type RowError struct {
	Line int // from 1
	Text string
}

// Error returns the line and its text, for logs.
func (e *RowError) Error() string {
	return fmt.Sprintf("line %d: not a row of an evaluation file: %q", e.Line, e.Text)
}

// caseKey identifies a case's question in its language.
func caseKey(c Case) string { return c.Lang + "\x00" + QuestionKey(c.Q) }

// caseLine writes a case as one line, in the flow style of the
// evaluation files; strings are JSON strings, which YAML reads as its
// double-quoted scalars.
func caseLine(c Case) (string, error) {
	q := func(s string) (string, error) {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			return "", err
		}
		return strings.TrimSpace(b.String()), nil
	}
	word := func(s string) string {
		if s == "" || strings.IndexFunc(s, func(r rune) bool { return !(r >= 'a' && r <= 'z') }) >= 0 {
			out, _ := q(s)
			return out
		}
		return s
	}
	qs, err := q(c.Q)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "- {q: %s, lang: %s, kind: %s", qs, word(c.Lang), word(c.Kind))
	if c.Name != "" {
		fmt.Fprintf(&b, ", name: %s", word(c.Name))
	}
	b.WriteString(", expect: [")
	for i, e := range c.Expect {
		s, err := q(e)
		if err != nil {
			return "", err
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(s)
	}
	b.WriteString("]")
	if c.Note != "" {
		s, err := q(c.Note)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, ", note: %s", s)
	}
	b.WriteString("}")
	return b.String(), nil
}
