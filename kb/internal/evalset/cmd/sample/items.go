package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"arbiter/kb"
	"arbiter/kb/internal/evalset"
	"arbiter/kb/internal/evalset/evaldata"
)

// kinds are the kinds of sampled items, in the order they print. Each is
// drawn by a generator of its own, so that changing one count leaves the
// other draws as they were.
func kinds() []string { return []string{"ruling", "rule", "keyword", "glossary", "ygo", "corpus"} }

func printItems(d *evaldata.Data, seed uint64, n counts, only string, out io.Writer) error {
	if only != "" && !slices.Contains(kinds(), only) {
		return fmt.Errorf("kind %q: want one of %s", only, strings.Join(kinds(), ", "))
	}
	draws := map[string]func(*rand.Rand, io.Writer){
		"ruling":   func(r *rand.Rand, w io.Writer) { sampleRulings(d, r, n.rulings, w) },
		"rule":     func(r *rand.Rand, w io.Writer) { sampleRules(d, r, n.rules, w) },
		"keyword":  func(r *rand.Rand, w io.Writer) { sampleKeywords(d, r, n.keywords, w) },
		"glossary": func(r *rand.Rand, w io.Writer) { sampleGlossary(d, r, n.glossary, w) },
		"ygo":      func(r *rand.Rand, w io.Writer) { sampleYGO(d, r, n.ygo, w) },
		"corpus":   func(r *rand.Rand, w io.Writer) { sampleCorpus(d, r, n.corpus, w) },
	}
	for i, k := range kinds() {
		if only != "" && k != only {
			continue
		}
		draws[k](rand.New(rand.NewPCG(seed, uint64(i+1))), out)
	}
	return nil
}

// pick returns n distinct indexes of [0, size), in draw order.
func pick(r *rand.Rand, size, n int) []int {
	p := r.Perm(size)
	return p[:min(n, size)]
}

func header(w io.Writer, kind string, i, n int, id string) {
	fmt.Fprintf(w, "\n=== %s %d/%d  item: %s  group: %s\n", kind, i+1, n, id, evalset.Group(id))
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// cardNames prints a card's names: English (faces), French and Japanese.
func cardNames(w io.Writer, d *evaldata.Data, oracle string) {
	faces := d.Cards[oracle]
	if len(faces) == 0 {
		fmt.Fprintf(w, "card: (not in the cards file) %s\n", oracle)
		return
	}
	names := map[string][]string{}
	for _, f := range faces {
		for _, l := range []string{"fr", "ja"} {
			for _, n := range f.Names[l] {
				if !slices.Contains(names[l], n) {
					names[l] = append(names[l], n)
				}
			}
		}
	}
	fmt.Fprintf(w, "card: %s | fr: %s | ja: %s\n", faces[0].Name, strings.Join(names["fr"], " | "), strings.Join(names["ja"], " | "))
	for _, f := range faces {
		label := "oracle"
		if f.FaceName != "" {
			label = f.FaceName
		}
		fmt.Fprintf(w, "  %s: %s — %s\n", label, f.TypeLine, oneLine(f.Text))
	}
}

func sampleRulings(d *evaldata.Data, r *rand.Rand, n int, w io.Writer) {
	oracles := d.RulingOracles()
	for i, k := range pick(r, len(oracles), n) {
		rulings := d.Rulings[oracles[k]]
		chosen := r.IntN(len(rulings))
		header(w, "ruling", i, n, rulings[chosen].Doc().ID)
		cardNames(w, d, oracles[k])
		for j, ru := range rulings {
			mark := " "
			if j == chosen {
				mark = "*"
			}
			fmt.Fprintf(w, " %s %d (%s): %s\n", mark, ru.N, ru.Date, oneLine(ru.Text))
		}
	}
}

// sampleRules draws rules and subrules with text outside 701 and 702,
// stratified by part: each part gets a share of n in proportion to its
// number of rules (largest remainders, at least one), drawn uniformly.
func sampleRules(d *evaldata.Data, r *rand.Rand, n int, w io.Writer) {
	byPart := map[string][]kb.Rule{}
	total := 0
	for _, ru := range d.CR.Rules {
		if ru.Kind != kb.RuleRule && ru.Kind != kb.RuleSubrule {
			continue
		}
		if strings.HasPrefix(ru.Number, "701.") || strings.HasPrefix(ru.Number, "702.") || strings.TrimSpace(ru.Text) == "" {
			continue
		}
		part := ru.Number[:1]
		byPart[part] = append(byPart[part], ru)
		total++
	}
	parts := []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}
	share := allocate(parts, byPart, total, n)
	k := 0
	for _, p := range parts {
		for _, j := range pick(r, len(byPart[p]), share[p]) {
			ru := byPart[p][j]
			header(w, "rule", k, n, "cr:"+ru.Number)
			k++
			printRule(w, d.CR, ru, true)
		}
	}
}

// allocate splits n among parts in proportion to their sizes, by largest
// remainder, with at least one each.
func allocate(parts []string, by map[string][]kb.Rule, total, n int) map[string]int {
	share := map[string]int{}
	rem := map[string]float64{}
	left := n
	for _, p := range parts {
		exact := float64(n) * float64(len(by[p])) / float64(total)
		share[p] = max(1, int(exact))
		rem[p] = exact - float64(int(exact))
		left -= share[p]
	}
	order := slices.Clone(parts)
	slices.SortStableFunc(order, func(a, b string) int {
		switch {
		case rem[a] > rem[b]:
			return -1
		case rem[a] < rem[b]:
			return 1
		}
		return 0
	})
	for i := 0; left > 0; i = (i + 1) % len(order) {
		share[order[i]]++
		left--
	}
	return share
}

func printRule(w io.Writer, cr *kb.CR, ru kb.Rule, context bool) {
	if context {
		section, _ := cr.Rule(ru.Number[:3])
		fmt.Fprintf(w, "section %s %s\n", section.Number, section.Title)
		if ru.Kind == kb.RuleSubrule {
			if parent, ok := cr.Rule(ru.Parent); ok {
				fmt.Fprintf(w, "  parent %s %s\n", parent.Number, oneLine(parent.Title+" "+parent.Text))
			}
		}
	}
	fmt.Fprintf(w, "> %s %s\n", ru.Number, oneLine(ru.Title+" "+ru.Text))
	for _, ex := range ru.Examples {
		fmt.Fprintf(w, "    Example: %s\n", oneLine(ex))
	}
	if !context {
		return
	}
	for _, sub := range cr.Rules {
		if sub.Parent == ru.Number && sub.Kind == kb.RuleSubrule {
			fmt.Fprintf(w, "  sub %s %s\n", sub.Number, oneLine(sub.Text))
		}
	}
}

func sampleKeywords(d *evaldata.Data, r *rand.Rand, n int, w io.Writer) {
	var kws []kb.Rule
	for _, ru := range d.CR.Rules {
		if ru.Kind == kb.RuleRule && (strings.HasPrefix(ru.Number, "701.") || strings.HasPrefix(ru.Number, "702.")) {
			kws = append(kws, ru)
		}
	}
	for i, j := range pick(r, len(kws), n) {
		ru := kws[j]
		header(w, "keyword", i, n, "cr:"+ru.Number)
		printRule(w, d.CR, ru, false)
		for _, sub := range d.CR.Rules {
			if sub.Parent == ru.Number {
				printRule(w, d.CR, sub, false)
			}
		}
	}
}

func sampleGlossary(d *evaldata.Data, r *rand.Rand, n int, w io.Writer) {
	g := d.CR.Glossary
	for i, j := range pick(r, len(g), n) {
		header(w, "glossary", i, n, "glossary:"+kb.Slug(g[j].Term))
		fmt.Fprintf(w, "%s: %s\n", g[j].Term, oneLine(g[j].Text))
	}
}

func sampleYGO(d *evaldata.Data, r *rand.Rand, n int, w io.Writer) {
	for i, j := range pick(r, len(d.YGO), n) {
		doc := d.YGO[j]
		header(w, "ygo", i, n, doc.ID)
		var names []string
		for _, id := range d.YGOCardIDs[doc.ID] {
			c, ok := d.YGOCards[id]
			if ok {
				names = append(names, fmt.Sprintf("%s=%s/%s", id, c.Name, c.JAName))
			} else {
				names = append(names, id+"=?")
			}
		}
		fmt.Fprintf(w, "lang %s, cards: %s\n", doc.Lang, strings.Join(names, ", "))
		fmt.Fprintf(w, "%s\n", doc.Text)
	}
}

func sampleCorpus(d *evaldata.Data, r *rand.Rand, n int, w io.Writer) {
	var docs []kb.Doc
	for _, doc := range d.Corpus {
		if doc.OriginalID == "" {
			docs = append(docs, doc)
		}
	}
	for i, j := range pick(r, len(docs), n) {
		doc := docs[j]
		header(w, "corpus", i, n, doc.ID)
		fmt.Fprintf(w, "kind %s, lang %s, card %q, ref %q, current %q, cites %v\n", doc.Kind, doc.Lang, doc.Card, doc.Ref, doc.Current, doc.Cites)
		fmt.Fprintf(w, "%s\n", oneLine(doc.Text))
	}
}

// printCard prints a card and all its rulings, to find every ruling that
// answers a question.
func printCard(d *evaldata.Data, name string, w io.Writer) error {
	oracle := name
	if id, ok := d.OracleID(name); ok {
		oracle = id
	}
	if len(d.Cards[oracle]) == 0 {
		return fmt.Errorf("no card %q", name)
	}
	cardNames(w, d, oracle)
	for _, ru := range d.Rulings[oracle] {
		fmt.Fprintf(w, "   %s (%s): %s\n", ru.Doc().ID, ru.Date, oneLine(ru.Text))
	}
	return nil
}
