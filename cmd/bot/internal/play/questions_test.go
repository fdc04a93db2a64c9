package play

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/engine"
	"arbiter/i18n"
	"arbiter/kb"
)

// question is a row of testdata/questions.yaml.
type question struct {
	N     int      `yaml:"n"`
	From  string   `yaml:"from"`
	Lang  string   `yaml:"lang"`
	Cards []string `yaml:"cards"`
	Q     string   `yaml:"q"`
	Right *bool    `yaml:"right"`
	Note  string   `yaml:"note"`
}

// questions reads testdata/questions.yaml.
func questions(t testing.TB) []question {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "questions.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var qs []question
	if err := yaml.Unmarshal(b, &qs); err != nil {
		t.Fatal(err)
	}
	return qs
}

// questionCards are the cards the questions name, in an index of their
// own (with the embedded corpus), shared by the tests.
func questionCards(t testing.TB, qs []question) *kb.Index {
	t.Helper()
	var names []string
	for _, q := range qs {
		for _, c := range q.Cards {
			if !slices.Contains(names, c) {
				names = append(names, c)
			}
		}
	}
	slices.Sort(names)
	return testutil.CardsIndex(t, names...)
}

// TestQuestionBoards guesses the board of each question of
// testdata/questions.yaml and compares it with testdata/questions/<n>.txt:
// what was guessed and why, in the question's language, the board's
// text, and the moves its game offers first. The boards were checked by
// hand once (the right and note of each row); -update rewrites the files.
func TestQuestionBoards(t *testing.T) {
	qs := questions(t)
	ix := questionCards(t, qs)
	cat := testutil.Catalog(t)
	right := 0
	for _, q := range qs {
		t.Run(fmt.Sprint(q.N), func(t *testing.T) {
			l, ok := i18n.ParseLang(q.Lang)
			if !ok {
				t.Fatalf("language %q", q.Lang)
			}
			p := cat.Printer(l)
			s, g, err := FromQuestion(context.Background(), ix, Question{Text: q.Q, Lang: l, Cards: q.Cards}, p)
			if err != nil {
				t.Fatalf("no board: %v", err)
			}
			var b strings.Builder
			fmt.Fprintf(&b, "%s (%s, %s): %s\ncards: %s\n\n", q.From, q.Lang, strings.Join(q.Cards, ", "), q.Q, strings.Join(q.Cards, ", "))
			for _, line := range s.GuessLines(p, g) {
				b.WriteString("* " + line + "\n")
			}
			b.WriteString("\n")
			b.Write(g.Text())
			b.WriteString("\n")
			for _, o := range g.Options(p) {
				fmt.Fprintf(&b, "%s\t%s\n", o.Value, o.Label)
			}
			testutil.Golden(t, filepath.Join("testdata", "questions", fmt.Sprintf("%02d.txt", q.N)), []byte(b.String()))
			for _, a := range g.Legal() {
				if err := engine.Allowed(g.State(), g.Hand, g.last(), a); err != nil {
					t.Errorf("offers %s, refused: %v", g.Token(a), err)
				}
			}
		})
		if q.Right != nil && *q.Right {
			right++
		}
	}
	if right < 30 {
		t.Errorf("%d questions of %d have a right first board, want 30 at least", right, len(qs))
	}
	t.Logf("%d questions of %d have a right first board", right, len(qs))
}

// TestQuestionsNameTheirCards: the search reads in each question the
// cards its row records, so that its answer gets the button.
func TestQuestionsNameTheirCards(t *testing.T) {
	qs := questions(t)
	ix := questionCards(t, qs)
	for _, q := range qs {
		res, err := ix.Search(context.Background(), kb.Query{Text: q.Q, Lang: q.Lang, K: 1})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(res.Cards, q.Cards) {
			t.Errorf("question %d: the search reads %q, the row says %q", q.N, res.Cards, q.Cards)
		}
	}
}
