package engine

import (
	"embed"
	"fmt"
	"path"
	"sort"
	"strings"
)

// Result is the outcome of running a scenario.
type Result struct {
	Name, Game   string
	Title        map[string]string
	Events       []Event
	Expectations []Check
	OK           bool
	// Frames holds one entry per action, with the State after it.
	Frames []Frame
	// Initial is the State before the first action.
	Initial State
	// Final is the State after the last action.
	Final State
	// Names maps every id the run met (permanents, spells, effects,
	// Yu-Gi-Oh! effects) to its display name.
	Names map[string]string
	// LocalNames maps the id of every object given as a real card to the
	// card's printed names by language ("fr", "ja"), for a reader in that
	// language; Names keeps the English name.
	LocalNames map[string]map[string]string
	// Sources maps the id of every activated or triggered ability the run
	// put on the stack to the id of the permanent it comes from, and the id
	// of every effect a spell or ability created to that spell or ability's:
	// a reader knows them by their source ("Out of Time's ability").
	Sources map[string]string
}

// noteStackObject records the name, printed names and source of a spell
// or ability.
func (r *Result) noteStackObject(o *StackObject) {
	if o.ID == "" {
		return
	}
	if _, ok := r.Names[o.ID]; !ok || o.Name != "" {
		r.Names[o.ID] = o.Name
		if o.Name == "" {
			r.Names[o.ID] = o.ID
		}
	}
	if len(o.LocalNames) > 0 {
		r.LocalNames[o.ID] = o.LocalNames
	}
	if o.Source != "" && o.Source != o.ID {
		r.Sources[o.ID] = o.Source
	}
}

// noteAction records the names of the spells an action casts, refused
// ones included, so that a trace names them.
func (r *Result) noteAction(a *Action) {
	if a.Inner != nil {
		r.noteAction(a.Inner)
	}
	if a.Spell != nil && a.Kind == ActionCast {
		r.noteStackObject(a.Spell)
	}
}

// Check is the outcome of one expectation.
type Check struct {
	Check  string // the expectation, e.g. "phased_out: [efreet, aura]"
	OK     bool
	Detail string // in English: what was found instead, or which event matched
	// Found holds the same as data, for rendering in the reader's language.
	Found []Finding
	// After is the number of actions performed when it was checked: the
	// index of its check or illegal action plus one, or len(actions) for the
	// final expect entries.
	After int
	// Line is the expectation's line in the scenario.
	Line int
}

// Frame is one step of a run: the action, its events, and the State after it.
type Frame struct {
	Index  int
	Action string
	Events []Event
	State  State
}

// Options tune Run. The zero value keeps everything.
type Options struct {
	// NoFrames drops the per-action frames, so that a long run keeps no
	// history beyond the events.
	NoFrames bool
	// NoEvents drops the trace too; event checks then see nothing.
	NoEvents bool
}

// Run performs every action of s in order and checks its expectations.
func Run(s *Scenario) (*Result, error) { return RunWith(s, Options{}) }

// RunWith is Run with options.
func RunWith(s *Scenario, opt Options) (*Result, error) {
	if s == nil {
		return nil, fmt.Errorf("engine: run: nil scenario")
	}
	if len(s.Actions) > MaxActions {
		return nil, fmt.Errorf("engine: run: %w", errorf(CodeTooManyActions, 0, 0, fmt.Sprint(MaxActions)))
	}
	r := &Result{Name: s.Name, Game: s.Game, Title: s.Title, Initial: s.Initial.clone(), OK: true}
	st := s.Initial.clone()
	r.Names = st.Names()
	r.LocalNames = map[string]map[string]string{}
	for _, p := range st.Permanents {
		if len(p.LocalNames) > 0 {
			r.LocalNames[p.ID] = p.LocalNames
		}
	}
	r.Sources = map[string]string{}
	for i := range s.Actions {
		r.noteAction(&s.Actions[i])
	}
	left := len(st.LeftStack)
	record := func(c Check) {
		r.Expectations = append(r.Expectations, c)
		r.OK = r.OK && c.OK
	}
	for i, a := range s.Actions {
		next, evs, err := Apply(st, a)
		if a.Kind == ActionIllegal {
			c := Check{Check: a.Text, After: i + 1, Line: a.Line}
			if e, ok := AsError(err); ok && e.Code == CodeNotRefused {
				err = nil
				c.Found = []Finding{find("allowed", a.Inner.Text)}
			} else if err == nil {
				for _, ev := range evs {
					if ev.Kind == EventRefused {
						c.OK = ev.Rule == a.Rule
						if !c.OK {
							c.Found = []Finding{find("refused", ev.Rule, ev.Args[1])}
						}
					}
				}
			}
			c.Detail = findingsDetail(c.Found)
			record(c)
		}
		if err != nil {
			return nil, err
		}
		st = next
		for i := range st.Stack {
			r.noteStackObject(&st.Stack[i])
		}
		for i := left; i < len(st.LeftStack); i++ {
			r.noteStackObject(&st.LeftStack[i])
		}
		left = len(st.LeftStack)
		for _, e := range st.Effects {
			if _, ok := r.Names[e.ID]; !ok {
				r.Names[e.ID] = e.Name
				if e.Name == "" {
					r.Names[e.ID] = e.ID
				}
			}
			if e.Origin != "" {
				r.Sources[e.ID] = e.Origin
			}
		}
		if !opt.NoEvents {
			r.Events = append(r.Events, evs...)
		}
		for _, x := range a.Checks {
			c := x.evaluate(&st, r.Events)
			c.After = i + 1
			record(c)
		}
		if !opt.NoFrames {
			r.Frames = append(r.Frames, Frame{Index: i, Action: a.Text, Events: evs, State: st})
		}
	}
	r.Final = st
	for _, x := range s.Expect {
		c := x.evaluate(&st, r.Events)
		c.After = len(s.Actions)
		record(c)
	}
	return r, nil
}

// RunPreset loads the named preset and runs it. A name that is no preset
// gives an error for which errors.Is(err, ErrUnknownPreset) holds (an *Error
// with Code unknown_preset and the name in Args).
func RunPreset(name string, opt Options) (*Scenario, *Result, error) {
	sc, err := LoadPreset(name)
	if err != nil {
		return nil, nil, err
	}
	r, err := RunWith(sc, opt)
	if err != nil {
		return sc, nil, err
	}
	return sc, r, nil
}

// presetFS holds the preset scenarios.
//
//go:embed presets/*.yaml
var presetFS embed.FS

// PresetInfo describes a preset scenario.
type PresetInfo struct {
	Name, Game string
	Title      map[string]string // en, fr, ja
}

// Presets returns the embedded preset scenarios, sorted by name. It reads
// only each file's header (game and title), which presets put first, so it
// is cheap enough to call per request; TestPresets checks it agrees with
// LoadPreset.
func Presets() []PresetInfo {
	files, _ := presetFS.ReadDir("presets")
	var out []PresetInfo
	for _, f := range files {
		name := strings.TrimSuffix(f.Name(), ".yaml")
		src, err := presetFS.ReadFile(path.Join("presets", f.Name()))
		if err != nil {
			continue
		}
		info, ok := presetHeader(src)
		if !ok {
			sc, err := LoadPreset(name)
			if err != nil {
				continue // a broken preset fails the preset tests
			}
			info = PresetInfo{Game: sc.Game, Title: sc.Title}
		}
		info.Name = name
		out = append(out, info)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// presetHeader reads game and title from the lines before "players:".
func presetHeader(src []byte) (PresetInfo, bool) {
	i := strings.Index(string(src), "\nplayers:")
	if i < 0 {
		return PresetInfo{}, false
	}
	v, err := parseYAML(src[:i+1])
	if err != nil || v.kind != mapValue {
		return PresetInfo{}, false
	}
	f := &fields{v: v}
	game, err := f.optStr("game", "")
	if err != nil || game == "" {
		return PresetInfo{}, false
	}
	tv := f.get("title")
	if tv == nil || tv.kind != mapValue {
		return PresetInfo{}, false
	}
	title := map[string]string{}
	for i, k := range tv.keys {
		title[k.s] = tv.items[i].s
	}
	return PresetInfo{Game: game, Title: title}, true
}

// PresetSource returns the YAML of the named preset, for a reader to copy
// and change; a name that is no preset gives an error matching
// ErrUnknownPreset.
func PresetSource(name string) ([]byte, error) {
	if !validID(name) {
		return nil, errorf(CodeUnknownPreset, 0, 0, name)
	}
	src, err := presetFS.ReadFile(path.Join("presets", name+".yaml"))
	if err != nil {
		return nil, errorf(CodeUnknownPreset, 0, 0, name)
	}
	return src, nil
}

// LoadPreset parses the named preset.
func LoadPreset(name string) (*Scenario, error) {
	src, err := PresetSource(name)
	if err != nil {
		return nil, err
	}
	sc, err := ParseScenario(src)
	if err != nil {
		return nil, fmt.Errorf("engine: preset %s: %w", name, err)
	}
	if sc.Name == "" {
		sc.Name = name
	}
	return sc, nil
}
