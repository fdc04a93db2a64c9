package chat

import (
	"regexp"
	"strings"

	"arbiter/kb"
)

// markdownEscaper escapes Discord markdown that works anywhere in a line.
var markdownEscaper = strings.NewReplacer(
	`\`, `\\`, `*`, `\*`, `_`, `\_`, `~`, `\~`, "`", "\\`", `|`, `\|`,
	`[`, `\[`, `]`, `\]`, `<`, `\<`, `>`, `\>`,
	// A zero-width space after @ keeps @everyone, @here and <@id> from
	// reading as mentions even where allowed_mentions would not apply.
	"@", "@\u200b",
)

// escapeText escapes user or source text for a Discord message: markdown
// and mentions. Markers that only work at the start of a line (headings,
// lists) are escaped there only, so hyphens and parentheses inside the
// official texts stay as written.
func escapeText(s string) string {
	s = markdownEscaper.Replace(cleanText(s))
	if !strings.ContainsAny(s, "-#") {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		t := strings.TrimLeft(l, " \t")
		if strings.HasPrefix(t, "-") || strings.HasPrefix(t, "#") {
			lines[i] = l[:len(l)-len(t)] + `\` + t
		}
	}
	return strings.Join(lines, "\n")
}

// boldSnippet renders a snippet with the index's highlight marks as
// bold, after escaping the text; adjacent marked spans are merged.
func boldSnippet(snippet, text string, n int) string {
	if snippet == "" {
		return escapeText(Clip(text, n))
	}
	snippet = strings.ReplaceAll(snippet, kb.MarkEnd+kb.MarkStart, "")
	var b strings.Builder
	for snippet != "" {
		i := strings.Index(snippet, kb.MarkStart)
		if i < 0 {
			b.WriteString(escapeText(strings.ReplaceAll(snippet, kb.MarkEnd, "")))
			break
		}
		b.WriteString(escapeText(strings.ReplaceAll(snippet[:i], kb.MarkEnd, "")))
		snippet = snippet[i+len(kb.MarkStart):]
		j := strings.Index(snippet, kb.MarkEnd)
		if j < 0 {
			j = len(snippet)
		}
		if w := strings.TrimSpace(snippet[:j]); w != "" {
			b.WriteString("**" + escapeText(snippet[:j]) + "**")
		}
		snippet = snippet[min(j+len(kb.MarkEnd), len(snippet)):]
	}
	return Clip(b.String(), n)
}

// clipEscaped clips an escaped string without leaving a dangling
// backslash at the cut.
func clipEscaped(s string, n int) string {
	out := Clip(s, n)
	if out == s {
		return s
	}
	body := strings.TrimSuffix(out, "…")
	// An odd run of backslashes at the cut would escape the ellipsis.
	trail := len(body) - len(strings.TrimRight(body, `\`))
	if trail%2 == 1 {
		body = body[:len(body)-1]
	}
	return body + "…"
}

// unescaper undoes escapeText's backslashes.
var unescaper = regexp.MustCompile(`\\([\\*_~` + "`" + `|>#\[\]\-<])`)

// Unescape undoes escapeText, for a terminal: the markdown escapes and the
// zero-width spaces that break mentions.
func Unescape(s string) string {
	return strings.ReplaceAll(unescaper.ReplaceAllString(s, "$1"), "\u200b", "")
}

// escapable are the characters escapeText puts a backslash before.
const escapable = "\\*_~`|>#[]-<"

// Plain turns a message's Discord markdown into the plain text of a
// terminal: the escapes of escapeText undone; the markers of bold (**),
// italics (*), underline (__), strikethrough (~~) and spoilers (||)
// dropped; code kept as written, `x` with its backquotes (as the
// terminal's own messages quote commands and IDs), a ```block``` without
// its fences; the zero-width spaces that break mentions removed. A marker
// with a backslash before it is text, and stays.
func Plain(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && strings.IndexByte(escapable, s[i+1]) >= 0:
			b.WriteByte(s[i+1])
			i += 2
		case strings.HasPrefix(s[i:], "```"):
			body, rest, ok := strings.Cut(s[i+3:], "```")
			if !ok {
				b.WriteString(s[i:])
				i = len(s)
				continue
			}
			// The first line of a block may name its language.
			if first, after, multi := strings.Cut(body, "\n"); multi && !strings.ContainsAny(first, " \t") {
				body = after
			}
			b.WriteString(body)
			i = len(s) - len(rest)
		case c == '`':
			body, rest, ok := strings.Cut(s[i+1:], "`")
			if !ok {
				b.WriteByte(c)
				i++
				continue
			}
			b.WriteString("`" + body + "`")
			i = len(s) - len(rest)
		case strings.HasPrefix(s[i:], "**"), strings.HasPrefix(s[i:], "__"), strings.HasPrefix(s[i:], "~~"), strings.HasPrefix(s[i:], "||"):
			i += 2
		case c == '*':
			i++
		default:
			b.WriteByte(c)
			i++
		}
	}
	return strings.ReplaceAll(b.String(), "\u200b", "")
}
