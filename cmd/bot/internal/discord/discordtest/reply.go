package discordtest

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"arbiter/cmd/bot/internal/chat"
)

// Types of interaction response, as Discord numbers them.
const (
	TypePong            = int(discordgo.InteractionResponsePong)
	TypeMessage         = int(discordgo.InteractionResponseChannelMessageWithSource)
	TypeDeferredMessage = int(discordgo.InteractionResponseDeferredChannelMessageWithSource)
	TypeDeferredUpdate  = int(discordgo.InteractionResponseDeferredMessageUpdate)
	TypeUpdate          = int(discordgo.InteractionResponseUpdateMessage)
	TypeAutocomplete    = int(discordgo.InteractionApplicationCommandAutocompleteResult)
	TypeModal           = int(discordgo.InteractionResponseModal)
)

// FlagEphemeral is the flag of a message for its user alone.
const FlagEphemeral = int(discordgo.MessageFlagsEphemeral)

// Decode decodes an interaction response, and gives its raw JSON too.
func Decode(t testing.TB, body []byte) (discordgo.InteractionResponse, map[string]any) {
	t.Helper()
	var resp discordgo.InteractionResponse
	var raw map[string]any
	if err := json.Unmarshal(body, &raw); err != nil {
		t.Fatalf("reply is not JSON: %v\n%s", err, body)
	}
	// InteractionResponseData holds components as an interface; decode by hand.
	var shape struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data *struct {
			Content string                                      `json:"content"`
			Embeds  []*discordgo.MessageEmbed                   `json:"embeds"`
			Flags   discordgo.MessageFlags                      `json:"flags"`
			Choices []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &shape); err != nil {
		t.Fatalf("reply: %v\n%s", err, body)
	}
	resp.Type = shape.Type
	if shape.Data != nil {
		resp.Data = &discordgo.InteractionResponseData{Content: shape.Data.Content, Embeds: shape.Data.Embeds, Flags: shape.Data.Flags, Choices: shape.Data.Choices}
	}
	return resp, raw
}

// TypeOf is the type of an interaction response body (0 when it has none).
func TypeOf(body []byte) int {
	var head struct {
		Type int `json:"type"`
	}
	json.Unmarshal(body, &head)
	return head.Type
}

// Text joins the visible text of a reply: content, embeds and choices.
func Text(r discordgo.InteractionResponse) string {
	if r.Data == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(r.Data.Content + "\n")
	for _, e := range r.Data.Embeds {
		b.WriteString(e.Title + "\n" + e.Description + "\n")
		for _, f := range e.Fields {
			b.WriteString(f.Name + "\n" + f.Value + "\n")
		}
		if e.Footer != nil {
			b.WriteString(e.Footer.Text + "\n")
		}
	}
	for _, c := range r.Data.Choices {
		b.WriteString(c.Name + "\t" + c.Value.(string) + "\n")
	}
	return b.String()
}

// ButtonIDs lists the custom_ids of a raw reply's buttons.
func ButtonIDs(raw map[string]any) []string {
	var out []string
	d, _ := raw["data"].(map[string]any)
	rows, _ := d["components"].([]any)
	for _, row := range rows {
		m, _ := row.(map[string]any)
		comps, _ := m["components"].([]any)
		for _, c := range comps {
			b, _ := c.(map[string]any)
			if id, ok := b["custom_id"].(string); ok {
				out = append(out, id)
			}
		}
	}
	return out
}

// message is the part of a message the checks read.
type message struct {
	Content string `json:"content"`
	Embeds  []struct {
		Title       string `json:"title"`
		Description string `json:"description"`
		Fields      []struct {
			Name  string `json:"name"`
			Value string `json:"value"`
		} `json:"fields"`
		Footer *struct {
			Text string `json:"text"`
		} `json:"footer"`
	} `json:"embeds"`
	Components []struct {
		Components []struct {
			Type     int    `json:"type"`
			CustomID string `json:"custom_id"`
			Label    string `json:"label"`
			Style    int    `json:"style"`
			URL      string `json:"url"`
			// Select menus.
			Placeholder string `json:"placeholder"`
			Options     []struct {
				Label       string `json:"label"`
				Value       string `json:"value"`
				Description string `json:"description"`
			} `json:"options"`
		} `json:"components"`
	} `json:"components"`
	Choices []struct {
		Name  string `json:"name"`
		Value any    `json:"value"`
	} `json:"choices"`
	AllowedMentions *struct {
		Parse []string `json:"parse"`
	} `json:"allowed_mentions"`
	// Modals.
	CustomID string `json:"custom_id"`
	Title    string `json:"title"`
}

// Check returns what is wrong with an interaction response body, or ""
// when it is well-formed and within Discord's limits, with
// allowed_mentions {parse: []} on every message and custom_ids that differ.
func Check(b []byte) string {
	var resp struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data *message                          `json:"data"`
	}
	if err := json.Unmarshal(b, &resp); err != nil {
		return "reply is not JSON: " + err.Error()
	}
	if !utf8.Valid(b) {
		return "reply is not UTF-8"
	}
	runes := utf8.RuneCountInString
	switch resp.Type {
	case discordgo.InteractionResponsePong, discordgo.InteractionResponseDeferredChannelMessageWithSource,
		discordgo.InteractionResponseDeferredMessageUpdate:
		return ""
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		if resp.Data == nil {
			return "autocomplete without data"
		}
		if len(resp.Data.Choices) > chat.MaxChoices {
			return "too many choices"
		}
		for _, c := range resp.Data.Choices {
			v, _ := c.Value.(string)
			if n := runes(c.Name); n == 0 || n > chat.MaxChoiceName || runes(v) > chat.MaxChoiceValue {
				return "choice out of limits: " + c.Name
			}
		}
		return ""
	case discordgo.InteractionResponseModal:
		if resp.Data == nil || resp.Data.CustomID == "" || runes(resp.Data.CustomID) > chat.MaxCustomID {
			return "modal without a custom_id"
		}
		if n := runes(resp.Data.Title); n == 0 || n > 45 {
			return "modal title out of limits"
		}
		if n := len(resp.Data.Components); n == 0 || n > 5 {
			return "modal without inputs"
		}
		return ""
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseUpdateMessage:
	default:
		return "unexpected response type"
	}
	if resp.Data == nil {
		return "message without data"
	}
	return checkMessage(*resp.Data)
}

// Components Discord knows: a button's type is 2, a string select
// menu's 3; a link button has style 5 and a URL of at most 512
// characters.
const (
	selectMenu = 3
	linkStyle  = 5
	maxLinkURL = 512
)

// checkSelect checks a select menu: alone in its row, 1 to 25 options
// whose labels, values and descriptions hold at most 100 characters,
// values unique, a placeholder of at most 150.
func checkSelect(placeholder string, inRow int, opts []struct {
	Label       string `json:"label"`
	Value       string `json:"value"`
	Description string `json:"description"`
}) string {
	runes := utf8.RuneCountInString
	if inRow != 1 {
		return "a select menu shares its row"
	}
	if len(opts) == 0 || len(opts) > chat.MaxOptions || runes(placeholder) > chat.MaxPlaceholder {
		return "select menu out of limits"
	}
	values := map[string]bool{}
	for _, o := range opts {
		if n := runes(o.Label); n == 0 || n > chat.MaxOptionText || runes(o.Description) > chat.MaxOptionText {
			return "select option out of limits: " + o.Label
		}
		if n := runes(o.Value); n == 0 || n > chat.MaxOptionText {
			return "select value out of limits: " + o.Value
		}
		if values[o.Value] {
			return "two options with the value " + o.Value
		}
		values[o.Value] = true
	}
	return ""
}

// CheckMessage returns what is wrong with a message Discord is sent by
// REST (the payload_json of an edit or a follow-up), or "" when it is
// well-formed and within Discord's limits.
func CheckMessage(b []byte) string {
	var m message
	if err := json.Unmarshal(b, &m); err != nil {
		return "message is not JSON: " + err.Error()
	}
	if !utf8.Valid(b) {
		return "message is not UTF-8"
	}
	return checkMessage(m)
}

// checkMessage checks a message's limits, mentions and custom_ids.
func checkMessage(d message) string {
	runes := utf8.RuneCountInString
	if d.Content == "" && len(d.Embeds) == 0 {
		return "empty message"
	}
	if d.AllowedMentions == nil || d.AllowedMentions.Parse == nil || len(d.AllowedMentions.Parse) != 0 {
		return "allowed_mentions must be {parse: []}"
	}
	if runes(d.Content) > chat.MaxContent || len(d.Embeds) > chat.MaxEmbeds || len(d.Components) > chat.MaxRows {
		return "message out of limits"
	}
	total := 0
	for _, e := range d.Embeds {
		if runes(e.Title) > chat.MaxEmbedTitle || runes(e.Description) > chat.MaxEmbedDesc || len(e.Fields) > chat.MaxFields {
			return "embed out of limits"
		}
		total += runes(e.Title) + runes(e.Description)
		for _, f := range e.Fields {
			if runes(f.Name) > chat.MaxFieldName || runes(f.Value) > chat.MaxFieldValue {
				return "embed field out of limits"
			}
			total += runes(f.Name) + runes(f.Value)
		}
		if e.Footer != nil {
			if runes(e.Footer.Text) > chat.MaxFooter {
				return "footer out of limits"
			}
			total += runes(e.Footer.Text)
		}
	}
	if total > chat.MaxEmbedTotal {
		return "embeds over 6000 characters"
	}
	ids := map[string]bool{}
	for _, row := range d.Components {
		if len(row.Components) > chat.MaxButtonsRow {
			return "too many buttons in a row"
		}
		for _, c := range row.Components {
			switch {
			case c.Type == selectMenu:
				if why := checkSelect(c.Placeholder, len(row.Components), c.Options); why != "" {
					return why
				}
			case c.Type == 2 && c.Style == linkStyle:
				if c.URL == "" || len(c.URL) > maxLinkURL || c.CustomID != "" || runes(c.Label) > chat.MaxButtonLabel {
					return "link button out of limits"
				}
				continue
			case c.Type != 2:
				return "unexpected component type"
			}
			if c.CustomID == "" || runes(c.CustomID) > chat.MaxCustomID || runes(c.Label) > chat.MaxButtonLabel {
				return "button out of limits"
			}
			if ids[c.CustomID] {
				return "two components with the custom_id " + c.CustomID
			}
			ids[c.CustomID] = true
		}
	}
	return ""
}
