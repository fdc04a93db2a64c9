// Package discord is the bot's Discord transport, and the only package
// that knows discordgo: the HTTP interactions endpoint (Ed25519 signature,
// timestamp and replay checks, an inline answer or a deferred one
// completed by an edit), the gateway, the registration of the commands
// with their French and Japanese names, follow-ups and posts to a channel
// (the moderators' channel gets each new report there, with its buttons).
// It turns what Discord sends into a chat.Request and a chat.Response into
// what Discord reads; the chat package makes the replies.
package discord
