package report

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/goccy/go-yaml"
)

func confirmed(id int64, q, lang string, expect ...string) Report {
	return Report{
		ID: id, Question: q, Lang: lang, Status: Confirmed,
		Shown:    []Citation{{ID: "wotc-2022-02-18-phasing-3", Label: "Ruling"}},
		Decision: &Decision{Status: Confirmed, At: time.Date(2026, 5, 2, 10, 0, 0, 0, time.UTC), Expected: expect, Kind: "card"},
	}
}

func TestCaseOf(t *testing.T) {
	c, ok := CaseOf(confirmed(7, "Can I Shock a phased-out creature?", "en", "wotc-2022-02-18-phasing-2"))
	if !ok {
		t.Fatal("a confirmed report makes no case")
	}
	want := Case{Q: "Can I Shock a phased-out creature?", Lang: "en", Kind: "card", Expect: []string{"wotc-2022-02-18-phasing-2"},
		Note: "report #7, confirmed 2026-05-02; answered from the embedded corpus, citing wotc-2022-02-18-phasing-3 first"}
	if c.Q != want.Q || c.Lang != want.Lang || c.Kind != want.Kind || strings.Join(c.Expect, ",") != strings.Join(want.Expect, ",") || c.Note != want.Note {
		t.Errorf("CaseOf = %+v\nwant %+v", c, want)
	}
	for _, r := range []Report{
		{ID: 1, Status: Open},
		{ID: 2, Status: Rejected, Decision: &Decision{Status: Rejected}},
		{ID: 3, Status: Confirmed, Decision: &Decision{Status: Confirmed}},
	} {
		if _, ok := CaseOf(r); ok {
			t.Errorf("report %d (%s) makes a case", r.ID, r.Status)
		}
	}
}

func TestAppendCases(t *testing.T) {
	tricky := Case{Q: `quote " and back\slash, colon: and #hash`, Lang: "fr", Kind: "rules", Expect: []string{"cr:702.26b", "ruling:abc:*"}, Note: "a: b"}
	cases := []Case{
		{Q: "Can I Shock a phased-out creature?", Lang: "en", Kind: "card", Expect: []string{"wotc-2022-02-18-phasing-2"}},
		tricky,
		{Q: "フェイズ・アウトしたトークンは？", Lang: "ja", Kind: "rules", Expect: []string{"mtgwiki-ja-phase-out-zone"}},
	}
	out, added, err := AppendCases(nil, cases)
	if err != nil {
		t.Fatal(err)
	}
	if added != 3 || !strings.HasPrefix(string(out), Header) {
		t.Fatalf("added %d, file:\n%s", added, out)
	}
	var rows []Case
	if err := yaml.Unmarshal(out, &rows); err != nil {
		t.Fatalf("the file does not read back: %v\n%s", err, out)
	}
	if len(rows) != 3 || rows[1].Q != tricky.Q || rows[1].Note != tricky.Note || rows[1].Expect[1] != "ruling:abc:*" {
		t.Fatalf("read back %+v", rows)
	}
	// Again, with one question asked the same way and a new one: the
	// first replaces its row, the second is appended.
	again := []Case{
		{Q: "can i shock a phased-out creature", Lang: "en", Kind: "card", Expect: []string{"wotc-2022-09-09-phasing-6"}},
		{Q: "Can I Shock a phased-out creature?", Lang: "fr", Kind: "card", Expect: []string{"x"}},
	}
	out2, added, err := AppendCases(out, again)
	if err != nil {
		t.Fatal(err)
	}
	rows = nil
	if err := yaml.Unmarshal(out2, &rows); err != nil {
		t.Fatal(err)
	}
	if added != 1 || len(rows) != 4 || rows[0].Expect[0] != "wotc-2022-09-09-phasing-6" || rows[3].Lang != "fr" {
		t.Errorf("added %d, rows %+v", added, rows)
	}
	var re *RowError
	if _, _, err := AppendCases([]byte("# header\n- {q: [broken\n"), cases); !errors.As(err, &re) || re.Line != 2 {
		t.Errorf("a broken row: %v", err)
	}
}
