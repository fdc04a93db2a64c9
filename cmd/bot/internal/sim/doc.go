// Package sim plays the scenarios people give the bot, wherever they give
// them: a preset by name, or a scenario of their own (a file, a paste, a
// Discord attachment, a shared link). It parses them with the real cards
// of the knowledge base (Cards, an engine.Cards over kb.CardData), bounds
// what a user's scenario may ask (Limits), names real cards in every
// language (Localize) and packs a scenario into the code a link carries
// (Encode, Decode). It does no I/O of its own.
package sim
