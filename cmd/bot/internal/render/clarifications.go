package render

import (
	"sort"
	"strings"
	"unicode"

	"arbiter/i18n"
	"arbiter/kb"
)

// Clarification is a text that cites a rule, as a rule page lists it: the
// version in the reader's language when there is one, with the original
// it translates.
type Clarification struct {
	Doc      kb.Doc
	Original *kb.Doc
}

// ClarificationGroup is what a rule page lists once: a card's rulings that
// cite the rule, with the card's printed names, or one article.
type ClarificationGroup struct {
	Card      string
	CardNames map[string]string
	Texts     []Clarification
}

// GroupClarifications groups the texts that cite a rule as a reader of
// lang looks them up: one version of each text (the reader's language,
// else the English, else the original, with its original), one copy of
// the same text published twice, and each card once with all its rulings;
// the groups in the reader's language first. names gives the printed
// names of a card by its English name (kb.Index.CardNames); it may be nil.
func GroupClarifications(docs []kb.Doc, lang string, names func(string) map[string]string) []ClarificationGroup {
	byID := map[string]kb.Doc{}
	for _, d := range docs {
		byID[d.ID] = d
	}
	kept, _ := PickVersions(docs, lang)
	sort.SliceStable(kept, func(i, j int) bool { return LangRank(kept[i].Lang, lang) < LangRank(kept[j].Lang, lang) })
	// One copy of a text published twice, each card once.
	said := map[string]bool{}
	group := map[string]int{}
	var out []ClarificationGroup
	for _, d := range kept {
		c := Clarification{Doc: d}
		if o, ok := byID[d.OriginalID]; ok && d.OriginalID != "" {
			c.Original = &o
		}
		source := d
		if c.Original != nil {
			source = *c.Original
		}
		if k := sayingKey(source.Text); said[k] {
			continue
		} else {
			said[k] = true
		}
		if d.Card == "" {
			out = append(out, ClarificationGroup{Texts: []Clarification{c}})
			continue
		}
		i, ok := group[d.Card]
		if !ok {
			i = len(out)
			group[d.Card] = i
			g := ClarificationGroup{Card: d.Card}
			if names != nil {
				g.CardNames = names(d.Card)
			}
			out = append(out, g)
		}
		out[i].Texts = append(out[i].Texts, c)
	}
	return out
}

// PickVersions keeps one version of each text: the reader's
// language if there is a translation into it, else the English, else the
// original; each kept translation comes with its original.
func PickVersions(docs []kb.Doc, lang string) (kept []kb.Doc, originals map[string]kb.Doc) {
	byID := map[string]kb.Doc{}
	for _, d := range docs {
		byID[d.ID] = d
	}
	best := map[string]int{} // original id -> index in kept
	originals = map[string]kb.Doc{}
	for _, d := range docs {
		key := d.ID
		if d.OriginalID != "" {
			key = d.OriginalID
		}
		i, seen := best[key]
		if !seen {
			best[key] = len(kept)
			kept = append(kept, d)
			continue
		}
		if LangRank(d.Lang, lang) < LangRank(kept[i].Lang, lang) {
			kept[i] = d
		}
	}
	for _, d := range kept {
		if d.OriginalID != "" {
			if o, ok := byID[d.OriginalID]; ok {
				originals[d.ID] = o
			}
		}
	}
	return kept, originals
}

// sayingKey is what a text says: its letters and digits, case folded.
func sayingKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// LangRank puts texts in the reader's language first, then the English
// originals, then the rest.
func LangRank(lang, reader string) int {
	switch lang {
	case reader:
		return 0
	case "en":
		return 1
	}
	return 2
}

// GroupHeading is the one line a rule page gives a group: a card's
// rulings as "Ruling on Fureur (Fury), June 18, 2021 · Wizards of the
// Coast — 3 rulings", an article as its heading.
func GroupHeading(p *i18n.Printer, g ClarificationGroup, publicURL string) string {
	c := CitationOf(g.Texts[0].Doc, 0, "", publicURL)
	c.CardNames = g.CardNames
	h := Heading(p, c)
	if len(g.Texts) > 1 {
		h += " — " + p.T(i18n.KeyCountRulings, len(g.Texts))
	}
	return h
}
