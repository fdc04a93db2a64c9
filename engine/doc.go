// Package engine is a pure rules engine for the situations players ask
// about: Magic: The Gathering real cards run from their Oracle text compiled
// into the card language (engine/cardlang), with zones of objects, mana,
// tokens, replacement and prevention effects, layers, combat and the
// state-based actions, and Yu-Gi-Oh! phase-timed effects.
//
// State goes in, events come out: Apply takes a State and an Action and
// returns the next State and the Events it produced, each naming the rule it
// applies. Apply never changes the State it is given. The engine does no I/O,
// reads no clock and keeps no globals; the same scenario always yields the
// same trace. It imports nothing else of the project but engine/cardlang:
// real cards come in through a Cards lookup the caller gives.
//
// # Files
//
// apply.go dispatches actions; query.go finds permanents; layers.go derives
// control, abilities and P/T (613); sba.go performs state-based actions
// (704); phasing.go phases permanents out and in; stack.go casts, activates,
// triggers and resolves; targets.go says what may be targeted; combat.go
// declares attackers and blockers and deals combat damage; damage.go deals
// damage and changes life totals; effects.go starts and ends continuous
// effects; players.go draws, discards and has players leave; choices.go
// answers players' choices; turn.go walks the turn; keywords.go and cards.go
// hold the keywords and the real cards' characteristics; kinds.go names
// every event and action kind, and message.go gives each event's message
// key and values for the renderer (Event.Message).
//
// The interpreter of the card language: behavior.go compiles a card and
// says what of it the engine lacks (Lacks); lang.go expands keywords into
// the abilities they stand for; interp.go runs effects; refs.go evaluates
// references, filters, amounts and conditions; langtrig.go fires triggered
// abilities (looking back in time for leaves and dies, 603.10a); costs.go
// and mana.go pay costs from mana pools (601.2g–h, 106.4); tokens.go
// creates tokens (111); replace.go applies replacement, prevention and
// regeneration effects and the affected player's choice among several
// (614–616, 701.19); effects_lang.go starts continuous effects; copy.go
// copies (707.2); zones.go moves objects between zones as new objects with
// last-known information (400.7, 608.2h).
//
// # Scenarios
//
// ParseScenario reads the YAML scenario format (a starting situation,
// actions and expectations); ParseScenarioWith also takes a Cards lookup for
// the card key. Run plays a scenario and checks its expectations, recording
// one Frame per action with the State after it (RunWith with Options.NoFrames
// keeps no history, for long runs). Presets and LoadPreset give the scenarios
// embedded from presets/*.yaml; RunPreset loads and runs one, and a name that
// is no preset gives an error matching ErrUnknownPreset. Invalid input gives
// an *Error with a stable Code, the line in the source and the arguments of
// the message, never a panic; an action a rule forbids gives one whose Rule
// names that rule.
//
// # Extensions to the scenario format
//
// Besides everything scenario-format.md lists, its Additions included, a
// scenario may use:
//
//   - top level: life (starting life total; 20, or 8000 for ygo);
//   - start: hand and library ({player: n}): cards in hand (a cast then takes
//     one) and in the library (drawing from an empty one loses, 704.5b);
//   - permanents: zone (where it starts, default battlefield), phased_out,
//     phased_indirect and phased_out_under (a permanent already phased out),
//     triggers (conditions its triggered abilities watch: enters, leaves,
//     phases_in, phases_out, attached, unattached, becomes_tapped), choices
//     (made as it entered, e.g. {color: red} or {land_type: Island}) and
//     colors;
//   - effects: name (display name), kinds lose (keywords), cant_phase_out,
//     and the duration until_your_next_upkeep;
//   - actions: attach ({aura: host}), enter ([ids] put onto the battlefield),
//     untap, activate ({id, source, ability: n or equip, targets, x}), block
//     with blockers: [ids] (declared together, as menace needs), and cast may
//     carry types (instant or sorcery: timing, 307.1), colors, mode, x, and
//     effect: {kind, power, toughness, player, keywords, from, duration,
//     source}, a continuous effect created for each legal target as it
//     resolves, known by the spell's id; a cast of a permanent card (power
//     and toughness may be given beside it) enters the battlefield as it
//     resolves, under the spell's id;
//   - choose answers: pick ([ids] an effect has the player choose), mode,
//     pay (true or false) and type, besides keep, order, x and targets;
//     divide ({blocker: n, ..., player: n}: how an attacker's combat damage
//     is divided, 510.1c, the player only with trample, 702.19b) and
//     triggers ([id or id:condition, ...]: the order in which the player's
//     triggered abilities go on the stack, the last on top, 603.3b);
//   - resolve may name a permanent: the topmost ability from it resolves;
//   - expect: indirect ([ids] phased out indirectly), blocked, choices
//     ({id: {key: value}}), hand ({player: n}); event and no_event also match
//     turn, step (phase for ygo) and args;
//   - ygo: flow (tcg or ygopro-core), hand_limit (6), hands ({player: n}),
//     and a name for each phase effect.
//
// # Casting, abilities and the stack
//
// A spell's targets are checked as it is cast (601.2c): a phased-out
// permanent (702.26b), hexproof (702.11b), shroud (702.18a), protection
// (702.16b) and a player's protection or hexproof (702.11c) make a target
// illegal, and the cast is refused with the rule. As it resolves, targets
// that became illegal are left out (608.2b), and a spell all of whose
// targets are illegal doesn't resolve. Triggered abilities of real cards go
// on the stack at the next priority, the active player's first (603.3b),
// their targets chosen then (603.3d); delayed ones wait for their moment
// (603.7). advance resolves what is on the stack before leaving a step,
// as when every player passes (500.2). Mana costs are taken as paid unless
// the scenario says mana: pay, when they are paid from the mana pool after
// activating the mana abilities they lack (601.2g–h); other costs ({T},
// life, sacrifice, discard, exile, counters) are always paid.
//
// # Real cards
//
// A permanent or spell given by card: takes its characteristics from the
// Cards lookup: types, subtypes and supertypes from its type line
// (ParseTypeLine), colours from its mana cost, colour indicator or
// colour-defining text (CardColors), mana value (ManaValue), power and
// toughness where the data gives them. Its behaviour is its Oracle text
// compiled into the card language (cardlang.Compiler; ParseOptions.Compiler)
// and run by the interpreter. A card with a sentence the compiler doesn't
// understand, or that needs what the engine lacks (Lacks: a keyword, a
// cost, an operation), is refused with CodeCardNotModelled and the sentence
// or the reason; CardSupport and CardSupportWith say which, without a
// scenario. Every card whose Oracle text phases things is either simulated
// or refused that way.
//
// # Keywords
//
// Keywords lists the keywords the engine implements; any other is an error
// (CodeUnknownKeyword), never silently ignored. Combat follows 506–511 with
// a first-strike damage step (510.4), deathtouch (702.2), trample
// (702.19), lifelink (702.15), flying and reach (702.9), menace (702.111),
// landwalk (702.14), protection (702.16), fear, intimidate, shadow,
// horsemanship, skulk, infect, wither, exalted and the blocking
// restrictions of the cards' texts.
//
// # Choices
//
// A player's choices (the legend rule's keep, how an attacker divides its
// damage among its blockers, the order of simultaneous triggers, X,
// targets of triggered abilities, modes, optional costs, types) are
// answered by choose actions; without an answer the engine picks as
// choices.go documents, and the choice event says so (Args[2] "default").
//
// # Citations
//
// Every event names the rule that makes it happen: entering the
// battlefield cites what put the permanent there (608.3a, 608.3c, 110.2a),
// an effect on a player 611.2a, a choice made while a spell or ability
// resolves 608.2d, an ability that triggers outside the untap step 603.2.
// The tests check each event's rule against the Comprehensive Rules text:
// it exists, and its words fit the event.
//
// # Leaving the game
//
// A player who loses (704.5a, 704.5b) leaves the game (104.5), as does one
// who concedes (leave_game): what they own leaves the game, phased-out
// permanents included (702.26k), effects giving them control end, what they
// still control is exiled, their spells and abilities leave the stack
// (800.4a), their turns are skipped (800.4k) and their "until your next
// turn" effects end when that turn would have begun (800.4m); what phased
// out under them phases in after their next turn would have begun
// (702.26n). When one player is left, that player wins (104.2a) and
// further game actions are refused.
//
// # Phasing model
//
// Phasing is a status of the permanent, not a zone (CR 110.5): a phased-out
// permanent stays in State.Permanents, on the battlefield, with PhasedOut set,
// PhasedIndirect if it went with its host (702.26g), and PhasedOutUnder the
// player it phases in for (702.26a). Every query of the game goes through
// Permanent.Exists, so a phased-out permanent is treated as though it didn't
// exist (702.26b): it can't be targeted, counted, destroyed or affected, it
// can't attack or block, and its static abilities do nothing.
//
// Permanents that phase out (or in) at once are one event listing them all,
// then one row per attachment that went indirectly; what that causes (the
// removal from combat, durations ending, triggers) comes after it. The
// untap step fixes the sets of permanents phasing out and in before
// changing anything, so the exchange is simultaneous (502.1), then untaps
// (502.3); no player gets priority there (502.4), so abilities that trigger
// wait for the upkeep and state-based actions, such as the legend rule after
// two legends come back, happen at the first priority.
//
// A phased-in attachment whose host is phased out is not legally attached
// (the host is treated as though it doesn't exist): an Aura goes to the
// graveyard (704.5m) and an Equipment becomes unattached (704.5n), as
// Spatial Binding's ruling of 2012-07-01 says of an Aura kept from phasing
// out with its host. A question the rules leave open is decided as
// follows, and tests don't assert either way: a permanent keeps its
// timestamp across phasing.
//
// # Illegal actions and checks
//
// An action inside illegal: must be refused for the rule given: the run
// goes on with a refused event, and the outcome is a Check. check: holds
// expectations checked at that point of the run. An illegal action outside
// illegal: stops the run with its error.
//
// # Yu-Gi-Oh!
//
// Phase-timed effects follow the loop of the project's reference article
// (FlowTCG); FlowYGOProCore follows ygopro-core instead. See YGOState.
package engine
