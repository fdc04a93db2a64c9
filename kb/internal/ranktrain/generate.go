package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"

	"arbiter/kb"
	"arbiter/kb/internal/evalset"
)

// Generated rows, drawn from the answer side like the written ones, teach
// two kinds of questions the written sets hold few of: a card asked about
// with nothing else ("what does Null Rod do?"), whose answer is the card's
// text or rulings, and a question that quotes a rule's words, whose answer
// is that rule. Each row goes in the split of its card or section, as a
// written row would; the cards TestCardNamesBringRulings asks about are
// left out; the templates are other wordings of the same kinds of
// questions.

// genCardTemplates ask about a card and nothing else, per language.
// Those of genWhatTemplates ask what the card does: the card's text
// answers them, where any of its rulings answers the others.
var genCardTemplates = map[string][]string{
	"en": {"what does %s do", "%s questions", "anything tricky about %s?", "%s explained", "rules for %s", "how does %s work with other cards?", "%s interactions", "tell me about %s"},
	"fr": {"que fait %s ?", "des précisions sur %s ?", "%s : les règles", "explique-moi %s", "%s, ça fait quoi exactement ?", "comment marche %s avec les autres cartes ?", "%s et ses interactions", "les règles de %s"},
	"ja": {"%sについて教えて", "%sのルールは？", "%sの使い方", "%sってどう動く？", "%sの注意点は？", "%sの効果は？", "%sの効果を教えて", "%sってどんな効果？"},
}

// genWhatTemplates are the templates of genCardTemplates that ask what
// the card does.
var genWhatTemplates = map[string]bool{
	"what does %s do": true, "que fait %s ?": true, "%s, ça fait quoi exactement ?": true,
	"%sの効果は？": true, "%sの効果を教えて": true, "%sってどんな効果？": true,
}

// testedCards returns the Oracle IDs of the cards TestCardNamesBringRulings
// asks about: the same seeded shuffle of the same pool.
func testedCards(pool []kb.NamedCard, n int) map[string]bool {
	p := append([]kb.NamedCard(nil), pool...)
	r := rand.New(rand.NewPCG(13, 42))
	r.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
	out := map[string]bool{}
	for _, c := range p[:min(n, len(p))] {
		out[c.OracleID] = true
	}
	return out
}

// cardRows returns rows asking about perSplit cards of each of train and
// dev, in the three languages.
func cardRows(ix *kb.Index, perSplit int) []evalset.Row {
	pool := ix.CardsWithRulings()
	tested := testedCards(pool, 300)
	r := rand.New(rand.NewPCG(2026, 12))
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	count := map[evalset.Split]int{}
	var out []evalset.Row
	k := 0
	for _, c := range pool {
		group := evalset.Group("card:" + c.OracleID)
		split := evalset.SplitOf(group)
		if tested[c.OracleID] || split == evalset.Test || count[split] == perSplit {
			continue
		}
		count[split]++
		for _, lang := range []string{"en", "fr", "ja"} {
			name := c.Name
			if lang != "en" {
				name = c.Names[lang][len(c.Names[lang])-1]
			}
			t := genCardTemplates[lang][k%len(genCardTemplates[lang])]
			expect := []string{"card:" + c.OracleID, "ruling:" + c.OracleID + ":*"}
			if genWhatTemplates[t] {
				expect = expect[:1]
			}
			out = append(out, evalset.Row{
				Q: fmt.Sprintf(t, name), Lang: lang, Kind: "card", Name: lang,
				Expect: expect, Group: group, Item: "card:" + c.OracleID, Note: "generated",
			})
			k++
		}
	}
	return out
}

var sentenceEnd = regexp.MustCompile(`[.;:]\s`)

// quoteRows returns rows that quote 6 to 10 words of a rule's first
// sentence, perSplit rules of each of train and dev.
func quoteRows(ctx context.Context, ix *kb.Index, perSplit int) ([]evalset.Row, error) {
	rules, err := ix.CurrentRules(ctx)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(2026, 13))
	r.Shuffle(len(rules), func(i, j int) { rules[i], rules[j] = rules[j], rules[i] })
	count := map[evalset.Split]int{}
	var out []evalset.Row
	for _, d := range rules {
		id := "cr:" + d.Ref
		group := evalset.Group(id)
		split := evalset.SplitOf(group)
		if split == evalset.Test || count[split] == perSplit {
			continue
		}
		text := d.Text
		if loc := sentenceEnd.FindStringIndex(text); loc != nil {
			text = text[:loc[0]]
		}
		words := strings.Fields(text)
		if len(words) < 8 || strings.HasPrefix(text, "Example") {
			continue
		}
		n := 6 + r.IntN(5)
		start := r.IntN(len(words) - min(n, len(words)) + 1)
		q := strings.Join(words[start:min(start+n, len(words))], " ")
		count[split]++
		out = append(out, evalset.Row{Q: q, Lang: "en", Kind: "rules", Expect: []string{id}, Group: group, Item: id, Note: "generated"})
	}
	return out, nil
}
