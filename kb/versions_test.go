package kb

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestChangedSince checks "changed since" on the two real releases: a rule
// whose text changed (601.5 names the renumbered 733), one that did not
// (702.26a), a date before any release held, and the current release.
func TestChangedSince(t *testing.T) {
	c := NewCollection()
	for _, f := range []string{"mtg/cr/MagicCompRules_20260116.txt", "mtg/cr/MagicCompRules_20260417.txt"} {
		if err := c.AddCR(f, readShared(t, f)); err != nil {
			t.Fatal(err)
		}
	}
	ix, err := NewMem(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	tests := []struct {
		rule, date string
		changed    bool
	}{
		{"601.5", "2026-02-01", true},
		{"601.5", "2026-01-16", true},
		{"702.26a", "2026-02-01", false},
		{"601.5", "2025-12-01", false}, // no release that old is held
		{"601.5", "2026-05-01", false}, // written against the current release
		{"702.190a", "2026-02-01", false},
	}
	for _, tt := range tests {
		t.Run(tt.rule+"@"+tt.date, func(t *testing.T) {
			ch, ok := ix.ChangedSince(context.Background(), tt.rule, tt.date)
			if ok != tt.changed {
				t.Fatalf("changed = %v, want %v", ok, tt.changed)
			}
			if !ok {
				return
			}
			if ch.From != "2026-01-16" || ch.To != "2026-04-17" {
				t.Errorf("from %s to %s", ch.From, ch.To)
			}
			var removed, added []string
			for _, w := range ch.Words {
				switch w.Op {
				case "-":
					removed = append(removed, w.Text)
				case "+":
					added = append(added, w.Text)
				}
			}
			if !strings.Contains(strings.Join(removed, " "), "732") || !strings.Contains(strings.Join(added, " "), "733") {
				t.Errorf("word diff removed %q, added %q", removed, added)
			}
		})
	}
	if d, ok := ix.RuleAt(context.Background(), "722.1", "2026-03-01"); !ok || d.CRDate != "2026-01-16" {
		t.Errorf("RuleAt 722.1 on 2026-03-01 = %v, %v", d.ID, ok)
	}

	// The release of 2026-04-17 inserted a new section 722: the old 722.1
	// is 723.1 now, and the new 722.1 is another rule. A rule renumbered
	// is compared with its new number, and counts as changed for its
	// number alone; one that kept its number and text does not.
	renumbered := []struct{ rule, now string }{{"722.1", "723.1"}, {"722", "723"}, {"506.3d", "506.3e"}}
	for _, tt := range renumbered {
		ch, ok := ix.ChangedSince(context.Background(), tt.rule, "2026-01-16")
		if !ok || ch.Now != tt.now || ch.Removed {
			t.Errorf("%s since 2026-01-16 = now %q, changed %v, removed %v; want now %s", tt.rule, ch.Now, ok, ch.Removed, tt.now)
			continue
		}
		if cur, _ := ix.Doc(context.Background(), "cr:"+tt.now); ch.New != cur.Text {
			t.Errorf("%s: compared with %q, want the text of %s", tt.rule, ch.New, tt.now)
		}
	}
	if ch, ok := ix.ChangedSince(context.Background(), "601.5", "2026-01-16"); !ok || ch.Now != "" {
		t.Errorf("601.5 kept its number: now %q, changed %v", ch.Now, ok)
	}
}

func TestCleanDownloads(t *testing.T) {
	tmp := t.TempDir()
	old := filepath.Join(tmp, "arbiter-update-1")
	fresh := filepath.Join(tmp, "arbiter-update-2")
	other := filepath.Join(tmp, "keep-me")
	for _, d := range []string{old, fresh, other} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	past := time.Now().Add(-3 * time.Hour)
	for _, d := range []string{old, other} {
		if err := os.Chtimes(d, past, past); err != nil {
			t.Fatal(err)
		}
	}
	cleanDownloads(tmp, 2*time.Hour)
	for d, want := range map[string]bool{old: false, fresh: true, other: true} {
		if _, err := os.Stat(d); (err == nil) != want {
			t.Errorf("%s exists = %v, want %v", filepath.Base(d), err == nil, want)
		}
	}
}

func TestReleaseDiff(t *testing.T) {
	c := NewCollection()
	for _, f := range []string{"mtg/cr/MagicCompRules_20260116.txt", "mtg/cr/MagicCompRules_20260417.txt"} {
		if err := c.AddCR(f, readShared(t, f)); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(t.TempDir(), "index")
	if _, err := Build(context.Background(), dir, c, ""); err != nil {
		t.Fatal(err)
	}
	ix, err := Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	d, err := ix.ReleaseDiff("2026-01-16", "2026-04-17")
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, a := range d.Added {
		found = found || a.Number == "702.190"
	}
	if !found || len(d.Renumbered) == 0 || d.From != "2026-01-16" {
		t.Errorf("diff from %s: %d added (702.190 %v), %d renumbered", d.From, len(d.Added), found, len(d.Renumbered))
	}
	again, err := ix.ReleaseDiff("2026-01-16", "2026-04-17")
	if err != nil || len(again.Changed) != len(d.Changed) {
		t.Errorf("cached diff differs: %v", err)
	}
	for _, bad := range [][2]string{{"2025-11-14", "2026-04-17"}, {"../../etc/passwd", "2026-04-17"}, {"2026-01-16", ""}} {
		if _, err := ix.ReleaseDiff(bad[0], bad[1]); !errors.Is(err, ErrNoRelease) {
			t.Errorf("ReleaseDiff(%q, %q) = %v, want ErrNoRelease", bad[0], bad[1], err)
		}
	}
}

func TestCleanDownloadsOfDeadProcess(t *testing.T) {
	tmp := t.TempDir()
	dead := filepath.Join(tmp, "arbiter-update-dead")
	mine := filepath.Join(tmp, "arbiter-update-mine")
	for d, pid := range map[string]int{dead: 1 << 30, mine: os.Getpid()} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "pid"), []byte(strconv.Itoa(pid)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cleanDownloads(tmp, 2*time.Hour)
	if _, err := os.Stat(dead); err == nil {
		t.Error("the folder of a process that is gone is still there")
	}
	if _, err := os.Stat(mine); err != nil {
		t.Error("the folder of a running process was removed")
	}
}
