package kb

import (
	"context"
	"strings"
)

// CardData is what the cards file says of a card: enough to put it on a
// board (its types, keywords and rules text) and to name it in three
// languages.
type CardData struct {
	Name     string              // English name ("A // B" for a card with two faces)
	OracleID string              // empty for a card known by name alone
	Names    map[string][]string // "fr", "ja" -> printed names, oldest first
	TypeLine string
	Text     string // Oracle text
	Keywords []string
	// ManaCost, ColorIndicator, Power and Toughness are the front face's,
	// where the cards file gives them ("" or nil otherwise).
	ManaCost         string
	ColorIndicator   []string
	Power, Toughness string
	// Printed holds the card's printed French and Japanese name, type line
	// and text, when the cards file gives them.
	Printed map[string]Printed
}

// CardData finds a card by its English, French or Japanese name, exactly
// (case, accents, width and punctuation folded; a face's name finds its
// card), and returns what the index knows of it. A card the index knows by
// name alone has no text.
func (ix *Index) CardData(ctx context.Context, name string) (CardData, bool) {
	cs := ix.cards.lookup(strings.TrimSpace(name))
	if len(cs) == 0 {
		return CardData{}, false
	}
	e := cs[0]
	cd := CardData{Name: e.Name, OracleID: e.OracleID, Names: e.Names, TypeLine: e.TypeLine, Keywords: e.Keywords,
		ManaCost: e.ManaCost, ColorIndicator: e.ColorIndicator, Power: e.Power, Toughness: e.Toughness}
	if e.OracleID == "" {
		return cd, true
	}
	if d, ok := ix.Doc(ctx, e.docID()); ok && d.Kind == KindCard {
		cd.Text = strings.TrimSpace(strings.TrimPrefix(d.Text, e.TypeLine))
		if d.ManaCost != "" {
			cd.ManaCost = d.ManaCost
		}
	}
	for _, l := range []string{"fr", "ja"} {
		if d, ok := ix.Doc(ctx, e.docID()+"."+l); ok {
			if cd.Printed == nil {
				cd.Printed = map[string]Printed{}
			}
			typ, text, _ := strings.Cut(d.Text, "\n")
			cd.Printed[l] = Printed{Name: d.Title, Type: typ, Text: text}
		}
	}
	return cd, true
}
