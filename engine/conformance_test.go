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
