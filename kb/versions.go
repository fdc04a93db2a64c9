package kb

import (
	"context"
	"sort"
	"strings"
)

// DiffWords is a word-level diff of two texts.
func DiffWords(old, new string) []WordOp {
	return wordDiff(strings.Fields(old), strings.Fields(new))
}

// releaseAt returns the effective date of the newest CR release the index
// holds that was in force on date (YYYY-MM-DD), or "".
func (ix *Index) releaseAt(date string) string {
	dates := append([]string(nil), ix.meta.CRDates...)
	sort.Strings(dates)
	at := ""
	for _, d := range dates {
		if d <= date {
			at = d
		}
	}
	return at
}

// RuleAt returns a rule as it read in the release in force on date.
func (ix *Index) RuleAt(ctx context.Context, number, date string) (Doc, bool) {
	rel := ix.releaseAt(date)
	if rel == "" {
		return Doc{}, false
	}
	num := NormalizeRuleNumber(number)
	if rel == ix.meta.CurrentCR {
		return ix.Doc(ctx, "cr:"+num)
	}
	return ix.Doc(ctx, "cr@"+rel+":"+num)
}

// RuleChangeSince is a rule whose text changed between two releases.
type RuleChangeSince struct {
	Number string   `json:"number"`
	From   string   `json:"from"` // effective date of the older release
	To     string   `json:"to"`   // effective date of the current release
	Old    string   `json:"old"`
	New    string   `json:"new"`
	Words  []WordOp `json:"words"`
}

// ChangedSince reports whether rule number reads differently now than in
// the release in force on date. It is false when the index holds no release
// that old, or the rule did not exist then, or its text is the same (white
// space aside).
func (ix *Index) ChangedSince(ctx context.Context, number, date string) (RuleChangeSince, bool) {
	rel := ix.releaseAt(date)
	if rel == "" || rel == ix.meta.CurrentCR {
		return RuleChangeSince{}, false
	}
	num := NormalizeRuleNumber(number)
	old, ok := ix.Doc(ctx, "cr@"+rel+":"+num)
	if !ok {
		return RuleChangeSince{}, false
	}
	cur, ok := ix.Doc(ctx, "cr:"+num)
	if !ok {
		return RuleChangeSince{}, false
	}
	if strings.Join(strings.Fields(old.Text), " ") == strings.Join(strings.Fields(cur.Text), " ") {
		return RuleChangeSince{}, false
	}
	return RuleChangeSince{Number: num, From: rel, To: ix.meta.CurrentCR, Old: old.Text, New: cur.Text, Words: DiffWords(old.Text, cur.Text)}, true
}
