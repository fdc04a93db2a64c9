package kb

import (
	"context"
	"encoding/binary"
	"sort"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/search"
	index "github.com/blevesearch/bleve_index_api"
)

// matches returns the candidates with the locations of the terms each
// holds, by ID. It reads the posting lists of the terms directly, at the
// candidates alone: a search restricted to them would set up and score
// every clause again.
func (ix *Index) matches(ctx context.Context, candidates []*search.DocumentMatch, terms []fieldTerm) (map[string]*search.DocumentMatch, error) {
	out := make(map[string]*search.DocumentMatch, len(candidates))
	if len(candidates) == 0 {
		return out, nil
	}
	adv, err := ix.bl.Advanced()
	if err != nil {
		return nil, err
	}
	r, err := adv.Reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	// An index is not written once built (in memory, or read-only on
	// disk), so a candidate's number in this reader is its number in the
	// search's.
	byNum := make([]*search.DocumentMatch, 0, len(candidates))
	for _, c := range candidates {
		if _, dup := out[c.ID]; dup {
			continue
		}
		m := &search.DocumentMatch{ID: c.ID, IndexInternalID: c.IndexInternalID, Score: c.Score, Locations: search.FieldTermLocationMap{}}
		byNum = append(byNum, m)
		out[c.ID] = m
	}
	sort.Slice(byNum, func(i, j int) bool { return byNum[i].IndexInternalID.Compare(byNum[j].IndexInternalID) < 0 })
	stats := &termReader{ix: ix, r: r}
	for _, ft := range terms {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if stats.docFreq(ft.field, ft.term) == 0 {
			continue // mostly known from the plan already
		}
		tfr, err := r.TermFieldReader(ctx, []byte(ft.term), ft.field, true, false, true)
		if err != nil {
			return nil, err
		}
		var cur *index.TermFieldDoc
		for _, m := range byNum {
			if cur == nil || cur.ID.Compare(m.IndexInternalID) < 0 {
				if cur, err = tfr.Advance(m.IndexInternalID, nil); err != nil || cur == nil {
					break
				}
			}
			if !cur.ID.Equals(m.IndexInternalID) {
				continue
			}
			tl := m.Locations[ft.field]
			if tl == nil {
				tl = search.TermLocationMap{}
				m.Locations[ft.field] = tl
			}
			locs := make(search.Locations, 0, len(cur.Vectors))
			for _, v := range cur.Vectors {
				locs = append(locs, &search.Location{Pos: v.Pos, Start: v.Start, End: v.End, ArrayPositions: v.ArrayPositions})
			}
			tl[ft.term] = locs
		}
		tfr.Close()
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// termReader answers term statistics for one search. It opens an index
// reader on the first statistic not remembered.
type termReader struct {
	ix     *Index
	r      index.IndexReader
	failed bool
}

func (t *termReader) open() bool {
	if t.r == nil && !t.failed {
		adv, err := t.ix.bl.Advanced()
		if err == nil {
			t.r, err = adv.Reader()
		}
		t.failed = err != nil
	}
	return t.r != nil
}

func (ix *Index) reader() *termReader {
	return &termReader{ix: ix}
}

func (t *termReader) close() {
	if t.r != nil {
		t.r.Close()
	}
}

// docFreq is the number of documents whose field holds term.
func (t *termReader) docFreq(field, term string) uint64 {
	return t.ix.freqs.get(field+"\x00"+term, func() uint64 {
		if !t.open() {
			return 0
		}
		tfr, err := t.r.TermFieldReader(context.Background(), []byte(term), field, false, false, false)
		if err != nil {
			return 0
		}
		defer tfr.Close()
		return tfr.Count()
	})
}

// closest returns the most frequent term of field within one edit (two for
// long words) of term and with its first letter.
func (t *termReader) closest(field, term string) (string, bool) {
	if !t.open() {
		return "", false
	}
	fz, ok := t.r.(index.IndexReaderFuzzy)
	n := utf8.RuneCountInString(term)
	if !ok || n < 4 {
		return "", false
	}
	dist := 1
	if n >= 8 {
		dist = 2
	}
	first, _ := utf8.DecodeRuneInString(term)
	d, err := fz.FieldDictFuzzy(field, term, dist, string(first))
	if err != nil {
		return "", false
	}
	defer d.Close()
	best, bestN := "", uint64(0)
	for {
		e, err := d.Next()
		if err != nil || e == nil {
			break
		}
		if e.Count > bestN {
			best, bestN = e.Term, e.Count
		}
	}
	return best, best != ""
}

// ygoDocs is the number of Yu-Gi-Oh!'s texts whose field holds term: the
// term's list is advanced to each of them, a few hundred steps at most.
func (t *termReader) ygoDocs(field, term string) uint64 {
	return t.ix.freqs.get("ygo\x00"+field+"\x00"+term, func() uint64 {
		if len(t.ix.kinds.ygo) == 0 || !t.open() {
			return 0
		}
		tfr, err := t.r.TermFieldReader(context.Background(), []byte(term), field, false, false, false)
		if err != nil {
			return 0
		}
		defer tfr.Close()
		var n uint64
		id := make(index.IndexInternalID, 8)
		var d index.TermFieldDoc
		next := uint64(0) // the term's next text
		for num := range t.ix.kinds.ygo.all() {
			if num < next {
				continue
			}
			binary.BigEndian.PutUint64(id, num) // see docNumber
			got, err := tfr.Advance(id, &d)
			if err != nil || got == nil {
				break
			}
			if next, _ = docNumber(got.ID); next == num {
				n++
			}
		}
		return n
	})
}
