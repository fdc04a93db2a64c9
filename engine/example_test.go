package engine_test

import (
	"fmt"

	"arbiter/engine"
)

// Run plays a scenario and checks what it expects.
func ExampleRun() {
	sc, err := engine.ParseScenario([]byte(`
game: mtg
players: [Alice, Bob]
permanents:
  - {id: efreet, name: Rainbow Efreet, types: [creature], power: 3, toughness: 1, controller: Alice}
  - {id: aura, name: Rancor, types: [enchantment], subtypes: [Aura], controller: Alice, attached_to: efreet}
actions:
  - phase_out: [efreet]
expect:
  - phased_out: [efreet, aura]
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := engine.Run(sc)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range r.Events {
		fmt.Println(e.Kind, e.Objects, e.Rule, e.Indirect)
	}
	fmt.Println(r.Expectations[0].Check, r.OK)
	// Output:
	// phase_out [efreet aura] 702.26b false
	// phase_out [aura efreet] 702.26g true
	// phased_out: [efreet, aura] true
}

// Apply returns the next state; the one it was given is unchanged.
func ExampleApply() {
	sc, err := engine.ParseScenario([]byte(`
game: mtg
players: [Alice, Bob]
permanents:
  - {id: keeper, name: Breezekeeper, types: [creature], power: 4, toughness: 4, keywords: [phasing], controller: Alice}
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	st := sc.Initial
	next, events, err := engine.Apply(st, engine.Action{Kind: "advance", Player: "Alice", Step: engine.StepUpkeep})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range events {
		if e.Kind == engine.EventPhaseOut || e.Kind == engine.EventPhaseIn {
			fmt.Println(e.Turn, e.Step, e.Kind, e.Objects, e.Rule)
		}
	}
	fmt.Println(st.Permanents[0].PhasedOut, next.Permanents[0].PhasedOut)
	// Output:
	// 3 untap phase_out [keeper] 702.26a
	// false true
}

// A bad scenario gives an *Error with a code and a line.
func ExampleParseScenario_error() {
	_, err := engine.ParseScenario([]byte("game: mtg\nplayers: [Alice, Bob]\nactions:\n  - phase_out: [efreet]\n"))
	if e, ok := engine.AsError(err); ok {
		fmt.Println(e.Code, e.Line, e.Args)
	}
	// Output:
	// undefined_id 4 [efreet]
}
