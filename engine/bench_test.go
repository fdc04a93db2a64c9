package engine

import (
	"fmt"
	"strings"
	"testing"

	"arbiter/engine/cardlang"
)

// BenchmarkPreset parses and runs one preset end to end.
func BenchmarkPreset(b *testing.B) {
	src, err := presetFS.ReadFile("presets/teferis-protection.yaml")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		sc, err := ParseScenario(src)
		if err != nil {
			b.Fatal(err)
		}
		r, err := Run(sc)
		if err != nil || !r.OK {
			b.Fatalf("run: %v, ok=%v", err, r != nil && r.OK)
		}
	}
}

// BenchmarkPresetRun runs one parsed preset: the engine alone.
func BenchmarkPresetRun(b *testing.B) {
	sc, err := LoadPreset("teferis-protection")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if r, err := Run(sc); err != nil || !r.OK {
			b.Fatal(err)
		}
	}
}

// phasingBoard returns a scenario with n creatures per player, every other
// one with phasing and every fourth one wearing an Aura.
func phasingBoard(n int) string {
	var b strings.Builder
	b.WriteString("game: mtg\nplayers: [Alice, Bob]\npermanents:\n")
	for _, pl := range []string{"Alice", "Bob"} {
		for i := 0; i < n; i++ {
			kw := ""
			if i%2 == 0 {
				kw = ", keywords: [phasing]"
			}
			fmt.Fprintf(&b, "  - {id: %s-c%d, types: [creature], power: 2, toughness: 2, controller: %s, counters: {\"+1/+1\": 1}%s}\n", pl, i, pl, kw)
			if i%4 == 0 {
				fmt.Fprintf(&b, "  - {id: %s-a%d, types: [enchantment], subtypes: [Aura], controller: %s, attached_to: %s-c%d}\n", pl, i, pl, pl, i)
			}
		}
	}
	return b.String()
}

// runTurns advances the game turns times, dropping each turn's events.
func runTurns(tb testing.TB, st State, turns int) State {
	players := []string{st.Players[1].Name, st.Players[0].Name}
	for i := 0; i < turns; i++ {
		next, _, err := Apply(st, Action{Kind: "advance", Player: players[i%2], Step: StepUpkeep})
		if err != nil {
			tb.Fatal(err)
		}
		st = next
	}
	return st
}

// BenchmarkTenThousandTurns plays 10,000 turns of a board of 40 creatures
// (half with phasing) and 10 Auras, keeping no history.
func BenchmarkTenThousandTurns(b *testing.B) {
	sc, err := ParseScenario([]byte(phasingBoard(20)))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		runTurns(b, sc.Initial, 10000)
	}
}

// TestLongGameStaysFlat checks that a long game keeps no growing history:
// the state after 1,000 turns is the same size as after 10.
func TestLongGameStaysFlat(t *testing.T) {
	sc, err := ParseScenario([]byte(phasingBoard(6)))
	if err != nil {
		t.Fatal(err)
	}
	size := func(s State) [4]int {
		return [4]int{len(s.Permanents), len(s.Effects), len(s.Stack), len(s.Pending)}
	}
	a := runTurns(t, sc.Initial, 10)
	z := runTurns(t, a, 990)
	if size(a) != size(z) {
		t.Errorf("state grew: %v after 10 turns, %v after 1000", size(a), size(z))
	}
	if z.Turn != 1001 {
		t.Errorf("turn = %d, want 1001", z.Turn)
	}
	// Every other turn of each player flips the phasing creatures.
	if p := z.perm("Alice-c0"); !p.PhasedOut && z.perm("Alice-c1").PhasedOut {
		t.Errorf("phasing creature Alice-c0 out=%t, plain Alice-c1 out=%t", p.PhasedOut, z.perm("Alice-c1").PhasedOut)
	}
}

// customScenario is a scenario a user might paste: ten permanents (two
// given by card name) and ten actions with casting, combat and phasing.
const customScenario = `game: mtg
players: [Alice, Bob]
start: {turn: 3, active: Alice, step: main1}
permanents:
  - {id: angel, name: Serra Angel, types: [creature], power: 4, toughness: 4, keywords: [flying, vigilance], controller: Alice}
  - {id: knight, card: White Knight, controller: Alice}
  - {id: drake, card: Teferi's Drake, controller: Alice}
  - {id: rancor, name: Rancor, types: [enchantment], subtypes: [Aura], controller: Alice, attached_to: knight, static: [{kind: anthem, power: 2, toughness: 0, affects: enchanted}]}
  - {id: island, name: Island, types: [land], subtypes: [Island], controller: Alice}
  - {id: bears, card: Grizzly Bears, controller: Bob}
  - {id: giant, name: Hill Giant, types: [creature], power: 3, toughness: 3, controller: Bob}
  - {id: spider, name: Giant Spider, types: [creature], power: 2, toughness: 4, keywords: [reach], controller: Bob}
  - {id: wall, name: Wall of Stone, types: [creature], subtypes: [Wall], power: 0, toughness: 8, keywords: [defender], controller: Bob}
  - {id: swamp, name: Swamp, types: [land], subtypes: [Swamp], controller: Bob}
actions:
  - cast: {id: bolt, name: Lightning Bolt, controller: Alice, targets: [giant], damage: 3}
  - cast: {id: ripple, name: Reality Ripple, controller: Bob, targets: [giant], phase_out: true}
  - resolve: ripple
  - resolve: bolt
  - attack: {attackers: [angel, knight], defender: Bob}
  - illegal: {action: {block: {blocker: bears, attacker: angel}}, rule: "702.9b"}
  - block: {blocker: spider, attacker: angel}
  - advance: {player: Alice, step: end_combat}
  - draw: {player: Alice, for_each: {controller: Alice, types: [creature]}}
  - advance: {player: Bob, step: upkeep}
expect:
  - phased_in: [giant]
  - life: {Bob: 16}
  - hand: {Alice: 3}
`

// BenchmarkCustomScenario parses and runs a custom scenario of ten
// permanents and ten actions (target: under 2 ms).
func BenchmarkCustomScenario(b *testing.B) {
	cards := testCards()
	src := []byte(customScenario)
	b.ReportAllocs()
	for b.Loop() {
		sc, err := ParseScenarioWith(src, ParseOptions{Cards: cards})
		if err != nil {
			b.Fatal(err)
		}
		r, err := Run(sc)
		if err != nil || !r.OK {
			b.Fatalf("run: %v, ok=%v", err, r != nil && r.OK)
		}
	}
}

// BenchmarkCompileAndCheckAll compiles every card of the cards data into
// the card language and asks the engine whether it simulates each as
// printed (Lacks), once per iteration: what `bot cards coverage` does;
// the target is under 2 s.
func BenchmarkCompileAndCheckAll(b *testing.B) {
	d := realCards(b)
	var srcs []cardlang.Source
	seen := map[string]bool{}
	for _, l := range d.lines {
		if seen[l.Name] {
			continue
		}
		seen[l.Name] = true
		if c, ok := d.Card(l.Name); ok {
			srcs = append(srcs, cardlang.Source{Name: c.Name, ManaCost: c.ManaCost, TypeLine: l.TypeLine, Text: c.Text, Faces: c.Faces})
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		cp := cardlang.NewCompiler()
		compiled, simulated := 0, 0
		for _, s := range srcs {
			card, err := cp.Compile(s)
			if err != nil {
				continue
			}
			compiled++
			if _, what := Lacks(card); what == "" {
				simulated++
			}
		}
		b.ReportMetric(float64(len(srcs)), "cards")
		b.ReportMetric(float64(compiled), "compiled")
		b.ReportMetric(float64(simulated), "simulated")
	}
}
