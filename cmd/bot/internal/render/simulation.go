package render

import (
	"arbiter/engine"
	"arbiter/i18n"
)

// Simulation is a run as data, the JSON shape of "bot simulate --json" (spec/cli.md).
type Simulation struct {
	Scenario     string           `json:"scenario"`
	Lang         string           `json:"lang"`
	Events       []SimEvent       `json:"events"`
	Expectations []SimExpectation `json:"expectations"`
	OK           bool             `json:"ok"`
}

// SimEvent is one event of a run, with its sentence.
type SimEvent struct {
	Seq     int      `json:"seq"`
	Turn    int      `json:"turn"`
	Player  string   `json:"player"`
	Step    string   `json:"step"`
	Kind    string   `json:"kind"`
	Objects []string `json:"objects"`
	Rule    string   `json:"rule"`
	Text    string   `json:"text"`
}

// SimExpectation is one expectation of a scenario and whether the run met it.
type SimExpectation struct {
	Check  string `json:"check"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
}

// SimulationOf is run r as data, each event with its sentence in p's language.
func SimulationOf(p *i18n.Printer, r *engine.Result) Simulation {
	out := Simulation{Scenario: r.Name, Lang: p.Lang().String(), Events: []SimEvent{}, Expectations: []SimExpectation{}, OK: r.OK}
	for _, ev := range r.Events {
		objs := ev.Objects
		if objs == nil {
			objs = []string{}
		}
		out.Events = append(out.Events, SimEvent{Seq: ev.Seq, Turn: ev.Turn, Player: ev.Player, Step: ev.Step,
			Kind: string(ev.Kind), Objects: objs, Rule: ev.Rule, Text: EventText(p, r, ev)})
	}
	for _, c := range r.Expectations {
		out.Expectations = append(out.Expectations, SimExpectation{Check: c.Check, OK: c.OK, Detail: c.Detail})
	}
	return out
}
