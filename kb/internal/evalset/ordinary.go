package evalset

import (
	"fmt"
	"os"
	"strings"

	"github.com/goccy/go-yaml"
	"golang.org/x/text/unicode/norm"
)

// Ordinary is an entry of an ordinary-word list
// (kb/testdata/eval/ordinary/<lang>.yaml): an everyday word that is also a
// card's name, and a rules question that uses the word in its ordinary
// sense. A search must not link the card for that question.
type Ordinary struct {
	Word     string `yaml:"word"`
	Card     string `yaml:"card"`      // English name of the card the word collides with
	OracleID string `yaml:"oracle_id"` // that card's Oracle ID
	Name     string `yaml:"name"`      // the card's name (English or printed) that is or holds the word
	Whole    bool   `yaml:"whole"`     // the word is that whole name, not one word of it
	Q        string `yaml:"q"`
}

// LoadOrdinary reads an ordinary-word list. A key that is not a field of
// Ordinary is an error.
func LoadOrdinary(file string) ([]Ordinary, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var list []Ordinary
	if err := yaml.UnmarshalWithOptions(b, &list, yaml.DisallowUnknownField()); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return list, nil
}

// Check reports what is wrong with an entry of the list of lang: a missing
// field, a question that does not use the word, a name that neither is nor
// holds the word, a question whose script is not lang's.
func (o Ordinary) Check(lang string) error {
	switch {
	case o.Word == "" || o.Card == "" || o.OracleID == "" || o.Name == "" || o.Q == "":
		return fmt.Errorf("%q: word, card, oracle_id, name and q are required", o.Word)
	case !strings.Contains(foldWord(o.Q), foldWord(o.Word)):
		return fmt.Errorf("%q: the question %q does not use the word", o.Word, o.Q)
	case !strings.Contains(foldWord(o.Name), foldWord(o.Word)):
		return fmt.Errorf("%q: the card name %q does not hold the word", o.Word, o.Name)
	case o.Whole && foldWord(o.Name) != foldWord(o.Word):
		return fmt.Errorf("%q: whole, but the card name is %q", o.Word, o.Name)
	}
	if got := ScriptLang(o.Q); got != "" && got != lang {
		return fmt.Errorf("%q: the question %q reads as %s", o.Word, o.Q, got)
	}
	return nil
}

// foldWord folds compatibility forms and case (not accents: "début" and
// "debut" are told apart, as French writes them).
func foldWord(s string) string { return strings.ToLower(norm.NFKC.String(s)) }
