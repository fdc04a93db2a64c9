// Command bot is Arbiter: a rulings bot for card-game players and judges.
// It answers rules questions with citations from the command line, a
// console, Discord (gateway and HTTP interactions) and web pages.
//
// This package is the only wiring: it reads the flags and the environment,
// runs the command-line verbs, and builds the process of "bot serve" from
// the packages under internal/, each of which imports only those below it:
// render (how answers read), preset and board (simulations and their
// pictures), chat (the commands and their replies), discord and web (the
// media), and server (the process).
package main
