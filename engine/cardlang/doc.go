// Package cardlang is the card language: what a Magic card does, as
// data, and the compiler that writes it from Oracle text.
//
// A Card is a list of Abilities (113.3): keyword abilities, a spell's
// effects, additional costs, triggered abilities with their event and
// intervening "if", activated abilities with their cost and limits,
// static abilities and choices made as a permanent enters. What an
// ability does is a list of Effects, each an operation of the language
// (Ops) with typed arguments: references to objects and players (Ref:
// the card itself, targets, "all creatures you control", "it"), filters,
// amounts, power and toughness, durations, tokens, keywords, nested
// effects, modes and conditions. Replacement and prevention effects,
// delayed triggers, optional actions and modes are operations too, so
// one interpreter can run every card. Each operation, event and keyword
// says which rule it follows and what the game model must be able to do
// to run it (Capability); Card.Needs collects them for a card.
//
// Every card also has a text form, one line per ability, that reads
// back to the same card (Parse, Card.String):
//
//	card "Ravenous Chupacabra" {2}{B}{B} "Creature — Chupacabra"
//	  when enters(self): destroy(target(creature opponent_controls))
//
// The Compiler turns a card's Oracle text into the language by templates
// over the sentences Oracle text repeats ("Destroy target creature.",
// "When CARDNAME enters the battlefield, …"). A card compiles only when
// every sentence of its text is understood; otherwise Compile returns a
// *Refusal quoting the first sentence that was not. The compiler knows
// nothing a game model could not simulate as printed: coin flips,
// shuffles, copies, face-down cards and the like are left to refusal.
//
// docs/card-language.md documents the language, its text form, each
// construct with the capability it needs, and real cards compiled. The
// package imports nothing of the project and does no I/O.
package cardlang
