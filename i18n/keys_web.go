package i18n

// Keys of the web domain: the web pages and the board pictures of
// simulations. Templates name their keys as strings (cmd/bot tests check
// that each has a message); the dynamic keys are
// "web.zone.<zone>" and
// "web.game.<game>".
const (
	KeyWebBoardZone          Key = "web.board.zone" // %[1]s zone or stack, %[2]s the cards in it
	KeyWebHomeTitle          Key = "web.home.title"
	KeyWebNavRules           Key = "web.nav.rules"
	KeyWebNavGlossary        Key = "web.nav.glossary"
	KeyWebNavSims            Key = "web.nav.sims"
	KeyWebRulesTitle         Key = "web.rules.title"
	KeyWebRuleTitle          Key = "web.rule.title"     // %[1]s rule number
	KeyWebRuleSection        Key = "web.rule.section"   // %[1]s section number
	KeyWebRulePart           Key = "web.rule.part"      // %[1]s part number
	KeyWebRuleOldTitle       Key = "web.rule.old_title" // %[1]s old number
	KeyWebSeeSim             Key = "web.rule.see_sim"
	KeyWebGlossaryTitle      Key = "web.glossary.title" // %[1]s English term
	KeyWebGlossaryIndex      Key = "web.glossary.index"
	KeyWebSimIndex           Key = "web.sim.index"
	KeyWebSimAllOK           Key = "web.sim.all_ok" // %[1]d how many
	KeyWebSimFailed          Key = "web.sim.failed" // %[1]d how many
	KeyWebErrTitle           Key = "web.err.title"
	KeyWebErrNotFoundTitle   Key = "web.err.not_found_title"
	KeyWebErrInternal        Key = "web.err.internal"
	KeyWebErrBadRule         Key = "web.err.bad_rule"     // %[1]s what was asked
	KeyWebErrUnknownRule     Key = "web.err.unknown_rule" // %[1]s rule number
	KeyWebErrNoRules         Key = "web.err.no_rules"
	KeyWebErrUnknownTerm     Key = "web.err.unknown_term"   // %[1]s slug
	KeyWebErrUnknownCard     Key = "web.err.unknown_card"   // %[1]s name
	KeyWebErrUnknownPreset   Key = "web.err.unknown_preset" // %[1]s name
	KeyWebErrBadStep         Key = "web.err.bad_step"       // %[1]s file asked
	KeyWebBoardHeader        Key = "web.board.header"       // %[1]d turn, %[2]s active player, %[3]s step
	KeyWebBoardLife          Key = "web.board.life"         // %[1]d life total
	KeyWebBoardHand          Key = "web.board.hand"         // %[1]d cards
	KeyWebBoardStack         Key = "web.board.stack"
	KeyWebBoardActivePlayer  Key = "web.board.active_player" // %[1]s player, %[2]s life
	KeyWebBoardInitial       Key = "web.board.initial"
	KeyWebBoardAfter         Key = "web.board.after" // %[1]d step number
	KeyWebBoardEmpty         Key = "web.board.empty"
	KeyWebBoardLost          Key = "web.board.lost"
	KeyWebCardToken          Key = "web.card.token"
	KeyWebCardTapped         Key = "web.card.tapped"
	KeyWebCardPhasedOut      Key = "web.card.phased_out"
	KeyWebCardPhasedIndirect Key = "web.card.phased_indirect"
	KeyWebCardAttacking      Key = "web.card.attacking"
	KeyWebCardBlocking       Key = "web.card.blocking"
	KeyWebCardDamage         Key = "web.card.damage" // %[1]d damage marked
	KeyWebCardTargeted       Key = "web.card.targeted"
	KeyWebCardMandatory      Key = "web.card.mandatory"
	KeyWebCardDone           Key = "web.card.done"
)

// The scenario page (/sim/play).
const (
	KeyWebPlayTitle    Key = "web.play.title"
	KeyWebPlayScenario Key = "web.play.scenario" // where the errors of the form's scenario are
	KeyWebErrBadCode   Key = "web.err.bad_code"  // a picture's link without a scenario that plays
	KeyWebErrBadForm   Key = "web.err.bad_form"
	// KeyWebErrRateLimited: a client over the pages' rate limit.
	KeyWebErrRateLimited Key = "web.err.rate_limited" // %[1]d seconds to wait
)

// The question page (/ask) and its report form.
const (
	KeyWebAskTitle         Key = "web.ask.title"
	KeyWebAskQuestionTitle Key = "web.ask.question_title" // %[1]s the question
)

// KeyWebHomeAsk is the front page's link to the question page.
const KeyWebHomeAsk Key = "web.home.ask"
