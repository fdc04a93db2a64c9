package kb

import (
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/mapping"
)

// The rulings are in English; a French or Japanese question's words must be
// found in them. The glossary gives the game's terms, but not the ordinary
// words of a question ("payer", "reviennent", "戻る"). Those are learned from
// the cards: every card's printed French and Japanese text says what its
// English Oracle text says, line by line, so a French word and the English
// word that keep appearing on the same lines translate each other. This is
// word alignment by co-occurrence (the Dice coefficient), the simplest of
// the methods statistical translation started from.

// lexiconPair is a printed text beside its Oracle text.
type lexiconPair struct {
	lang      string
	en, local string
}

// Thresholds of the word alignment.
const (
	minPairLines = 3    // lines a pair of words shares at least
	minDice      = 0.3  // 2·both/(local+english) at least
	nearBest     = 0.75 // a second translation scores at least this share of the first
)

// translations maps a French or Japanese term (as the language's analyzer
// makes it) to the English terms that translate it, best first.
type translations map[string]map[string][]string // lang -> term -> English terms

// learnTranslations aligns the words of the printed texts with the Oracle
// texts' words.
func learnTranslations(m mapping.IndexMapping, pairs []lexiconPair) translations {
	type counts struct {
		local, en map[string]int
		both      map[[2]string]int
	}
	by := map[string]*counts{}
	analyzers := map[string]string{"en": "en", "fr": "fr", "ja": jaAnalyzerName}
	type unit struct {
		lang      string
		en, local []string
	}
	units := make(chan []unit, 64)
	work := make(chan lexiconPair, 256)
	var wg sync.WaitGroup
	for range max(1, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			en := m.AnalyzerNamed(analyzers["en"])
			local := map[string]analysis.Analyzer{"fr": m.AnalyzerNamed(analyzers["fr"]), "ja": m.AnalyzerNamed(analyzers["ja"])}
			for p := range work {
				la := local[p.lang]
				if en == nil || la == nil {
					continue
				}
				// Each text is analyzed once, its terms then sorted by line.
				el, ll := termLines(en, p.en), termLines(la, p.local)
				if len(el) != len(ll) {
					el, ll = [][]string{flatten(el)}, [][]string{flatten(ll)}
				}
				out := make([]unit, 0, len(el))
				for i := range el {
					out = append(out, unit{p.lang, el[i], ll[i]})
				}
				units <- out
			}
		}()
	}
	go func() {
		for _, p := range pairs {
			work <- p
		}
		close(work)
		wg.Wait()
		close(units)
	}()
	for us := range units {
		for _, u := range us {
			c := by[u.lang]
			if c == nil {
				c = &counts{local: map[string]int{}, en: map[string]int{}, both: map[[2]string]int{}}
				by[u.lang] = c
			}
			for _, e := range u.en {
				c.en[e]++
			}
			for _, l := range u.local {
				c.local[l]++
				for _, e := range u.en {
					c.both[[2]string{l, e}]++
				}
			}
		}
	}
	out := translations{}
	for lang, c := range by {
		type cand struct {
			en   string
			dice float64
		}
		best := map[string][]cand{}
		for k, n := range c.both {
			if n < minPairLines {
				continue
			}
			d := 2 * float64(n) / float64(c.local[k[0]]+c.en[k[1]])
			if d >= minDice {
				best[k[0]] = append(best[k[0]], cand{k[1], d})
			}
		}
		out[lang] = map[string][]string{}
		for l, cs := range best {
			sort.Slice(cs, func(i, j int) bool {
				if cs[i].dice != cs[j].dice {
					return cs[i].dice > cs[j].dice
				}
				return cs[i].en < cs[j].en
			})
			for i, x := range cs {
				if i == 0 || i < 3 && x.dice >= nearBest*cs[0].dice {
					out[lang][l] = append(out[lang][l], x.en)
				}
			}
		}
	}
	return out
}

// termLines returns, for each line of s, the distinct terms an analyzer
// makes of it (numbers and single kana left out), analyzing s once.
func termLines(a analysis.Analyzer, s string) [][]string {
	out := make([][]string, strings.Count(s, "\n")+1)
	var starts []int // byte offset where each line after the first starts
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	seen := make([]map[string]bool, len(out))
	for _, t := range a.Analyze([]byte(s)) {
		term := string(t.Term)
		if isNumberTerm(term) || len([]rune(term)) < 2 && !isHan(term) {
			continue
		}
		line := sort.SearchInts(starts, t.Start+1)
		if seen[line] == nil {
			seen[line] = map[string]bool{}
		}
		if !seen[line][term] {
			seen[line][term] = true
			out[line] = append(out[line], term)
		}
	}
	return out
}

// flatten joins the terms of several lines, each once.
func flatten(lines [][]string) []string {
	var out []string
	seen := map[string]bool{}
	for _, l := range lines {
		for _, t := range l {
			if !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	return out
}
