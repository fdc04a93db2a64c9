package kb

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
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

// RuleChangeSince is a rule that changed between two releases: its text,
// its number (Now), or both; or that the current release removed.
type RuleChangeSince struct {
	Number  string   `json:"number"`
	Now     string   `json:"now,omitempty"` // the rule's number in the current release, when renumbered
	Removed bool     `json:"removed,omitempty"`
	From    string   `json:"from"` // effective date of the older release
	To      string   `json:"to"`   // effective date of the current release
	Old     string   `json:"old"`
	New     string   `json:"new"`
	Words   []WordOp `json:"words"`
}

// ChangedSince reports whether rule number of the release in force on
// date reads differently now. A rule renumbered since (as DiffCR matches
// them, by text) is compared with its new number, and counts as changed
// even with the same text; a rule the current release removed counts as
// changed. It is false when the index holds no release that old, or the
// rule did not exist then, or it keeps its number and its text (white
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
	ch := RuleChangeSince{Number: num, From: rel, To: ix.meta.CurrentCR, Old: old.Text}
	now := num
	if d, err := ix.ReleaseDiff(rel, ix.meta.CurrentCR); err == nil {
		now = d.numberNow(num)
	}
	if now == "" {
		ch.Removed = true
		ch.Words = DiffWords(old.Text, "")
		return ch, true
	}
	cur, ok := ix.Doc(ctx, "cr:"+now)
	if !ok {
		return RuleChangeSince{}, false
	}
	if now != num {
		ch.Now = now
	} else if strings.Join(strings.Fields(old.Text), " ") == strings.Join(strings.Fields(cur.Text), " ") {
		return RuleChangeSince{}, false
	}
	ch.New, ch.Words = cur.Text, DiffWords(old.Text, cur.Text)
	return ch, true
}

// numberNow is the number in the newer release of rule num of the older
// one: its new number when renumbered, "" when removed.
func (d CRDiff) numberNow(num string) string {
	for _, m := range d.Renumbered {
		if m.Old == num {
			return m.New
		}
	}
	for _, r := range d.Removed {
		if r.Number == num {
			return ""
		}
	}
	return num
}

// ErrNoRelease is returned for a CR release the index does not hold.
var ErrNoRelease = errors.New("kb: no such CR release in the index")

// diffCache keeps the last release diffs computed (a diff of two full
// releases takes tens of milliseconds; the pages and commands that show
// one ask for the same few pairs).
type diffCache struct {
	mu    sync.Mutex
	diffs map[[2]string]CRDiff
	order [][2]string
}

const diffCacheSize = 8

// ReleaseDiff returns the differences between two CR releases the index
// holds, by effective date.
func (ix *Index) ReleaseDiff(from, to string) (CRDiff, error) {
	key := [2]string{from, to}
	ix.diffs.mu.Lock()
	if d, ok := ix.diffs.diffs[key]; ok {
		ix.diffs.mu.Unlock()
		return d, nil
	}
	ix.diffs.mu.Unlock()
	a, err := ix.release(from)
	if err != nil {
		return CRDiff{}, err
	}
	b, err := ix.release(to)
	if err != nil {
		return CRDiff{}, err
	}
	d := DiffCR(a, b)
	ix.diffs.mu.Lock()
	defer ix.diffs.mu.Unlock()
	if ix.diffs.diffs == nil {
		ix.diffs.diffs = map[[2]string]CRDiff{}
	}
	if _, ok := ix.diffs.diffs[key]; !ok {
		ix.diffs.order = append(ix.diffs.order, key)
		if len(ix.diffs.order) > diffCacheSize {
			delete(ix.diffs.diffs, ix.diffs.order[0])
			ix.diffs.order = ix.diffs.order[1:]
		}
	}
	ix.diffs.diffs[key] = d
	return d, nil
}

// release parses the text of a CR release kept in the index directory,
// or in memory.
func (ix *Index) release(date string) (*CR, error) {
	if src, ok := ix.releases[date]; ok {
		return ParseCR(date+".txt", src)
	}
	if ix.dir == "" || !isISODate(date) {
		return nil, ErrNoRelease
	}
	b, err := os.ReadFile(filepath.Join(ix.dir, releasesPath, date+".txt"))
	if err != nil {
		return nil, ErrNoRelease
	}
	return ParseCR(date+".txt", b)
}

func isISODate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for i, r := range s {
		if i != 4 && i != 7 && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}
