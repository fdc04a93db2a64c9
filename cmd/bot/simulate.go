package main

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"arbiter/cmd/bot/internal/render"
	"arbiter/cmd/bot/internal/sim"
	"arbiter/data"
	"arbiter/engine"
	"arbiter/i18n"
	"arbiter/kb"
)

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
	pos, p, code, ok := e.parseArgs(fs, args, &cf.lang, false)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		if len(pos) == 0 {
			return e.usageError(p, i18n.KeyErrMissingArg, "simulate", "SCENARIO")
		}
		return e.usageError(p, i18n.KeyErrTooManyArgs, "simulate")
	}
	cards, closeCards, err := e.scenarioCards(p, cf.index, true)
	if err != nil {
		return e.inputError(p, err)
	}
	defer closeCards()
	r, err := runScenario(e.ctx, cards, pos[0])
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
	pos, p, code, ok := e.parseArgs(fs, args, &cf.lang, false)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return e.usageError(p, i18n.KeyErrTooManyArgs, "scenarios")
	}
	cards, closeCards, err := e.scenarioCards(p, cf.index, false)
	if err != nil {
		return e.inputError(p, err)
	}
	defer closeCards()
	out := scenariosJSON{Lang: p.Lang().String(), Scenarios: []scenarioJSON{}}
	for _, ps := range engine.Presets() {
		// Titles name cards as the cards data does in each language.
		titles := sim.LocalizeTitle(e.ctx, cards, ps.Title)
		title := render.PresetTitle(titles, p.Lang())
		if cf.json {
			out.Scenarios = append(out.Scenarios, scenarioJSON{Name: ps.Name, Game: ps.Game, Title: title, Titles: titles})
			continue
		}
		fmt.Fprintln(e.stdout, p.T(i18n.KeyEngineScenario, ps.Name, title))
	}
	if cf.json {
		return e.writeJSON(out)
	}
	return 0
}

// scenarioCards is what a scenario's cards are found in: the index at
// dir, else the default index when texts are needed, else the card names
// of the embedded corpus (names in every language, no texts), enough for
// titles.
func (e *env) scenarioCards(p *i18n.Printer, dir string, texts bool) (sim.CardSource, func(), error) {
	if dir != "" || texts {
		ix, err := e.openIndex(e.ctx, p, dir)
		if err != nil {
			return nil, nil, err
		}
		return ix, func() { ix.Close() }, nil
	}
	src, err := fs.ReadFile(data.FS(), "cards.yaml")
	if err != nil {
		return nil, nil, err
	}
	cards, err := kb.ParseCardNames("cards.yaml", src)
	if err != nil {
		return nil, nil, err
	}
	return sim.NewNameTable(cards), func() {}, nil
}

// runScenario runs a scenario file, or a preset by name when no such file
// exists, with the real cards of ix.
func runScenario(ctx context.Context, ix sim.CardSource, arg string) (*engine.Result, error) {
	looksLikeFile := strings.ContainsAny(arg, `/\`) || strings.HasSuffix(arg, ".yaml") || strings.HasSuffix(arg, ".yml")
	if _, err := os.Stat(arg); err != nil && !looksLikeFile {
		_, r, err := sim.Preset(ctx, arg, ix)
		return r, err
	}
	src, err := readScenario(arg)
	if err != nil {
		return nil, err
	}
	sc, r, err := sim.Play(ctx, src, arg, ix, sim.FileLimits())
	return r, render.NamedRunError(ctx, sc, ix, err)
}

// readScenario reads a scenario file.
func readScenario(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &render.ScenarioFileError{Path: path, Err: err}
	}
	defer f.Close()
	max := sim.FileLimits().MaxBytes
	src, err := io.ReadAll(io.LimitReader(f, int64(max)+1))
	if err != nil {
		return nil, &render.ScenarioFileError{Path: path, Err: err}
	}
	if len(src) > max {
		return nil, &sim.LimitError{What: "bytes", Limit: max, Got: len(src)}
	}
	return src, nil
}
