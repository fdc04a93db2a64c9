package main

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"arbiter/i18n"
	"arbiter/kb"
)

// Discord's message limits, in characters.
const (
	maxContent     = 2000
	maxEmbedTitle  = 256
	maxEmbedDesc   = 4096
	maxFieldName   = 256
	maxFieldValue  = 1024
	maxFooter      = 2048
	maxEmbedTotal  = 6000
	maxFields      = 25
	maxEmbeds      = 10
	maxCustomID    = 100
	maxChoices     = 25
	maxChoiceName  = 100
	maxChoiceValue = 100
	maxButtonLabel = 80
	maxButtonsRow  = 5
	maxRows        = 5
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

// discordSnippet renders a snippet with the index's highlight marks as
// bold, after escaping the text; adjacent marked spans are merged.
func discordSnippet(snippet, text string, n int) string {
	if snippet == "" {
		return escapeText(clip(text, n))
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
	return clip(b.String(), n)
}

// clipEscaped clips an escaped string without leaving a dangling
// backslash at the cut.
func clipEscaped(s string, n int) string {
	out := clip(s, n)
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

// fitLimits clips every part of r to Discord's limits: lengths, counts, and
// the 6,000 characters all embeds of a message may hold together.
func fitLimits(r Response) Response {
	r.Content = clipEscaped(r.Content, maxContent)
	r.Embeds = r.Embeds[:min(len(r.Embeds), maxEmbeds)]
	total := 0
	var kept []Embed
	for _, e := range r.Embeds {
		e.Title = clipEscaped(e.Title, maxEmbedTitle)
		e.Description = clipEscaped(e.Description, maxEmbedDesc)
		e.Footer = clip(e.Footer, maxFooter)
		// Copies: the input may be a cached reply that others read.
		e.Fields = append([]Field(nil), e.Fields[:min(len(e.Fields), maxFields)]...)
		for i := range e.Fields {
			e.Fields[i].Name = clipEscaped(e.Fields[i].Name, maxFieldName)
			e.Fields[i].Value = clipEscaped(e.Fields[i].Value, maxFieldValue)
			if strings.TrimSpace(e.Fields[i].Name) == "" {
				e.Fields[i].Name = "\u200b"
			}
			if strings.TrimSpace(e.Fields[i].Value) == "" {
				e.Fields[i].Value = "\u200b"
			}
		}
		room := maxEmbedTotal - total
		if embedSize(e) > room {
			if len(kept) > 0 && room < 400 {
				break
			}
			e = shrinkEmbed(e, room)
		}
		size := embedSize(e)
		total += size
		kept = append(kept, e)
	}
	r.Embeds = kept
	if len(r.Buttons) > maxRows {
		r.Buttons = r.Buttons[:maxRows]
	}
	var rows [][]Button
	for _, row := range r.Buttons {
		if len(row) == 0 {
			continue
		}
		row = append([]Button(nil), row[:min(len(row), maxButtonsRow)]...)
		for i := range row {
			row[i].Label = clip(row[i].Label, maxButtonLabel)
		}
		rows = append(rows, row)
	}
	r.Buttons = rows
	r.Choices = append([]Choice(nil), r.Choices[:min(len(r.Choices), maxChoices)]...)
	for i := range r.Choices {
		r.Choices[i].Name = clip(r.Choices[i].Name, maxChoiceName)
	}
	return r
}

// shrinkEmbed makes e fit in room characters: fields go first (from the
// last), then the description, the footer and the title are clipped.
func shrinkEmbed(e Embed, room int) Embed {
	for len(e.Fields) > 0 && embedSize(e) > room {
		e.Fields = e.Fields[:len(e.Fields)-1]
	}
	if over := embedSize(e) - room; over > 0 {
		e.Description = clipEscaped(e.Description, max(runes(e.Description)-over, 0))
	}
	if over := embedSize(e) - room; over > 0 {
		e.Footer = clip(e.Footer, max(runes(e.Footer)-over, 0))
	}
	if over := embedSize(e) - room; over > 0 {
		e.Title = clipEscaped(e.Title, max(runes(e.Title)-over, 0))
	}
	return e
}

func runes(s string) int { return utf8.RuneCountInString(s) }

// embedSize counts an embed's characters as Discord does for the 6,000 limit.
func embedSize(e Embed) int {
	n := runes(e.Title) + runes(e.Description) + runes(e.Footer)
	for _, f := range e.Fields {
		n += runes(f.Name) + runes(f.Value)
	}
	return n
}

// replyState is what a button needs to render a reply again: the command,
// the language, the page and the argument (question, rule number, card
// name, preset). It travels in the button's custom_id, so replies stay
// stateless across replicas and restarts.
type replyState struct {
	Action byte // actPage, actShare, actOriginal, actPlay
	Cmd    string
	Lang   i18n.Lang
	Page   int
	Arg    string
}

// Button actions.
const (
	actPage     = 'p' // render Cmd at Page in Lang (pagination, language flip)
	actShare    = 's' // post the reply publicly
	actOriginal = 'o' // show the original of the translated document Arg
	actPlay     = 'x' // run the preset Arg
)

// encode writes the state as "p:ruling:fr:2:question". An argument that
// does not fit in the 100 characters of a custom_id is left out: the reply
// keeps it in its first embed's footer, where the click finds it.
func (s replyState) encode() string {
	head := fmt.Sprintf("%c:%s:%s:%d:", s.Action, s.Cmd, s.Lang, s.Page)
	if runes(head)+runes(s.Arg) > maxCustomID {
		return head
	}
	return head + s.Arg
}

// decodeState reads a custom_id written by encode.
func decodeState(id string) (replyState, error) {
	parts := strings.SplitN(id, ":", 5)
	if len(parts) != 5 || len(parts[0]) != 1 {
		return replyState{}, userErr(i18n.KeyDiscordBadButton)
	}
	l, ok := i18n.ParseLang(parts[2])
	page, err := strconv.Atoi(parts[3])
	if !ok || err != nil || page < 0 || page > 1000 {
		return replyState{}, userErr(i18n.KeyDiscordBadButton)
	}
	switch parts[0][0] {
	case actPage, actShare, actOriginal, actPlay:
	default:
		return replyState{}, userErr(i18n.KeyDiscordBadButton)
	}
	return replyState{Action: parts[0][0], Cmd: parts[1], Lang: l, Page: page, Arg: parts[4]}, nil
}

// paginate splits lines into pages of at most size characters each (a
// longer line gets a page of its own, clipped).
func paginate(lines []string, size int) []string {
	var pages []string
	var cur strings.Builder
	for _, l := range lines {
		if cur.Len() > 0 && runes(cur.String())+runes(l)+1 > size {
			pages = append(pages, cur.String())
			cur.Reset()
		}
		if cur.Len() > 0 {
			cur.WriteByte('\n')
		}
		cur.WriteString(clipEscaped(l, size))
	}
	if cur.Len() > 0 {
		pages = append(pages, cur.String())
	}
	return pages
}

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

func dropRune(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20 || r >= 0x7f && r < 0xa0:
		return true
	case r == 0x200e || r == 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x061c:
		return true
	case r == utf8.RuneError:
		return true
	}
	return false
}

// footerText is a question as an embed footer keeps it for the buttons:
// footers show no markdown, so only mentions are broken (a zero-width
// space after each @), which footerArg undoes.
func footerText(q string) string { return strings.ReplaceAll(cleanText(q), "@", "@\u200b") }

// footerArg reads back a question kept by footerText.
func footerArg(f string) string { return strings.ReplaceAll(f, "@\u200b", "@") }

// clip cuts s to at most n characters, the ellipsis included.
func clip(s string, n int) string {
	if runes(s) <= n {
		return s
	}
	if n <= 1 {
		return string([]rune(s)[:max(n, 0)])
	}
	return strings.TrimSpace(string([]rune(s)[:n-1])) + "…"
}
