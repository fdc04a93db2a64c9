package engine

// everyKindCards is a scenario of real cards that emits the event kinds
// of tokens, copies, replacement and prevention effects, mana payment,
// libraries and graveyards, which everyKind doesn't.
const everyKindCards = `game: mtg
players: [Alice, Bob]
mana: pay
start: {turn: 3, active: Alice, step: main1, hand: {Alice: 3, Bob: 3}, library: {Alice: 10, Bob: 10}}
permanents:
  - {id: f1, card: Forest, controller: Alice}
  - {id: f2, card: Forest, controller: Alice}
  - {id: f3, card: Forest, controller: Alice}
  - {id: i1, card: Island, controller: Alice}
  - {id: i2, card: Island, controller: Alice}
  - {id: i3, card: Island, controller: Alice}
  - {id: w1, card: Wastes, controller: Alice}
  - {id: w2, card: Wastes, controller: Alice}
  - {id: w3, card: Wastes, controller: Alice}
  - {id: s1, card: Swamp, controller: Alice}
  - {id: s2, card: Swamp, controller: Alice}
  - {id: s3, card: Swamp, controller: Alice}
  - {id: p1, card: Plains, controller: Alice}
  - {id: p2, card: Plains, controller: Alice}
  - {id: f4, card: Forest, controller: Alice, zone: hand}
  - {id: season, card: Doubling Season, controller: Alice}
  - {id: monolith, card: Basalt Monolith, controller: Alice, tapped: true}
  - {id: skel, card: Drudge Skeletons, power: 1, toughness: 1, controller: Alice}
  - {id: mamba, name: Blight Mamba, types: [creature], power: 1, toughness: 1, keywords: [infect], controller: Alice}
  - {id: bi1, card: Island, controller: Bob}
  - {id: bi2, card: Island, controller: Bob}
  - {id: bears, card: Grizzly Bears, power: 2, toughness: 2, controller: Bob}
actions:
  - play: f4
  - cast: {id: alarm, card: Raise the Alarm, controller: Alice}
  - cast: {id: cs, card: Counterspell, controller: Bob, targets: [alarm]}
  - resolve: cs
  - cast: {id: alarm2, card: Raise the Alarm, controller: Alice}
  - resolve: alarm2
  - activate: {source: skel}
  - resolve:
  - destroy: [skel]
  - cast: {id: opt, card: Opt, controller: Alice}
  - resolve: opt
  - cast: {id: scour, card: Thought Scour, controller: Alice, targets: [Bob]}
  - resolve: scour
  - cast: {id: blood, card: Bump in the Night, controller: Alice, targets: [Bob]}
  - resolve: blood
  - cast: {id: clone, card: Clone, power: 0, toughness: 0, controller: Alice}
  - resolve: clone
  - attack: {attackers: [mamba], defender: Bob}
  - advance: {player: Bob, step: main1}
  - advance: {player: Alice, step: upkeep}
expect:
  - event: {kind: countered, objects: [alarm]}
  - event: {kind: token_created}
  - event: {kind: replaced}
  - event: {kind: regenerate, objects: [skel]}
  - event: {kind: copy, objects: [clone]}
  - event: {kind: poison, player: Bob}
  - event: {kind: untap_prevented, objects: [monolith]}
  - event: {kind: pay_mana}
  - event: {kind: mill, player: Bob}
  - event: {kind: scry, player: Alice}
  - event: {kind: play_land, objects: [f4]}
  - event: {kind: life_loss, player: Bob, args: ["3", "17"]}
  - hand: {Bob: 3}
`
