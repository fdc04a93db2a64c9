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
	KindModal                             // a modal's form submitted
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
	// CustomID is the clicked button's custom_id (component), or the
	// submitted modal's (modal; its text inputs are in Options, by their
	// custom_id).
	CustomID string
	// Values are the values of the options chosen in a select menu
	// (component).
	Values []string
	// Footer is the footer text of the clicked message's first embed, where
	// a reply keeps a question too long for a custom_id (component).
	Footer string
	// FromEphemeral is set when the clicked message was ephemeral.
	FromEphemeral bool
	// TargetText is the text of the message a message command targets.
	TargetText string
	// Attachments are files that came with the request: a command's
	// attachment options by option name, or the files of the clicked
	// message by file name (component). Their content is fetched only when
	// a reply needs it, through the router's Fetcher.
	Attachments map[string]Attachment

	Locale      string // the user's client language (Discord's "locale")
	GuildLocale string // the server's language, in servers
	UserID      string
	ChannelID   string
	GuildID     string
	// Permissions are the member's permissions in the channel (Discord's
	// bit set); zero outside servers.
	Permissions int64
	// Roles are the IDs of the member's roles in the server; none outside
	// servers.
	Roles []string

	// Lang is the reply language, set by the router before a reply is made.
	Lang i18n.Lang
}

// Attachment is a file sent with a request: where it is and what its
// sender's client says of it.
type Attachment struct {
	Filename    string
	URL         string
	Size        int // bytes
	ContentType string
}

// option returns a trimmed option value.
func (req Request) option(name string) string {
	return strings.TrimSpace(req.Options[name])
}

// Response is the reply to a Request.
type Response struct {
	Content string
	Embeds  []Embed
	// Menus are select menus, each a row of its own, above the buttons.
	Menus     []Select
	Buttons   [][]Button // rows of buttons
	Choices   []Choice   // autocomplete
	Ephemeral bool
	// Update replaces the clicked message instead of sending a new one.
	Update bool
	// Files are uploaded with the message; an embed shows one as its
	// image with "attachment://" and its name.
	Files []File
	// Modal, when set, opens a form instead of replying with a message.
	Modal *Modal
	// Outcome is how the interaction ended, for metrics: "ok", "error" or
	// "rate_limited". It is not sent.
	Outcome string

	// cites are the IDs of the documents an answer cites (with the
	// originals of translations); first those its first citation cites,
	// for the "reported and corrected" line.
	cites, first []string
}

// Embed is a rich block of a reply.
type Embed struct {
	Title       string
	URL         string
	Description string
	Fields      []Field
	Footer      string
	Color       int
	// Image is the URL of the embed's picture: "attachment://board-1.png"
	// for one of the reply's Files.
	Image string
}

// File is a file a reply uploads.
type File struct {
	Name        string
	ContentType string
	Data        []byte `json:"-"`
	Size        int    // len(Data), for what a reply is shown as
}

// Modal is a form: a title and text inputs. Its submission comes back
// as a modal Request with its CustomID.
type Modal struct {
	CustomID string
	Title    string
	Inputs   []TextInput
}

// TextInput is a text field of a modal.
type TextInput struct {
	CustomID    string
	Label       string
	Placeholder string
	Paragraph   bool   // several lines
	Value       string // filled in beforehand
	Required    bool
	MinLength   int
	MaxLength   int
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
// Request with its CustomID; a button with a URL is a link instead, and
// sends nothing back.
type Button struct {
	Label    string
	CustomID string
	URL      string
	Style    ButtonStyle
	Disabled bool
}

// Select is a select menu: the option chosen comes back as a component
// Request with the menu's CustomID and the option's Value in Values.
type Select struct {
	CustomID    string
	Placeholder string
	Options     []SelectOption
}

// SelectOption is one option of a select menu.
type SelectOption struct {
	Label, Value, Description string
}

// Choice is one autocomplete suggestion.
type Choice struct {
	Name, Value string
}
