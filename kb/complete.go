package kb

import (
	"context"
	"sort"
	"strings"

	"github.com/blevesearch/bleve/v2"
)

// RuleEntry is one current rule for completion: its number, its title
// (rules and sections have one; subrules borrow their parent's) and the
// start of its text.
type RuleEntry struct {
	Number string
	Title  string
	Text   string
}

// RuleEntries returns every rule of the current CR release (sections, rules
// and subrules) in rule order, for autocompletion. It reads the whole rule
// set, so callers keep the result for as long as they keep the index.
func (ix *Index) RuleEntries(ctx context.Context) ([]RuleEntry, error) {
	kq := bleve.NewTermQuery(string(KindRule))
	kq.SetField(fKind)
	docs, err := ix.collect(ctx, kq, 100000, func(d Doc) bool {
		return strings.HasPrefix(d.ID, "cr:") && !d.Obsolete
	})
	if err != nil {
		return nil, err
	}
	titles := make(map[string]string, len(docs))
	for _, d := range docs {
		if d.Title != "" {
			titles[d.Ref] = d.Title
		}
	}
	out := make([]RuleEntry, 0, len(docs))
	for _, d := range docs {
		t := d.Title
		if t == "" {
			t = titles[d.Parent]
		}
		if t == "" {
			if i := strings.IndexByte(d.Ref, '.'); i > 0 {
				t = titles[d.Ref[:i]]
			}
		}
		out = append(out, RuleEntry{Number: d.Ref, Title: t, Text: d.Text})
	}
	sort.SliceStable(out, func(i, j int) bool { return ruleLess(out[i].Number, out[j].Number) })
	return out, nil
}

// CardEntry is one card for completion: its English name and its printed
// names in other languages ("fr", "ja" -> names, oldest printing first).
type CardEntry struct {
	Name  string
	Names map[string][]string
}

// CardEntries returns every card the index can name, sorted by English
// name: the cards of the name table, or, when the index holds no card
// files (the embedded corpus), the cards its rulings are about.
func (ix *Index) CardEntries(ctx context.Context) ([]CardEntry, error) {
	var out []CardEntry
	seen := map[string]bool{}
	if ix.cards != nil {
		for _, c := range ix.cards.all() {
			if c.Name == "" || seen[c.Name] {
				continue
			}
			seen[c.Name] = true
			names := make(map[string][]string, len(c.Names))
			for l, ns := range c.Names {
				names[l] = append([]string(nil), ns...)
			}
			out = append(out, CardEntry{Name: c.Name, Names: names})
		}
	}
	if len(out) == 0 {
		kq := bleve.NewTermQuery(string(KindRuling))
		kq.SetField(fKind)
		docs, err := ix.collect(ctx, kq, 100000, func(d Doc) bool { return d.Card != "" })
		if err != nil {
			return nil, err
		}
		for _, d := range docs {
			if !seen[d.Card] {
				seen[d.Card] = true
				out = append(out, CardEntry{Name: d.Card, Names: map[string][]string{}})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}
