package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"arbiter/cmd/bot/internal/preset"
	"arbiter/cmd/bot/internal/render"
	"arbiter/engine"
	"arbiter/i18n"
)

// maxScenarioBytes bounds a scenario file.
const maxScenarioBytes = 1 << 20

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
	r, err := runScenario(pos[0])
	if err != nil {
		fmt.Fprintln(e.stderr, render.ScenarioErrorMessage(p, pos[0], err))
		return 2
	}
	if cf.json {
		if code := e.writeJSON(render.SimulationOf(p, r)); code != 0 {
			return code
		}
	} else {
		for _, line := range render.Trace(p, r) {
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
		title := render.PresetTitle(ps.Title, p.Lang())
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

// runScenario runs a scenario file, or a preset by name when no such file
// exists.
func runScenario(arg string) (*engine.Result, error) {
	looksLikeFile := strings.ContainsAny(arg, `/\`) || strings.HasSuffix(arg, ".yaml") || strings.HasSuffix(arg, ".yml")
	if _, err := os.Stat(arg); err != nil && !looksLikeFile {
		return preset.Run(arg)
	}
	sc, err := readScenario(arg)
	if err != nil {
		return nil, err
	}
	r, err := engine.Run(sc)
	if err != nil {
		return nil, err
	}
	if sc.Name == "" {
		r.Name = arg
	}
	return r, nil
}

// readScenario reads and parses a scenario file.
func readScenario(path string) (*engine.Scenario, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &render.ScenarioFileError{Path: path, Err: err}
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, maxScenarioBytes+1))
	if err != nil {
		return nil, &render.ScenarioFileError{Path: path, Err: err}
	}
	if len(src) > maxScenarioBytes {
		return nil, &render.ScenarioFileError{Path: path, Err: errors.New("file larger than 1 MiB")}
	}
	return engine.ParseScenario(src)
}
