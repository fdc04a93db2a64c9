package kb

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// Generated checks over the whole data, beside the written evaluation:
// every sampled card named in a question brings its rulings, and every
// keyword ability named brings its rule, in each language.

// cardQuestionTemplates are the ways a question names a card, per
// language; each card is asked with one of them in turn.
var cardQuestionTemplates = map[string][]string{
	"en": {"%s how does it work?", "question about %s", "%s rulings", "can someone explain %s", "how does %s interact with other cards"},
	"fr": {"%s ça marche comment ?", "question sur %s", "comment fonctionne %s", "quelqu'un peut m'expliquer %s ?", "les rulings de %s"},
	"ja": {"%sの裁定は？", "%sについて質問です", "%sってどういうカード？", "%sの処理を教えて", "%sの効果について"},
}

// cardSample returns n cards of the index that have rulings and French and
// Japanese names, chosen with a fixed seed.
func cardSample(ix *Index, n int) []NamedCard {
	pool := ix.CardsWithRulings()
	r := rand.New(rand.NewPCG(13, 42))
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	return pool[:min(n, len(pool))]
}

// TestCardNamesBringRulings asks about 300 sampled cards by their English,
// French and Japanese names (the newest printed name) and checks that one
// of the card's rulings is among the first five hits.
func TestCardNamesBringRulings(t *testing.T) {
	ix := fullIndex(t)
	cards := cardSample(ix, 300)
	for _, lang := range []string{"en", "fr", "ja"} {
		ok := 0
		var misses []string
		for i, c := range cards {
			name := c.Name
			if lang != "en" {
				names := c.Names[lang]
				name = names[len(names)-1]
			}
			tmpl := cardQuestionTemplates[lang]
			q := fmt.Sprintf(tmpl[i%len(tmpl)], name)
			res, err := ix.Search(context.Background(), Query{Text: q, Lang: lang, K: 5})
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, h := range res.Hits {
				if h.Doc.Card == c.Name && h.Doc.Kind == KindRuling || slicesHas(h.Also, "ruling:"+c.OracleID+":") {
					found = true
					break
				}
			}
			if found {
				ok++
			} else if len(misses) < 15 {
				misses = append(misses, fmt.Sprintf("%q (%s)", q, c.Name))
			}
		}
		share := float64(ok) / float64(len(cards))
		t.Logf("%s: %d/%d cards (%.1f%%) bring their rulings in the top 5", lang, ok, len(cards), 100*share)
		for _, m := range misses {
			t.Logf("  miss %s", m)
		}
		if share < 0.98 {
			t.Errorf("%s: %.1f%% of named cards bring their rulings, under 98%%", lang, 100*share)
		}
	}
}

func slicesHas(ids []string, prefix string) bool {
	for _, id := range ids {
		if strings.HasPrefix(id, prefix) {
			return true
		}
	}
	return false
}

// keywordQuestionTemplates ask what a keyword does.
var keywordQuestionTemplates = map[string][]string{
	"en": {"how does %s work?", "what is %s", "%s explained"},
	"fr": {"comment marche %s ?", "c'est quoi %s", "%s ça fait quoi"},
	"ja": {"%sってどういう能力？", "%sとは", "%sの仕組み"},
}

// TestKeywordNamesBringRules asks what each keyword ability of CR 702 does,
// by its English name and by the French and Japanese names printed cards
// give it, and checks that the keyword's rule, with a text that defines it
// (not its heading alone), is among the first three hits.
func TestKeywordNamesBringRules(t *testing.T) {
	ix := fullIndex(t)
	type kw struct {
		number string
		names  map[string]string
	}
	var kws []kw
	for _, tp := range ix.topics {
		for _, r := range tp.Rules {
			if !strings.HasPrefix(r, "702.") || strings.Count(r, ".") != 1 || r == "702.1" || !tp.Keyword {
				continue
			}
			k := kw{number: r, names: map[string]string{"en": tp.Name}}
			for _, l := range []string{"fr", "ja"} {
				if ns := tp.Names[l]; len(ns) > 0 {
					k.names[l] = ns[0]
				}
			}
			kws = append(kws, k)
		}
	}
	sort.Slice(kws, func(i, j int) bool { return ruleLess(kws[i].number, kws[j].number) })
	if len(kws) < 150 {
		t.Fatalf("only %d keyword abilities found in CR 702", len(kws))
	}
	for _, lang := range []string{"en", "fr", "ja"} {
		asked, ok := 0, 0
		var misses []string
		for i, k := range kws {
			name, has := k.names[lang]
			if !has {
				continue
			}
			asked++
			tmpl := keywordQuestionTemplates[lang]
			q := fmt.Sprintf(tmpl[i%len(tmpl)], name)
			res, err := ix.Search(context.Background(), Query{Text: q, Lang: lang, K: 3})
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, h := range res.Hits {
				d := h.Doc
				if h.Original != nil {
					d = *h.Original
				}
				if d.Kind == KindRule && (d.Ref == k.number || strings.HasPrefix(d.Ref, k.number) && len(d.Ref) == len(k.number)+1) && d.Text != d.Title {
					found = true
				}
			}
			if found {
				ok++
			} else if len(misses) < 15 {
				misses = append(misses, fmt.Sprintf("%q (%s)", q, k.number))
			}
		}
		share := ratio(ok, asked)
		t.Logf("%s: %d keywords of %d have a name; %d (%.1f%%) bring their rule in the top 3", lang, asked, len(kws), ok, 100*share)
		for _, m := range misses {
			t.Logf("  miss %s", m)
		}
		if share < 0.98 {
			t.Errorf("%s: %.1f%% of keyword names bring their rule, under 98%%", lang, 100*share)
		}
	}
}
