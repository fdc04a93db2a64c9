package engine

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// rulesCase is one conformance case: a scenario whose expectations state
// what the rule it is named after requires.
type rulesCase struct {
	name string
	src  string
}

// quotedCase is a conformance case with the words of the rule (or ruling)
// it plays: name is "<rule>/<what happens>" and quote the rule's text,
// word for word, checked against the CR.
type quotedCase struct {
	name, quote, src string
}

// runQuotedCases runs conformance cases and checks their quotes.
func runQuotedCases(t *testing.T, tests []quotedCase, cards Cards) {
	t.Helper()
	var plain []rulesCase
	for _, tt := range tests {
		plain = append(plain, rulesCase{tt.name, tt.src})
		if tt.quote == "" {
			t.Errorf("%s quotes nothing", tt.name)
		}
	}
	runRulesCases(t, plain, cards)
	if _, err := os.Stat(filepath.Join("..", "..", "shared", "data", "mtg", "cr", crFile)); err != nil {
		return
	}
	rules := crRules(t)
	for _, tt := range tests {
		num, _, _ := strings.Cut(tt.name, "/")
		if !crRuleRE.MatchString(num + " ") {
			continue // a ruling, quoted from the card's rulings
		}
		q := strings.ToLower(strings.ReplaceAll(tt.quote, "’", "'"))
		if !strings.Contains(rules[num], q) {
			t.Errorf("%s: rule %s doesn't say %q", tt.name, num, tt.quote)
		}
	}
}

func runRulesCases(t *testing.T, tests []rulesCase, cards Cards) {
	t.Helper()
	var rules map[string]string
	if _, err := os.Stat(filepath.Join("..", "..", "shared", "data", "mtg", "cr", crFile)); err == nil {
		rules = crRules(t)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := ParseScenarioWith([]byte(tt.src), ParseOptions{Cards: cards})
			if err != nil {
				t.Fatalf("ParseScenario: %v", err)
			}
			r, err := Run(sc)
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			requireOK(t, r)
			checkApplyPure(t, sc)
			if rules == nil {
				return
			}
			checkEventRules(t, rules, r)
		})
	}
}

// checkApplyPure applies a scenario's actions one by one and checks that
// Apply leaves the state it is given as it was.
func checkApplyPure(t *testing.T, sc *Scenario) {
	t.Helper()
	st := sc.Initial
	for _, a := range sc.Actions {
		before := st.clone()
		next, _, err := Apply(st, a)
		if !reflect.DeepEqual(before, st.clone()) {
			t.Fatalf("Apply(%s) changed its input state", a.Text)
		}
		if err == nil {
			st = next
		}
	}
}

// TestCastingAndResolving covers spells on the stack: targets chosen as
// they are cast, responses, and what a resolving spell does to the targets
// still legal (608.2b).
func TestCastingAndResolving(t *testing.T) {
	board := twoPlayers + `start: {turn: 2, active: Bob, step: main1}
permanents:
  - {id: efreet, name: Rainbow Efreet, types: [creature], power: 3, toughness: 1, controller: Alice}
  - {id: bears, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Alice}
  - {id: giant, name: Hill Giant, types: [creature], power: 3, toughness: 3, controller: Bob}
`
	runRulesCases(t, []rulesCase{
		{"601.2c/a-phased-out-permanent-cant-be-targeted", board + `actions:
  - phase_out: [efreet]
  - illegal: {action: {cast: {id: bolt, name: Lightning Bolt, targets: [efreet], damage: 3}}, rule: "702.26b"}
expect:
  - no_event: {kind: cast}
  - event: {kind: refused, objects: [bolt, efreet], rule: "702.26b"}
`},
		{"608.2b/partial-fizzle-affects-only-the-legal-target", board + `actions:
  - cast: {id: march, name: Sudden Storm, controller: Bob, targets: [efreet, bears], tap: true}
  - phase_out: [efreet]
  - resolve: march
expect:
  - event: {kind: illegal_target, objects: [march, efreet], rule: "608.2b"}
  - event: {kind: resolve, objects: [march, bears]}
  - no_event: {kind: fizzle}
  - tapped: [bears]
  - untapped: [efreet]
`},
		{"608.2b/a-spell-all-of-whose-targets-are-illegal-doesnt-resolve", board + `actions:
  - cast: {id: bolt, name: Lightning Bolt, controller: Bob, targets: [efreet], damage: 3}
  - cast: {id: ripple, name: Reality Ripple, controller: Alice, targets: [efreet], phase_out: true}
  - resolve:
  - resolve:
expect:
  - event: {kind: resolve, objects: [ripple, efreet]}
  - event: {kind: fizzle, objects: [bolt]}
  - damage: {efreet: 0}
`},
		{"608.2c/instructions-in-the-order-written", board + `actions:
  - cast: {id: s, name: Slip Away, controller: Bob, targets: [bears], pump: {power: 2, toughness: 2}, phase_out: true}
  - resolve:
expect:
  - event: {kind: effect_begins, objects: [s, bears]}
  - event: {kind: phase_out, objects: [bears], rule: "702.26b"}
  - phased_out: [bears]
`},
		{"608.2/generic-effects", board + `actions:
  - cast: {id: a, name: Exile Spell, controller: Bob, targets: [efreet], exile: true}
  - resolve:
  - cast: {id: b, name: Unsummon, controller: Bob, targets: [bears], bounce: true}
  - resolve:
  - cast: {id: c, name: Giant Growth, controller: Bob, targets: [giant], pump: {power: 3, toughness: 3}}
  - resolve:
  - cast: {id: d, name: Shock, controller: Bob, targets: [Alice], damage: 2}
  - resolve:
expect:
  - zone: {efreet: exile, bears: hand}
  - pt: {giant: "6/6"}
  - life: {Alice: 18}
`},
		{"702.26b/a-spell-that-phases-in-targets-what-is-phased-out", board + `actions:
  - phase_out: [efreet]
  - cast: {id: back, name: Reappear, controller: Alice, targets: [efreet], phase_in: true}
  - resolve:
expect:
  - phased_in: [efreet]
  - event: {kind: phase_in, objects: [efreet], rule: "702.26c"}
`},
		{"307.1/a-sorcery-only-in-your-main-phase-with-an-empty-stack", board + `actions:
  - illegal: {action: {cast: {id: wrath, name: Wrath of God, controller: Alice, types: [sorcery]}}, rule: "307.1"}
  - cast: {id: wrath2, name: Wrath of God, controller: Bob, types: [sorcery]}
  - illegal: {action: {cast: {id: wrath3, name: Wrath of God, controller: Bob, types: [sorcery]}}, rule: "307.1"}
expect:
  - event: {kind: cast, objects: [wrath2]}
`},
		{"500.2/a-step-ends-only-with-an-empty-stack", board + `actions:
  - cast: {id: bolt, name: Lightning Bolt, controller: Bob, targets: [bears], damage: 3}
  - advance: {player: Bob, step: end}
expect:
  - event: {kind: resolve, objects: [bolt, bears], step: main1}
  - zone: {bears: graveyard}
`},
		{"115.3/the-same-target-only-once", board + `actions:
  - illegal: {action: {cast: {id: x, name: Twin Bolt, controller: Bob, targets: [bears, bears], damage: 1}}, rule: "115.3"}
expect:
  - no_event: {kind: cast}
`},
	}, nil)
}

// TestPlayerEffects covers effects on players and their durations.
func TestPlayerEffects(t *testing.T) {
	board := twoPlayers + `start: {turn: 2, active: Bob, step: main1}
permanents:
  - {id: giant, name: Hill Giant, types: [creature], power: 3, toughness: 3, keywords: [lifelink], controller: Bob}
  - {id: angel, name: Serra Angel, types: [creature], power: 4, toughness: 4, colors: [white], controller: Alice}
`
	runRulesCases(t, []rulesCase{
		{"119.8/life-total-cant-change-damage-is-still-dealt", board + `actions:
  - effect: {id: lock, name: Teferi's Protection, kind: life_cant_change, player: Alice, duration: until_your_next_turn, controller: Alice}
  - damage: {target: Alice, amount: 5}
expect:
  - event: {kind: damage, player: Alice, args: ["5"]}
  - event: {kind: life_unchanged, player: Alice, objects: [lock], rule: "119.8"}
  - life: {Alice: 20}
`},
		{"119.7/life-total-cant-change-no-life-gain", board + `actions:
  - effect: {id: lock, kind: life_cant_change, player: Bob, duration: end_of_turn, controller: Bob}
  - attack: {attackers: [giant], defender: Alice}
  - advance: {player: Bob, step: end_combat}
expect:
  - event: {kind: life_unchanged, player: Bob, rule: "119.7"}
  - life: {Alice: 17, Bob: 20}
`},
		{"702.16j/player-protection-from-everything", board + `actions:
  - effect: {id: prot, kind: player_protection, player: Alice, from: [everything], duration: until_your_next_turn, controller: Alice}
  - illegal: {action: {cast: {id: bolt, name: Lightning Bolt, controller: Bob, targets: [Alice], damage: 3}}, rule: "702.16b"}
  - attack: {attackers: [giant], defender: Alice}
  - advance: {player: Bob, step: end_combat}
  - advance: {player: Alice, step: upkeep}
expect:
  - event: {kind: prevented, objects: [giant], player: Alice, rule: "702.16j"}
  - life: {Alice: 20, Bob: 20}
  - no_event: {kind: life_gain}
  - event: {kind: effect_ends, objects: [prot], rule: "611.2a", turn: 3}
`},
		{"702.16e/player-protection-from-a-colour", board + `actions:
  - effect: {id: prot, kind: player_protection, player: Bob, from: [white], duration: end_of_turn, controller: Bob}
  - illegal: {action: {cast: {id: smite, name: Smite, controller: Alice, colors: [white], targets: [Bob], damage: 3}}, rule: "702.16b"}
  - cast: {id: bolt, name: Lightning Bolt, controller: Alice, colors: [red], targets: [Bob], damage: 3}
  - resolve:
expect:
  - life: {Bob: 17}
`},
		{"702.11c/player-hexproof-only-against-opponents", board + `actions:
  - effect: {id: hex, kind: player_hexproof, player: Bob, duration: end_of_turn, controller: Bob}
  - illegal: {action: {cast: {id: bolt, name: Lightning Bolt, controller: Alice, targets: [Bob], damage: 3}}, rule: "702.11c"}
  - cast: {id: gift, name: Healing Touch, controller: Bob, targets: [Bob], damage: 0}
expect:
  - event: {kind: cast, objects: [gift, Bob]}
`},
	}, nil)
}

// TestDraws covers draws and "for each" counts.
func TestDraws(t *testing.T) {
	board := twoPlayers + `start: {turn: 2, active: Alice, step: main1, library: {Bob: 1}}
permanents:
  - {id: a, types: [creature], power: 1, toughness: 1, controller: Alice}
  - {id: b, types: [creature], power: 1, toughness: 1, controller: Alice}
  - {id: c, types: [creature], power: 1, toughness: 1, controller: Alice, phased_out: true}
`
	runRulesCases(t, []rulesCase{
		{"121.1/draw-n", board + `actions:
  - draw: {player: Alice, n: 2}
expect:
  - hand: {Alice: 2}
  - event: {kind: draw, player: Alice, args: ["2", "2"]}
`},
		{"702.26b/for-each-doesnt-count-a-phased-out-permanent", board + `actions:
  - draw: {player: Alice, for_each: {controller: Alice, types: [creature]}}
expect:
  - hand: {Alice: 2}
`},
		{"504.1/the-draw-step-draws-a-card", board + `actions:
  - advance: {player: Bob, step: main1}
expect:
  - hand: {Bob: 1, Alice: 0}
  - event: {kind: draw, player: Bob, step: draw, rule: "504.1"}
`},
		{"103.8a/the-first-player-skips-their-first-draw", twoPlayers + `start: {turn: 1, active: Alice, step: untap}
actions:
  - advance: {player: Alice, step: main1}
expect:
  - no_event: {kind: draw}
  - hand: {Alice: 0}
`},
		{"704.5b/drawing-from-an-empty-library-loses", board + `actions:
  - draw: {player: Bob, n: 2}
expect:
  - event: {kind: state_based, player: Bob, args: [loses], rule: "704.5b"}
  - lost: [Bob]
  - left_game: [Bob]
  - event: {kind: wins, player: Alice, rule: "104.2a"}
`},
	}, nil)
}

// TestKeywords has one or more rows per keyword the engine implements.
func TestKeywords(t *testing.T) {
	combat := twoPlayers + `start: {turn: 3, active: Alice, step: main1}
permanents:
`
	runRulesCases(t, []rulesCase{
		{"702.9b/flying-blocked-only-by-flying-or-reach", combat + `  - {id: angel, name: Serra Angel, types: [creature], power: 4, toughness: 4, keywords: [flying, vigilance], controller: Alice}
  - {id: bears, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Bob}
  - {id: spider, name: Giant Spider, types: [creature], power: 2, toughness: 4, keywords: [reach], controller: Bob}
actions:
  - attack: {attackers: [angel], defender: Bob}
  - illegal: {action: {block: {blocker: bears, attacker: angel}}, rule: "702.9b"}
  - block: {blocker: spider, attacker: angel}
expect:
  - blocked: [angel]
`},
		{"702.20b/vigilance-doesnt-tap", combat + `  - {id: angel, types: [creature], power: 4, toughness: 4, keywords: [vigilance], controller: Alice}
  - {id: bears, types: [creature], power: 2, toughness: 2, controller: Alice}
actions:
  - attack: {attackers: [angel, bears], defender: Bob}
expect:
  - untapped: [angel]
  - tapped: [bears]
`},
		{"702.3b/defender-cant-attack", combat + `  - {id: wall, types: [creature], power: 0, toughness: 4, keywords: [defender], controller: Alice}
actions:
  - illegal: {action: {attack: {attackers: [wall], defender: Bob}}, rule: "702.3b"}
expect:
  - not_in_combat: [wall]
`},
		{"702.10/haste-attacks-the-turn-it-comes", combat + `  - {id: goblin, types: [creature], power: 1, toughness: 1, keywords: [haste], controller: Alice, entered_this_turn: true}
  - {id: bears, types: [creature], power: 2, toughness: 2, controller: Alice, entered_this_turn: true}
actions:
  - illegal: {action: {attack: {attackers: [bears], defender: Bob}}, rule: "302.6"}
  - attack: {attackers: [goblin], defender: Bob}
expect:
  - attacking: [goblin]
`},
		{"702.111b/menace-needs-two-blockers", combat + `  - {id: rogue, types: [creature], power: 3, toughness: 3, keywords: [menace], controller: Alice}
  - {id: b1, types: [creature], power: 1, toughness: 1, controller: Bob}
  - {id: b2, types: [creature], power: 1, toughness: 1, controller: Bob}
actions:
  - attack: {attackers: [rogue], defender: Bob}
  - illegal: {action: {block: {blocker: b1, attacker: rogue}}, rule: "702.111b"}
  - block: {blockers: [b1, b2], attacker: rogue}
expect:
  - blocked: [rogue]
`},
		{"702.12b/indestructible-survives-destroy-and-lethal-damage", combat + `  - {id: god, types: [creature], power: 5, toughness: 5, keywords: [indestructible], controller: Alice}
actions:
  - destroy: [god]
  - damage: {target: god, amount: 7}
expect:
  - event: {kind: indestructible, objects: [god], rule: "702.12b"}
  - zone: {god: battlefield}
  - damage: {god: 7}
`},
		{"702.2b/deathtouch-destroys-whatever-it-damages", combat + `  - {id: snake, types: [creature], power: 1, toughness: 1, keywords: [deathtouch], controller: Alice}
  - {id: giant, types: [creature], power: 3, toughness: 5, controller: Bob}
actions:
  - attack: {attackers: [snake], defender: Bob}
  - block: {blocker: giant, attacker: snake}
  - advance: {player: Alice, step: end_combat}
expect:
  - event: {kind: state_based, objects: [giant], args: [deathtouch], rule: "704.5h"}
  - zone: {giant: graveyard, snake: graveyard}
`},
		{"702.2c/deathtouch-and-trample-one-damage-is-lethal", combat + `  - {id: wurm, types: [creature], power: 6, toughness: 6, keywords: [deathtouch, trample], controller: Alice}
  - {id: wall, types: [creature], power: 0, toughness: 5, controller: Bob}
actions:
  - attack: {attackers: [wurm], defender: Bob}
  - block: {blocker: wall, attacker: wurm}
  - advance: {player: Alice, step: end_combat}
expect:
  - life: {Bob: 15}
  - zone: {wall: graveyard}
`},
		{"702.19b/trample-assigns-lethal-then-the-rest-to-the-player", combat + `  - {id: rhino, types: [creature], power: 5, toughness: 4, keywords: [trample], controller: Alice}
  - {id: bears, types: [creature], power: 2, toughness: 2, controller: Bob, damage: 1}
actions:
  - attack: {attackers: [rhino], defender: Bob}
  - block: {blocker: bears, attacker: rhino}
  - advance: {player: Alice, step: end_combat}
expect:
  - life: {Bob: 16}
  - event: {kind: damage, objects: [rhino, bears], args: ["1"]}
`},
		{"702.15b/lifelink-gains-the-damage-dealt", combat + `  - {id: knight, types: [creature], power: 3, toughness: 3, keywords: [lifelink], controller: Alice}
actions:
  - attack: {attackers: [knight], defender: Bob}
  - advance: {player: Alice, step: end_combat}
expect:
  - life: {Alice: 23, Bob: 17}
  - event: {kind: life_gain, player: Alice, args: ["3", "23"], rule: "702.15b"}
`},
		{"702.7b/first-strike-deals-damage-first", combat + `  - {id: knight, types: [creature], power: 2, toughness: 2, keywords: [first strike], controller: Alice}
  - {id: bears, types: [creature], power: 2, toughness: 2, controller: Bob}
actions:
  - attack: {attackers: [knight], defender: Bob}
  - block: {blocker: bears, attacker: knight}
  - advance: {player: Alice, step: end_combat}
expect:
  - zone: {bears: graveyard, knight: battlefield}
  - damage: {knight: 0}
  - event: {kind: step, step: combat_damage, rule: "510.4"}
`},
		{"702.4b/double-strike-deals-damage-twice", combat + `  - {id: dog, types: [creature], power: 3, toughness: 1, keywords: [double_strike], controller: Alice}
actions:
  - attack: {attackers: [dog], defender: Bob}
  - advance: {player: Alice, step: end_combat}
expect:
  - life: {Bob: 14}
`},
		{"702.16f/protection-cant-be-blocked-by-that-quality", combat + `  - {id: knight, types: [creature], power: 2, toughness: 2, keywords: [protection], protection_from: [black], controller: Alice}
  - {id: zombie, types: [creature], power: 2, toughness: 2, colors: [black], controller: Bob}
actions:
  - attack: {attackers: [knight], defender: Bob}
  - illegal: {action: {block: {blocker: zombie, attacker: knight}}, rule: "702.16f"}
expect:
  - life: {Bob: 20}
`},
		{"702.16e/protection-prevents-damage", combat + `  - {id: knight, types: [creature], power: 2, toughness: 2, protection_from: [red], controller: Alice}
actions:
  - cast: {id: fire, name: Flame Wave, controller: Alice, colors: [red], types: [sorcery]}
  - resolve:
  - cast: {id: heat, name: Heat Ray, controller: Bob, colors: [blue], targets: [knight], damage: 1}
  - resolve:
expect:
  - damage: {knight: 1}
`},
		{"702.16b/protection-cant-be-targeted-by-that-quality", combat + `  - {id: knight, types: [creature], power: 2, toughness: 2, protection_from: [red], controller: Alice}
actions:
  - illegal: {action: {cast: {id: bolt, name: Lightning Bolt, controller: Alice, colors: [red], targets: [knight], damage: 3}}, rule: "702.16b"}
expect:
  - damage: {knight: 0}
`},
		{"702.16c/an-aura-of-that-quality-falls-off", combat + `  - {id: knight, types: [creature], power: 2, toughness: 2, controller: Alice}
  - {id: aura, name: Unholy Strength, types: [enchantment], subtypes: [Aura], colors: [black], controller: Alice, attached_to: knight}
actions:
  - effect: {id: ward, name: Ward of Light, kind: grant, target: knight, keywords: [protection], from: [black], duration: end_of_turn}
expect:
  - event: {kind: state_based, objects: [aura], rule: "704.5m"}
  - zone: {aura: graveyard}
`},
		{"702.11b/hexproof-only-against-opponents", combat + `  - {id: troll, types: [creature], power: 2, toughness: 2, keywords: [hexproof], controller: Bob}
actions:
  - illegal: {action: {cast: {id: bolt, name: Lightning Bolt, controller: Alice, targets: [troll], damage: 3}}, rule: "702.11b"}
  - cast: {id: growth, name: Giant Growth, controller: Bob, targets: [troll], pump: {power: 3, toughness: 3}}
expect:
  - event: {kind: cast, objects: [growth, troll]}
`},
		{"702.18a/shroud-against-everyone", combat + `  - {id: troll, types: [creature], power: 2, toughness: 2, keywords: [shroud], controller: Bob}
actions:
  - illegal: {action: {cast: {id: growth, name: Giant Growth, controller: Bob, targets: [troll], pump: {power: 3, toughness: 3}}}, rule: "702.18a"}
expect:
  - pt: {troll: "2/2"}
`},
		{"702.14c/landwalk-unblockable-while-the-defender-has-such-a-land", combat + `  - {id: raiders, types: [creature], power: 1, toughness: 3, keywords: [islandwalk], controller: Alice}
  - {id: island, name: Island, types: [land], subtypes: [Island], controller: Bob}
  - {id: bears, types: [creature], power: 2, toughness: 2, controller: Bob}
actions:
  - attack: {attackers: [raiders], defender: Bob}
  - illegal: {action: {block: {blocker: bears, attacker: raiders}}, rule: "702.14c"}
expect:
  - attacking: [raiders]
`},
		{"702.25a/flanking-shrinks-the-blocker", combat + `  - {id: guard, types: [creature], power: 2, toughness: 2, keywords: [flanking], controller: Alice}
  - {id: bears, types: [creature], power: 2, toughness: 2, controller: Bob}
actions:
  - attack: {attackers: [guard], defender: Bob}
  - block: {blocker: bears, attacker: guard}
  - advance: {player: Alice, step: end_combat}
expect:
  - event: {kind: trigger, objects: [guard], args: [flanking]}
  - zone: {bears: graveyard, guard: battlefield}
`},
		{"702.63a/vanishing-removes-a-time-counter-and-sacrifices-with-the-last", combat + `  - {id: wisp, types: [creature], power: 1, toughness: 1, keywords: [vanishing], counters: {time: 1}, controller: Alice}
actions:
  - advance: {player: Alice, step: draw}
expect:
  - event: {kind: counter_removed, objects: [wisp], args: [time, "1", "0"]}
  - event: {kind: trigger, objects: [wisp], args: [last_time_counter]}
  - zone: {wisp: graveyard}
`},
	}, nil)
}

// TestUnknownKeyword checks that a keyword the engine does not implement is
// an error, never silently ignored.
func TestUnknownKeyword(t *testing.T) {
	for _, src := range []string{
		twoPlayers + "permanents:\n  - {id: x, types: [creature], keywords: [flying, banding], controller: Alice}\n",
		twoPlayers + "permanents:\n  - {id: x, types: [creature], controller: Alice}\neffects:\n  - {id: e, kind: grant, target: x, keywords: [rampage]}\n",
		twoPlayers + "permanents:\n  - {id: x, types: [creature], controller: Alice, static: [{kind: grant, keywords: [cascade]}]}\n",
	} {
		_, err := ParseScenario([]byte(src))
		e, ok := AsError(err)
		if !ok || e.Code != CodeUnknownKeyword || e.Line == 0 {
			t.Errorf("error %v, want unknown_keyword with a line", err)
		}
	}
	sc, err := ParseScenario([]byte(twoPlayers + "permanents:\n  - {id: x, types: [creature], keywords: [First Strike, double strike, Lifelink], controller: Alice}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(sc.Initial.Permanents[0].Keywords, " "); got != "first_strike double_strike lifelink" {
		t.Errorf("keywords = %q", got)
	}
}

// TestChoices covers the choices a player makes, answered or by default.
func TestChoices(t *testing.T) {
	legends := twoPlayers + `permanents:
  - {id: old, name: "Isamaru, Hound of Konda", types: [creature], supertypes: [legendary], power: 2, toughness: 2, controller: Alice, phased_out: true}
  - {id: new, name: "Isamaru, Hound of Konda", types: [creature], supertypes: [legendary], power: 2, toughness: 2, controller: Alice}
`
	combat := twoPlayers + `start: {turn: 3, active: Alice, step: main1}
permanents:
  - {id: giant, types: [creature], power: 3, toughness: 3, controller: Alice}
  - {id: b1, types: [creature], power: 1, toughness: 2, controller: Bob}
  - {id: b2, types: [creature], power: 1, toughness: 2, controller: Bob}
`
	runRulesCases(t, []rulesCase{
		{"704.5j/the-controller-chooses-the-legend-to-keep", legends + `actions:
  - choose: {player: Alice, keep: old}
  - phase_in: [old]
expect:
  - event: {kind: choice, player: Alice, objects: [old], args: [keep, "", chosen], rule: "704.5j"}
  - zone: {old: battlefield, new: graveyard}
`},
		{"704.5j/by-default-the-newest-stays", legends + `actions:
  - phase_in: [old]
expect:
  - event: {kind: choice, objects: [new], args: [keep, "", default]}
  - zone: {old: graveyard, new: battlefield}
`},
		{"510.1c/the-attacker-divides-its-damage-in-the-order-chosen", combat + `actions:
  - attack: {attackers: [giant], defender: Bob}
  - block: {blockers: [b1, b2], attacker: giant}
  - choose: {player: Alice, order: [b2, b1]}
  - advance: {player: Alice, step: end_combat}
expect:
  - event: {kind: choice, objects: [b2, b1], args: [order, "", chosen], rule: "510.1c"}
  - zone: {b2: graveyard, b1: battlefield}
  - damage: {b1: 1}
`},
		{"510.1c/by-default-in-the-order-declared", combat + `actions:
  - attack: {attackers: [giant], defender: Bob}
  - block: {blockers: [b1, b2], attacker: giant}
  - advance: {player: Alice, step: end_combat}
expect:
  - event: {kind: choice, args: [order, "", default]}
  - zone: {b1: graveyard, b2: battlefield}
`},
	}, nil)
}

// TestLeavingTheGame covers a player who loses or concedes (104.5, 800.4).
func TestLeavingTheGame(t *testing.T) {
	three := "game: mtg\nplayers: [Alice, Bob, Carol]\nstart: {turn: 2, active: Bob, step: main1}\n"
	runRulesCases(t, []rulesCase{
		{"800.4a/a-player-who-loses-leaves-with-everything-they-own", three + `permanents:
  - {id: angel, name: Serra Angel, types: [creature], power: 4, toughness: 4, controller: Alice}
  - {id: wall, types: [creature], power: 0, toughness: 4, controller: Bob}
  - {id: out, types: [creature], power: 1, toughness: 1, controller: Bob, phased_out: true}
  - {id: borrowed, types: [creature], power: 1, toughness: 1, controller: Bob, owner: Carol}
effects:
  - {id: steal, name: Act of Treason, kind: control, target: angel, player: Bob, duration: end_of_turn, controller: Bob}
actions:
  - damage: {target: Bob, amount: 20}
expect:
  - lost: [Bob]
  - left_game: [Bob]
  - event: {kind: leaves_game, player: Bob, objects: [wall, out], rule: "800.4a"}
  - event: {kind: effect_ends, objects: [steal], rule: "800.4a"}
  - controller: {angel: Alice}
  - zone: {wall: gone, out: gone, borrowed: exile}
  - no_event: {kind: wins}
`},
		{"800.4k/their-turns-are-skipped", three + `actions:
  - leave_game: Carol
  - advance: {player: Alice, step: upkeep}
  - advance: {player: Bob, step: upkeep}
expect:
  - event: {kind: turn_skipped, player: Carol, rule: "800.4k", turn: 3}
  - event: {kind: step, step: untap, player: Alice, turn: 3}
  - event: {kind: step, step: untap, player: Bob, turn: 4}
`},
		{"800.4m/until-their-next-turn-ends-when-that-turn-would-have-begun", three + `effects:
  - {id: fog, kind: player_protection, player: Carol, from: [everything], duration: until_your_next_turn, controller: Carol}
actions:
  - leave_game: Carol
  - check:
      - effect_active: {fog: true}
  - advance: {player: Alice, step: upkeep}
expect:
  - event: {kind: effect_ends, objects: [fog], rule: "800.4m"}
`},
		{"702.26n/what-phased-out-under-them-phases-in-later", three + `permanents:
  - {id: bears, types: [creature], power: 2, toughness: 2, controller: Alice, phased_out: true, phased_out_under: Bob}
actions:
  - leave_game: Bob
  - advance: {player: Alice, step: upkeep}
  - check:
      - phased_out: [bears]
  - advance: {player: Carol, step: upkeep}
expect:
  - event: {kind: phasing_player_gone, objects: [bears], args: [Carol], rule: "702.26n"}
  - event: {kind: turn_skipped, player: Bob, turn: 5}
  - event: {kind: phase_in, objects: [bears], step: untap, turn: 5}
  - phased_in: [bears]
  - left_game: [Bob]
  - event: {kind: phase_in_blocked, objects: [bears], rule: "702.26n"}
`},
		{"104.2a/the-last-player-in-the-game-wins", twoPlayers + `start: {turn: 2, active: Bob, step: main1}
actions:
  - damage: {target: Alice, amount: 20}
  - illegal: {action: {draw: {player: Bob, n: 1}}, rule: "104.2a"}
expect:
  - event: {kind: wins, player: Bob, rule: "104.2a"}
  - lost: [Alice]
`},
	}, nil)
}

// TestSimultaneousPhasingIsOneEvent checks that permanents that phase out
// or in at once (502.1, 702.26a) are one event listing them all, and that
// what phasing causes comes after it.
func TestSimultaneousPhasingIsOneEvent(t *testing.T) {
	r := run(t, twoPlayers+`start: {turn: 3, active: Alice, step: main1}
permanents:
  - {id: a, types: [creature], power: 1, toughness: 1, keywords: [phasing], controller: Alice}
  - {id: b, types: [creature], power: 1, toughness: 1, keywords: [phasing], controller: Alice}
  - {id: c, types: [creature], power: 1, toughness: 1, controller: Alice, phased_out: true}
  - {id: d, types: [creature], power: 1, toughness: 1, controller: Alice, phased_out: true}
  - {id: e, types: [creature], power: 2, toughness: 2, controller: Alice}
actions:
  - attack: {attackers: [e], defender: Bob}
  - phase_out: [e]
  - advance: {player: Alice, step: upkeep}
`)
	var outs, ins []Event
	for _, e := range r.Events {
		switch {
		case e.Kind == EventPhaseOut && e.Step == string(StepUntap):
			outs = append(outs, e)
		case e.Kind == EventPhaseIn && e.Step == string(StepUntap):
			ins = append(ins, e)
		}
	}
	if len(outs) != 1 || strings.Join(outs[0].Objects, " ") != "a b" {
		t.Errorf("untap-step phase-outs: %v, want one event [a b]", outs)
	}
	if len(ins) != 1 || strings.Join(ins[0].Objects, " ") != "c d e" {
		t.Errorf("untap-step phase-ins: %v, want one event [c d e]", ins)
	}
	// Cause before effect: e phases out, then is removed from combat.
	out, removed := -1, -1
	for i, e := range r.Events {
		switch {
		case e.Kind == EventPhaseOut && has(e.Objects, "e") && out < 0:
			out = i
		case e.Kind == EventRemovedFromCombat && has(e.Objects, "e"):
			removed = i
		}
	}
	if out < 0 || removed < out {
		t.Errorf("phase_out at %d, removed_from_combat at %d: the cause must come first", out, removed)
	}
}

// TestIllegalAndCheck covers illegal actions as expectable outcomes and
// expectations at any step.
func TestIllegalAndCheck(t *testing.T) {
	src := twoPlayers + `start: {turn: 3, active: Alice, step: main1}
permanents:
  - {id: angel, types: [creature], power: 4, toughness: 4, keywords: [flying], controller: Alice}
  - {id: bears, types: [creature], power: 2, toughness: 2, controller: Bob}
actions:
  - check:
      - untapped: [angel]
  - attack: {attackers: [angel], defender: Bob}
  - check:
      - tapped: [angel]
      - untapped: [angel]
  - illegal: {action: {block: {blocker: bears, attacker: angel}}, rule: "509.1a"}
  - illegal: {action: {tap: [bears]}, rule: "701.26a"}
  - advance: {player: Alice, step: end_combat}
expect:
  - life: {Bob: 16}
`
	sc, err := ParseScenario([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(sc)
	if err != nil {
		t.Fatalf("Run: %v (an illegal action must not stop the run)", err)
	}
	want := []struct {
		ok    bool
		after int
		found string
	}{
		{true, 1, ""}, {true, 3, ""}, {false, 3, "state"}, {false, 4, "refused"}, {false, 5, "allowed"}, {true, 6, ""},
	}
	if len(r.Expectations) != len(want) {
		t.Fatalf("%d checks, want %d: %+v", len(r.Expectations), len(want), r.Expectations)
	}
	for i, w := range want {
		c := r.Expectations[i]
		if c.OK != w.ok || c.After != w.after {
			t.Errorf("check %d (%s): ok %t after %d, want %t after %d", i, c.Check, c.OK, c.After, w.ok, w.after)
		}
		if w.found != "" && (len(c.Found) == 0 || c.Found[0].Code != w.found && !(w.found == "state" && c.Found[0].Code == "tapped")) {
			t.Errorf("check %d (%s): found %v, want %s", i, c.Check, c.Found, w.found)
		}
	}
	if r.OK {
		t.Error("Result.OK with failed checks")
	}
}
