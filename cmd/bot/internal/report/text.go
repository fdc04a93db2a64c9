package report

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"arbiter/i18n"
)

// mentionRE matches what Discord turns into a mention or a ping: a user
// (<@id>, <@!id>), a role (<@&id>), a channel (<#id>), a slash command
// (</name:id>), @everyone and @here; with the spaces before it, so that
// "see <@1>." becomes "see.".
var mentionRE = regexp.MustCompile(`(?i)[ \t]*(?:<@[!&]?\d*>|<#\d*>|</[^<>\s]*:\d*>|@everyone|@here)`)

// Clean returns what a user typed into a report, fit to keep and to show
// anywhere: control characters and invisible marks dropped (a tab is a
// space; newlines are kept when multiline, else they are spaces too),
// mentions removed, runs of spaces made one, blank lines at most one in a
// row, the ends trimmed. It never cuts: the caller refuses what is too
// long (see Runes).
func Clean(s string, multiline bool) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\u2028' || r == '\u2029':
			if multiline {
				return '\n'
			}
			return ' '
		case r == '\t':
			return ' '
		case Invisible(r):
			return -1
		}
		return r
	}, s)
	// Removing one mention may join the halves of another:
	// "@every@everyoneone".
	for {
		t := mentionRE.ReplaceAllString(s, "")
		if t == s {
			break
		}
		s = t
	}
	lines := strings.Split(s, "\n")
	out := lines[:0]
	blank := 0
	for _, l := range lines {
		l = strings.Join(strings.Fields(l), " ")
		if l == "" {
			blank++
			if blank > 1 {
				continue
			}
		} else {
			blank = 0
		}
		out = append(out, l)
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}

// Invisible tells the characters no text from a user keeps: control
// characters, the marks that reorder the display or hide between letters,
// the byte-order mark and invalid UTF-8.
func Invisible(r rune) bool {
	switch {
	case r < 0x20 || r >= 0x7f && r < 0xa0:
		return true
	case r >= 0x200b && r <= 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2060 && r <= 0x2069:
		return true
	case r == 0xfeff || r == 0x061c || r == utf8.RuneError:
		return true
	}
	return false
}

// Runes counts the characters of s, as the limits count them.
func Runes(s string) int { return utf8.RuneCountInString(s) }

// QuestionKey is the key that finds the reports of a question asked
// again: NFKC, width and case folded, white space collapsed, and the
// punctuation around it dropped ("Can an Aura phase out ?" and "can an
// aura phase out" are one question).
func QuestionKey(q string) string {
	k := i18n.NormalizeKey(Clean(q, false))
	return strings.TrimFunc(k, func(r rune) bool { return strings.ContainsRune(" ?!.。？！…:;,、", r) })
}
