package engine

import "strings"

// Keywords returns the keyword abilities the engine implements, the closed
// list a scenario's keywords may use. Any other keyword is an error
// (CodeUnknownKeyword), never silently ignored.
//
//	flying, reach               702.9, 702.17: only creatures with flying or reach block a flyer
//	first_strike, double_strike 702.7, 702.4: a first combat damage step (510.4)
//	deathtouch                  702.2: any damage destroys (704.5h); 1 is lethal for trample (702.2c)
//	trample                     702.19: excess damage goes to the player
//	lifelink                    702.15: damage dealt gains its controller that much life
//	vigilance                   702.20: attacking doesn't tap it
//	haste                       702.10: attacks and taps the turn it comes
//	defender                    702.3: can't attack
//	indestructible              702.12: not destroyed by destroy effects or lethal damage
//	hexproof, shroud            702.11, 702.18: can't be the target of opponents' (anyone's) spells and abilities
//	menace                      702.111: can't be blocked except by two or more creatures
//	protection                  702.16: from the qualities in protection_from
//	phasing                     702.26
//	flash                       702.8: may be cast any time an instant could
//	flanking                    702.25: a blocker without flanking gets -1/-1
//	vanishing                   702.63: loses a time counter each upkeep, sacrificed with the last
//	plainswalk … forestwalk     702.14: unblockable while the defender controls such a land
//	fear, intimidate            702.36, 702.13: blocked only by artifact and black (sharing a colour) creatures
//	shadow, horsemanship        702.28, 702.31: block and are blocked by those with it (horsemanship: blocked only)
//	skulk                       702.118: can't be blocked by creatures with greater power
//	infect, wither              702.90, 702.80: damage as -1/-1 counters (and poison counters to players: infect)
//	exalted                     702.83: a lone attacker gets +1/+1 for each instance
//	split_second                702.61: no spells or non-mana abilities while it's on the stack
//	changeling                  702.73: every creature type
//	devoid                      702.114: colorless
func Keywords() []string {
	return []string{"flying", "reach", "first_strike", "double_strike", "deathtouch", "trample", "lifelink",
		"vigilance", "haste", "defender", "indestructible", "hexproof", "shroud", "menace", "protection", "phasing",
		"flash", "flanking", "vanishing", "plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk",
		"fear", "intimidate", "shadow", "horsemanship", "skulk", "infect", "wither", "exalted", "split_second",
		"changeling", "devoid"}
}

// normKeyword gives a keyword's scenario spelling: lower case, with
// underscores for spaces ("First strike" is first_strike).
func normKeyword(k string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(k)), " ", "_")
}

// Colors returns the five colours, the values colors and protection_from
// may use.
func Colors() []string { return []string{"white", "blue", "black", "red", "green"} }

// protectionQualities returns what protection may be from: a colour, a card
// type, or everything (702.16a, 702.16j).
func protectionQualities() []string {
	return append(append(Colors(), "everything", "monocolored", "multicolored"), spellTypes()...)
}

// spellTypes returns the card types of spells and permanents.
func spellTypes() []string {
	return []string{"creature", "artifact", "enchantment", "land", "planeswalker", "battle", "instant", "sorcery"}
}

// landwalkType returns the land subtype a landwalk keyword names, or "".
func landwalkType(k string) string {
	switch k {
	case "plainswalk":
		return "Plains"
	case "islandwalk":
		return "Island"
	case "swampwalk":
		return "Swamp"
	case "mountainwalk":
		return "Mountain"
	case "forestwalk":
		return "Forest"
	}
	return ""
}

// colorsOf gives the colours of a mana cost such as "{2}{W}{U}" (202.2):
// those of its coloured symbols, hybrid and Phyrexian ones included.
func colorsOf(manaCost string) []string {
	var out []string
	for _, c := range []struct{ sym, color string }{{"W", "white"}, {"U", "blue"}, {"B", "black"}, {"R", "red"}, {"G", "green"}} {
		for rest := manaCost; ; {
			open := strings.IndexByte(rest, '{')
			end := strings.IndexByte(rest, '}')
			if open < 0 || end < open {
				break
			}
			if has(strings.Split(rest[open+1:end], "/"), c.sym) {
				out = append(out, c.color)
				break
			}
			rest = rest[end+1:]
		}
	}
	return out
}

// ColorsOf returns the colours of a mana cost such as "{2}{W}{U}" (CR 202.2),
// for callers building a CardInfo from card data.
func ColorsOf(manaCost string) []string { return colorsOf(manaCost) }

// quality describes a source for protection and hexproof: its colours, card
// types and controller.
type quality struct {
	colors     []string
	types      []string
	controller string
}

// protected reports whether protection from any of from covers a source of
// quality q (702.16a, 702.16j).
func protected(from []string, q quality) bool {
	for _, f := range from {
		switch {
		case f == "everything":
			return true
		case f == "monocolored":
			if len(q.colors) == 1 {
				return true
			}
		case f == "multicolored":
			if len(q.colors) > 1 {
				return true
			}
		case has(q.colors, f), has(q.types, f):
			return true
		}
	}
	return false
}

// sourceQuality gives the quality of a source: a permanent, a spell or
// ability on the stack, or nothing.
func (g *game) sourceQuality(id string) quality {
	if p := g.s.perm(id); p != nil {
		return quality{colors: p.Colors, types: p.Types, controller: p.Controller}
	}
	for _, o := range g.s.Stack {
		if o.ID == id {
			if o.Source != "" {
				if p := g.s.perm(o.Source); p != nil {
					return quality{colors: p.Colors, types: p.Types, controller: o.Controller}
				}
			}
			return quality{colors: o.Colors, types: o.Types, controller: o.Controller}
		}
	}
	return quality{}
}
