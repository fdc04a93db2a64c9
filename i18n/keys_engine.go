package i18n

// Keys of the engine domain: the simulation trace. The messages of events,
// steps, zones, trigger conditions, Yu-Gi-Oh! procedure references and error
// codes are dynamic keys built from the engine's values:
//
//	"engine.event."+kind (with variants such as ".indirect", ".tapped",
//	".notarget", ".nosource")
//	"engine.event.state_based."+result
//	"engine.event.choice."+choice kind, and the same with ".default" when
//	the engine chose by default
//	"engine.event.effect_begins."+effect kind, "engine.event.effect_ends."+kind
//	"engine.refusal."+code: why an action was refused
//	"engine.duration."+duration, "engine.keyword."+keyword,
//	"engine.quality."+quality (protection from …)
//	a ".f" variant of an event's key: the feminine agreement of the words
//	about its subject (French)
//	"engine.step."+step and "engine.step.ygo."+phase
//	"engine.zone."+zone, "engine.trigger."+condition
//	"engine.rule."+rule for the "ygo." rules
//	"engine.err."+code
//	"engine.action."+action kind (variants ".notarget", ".top", ".tapped",
//	".target", ".for_each"), "engine.answer."+answer, "engine.types."+card
//	type: a scenario's actions in words
//
// cmd/bot's tests check that every value the engine can produce has a
// message. engine.EventKind documents each event's arguments; the
// constants below name the messages of the events and errors that came
// with casting, real cards and players leaving the game.
// Event messages take %[1]s the objects' names as a list, %[2]s the player,
// then the kind's own arguments from %[3]s on.
const (
	KeyEngineHeader       Key = "engine.trace.header"       // %[1]s scenario name
	KeyEngineTitle        Key = "engine.trace.title"        // %[1]s the scenario's title
	KeyEngineLine         Key = "engine.trace.line"         // %[1]d turn, %[2]s step, %[3]s text, %[4]s rule
	KeyEngineExpectations Key = "engine.trace.expectations" // heading of the expectation results
	KeyEngineRuleCR       Key = "engine.rule.cr"            // %[1]s CR rule number
	KeyEngineExpectOK     Key = "engine.expect.ok"          // %[1]s check
	KeyEngineExpectFail   Key = "engine.expect.fail"        // %[1]s check, %[2]s what was found
	KeyEngineVerdictOK    Key = "engine.verdict.ok"         // %[1]d expectations
	KeyEngineVerdictFail  Key = "engine.verdict.fail"       // %[1]d failed
	KeyEngineVerdictNone  Key = "engine.verdict.none"
	KeyEngineScenario     Key = "engine.scenarios.line" // %[1]s name, %[2]s title
	KeyEngineGameMTG      Key = "engine.scenarios.game.mtg"
	KeyEngineGameYGO      Key = "engine.scenarios.game.ygo"
	KeyEngineReadError    Key = "engine.cli.read_error" // %[1]s file, %[2]s reason
	KeyEngineMissing      Key = "engine.cli.missing"
	KeyEngineError        Key = "engine.error"   // %[1]s location, %[2]s message
	KeyEngineAtLine       Key = "engine.at_line" // %[1]s file, %[2]d line

	// Events.
	KeyEngineEventActivate      Key = "engine.event.activate"        // %[2]s player, %[3]s source, %[4]s targets
	KeyEngineEventTarget        Key = "engine.event.target"          // %[3]s ability, %[4]s targets
	KeyEngineEventNoTargets     Key = "engine.event.no_targets"      // %[1]s ability
	KeyEngineEventSpellExiled   Key = "engine.event.spell_exiled"    // %[1]s spell
	KeyEngineEventPrevented     Key = "engine.event.prevented"       // as engine.event.damage
	KeyEngineEventLifeGain      Key = "engine.event.life_gain"       // %[2]s player, %[3]d amount, %[4]d life
	KeyEngineEventLifeUnchanged Key = "engine.event.life_unchanged"  // %[2]s player, %[3]s effect
	KeyEngineEventPayLife       Key = "engine.event.pay_life"        // %[2]s player, %[3]d amount, %[4]d life
	KeyEngineEventCounterGone   Key = "engine.event.counter_removed" // %[1]s permanent, %[3]s kind, %[4]d n, %[5]d left
	KeyEngineEventDraw          Key = "engine.event.draw"            // %[2]s player, %[3]d cards, %[4]d hand
	KeyEngineEventDiscard       Key = "engine.event.discard"         // %[2]s player, %[3]d cards, %[4]d hand
	KeyEngineEventMana          Key = "engine.event.mana"            // %[1]s source, %[2]s player, %[3]s mana
	KeyEngineEventChoice        Key = "engine.event.choice"          // %[2]s player, %[3]s value
	KeyEngineEventRefused       Key = "engine.event.refused"         // %[3]s the reason (engine.refusal.*)
	KeyEngineEventTurnSkipped   Key = "engine.event.turn_skipped"    // %[2]s player
	KeyEngineEventWins          Key = "engine.event.wins"            // %[2]s player
	KeyEngineEventNoPhaseOut    Key = "engine.event.phase_out_blocked"
	KeyEngineZoneStack          Key = "engine.zone.stack"
	KeyEngineNameAbility        Key = "engine.name.ability" // %[1]s the permanent it comes from
	KeyEngineNameNth            Key = "engine.name.nth"     // %[1]s name, %[2]d its number among permanents of that name
	KeyEngineNameTrigger        Key = "engine.name.trigger" // %[1]s the permanent, %[2]s its ability's trigger condition
	KeyEngineShare              Key = "engine.share"        // %[1]s who, %[2]d how much

	// Errors (engine.Error codes).
	KeyEngineErrUnknownKeyword Key = "engine.err.unknown_keyword"   // %[1]s keyword
	KeyEngineErrUnknownCard    Key = "engine.err.unknown_card"      // %[1]s name
	KeyEngineErrNoCardData     Key = "engine.err.no_card_data"      // %[1]s name
	KeyEngineErrNotModelled    Key = "engine.err.card_not_modelled" // %[1]s card, %[2]s what the engine cannot model
	KeyEngineErrCardNoPT       Key = "engine.err.card_no_pt"        // %[1]s card
	KeyEngineErrNotLegalTarget Key = "engine.err.not_legal_target"  // %[1]s spell, %[2]s target, %[3]s rule
	KeyEngineErrCantAttack     Key = "engine.err.cant_attack"       // %[1]s creature, %[2]s rule
	KeyEngineErrCantBlock      Key = "engine.err.cant_block"        // %[1]s blocker, %[2]s attacker, %[3]s rule
	KeyEngineErrCantCast       Key = "engine.err.cant_cast"         // %[1]s spell, %[2]s rule
	KeyEngineErrCantActivate   Key = "engine.err.cant_activate"     // %[1]s source, %[2]s rule
	KeyEngineErrCantPay        Key = "engine.err.cant_pay"          // %[1]s player, %[2]s life, %[3]s rule
	KeyEngineErrCantAttach     Key = "engine.err.cant_attach"       // %[1]s attachment, %[2]s host, %[3]s rule
	KeyEngineErrGameOver       Key = "engine.err.game_over"         // %[1]s winner
	KeyEngineErrPlayerLeft     Key = "engine.err.player_left"       // %[1]s player, %[2]s rule
	KeyEngineErrBadChoice      Key = "engine.err.bad_choice"        // %[1]s player, %[2]s choice, %[3]s answer
	KeyEngineErrNotRefused     Key = "engine.err.not_refused"       // %[1]s action

	// Actions in words.
	KeyEngineActivePlayer     Key = "engine.action.active_player"
	KeyEngineFilterKeywords   Key = "engine.filter.keywords"   // %[1]s permanents, %[2]s keywords
	KeyEngineFilterControlled Key = "engine.filter.controlled" // %[1]s permanents, %[2]s player

	// Limits of a user's scenario.
	KeyEngineLimitBytes      Key = "engine.limit.bytes"      // %[1]d KiB
	KeyEngineLimitActions    Key = "engine.limit.actions"    // %[1]d actions, %[2]d limit
	KeyEngineLimitPermanents Key = "engine.limit.permanents" // %[1]d permanents, %[2]d limit
	KeyEngineLimitDepth      Key = "engine.limit.depth"      // %[1]d levels, %[2]d limit
	KeyEngineLimitNodes      Key = "engine.limit.nodes"      // %[1]d nodes, %[2]d limit
	KeyEngineLimitKeys       Key = "engine.limit.keys"       // %[1]d keys, %[2]d limit
	KeyEngineLimitTime       Key = "engine.limit.time"       // %[1]d s taken, %[2]d s limit
	KeyEngineInterrupted     Key = "engine.interrupted"      // stopped by a signal
)
