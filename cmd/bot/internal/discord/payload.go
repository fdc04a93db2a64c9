package discord

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"arbiter/cmd/bot/internal/chat"
)

// toFollowup is a reply sent as a follow-up message.
func toFollowup(r chat.Response) *discordgo.WebhookParams {
	w := &discordgo.WebhookParams{Content: r.Content, Embeds: toEmbeds(r.Embeds), Components: toComponents(r.Menus, r.Buttons), AllowedMentions: noMentions()}
	if r.Ephemeral {
		w.Flags = discordgo.MessageFlagsEphemeral
	}
	return w
}

// requestOf turns a Discord interaction into a router chat.Request.
func requestOf(in *discordgo.Interaction) (chat.Request, bool) {
	req := chat.Request{
		Locale: string(in.Locale), ChannelID: in.ChannelID, GuildID: in.GuildID, Options: map[string]string{},
	}
	if in.GuildLocale != nil {
		req.GuildLocale = string(*in.GuildLocale)
	}
	switch {
	case in.Member != nil && in.Member.User != nil:
		req.UserID = in.Member.User.ID
		req.Permissions = in.Member.Permissions
		req.Roles = in.Member.Roles
	case in.User != nil:
		req.UserID = in.User.ID
	}
	switch in.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		data, ok := in.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok {
			return req, false
		}
		req.Command = data.Name
		req.Kind = chat.KindCommand
		if in.Type == discordgo.InteractionApplicationCommandAutocomplete {
			req.Kind = chat.KindAutocomplete
		}
		if data.CommandType == discordgo.MessageApplicationCommand {
			req.Kind = chat.KindMessageCommand
			if data.Resolved != nil {
				if m := data.Resolved.Messages[data.TargetID]; m != nil {
					req.TargetText = m.Content
				}
			}
		}
		for _, o := range data.Options {
			if o == nil {
				continue
			}
			if o.Type == discordgo.ApplicationCommandOptionAttachment {
				if a, ok := resolvedAttachment(data.Resolved, optionString(o.Value)); ok {
					if req.Attachments == nil {
						req.Attachments = map[string]chat.Attachment{}
					}
					req.Attachments[o.Name] = a
				}
				continue
			}
			req.Options[o.Name] = optionString(o.Value)
			if o.Focused {
				req.Focused = o.Name
			}
		}
		return req, true
	case discordgo.InteractionMessageComponent:
		data, ok := in.Data.(discordgo.MessageComponentInteractionData)
		if !ok {
			return req, false
		}
		req.Kind = chat.KindComponent
		req.CustomID = data.CustomID
		req.Values = data.Values
		if in.Message != nil {
			req.FromEphemeral = in.Message.Flags&discordgo.MessageFlagsEphemeral != 0
			if len(in.Message.Embeds) > 0 && in.Message.Embeds[0] != nil && in.Message.Embeds[0].Footer != nil {
				req.Footer = in.Message.Embeds[0].Footer.Text
			}
			for _, a := range in.Message.Attachments {
				if a == nil || a.Filename == "" {
					continue
				}
				if req.Attachments == nil {
					req.Attachments = map[string]chat.Attachment{}
				}
				req.Attachments[a.Filename] = attachmentOf(a)
			}
		}
		return req, true
	case discordgo.InteractionModalSubmit:
		data, ok := in.Data.(discordgo.ModalSubmitInteractionData)
		if !ok {
			return req, false
		}
		req.Kind = chat.KindModal
		req.CustomID = data.CustomID
		// "m:report:en:0:question" is a form of report.
		if _, rest, ok := strings.Cut(data.CustomID, ":"); ok {
			req.Command, _, _ = strings.Cut(rest, ":")
		}
		// A form opened by a button comes with the button's message, whose
		// footer may hold a question too long for the form's custom_id.
		if in.Message != nil {
			req.FromEphemeral = in.Message.Flags&discordgo.MessageFlagsEphemeral != 0
			if len(in.Message.Embeds) > 0 && in.Message.Embeds[0] != nil && in.Message.Embeds[0].Footer != nil {
				req.Footer = in.Message.Embeds[0].Footer.Text
			}
		}
		for _, row := range data.Components {
			ar, ok := row.(*discordgo.ActionsRow)
			if !ok {
				continue
			}
			for _, c := range ar.Components {
				if ti, ok := c.(*discordgo.TextInput); ok {
					req.Options[ti.CustomID] = ti.Value
				}
			}
		}
		return req, true
	}
	return req, false
}

// resolvedAttachment is the attachment an attachment option names, among
// the interaction's resolved data.
func resolvedAttachment(r *discordgo.ApplicationCommandInteractionDataResolved, id string) (chat.Attachment, bool) {
	if r == nil || r.Attachments == nil {
		return chat.Attachment{}, false
	}
	a := r.Attachments[id]
	if a == nil {
		return chat.Attachment{}, false
	}
	return attachmentOf(a), true
}

// attachmentOf is what a request says of a file Discord holds.
func attachmentOf(a *discordgo.MessageAttachment) chat.Attachment {
	return chat.Attachment{Filename: a.Filename, URL: a.URL, Size: a.Size, ContentType: a.ContentType}
}

// optionString is an option's value as text.
func optionString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

// noMentions is the allowed_mentions of every message: nothing pings.
func noMentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}

// toDiscordResponse is the initial response to req.
func toDiscordResponse(req chat.Request, r chat.Response) *discordgo.InteractionResponse {
	if req.Kind == chat.KindAutocomplete {
		choices := make([]*discordgo.ApplicationCommandOptionChoice, 0, len(r.Choices))
		for _, c := range r.Choices {
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: c.Name, Value: c.Value})
		}
		return &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: choices}}
	}
	if r.Modal != nil {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: toModal(r.Modal)}
	}
	typ := discordgo.InteractionResponseChannelMessageWithSource
	// A form opened by a button may update the button's message too.
	if r.Update && (req.Kind == chat.KindComponent || req.Kind == chat.KindModal) {
		typ = discordgo.InteractionResponseUpdateMessage
	}
	data := &discordgo.InteractionResponseData{
		Content: r.Content, Embeds: toEmbeds(r.Embeds), Components: toComponents(r.Menus, r.Buttons), AllowedMentions: noMentions(),
	}
	if r.Ephemeral {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	return &discordgo.InteractionResponse{Type: typ, Data: data}
}

// toWebhookEdit is the edit that completes a deferred response.
func toWebhookEdit(r chat.Response) *discordgo.WebhookEdit {
	content := r.Content
	embeds := toEmbeds(r.Embeds)
	comps := toComponents(r.Menus, r.Buttons)
	return &discordgo.WebhookEdit{Content: &content, Embeds: &embeds, Components: &comps, AllowedMentions: noMentions()}
}

// toEmbeds converts a reply's embeds.
func toEmbeds(es []chat.Embed) []*discordgo.MessageEmbed {
	out := make([]*discordgo.MessageEmbed, 0, len(es))
	for _, e := range es {
		me := &discordgo.MessageEmbed{Title: e.Title, URL: e.URL, Description: e.Description, Color: e.Color}
		if e.Footer != "" {
			me.Footer = &discordgo.MessageEmbedFooter{Text: e.Footer}
		}
		if e.Image != "" {
			me.Image = &discordgo.MessageEmbedImage{URL: e.Image}
		}
		for _, f := range e.Fields {
			me.Fields = append(me.Fields, &discordgo.MessageEmbedField{Name: f.Name, Value: f.Value, Inline: f.Inline})
		}
		out = append(out, me)
	}
	return out
}

// toComponents converts a reply's select menus, each in a row of its
// own, and its rows of buttons.
func toComponents(menus []chat.Select, rows [][]chat.Button) []discordgo.MessageComponent {
	out := make([]discordgo.MessageComponent, 0, len(menus)+len(rows))
	for _, m := range menus {
		sel := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: m.CustomID, Placeholder: m.Placeholder}
		for _, o := range m.Options {
			sel.Options = append(sel.Options, discordgo.SelectMenuOption{Label: o.Label, Value: o.Value, Description: o.Description})
		}
		out = append(out, discordgo.ActionsRow{Components: []discordgo.MessageComponent{sel}})
	}
	for _, row := range rows {
		var ar discordgo.ActionsRow
		for _, b := range row {
			if b.URL != "" {
				ar.Components = append(ar.Components, discordgo.Button{Label: b.Label, URL: b.URL, Style: discordgo.LinkButton, Disabled: b.Disabled})
				continue
			}
			style := discordgo.SecondaryButton
			switch b.Style {
			case chat.StylePrimary:
				style = discordgo.PrimaryButton
			case chat.StyleSuccess:
				style = discordgo.SuccessButton
			}
			ar.Components = append(ar.Components, discordgo.Button{Label: b.Label, CustomID: b.CustomID, Style: style, Disabled: b.Disabled})
		}
		out = append(out, ar)
	}
	return out
}

// toModal is a form as Discord shows it: each text input in a row of its
// own.
func toModal(m *chat.Modal) *discordgo.InteractionResponseData {
	d := &discordgo.InteractionResponseData{CustomID: m.CustomID, Title: m.Title}
	for _, in := range m.Inputs {
		style := discordgo.TextInputShort
		if in.Paragraph {
			style = discordgo.TextInputParagraph
		}
		d.Components = append(d.Components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.TextInput{CustomID: in.CustomID, Label: in.Label, Style: style, Placeholder: in.Placeholder,
				Value: in.Value, Required: in.Required, MinLength: in.MinLength, MaxLength: in.MaxLength},
		}})
	}
	return d
}

// messageWithFiles is a message that uploads files, in the JSON part
// (payload_json) of a multipart request: its attachments name the files
// of the request by their index, and are all the message keeps, so that a
// message updated in place shows only the new board.
type messageWithFiles struct {
	Content         string                            `json:"content"`
	Embeds          []*discordgo.MessageEmbed         `json:"embeds"`
	Components      []discordgo.MessageComponent      `json:"components"`
	Attachments     []attachmentRef                   `json:"attachments"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	Flags           discordgo.MessageFlags            `json:"flags,omitempty"`
}

// attachmentRef names a file of the request: id is its index in files[n].
type attachmentRef struct {
	ID       string `json:"id"`
	Filename string `json:"filename"`
}

// toMessageWithFiles is a reply with files, and the files to upload.
func toMessageWithFiles(r chat.Response) (messageWithFiles, []*discordgo.File) {
	m := messageWithFiles{Content: r.Content, Embeds: toEmbeds(r.Embeds), Components: toComponents(r.Menus, r.Buttons),
		Attachments: []attachmentRef{}, AllowedMentions: noMentions()}
	if r.Ephemeral {
		m.Flags = discordgo.MessageFlagsEphemeral
	}
	files := make([]*discordgo.File, 0, len(r.Files))
	for i, f := range r.Files {
		m.Attachments = append(m.Attachments, attachmentRef{ID: strconv.Itoa(i), Filename: f.Name})
		files = append(files, &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(f.Data)})
	}
	return m, files
}
