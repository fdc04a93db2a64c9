// Package render says how the bot's answers read for people, in every
// medium alike: the command line, the chat replies and the web pages. It
// turns index documents into citations (their heading, snippet and link),
// a search result into an answer, a simulation run into its trace, a
// release diff into its summary and an error into a localized message.
// It knows no transport: what it returns is text and plain values.
package render
