package engine

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// A conformance case from a ruling plays real cards from the shared cards
// data, compiled from their Oracle text, as a ruling of Wizards of the
// Coast says they work. Each quotes its ruling (the card, the date and
// words of the ruling), checked against the shared rulings file.
type rulingCase struct {
	card, date, quote string
	name, src         string
}

// rulingsFile is the shared rulings data.
var rulingsFile = filepath.Join("..", "..", "shared", "data", "mtg", "rulings", "rulings-mtgjson-20220425.jsonl")

// loadRulings reads the rulings by card name: date and text, with curly
// apostrophes made straight.
var loadRulings = sync.OnceValues(func() (map[string][][2]string, error) {
	f, err := os.Open(rulingsFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string][][2]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		var r struct {
			Card    string `json:"card_name"`
			Date    string `json:"published_at"`
			Comment string `json:"comment"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, err
		}
		out[r.Card] = append(out[r.Card], [2]string{r.Date, straightQuotes(r.Comment)})
	}
	return out, sc.Err()
})

// straightQuotes makes curly apostrophes and quotation marks straight.
func straightQuotes(s string) string {
	return strings.NewReplacer("’", "'", "‘", "'", "“", "\"", "”", "\"").Replace(s)
}

// runRulingCases checks each case's quote against the rulings, then runs
// the cases as conformance cases with the real cards.
func runRulingCases(t *testing.T, tests []rulingCase) {
	t.Helper()
	cards := realCards(t)
	rulings, err := loadRulings()
	if err != nil {
		t.Fatal(err)
	}
	var plain []rulesCase
	for _, tt := range tests {
		found := false
		for _, r := range rulings[tt.card] {
			if r[0] == tt.date && strings.Contains(r[1], straightQuotes(tt.quote)) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no ruling of %s on %s says %q", tt.name, tt.card, tt.date, tt.quote)
		}
		plain = append(plain, rulesCase{tt.card + "/" + tt.date + "/" + tt.name, tt.src})
	}
	runRulesCases(t, plain, cards)
}

// duel is two players in Alice's main phase, on her third turn.
const duel = `game: mtg
players: [Alice, Bob]
start: {turn: 3, active: Alice, step: main1}
`

// TestRulingsOfBlinkAndZones plays cards that exile and return, and what
// the rulings say of the new object that comes back (400.7).
func TestRulingsOfBlinkAndZones(t *testing.T) {
	t.Parallel()
	runRulingCases(t, []rulingCase{
		{card: "Cloudshift", date: "2018-03-16", quote: "Once the exiled permanent returns, it's considered a new object with no relation to the object that it was. Auras attached to the exiled permanent will be put into their owners' graveyards.",
			name: "auras-go-to-the-graveyard-counters-vanish", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice, counters: {"+1/+1": 2}}
  - {id: rancor, name: Rancor, types: [enchantment], subtypes: [Aura], controller: Alice, attached_to: bears}
actions:
  - cast: {id: shift, card: Cloudshift, targets: [bears]}
  - resolve: shift
expect:
  - zone: {bears: battlefield, rancor: graveyard}
  - counters: {bears: {"+1/+1": 0}}
  - event: {kind: state_based, objects: [rancor], rule: "704.5m"}
  - event: {kind: enters_battlefield, objects: [bears], rule: "110.2a"}
`},
		{card: "Cloudshift", date: "2018-03-16", quote: "If a token is exiled this way, it will cease to exist and won't return to the battlefield.",
			name: "a-token-doesnt-come-back", src: duel + `permanents:
  - {id: tok, name: Soldier, types: [creature], subtypes: [Soldier], power: 1, toughness: 1, token: true, controller: Alice}
actions:
  - cast: {id: shift, card: Cloudshift, targets: [tok]}
  - resolve: shift
expect:
  - zone: {tok: gone}
  - event: {kind: state_based, objects: [tok], args: [ceases], rule: "704.5d"}
  - no_event: {kind: enters_battlefield, objects: [tok]}
`},
		{card: "Cloudshift", date: "2018-03-16", quote: "The returned card won't be the target of any spells or abilities that targeted it before.",
			name: "a-spell-aimed-at-it-loses-its-target", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
actions:
  - cast: {id: bolt, card: Lightning Bolt, controller: Bob, targets: [bears]}
  - cast: {id: shift, card: Cloudshift, targets: [bears]}
  - resolve: shift
  - resolve: bolt
expect:
  - event: {kind: illegal_target, objects: [bolt, bears], rule: "608.2b"}
  - event: {kind: fizzle, objects: [bolt]}
  - damage: {bears: 0}
  - zone: {bears: battlefield}
`},
		{card: "Cloudshift", date: "2018-03-16", quote: "When an effect returns the exiled card \"under your control,\" you control it indefinitely after that.",
			name: "a-borrowed-creature-stays", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
effects:
  - {id: treason, name: Act of Treason, kind: control, target: bears, player: Alice, duration: end_of_turn}
actions:
  - cast: {id: shift, card: Cloudshift, targets: [bears]}
  - resolve: shift
  - advance: {player: Bob, step: main1}
expect:
  - controller: {bears: Alice}
  - event: {kind: effect_ends, objects: [treason]}
`},
		{card: "Momentary Blink", date: "2021-03-19", quote: "A spell cast using flashback will always be exiled afterward, whether it resolves, is countered, or leaves the stack in some other way.",
			name: "flashback-from-the-graveyard-then-exile", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
  - {id: blink, card: Momentary Blink, controller: Alice, zone: graveyard}
actions:
  - cast: {id: blink, targets: [bears]}
  - resolve: blink
expect:
  - zone: {blink: exile, bears: battlefield}
  - event: {kind: zone_change, objects: [blink], args: [stack, exile], rule: "702.34a"}
`},
		{card: "Momentary Blink", date: "2021-03-19", quote: "When the card returns to the battlefield, it will be a new object with no connection to the card that was exiled.",
			name: "it-returns-under-its-owners-control", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice, owner: Bob}
actions:
  - cast: {id: blink, card: Momentary Blink, targets: [bears]}
  - resolve: blink
expect:
  - controller: {bears: Bob}
  - zone: {bears: battlefield}
`},
		{card: "Ghostly Flicker", date: "2017-03-14", quote: "The two targets can have different card types.",
			name: "an-artifact-and-a-creature", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice, tapped: true}
  - {id: ring, card: Sol Ring, controller: Alice, tapped: true}
actions:
  - cast: {id: flicker, card: Ghostly Flicker, targets: [bears, ring]}
  - resolve: flicker
expect:
  - untapped: [bears, ring]
  - zone: {bears: battlefield, ring: battlefield}
  - event: {kind: leaves_battlefield, objects: [ring], args: [exile]}
`},
		{card: "Flickerwisp", date: "2021-03-19", quote: "The exiled card will return to the battlefield at the beginning of the end step even if Flickerwisp is no longer on the battlefield.",
			name: "it-returns-though-flickerwisp-is-gone", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
actions:
  - cast: {id: wisp, card: Flickerwisp, power: 3, toughness: 1}
  - resolve: wisp
  - resolve:
  - destroy: [wisp]
  - advance: {player: Alice, step: end}
  - resolve:
expect:
  - zone: {bears: battlefield, wisp: graveyard}
  - controller: {bears: Bob}
  - event: {kind: trigger, objects: [wisp], args: [next_end_step], rule: "603.7b"}
`},
		{card: "Flickerwisp", date: "2021-03-19", quote: "If a token is exiled this way, it will cease to exist and won't return to the battlefield.",
			name: "a-token-ceases-to-exist", src: duel + `permanents:
  - {id: tok, name: Goblin, types: [creature], subtypes: [Goblin], power: 1, toughness: 1, token: true, controller: Bob}
actions:
  - cast: {id: wisp, card: Flickerwisp, power: 3, toughness: 1}
  - resolve: wisp
  - choose: {player: Alice, targets: [tok]}
  - resolve:
  - advance: {player: Alice, step: end}
expect:
  - zone: {tok: gone}
  - no_event: {kind: enters_battlefield, objects: [tok]}
`},
		{card: "Banisher Priest", date: "2013-07-01", quote: "If Banisher Priest leaves the battlefield before its enters-the-battlefield ability resolves, the target creature won't be exiled.",
			name: "gone-before-its-ability-resolves", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
actions:
  - cast: {id: priest, card: Banisher Priest, power: 2, toughness: 2}
  - resolve: priest
  - destroy: [priest]
  - resolve:
expect:
  - zone: {bears: battlefield}
  - event: {kind: unaffected, objects: [bears], rule: "610.3b"}
`},
		{card: "Banisher Priest", date: "2013-07-01", quote: "The exiled card returns to the battlefield immediately after Banisher Priest leaves the battlefield.",
			name: "the-creature-returns-when-the-priest-leaves", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
actions:
  - cast: {id: priest, card: Banisher Priest, power: 2, toughness: 2}
  - resolve: priest
  - resolve:
  - check:
      - zone: {bears: exile}
  - destroy: [priest]
expect:
  - zone: {bears: battlefield, priest: graveyard}
  - controller: {bears: Bob}
  - event: {kind: enters_battlefield, objects: [bears], rule: "610.3"}
`},
		{card: "Banisher Priest", date: "2013-07-01", quote: "If a creature token is exiled, it ceases to exist. It won't be returned to the battlefield.",
			name: "an-exiled-token-stays-gone", src: duel + `permanents:
  - {id: tok, name: Soldier, types: [creature], subtypes: [Soldier], power: 1, toughness: 1, token: true, controller: Bob}
actions:
  - cast: {id: priest, card: Banisher Priest, power: 2, toughness: 2}
  - resolve: priest
  - resolve:
  - destroy: [priest]
expect:
  - zone: {tok: gone}
`},
		{card: "Swords to Plowshares", date: "2018-03-16", quote: "The amount of life gained is equal to the power of the targeted creature as it last existed on the battlefield.",
			name: "life-from-its-last-known-power", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
actions:
  - cast: {id: grow, card: Giant Growth, controller: Alice, targets: [bears]}
  - resolve: grow
  - cast: {id: swords, card: Swords to Plowshares, targets: [bears]}
  - resolve: swords
expect:
  - zone: {bears: exile}
  - life: {Bob: 25}
`},
		{card: "Swords to Plowshares", date: "2018-03-16", quote: "If the creature's power is negative, its controller doesn't lose or gain life.",
			name: "no-life-for-negative-power", src: duel + `permanents:
  - {id: wall, name: Wall of Wood, types: [creature], power: 0, toughness: 3, controller: Bob}
effects:
  - {id: shrink, kind: pump, target: wall, power: -2, duration: end_of_turn}
actions:
  - cast: {id: swords, card: Swords to Plowshares, targets: [wall]}
  - resolve: swords
expect:
  - zone: {wall: exile}
  - life: {Bob: 20}
  - no_event: {kind: life_gain}
`},
		{card: "Thought Scour", date: "2011-01-22", quote: "Follow the instructions in the order listed on the card: if you target yourself, you'll put the top two cards of your library into your graveyard and then draw a card.",
			name: "mill-then-draw", src: `game: mtg
players: [Alice, Bob]
start: {turn: 3, active: Alice, step: main1, hand: {Alice: 0}}
permanents:
  - {id: c1, name: Island, types: [land], controller: Alice, zone: library}
  - {id: c2, name: Forest, types: [land], controller: Alice, zone: library}
  - {id: c3, name: Swamp, types: [land], controller: Alice, zone: library}
actions:
  - cast: {id: scour, card: Thought Scour, targets: [Alice]}
  - resolve: scour
expect:
  - zone: {c1: graveyard, c2: graveyard, c3: hand}
  - hand: {Alice: 1}
`},
		{card: "Thought Scour", date: "2011-01-22", quote: "If the target player is an illegal target when Thought Scour tries to resolve, it won't resolve and none of its effects will happen. You won't draw a card.",
			name: "no-draw-without-its-target", src: `game: mtg
players: [Alice, Bob, Carol]
start: {turn: 3, active: Alice, step: main1, hand: {Alice: 0}}
actions:
  - cast: {id: scour, card: Thought Scour, targets: [Bob]}
  - leave_game: Bob
  - resolve: scour
expect:
  - event: {kind: fizzle, objects: [scour]}
  - hand: {Alice: 0}
  - no_event: {kind: draw}
`},
	})
}

// TestRulingsOfTokensAndReplacements plays token makers, counter and
// token doublers, and the rulings on how several replacement effects
// apply (616.1).
func TestRulingsOfTokensAndReplacements(t *testing.T) {
	t.Parallel()
	runRulingCases(t, []rulingCase{
		{card: "Parallel Lives", date: "2011-09-22", quote: "All of the tokens enter the battlefield simultaneously. They'll have the same name, color, type and subtype, abilities, power, toughness, and so on.",
			name: "twice as many tokens-at-once", src: duel + `permanents:
  - {id: lives, card: Parallel Lives, controller: Alice}
actions:
  - cast: {id: alarm, card: Raise the Alarm}
  - resolve: alarm
expect:
  - tokens: {Alice: 4}
  - event: {kind: replaced, objects: [lives], args: [count, "2", "4"], rule: "614.1a"}
  - event: {kind: token_created, player: Alice, rule: "111.2"}
`},
		{card: "Parallel Lives", date: "2011-09-22", quote: "If you control two Parallel Lives, then the number of tokens created is four times the original number.",
			name: "two-of-them-four-times", src: duel + `permanents:
  - {id: lives, card: Parallel Lives, controller: Alice}
  - {id: lives2, card: Parallel Lives, controller: Alice}
actions:
  - cast: {id: alarm, card: Raise the Alarm}
  - resolve: alarm
expect:
  - tokens: {Alice: 8}
`},
		{card: "Parallel Lives", date: "2011-09-22", quote: "If you control two Parallel Lives",
			name: "only-its-controllers-tokens", src: duel + `permanents:
  - {id: lives, card: Parallel Lives, controller: Bob}
actions:
  - cast: {id: alarm, card: Raise the Alarm}
  - resolve: alarm
expect:
  - tokens: {Alice: 2, Bob: 0}
  - no_event: {kind: replaced}
`},
		{card: "Anointed Procession", date: "2017-04-18", quote: "If you control two Anointed Processions, then the number of tokens created is four times the original number.",
			name: "with-doubling-season-four-times", src: duel + `permanents:
  - {id: proc, card: Anointed Procession, controller: Alice}
  - {id: season, card: Doubling Season, controller: Alice}
actions:
  - cast: {id: insp, card: Thraben Inspector, power: 1, toughness: 2}
  - resolve: insp
  - resolve:
expect:
  - tokens: {Alice: 4}
`},
		{card: "Doubling Season", date: "2020-08-07", quote: "Doubling Season affects permanents that enter the battlefield with a certain number of counters.",
			name: "enters-with-twice-the-counters", src: duel + `permanents:
  - {id: season, card: Doubling Season, controller: Alice}
actions:
  - cast: {id: feeder, card: Spike Feeder, power: 0, toughness: 0}
  - resolve: feeder
expect:
  - counters: {feeder: {"+1/+1": 4}}
  - pt: {feeder: "4/4"}
`},
		{card: "Doubling Season", date: "2020-08-07", quote: "If there are two Doubling Seasons on the battlefield, then the number of tokens or counters is four times the original number.",
			name: "two-seasons-four-times-the-counters", src: duel + `permanents:
  - {id: s1, card: Doubling Season, controller: Alice}
  - {id: s2, card: Doubling Season, controller: Alice}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
actions:
  - cast: {id: burst, card: Burst of Strength, targets: [bears]}
  - resolve: burst
expect:
  - counters: {bears: {"+1/+1": 4}}
`},
		{card: "Hardened Scales", date: "2014-09-20", quote: "If a creature would enter the battlefield with a number of +1/+1 counters on it while you control Hardened Scales, it enters with that many counters plus one.",
			name: "enters-with-one-more", src: duel + `permanents:
  - {id: scales, card: Hardened Scales, controller: Alice}
actions:
  - cast: {id: feeder, card: Spike Feeder, power: 0, toughness: 0}
  - resolve: feeder
expect:
  - counters: {feeder: {"+1/+1": 3}}
`},
		{card: "Hardened Scales", date: "2014-09-20", quote: "Each additional Hardened Scales you control will increase the number of +1/+1 counters placed on a creature by one.",
			name: "two-scales-two-more", src: duel + `permanents:
  - {id: scales, card: Hardened Scales, controller: Alice}
  - {id: scales2, card: Hardened Scales, controller: Alice}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
actions:
  - cast: {id: burst, card: Burst of Strength, targets: [bears]}
  - resolve: burst
expect:
  - counters: {bears: {"+1/+1": 3}}
`},
		{card: "Corpsejack Menace", date: "2017-11-17", quote: "If you control two Corpsejack Menaces, the number of +1/+1 counters put on a creature is four times the original number.",
			name: "two-menaces-four-times", src: duel + `permanents:
  - {id: m1, card: Corpsejack Menace, power: 4, toughness: 4, controller: Alice}
  - {id: m2, card: Corpsejack Menace, power: 4, toughness: 4, controller: Alice}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
actions:
  - cast: {id: burst, card: Burst of Strength, targets: [bears]}
  - resolve: burst
expect:
  - counters: {bears: {"+1/+1": 4}}
`},
		{card: "Corpsejack Menace", date: "2017-11-17", quote: "If a creature you control would enter the battlefield with a number of +1/+1 counters on it, it enters with twice that many instead.",
			name: "only-creatures-you-control", src: duel + `permanents:
  - {id: m1, card: Corpsejack Menace, power: 4, toughness: 4, controller: Bob}
actions:
  - cast: {id: feeder, card: Spike Feeder, power: 0, toughness: 0}
  - resolve: feeder
expect:
  - counters: {feeder: {"+1/+1": 2}}
`},
		{card: "Thraben Inspector", date: "2016-04-08", quote: "The token is named Clue and has the artifact subtype Clue.",
			name: "investigate-makes-a-clue-that-draws", src: duel + `actions:
  - cast: {id: insp, card: Thraben Inspector, power: 1, toughness: 2}
  - resolve: insp
  - resolve:
expect:
  - tokens: {Alice: 1}
  - event: {kind: token_created, player: Alice}
`},
	})
}

// TestReplacementRules plays the rules of replacement and prevention
// effects and the affected player's choice among several (614, 615,
// 616.1), with real cards.
func TestReplacementRules(t *testing.T) {
	t.Parallel()
	const choose616 = "the affected object's controller (or its owner if it has no controller) or the affected player chooses one to apply"
	runQuotedCases(t, []quotedCase{
		{"616.1/scales-then-menace-makes-four", choose616, duel + `permanents:
  - {id: scales, card: Hardened Scales, controller: Alice}
  - {id: menace, card: Corpsejack Menace, power: 4, toughness: 4, controller: Alice}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
actions:
  - choose: {player: Alice, apply: scales}
  - cast: {id: burst, card: Burst of Strength, targets: [bears]}
  - resolve: burst
expect:
  - event: {kind: choice, objects: [scales], args: [apply, "", chosen], rule: "616.1"}
  - counters: {bears: {"+1/+1": 4}}
`},
		{"616.1/menace-then-scales-makes-three", choose616, duel + `permanents:
  - {id: scales, card: Hardened Scales, controller: Alice}
  - {id: menace, card: Corpsejack Menace, power: 4, toughness: 4, controller: Alice}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
actions:
  - choose: {player: Alice, apply: menace}
  - cast: {id: burst, card: Burst of Strength, targets: [bears]}
  - resolve: burst
expect:
  - counters: {bears: {"+1/+1": 3}}
`},
		{"616.1/by-default-the-earliest-and-said", choose616, duel + `permanents:
  - {id: scales, card: Hardened Scales, controller: Alice}
  - {id: menace, card: Corpsejack Menace, power: 4, toughness: 4, controller: Alice}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
actions:
  - cast: {id: burst, card: Burst of Strength, targets: [bears]}
  - resolve: burst
expect:
  - event: {kind: choice, objects: [scales], args: [apply, "", default], rule: "616.1"}
  - counters: {bears: {"+1/+1": 4}}
`},
		{"616.1/the-opponents-replacement-their-choice", choose616, duel + `permanents:
  - {id: menace, card: Corpsejack Menace, power: 4, toughness: 4, controller: Bob}
  - {id: scales, card: Hardened Scales, controller: Bob}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
actions:
  - choose: {player: Bob, apply: menace}
  - cast: {id: burst, card: Burst of Strength, targets: [bears]}
  - resolve: burst
expect:
  - event: {kind: choice, player: Bob, args: [apply, "", chosen]}
  - counters: {bears: {"+1/+1": 3}}
`},
		{"614.1a/if-it-would-die-exile-it-instead", "Effects that use the word \u201cinstead\u201d are replacement effects.", duel + `permanents:
  - {id: skaab, card: Possessed Skaab, power: 3, toughness: 2, controller: Bob}
actions:
  - cast: {id: bolt, card: Lightning Bolt, targets: [skaab]}
  - resolve: bolt
expect:
  - zone: {skaab: exile}
  - event: {kind: replaced, objects: [skaab, skaab], args: [dies, exile], rule: "614.6"}
  - event: {kind: leaves_battlefield, objects: [skaab], args: [exile]}
`},
		{"615.1a/fog-prevents-all-combat-damage", "Prevention effects use \u201cprevent\u201d to indicate what damage will not be dealt.", duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
  - {id: wall, name: Wall of Wood, types: [creature], power: 0, toughness: 3, controller: Bob}
  - {id: giant, name: Hill Giant, types: [creature], power: 3, toughness: 3, controller: Alice}
actions:
  - cast: {id: fog, card: Fog, controller: Bob}
  - resolve: fog
  - attack: {attackers: [bears, giant], defender: Bob}
  - block: {blocker: wall, attacker: giant}
  - advance: {player: Alice, step: end_combat}
  - damage: {target: bears, amount: 1}
expect:
  - life: {Bob: 20}
  - damage: {wall: 0, bears: 1}
  - event: {kind: prevented, objects: [bears], rule: "615.1"}
`},
		{"615.1a/a-shield-prevents-the-next-damage-only", "Prevention effects use \u201cprevent\u201d to indicate what damage will not be dealt.", duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
actions:
  - cast: {id: salve, card: Healing Salve, modes: [2], targets: [bears]}
  - resolve: salve
  - cast: {id: bolt, card: Lightning Bolt, controller: Alice, targets: [bears]}
  - resolve: bolt
  - damage: {target: bears, amount: 1}
expect:
  - event: {kind: prevented, objects: [bolt, bears], args: ["3"], rule: "615.1"}
  - damage: {bears: 1}
  - zone: {bears: battlefield}
`},
		{"701.19c/wrath-of-god-a-regenerating-creature-dies", "Effects that say that a permanent can't be regenerated don't preclude such abilities from being activated", duel + `permanents:
  - {id: boa, card: River Boa, power: 1, toughness: 1, controller: Bob}
actions:
  - activate: {source: boa}
  - resolve:
  - cast: {id: wrath, card: Wrath of God}
  - resolve: wrath
expect:
  - zone: {boa: graveyard}
  - no_event: {kind: regenerate}
`},
		{"701.19a/day-of-judgment-a-regenerating-creature-regenerates", "The next time [permanent] would be destroyed this turn, instead remove all damage marked on it and its controller taps it.", duel + `permanents:
  - {id: boa, card: River Boa, power: 1, toughness: 1, controller: Bob, damage: 0}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
actions:
  - activate: {source: boa}
  - resolve:
  - cast: {id: doj, card: Day of Judgment}
  - resolve: doj
expect:
  - zone: {boa: battlefield, bears: graveyard}
  - tapped: [boa]
  - event: {kind: regenerate, objects: [boa], rule: "701.19a"}
`},
		{"701.19a/lethal-damage-regenerated-damage-removed", "instead remove all damage marked on it and its controller taps it", duel + `permanents:
  - {id: skel, card: Drudge Skeletons, power: 1, toughness: 1, controller: Bob}
actions:
  - activate: {source: skel}
  - resolve:
  - cast: {id: bolt, card: Lightning Bolt, targets: [skel]}
  - resolve: bolt
expect:
  - zone: {skel: battlefield}
  - damage: {skel: 0}
  - tapped: [skel]
`},
		{"111.4/the-tokens-name-is-its-subtype-and-token", "If the spell or ability doesn't specify the name of the token, its name is the same as its subtype(s) plus the word \u201cToken.\u201d", duel + `actions:
  - cast: {id: alarm, card: Raise the Alarm}
  - resolve: alarm
expect:
  - tokens: {Alice: 2}
  - event: {kind: token_created, objects: [], rule: "111.2"}
`},
		{"111.8/a-token-that-left-cant-come-back", "A token that has left the battlefield can't move to another zone or come back onto the battlefield.", duel + `permanents:
  - {id: tok, name: Soldier, types: [creature], power: 1, toughness: 1, token: true, controller: Alice}
actions:
  - cast: {id: blink, card: Momentary Blink, targets: [tok]}
  - resolve: blink
expect:
  - zone: {tok: gone}
`},
		{"613.8a/a-grant-that-depends-on-another-waits-for-it", "applying the other would change the text or the existence of the first effect, what it applies to, or what it does to any of the things it applies to", duel + `permanents:
  - {id: kwende, card: "Kwende, Pride of Femeref", power: 2, toughness: 2, controller: Alice}
  - {id: knighthood, card: Knighthood, controller: Alice}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
expect:
  - keywords: {bears: [first_strike, double_strike]}
`},
		{"613.8a/without-the-other-no-dependency", "An effect is said to \u201cdepend on\u201d another if (a) it's applied in the same layer", duel + `permanents:
  - {id: kwende, card: "Kwende, Pride of Femeref", power: 2, toughness: 2, controller: Alice}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
expect:
  - lacks: {bears: [first_strike, double_strike]}
  - keywords: {kwende: [double_strike]}
`},
		{"613.7/timestamp-order-when-nothing-depends", "Within a layer or sublayer, determining which order effects are applied in is usually done using a timestamp system.", duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
effects:
  - {id: gain, kind: grant, target: bears, keywords: [flying], duration: end_of_turn}
  - {id: drop, kind: lose, target: bears, keywords: [flying], duration: end_of_turn}
expect:
  - lacks: {bears: [flying]}
`},
		{"601.2h/mana-is-paid-from-lands-tapped-for-it", "The player pays the total cost.", `game: mtg
players: [Alice, Bob]
mana: pay
start: {turn: 3, active: Alice, step: main1}
permanents:
  - {id: m1, card: Mountain, controller: Alice}
  - {id: f1, card: Forest, controller: Alice}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
actions:
  - cast: {id: bolt, card: Lightning Bolt, targets: [bears]}
  - illegal: {action: {cast: {id: shock, card: Shock, targets: [Bob]}}, rule: "601.2h"}
expect:
  - tapped: [m1]
  - untapped: [f1]
  - event: {kind: pay_mana, objects: [bolt], args: ["{R}"], rule: "601.2h"}
`},
		{"106.4/unspent-mana-empties-at-the-end-of-the-step", "Each player's mana pool empties at the end of each step and phase", `game: mtg
players: [Alice, Bob]
mana: pay
start: {turn: 3, active: Alice, step: main1}
permanents:
  - {id: elves, card: Llanowar Elves, power: 1, toughness: 1, controller: Alice}
actions:
  - activate: {source: elves}
  - advance: {player: Alice, step: begin_combat}
expect:
  - event: {kind: mana, objects: [elves], args: ["{G}"], rule: "605.3a"}
  - event: {kind: mana_empties, player: Alice, args: ["{G}"], rule: "500.4"}
`},
	}, realCards(t))
}
