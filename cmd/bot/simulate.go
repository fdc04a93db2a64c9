package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"arbiter/engine"
	"arbiter/i18n"
)

// maxScenarioBytes bounds a scenario file.
const maxScenarioBytes = 1 << 20

// simulateJSON is the --json output of bot simulate (cli.md).
type simulateJSON struct {
	Scenario     string          `json:"scenario"`
	Lang         string          `json:"lang"`
	Events       []simEventJSON  `json:"events"`
	Expectations []simExpectJSON `json:"expectations"`
	OK           bool            `json:"ok"`
}

type simEventJSON struct {
	Seq     int      `json:"seq"`
	Turn    int      `json:"turn"`
	Player  string   `json:"player"`
	Step    string   `json:"step"`
	Kind    string   `json:"kind"`
	Objects []string `json:"objects"`
	Rule    string   `json:"rule"`
	Text    string   `json:"text"`
}

type simExpectJSON struct {
	Check  string `json:"check"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
}

// scenariosJSON is the --json output of bot scenarios.
type scenariosJSON struct {
	Lang      string         `json:"lang"`
	Scenarios []scenarioJSON `json:"scenarios"`
}

// scenarioJSON is one preset: its title in the output language, and in all.
type scenarioJSON struct {
	Name   string            `json:"name"`
	Game   string            `json:"game"`
	Title  string            `json:"title"`
	Titles map[string]string `json:"titles"`
}

// cmdSimulate runs a preset or a scenario file and prints its trace:
// exit 1 when an expectation fails, 2 when the scenario is invalid.
func cmdSimulate(e *env, args []string) int {
	fs := e.newFlagSet("simulate")
	var cf commonFlags
	cf.register(fs)
	pos, err := parseInterspersed(fs, args)
	p := e.printer(cf.lang, "")
	if err != nil {
		return e.usageError(p, i18n.KeyBadFlags, "simulate", err.Error())
	}
	if len(pos) != 1 {
		if len(pos) == 0 {
			return e.usageError(p, i18n.KeyErrMissingArg, "simulate", "SCENARIO")
		}
		return e.usageError(p, i18n.KeyErrTooManyArgs, "simulate")
	}
	sc, where, err := loadScenario(pos[0])
	if err != nil {
		fmt.Fprintln(e.stderr, scenarioError(p, where, err))
		return 2
	}
	r, err := engine.Run(sc)
	if err != nil {
		fmt.Fprintln(e.stderr, scenarioError(p, where, err))
		return 2
	}
	if sc.Name == "" {
		r.Name = where
	}
	if cf.json {
		if code := e.writeJSON(simulationJSON(p, r)); code != 0 {
			return code
		}
	} else {
		for _, line := range renderTrace(p, r) {
			fmt.Fprintln(e.stdout, line)
		}
	}
	if !r.OK {
		return 1
	}
	return 0
}

// cmdScenarios lists the presets with their localized titles.
func cmdScenarios(e *env, args []string) int {
	fs := e.newFlagSet("scenarios")
	var cf commonFlags
	cf.register(fs)
	pos, err := parseInterspersed(fs, args)
	p := e.printer(cf.lang, "")
	if err != nil {
		return e.usageError(p, i18n.KeyBadFlags, "scenarios", err.Error())
	}
	if len(pos) > 0 {
		return e.usageError(p, i18n.KeyErrTooManyArgs, "scenarios")
	}
	out := scenariosJSON{Lang: p.Lang().String(), Scenarios: []scenarioJSON{}}
	for _, ps := range engine.Presets() {
		title := presetTitle(ps.Title, p.Lang())
		if cf.json {
			out.Scenarios = append(out.Scenarios, scenarioJSON{Name: ps.Name, Game: ps.Game, Title: title, Titles: ps.Title})
			continue
		}
		fmt.Fprintln(e.stdout, p.T(i18n.KeyEngineScenario, ps.Name, title))
	}
	if cf.json {
		return e.writeJSON(out)
	}
	return 0
}

// presetTitle picks the title in l, else in English.
func presetTitle(t map[string]string, l i18n.Lang) string {
	if s := t[l.String()]; s != "" {
		return s
	}
	return t["en"]
}

// scenarioFileError is a scenario file that could not be read.
type scenarioFileError struct {
	path string
	err  error
}

// Error returns the path and the reason, for logs.
func (e *scenarioFileError) Error() string { return e.path + ": " + e.err.Error() }

// loadScenario reads a scenario file, or a preset by name when no such file
// exists. It returns where the scenario came from, for messages.
func loadScenario(arg string) (*engine.Scenario, string, error) {
	looksLikeFile := strings.ContainsAny(arg, `/\`) || strings.HasSuffix(arg, ".yaml") || strings.HasSuffix(arg, ".yml")
	if _, err := os.Stat(arg); err == nil || looksLikeFile {
		f, err := os.Open(arg)
		if err != nil {
			return nil, arg, &scenarioFileError{arg, err}
		}
		defer f.Close()
		src, err := io.ReadAll(io.LimitReader(f, maxScenarioBytes+1))
		if err != nil {
			return nil, arg, &scenarioFileError{arg, err}
		}
		if len(src) > maxScenarioBytes {
			return nil, arg, &scenarioFileError{arg, errors.New("file larger than 1 MiB")}
		}
		sc, err := engine.ParseScenario(src)
		return sc, arg, err
	}
	sc, err := engine.LoadPreset(arg)
	return sc, arg, err
}

// scenarioError renders an invalid-scenario error for a person: the file
// (or preset) and line, then the localized message of its code.
func scenarioError(p *i18n.Printer, where string, err error) string {
	var fe *scenarioFileError
	if errors.As(err, &fe) {
		return p.T(i18n.KeyEngineReadError, fe.path, fe.err.Error())
	}
	ee, ok := engine.AsError(err)
	if !ok {
		return p.T(i18n.KeyEngineError, where, err.Error())
	}
	if ee.Code == engine.CodeUnknownPreset {
		return p.T(errKey(ee.Code), anyArgs(ee.Args)...)
	}
	loc := where
	if ee.Line > 0 {
		loc = p.T(i18n.KeyEngineAtLine, where, ee.Line)
	}
	return p.T(i18n.KeyEngineError, loc, p.T(errKey(ee.Code), anyArgs(ee.Args)...))
}

func errKey(code string) i18n.Key { return i18n.Key("engine.err." + code) }

func anyArgs(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// simulationJSON builds the --json output.
func simulationJSON(p *i18n.Printer, r *engine.Result) simulateJSON {
	out := simulateJSON{Scenario: r.Name, Lang: p.Lang().String(), Events: []simEventJSON{}, Expectations: []simExpectJSON{}, OK: r.OK}
	for _, ev := range r.Events {
		objs := ev.Objects
		if objs == nil {
			objs = []string{}
		}
		out.Events = append(out.Events, simEventJSON{Seq: ev.Seq, Turn: ev.Turn, Player: ev.Player, Step: ev.Step,
			Kind: ev.Kind, Objects: objs, Rule: ev.Rule, Text: eventText(p, r, ev)})
	}
	for _, c := range r.Expectations {
		out.Expectations = append(out.Expectations, simExpectJSON{Check: c.Check, OK: c.OK, Detail: c.Detail})
	}
	return out
}

// renderTrace renders a run for a person, one line per event (turn, step,
// what happened, the rule cited), then the expectation results. Steps in
// which nothing happened are left out.
func renderTrace(p *i18n.Printer, r *engine.Result) []string {
	lines := []string{p.T(i18n.KeyEngineHeader, r.Name)}
	if t := presetTitle(r.Title, p.Lang()); t != "" {
		lines = append(lines, p.T(i18n.KeyEngineTitle, t))
	}
	for i, ev := range r.Events {
		// Each line names its step; a step event is shown only where the run stops.
		if ev.Kind == "step" && i+1 < len(r.Events) {
			continue
		}
		lines = append(lines, p.T(i18n.KeyEngineLine, ev.Turn, stepName(p, r.Game, ev.Step), eventText(p, r, ev), ruleLabel(p, ev.Rule)))
	}
	if len(r.Expectations) == 0 {
		return append(lines, p.T(i18n.KeyEngineVerdictNone))
	}
	lines = append(lines, p.T(i18n.KeyEngineExpectations))
	failed := 0
	for _, c := range r.Expectations {
		if c.OK {
			lines = append(lines, p.T(i18n.KeyEngineExpectOK, c.Check))
			continue
		}
		failed++
		lines = append(lines, p.T(i18n.KeyEngineExpectFail, c.Check, findingsText(p, r, c.Found)))
	}
	if failed > 0 {
		return append(lines, p.T(i18n.KeyEngineVerdictFail, failed))
	}
	return append(lines, p.T(i18n.KeyEngineVerdictOK, len(r.Expectations)))
}

// findingsText renders what a failed expectation found.
func findingsText(p *i18n.Printer, r *engine.Result, found []engine.Finding) string {
	name := func(id string) string {
		if n, ok := r.Names[id]; ok && n != "" {
			return n
		}
		return id
	}
	var parts []string
	for _, f := range found {
		arg := func(i int) string {
			if i < len(f.Args) {
				return f.Args[i]
			}
			return ""
		}
		num := func(i int) int { n, _ := strconv.Atoi(arg(i)); return n }
		key := "engine.found." + f.Code
		var args []any
		switch f.Code {
		case "state":
			args = []any{name(arg(0)), p.T(i18n.Key("engine.state." + arg(1)))}
		case "zone":
			args = []any{name(arg(0)), p.T(i18n.Key("engine.zone." + arg(1)))}
		case "attached_to":
			args = []any{name(arg(0)), name(arg(1))}
		case "cannot_attack":
			args = []any{name(arg(0)), p.T(i18n.Key("engine.reason." + arg(1)))}
		case "controller", "choice", "pt":
			args = []any{name(arg(0)), arg(1), arg(2)}
		case "damage":
			args = []any{name(arg(0)), num(1)}
		case "counters":
			args = []any{name(arg(0)), num(1), arg(2)}
		case "effect_active":
			key += "." + arg(1)
			args = []any{name(arg(0))}
		case "life", "hand":
			args = []any{arg(0), num(1)}
		case "event":
			args = []any{num(0)}
		case "order", "no_event":
			args = []any{arg(0)}
		default:
			args = []any{name(arg(0))}
		}
		parts = append(parts, p.T(i18n.Key(key), args...))
	}
	return strings.Join(parts, " ; ")
}

// stepName localizes a step (MTG) or phase (Yu-Gi-Oh!).
func stepName(p *i18n.Printer, game, step string) string {
	if game == "ygo" {
		return p.T(i18n.Key("engine.step.ygo." + step))
	}
	return p.T(i18n.Key("engine.step." + step))
}

// ruleLabel renders the rule an event cites.
func ruleLabel(p *i18n.Printer, rule string) string {
	if strings.HasPrefix(rule, "ygo.") {
		return p.T(i18n.Key("engine.rule." + rule))
	}
	return p.T(i18n.KeyEngineRuleCR, rule)
}

// eventText renders one event as a sentence. Every message takes the
// objects' names as a list (%[1]s) and the player (%[2]s); the arguments
// from %[3]s on depend on the kind, in the order the engine documents.
func eventText(p *i18n.Printer, r *engine.Result, ev engine.Event) string {
	name := func(id string) string {
		if n, ok := r.Names[id]; ok && n != "" {
			return n
		}
		return id
	}
	obj := func(i int) string {
		if i < len(ev.Objects) {
			return name(ev.Objects[i])
		}
		return ""
	}
	arg := func(i int) string {
		if i < len(ev.Args) {
			return ev.Args[i]
		}
		return ""
	}
	num := func(s string) int { n, _ := strconv.Atoi(s); return n }
	names := make([]string, len(ev.Objects))
	for i, id := range ev.Objects {
		names[i] = name(id)
	}
	key := "engine.event." + ev.Kind
	extra := []any{}
	switch ev.Kind {
	case "step":
		extra = []any{stepName(p, r.Game, ev.Step)}
	case "phase_out", "phase_in":
		switch {
		case ev.Indirect:
			key += ".indirect"
			extra = []any{obj(0), obj(1)}
		case arg(0) == "tapped":
			key += ".tapped"
		default:
			extra = []any{len(ev.Objects)}
		}
	case "untap", "tap":
		extra = []any{len(ev.Objects)}
	case "phase_in_unattached", "block", "attach", "illegal_target", "effect_never_starts":
		extra = []any{obj(0), obj(1)}
	case "phase_out_prevented", "phasing_player_gone":
		extra = []any{name(arg(0))}
	case "phase_in_blocked":
		switch ev.Rule {
		case "610.4a":
			key += ".until"
			extra = []any{name(strings.TrimSuffix(arg(0), "_leaves"))}
		case "702.26g":
			key += ".indirect"
		}
	case "cast":
		if len(ev.Objects) < 2 {
			key += ".notarget"
			extra = []any{obj(0)}
		} else {
			extra = []any{obj(0), p.List(names[1:])}
		}
	case "resolve", "fizzle":
		extra = []any{obj(0)}
	case "damage":
		src, dst := "", ""
		if arg(1) == "player" {
			dst = ev.Player
			if len(ev.Objects) > 0 {
				src = obj(0)
			}
		} else {
			dst = obj(len(ev.Objects) - 1)
			if len(ev.Objects) > 1 {
				src = obj(0)
			}
		}
		if src == "" {
			key += ".nosource"
		}
		extra = []any{src, dst, num(arg(0))}
	case "leaves_battlefield":
		extra = []any{p.T(i18n.Key("engine.zone." + arg(0)))}
	case "attack":
		extra = []any{len(ev.Objects), arg(0)}
	case "counter":
		extra = []any{arg(0), num(arg(1)), num(arg(2))}
	case "effect_begins", "effect_excludes":
		if len(ev.Objects) < 2 {
			key += ".none"
			extra = []any{obj(0)}
		} else {
			extra = []any{obj(0), p.List(names[1:])}
		}
	case "effect_ends":
		if ev.Rule == "702.26f" {
			key += ".phased"
		}
		extra = []any{obj(0)}
	case "control":
		extra = []any{arg(0), arg(1)}
	case "state_based":
		key += "." + arg(0)
	case "trigger", "no_trigger":
		extra = []any{p.T(i18n.Key("engine.trigger." + arg(0)))}
	case "unaffected":
		if ev.Rule != "702.26b" {
			key += ".gone"
		}
	case "leaves_game":
		if len(ev.Objects) == 0 {
			key += ".none"
		}
	case "ygo_activate":
		extra = []any{arg(1)}
	case "phase_end":
		extra = []any{stepName(p, r.Game, ev.Step)}
	case "hand_discard":
		extra = []any{num(arg(0)), num(arg(1))}
	}
	args := append([]any{p.List(names), ev.Player}, extra...)
	return p.T(i18n.Key(key), args...)
}
