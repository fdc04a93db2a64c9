package i18n

// Keys of the engine domain: the simulation trace. The messages of events,
// steps, zones, trigger conditions, Yu-Gi-Oh! procedure references and error
// codes are dynamic keys built from the engine's values:
//
//	"engine.event."+kind (with variants such as ".indirect", ".tapped")
//	"engine.event.state_based."+result
//	"engine.step."+step and "engine.step.ygo."+phase
//	"engine.zone."+zone, "engine.trigger."+condition
//	"engine.rule."+rule for the "ygo." rules
//	"engine.err."+code
//
// cmd/bot's tests check that every value the engine can produce has a message.
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
)
