package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// legalCards are the cards of the legal-play tests: those of testCards
// and a few spells and permanents with the Oracle text they have.
func legalCards() mapCards {
	m := testCards()
	for k, c := range map[string]CardInfo{
		"shock":  {Name: "Shock", Types: []string{"instant"}, ManaCost: "{R}", Text: "Shock deals 2 damage to any target.", Faces: 1},
		"bolt":   {Name: "Lightning Bolt", Types: []string{"instant"}, ManaCost: "{R}", Text: "Lightning Bolt deals 3 damage to any target.", Faces: 1},
		"growth": {Name: "Giant Growth", Types: []string{"instant"}, ManaCost: "{G}", Text: "Target creature gets +3/+3 until end of turn.", Faces: 1},
		"wrath": {Name: "Wrath of God", Types: []string{"sorcery"}, ManaCost: "{2}{W}{W}",
			Text: "Destroy all creatures. They can't be regenerated.", Faces: 1},
		"march": {Name: "March of Swirling Mist", Types: []string{"instant"}, ManaCost: "{X}{U}{U}",
			Text: "As an additional cost to cast this spell, you may exile any number of blue cards from your hand. This spell costs {2} less to cast for each card exiled this way.\nUp to X target creatures phase out.", Faces: 1},
		"charm": {Name: "Sapphire Charm", Types: []string{"instant"}, ManaCost: "{U}",
			Text: "Choose one —\n• Target player draws a card at the beginning of the next turn's upkeep.\n• Target creature gains flying until end of turn.\n• Target creature an opponent controls phases out.", Faces: 1},
		"wall": {Name: "Wall of Air", Types: []string{"creature"}, Subtypes: []string{"Wall"}, ManaCost: "{1}{U}{U}",
			Power: "1", Toughness: "5", Text: "Defender, flying", Faces: 1},
		"goblin": {Name: "Raging Goblin", Types: []string{"creature"}, Subtypes: []string{"Goblin", "Berserker"}, ManaCost: "{R}",
			Power: "1", Toughness: "1", Text: "Haste", Faces: 1},
		"honor": {Name: "Teferi's Honor Guard", Types: []string{"creature"}, Subtypes: []string{"Human", "Knight"}, ManaCost: "{2}{W}",
			Power: "2", Toughness: "2", Text: "Flanking\n{U}{U}: Teferi's Honor Guard phases out.", Faces: 1},
	} {
		m[k] = c
	}
	return m
}

// actionKey writes an action the way the golden files list them.
func actionKey(a Action) string {
	switch a.Kind {
	case ActionCast, ActionActivate:
		o := a.Spell
		who := o.ID
		if a.Kind == ActionActivate {
			who = o.Source + ":" + strconv.Itoa(o.Ability)
		}
		s := string(a.Kind) + " " + who
		if o.Mode > 0 {
			s += " mode " + strconv.Itoa(o.Mode)
		}
		if o.X > 0 {
			s += " x " + strconv.Itoa(o.X)
		}
		if len(o.Targets) > 0 {
			s += " -> " + strings.Join(o.Targets, " ")
		}
		return s
	case ActionAttack:
		return "attack " + strings.Join(a.Attackers, " ") + " -> " + a.Defender
	case ActionBlock:
		b := a.Blockers
		if len(b) == 0 {
			b = []string{a.Blocker}
		}
		return "block " + strings.Join(b, " ") + " -> " + a.Attacker
	case ActionAdvance:
		return "advance " + a.Player + " " + string(a.Step)
	case ActionResolve:
		return "resolve"
	}
	return string(a.Kind)
}

// legalBoard parses a board: the scenario's cast actions are the hand.
func legalBoard(t testing.TB, src []byte) (State, []StackObject) {
	t.Helper()
	sc, err := ParseScenarioWith(src, ParseOptions{Cards: legalCards()})
	if err != nil {
		t.Fatalf("board: %v", err)
	}
	var hand []StackObject
	for _, a := range sc.Actions {
		if a.Kind != ActionCast {
			t.Fatalf("board: action %s: only casts (the hand) go in actions", a.Kind)
		}
		hand = append(hand, *a.Spell)
	}
	return sc.Initial, hand
}

// TestLegal plays the moves of each testdata/legal/*.txtar board, each
// one an action Legal offers, and compares what Legal offers at every
// point with the archive's legal file. Run with -update to rewrite them.
func TestLegal(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "legal", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no boards: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			t.Parallel()
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			ar := parseArchive(raw)
			var board, moves []byte
			legalAt := -1
			for i, f := range ar.files {
				switch f.name {
				case "board":
					board = f.data
				case "moves":
					moves = f.data
				case "legal":
					legalAt = i
				}
			}
			s, hand := legalBoard(t, board)
			var got strings.Builder
			last := ActionKind("")
			list := func(head string) []Action {
				acts := Legal(s, hand, last)
				fmt.Fprintf(&got, "## %s\n", head)
				for _, a := range acts {
					fmt.Fprintln(&got, actionKey(a))
				}
				return acts
			}
			acts := list("start")
			for _, m := range strings.Split(strings.TrimSpace(string(moves)), "\n") {
				m = strings.TrimSpace(m)
				if m == "" {
					continue
				}
				var chosen *Action
				for i := range acts {
					if actionKey(acts[i]) == m {
						chosen = &acts[i]
					}
				}
				if chosen == nil {
					t.Fatalf("move %q is not offered", m)
				}
				next, _, err := Apply(s, *chosen)
				if err != nil {
					t.Fatalf("move %q: %v", m, err)
				}
				s, last = next, chosen.Kind
				acts = list("after " + m)
			}
			if *update {
				if legalAt < 0 {
					ar.files = append(ar.files, archiveFile{name: "legal"})
					legalAt = len(ar.files) - 1
				}
				ar.files[legalAt].data = []byte(got.String())
				if err := os.WriteFile(file, ar.format(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if legalAt < 0 || string(ar.files[legalAt].data) != got.String() {
				want := ""
				if legalAt >= 0 {
					want = string(ar.files[legalAt].data)
				}
				t.Errorf("legal actions differ (go test ./engine -run TestLegal -update)\n--- want\n%s--- got\n%s", want, got.String())
			}
		})
	}
}

// TestAllowedRefusals: actions the players may not take now are refused
// with the rule that says so, whether Apply would take them or not.
func TestAllowedRefusals(t *testing.T) {
	board := []byte(`game: mtg
players: [Alice, Bob]
start: {turn: 3, active: Alice, step: main1}
permanents:
  - {id: angel, card: Serra Angel, power: 4, toughness: 4, controller: Alice}
  - {id: bears, card: Grizzly Bears, controller: Bob}
  - {id: sick, card: Grizzly Bears, controller: Alice, entered_this_turn: true}
  - {id: wall, card: Wall of Air, controller: Bob}
actions:
  - cast: {id: shock, card: Shock, controller: Bob}
  - cast: {id: wrath, card: Wrath of God, controller: Alice}
`)
	s, hand := legalBoard(t, board)
	shock := hand[0]
	shock.Targets = []string{"angel"}
	wrath := hand[1]
	upkeep, _, err := Apply(s, Action{Kind: ActionAdvance, Player: "Bob", Step: StepUpkeep})
	if err != nil {
		t.Fatal(err)
	}
	untap := upkeep
	untap.Step = StepUntap
	cast, _, err := Apply(s, Action{Kind: ActionCast, Spell: &shock})
	if err != nil {
		t.Fatal(err)
	}
	attacked, _, err := Apply(s, Action{Kind: ActionAttack, Attackers: []string{"angel"}, Defender: "Bob"})
	if err != nil {
		t.Fatal(err)
	}
	blocked, _, err := Apply(attacked, Action{Kind: ActionBlock, Blocker: "wall", Attacker: "angel"})
	if err != nil {
		t.Fatal(err)
	}
	resolved, _, err := Apply(cast, Action{Kind: ActionResolve})
	if err != nil {
		t.Fatal(err)
	}
	forged := shock
	forged.ID, forged.Card = "bolt", "Lightning Bolt"
	tests := []struct {
		name string
		s    State
		last ActionKind
		a    Action
		code string
		rule string
	}{
		{"a sorcery on the opponent's turn", upkeep, "", Action{Kind: ActionCast, Spell: &wrath}, CodeCantCast, "307.1"},
		{"a spell in the untap step", untap, "", Action{Kind: ActionCast, Spell: &shock}, CodeCantCast, "502.4"},
		{"a spell cast twice", resolved, ActionResolve, Action{Kind: ActionCast, Spell: &shock}, CodeCantCast, "601.2a"},
		{"a spell in no hand", s, "", Action{Kind: ActionCast, Spell: &forged}, CodeCantCast, "601.2a"},
		{"attack in the upkeep", upkeep, "", Action{Kind: ActionAttack, Attackers: []string{"bears"}, Defender: "Alice"}, CodeCantAttack, "508.1"},
		{"attack again", attacked, ActionAttack, Action{Kind: ActionAttack, Attackers: []string{"angel"}, Defender: "Bob"}, CodeCantAttack, "508.1"},
		{"attack with a sick creature", s, "", Action{Kind: ActionAttack, Attackers: []string{"sick"}, Defender: "Bob"}, CodeCantAttack, "302.6"},
		{"attack with the stack full", cast, ActionCast, Action{Kind: ActionAttack, Attackers: []string{"angel"}, Defender: "Bob"}, CodeIllegalAction, "500.2"},
		{"block after the declaration", func() State {
			x, _, _ := Apply(blocked, Action{Kind: ActionCast, Spell: &shock})
			y, _, _ := Apply(x, Action{Kind: ActionResolve})
			return y
		}(), ActionResolve, Action{Kind: ActionBlock, Blocker: "bears", Attacker: "angel"}, CodeCantBlock, "509.1"},
		{"block a flyer", attacked, ActionAttack, Action{Kind: ActionBlock, Blocker: "bears", Attacker: "angel"}, CodeCantBlock, "702.9b"},
		{"leave a step with the stack full", cast, ActionCast, Action{Kind: ActionAdvance, Player: "Alice", Step: StepBeginCombat}, CodeIllegalAction, "500.2"},
		{"resolve what is not on top", cast, ActionCast, Action{Kind: ActionResolve, Target: "wrath"}, CodeIllegalAction, "405.5"},
		{"a scenario's own action", s, "", Action{Kind: ActionDestroy, IDs: []string{"bears"}}, CodeIllegalAction, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Allowed(tt.s, hand, tt.last, tt.a)
			e, ok := AsError(err)
			if !ok || e.Code != tt.code || e.Rule != tt.rule {
				t.Fatalf("Allowed = %v (rule %q), want %s with rule %q", err, ruleOf(err), tt.code, tt.rule)
			}
			for _, a := range Legal(tt.s, hand, tt.last) {
				if reflect.DeepEqual(a, tt.a) {
					t.Errorf("Legal offers %s", actionKey(a))
				}
			}
		})
	}
}

func ruleOf(err error) string {
	if e, ok := AsError(err); ok {
		return e.Rule
	}
	return ""
}

// legalPool are the permanents and spells FuzzLegal builds boards from.
var legalPool = []string{
	"{card: Serra Angel, power: 4, toughness: 4}",
	"{card: Grizzly Bears}",
	"{card: Wall of Air}",
	"{card: Raging Goblin}",
	"{card: Teferi's Honor Guard}",
	"{card: Teferi's Drake}",
	"{card: White Knight}",
	"{card: Llanowar Elves}",
	"{card: Rainbow Efreet}",
	"{card: Teferi's Imp}",
	"{name: Spined Wurm, types: [creature], power: 5, toughness: 4, keywords: [trample, menace]}",
	"{name: Equipment, types: [artifact], subtypes: [Equipment]}",
}

var legalSpells = []string{"Shock", "Lightning Bolt", "Giant Growth", "Wrath of God", "March of Swirling Mist",
	"Sapphire Charm", "Teferi's Protection", "Oubliette", "Grizzly Bears"}

// fuzzBoard builds a board from data: permanents from legalPool (each
// controller, tapped or not), spells in hand from legalSpells, a step.
func fuzzBoard(data []byte) []byte {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := int(data[0])
		data = data[1:]
		return b
	}
	players := []string{"Alice", "Bob"}
	var b strings.Builder
	steps := Steps()
	fmt.Fprintf(&b, "game: mtg\nplayers: [Alice, Bob]\nstart: {turn: 3, active: %s, step: %s}\npermanents:\n",
		players[next()%2], steps[next()%len(steps)])
	n := next()%7 + 1
	for i := range n {
		p := legalPool[next()%len(legalPool)]
		fl := next()
		fmt.Fprintf(&b, "  - %s, id: p%d, controller: %s, tapped: %t, entered_this_turn: %t}\n",
			strings.TrimSuffix(p, "}"), i, players[fl%2], fl&2 != 0, fl&4 != 0)
	}
	b.WriteString("actions:\n")
	for i := range next() % 5 {
		c := legalSpells[next()%len(legalSpells)]
		fmt.Fprintf(&b, "  - cast: {id: h%d, card: %q, controller: %s}\n", i, c, players[next()%2])
	}
	return []byte(b.String())
}

// FuzzLegal plays games from boards the input builds, choosing each move
// among what Legal offers: every action offered is one Apply and Allowed
// accept, Legal gives the same list twice and leaves the state as it was.
func FuzzLegal(f *testing.F) {
	f.Add([]byte{0, 3, 4, 0, 0, 1, 1, 2, 5, 0, 1, 2, 1, 0, 7, 1, 3, 2, 1, 0, 9, 9, 9, 9})
	f.Add([]byte{1, 4, 6, 10, 0, 2, 1, 1, 3, 0, 2, 4, 1, 8, 0, 0, 4, 1, 5, 0, 3, 3, 3, 3, 3, 3})
	f.Add([]byte{0, 5, 3, 3, 0, 11, 1, 1, 0, 2, 4, 1, 5, 0, 2, 2, 2, 2, 2, 2, 2})
	f.Fuzz(func(t *testing.T, data []byte) {
		src := fuzzBoard(data)
		sc, err := ParseScenarioWith(src, ParseOptions{Cards: legalCards()})
		if err != nil {
			return // two Equipment attached to nothing, a duplicate legend: boards the pool can make wrong
		}
		var hand []StackObject
		for _, a := range sc.Actions {
			hand = append(hand, *a.Spell)
		}
		s, last := sc.Initial, ActionKind("")
		moves := data
		if len(moves) > 40 {
			moves = moves[len(moves)-40:]
		}
		for i := 0; i < 40; i++ {
			before, _ := json.Marshal(s)
			acts := Legal(s, hand, last)
			after, _ := json.Marshal(s)
			if !bytes.Equal(before, after) {
				t.Fatalf("Legal changed the state\n%s", src)
			}
			if again := Legal(s, hand, last); !reflect.DeepEqual(acts, again) {
				t.Fatalf("Legal gave two lists\n%s", src)
			}
			if len(acts) == 0 {
				return
			}
			for _, a := range acts {
				if _, _, err := Apply(s, a); err != nil {
					t.Fatalf("Legal offers %s, which Apply refuses: %v\n%s", actionKey(a), err, src)
				}
				if err := Allowed(s, hand, last, a); err != nil {
					t.Fatalf("Legal offers %s, which Allowed refuses: %v\n%s", actionKey(a), err, src)
				}
			}
			pick := i
			if i < len(moves) {
				pick = int(moves[i])
			}
			a := acts[pick%len(acts)]
			next, _, err := Apply(s, a)
			if err != nil {
				t.Fatal(err)
			}
			s, last = next, a.Kind
		}
	})
}

// BenchmarkLegal lists the moves of a busy board: six creatures, four
// spells in hand of one or more targets, in the active player's main
// phase (every move checked by Apply).
func BenchmarkLegal(b *testing.B) {
	s, hand := legalBoard(b, []byte(`game: mtg
players: [Alice, Bob]
start: {turn: 3, active: Alice, step: main1}
permanents:
  - {id: angel, card: Serra Angel, power: 4, toughness: 4, controller: Alice}
  - {id: bears, card: Grizzly Bears, controller: Alice}
  - {id: goblin, card: Raging Goblin, controller: Alice}
  - {id: wall, card: Wall of Air, controller: Bob}
  - {id: cubs, card: Grizzly Bears, controller: Bob}
  - {id: guard, card: Teferi's Honor Guard, controller: Bob}
actions:
  - cast: {id: shock, card: Shock, controller: Bob}
  - cast: {id: growth, card: Giant Growth, controller: Alice}
  - cast: {id: march, card: March of Swirling Mist, controller: Alice}
  - cast: {id: charm, card: Sapphire Charm, controller: Bob}
`))
	n := 0
	for b.Loop() {
		n = len(Legal(s, hand, ""))
	}
	b.ReportMetric(float64(n), "moves")
}
