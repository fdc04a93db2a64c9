package engine

import (
	"strconv"
	"strings"
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

// keywordText is what a line of keywords gives a permanent.
type keywordText struct {
	keywords   []string
	protection []string
	enchant    []string
	equip      bool
	vanishing  int // the N of "Vanishing N", -1 for none
}

// parseKeywordLine reads an Oracle text line made only of keyword abilities
// the engine implements ("Flying, vigilance", "Protection from black",
// "Enchant creature", "Equip {1}"). ok is false for any other line.
func parseKeywordLine(line string, kt *keywordText) bool {
	line = strings.TrimSpace(stripReminder(line))
	if line == "" {
		return true
	}
	parts := strings.Split(line, ", ")
	if strings.Contains(line, ";") {
		parts = strings.Split(line, "; ")
	}
	for _, part := range parts {
		w := strings.ToLower(strings.TrimSpace(part))
		switch {
		case strings.HasPrefix(w, "protection from "):
			for _, q := range strings.Split(strings.TrimPrefix(w, "protection from "), " and from ") {
				q = strings.TrimSpace(q)
				if t := strings.TrimSuffix(q, "s"); has(spellTypes(), t) {
					q = t
				}
				if !has(protectionQualities(), q) {
					return false
				}
				kt.protection = appendNew(kt.protection, q)
			}
			kt.keywords = appendNew(kt.keywords, "protection")
		case strings.HasPrefix(w, "enchant "):
			for _, t := range strings.Split(strings.TrimPrefix(w, "enchant "), " or ") {
				if !has(append(cardTypes(), "permanent"), t) {
					return false
				}
				kt.enchant = append(kt.enchant, t)
			}
		case strings.HasPrefix(w, "equip {") || w == "equip":
			kt.equip = true
		case strings.HasPrefix(w, "vanishing"):
			n := strings.TrimSpace(strings.TrimPrefix(w, "vanishing"))
			kt.vanishing = -1
			if n != "" {
				v, err := strconv.Atoi(n)
				if err != nil {
					return false
				}
				kt.vanishing = v
			}
			kt.keywords = appendNew(kt.keywords, "vanishing")
		default:
			k := normKeyword(w)
			if !has(Keywords(), k) || k == "protection" {
				return false
			}
			kt.keywords = appendNew(kt.keywords, k)
		}
	}
	return true
}

// cardText reads a card's Oracle text: the keyword lines, the lines that
// define its colour (604.3, 702.114a), and the other lines, which only a
// card model can account for.
func cardText(name, text string) (keywordText, []string) {
	kt := keywordText{vanishing: -1}
	var rest []string
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r", ""), "\n") {
		if _, ok := colorLine(name, line); ok {
			continue
		}
		if !parseKeywordLine(line, &kt) {
			rest = append(rest, strings.TrimSpace(line))
		}
	}
	return kt, rest
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

// CardSupport reports whether the engine models everything the card's text
// says: nil if it does, else an *Error with Code card_not_modelled whose
// Args give the card and what the engine cannot model. A card is either
// simulated as its text says or refused, never half-simulated.
func CardSupport(c CardInfo) error {
	_, err := cardModelFor(c)
	return err
}

// cardModelFor gives the model of a card's text: its own model if the
// engine has one, else the keywords of a text made only of keywords.
func cardModelFor(c CardInfo) (*cardModel, error) {
	if c.Faces > 1 || strings.Contains(c.Name, " // ") {
		return nil, errorf(CodeCardNotModelled, 0, 0, c.Name, "cards with several faces")
	}
	kt, rest := cardText(c.Name, c.Text)
	m := modelOf(c.Name)
	if m != nil && m.refuse != "" {
		return nil, errorf(CodeCardNotModelled, 0, 0, c.Name, m.refuse)
	}
	if m == nil {
		if len(rest) > 0 {
			return nil, errorf(CodeCardNotModelled, 0, 0, c.Name, rest[0])
		}
		m = &cardModel{}
	}
	for _, t := range c.Types {
		if !has(spellTypes(), t) {
			return nil, errorf(CodeCardNotModelled, 0, 0, c.Name, "the card type "+t)
		}
	}
	m.text = kt
	return m, nil
}

// permanentFromCard fills p from a card: name, types, P/T, colours,
// keywords, protection and enchant restrictions. Keys the scenario gives
// beside card override these afterwards.
func permanentFromCard(p *Permanent, c CardInfo, m *cardModel) {
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
	p.Keywords = append(append([]string(nil), m.text.keywords...), m.keywords...)
	p.Protection = append([]string(nil), m.text.protection...)
	p.Enchant = append([]string(nil), m.text.enchant...)
	p.Static = append([]Static(nil), m.statics...)
	p.VanishingN = max(m.text.vanishing, 0)
}
