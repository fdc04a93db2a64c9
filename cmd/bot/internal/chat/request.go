package chat

import (
	"strings"

	"arbiter/i18n"
)

// RequestKind is what a Request asks for.
type RequestKind int

// Kinds of request.
const (
	KindCommand        RequestKind = iota // a slash command
	KindAutocomplete                      // the user is typing an option
	KindComponent                         // a button click
	KindMessageCommand                    // a message context command ("Find rulings")
)

// Request is one interaction, transport-neutral.
type Request struct {
	Kind RequestKind
	// Command is the command's default (English) name: "ruling", "Find rulings".
	Command string
	// Options holds the options as typed, by default name.
	Options map[string]string
	// Focused is the option being typed (autocomplete).
	Focused string
	// CustomID is the clicked button's custom_id (component).
	CustomID string
	// Footer is the footer text of the clicked message's first embed, where
	// a reply keeps a question too long for a custom_id (component).
	Footer string
	// FromEphemeral is set when the clicked message was ephemeral.
	FromEphemeral bool
	// TargetText is the text of the message a message command targets.
	TargetText string

	Locale      string // the user's client language (Discord's "locale")
	GuildLocale string // the server's language, in servers
	UserID      string
	ChannelID   string
	GuildID     string
	// Permissions are the member's permissions in the channel (Discord's
	// bit set); zero outside servers.
	Permissions int64

	// Lang is the reply language, set by the router before a reply is made.
	Lang i18n.Lang
}

// option returns a trimmed option value.
func (req Request) option(name string) string {
	return strings.TrimSpace(req.Options[name])
}

// Response is the reply to a Request.
type Response struct {
	Content   string
	Embeds    []Embed
	Buttons   [][]Button // rows of buttons
	Choices   []Choice   // autocomplete
	Ephemeral bool
	// Update replaces the clicked message instead of sending a new one.
	Update bool
	// Outcome is how the interaction ended, for metrics: "ok", "error" or
	// "rate_limited". It is not sent.
	Outcome string
}

// Embed is a rich block of a reply.
type Embed struct {
	Title       string
	URL         string
	Description string
	Fields      []Field
	Footer      string
	Color       int
}

// Field is a titled paragraph of an embed.
type Field struct {
	Name, Value string
	Inline      bool
}

// ButtonStyle is how a button looks.
type ButtonStyle int

// Button styles.
const (
	StylePrimary ButtonStyle = iota + 1
	StyleSecondary
	StyleSuccess
)

// Button is a clickable button whose click comes back as a component
// Request with its CustomID.
type Button struct {
	Label    string
	CustomID string
	Style    ButtonStyle
	Disabled bool
}

// Choice is one autocomplete suggestion.
type Choice struct {
	Name, Value string
}
