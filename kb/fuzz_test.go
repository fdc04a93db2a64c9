package kb

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// checkParseError fails unless err is nil or a *ParseError with a known code
// (or the callback's own error, passed through as is).
func checkParseError(t *testing.T, err error, own error) {
	t.Helper()
	if err == nil || (own != nil && errors.Is(err, own)) {
		return
	}
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v (%T) is not a *ParseError", err, err)
	}
	known := false
	for _, c := range ErrorCodes() {
		known = known || c == pe.Code
	}
	if !known {
		t.Fatalf("unknown code %q in %v", pe.Code, err)
	}
}

func addFixtures(f *testing.F, names ...string) {
	f.Helper()
	for _, n := range names {
		f.Add(readTestdata(f, n))
	}
}

func FuzzParseCR(f *testing.F) {
	addFixtures(f, "cr/mini.txt")
	f.Add([]byte("These rules are effective as of March 3, 2025.\nContents\n1. A\nGlossary\nCredits\n1. A\n100. B\n100.1 x\nGlossary\nT\nd\nCredits\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		cr, err := ParseCR("fuzz.txt", src)
		checkParseError(t, err, nil)
		if err != nil {
			return
		}
		if !validDate(cr.EffectiveDate) || len(cr.Glossary) == 0 {
			t.Fatalf("accepted a release with date %q and %d glossary entries", cr.EffectiveDate, len(cr.Glossary))
		}
		for _, r := range cr.Rules {
			if r.Number == "" || r.Kind == "" || (r.Kind != RulePart && r.Parent == "") {
				t.Fatalf("bad rule %+v", r)
			}
		}
		DiffCR(cr, cr)
	})
}

func FuzzParseRulings(f *testing.F) {
	addFixtures(f, "rulings/scryfall.json", "rulings/mtgjson.jsonl")
	f.Add([]byte(`[{"oracle_id":"a","comment":"x","published_at":"2020-01-01"}]`))
	f.Fuzz(func(t *testing.T, src []byte) {
		stop := errors.New("stop")
		n := 0
		err := ParseRulings("fuzz.json", bytes.NewReader(src), func(r Ruling) error {
			if r.OracleID == "" || r.N < 1 || r.Text == "" {
				t.Fatalf("bad ruling %+v", r)
			}
			if n++; n > 1000 {
				return stop
			}
			return nil
		})
		checkParseError(t, err, stop)
	})
}

func FuzzParseCards(f *testing.F) {
	addFixtures(f, "cards/scryfall.json", "cards/set.json")
	f.Add([]byte(`{"oracle_id":"a","name":"A","names":{"French":["B"]},"fr":{"name":"C"}}` + "\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		err := ParseCards("fuzz.json", io.LimitReader(bytes.NewReader(src), 1<<20), func(c Card) error {
			if c.OracleID == "" {
				t.Fatalf("card without oracle id %+v", c)
			}
			_ = c.Doc()
			return nil
		})
		checkParseError(t, err, nil)
	})
}

func FuzzParseDocument(f *testing.F) {
	for _, n := range []string{"feed.txt", "forum.txt", "wiki.txt", "article.txt"} {
		f.Add(n, readTestdata(f, "seeds/"+n))
	}
	f.Add("good.yaml", readTestdata(f, "corpus/good.yaml"))
	f.Fuzz(func(t *testing.T, name string, src []byte) {
		docs, err := ParseDocument(name, src)
		checkParseError(t, err, nil)
		seen := make(map[string]bool)
		for _, d := range docs {
			if d.ID == "" || d.Text == "" && d.Kind != KindRule || seen[d.ID] {
				t.Fatalf("bad or duplicate doc %+v", d)
			}
			seen[d.ID] = true
		}
	})
}

func FuzzParseCorpus(f *testing.F) {
	addFixtures(f, "corpus/good.yaml")
	f.Add([]byte("lang: en\ndocs:\n  - {id: a, kind: doc, text: x}\n  - {id: a.fr, original_id: a, lang: fr, text: y}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		docs, err := ParseCorpus("fuzz.yaml", src)
		checkParseError(t, err, nil)
		for _, d := range docs {
			if d.ID == "" || d.Kind == "" || d.Text == "" {
				t.Fatalf("bad doc %+v", d)
			}
		}
		_, err = ParseGlossary("fuzz.yaml", src)
		checkParseError(t, err, nil)
		_, err = ParseRenumbering("fuzz.yaml", src)
		checkParseError(t, err, nil)
	})
}
