package kb

import (
	"regexp"
	"sort"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// keywordVotes learns the French and Japanese names of keyword abilities
// and actions from the cards themselves: a line of Oracle text made only of
// the card's keywords ("Flying, vigilance", "Ward {2}", "Scry 1.") is
// matched with the same line of the card's printed French and Japanese
// text ("Vol, vigilance", "護法{2}", "Regard 1."), and each pairing is a
// vote. The official name is the one most printed cards use.
type keywordVotes map[string]map[string]map[string]int // lang -> English keyword (lower case) -> name -> votes

var (
	reminderRE = regexp.MustCompile(`\s*[(（][^()（）]*[)）]`)
	// A keyword's parameter: a cost, a number, X, or what follows a dash.
	kwParamRE = regexp.MustCompile(`(?:\s*[—―－-]\s*|\s*)(?:\{.*|\d.*)$|(?:\s+|\s*[—―－-]\s*)[xX]\b.*$|\s*[—―－].*$`)
)

// add counts the votes of one card.
func (v keywordVotes) add(c Card) {
	if len(c.Keywords) == 0 || c.Text == "" {
		return
	}
	kws := map[string]bool{}
	for _, k := range c.Keywords {
		kws[strings.ToLower(k)] = true
	}
	en := strings.Split(c.Text, "\n")
	for _, lang := range []string{"fr", "ja"} {
		p, ok := c.Printed[lang]
		if !ok || p.Text == "" {
			continue
		}
		local := strings.Split(norm.NFKC.String(p.Text), "\n")
		if len(local) != len(en) {
			continue // the lines cannot be paired
		}
		for i, line := range en {
			names := keywordLine(line, ",;")
			if len(names) == 0 {
				continue
			}
			ok := true
			for _, n := range names {
				if !kws[strings.ToLower(n)] {
					ok = false
					break
				}
			}
			if !ok {
				// A keyword with a cost and more text after it ("Forecast —
				// {1}{U}, Reveal …", "Prévision — {1}{U}, révélez …"):
				// the names before the costs are paired.
				if kw := leadingKeyword(line, kws); kw != "" {
					if name := leadingName(local[i]); plausibleKeyword(name) {
						v.vote(lang, kw, name)
					}
				}
				continue
			}
			seps := ",;"
			if lang == "ja" {
				seps = ",、;"
			}
			loc := keywordLine(local[i], seps)
			if len(loc) != len(names) {
				continue
			}
			for j, n := range names {
				name := strings.TrimSuffix(loc[j], "を行う")
				if !plausibleKeyword(name) {
					continue
				}
				v.vote(lang, strings.ToLower(n), name)
			}
		}
	}
}

// vote counts name as a name in lang of the English keyword kw (lower
// case).
func (v keywordVotes) vote(lang, kw, name string) {
	if v[lang] == nil {
		v[lang] = map[string]map[string]int{}
	}
	if v[lang][kw] == nil {
		v[lang][kw] = map[string]int{}
	}
	v[lang][kw][name]++
}

// costStart finds where a keyword's cost or the dash before it starts.
var costStart = regexp.MustCompile(`^\s*(?:[—―－]|\{)`)

// leadingKeyword returns the keyword of kws (lower case) a line starts
// with when a cost or a dash follows it, "" for none.
func leadingKeyword(line string, kws map[string]bool) string {
	low := strings.ToLower(line)
	best := ""
	for kw := range kws {
		if len(kw) > len(best) && strings.HasPrefix(low, kw) && costStart.MatchString(low[len(kw):]) {
			best = kw
		}
	}
	return best
}

// leadingName returns what a line of printed text holds before its first
// cost, dash or reminder: the keyword's name there.
func leadingName(line string) string {
	if i := strings.IndexAny(line, "—―－{(（"); i > 0 {
		return strings.TrimSpace(line[:i])
	}
	return ""
}

// plausibleKeyword rejects what a keyword line pairs with when it is not a
// keyword's name: sentences, and the start of one cut at a number
// ("Mettez les" of "Mettez les 3 cartes du dessus…").
func plausibleKeyword(s string) bool {
	if s == "" || len([]rune(s)) > 30 || strings.ContainsAny(s, ".。:：") {
		return false
	}
	words := strings.Fields(s)
	switch strings.ToLower(words[len(words)-1]) {
	case "les", "la", "le", "l'", "un", "une", "des", "de", "du", "à", "au", "aux", "et":
		return false
	}
	return true
}

// keywordLine splits a line of keywords into their names, without reminder
// text and parameters: "Flying, ward {2} (Whenever …)" -> [Flying ward].
func keywordLine(line string, seps string) []string {
	line = strings.TrimSpace(reminderRE.ReplaceAllString(line, ""))
	line = strings.TrimRight(line, ".。")
	if line == "" {
		return nil
	}
	parts := strings.FieldsFunc(line, func(r rune) bool { return strings.ContainsRune(seps, r) })
	out := make([]string, 0, len(parts))
	for _, p := range parts {
		p = strings.TrimSpace(kwParamRE.ReplaceAllString(strings.TrimSpace(p), ""))
		if p == "" {
			return nil
		}
		out = append(out, p)
	}
	return out
}

// names returns, for each English keyword (lower case), its names in lang
// that printed cards use, the most used first: every name with at least two
// votes and a fifth of the leader's, or the only name there is.
func (v keywordVotes) names(lang string) map[string][]string {
	out := map[string][]string{}
	for kw, counts := range v[lang] {
		type nv struct {
			name string
			n    int
		}
		var list []nv
		folded := map[string]int{} // the same name in other cases counts once
		for name, n := range counts {
			k := FoldKey(name)
			if i, ok := folded[k]; ok {
				list[i].n += n
				if n > counts[list[i].name] {
					list[i].name = name
				}
				continue
			}
			folded[k] = len(list)
			list = append(list, nv{name, n})
		}
		sort.Slice(list, func(i, j int) bool {
			if list[i].n != list[j].n {
				return list[i].n > list[j].n
			}
			return list[i].name < list[j].name
		})
		for i, x := range list {
			if i == 0 && (x.n >= 2 || len(list) == 1) || i > 0 && x.n >= 2 && x.n*5 >= list[0].n {
				out[kw] = append(out[kw], x.name)
			}
		}
	}
	return out
}
