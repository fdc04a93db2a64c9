package kb

import (
	"sort"
	"strings"
)

// MatchesExpected tells whether a document ID counts for an expected ID
// as the evaluation files and confirmed reports write them: the ID
// itself, "X:*" any ID under X, "N+" rule N or one of its lettered
// subrules ("cr:702.26+"), and "card:X" a face of card X ("card:X/b").
func MatchesExpected(want, id string) bool {
	if base, ok := strings.CutSuffix(want, ":*"); ok {
		return strings.HasPrefix(id, base+":")
	}
	if base, ok := strings.CutSuffix(want, "+"); ok {
		if id == base {
			return true
		}
		rest, ok := strings.CutPrefix(id, base)
		return ok && len(rest) == 1 && rest[0] >= 'a' && rest[0] <= 'z'
	}
	if strings.HasPrefix(want, "card:") && strings.HasPrefix(id, want+"/") {
		return true // a face of the card ("card:<id>/b"): its text is the card's
	}
	return id == want
}

// hitMatches tells whether a hit cites one of wants: its document, the
// original it translates, or a document of the same text (Also).
func hitMatches(h Hit, wants []string) bool {
	ids := append([]string{h.Doc.ID, h.Doc.OriginalID}, h.Also...)
	for _, w := range wants {
		for _, id := range ids {
			if id != "" && MatchesExpected(w, id) {
				return true
			}
		}
	}
	return false
}

// pinFirst puts first the hit that cites one of first (Query.First): the
// best-ranked one among hits, else the first text of the index they name,
// taking the first place's score. Without first, or when the index holds
// none of its texts, hits are unchanged.
func (ix *Index) pinFirst(hits []Hit, first []string) []Hit {
	if len(first) == 0 {
		return hits
	}
	top := 0.0
	if len(hits) > 0 {
		top = hits[0].Score
	}
	for i, h := range hits {
		if hitMatches(h, first) {
			h.Score = top
			return append([]Hit{h}, append(hits[:i:i], hits[i+1:]...)...)
		}
	}
	id, ok := ix.firstNamed(first)
	if !ok {
		return hits
	}
	h := Hit{Doc: ix.infos.at(id).doc(id), Score: top, Exact: true}
	if top == 0 {
		h.Score = 1
	}
	return append([]Hit{h}, hits...)
}

// firstNamed returns the first text of the index that one of wants names,
// in the order of wants: the ID itself, else the first ID in order under
// "X:*" or of "N+".
func (ix *Index) firstNamed(wants []string) (string, bool) {
	if ix.infos == nil {
		return "", false
	}
	for _, w := range wants {
		if _, ok := ix.info(w); ok {
			return w, true
		}
		if !strings.HasSuffix(w, ":*") && !strings.HasSuffix(w, "+") {
			continue
		}
		var ids []string
		for id := range ix.infos.all() {
			if MatchesExpected(w, id) {
				ids = append(ids, id)
			}
		}
		if len(ids) > 0 {
			sort.Slice(ids, func(i, j int) bool { return idLess(ids[i], ids[j]) })
			return ids[0], true
		}
	}
	return "", false
}

// idLess orders IDs as their sources list them: "ruling:X:2" before
// "ruling:X:10", "cr:702.26" before "cr:702.26a".
func idLess(a, b string) bool {
	if na, nb := trailingNumber(a), trailingNumber(b); na >= 0 && nb >= 0 && strings.TrimRight(a, "0123456789") == strings.TrimRight(b, "0123456789") {
		return na < nb
	}
	return a < b
}
