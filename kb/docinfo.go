package kb

import (
	"context"
	"encoding/json"
	"strings"
	"unicode/utf8"

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
	Game       string `json:"g,omitempty"`
	Lang       string `json:"l"`
	Ref        string `json:"r,omitempty"`
	Card       string `json:"c,omitempty"`
	OriginalID string `json:"o,omitempty"`
	Date       string `json:"d,omitempty"`
	Obsolete   bool   `json:"x,omitempty"`
	// Official marks a text of the game's publisher: the rules, the cards'
	// texts, rulings and answers (not an article or a wiki).
	Official bool `json:"o1,omitempty"`
	// Hash identifies the text, to cite one text once however many
	// documents carry it.
	Hash uint64 `json:"h,omitempty"`
	// Heading marks a rule whose text is its title alone ("702.2.
	// Deathtouch"), cited through the rules under it, and a glossary
	// entry that only sends elsewhere, never cited.
	Heading bool `json:"hd,omitempty"`
	Len     int  `json:"n,omitempty"` // length of the text, in characters
	// Commas counts the commas of the text: a list of many things
	// (the keywords a keyword counter can be) names much and says little
	// of each.
	Commas int `json:"cm,omitempty"`
	// Examples is where a rule's examples start in its indexed text (a
	// byte offset, the length of its text), 0 when it has none: words
	// only an example holds illustrate the rule, they are not what it is
	// about.
	Examples int `json:"ex,omitempty"`
}

func infoOf(d Doc) docInfo {
	return docInfo{Kind: d.Kind, Game: d.Game, Lang: d.Lang, Ref: d.Ref, Card: d.Card, OriginalID: d.OriginalID, Date: d.Date, Obsolete: d.Obsolete,
		Official: official(d), Hash: textHash(d.Text), Heading: heading(d), Len: utf8.RuneCountInString(d.Text),
		Commas: strings.Count(d.Text, ",") + strings.Count(d.Text, "、"), Examples: examplesAt(d)}
}

// examplesAt returns where d's examples start in its indexed text (see
// toIndexDoc), 0 when it has none.
func examplesAt(d Doc) int {
	if len(d.Examples) == 0 {
		return 0
	}
	return len(d.Text)
}

// heading reports whether d is a rule that is only a title.
//
// A glossary entry that only sends the reader elsewhere ("Forestwalk: See
// Landwalk.") is one too: it answers nothing, and what it names is a topic
// of its own.
func heading(d Doc) bool {
	if d.Kind == KindGlossary {
		return redirect(d.Text)
	}
	return d.Kind == KindRule && d.Title != "" && (strings.TrimSpace(d.Text) == "" || strings.TrimSpace(d.Text) == strings.TrimSpace(d.Title))
}

// redirect reports whether a glossary text is a cross-reference alone:
// one sentence "See X." (or "See rule N.").
func redirect(text string) bool {
	t := strings.TrimSpace(text)
	rest, ok := strings.CutPrefix(t, "See ")
	rest = strings.TrimSuffix(rest, ".")
	return ok && !strings.Contains(rest, ". ") && !strings.Contains(rest, "\n") && len(rest) < 80
}

// doc is the part of a document that ranking reads; loadHits fills in the
// rest for the hits shown.
func (i docInfo) doc(id string) Doc {
	return Doc{ID: id, Kind: i.Kind, Game: i.Game, Lang: i.Lang, Ref: i.Ref, Card: i.Card, OriginalID: i.OriginalID, Date: i.Date, Obsolete: i.Obsolete}
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

// searchable reports whether Search may cite d: not an older release's
// copy, and not a card known by its names alone.
func searchable(d Doc) bool {
	return !superseded(d.ID) && (d.Kind != KindCard || d.Text != "")
}

// scanInfos reads the ranking information of every searchable document of
// an index from its stored documents.
func scanInfos(ctx context.Context, bl bleve.Index) (map[string]docInfo, error) {
	n, err := bl.DocCount()
	if err != nil {
		return nil, err
	}
	req := bleve.NewSearchRequestOptions(bleve.NewMatchAllQuery(), int(n), 0, false)
	req.Fields = []string{fRaw}
	sr, err := bl.SearchInContext(ctx, req)
	if err != nil {
		return nil, err
	}
	m := make(map[string]docInfo, len(sr.Hits))
	for _, h := range sr.Hits {
		if d, ok := rawDoc(h.Fields); ok && searchable(d) {
			m[d.ID] = infoOf(d)
		}
	}
	return m, nil
}

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
		i.Kind, i.Game, i.Lang, i.Card, i.Date = Kind(in(string(i.Kind))), in(i.Game), in(i.Lang), in(i.Card), in(i.Date)
		m[id] = i
	}
}

// loadHits replaces the partial documents of hits by the stored ones and
// chooses their passages from the words matched found in them. A rule
// under a heading takes the heading's title. A hit whose document cannot
// be read is dropped.
func (ix *Index) loadHits(ctx context.Context, hits []Hit, matched map[string]*search.DocumentMatch, p *queryPlan) []Hit {
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
		if d.Kind == KindRule && d.Title == "" {
			d.Title = ix.ruleTitle(ctx, d.Parent)
		}
		hit.Doc = d
		// A Q&A states its question first: the answer follows it.
		from := qaAnswerStart(d)
		var marks []markedTerm
		if m := matched[d.ID]; m != nil {
			marks = p.marksOf(m.Locations, textField(d.Lang), d.Card)
		}
		hit.Snippet, hit.Quote = docPassage(d, marks, from)
		out = append(out, hit)
	}
	return out
}

// ruleTitle returns the title of the nearest rule above a subrule that has
// one: "Deathtouch" for 702.2b, "Cleanup Step" for 514.2.
func (ix *Index) ruleTitle(ctx context.Context, parent string) string {
	for parent != "" {
		d, ok := ix.Doc(ctx, "cr:"+parent)
		if !ok {
			return ""
		}
		if d.Title != "" {
			return d.Title
		}
		parent = d.Parent
	}
	return ""
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
