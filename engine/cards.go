package engine

import (
	"strconv"
	"strings"

	"arbiter/engine/cardlang"
)

// CardInfo is what the engine needs to know about a real card, as the
// caller's card data gives it. The engine does no I/O and knows no card
// data: a Cards lookup given to ParseScenarioWith supplies it.
type CardInfo struct {
	Name  string            // the English (Oracle) name
	Names map[string]string // printed names by language: "fr", "ja"
	// Supertypes, Types and Subtypes as the type line gives them; types and
	// supertypes in lower case ("creature", "legendary"), subtypes as printed
	// ("Aura", "Efreet"). ParseTypeLine splits a type line.
	Supertypes []string
	Types      []string
	Subtypes   []string
	// Power and Toughness as printed ("2", "*"); "" when the data doesn't say.
	Power, Toughness string
	ManaCost         string // "{2}{W}"
	// ColorIndicator is the card's colour indicator (204), in any spelling
	// ("Blue", "blue" or "U"); nil for none.
	ColorIndicator []string
	// Colors, when set, are the card's colours as the caller knows them;
	// left nil, the engine works them out (CardColors).
	Colors []string
	Text   string // the Oracle text
	// Faces is more than 1 for a card with several faces (split, transform,
	// modal double-faced...).
	Faces int
}

// Cards finds a real card by its English, French or Japanese name.
type Cards interface {
	Card(name string) (CardInfo, bool)
}

// ParseTypeLine splits a type line such as "Legendary Creature — Human
// Wizard" into supertypes and types (lower case) and subtypes.
func ParseTypeLine(line string) (supertypes, types, subtypes []string) {
	left, right, _ := strings.Cut(line, "—")
	for _, w := range strings.Fields(left) {
		lw := strings.ToLower(w)
		switch {
		case has(supertypes0(), lw):
			supertypes = append(supertypes, lw)
		case lw == "summon":
			types = append(types, "creature")
		default:
			types = append(types, lw)
		}
	}
	subtypes = strings.Fields(right)
	return
}

func supertypes0() []string {
	return []string{"legendary", "basic", "snow", "world", "ongoing", "elite", "host"}
}

// stripReminder removes reminder text, in parentheses.
func stripReminder(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// colorLine reads a line of Oracle text that defines the card's colour: a
// characteristic-defining ability such as "Ghostfire is colorless." or
// "Transguild Courier is all colors." (604.3), or devoid (702.114a). colors
// is nil for colourless.
func colorLine(name, line string) (colors []string, ok bool) {
	l := strings.TrimSpace(stripReminder(line))
	if strings.EqualFold(l, "devoid") {
		return nil, true
	}
	rest, found := strings.CutPrefix(l, name+" is ")
	if !found || name == "" {
		return nil, false
	}
	rest, found = strings.CutSuffix(rest, ".")
	if !found {
		return nil, false
	}
	switch rest {
	case "colorless":
		return nil, true
	case "all colors":
		return Colors(), true
	}
	words := strings.FieldsFunc(rest, func(r rune) bool { return r == ',' || r == ' ' })
	for _, w := range words {
		switch {
		case w == "and":
		case has(Colors(), w):
			colors = appendNew(colors, w)
		default:
			return nil, false
		}
	}
	return colors, len(colors) > 0
}

// CardColors gives a card's colours (202.2, 204, 604.3): those its text
// defines ("… is colorless.", devoid), else the colours of its mana cost's
// symbols, else its colour indicator, else the colour words of a text
// such as "Evermind is blue." for a card without a mana cost. nil is
// colourless. Colors given in the CardInfo win over all of these.
func CardColors(c CardInfo) []string {
	if c.Colors != nil {
		return append([]string(nil), c.Colors...)
	}
	name := c.Name
	if i := strings.Index(name, " // "); i >= 0 {
		name = name[:i]
	}
	for _, line := range strings.Split(c.Text, "\n") {
		if cs, ok := colorLine(name, line); ok {
			return cs
		}
	}
	if cs := colorsOf(c.ManaCost); len(cs) > 0 {
		return cs
	}
	var out []string
	for _, w := range c.ColorIndicator {
		if col := colorWord(w); col != "" {
			out = appendNew(out, col)
		}
	}
	return out
}

// colorWord reads a colour written as a word or a mana letter ("Blue", "U").
func colorWord(w string) string {
	w = strings.ToLower(strings.TrimSpace(w))
	for _, c := range []struct{ letter, color string }{{"w", "white"}, {"u", "blue"}, {"b", "black"}, {"r", "red"}, {"g", "green"}} {
		if w == c.letter || w == c.color {
			return c.color
		}
	}
	return ""
}

// ManaValue gives the mana value of a mana cost such as "{2}{W}{W}" (202.3):
// a generic symbol counts its number, X counts 0, a hybrid symbol its
// larger half ({2/W} counts 2), any other symbol 1.
func ManaValue(manaCost string) int {
	n := 0
	for rest := manaCost; ; {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			return n
		}
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			return n
		}
		sym := rest[open+1 : open+end]
		rest = rest[open+end+1:]
		best := 0
		for _, half := range strings.Split(sym, "/") {
			v := 1
			switch {
			case half == "X" || half == "Y" || half == "Z":
				v = 0
			case half == "P":
				continue
			default:
				if k, err := strconv.Atoi(half); err == nil {
					v = k
				}
			}
			best = max(best, v)
		}
		n += best
	}
}

// CardSupport reports whether the engine simulates everything the card's
// text says: nil if it does, else an *Error with Code card_not_modelled
// whose Args give the card and the line of its text (or the reason) that
// stops it. A card is either simulated as its text says or refused, never
// half-simulated.
func CardSupport(c CardInfo) error { return CardSupportWith(cardlang.NewCompiler(), c) }

// CardSupportWith is CardSupport with a compiler the caller keeps.
func CardSupportWith(cp *cardlang.Compiler, c CardInfo) error {
	if _, err := compileCard(cp, c); err != nil {
		return err
	}
	return nil
}

// permanentFromCard fills p from a card: name, types, P/T, colours, and
// what its text does; the keywords the engine checks for (flying,
// protection, enchant, vanishing...) come from its keyword abilities.
// Keys the scenario gives beside card override these afterwards.
func permanentFromCard(p *Permanent, c CardInfo, b *cardlang.Card) {
	p.Card = c.Name
	p.Name = c.Name
	p.LocalNames = c.Names
	p.Types = append([]string(nil), c.Types...)
	p.Subtypes = append([]string(nil), c.Subtypes...)
	p.Supertypes = append([]string(nil), c.Supertypes...)
	p.Colors = CardColors(c)
	p.ManaCost = c.ManaCost
	p.BasePower, _ = strconv.Atoi(c.Power)
	p.BaseTough, _ = strconv.Atoi(c.Toughness)
	p.Behavior = b
	p.Keywords, p.Protection, p.Enchant, p.VanishingN = nil, nil, nil, 0
	if b == nil {
		return
	}
	for _, a := range b.Abilities {
		if a.Kind != cardlang.KindKeyword || a.Keyword == nil {
			continue
		}
		k := a.Keyword
		switch {
		case k.Name == "protection":
			p.Protection = appendNew(p.Protection, k.From...)
		case k.Name == "enchant":
			if k.Filter != nil && len(k.Filter.Types) == 1 {
				for _, t := range k.Filter.Types[0] {
					if has(append(cardTypes(), "permanent"), t) {
						p.Enchant = append(p.Enchant, t)
					}
				}
			}
		case k.Name == "vanishing":
			p.VanishingN = k.N
		}
		if has(Keywords(), k.Name) {
			p.Keywords = appendNew(p.Keywords, k.Name)
		}
	}
}
