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
		{card: "Fiend Hunter", date: "2018-12-07", quote: "If Fiend Hunter leaves the battlefield before its first ability has resolved, its second ability will trigger and do nothing. Then its first ability will resolve and exile the target creature indefinitely.",
			name: "gone-before-its-first-ability-the-creature-stays-exiled", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
actions:
  - cast: {id: hunter, card: Fiend Hunter, power: 1, toughness: 3}
  - resolve: hunter
  - destroy: [hunter]
  - resolve:
  - resolve:
  - advance: {player: Bob, step: main1}
expect:
  - zone: {bears: exile, hunter: graveyard}
  - event: {kind: leaves_battlefield, objects: [bears], args: [exile]}
`},
		{card: "Fiend Hunter", date: "2018-12-07", quote: "Once the exiled creature returns, it's considered a new object with no relation to the object that it was. Auras attached to the exiled creature will be put into their owners' graveyards. Equipment attached to the exiled creature will become unattached and remain on the battlefield. Any counters on the exiled creature will cease to exist.",
			name: "the-creature-returns-as-a-new-object", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob, counters: {"+1/+1": 1}}
  - {id: axe, card: Bonesplitter, controller: Bob, attached_to: bears}
  - {id: rancor, card: Rancor, controller: Bob, attached_to: bears}
actions:
  - cast: {id: hunter, card: Fiend Hunter, power: 1, toughness: 3}
  - resolve: hunter
  - resolve:
  - check:
      - zone: {bears: exile, rancor: graveyard, axe: battlefield}
      - unattached: [axe]
  - destroy: [hunter]
  - resolve:
expect:
  - zone: {bears: battlefield}
  - controller: {bears: Bob}
  - counters: {bears: {"+1/+1": 0}}
  - pt: {bears: "2/2"}
`},
		{card: "Fiend Hunter", date: "2018-12-07", quote: "If a token is exiled this way, it won't return to the battlefield.",
			name: "an-exiled-token-doesnt-return", src: duel + `permanents:
  - {id: tok, name: Soldier, types: [creature], subtypes: [Soldier], power: 1, toughness: 1, token: true, controller: Bob}
actions:
  - cast: {id: hunter, card: Fiend Hunter, power: 1, toughness: 3}
  - resolve: hunter
  - resolve:
  - destroy: [hunter]
  - resolve:
expect:
  - zone: {tok: gone}
  - tokens: {Bob: 0}
`},
		{card: "Oblivion Ring", date: "2007-10-01", quote: "If Oblivion Ring leaves the battlefield before its first ability has resolved, its second ability will trigger and do nothing.",
			name: "disenchanted-in-response", src: duel + `permanents:
  - {id: ring, card: Sol Ring, controller: Bob}
actions:
  - cast: {id: oring, card: Oblivion Ring}
  - choose: {player: Alice, targets: [ring]}
  - resolve: oring
  - cast: {id: dis, card: Disenchant, controller: Bob, targets: [oring]}
  - resolve: dis
  - resolve:
  - resolve:
expect:
  - zone: {ring: exile, oring: graveyard}
`},
		{card: "Journey to Nowhere", date: "2009-10-01", quote: "Then its first ability will resolve and exile the targeted creature forever.",
			name: "the-creature-returns-when-the-journey-ends", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob, tapped: true}
actions:
  - cast: {id: journey, card: Journey to Nowhere}
  - resolve: journey
  - resolve:
  - check:
      - zone: {bears: exile}
  - cast: {id: dis, card: Disenchant, controller: Bob, targets: [journey]}
  - resolve: dis
  - resolve:
expect:
  - zone: {bears: battlefield, journey: graveyard}
  - untapped: [bears]
  - event: {kind: enters_battlefield, objects: [bears]}
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

// TestRulingsOfCopiesAndKeywords plays Clone and the keyword abilities the
// engine expands from their words (persist, prowess, exalted) as their
// rulings say.
func TestRulingsOfCopiesAndKeywords(t *testing.T) {
	t.Parallel()
	runRulingCases(t, []rulingCase{
		{card: "Clone", date: "2012-07-01", quote: "It doesn't copy whether that creature is tapped or untapped, whether it has any counters on it or Auras attached to it, or any non-copy effects that have changed its power, toughness, types, color, or so on.",
			name: "copies-the-printed-creature-only", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob, tapped: true, counters: {"+1/+1": 1}}
effects:
  - {id: grow, kind: pump, target: bears, power: 3, toughness: 3, duration: end_of_turn}
actions:
  - cast: {id: clone, card: Clone, power: 0, toughness: 0}
  - resolve: clone
expect:
  - pt: {clone: "2/2", bears: "6/6"}
  - untapped: [clone]
  - counters: {clone: {"+1/+1": 0}}
  - event: {kind: copy, objects: [clone, bears], rule: "707.2"}
`},
		{card: "Clone", date: "2012-07-01", quote: "You can choose not to copy anything. In that case, Clone enters the battlefield as a 0/0 Shapeshifter creature, and is probably put into the graveyard immediately.",
			name: "copying-nothing-it-dies", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
actions:
  - cast: {id: clone, card: Clone, power: 0, toughness: 0}
  - choose: {player: Alice, may: false}
  - resolve: clone
expect:
  - zone: {clone: graveyard}
  - event: {kind: state_based, objects: [clone], rule: "704.5f"}
  - no_event: {kind: copy}
`},
		{card: "Clone", date: "2007-07-15", quote: "Any enters-the-battlefield abilities of the copied creature will trigger when Clone enters the battlefield.",
			name: "the-copied-creatures-enters-ability-triggers", src: duel + `permanents:
  - {id: finks, card: Kitchen Finks, power: 3, toughness: 2, controller: Bob}
actions:
  - cast: {id: clone, card: Clone, power: 0, toughness: 0}
  - resolve: clone
  - resolve:
expect:
  - pt: {clone: "3/2"}
  - life: {Alice: 22}
`},
		{card: "Clone", date: "2007-07-15", quote: "If the chosen creature is copying something else (for example, if the chosen creature is another Clone), then your Clone enters the battlefield as whatever the chosen creature copied.",
			name: "a-clone-of-a-clone", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
actions:
  - cast: {id: c1, card: Clone, power: 0, toughness: 0}
  - resolve: c1
  - destroy: [bears]
  - cast: {id: c2, card: Clone, power: 0, toughness: 0}
  - resolve: c2
expect:
  - pt: {c1: "2/2", c2: "2/2"}
  - zone: {c2: battlefield}
  - event: {kind: copy, objects: [c2, c1]}
`},
		{card: "Clone", date: "2013-07-01", quote: "Clone's ability doesn't target the chosen creature.",
			name: "it-can-copy-a-creature-with-shroud", src: duel + `permanents:
  - {id: wall, name: Shrouded Wall, types: [creature], subtypes: [Wall], power: 0, toughness: 5, keywords: [shroud, defender], controller: Bob}
actions:
  - cast: {id: clone, card: Clone, power: 0, toughness: 0}
  - resolve: clone
expect:
  - pt: {clone: "0/5"}
  - keywords: {clone: [shroud, defender]}
`},
		{card: "Clone", date: "2007-07-15", quote: "Clone is not a token.",
			name: "a-copy-of-a-token-is-no-token", src: duel + `permanents:
  - {id: tok, name: Soldier, types: [creature], subtypes: [Soldier], colors: [white], power: 1, toughness: 1, token: true, controller: Bob}
actions:
  - cast: {id: clone, card: Clone, power: 0, toughness: 0}
  - resolve: clone
expect:
  - pt: {clone: "1/1"}
  - tokens: {Alice: 0, Bob: 1}
`},
		{card: "Kitchen Finks", date: "2013-06-07", quote: "When a permanent with persist returns to the battlefield, it's a new object with no memory of or connection to its previous existence.",
			name: "it-returns-with-a-counter-as-a-new-object", src: duel + `permanents:
  - {id: finks, card: Kitchen Finks, power: 3, toughness: 2, controller: Alice, damage: 1}
actions:
  - destroy: [finks]
  - resolve:
  - resolve:
expect:
  - zone: {finks: battlefield}
  - pt: {finks: "2/1"}
  - damage: {finks: 0}
  - counters: {finks: {"-1/-1": 1}}
  - life: {Alice: 22}
`},
		{card: "Kitchen Finks", date: "2013-06-07", quote: "Its last known information (that is, how the creature last existed on the battlefield) is used to determine whether it had a -1/-1 counter on it.",
			name: "with-a-counter-it-stays-dead", src: duel + `permanents:
  - {id: finks, card: Kitchen Finks, power: 3, toughness: 2, controller: Alice, counters: {"-1/-1": 1}}
actions:
  - destroy: [finks]
expect:
  - zone: {finks: graveyard}
  - no_event: {kind: trigger, objects: [finks]}
`},
		{card: "Kitchen Finks", date: "2013-06-07", quote: "However, the token will cease to exist and can't return to the battlefield.",
			name: "a-persisting-token-doesnt-return", src: duel + `permanents:
  - {id: tok, card: Kitchen Finks, power: 3, toughness: 2, controller: Alice, token: true}
actions:
  - destroy: [tok]
  - resolve:
expect:
  - zone: {tok: gone}
  - event: {kind: trigger, objects: [tok]}
  - no_event: {kind: enters_battlefield, objects: [tok]}
`},
		{card: "Kitchen Finks", date: "2013-06-07", quote: "persist won't trigger and the card won't return to the battlefield",
			name: "counters-annihilate-as-it-dies", src: duel + `permanents:
  - {id: finks, card: Kitchen Finks, power: 3, toughness: 2, controller: Alice, counters: {"+1/+1": 1}}
actions:
  - counter: {target: finks, kind: "-1/-1", n: 4}
expect:
  - zone: {finks: graveyard}
  - no_event: {kind: trigger, objects: [finks]}
`},
		{card: "Monastery Swiftspear", date: "2014-09-20", quote: "Once it triggers, prowess isn't connected to the spell that caused it to trigger. If that spell is countered, prowess will still resolve.",
			name: "prowess-resolves-though-the-spell-is-countered", src: duel + `permanents:
  - {id: spear, card: Monastery Swiftspear, power: 1, toughness: 2, controller: Alice}
actions:
  - cast: {id: shock, card: Shock, targets: [Bob]}
  - cast: {id: cs, card: Counterspell, controller: Bob, targets: [shock]}
  - resolve: cs
  - resolve:
expect:
  - pt: {spear: "2/3"}
  - life: {Bob: 20}
  - event: {kind: countered, objects: [shock]}
`},
		{card: "Monastery Swiftspear", date: "2014-09-20", quote: "If a spell has multiple types, and one of those types is creature (such as an artifact creature), casting it won't cause prowess to trigger. Playing a land also won't cause prowess to trigger.",
			name: "no-prowess-for-an-artifact-creature-or-a-land", src: `game: mtg
players: [Alice, Bob]
start: {turn: 3, active: Alice, step: main1, hand: {Alice: 0}}
permanents:
  - {id: spear, card: Monastery Swiftspear, power: 1, toughness: 2, controller: Alice}
  - {id: forest, card: Forest, controller: Alice, zone: hand}
actions:
  - cast: {id: jug, card: Juggernaut, power: 5, toughness: 3}
  - resolve: jug
  - play: forest
expect:
  - pt: {spear: "1/2"}
  - no_event: {kind: trigger, objects: [spear]}
`},
		{card: "Monastery Swiftspear", date: "2014-09-20", quote: "Prowess goes on the stack on top of the spell that caused it to trigger. It will resolve before that spell.",
			name: "prowess-resolves-first", src: duel + `permanents:
  - {id: spear, card: Monastery Swiftspear, power: 1, toughness: 2, controller: Alice}
actions:
  - cast: {id: grow, card: Giant Growth, targets: [spear]}
  - resolve:
  - check:
      - pt: {spear: "2/3"}
  - resolve: grow
expect:
  - pt: {spear: "5/6"}
`},
		{card: "Akrasan Squire", date: "2008-10-01", quote: "The bonuses are given to the attacking creature, not to the permanent with exalted. Ultimately, the attacking creature will wind up with +1/+1 for each of your exalted abilities.",
			name: "each-exalted-pumps-the-lone-attacker", src: duel + `permanents:
  - {id: squire, card: Akrasan Squire, power: 1, toughness: 1, controller: Alice}
  - {id: hierarch, card: Noble Hierarch, power: 0, toughness: 1, controller: Alice}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
actions:
  - attack: {attackers: [bears], defender: Bob}
  - resolve:
  - resolve:
expect:
  - pt: {bears: "4/4", squire: "1/1", hierarch: "0/1"}
`},
		{card: "Akrasan Squire", date: "2008-10-01", quote: "If you declare exactly one creature as an attacker, each exalted ability on each permanent you control (including, perhaps, the attacking creature itself) will trigger.",
			name: "no-exalted-for-two-attackers", src: duel + `permanents:
  - {id: squire, card: Akrasan Squire, power: 1, toughness: 1, controller: Alice}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
actions:
  - attack: {attackers: [bears, squire], defender: Bob}
expect:
  - pt: {bears: "2/2", squire: "1/1"}
  - no_event: {kind: trigger, objects: [squire]}
`},
		{card: "Akrasan Squire", date: "2008-10-01", quote: "Exalted bonuses last until end of turn.",
			name: "the-bonus-lasts-the-turn", src: duel + `permanents:
  - {id: squire, card: Akrasan Squire, power: 1, toughness: 1, controller: Alice}
actions:
  - attack: {attackers: [squire], defender: Bob}
  - resolve:
  - advance: {player: Alice, step: main2}
  - check:
      - pt: {squire: "2/2"}
  - advance: {player: Bob, step: upkeep}
expect:
  - pt: {squire: "1/1"}
  - life: {Bob: 18}
`},
	})
}

// TestRulingsOfControlAndCharacteristics plays control changes,
// characteristic-defining abilities, lords and the continuous effects of
// resolved spells as their rulings say.
func TestRulingsOfControlAndCharacteristics(t *testing.T) {
	t.Parallel()
	runRulingCases(t, []rulingCase{
		{card: "Crusader of Odric", date: "2020-08-07", quote: "As long as Crusader of Odric is on the battlefield, its ability will count itself.",
			name: "it-counts-itself", src: duel + `permanents:
  - {id: crusader, card: Crusader of Odric, controller: Alice}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
  - {id: bob, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
expect:
  - pt: {crusader: "2/2"}
`},
		{card: "Crusader of Odric", date: "2020-08-07", quote: "nonlethal damage dealt to Crusader of Odric may become lethal if other creatures you control leave the battlefield during that turn.",
			name: "damage-becomes-lethal", src: duel + `permanents:
  - {id: crusader, card: Crusader of Odric, controller: Alice}
  - {id: b1, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
  - {id: b2, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
actions:
  - cast: {id: shock, card: Shock, controller: Bob, targets: [crusader]}
  - resolve: shock
  - check:
      - zone: {crusader: battlefield}
      - pt: {crusader: "3/3"}
  - destroy: [b1]
expect:
  - zone: {crusader: graveyard}
  - event: {kind: state_based, objects: [crusader], rule: "704.5g"}
`},
		{card: "Overrun", date: "2009-10-01", quote: "Overrun affects only creatures you control at the time it resolves. It won't affect creatures that come under your control later in the turn.",
			name: "later-creatures-unaffected", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
actions:
  - cast: {id: overrun, card: Overrun}
  - resolve: overrun
  - cast: {id: late, card: Grizzly Bears, power: 2, toughness: 2}
  - resolve: late
expect:
  - pt: {bears: "5/5", late: "2/2"}
  - keywords: {bears: [trample]}
  - lacks: {late: [trample]}
`},
		{card: "Goblin King", date: "2005-08-01", quote: "if two Goblin Kings are on the battlefield, each gives the other a bonus.",
			name: "two-kings-pump-each-other", src: duel + `permanents:
  - {id: k1, card: Goblin King, power: 2, toughness: 2, controller: Alice}
  - {id: k2, card: Goblin King, power: 2, toughness: 2, controller: Bob}
  - {id: gob, name: Goblin Piker, types: [creature], subtypes: [Goblin], power: 2, toughness: 1, controller: Bob}
expect:
  - pt: {k1: "3/3", k2: "3/3", gob: "4/3"}
  - keywords: {k1: [mountainwalk], gob: [mountainwalk]}
`},
		{card: "Act of Treason", date: "2019-07-12", quote: "Act of Treason can target any creature, even one that's untapped or one you already control.",
			name: "your-own-tapped-creature", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice, tapped: true, entered_this_turn: true}
actions:
  - cast: {id: treason, card: Act of Treason, targets: [bears]}
  - resolve: treason
expect:
  - untapped: [bears]
  - controller: {bears: Alice}
  - can_attack: [bears]
`},
		{card: "Act of Treason", date: "2019-07-12", quote: "Gaining control of a creature doesn't cause you to gain control of any Auras or Equipment attached to it.",
			name: "the-equipment-stays-with-its-controller", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
  - {id: axe, card: Bonesplitter, controller: Bob, attached_to: bears}
actions:
  - cast: {id: treason, card: Act of Treason, targets: [bears]}
  - resolve: treason
  - attack: {attackers: [bears], defender: Bob}
  - advance: {player: Alice, step: main2}
expect:
  - controller: {bears: Alice, axe: Bob}
  - attached: {axe: bears}
  - life: {Bob: 16}
`},
		{card: "Control Magic", date: "2016-06-08", quote: "Gaining control of a creature doesn't cause you to gain control of any Auras or Equipment attached to it.",
			name: "the-aura-stays-with-its-controller", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
  - {id: rancor, card: Rancor, controller: Bob, attached_to: bears}
actions:
  - cast: {id: magic, card: Control Magic, targets: [bears]}
  - resolve: magic
expect:
  - controller: {bears: Alice, rancor: Bob, magic: Alice}
  - attached: {rancor: bears, magic: bears}
  - pt: {bears: "4/2"}
`},
		{card: "Juggernaut", date: "2018-04-27", quote: "If Juggernaut can't attack for any reason (such as being tapped or having come under that player's control that turn), then it doesn't attack.",
			name: "a-tapped-juggernaut-doesnt-attack", src: duel + `permanents:
  - {id: jug, card: Juggernaut, power: 5, toughness: 3, controller: Alice, tapped: true}
actions:
  - advance: {player: Alice, step: main2}
expect:
  - life: {Bob: 20}
  - no_event: {kind: attack}
`},
		{card: "Ajani's Pridemate", date: "2021-03-19", quote: "The ability of Ajani's Pridemate triggers just once for each life-gaining event",
			name: "one-counter-for-one-gain-of-three", src: duel + `permanents:
  - {id: cat, card: Ajani's Pridemate, power: 2, toughness: 2, controller: Alice}
actions:
  - cast: {id: salve, card: Healing Salve, targets: [Alice]}
  - choose: {player: Alice, mode: 1}
  - resolve: salve
  - resolve:
expect:
  - life: {Alice: 23}
  - counters: {cat: {"+1/+1": 1}}
`},
		{card: "Ajani's Pridemate", date: "2021-03-19", quote: "Each creature with lifelink dealing combat damage causes a separate life-gaining event.",
			name: "two-lifelinkers-two-counters", src: duel + `permanents:
  - {id: cat, card: Ajani's Pridemate, power: 2, toughness: 2, controller: Alice}
  - {id: l1, name: Lifelinker, types: [creature], power: 1, toughness: 1, keywords: [lifelink], controller: Alice}
  - {id: l2, name: Lifelinker, types: [creature], power: 1, toughness: 1, keywords: [lifelink], controller: Alice}
actions:
  - attack: {attackers: [l1, l2], defender: Bob}
  - advance: {player: Alice, step: main2}
expect:
  - life: {Alice: 22, Bob: 18}
  - counters: {cat: {"+1/+1": 2}}
`},
		{card: "Wild Nacatl", date: "2008-10-01", quote: "Wild Nacatl will get both bonuses if those two subtypes are contained among the lands you control, even if they're from the same land (such as Plateau or Sacred Foundry).",
			name: "one-plateau-both-bonuses", src: duel + `permanents:
  - {id: cat, card: Wild Nacatl, power: 1, toughness: 1, controller: Alice}
  - {id: plateau, card: Plateau, controller: Alice}
  - {id: bobs, card: Forest, controller: Bob}
expect:
  - pt: {cat: "3/3"}
`},
		{card: "Eternal Witness", date: "2021-03-19", quote: "If a resolving spell puts Eternal Witness onto the battlefield, Eternal Witness's ability can target that card if it's put into your graveyard as it resolves.",
			name: "it-returns-the-spell-that-returned-it", src: duel + `permanents:
  - {id: witness, card: Eternal Witness, power: 2, toughness: 1, controller: Alice, zone: graveyard}
actions:
  - cast: {id: zombify, card: Zombify, targets: [witness]}
  - resolve: zombify
  - choose: {player: Alice, targets: [zombify]}
  - resolve:
expect:
  - zone: {witness: battlefield, zombify: hand}
`},
		{card: "Gravedigger", date: "2009-10-01", quote: "A \"creature card\" is any card with the type creature, even if it has other types such as artifact, enchantment, or land.",
			name: "an-artifact-creature-card-returns", src: duel + `permanents:
  - {id: jug, card: Juggernaut, power: 5, toughness: 3, controller: Alice, zone: graveyard}
actions:
  - cast: {id: digger, card: Gravedigger, power: 2, toughness: 2}
  - resolve: digger
  - resolve:
expect:
  - zone: {jug: hand}
`},
		{card: "Cranial Plating", date: "2021-03-19", quote: "Cranial Plating is counted by its own ability, so it gives at least +1/+0.",
			name: "it-counts-itself", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
  - {id: plating, card: Cranial Plating, controller: Alice, attached_to: bears}
expect:
  - pt: {bears: "3/2"}
`},
		{card: "Cranial Plating", date: "2021-03-19", quote: "it can be activated any time you could cast an instant, even during another player's turn.",
			name: "attach-on-an-opponents-turn", src: `game: mtg
players: [Alice, Bob]
start: {turn: 4, active: Bob, step: main1}
permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
  - {id: plating, card: Cranial Plating, controller: Alice}
actions:
  - illegal: {action: {activate: {source: plating, ability: equip, targets: [bears]}}, rule: "602.5d"}
  - activate: {source: plating, ability: 1, targets: [bears]}
  - resolve:
expect:
  - attached: {plating: bears}
  - pt: {bears: "3/2"}
`},
		{card: "Royal Assassin", date: "2004-10-04", quote: "If the creature is no longer tapped when the Assassin's ability resolves, then the ability doesn't resolve.",
			name: "the-target-untapped-in-response", src: duel + `permanents:
  - {id: assassin, card: Royal Assassin, power: 1, toughness: 1, controller: Alice}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob, tapped: true}
actions:
  - activate: {source: assassin, targets: [bears]}
  - untap: [bears]
  - resolve:
expect:
  - zone: {bears: battlefield}
  - event: {kind: fizzle}
`},
		{card: "Lightning Helix", date: "2017-11-17", quote: "If the chosen target is illegal when Lightning Helix tries to resolve, it won't resolve and none of its effects will happen. You won't gain 3 life.",
			name: "no-life-without-its-target", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
actions:
  - cast: {id: helix, card: Lightning Helix, targets: [bears]}
  - destroy: [bears]
  - resolve: helix
expect:
  - life: {Alice: 20}
  - event: {kind: fizzle, objects: [helix]}
`},
		{card: "Rancor", date: "2018-03-16", quote: "If the creature this Aura would enchant is an illegal target by the time Rancor tries to resolve, the Aura spell doesn't resolve. It won't enter the battlefield, so it won't be put into a graveyard from the battlefield and its ability won't trigger.",
			name: "a-fizzled-rancor-stays-in-the-graveyard", src: duel + `permanents:
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
actions:
  - cast: {id: rancor, card: Rancor, targets: [bears]}
  - destroy: [bears]
  - resolve: rancor
expect:
  - zone: {rancor: graveyard}
  - no_event: {kind: trigger, objects: [rancor]}
`},
		{card: "Possessed Skaab", date: "2015-06-22", quote: "Possessed Skaab won't go to the graveyard. It will be put from the battlefield into exile.",
			name: "killed-by-counters-it-is-exiled", src: duel + `permanents:
  - {id: skaab, card: Possessed Skaab, power: 3, toughness: 2, controller: Alice}
actions:
  - counter: {target: skaab, kind: "-1/-1", n: 2}
expect:
  - zone: {skaab: exile}
  - event: {kind: replaced, objects: [skaab]}
`},
		{card: "Bleed Dry", date: "2021-11-19", quote: "its effect causes the creature to be exiled any time it would die that turn, not just if it would die as a result of having toughness 0 or less.",
			name: "exiled-though-it-dies-another-way", src: duel + `permanents:
  - {id: wall, name: Wall of Stone, types: [creature], subtypes: [Wall], power: 0, toughness: 20, controller: Bob}
actions:
  - cast: {id: bleed, card: Bleed Dry, targets: [wall]}
  - resolve: bleed
  - check:
      - pt: {wall: "-13/7"}
  - destroy: [wall]
expect:
  - zone: {wall: exile}
`},
	})
}

// TestRulingsOfKeywordTriggers plays the triggered abilities keywords
// stand for (702.91 battle cry, 702.130 afflict, 702.46 soulshift), from
// their rules and rulings.
func TestRulingsOfKeywordTriggers(t *testing.T) {
	t.Parallel()
	runRulingCases(t, []rulingCase{
		{card: "Frontline Devastator", date: "2017-07-14", quote: "If multiple creatures block a creature with afflict, afflict triggers only once.",
			name: "two-blockers-one-trigger", src: duel + `permanents:
  - {id: dev, card: Frontline Devastator, power: 3, toughness: 2, controller: Alice}
  - {id: w1, name: Wall, types: [creature], subtypes: [Wall], power: 0, toughness: 4, controller: Bob}
  - {id: w2, name: Wall, types: [creature], subtypes: [Wall], power: 0, toughness: 4, controller: Bob}
actions:
  - attack: {attackers: [dev], defender: Bob}
  - block: {blockers: [w1, w2], attacker: dev}
  - resolve:
  - advance: {player: Alice, step: main2}
expect:
  - life: {Bob: 18}
  - event: {kind: life_loss, player: Bob, args: ["2", "18"]}
`},
		{card: "Frontline Devastator", date: "2017-07-14", quote: "Afflict causes the defending player to lose life; it's not damage or combat damage.",
			name: "fog-doesnt-stop-the-loss", src: duel + `permanents:
  - {id: dev, card: Frontline Devastator, power: 3, toughness: 2, controller: Alice}
  - {id: wall, name: Wall, types: [creature], subtypes: [Wall], power: 0, toughness: 4, controller: Bob}
actions:
  - attack: {attackers: [dev], defender: Bob}
  - cast: {id: fog, card: Fog, controller: Bob}
  - resolve: fog
  - block: {blocker: wall, attacker: dev}
  - resolve:
  - advance: {player: Alice, step: main2}
expect:
  - life: {Bob: 18}
  - damage: {wall: 0}
`},
		{card: "Frontline Devastator", date: "2017-07-14", quote: "If this loss of life brings a player to 0 life or less, that player loses the game immediately. A blocking creature with lifelink won't deal combat damage in time to save that player.",
			name: "lifelink-too-late", src: `game: mtg
players: [Alice, Bob, Carol]
start: {turn: 3, active: Alice, step: main1}
permanents:
  - {id: dev, card: Frontline Devastator, power: 3, toughness: 2, controller: Alice}
  - {id: link, name: Lifelinker, types: [creature], power: 2, toughness: 4, keywords: [lifelink], controller: Bob}
actions:
  - damage: {target: Bob, amount: 18}
  - attack: {attackers: [dev], defender: Bob}
  - block: {blocker: link, attacker: dev}
  - resolve:
expect:
  - lost: [Bob]
  - event: {kind: state_based, player: Bob, args: [loses], rule: "704.5a"}
  - no_event: {kind: life_gain}
`},
	})
	runQuotedCases(t, []quotedCase{
		{"702.91a/battle-cry-pumps-the-others", "whenever this creature attacks, each other attacking creature gets +1/+0 until end of turn", duel + `permanents:
  - {id: paladin, card: Accorder Paladin, power: 3, toughness: 1, controller: Alice}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
  - {id: home, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice}
actions:
  - attack: {attackers: [paladin, bears], defender: Bob}
  - resolve:
expect:
  - pt: {paladin: "3/1", bears: "3/2", home: "2/2"}
  - event: {kind: trigger, objects: [paladin], rule: "508.3a"}
`},
		{"702.46a/soulshift-returns-a-small-spirit", "you may return target spirit card with mana value n or less from your graveyard to your hand", duel + `permanents:
  - {id: body, card: Body of Jukai, power: 8, toughness: 5, controller: Alice}
  - {id: thief, card: Thief of Hope, power: 2, toughness: 2, controller: Alice, zone: graveyard}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Alice, zone: graveyard}
actions:
  - destroy: [body]
  - resolve:
expect:
  - zone: {thief: hand, bears: graveyard, body: graveyard}
`},
		{"702.46a/soulshift-has-a-limit", "spirit card with mana value n or less", duel + `permanents:
  - {id: thief, card: Thief of Hope, power: 2, toughness: 2, controller: Alice}
  - {id: body, card: Body of Jukai, power: 8, toughness: 5, controller: Alice, zone: graveyard}
actions:
  - destroy: [thief]
expect:
  - zone: {body: graveyard}
  - event: {kind: no_targets}
`},
	}, realCards(t))
}
