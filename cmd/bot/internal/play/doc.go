// Package play is the sandbox where a question's situation is played out
// one move at a time: "Play it out" on Discord, on the web page /sim/play
// and in bot console.
//
// Guess reads a question (its text, its language and the cards the
// knowledge base finds in it) into a Setup: the cards named, on the
// battlefield or in hand, whose each is, the turn and step the words fit,
// each guess with its reason. Setup.Text writes it as a board's text: a
// scenario of the engine's format whose hand lists the spells the players
// hold, and whose log line holds the moves made (source.go). Load reads a
// board's text into a Game and plays its log again; Game.Legal lists the
// moves that may be made (engine.Legal), Game.Play makes one, refused
// with its rule when the rules forbid it (engine.Allowed), Game.Undo
// takes the last back. A game is its text alone: a message, a link or a
// console line carries it, and nothing is kept on a server.
//
// The log is a list of tokens (log.go), each a move by the ids of the
// board; text.go says the guesses, the moves and the refusals in the
// reader's language, and splits the moves offered into select menus.
package play
