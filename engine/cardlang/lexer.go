package cardlang

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// selfToken stands for the card's own name in a sentence (CARDNAME).
const selfToken = "\x00self"

// otok is a token of an Oracle sentence: a word (as printed, and folded to
// lower case), a run of mana symbols, or a punctuation mark.
type otok struct {
	raw   string // as printed
	low   string // lower case
	mana  bool   // {2}{R}, {T}
	punct bool
}

// lexOracle splits a sentence into tokens. Words keep their apostrophes,
// hyphens, slashes and signs ("owner's", "non-Human", "+1/+1"); mana
// symbols next to each other are one token; the card's name has already
// been replaced by selfToken.
func lexOracle(s string) []otok {
	var out []otok
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == ' ' || r == '\t' || r == '\n':
			i += size
		case r == 0 && !strings.HasPrefix(s[i:], selfToken):
			i++
		case r == 0:
			i += len(selfToken)
			if strings.HasPrefix(s[i:], "'s") || strings.HasPrefix(s[i:], "’s") {
				out = append(out, otok{raw: selfToken + "'s", low: selfToken + "'s"})
				i += strings.Index(s[i:], "s") + 1
				continue
			}
			out = append(out, otok{raw: selfToken, low: selfToken})
		case r == '{':
			j := i
			for j < len(s) && s[j] == '{' {
				k := strings.IndexByte(s[j:], '}')
				if k < 0 {
					j = len(s)
					break
				}
				j += k + 1
			}
			out = append(out, otok{raw: s[i:j], low: s[i:j], mana: true})
			i = j
		case isWordRune(r) || ((r == '+' || r == '-' || r == '−') && i+size < len(s) && (isDigitOrX(s[i+size]))):
			j := i + size
			for j < len(s) {
				r2, sz := utf8.DecodeRuneInString(s[j:])
				if isWordRune(r2) || r2 == '\'' || r2 == '’' || r2 == '/' || r2 == '+' || r2 == '-' || r2 == '−' {
					j += sz
					continue
				}
				break
			}
			w := s[i:j]
			if strings.ContainsAny(w, "’−") {
				w = strings.ReplaceAll(strings.ReplaceAll(w, "’", "'"), "−", "-")
			}
			w = strings.TrimRight(w, "'")
			out = append(out, otok{raw: w, low: strings.ToLower(w)})
			i = j
		default:
			ch := string(r)
			if r == '“' || r == '”' {
				ch = "\""
			}
			out = append(out, otok{raw: ch, low: ch, punct: true})
			i += size
		}
	}
	return out
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func isDigitOrX(b byte) bool { return b >= '0' && b <= '9' || b == 'X' }

// cur reads the tokens of one sentence, with backtracking: a rule saves
// pos and puts it back when it fails.
type cur struct {
	t   []otok
	pos int
}

func (c *cur) end() bool { return c.pos >= len(c.t) }

// peek returns the lower-case token at offset k from the position.
func (c *cur) peek(k int) string {
	if c.pos+k < len(c.t) && c.pos+k >= 0 {
		return c.t[c.pos+k].low
	}
	return ""
}

// raw returns the token as printed at offset k.
func (c *cur) raw(k int) string {
	if c.pos+k < len(c.t) {
		return c.t[c.pos+k].raw
	}
	return ""
}

// lit matches the words of phrase (space separated, lower case; "," and
// "." are tokens) and advances past them, or leaves the position alone.
func (c *cur) lit(phrase string) bool {
	if c.lit1(phrase) {
		return true
	}
	// Oracle text since 2024 says "enters" for "enters the battlefield".
	if strings.Contains(phrase, "enters the battlefield") || strings.Contains(phrase, "enter the battlefield") {
		short := strings.ReplaceAll(strings.ReplaceAll(phrase, "enters the battlefield", "enters"), "enter the battlefield", "enter")
		return c.lit1(short)
	}
	return false
}

// lit1 is lit for one wording.
func (c *cur) lit1(phrase string) bool {
	i := c.pos
	for phrase != "" {
		w := phrase
		if j := strings.IndexByte(phrase, ' '); j >= 0 {
			w, phrase = phrase[:j], phrase[j+1:]
		} else {
			phrase = ""
		}
		if i >= len(c.t) || c.t[i].low != w {
			return false
		}
		i++
	}
	c.pos = i
	return true
}

// ahead reports whether the word w comes later in the sentence.
func (c *cur) ahead(w string) bool {
	for _, t := range c.t[c.pos:] {
		if t.low == w {
			return true
		}
	}
	return false
}

// any matches the first of the phrases that matches.
func (c *cur) any(phrases ...string) (string, bool) {
	for _, p := range phrases {
		if c.lit(p) {
			return p, true
		}
	}
	return "", false
}

// opt matches phrase if it is there; it never fails.
func (c *cur) opt(phrase string) bool { return c.lit(phrase) }

// self matches the card's own name.
func (c *cur) self() bool {
	if c.peek(0) == selfToken {
		c.pos++
		return true
	}
	return false
}

// mana matches a run of mana symbols and returns it.
func (c *cur) mana() (string, bool) {
	if c.pos < len(c.t) && c.t[c.pos].mana {
		c.pos++
		return c.t[c.pos-1].raw, true
	}
	return "", false
}

// numberWords are the numbers Oracle text spells out.
func numberWords() []string {
	return []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
		"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}
}

// number matches a number: digits, a spelled-out number, "a"/"an" (one)
// when article is true, or X.
func (c *cur) number(article bool) (Amount, bool) {
	w := c.peek(0)
	if w == "" {
		return Amount{}, false
	}
	if c.raw(0) == "X" {
		c.pos++
		return Amount{Var: "X"}, true
	}
	if article && (w == "a" || w == "an") {
		c.pos++
		return Amount{N: 1}, true
	}
	for i, n := range numberWords() {
		if w == n {
			c.pos++
			return Amount{N: i}, true
		}
	}
	if v, err := strconv.Atoi(w); err == nil && v >= 0 {
		c.pos++
		return Amount{N: v}, true
	}
	return Amount{}, false
}

// splitSentences splits an ability's text into sentences, at a period
// followed by a space, outside quotation marks. The periods stay.
func splitSentences(s string) []string {
	var out []string
	quoted := false
	start := 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '"':
			quoted = !quoted
		case strings.HasPrefix(s[i:], "“"):
			quoted = true
		case strings.HasPrefix(s[i:], "”"):
			quoted = false
		case s[i] == '.' && !quoted && (i+1 == len(s) || s[i+1] == ' '):
			if i+1 < len(s) && i+2 < len(s) && s[i+1] == ' ' && s[i+2] >= 'a' && s[i+2] <= 'z' {
				continue
			}
			out = append(out, strings.TrimSpace(s[start:i+1]))
			start = i + 1
		}
	}
	if rest := strings.TrimSpace(s[start:]); rest != "" {
		out = append(out, rest)
	}
	return out
}
