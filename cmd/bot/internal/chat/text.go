package chat

import (
	"strings"
	"unicode/utf8"

	"arbiter/cmd/bot/internal/report"
)

// runes counts the characters of s.
func runes(s string) int { return utf8.RuneCountInString(s) }

// cleanText drops what text from a user must never carry into a reply:
// control characters (but newlines and tabs) and the invisible marks that
// reorder the display (bidirectional overrides and isolates).
func cleanText(s string) string {
	clean := true
	for _, r := range s {
		if dropRune(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	return strings.Map(func(r rune) rune {
		if dropRune(r) {
			return -1
		}
		return r
	}, s)
}

// dropRune tells the characters cleanText drops: those report.Clean
// drops, but newlines and tabs.
func dropRune(r rune) bool {
	return r != '\n' && r != '\t' && report.Invisible(r)
}

// footerText is a question as an embed footer keeps it for the buttons:
// footers show no markdown, so only mentions are broken (a zero-width
// space after each @), which footerArg undoes.
func footerText(q string) string { return strings.ReplaceAll(cleanText(q), "@", "@\u200b") }

// footerArg reads back a question kept by footerText.
func footerArg(f string) string { return strings.ReplaceAll(f, "@\u200b", "@") }

// Clip cuts s to at most n characters, the ellipsis included.
func Clip(s string, n int) string {
	if runes(s) <= n {
		return s
	}
	if n <= 1 {
		return string([]rune(s)[:max(n, 0)])
	}
	return strings.TrimSpace(string([]rune(s)[:n-1])) + "…"
}
