package engine

import (
	"fmt"
	"os"
	"runtime/debug"
	"sort"
	"strings"
	"testing"

	"arbiter/engine/cardlang"
)

// smokeTargets picks default targets for the target refs of effects.
func smokeTargets(g *game, c *langCtx, refs []*cardlang.Ref) []string {
	var all []string
	for _, r := range refs {
		legal := g.legalLangTargets(c, r, all)
		all = append(all, defaultPick(g, c, r, legal)...)
	}
	return all
}

var smokeRules map[string]string

func TestZZSmoke(t *testing.T) {
	smokeRules = crRules(t)
	d := realCards(t)
	cp := cardlang.NewCompiler()
	seen := map[string]bool{}
	fails := map[string][]string{}
	n := 0
	for _, l := range d.lines {
		if seen[l.Name] {
			continue
		}
		seen[l.Name] = true
		c, ok := d.Card(l.Name)
		if !ok {
			continue
		}
		b, e := compileCard(cp, c)
		if e != nil {
			continue
		}
		n++
		func() {
			defer func() {
				if r := recover(); r != nil {
					fails["panic"] = append(fails["panic"], fmt.Sprintf("%s: %v\n%s", c.Name, r, debug.Stack()))
				}
			}()
			smokeCard(t, c, b, fails)
		}()
	}
	var b strings.Builder
	var ks []string
	for k := range fails {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool { return len(fails[ks[i]]) > len(fails[ks[j]]) })
	fmt.Fprintf(&b, "%d cards\n", n)
	for _, k := range ks {
		fmt.Fprintf(&b, "== %d %s\n", len(fails[k]), k)
		for i, x := range fails[k] {
			if i < 8 {
				b.WriteString("   " + x + "\n")
			}
		}
	}
	os.WriteFile("/tmp/ana/smoke.txt", []byte(b.String()), 0644)
}

func smokeCard(t *testing.T, c CardInfo, b *cardlang.Card, fails map[string][]string) {
	src := `game: mtg
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
	sc, err := ParseScenario([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	s := sc.Initial
	p := Permanent{ID: "x", Owner: "Alice", BaseController: "Alice", Controller: "Alice", Zone: ZoneBattlefield}
	permanentFromCard(&p, c, b)
	if p.BasePower == 0 && p.BaseTough == 0 && p.Is("creature") {
		p.BasePower, p.BaseTough = 2, 2
	}
	s.NextObject++
	p.Object = s.NextObject
	s.Timestamp++
	p.Timestamp = s.Timestamp
	spell := !isPermanentCard(c.Types)
	if spell {
		p.Zone = ZoneHand
	}
	s.Permanents = append(s.Permanents, p)
	record := func(what string, err error) {
		if err == nil {
			return
		}
		if e, ok := AsError(err); ok && e.Rule != "" {
			k := "refused " + what + " " + e.Code + " " + e.Rule
			fails[k] = append(fails[k], c.Name+": "+err.Error())
			return // a rule refused it: fine
		}
		key := what + ": " + err.Error()
		if i := strings.Index(key, ": line"); i > 0 {
			key = key[:i]
		}
		k := err.Error()
		if e, ok := AsError(err); ok {
			k = what + " " + e.Code
		}
		fails[k] = append(fails[k], c.Name+": "+err.Error())
	}
	step := func(a Action) bool {
		s2, evs, err := Apply(s, a)
		record(string(a.Kind), err)
		if err == nil {
			for _, e := range evs {
				if e.Kind == EventResolve {
					fails["ok resolve"] = append(fails["ok resolve"], c.Name)
				}
				ft := &testing.T{}
				done := make(chan struct{})
				go func() {
					defer close(done)
					checkEventRules(ft, smokeRules, &Result{Events: []Event{e}})
				}()
				<-done
				if ft.Failed() {
					k := "badrule " + string(e.Kind) + " " + e.Rule
					fails[k] = append(fails[k], c.Name+fmt.Sprint(e.Args))
				}
			}
			s = s2
			return true
		}
		return false
	}
	resolveAll := func() {
		for i := 0; i < 8 && len(s.Stack) > 0; i++ {
			if !step(Action{Kind: ActionResolve}) {
				return
			}
		}
	}
	g := &game{s: &s}
	g.recompute(true)
	if spell {
		o := StackObject{ID: "sp", Controller: "Alice", CardObject: "x", defined: true}
		gg := &game{s: func() *State { c := s.clone(); return &c }()}
		ctx := &langCtx{ctl: "Alice", self: "x", x: 2}
		effs := spellEffects(b)
		modes := []int{1}
		if m, ok := modesOf(effs); ok {
			modes = nil
			for i := 0; i < max(m.Min, 1); i++ {
				modes = append(modes, i+1)
			}
			o.Modes = modes
		}
		ctx.chosenModes = modes
		o.Targets = smokeTargets(gg, ctx, targetRefs(effs, modes))
		o.X = 2
		o.ID = "x"
		step(Action{Kind: ActionCast, Spell: &o})
		resolveAll()
	} else {
		for i := range activatedOf(&p) {
			ab := activatedOf(&p)[i]
			o := StackObject{Source: "x", Ability: i + 1, X: 1}
			gg := &game{s: func() *State { c := s.clone(); return &c }()}
			ctx := &langCtx{ctl: "Alice", self: "x", x: 1}
			o.Targets = smokeTargets(gg, ctx, targetRefs(ab.lang.Effects, []int{1}))
			if m, ok := modesOf(ab.lang.Effects); ok {
				o.Modes = []int{1}
				_ = m
			}
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
}
