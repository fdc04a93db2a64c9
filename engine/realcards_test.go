package engine

import (
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
	"testing"

	"arbiter/engine/cardlang"
)

// simulatedCards compiles every card of the shared cards data once: the
// cards the engine simulates as printed, with their compiled text, and
// the number of cards read and compiled.
var simulatedCards = sync.OnceValues(func() ([]simCard, [2]int) {
	d, err := loadedCards()
	if err != nil {
		return nil, [2]int{}
	}
	cp := cardlang.NewCompiler()
	seen := map[string]bool{}
	var out []simCard
	var n [2]int
	for _, l := range d.lines {
		if seen[l.Name] {
			continue
		}
		seen[l.Name] = true
		c, ok := d.Card(l.Name)
		if !ok {
			continue
		}
		n[0]++
		card, err := cp.Compile(cardlang.Source{Name: c.Name, ManaCost: c.ManaCost, TypeLine: l.TypeLine, Text: c.Text, Faces: c.Faces})
		if err != nil {
			continue
		}
		n[1]++
		if _, what := Lacks(card); what == "" {
			cc := card
			out = append(out, simCard{c, &cc})
		}
	}
	return out, n
})

// simCard is a card of the data the engine simulates.
type simCard struct {
	info CardInfo
	text *cardlang.Card
}

// TestSimulatedShare checks that at least a quarter of the cards of the
// cards data compile and are simulated as printed (the figures are in
// BENCHMARKS.md; bot cards coverage counts them by Oracle ID).
func TestSimulatedShare(t *testing.T) {
	realCards(t)
	cards, n := simulatedCards()
	share := float64(len(cards)) / float64(n[0])
	t.Logf("%d cards, %d compiled, %d simulated (%.1f%%)", n[0], n[1], len(cards), 100*share)
	if share < 0.25 {
		t.Errorf("%.1f%% of the cards are simulated, want at least 25%%", 100*share)
	}
}

// TestEverySimulatedCardPlays plays every card the engine simulates, as a
// spell cast with default targets or as a permanent whose activated
// abilities are activated, then through combat, a turn and a
// destruction: none may panic or fail but for a rule that refuses an
// action, and every event must cite a rule of the Comprehensive Rules
// whose words fit it.
func TestEverySimulatedCardPlays(t *testing.T) {
	t.Parallel()
	rules := crRules(t)
	realCards(t)
	cards, _ := simulatedCards()
	var mu sync.Mutex
	problems := map[string][]string{}
	note := func(k, v string) {
		mu.Lock()
		problems[k] = append(problems[k], v)
		mu.Unlock()
	}
	resolved := 0
	for _, sc := range cards {
		func() {
			defer func() {
				if r := recover(); r != nil {
					note("panic", fmt.Sprintf("%s: %v\n%s", sc.info.Name, r, debug.Stack()))
				}
			}()
			resolved += playCard(t, rules, sc, note)
		}()
	}
	t.Logf("%d cards played, %d spells and abilities resolved", len(cards), resolved)
	for k, vs := range problems {
		t.Errorf("%d × %s, e.g. %s", len(vs), k, strings.Join(vs[:min(3, len(vs))], "; "))
	}
}

// smokeBoard is the board every card is played on.
const smokeBoard = `game: mtg
players: [Alice, Bob]
start: {turn: 3, active: Alice, step: main1, hand: {Alice: 3, Bob: 3}, library: {Alice: 20, Bob: 20}}
permanents:
  - {id: a1, name: Bear, types: [creature], subtypes: [Bear], power: 2, toughness: 2, controller: Alice}
  - {id: b1, name: Bear, types: [creature], subtypes: [Bear], power: 2, toughness: 2, controller: Bob}
  - {id: b2, name: Wall, types: [artifact, creature], power: 0, toughness: 4, controller: Bob}
  - {id: l1, name: Forest, types: [land], subtypes: [Forest], controller: Alice}
  - {id: l2, name: Island, types: [land], subtypes: [Island], controller: Bob}
  - {id: e1, name: Shrine, types: [enchantment], controller: Bob}
  - {id: g1, name: Relic, types: [artifact], controller: Bob, zone: graveyard}
  - {id: g2, name: Bear, types: [creature], power: 2, toughness: 2, controller: Alice, zone: graveyard}
`

// playCard plays one card (see TestEverySimulatedCardPlays) and gives how
// many spells and abilities resolved.
func playCard(t *testing.T, rules map[string]string, c simCard, note func(k, v string)) int {
	sc, err := ParseScenario([]byte(smokeBoard))
	if err != nil {
		t.Fatal(err)
	}
	s := sc.Initial
	p := Permanent{ID: "x", Owner: "Alice", BaseController: "Alice", Controller: "Alice", Zone: ZoneBattlefield}
	permanentFromCard(&p, c.info, c.text)
	if p.BasePower == 0 && p.BaseTough == 0 && p.Is("creature") {
		p.BasePower, p.BaseTough = 2, 2
	}
	s.NextObject++
	p.Object = s.NextObject
	s.Timestamp++
	p.Timestamp = s.Timestamp
	spell := !isPermanentCard(c.info.Types)
	if spell {
		p.Zone = ZoneHand
	}
	s.Permanents = append(s.Permanents, p)
	resolved := 0
	step := func(a Action) bool {
		next, evs, err := Apply(s, a)
		if err != nil {
			if e, ok := AsError(err); !ok || e.Rule == "" {
				note(string(a.Kind)+" fails", c.info.Name+": "+err.Error())
			}
			return false
		}
		s = next
		for _, e := range evs {
			if e.Kind == EventResolve {
				resolved++
			}
		}
		ft := &testing.T{}
		done := make(chan struct{})
		go func() {
			defer close(done)
			checkEventRules(ft, rules, &Result{Events: evs})
		}()
		<-done
		if ft.Failed() {
			note("an event cites a rule that doesn't fit it", c.info.Name+" "+string(a.Kind))
		}
		return true
	}
	resolveAll := func() {
		for i := 0; i < 8 && len(s.Stack) > 0; i++ {
			if !step(Action{Kind: ActionResolve}) {
				return
			}
		}
	}
	targets := func(es cardlang.Effects, modes []int, x int) []string {
		cp := s.clone()
		g := &game{s: &cp}
		ctx := &langCtx{ctl: "Alice", self: "x", x: x, chosenModes: modes}
		var all []string
		for _, r := range targetRefs(es, modes) {
			all = append(all, defaultPick(g, ctx, r, g.legalLangTargets(ctx, r, all))...)
		}
		return all
	}
	if spell {
		o := StackObject{ID: "x", Controller: "Alice", CardObject: "x", defined: true, X: 2}
		effs := spellEffects(c.text)
		if m, ok := modesOf(effs); ok {
			for i := 0; i < max(m.Min, 1); i++ {
				o.Modes = append(o.Modes, i+1)
			}
		}
		o.Targets = targets(effs, o.Modes, 2)
		step(Action{Kind: ActionCast, Spell: &o})
		resolveAll()
	} else {
		for i, ab := range activatedOf(&p) {
			o := StackObject{Source: "x", Ability: i + 1, X: 1}
			if _, ok := modesOf(ab.lang.Effects); ok {
				o.Modes = []int{1}
			}
			o.Targets = targets(ab.lang.Effects, []int{1}, 1)
			step(Action{Kind: ActionActivate, Spell: &o})
			resolveAll()
		}
	}
	step(Action{Kind: ActionAttack, Attackers: []string{"a1"}, Defender: "Bob"})
	step(Action{Kind: ActionAdvance, Player: "Alice", Step: StepUpkeep})
	resolveAll()
	step(Action{Kind: ActionDestroyAll, Filter: &Filter{}})
	resolveAll()
	step(Action{Kind: ActionAdvance, Player: "Bob", Step: StepEnd})
	resolveAll()
	return resolved
}
