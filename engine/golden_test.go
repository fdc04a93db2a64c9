package engine

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden event logs in testdata/golden")

// archive is a txtar archive: a comment, then named files.
type archive struct {
	comment []byte
	files   []archiveFile
}

type archiveFile struct {
	name string
	data []byte
}

// parseArchive reads the txtar format: "-- name --" lines start each file.
func parseArchive(b []byte) archive {
	var a archive
	cur := &a.comment
	for len(b) > 0 {
		line := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line, b = b[:i+1], b[i+1:]
		} else {
			b = nil
		}
		t := bytes.TrimRight(line, "\r\n")
		if bytes.HasPrefix(t, []byte("-- ")) && bytes.HasSuffix(t, []byte(" --")) && len(t) > 6 {
			a.files = append(a.files, archiveFile{name: string(t[3 : len(t)-3])})
			cur = &a.files[len(a.files)-1].data
			continue
		}
		*cur = append(*cur, line...)
	}
	return a
}

func (a archive) format() []byte {
	var b bytes.Buffer
	b.Write(a.comment)
	for _, f := range a.files {
		fmt.Fprintf(&b, "-- %s --\n", f.name)
		b.Write(f.data)
	}
	return b.Bytes()
}

// eventLog renders events one per line, for golden files.
func eventLog(evs []Event) string {
	var b strings.Builder
	for _, e := range evs {
		fmt.Fprintf(&b, "%d t%d %s %s %s", e.Seq, e.Turn, e.Player, e.Step, e.Kind)
		if len(e.Objects) > 0 {
			fmt.Fprintf(&b, " [%s]", strings.Join(e.Objects, " "))
		}
		if e.Indirect {
			b.WriteString(" indirect")
		}
		if len(e.Args) > 0 {
			fmt.Fprintf(&b, " (%s)", strings.Join(e.Args, " "))
		}
		fmt.Fprintf(&b, " %s\n", e.Rule)
	}
	return b.String()
}

// TestGolden runs each testdata/golden/*.txtar scenario and compares its
// event log and expectation results with the archive's "events" file.
// With -update it rewrites that file.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "golden", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no golden archives")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			a := parseArchive(raw)
			var src []byte
			evIdx := -1
			for i, f := range a.files {
				switch f.name {
				case "scenario.yaml":
					src = f.data
				case "events":
					evIdx = i
				}
			}
			if src == nil {
				t.Fatal("archive has no scenario.yaml")
			}
			r := run(t, string(src))
			got := eventLog(r.Events)
			for _, c := range r.Expectations {
				got += fmt.Sprintf("expect %t %s\n", c.OK, c.Check)
			}
			if *update {
				if evIdx < 0 {
					a.files = append(a.files, archiveFile{name: "events"})
					evIdx = len(a.files) - 1
				}
				a.files[evIdx].data = []byte(got)
				if err := os.WriteFile(file, a.format(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if evIdx < 0 {
				t.Fatal("archive has no events file (run with -update)")
			}
			if want := string(a.files[evIdx].data); got != want {
				t.Errorf("event log differs (run with -update to accept)\ngot:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// TestApplyLeavesInputUnchanged applies every preset action and checks that
// the state given to Apply is identical afterwards.
func TestApplyLeavesInputUnchanged(t *testing.T) {
	for _, p := range Presets() {
		t.Run(p.Name, func(t *testing.T) {
			sc, err := LoadPreset(p.Name)
			if err != nil {
				t.Fatal(err)
			}
			st := sc.Initial
			for _, a := range sc.Actions {
				before := st.clone()
				next, _, err := Apply(st, a)
				if err != nil {
					t.Fatal(err)
				}
				if after := st.clone(); !reflect.DeepEqual(before, after) {
					t.Fatalf("Apply(%s) changed its input state", a.Text)
				}
				st = next
			}
		})
	}
}

// TestDeterministic runs a preset twice and compares the traces.
func TestDeterministic(t *testing.T) {
	for _, name := range []string{"teferis-protection", "ygo-end-phase"} {
		sc, err := LoadPreset(name)
		if err != nil {
			t.Fatal(err)
		}
		a, err := Run(sc)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Run(sc)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a.Events, b.Events) {
			t.Errorf("%s: two runs differ", name)
		}
	}
}

// TestFramesExposeBoard checks that frames carry the board after each action.
func TestFramesExposeBoard(t *testing.T) {
	sc, err := LoadPreset("aura-phases-with-host")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	first := r.Frames[0].State
	efreet := first.perm("efreet")
	rancor := first.perm("rancor")
	if !efreet.PhasedOut || efreet.PhasedIndirect || !rancor.PhasedOut || !rancor.PhasedIndirect || rancor.AttachedTo != "efreet" {
		t.Errorf("frame 0: efreet out=%t indirect=%t, rancor out=%t indirect=%t on %q",
			efreet.PhasedOut, efreet.PhasedIndirect, rancor.PhasedOut, rancor.PhasedIndirect, rancor.AttachedTo)
	}
	if r.Frames[0].Action != "phase_out: [efreet]" {
		t.Errorf("frame 0 action = %q", r.Frames[0].Action)
	}
	if names := first.Names(); names["efreet"] != "Rainbow Efreet" {
		t.Errorf("Names()[efreet] = %q", names["efreet"])
	}
	last := r.Frames[len(r.Frames)-1].State
	if e := last.perm("efreet"); e.PhasedOut || e.Power != 6 || e.Toughness != 2 || !e.Has("trample") {
		t.Errorf("last frame: efreet out=%t %d/%d abilities %v", e.PhasedOut, e.Power, e.Toughness, e.Abilities)
	}
}
