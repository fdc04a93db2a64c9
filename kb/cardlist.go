package kb

import (
	"context"
	"strings"
)

// EachCard calls fn with every card the index holds the text of, in the
// order they were added, as CardData (without printed texts); an error
// from fn, or ctx ending, stops it and is returned.
func (ix *Index) EachCard(ctx context.Context, fn func(CardData) error) error {
	for _, e := range ix.cards.all() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if e.OracleID == "" {
			continue
		}
		d, ok := ix.Doc(ctx, e.docID())
		if !ok || d.Kind != KindCard {
			continue
		}
		cd := CardData{Name: e.Name, OracleID: e.OracleID, Names: e.Names, TypeLine: e.TypeLine, Keywords: e.Keywords,
			Text: strings.TrimSpace(strings.TrimPrefix(d.Text, e.TypeLine)), ManaCost: d.ManaCost}
		if err := fn(cd); err != nil {
			return err
		}
	}
	return nil
}
