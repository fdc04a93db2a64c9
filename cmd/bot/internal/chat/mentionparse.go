package chat

import (
	"strings"
	"unicode/utf8"

	"arbiter/kb"
)

// MentionKind is what a card named in a message asks for.
type MentionKind byte

// Kinds of mention, by the mark before the name.
const (
	MentionCard    MentionKind = iota // [[name]]: the card
	MentionPicture                    // [[!name]]: where its picture is
	MentionRulings                    // [[?name]]: its rulings
)

// Mention is a card named in a message as [[name]].
type Mention struct {
	Name string
	Kind MentionKind
}

// Bounds of the mentions read in a message.
const (
	// MaxMentions is how many cards one message gets answered.
	MaxMentions = 5
	// maxMentionName bounds a name, in characters (the longest card
	// name has 141).
	maxMentionName = 150
	// maxMentionScan is how much of a message is read, in bytes (Discord
	// allows 4,000 characters).
	maxMentionScan = 16 << 10
)

// ParseMentions returns the cards a message names as [[name]], in order,
// each once (names compared folded, as /card folds them), at most max of
// them, and how many more it names. As on the card-fetcher bots players
// know, [[!name]] asks for the card's picture and [[?name]] for its
// rulings; [[#name]] (legality) and [[name|SET]] (a printing) are read as
// the card. Full-width brackets (［［稲妻］］) are brackets. What Discord shows as code (between backquotes, ``` blocks
// included) or as a quote ("> " lines, and everything after ">>> ") is
// not read, nor an escaped \[[.
func ParseMentions(content string, max int) (ms []Mention, more int) {
	if len(content) > maxMentionScan {
		content = content[:maxMentionScan]
	}
	if strings.Contains(content, "［［") {
		// Japanese typed with the input method on: full-width brackets.
		content = fullWidthBrackets.Replace(content)
	}
	if !strings.Contains(content, "[[") {
		return nil, 0
	}
	seen := map[string]bool{}
	lineStart := true
	for i := 0; i < len(content); {
		c := content[i]
		if lineStart {
			lineStart = false
			if q, rest := quoteAt(content[i:]); q {
				if rest {
					break
				}
				end := strings.IndexByte(content[i:], '\n')
				if end < 0 {
					break
				}
				i += end + 1
				lineStart = true
				continue
			}
		}
		switch {
		case c == '\n':
			lineStart = true
			i++
		case c == '\\':
			// An escaped character is text: skip it whole.
			_, n := utf8.DecodeRuneInString(content[min(i+1, len(content)):])
			i += 1 + n
		case c == '`':
			i = skipCode(content, i)
		case c == '[' && strings.HasPrefix(content[i:], "[["):
			m, next, ok := mentionAt(content, i)
			i = next
			if !ok {
				continue
			}
			key := string(rune('0'+m.Kind)) + kb.NormalizeName(m.Name)
			if seen[key] {
				continue
			}
			seen[key] = true
			if len(ms) >= max {
				more++
				continue
			}
			ms = append(ms, m)
		default:
			i++
		}
	}
	return ms, more
}

// fullWidthBrackets reads full-width square brackets as ASCII ones.
var fullWidthBrackets = strings.NewReplacer("［", "[", "］", "]")

// quoteAt tells whether a line is a quote as Discord shows one: spaces,
// then "> " (or ">" ending the line); rest is set for ">>> ", which
// quotes the rest of the message.
func quoteAt(line string) (quote, rest bool) {
	t := strings.TrimLeft(line, " ")
	if !strings.HasPrefix(t, ">") {
		return false, false
	}
	if strings.HasPrefix(t, ">>>") && (len(t) == 3 || t[3] == ' ' || t[3] == '\n') {
		return true, true
	}
	t = t[1:]
	return t == "" || t[0] == ' ' || t[0] == '\n', false
}

// skipCode returns where the code that starts with the backquotes at i
// ends: past the next run of as many backquotes (a ``` block is one), or
// just past the run when none closes it (it is then plain text).
func skipCode(s string, i int) int {
	n := 0
	for i+n < len(s) && s[i+n] == '`' {
		n++
	}
	j := i + n
	for j < len(s) {
		k := strings.IndexByte(s[j:], '`')
		if k < 0 {
			break
		}
		k += j
		m := 0
		for k+m < len(s) && s[k+m] == '`' {
			m++
		}
		if m == n {
			return k + m
		}
		j = k + m
	}
	return i + n
}

// mentionAt reads the mention that starts with the "[[" at i: its name
// and where reading goes on. ok is false when there is none: no "]]" on
// the same line, a bracket or a backquote inside, an empty or too long
// name.
func mentionAt(s string, i int) (m Mention, next int, ok bool) {
	body := s[i+2:]
	// A name is short: the closing brackets are looked for near.
	window := body[:min(len(body), 4*maxMentionName+8)]
	end := strings.Index(window, "]]")
	if end < 0 {
		return m, i + 2, false
	}
	name := body[:end]
	if k := strings.IndexAny(name, "[]`\n"); k >= 0 {
		if name[k] == '[' {
			// "[[[name]]" or "[[a [[b]]": a mention may start further on.
			return m, i + 1, false
		}
		// A line break or code inside: no mention.
		return m, i + 2 + k, false
	}
	next = i + 2 + end + 2
	name = strings.TrimSpace(name)
	switch {
	case strings.HasPrefix(name, "!"):
		m.Kind, name = MentionPicture, name[1:]
	case strings.HasPrefix(name, "?"):
		m.Kind, name = MentionRulings, name[1:]
	case strings.HasPrefix(name, "#"):
		name = name[1:]
	}
	if k := strings.IndexByte(name, '|'); k >= 0 {
		name = name[:k]
	}
	name = strings.TrimSpace(name)
	if name == "" || !utf8.ValidString(name) || utf8.RuneCountInString(name) > maxMentionName {
		return m, next, false
	}
	m.Name = name
	return m, next, true
}
