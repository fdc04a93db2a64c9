package kb

import (
	"context"
	"sort"
	"strings"

	"github.com/blevesearch/bleve/v2"
)

// RuleOutline returns the parts ("7") and sections ("702") of the current
// Comprehensive Rules release, in rule order: the table of contents of the
// rules.
func (ix *Index) RuleOutline(ctx context.Context) ([]Doc, error) {
	docs, err := ix.currentOf(ctx, KindRule, func(d Doc) bool { return !strings.Contains(d.Ref, ".") })
	if err != nil {
		return nil, err
	}
	sort.SliceStable(docs, func(i, j int) bool { return tocLess(docs[i].Ref, docs[j].Ref) })
	return docs, nil
}

// CurrentRules returns every part, section, rule and subrule of the current
// Comprehensive Rules release, in rule order.
func (ix *Index) CurrentRules(ctx context.Context) ([]Doc, error) {
	docs, err := ix.currentOf(ctx, KindRule, nil)
	if err != nil {
		return nil, err
	}
	sort.SliceStable(docs, func(i, j int) bool { return tocLess(docs[i].Ref, docs[j].Ref) })
	return docs, nil
}

// GlossaryEntries returns the entries of the current Comprehensive Rules
// glossary (IDs "glossary:<slug>"), sorted by term.
func (ix *Index) GlossaryEntries(ctx context.Context) ([]Doc, error) {
	docs, err := ix.currentOf(ctx, KindGlossary, func(d Doc) bool { return strings.HasPrefix(d.ID, "glossary:") })
	if err != nil {
		return nil, err
	}
	sort.SliceStable(docs, func(i, j int) bool { return docs[i].Ref < docs[j].Ref })
	return docs, nil
}

// currentOf returns the documents of kind k from the current CR release:
// neither an older release's copy nor an old-numbering text.
func (ix *Index) currentOf(ctx context.Context, k Kind, keep func(Doc) bool) ([]Doc, error) {
	kq := bleve.NewTermQuery(string(k))
	kq.SetField(fKind)
	sup := bleve.NewTermQuery("t")
	sup.SetField(fSuperseded)
	obs := bleve.NewTermQuery("t")
	obs.SetField(fObsolete)
	bq := bleve.NewBooleanQuery()
	bq.AddMust(kq)
	bq.AddMustNot(sup, obs)
	size := ix.meta.ByKind[string(k)] + 1
	if size < 100 {
		size = 100
	}
	return ix.collect(ctx, bq, size, func(d Doc) bool {
		if d.Kind == KindRule && !strings.HasPrefix(d.ID, "cr:") {
			return false
		}
		return keep == nil || keep(d)
	})
}

// tocLess orders rule numbers as the table of contents does: each part
// ("7") before its sections and rules ("702", "702.26a").
func tocLess(a, b string) bool {
	if a == "" || b == "" || a[0] != b[0] {
		return a < b
	}
	if (len(a) == 1) != (len(b) == 1) {
		return len(a) == 1
	}
	return ruleLess(a, b)
}
