package chat

import "strings"

// Discord's message limits, in characters.
const (
	MaxContent     = 2000
	MaxEmbedTitle  = 256
	MaxEmbedDesc   = 4096
	MaxFieldName   = 256
	MaxFieldValue  = 1024
	MaxFooter      = 2048
	MaxEmbedTotal  = 6000
	MaxFields      = 25
	MaxEmbeds      = 10
	MaxCustomID    = 100
	MaxChoices     = 25
	MaxChoiceName  = 100
	MaxChoiceValue = 100
	MaxButtonLabel = 80
	MaxButtonsRow  = 5
	MaxRows        = 5
	MaxOptions     = 25  // options of a select menu
	MaxOptionText  = 100 // an option's label, value and description
	MaxPlaceholder = 150
)

// FitLimits clips every part of r to Discord's limits: lengths, counts, and
// the 6,000 characters all embeds of a message may hold together.
func FitLimits(r Response) Response {
	r.Content = clipEscaped(r.Content, MaxContent)
	r.Embeds = r.Embeds[:min(len(r.Embeds), MaxEmbeds)]
	total := 0
	var kept []Embed
	for _, e := range r.Embeds {
		e.Title = clipEscaped(e.Title, MaxEmbedTitle)
		e.Description = clipEscaped(e.Description, MaxEmbedDesc)
		e.Footer = Clip(e.Footer, MaxFooter)
		// Copies: the input may be a cached reply that others read.
		e.Fields = append([]Field(nil), e.Fields[:min(len(e.Fields), MaxFields)]...)
		for i := range e.Fields {
			e.Fields[i].Name = clipEscaped(e.Fields[i].Name, MaxFieldName)
			e.Fields[i].Value = clipEscaped(e.Fields[i].Value, MaxFieldValue)
			if strings.TrimSpace(e.Fields[i].Name) == "" {
				e.Fields[i].Name = "\u200b"
			}
			if strings.TrimSpace(e.Fields[i].Value) == "" {
				e.Fields[i].Value = "\u200b"
			}
		}
		room := MaxEmbedTotal - total
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
	r.Menus = append([]Select(nil), r.Menus[:min(len(r.Menus), MaxRows)]...)
	for i := range r.Menus {
		m := &r.Menus[i]
		m.Placeholder = Clip(m.Placeholder, MaxPlaceholder)
		m.Options = append([]SelectOption(nil), m.Options[:min(len(m.Options), MaxOptions)]...)
		for j := range m.Options {
			o := &m.Options[j]
			o.Label, o.Description = Clip(o.Label, MaxOptionText), Clip(o.Description, MaxOptionText)
		}
	}
	if len(r.Buttons) > MaxRows-len(r.Menus) {
		r.Buttons = r.Buttons[:MaxRows-len(r.Menus)]
	}
	var rows [][]Button
	for _, row := range r.Buttons {
		if len(row) == 0 {
			continue
		}
		row = append([]Button(nil), row[:min(len(row), MaxButtonsRow)]...)
		for i := range row {
			row[i].Label = Clip(row[i].Label, MaxButtonLabel)
		}
		rows = append(rows, row)
	}
	r.Buttons = rows
	r.Choices = append([]Choice(nil), r.Choices[:min(len(r.Choices), MaxChoices)]...)
	for i := range r.Choices {
		r.Choices[i].Name = Clip(r.Choices[i].Name, MaxChoiceName)
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
		e.Footer = Clip(e.Footer, max(runes(e.Footer)-over, 0))
	}
	if over := embedSize(e) - room; over > 0 {
		e.Title = clipEscaped(e.Title, max(runes(e.Title)-over, 0))
	}
	return e
}

// embedSize counts an embed's characters as Discord does for the 6,000 limit.
func embedSize(e Embed) int {
	n := runes(e.Title) + runes(e.Description) + runes(e.Footer)
	for _, f := range e.Fields {
		n += runes(f.Name) + runes(f.Value)
	}
	return n
}
