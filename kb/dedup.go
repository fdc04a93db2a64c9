package kb

import (
	"context"
	"strings"
	"unicode"

	"github.com/blevesearch/bleve/v2/search"
)

// minDedupLen is the shortest sentence, in letters and digits, that
// counts as said twice: "Yes, you can." answers many questions.
const minDedupLen = 20

// sentenceKey is what a sentence says, to tell when two texts say it
// both: its letters and digits, case folded, with the name of the card
// the text is about made one placeholder (a ruling published for
// several cards names each).
func sentenceKey(s, card string) string {
	low := strings.ToLower(s)
	if card != "" {
		low = strings.ReplaceAll(low, strings.ToLower(card), "\x00")
		if short, _, ok := strings.Cut(card, ","); ok && len(short) > 3 {
			low = strings.ReplaceAll(low, strings.ToLower(short), "\x00")
		}
	}
	var b strings.Builder
	for _, r := range low {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == 0 {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// sentenceKeys are the keys of the sentences of d's text long enough to
// count.
func sentenceKeys(d Doc) []string {
	var out []string
	for _, s := range sentences(d.Text) {
		if k := sentenceKey(d.Text[s.start:s.end], d.Card); len([]rune(k)) >= minDedupLen {
			out = append(out, k)
		}
	}
	return out
}

// present loads the hits shown on the page that starts at offset (k of
// them), and what they need to be read: their passages, their
// translations into lang, their cards' printed names. One sentence is
// cited once in an answer: a hit that says nothing the hits before it did
// not already say (the same ruling in another card's list, or in another
// source's wording) is cited through the first one (Also), and a hit
// whose best sentence an earlier hit quotes is quoted by another of its
// sentences. The hits before the page are loaded too, so that every page
// of an answer agrees; it returns the page and how many hits were folded
// into others.
func (ix *Index) present(ctx context.Context, hits []Hit, matched map[string]*search.DocumentMatch, p *queryPlan, lang string, offset, k int) ([]Hit, int) {
	var kept []Hit
	said := map[string]bool{}
	folded := 0
	for i := 0; i < len(hits) && len(kept) < offset+k; {
		n := min(len(hits)-i, offset+k-len(kept))
		batch := ix.loadHits(ctx, append([]Hit(nil), hits[i:i+n]...), matched, p)
		i += n
		ix.resolveTranslations(ctx, batch, lang)
		for _, h := range batch {
			keys := hitKeys(h)
			if len(kept) > 0 && len(keys) > 0 && allSaid(keys, said) {
				first := sayer(kept, keys[0])
				kept[first].Also = append(kept[first].Also, h.Doc.ID)
				folded++
				continue
			}
			if showsSaid(h, said) {
				ix.requote(&h, matched, p, said)
			}
			for _, key := range keys {
				said[key] = true
			}
			kept = append(kept, h)
		}
	}
	if offset >= len(kept) {
		return nil, folded
	}
	page := kept[offset:]
	ix.nameCards(page)
	return page, folded
}

// hitKeys are the keys of the sentences a hit shows, and of its
// original's: a translation says what its original says.
func hitKeys(h Hit) []string {
	keys := sentenceKeys(h.Doc)
	if h.Original != nil {
		keys = append(keys, sentenceKeys(*h.Original)...)
	}
	return keys
}

// showsSaid tells whether a sentence of h's quote or snippet was said
// by an earlier hit.
func showsSaid(h Hit, said map[string]bool) bool {
	for _, t := range []string{h.Quote, strings.NewReplacer(MarkStart, "", MarkEnd, "", "…", "").Replace(h.Snippet)} {
		for _, s := range sentences(t) {
			if said[sentenceKey(t[s.start:s.end], h.Doc.Card)] {
				return true
			}
		}
	}
	return false
}

func allSaid(keys []string, said map[string]bool) bool {
	for _, k := range keys {
		if !said[k] {
			return false
		}
	}
	return true
}

// sayer returns the first of hits that says key.
func sayer(hits []Hit, key string) int {
	for i, h := range hits {
		for _, k := range hitKeys(h) {
			if k == key {
				return i
			}
		}
	}
	return 0
}

// requote chooses h's passage again among the sentences no earlier hit
// said.
func (ix *Index) requote(h *Hit, matched map[string]*search.DocumentMatch, p *queryPlan, said map[string]bool) {
	d := h.Doc
	var marks []markedTerm
	if m := matched[d.ID]; m != nil && p != nil {
		marks = p.marksOf(m.Locations, textField(d.Lang), d.Card)
	}
	skip := func(s string) bool { return said[sentenceKey(s, d.Card)] }
	if snip, quote := docPassageSkipping(d, marks, qaAnswerStart(d), skip); quote != "" {
		h.Snippet, h.Quote = snip, quote
	}
}
