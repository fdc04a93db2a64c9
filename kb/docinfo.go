package kb

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	index "github.com/blevesearch/bleve_index_api"
)

// docInfo is what ranking needs of a document. The index keeps it in
// memory for every document, so that scoring a candidate reads no stored
// field: decoding the stored documents of a pool costs more than scoring
// it.
type docInfo struct {
	Kind       Kind   `json:"k"`
	Lang       string `json:"l"`
	Ref        string `json:"r,omitempty"`
	Card       string `json:"c,omitempty"`
	OriginalID string `json:"o,omitempty"`
	Date       string `json:"d,omitempty"`
	Obsolete   bool   `json:"x,omitempty"`
}

func infoOf(d Doc) docInfo {
	return docInfo{Kind: d.Kind, Lang: d.Lang, Ref: d.Ref, Card: d.Card, OriginalID: d.OriginalID, Date: d.Date, Obsolete: d.Obsolete}
}

// doc is the part of a document that ranking reads; loadHits fills in the
// rest for the hits shown.
func (i docInfo) doc(id string) Doc {
	return Doc{ID: id, Kind: i.Kind, Lang: i.Lang, Ref: i.Ref, Card: i.Card, OriginalID: i.OriginalID, Date: i.Date, Obsolete: i.Obsolete}
}

// docInfos returns the ranking information of the documents Search may
// cite, with the repeated strings shared. Cards (looked up by name) and
// older releases' rules (looked up by number) have none: Search skips them.
func docInfos(docs []Doc) map[string]docInfo {
	m := make(map[string]docInfo, len(docs))
	for _, d := range docs {
		if searchable(d) {
			m[d.ID] = infoOf(d)
		}
	}
	internInfos(m)
	return m
}

// searchable reports whether Search may cite d.
func searchable(d Doc) bool { return d.Kind != KindCard && !superseded(d.ID) }

// internInfos makes equal strings of m share their memory: a few hundred
// dates, card names and languages repeat across tens of thousands of
// rulings.
func internInfos(m map[string]docInfo) {
	seen := map[string]string{}
	in := func(s string) string {
		if s == "" {
			return ""
		}
		if t, ok := seen[s]; ok {
			return t
		}
		seen[s] = s
		return s
	}
	for id, i := range m {
		i.Kind, i.Lang, i.Card, i.Date = Kind(in(string(i.Kind))), in(i.Lang), in(i.Card), in(i.Date)
		m[id] = i
	}
}

// info returns the ranking information of the document m matched. An
// index built before the table existed has none: its stored document is
// read instead.
func (ix *Index) info(ctx context.Context, m *search.DocumentMatch) (Doc, bool) {
	if ix.infos != nil {
		i, ok := ix.infos[m.ID]
		return i.doc(m.ID), ok
	}
	d, ok := ix.Doc(ctx, m.ID)
	if !ok || !searchable(d) {
		return Doc{}, false
	}
	return infoOf(d).doc(d.ID), true
}

// loadHits replaces the partial documents of hits by the stored ones and
// fills their snippets from the words matched gives them. A hit whose
// document cannot be read is dropped.
func (ix *Index) loadHits(hits []Hit, matched map[string]*search.DocumentMatch) []Hit {
	hl, err := bleve.Config.Cache.HighlighterNamed(highlighterName)
	if err != nil {
		hl = nil
	}
	out := hits[:0]
	for _, hit := range hits {
		doc, err := ix.bl.Document(hit.Doc.ID)
		if err != nil || doc == nil {
			continue
		}
		d, ok := storedDoc(doc)
		if !ok {
			continue
		}
		hit.Doc = d
		if m := matched[d.ID]; m != nil && hl != nil {
			for _, f := range []string{fTextEN, fTextFR, fTextJA} {
				if frs := hl.BestFragmentsInField(m, doc, f, 1); len(frs) > 0 {
					hit.Snippet = trimFragment(strings.ReplaceAll(frs[0], MarkEnd+MarkStart, ""))
					break
				}
			}
		}
		out = append(out, hit)
	}
	return out
}

// storedDoc decodes the Doc stored with an indexed document.
func storedDoc(doc index.Document) (Doc, bool) {
	var raw []byte
	doc.VisitFields(func(f index.Field) {
		if f.Name() == fRaw {
			raw = f.Value()
		}
	})
	var d Doc
	if raw == nil || json.Unmarshal(raw, &d) != nil {
		return Doc{}, false
	}
	return d, true
}
