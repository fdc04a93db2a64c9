package report

import (
	"strings"
	"testing"
)

// wordsKeyer keys a question by its sorted lower-case words of four
// letters or more, as a stand-in for the index's understanding; it counts
// its calls.
type wordsKeyer struct{ calls int }

func (k *wordsKeyer) QuestionKey(text, lang string) string {
	k.calls++
	var ws []string
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return r < 'a' || r > 'z' }) {
		if len(w) >= 4 && w != "does" {
			ws = append(ws, w)
		}
	}
	for i := range ws {
		for j := i + 1; j < len(ws); j++ {
			if ws[j] < ws[i] {
				ws[i], ws[j] = ws[j], ws[i]
			}
		}
	}
	return strings.Join(ws, " ")
}

func confirmedReport(id int64, q string, expected ...string) Report {
	return Report{ID: id, Question: q, Lang: "en", Status: Confirmed, Decision: &Decision{Status: Confirmed, Expected: expected}}
}

// TestCorrections finds the confirmed report of a question as typed and of
// its paraphrases, the last confirmed first, forgets a report rejected
// after its confirmation, and keys the reports' questions once per index.
func TestCorrections(t *testing.T) {
	var c Corrections
	c.Set([]Report{
		confirmedReport(1, "Can an Aura phase out?", "wotc-2022-02-18-phasing-3"),
		{ID: 2, Question: "Can I Shock a phased-out creature?", Status: Open},
		confirmedReport(3, "Does an Aura phase out with its creature?", "mtgwiki-ja-phase-out-phasing-in"),
	})
	k := &wordsKeyer{}
	if x, ok := c.Find(nil, "can an aura phase out", "en"); !ok || x.ID != 1 {
		t.Errorf("the same question without an index: %+v %v", x, ok)
	}
	if x, ok := c.Find(k, "aura with its creature: does it phase out?", "en"); !ok || x.ID != 3 || !x.Answers([]string{"mtgwiki-ja-phase-out-phasing-in.en", "mtgwiki-ja-phase-out-phasing-in"}) {
		t.Errorf("a paraphrase: %+v %v", x, ok)
	}
	if _, ok := c.Find(k, "Can I Shock a phased-out creature?", "en"); ok {
		t.Error("an open report corrects its question")
	}
	calls := k.calls
	c.Find(k, "Can an Aura phase out?", "en")
	if k.calls != calls+1 {
		t.Errorf("%d calls to key one question: the reports' keys are not kept", k.calls-calls)
	}
	c.Put(Report{ID: 1, Question: "Can an Aura phase out?", Status: Rejected, Decision: &Decision{Status: Rejected}})
	if x, ok := c.Find(k, "Can an Aura phase out?", "en"); ok {
		t.Errorf("a report rejected after its confirmation still corrects: %+v", x)
	}
	if x, ok := c.Find(&wordsKeyer{}, "with its creature, does an aura phase out", "en"); !ok || x.ID != 3 {
		t.Errorf("another index: %+v %v", x, ok)
	}
}
