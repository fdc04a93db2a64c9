package main

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"arbiter/kb/internal/evalset/evaldata"
)

// candidate is a card name, or one word of one, that the language's own
// rules texts use as an ordinary word.
type candidate struct {
	word  string
	whole bool     // the word is a card's whole name in that language
	count int      // occurrences as an ordinary word in the texts
	cards []string // "oracle id: printed name", up to three
}

// printOrdinary prints the ordinary-word candidates of a language, most
// frequent first: whole names, then words of names. A word of listed (an
// everyday word the rules texts happen not to use, such as "fog") that
// is a card name, or one word of one, is a candidate even when the texts
// never use it.
func printOrdinary(d *evaldata.Data, lang string, listed map[string]bool, out io.Writer) error {
	var cands []candidate
	switch lang {
	case "en", "fr":
		cands = latinCandidates(d, lang, listed)
	case "ja":
		cands = japaneseCandidates(d, listed)
	default:
		return fmt.Errorf("language %q: want en, fr or ja", lang)
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].whole != cands[j].whole {
			return cands[i].whole
		}
		return cands[i].count > cands[j].count
	})
	for _, c := range cands {
		kind := "word"
		if c.whole {
			kind = "whole"
		}
		fmt.Fprintf(out, "%d\t%s\t%s\t%s\n", c.count, kind, c.word, strings.Join(c.cards, " | "))
	}
	return nil
}

// latinCandidates counts, in the texts of the language (English: the
// rules, the rulings and the Oracle texts; French: the printed French
// texts), the word sequences written in lower case, then looks up every
// card name of that language (English names too for French: players type
// them) of up to three words, and every word of four letters or more of a
// longer name.
func latinCandidates(d *evaldata.Data, lang string, listed map[string]bool) []candidate {
	freq := map[string]int{}
	count := func(text string) {
		words := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '’' && r != '-' })
		for i := range words {
			for n := 1; n <= 3 && i+n <= len(words); n++ {
				seq := words[i : i+n]
				if !slices.ContainsFunc(seq, startsUpper) {
					freq[strings.Join(seq, " ")]++
				}
			}
		}
	}
	var names []nameOf
	for oracle, faces := range d.Cards {
		for _, f := range faces {
			if lang == "en" {
				count(f.Text)
			} else if p, ok := f.Printed["fr"]; ok {
				count(p.Text)
				count(p.Type)
			}
			names = append(names, nameOf{oracle, f.Name}, nameOf{oracle, f.FaceName})
			if lang == "fr" {
				for _, n := range f.Names["fr"] {
					names = append(names, nameOf{oracle, n})
				}
			}
		}
	}
	if lang == "en" {
		for _, r := range d.CR.Rules {
			count(r.Text)
		}
		for _, rs := range d.Rulings {
			for _, r := range rs {
				count(r.Text)
			}
		}
	}
	return collect(names, func(n string) ([]string, bool) {
		words := strings.Fields(strings.ToLower(n))
		if len(words) == 0 || strings.Contains(n, "//") {
			return nil, false
		}
		return words, len(words) <= 3
	}, func(w string) int { return max(freq[w], boolInt(listed[w])) }, 4)
}

// japaneseCandidates counts, in the printed Japanese texts, how often each
// Japanese card name of one to four characters, or each part of a longer
// name (split at ・, の and 、), appears.
func japaneseCandidates(d *evaldata.Data, listed map[string]bool) []candidate {
	var corpus strings.Builder
	var names []nameOf
	for oracle, faces := range d.Cards {
		for _, f := range faces {
			if p, ok := f.Printed["ja"]; ok {
				corpus.WriteString(p.Text)
				corpus.WriteByte('\n')
			}
			for _, n := range f.Names["ja"] {
				names = append(names, nameOf{oracle, n})
			}
		}
	}
	text := corpus.String()
	memo := map[string]int{}
	return collect(names, func(n string) ([]string, bool) {
		parts := strings.FieldsFunc(n, func(r rune) bool { return r == '・' || r == 'の' || r == '、' || r == ' ' })
		return parts, utf8.RuneCountInString(n) <= 4 && len(parts) == 1
	}, func(w string) int {
		if c, ok := memo[w]; ok {
			return c
		}
		memo[w] = max(strings.Count(text, w), boolInt(listed[w]))
		return memo[w]
	}, 2)
}

type nameOf struct{ oracle, name string }

// collect builds the candidates: the whole name when split says so,
// else each part of at least minLen characters, counted by freq.
func collect(names []nameOf, split func(string) ([]string, bool), freq func(string) int, minLen int) []candidate {
	by := map[string]*candidate{}
	add := func(w string, whole bool, n nameOf) {
		c := freq(w)
		if c == 0 {
			return
		}
		key := fmt.Sprint(whole, w)
		if by[key] == nil {
			by[key] = &candidate{word: w, whole: whole, count: c}
		}
		card := n.oracle + ": " + n.name
		if len(by[key].cards) < 3 && !slices.Contains(by[key].cards, card) {
			by[key].cards = append(by[key].cards, card)
		}
	}
	for _, n := range names {
		if n.name == "" {
			continue
		}
		parts, whole := split(n.name)
		if whole {
			add(strings.Join(parts, " "), true, n)
			if len(parts) == 1 {
				continue
			}
		}
		for _, p := range parts {
			if utf8.RuneCountInString(p) >= minLen {
				add(p, false, n)
			}
		}
	}
	out := make([]candidate, 0, len(by))
	for _, c := range by {
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].word < out[j].word })
	return out
}

func startsUpper(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
