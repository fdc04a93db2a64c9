package evalset

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"os"
	"slices"
	"strings"

	"github.com/goccy/go-yaml"
	"golang.org/x/text/unicode/norm"
)

// Row is one question of an evaluation set; see the package documentation
// for its fields.
type Row struct {
	Q      string   `yaml:"q"`
	Lang   string   `yaml:"lang"`
	Kind   string   `yaml:"kind,omitempty"`
	Name   string   `yaml:"name,omitempty"`
	Expect []string `yaml:"expect"`
	Group  string   `yaml:"group,omitempty"`
	Item   string   `yaml:"item,omitempty"`
	Note   string   `yaml:"note,omitempty"`
	Cross  bool     `yaml:"cross,omitempty"` // questions.yaml: the answer's original is in another language
}

// Load reads an evaluation file: a YAML list of rows. A key that is not a
// field of Row is an error, so a typo cannot drop an expectation.
func Load(file string) ([]Row, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return Parse(file, b)
}

// Parse reads the rows of an evaluation file's content; name is used in
// errors.
func Parse(name string, src []byte) ([]Row, error) {
	var rows []Row
	if len(bytes.TrimSpace(src)) == 0 {
		return nil, nil
	}
	if err := yaml.UnmarshalWithOptions(src, &rows, yaml.DisallowUnknownField()); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return rows, nil
}

// Split is a part of the evaluation: Train to learn from, Dev to tune on,
// Test to measure only.
type Split string

// The splits, in the order they are used.
const (
	Train Split = "train"
	Dev   Split = "dev"
	Test  Split = "test"
)

// Splits returns the three splits in order.
func Splits() []Split { return []Split{Train, Dev, Test} }

// File is the name of the sampled file of the split, under
// kb/testdata/eval/sampled.
func (s Split) File() string { return string(s) + ".yaml" }

// Group returns the group of an ID: what must not be in two splits. See
// the package documentation for the rules.
func Group(id string) string {
	id = strings.TrimSuffix(id, "+")
	switch {
	case strings.HasPrefix(id, "ruling:"):
		oracle, _, _ := strings.Cut(strings.TrimPrefix(id, "ruling:"), ":")
		return "card:" + oracle
	case strings.HasPrefix(id, "card:"):
		rest := strings.TrimPrefix(id, "card:")
		if i := strings.IndexAny(rest, "/."); i >= 0 {
			rest = rest[:i]
		}
		return "card:" + rest
	case strings.HasPrefix(id, "cr:") || strings.HasPrefix(id, "cr@"):
		_, n, _ := strings.Cut(id, ":")
		return ruleGroup(n)
	case strings.HasPrefix(id, "glossary@"):
		_, slug, _ := strings.Cut(id, ":")
		id = "glossary:" + slug
	}
	if g := tableGroup(id); g != "" {
		return g
	}
	return id
}

// ruleGroup is the group of a rule number: its section, or for the keyword
// sections 701 and 702 its rule ("702.19" for "702.19c").
func ruleGroup(n string) string {
	section, rest, dotted := strings.Cut(n, ".")
	if dotted && (section == "701" || section == "702") {
		num := strings.TrimRight(rest, "abcdefghijklmnopqrstuvwxyz.")
		if num != "" {
			return "cr:" + section + "." + num
		}
	}
	return "cr:" + section
}

// SplitOf returns the split of a group: a hash of its name, never Test for
// a group that sets tuned on before touch (see the package documentation).
func SplitOf(group string) Split {
	h := fnv.New64a()
	h.Write([]byte("evalset/v1:" + group))
	b := h.Sum64() % 100
	if seenGroup(group) {
		b %= 65
	}
	switch {
	case b < 45:
		return Train
	case b < 65:
		return Dev
	}
	return Test
}

// MainGroup returns the row's own group: its group field, else the group
// of its first expected ID, else one made of its question.
func (r Row) MainGroup() string {
	switch {
	case r.Group != "":
		return r.Group
	case len(r.Expect) > 0:
		return Group(r.Expect[0])
	}
	return "q:" + strings.Join(strings.Fields(strings.ToLower(r.Q)), " ")
}

// Groups returns the row's own group, then the groups of its expected IDs,
// each once.
func (r Row) Groups() []string {
	out := []string{r.MainGroup()}
	for _, id := range r.Expect {
		if g := Group(id); !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	return out
}

// Split returns the split of the row's own group.
func (r Row) Split() Split { return SplitOf(r.MainGroup()) }

// Touches reports whether any group of the row (its own or an expected
// ID's) falls in split s. A row that touches Test is kept out of training
// and tuning, whatever file it is in.
func (r Row) Touches(s Split) bool {
	for _, g := range r.Groups() {
		if SplitOf(g) == s {
			return true
		}
	}
	return false
}

// QuestionKey folds a question for duplicate detection: compatibility
// forms (full-width letters), case, spacing and the punctuation at its end.
func QuestionKey(q string) string {
	q = strings.ToLower(norm.NFKC.String(q))
	q = strings.Join(strings.Fields(q), " ")
	return strings.TrimRight(q, " ?!.。？！…")
}
