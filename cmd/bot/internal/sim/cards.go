package sim

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"arbiter/engine"
	"arbiter/kb"
)

// CardSource is what the knowledge base says of cards: kb.Index.
type CardSource interface {
	CardData(ctx context.Context, name string) (kb.CardData, bool)
	Meta() kb.Meta
}

// Cards finds real cards for the engine (engine.Cards) in a knowledge
// base by any of the card's English, French or Japanese names: type line,
// Oracle text, mana cost and colour indicator (the engine works out the
// colours and mana value from them), power and toughness where the cards
// data gives them (Scryfall's does; a cards file without them leaves a
// scenario to give them beside card, and the engine says so), and printed
// names.
type Cards struct {
	ctx context.Context
	src CardSource
}

// NewCards returns the cards of src for lookups made during ctx (the
// engine's lookup takes no context), or nil when src holds no documents
// (a table of names such as NameTable): a scenario naming a card is then
// told no card data is loaded.
func NewCards(ctx context.Context, src CardSource) engine.Cards {
	if src == nil || src.Meta().Docs == 0 {
		return nil
	}
	return &Cards{ctx: ctx, src: src}
}

// Card finds a card by name. A card the knowledge base knows by name
// alone, without its text, is not found: the engine could only
// half-simulate it.
func (c *Cards) Card(name string) (engine.CardInfo, bool) {
	d, ok := c.src.CardData(c.ctx, name)
	if !ok || d.OracleID == "" || d.TypeLine == "" {
		return engine.CardInfo{}, false
	}
	return cardInfo(d), true
}

// cardInfo is what the engine needs of a card's data.
func cardInfo(d kb.CardData) engine.CardInfo {
	c := engine.CardInfo{Name: d.Name, Names: printedNames(d), Text: d.Text, Faces: 1, ManaCost: d.ManaCost,
		ColorIndicator: d.ColorIndicator, Power: d.Power, Toughness: d.Toughness}
	if strings.Contains(d.Name, " // ") {
		c.Faces = 2
	}
	c.Supertypes, c.Types, c.Subtypes = engine.ParseTypeLine(d.TypeLine)
	return c
}

// printedNames gives a card's printed name in French and Japanese: the
// printed text's name, else the newest printed name, with a capital
// letter as card names have (a few printings' data write "île").
func printedNames(d kb.CardData) map[string]string {
	out := map[string]string{}
	for _, l := range []string{"fr", "ja"} {
		if p, ok := d.Printed[l]; ok && p.Name != "" {
			out[l] = p.Name
		} else if ns := d.Names[l]; len(ns) > 0 {
			out[l] = ns[len(ns)-1]
		}
		if r, n := utf8.DecodeRuneInString(out[l]); unicode.IsLower(r) {
			out[l] = string(unicode.ToUpper(r)) + out[l][n:]
		}
	}
	return out
}

// Localize adds to r.LocalNames the printed names of the objects that the
// run names as cards the knowledge base knows, though the scenario gave
// them by name rather than with card: (presets, say): "Serra Angel" reads
// "Ange de Serra (Serra Angel)" in French. Tokens and Yu-Gi-Oh! effects
// are left alone; names are looked up once each.
func Localize(ctx context.Context, src CardSource, r *engine.Result) {
	if src == nil || r == nil || r.Game != "mtg" {
		return
	}
	r.Title = LocalizeTitle(ctx, src, r.Title)
	tokens := map[string]bool{}
	for _, st := range []engine.State{r.Initial, r.Final} {
		for _, p := range st.Permanents {
			if p.Token {
				tokens[p.ID] = true
			}
		}
	}
	if r.LocalNames == nil {
		r.LocalNames = map[string]map[string]string{}
	}
	found := map[string]map[string]string{}
	for id, name := range r.Names {
		if _, ok := r.LocalNames[id]; ok || name == "" || tokens[id] {
			continue
		}
		names, seen := found[name]
		if !seen {
			if d, ok := src.CardData(ctx, name); ok && strings.EqualFold(d.Name, name) {
				names = printedNames(d)
			}
			found[name] = names
		}
		if len(names) > 0 {
			r.LocalNames[id] = names
		}
	}
}

// NameTable is a CardSource that knows cards by name only (a card name
// table such as the embedded corpus's, kb.ParseCardNames): enough to name
// cards in every language, not to simulate them by card:.
type NameTable struct {
	byName map[string]kb.Card
}

// NewNameTable returns the table of cards, found by any of their names.
func NewNameTable(cards []kb.Card) *NameTable {
	t := &NameTable{byName: map[string]kb.Card{}}
	for _, c := range cards {
		names := []string{c.Name}
		for _, l := range []string{"fr", "ja"} {
			names = append(names, c.Names[l]...)
		}
		for _, n := range names {
			if k := kb.NormalizeName(n); k != "" {
				if _, dup := t.byName[k]; !dup {
					t.byName[k] = c
				}
			}
		}
	}
	return t
}

// CardData finds a card by name: its names, without text.
func (t *NameTable) CardData(ctx context.Context, name string) (kb.CardData, bool) {
	c, ok := t.byName[kb.NormalizeName(name)]
	if !ok {
		return kb.CardData{}, false
	}
	return kb.CardData{Name: c.Name, Names: c.Names}, true
}

// Meta says the table holds no documents, so no card texts.
func (t *NameTable) Meta() kb.Meta { return kb.Meta{} }

// LocalizeTitle names the cards of a preset's title, written {English
// name}, as the cards data names them in each title's language: the
// printed French or Japanese name, else the English one. The English title
// loses its braces. A card the data doesn't know keeps its English name.
func LocalizeTitle(ctx context.Context, src CardSource, title map[string]string) map[string]string {
	if len(title) == 0 {
		return title
	}
	out := make(map[string]string, len(title))
	for lang, t := range title {
		var b strings.Builder
		for {
			open := strings.IndexByte(t, '{')
			end := strings.IndexByte(t[open+1:], '}')
			if open < 0 || end < 0 {
				b.WriteString(t)
				break
			}
			name := t[open+1 : open+1+end]
			b.WriteString(t[:open])
			local := name
			if src != nil && lang != "en" {
				if d, ok := src.CardData(ctx, name); ok && strings.EqualFold(d.Name, name) {
					if n := printedNames(d)[lang]; n != "" {
						local = n
					}
				}
			}
			b.WriteString(local)
			t = t[open+1+end+1:]
		}
		out[lang] = b.String()
	}
	return out
}
