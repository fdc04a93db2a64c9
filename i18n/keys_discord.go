package i18n

// Keys of the discord domain: replies, buttons and errors of the chat bot
// (Discord and the console).
//
// Command names and descriptions are dynamic keys, generated from the
// router's command table and checked by its tests:
//
//	discord.cmd.<command>.name                      localized name (slash commands: lowercase, 1-32 characters)
//	discord.cmd.<command>.desc                      description (at most 100 characters)
//	discord.cmd.<command>.opt.<option>.name         option name
//	discord.cmd.<command>.opt.<option>.desc         option description
//	discord.cmd.<command>.opt.<option>.choice.<v>   label of a fixed choice
//
// <command> is the default name with spaces replaced by underscores
// ("find_rulings" for the "Find rulings" message command).

// Replies.
const (
	KeyDiscordQuestion      Key = "discord.reply.question"      // %[1]s the question, escaped
	KeyDiscordPage          Key = "discord.reply.page"          // %[1]d page, %[2]d pages
	KeyDiscordResults       Key = "discord.reply.results"       // %[1]d first shown, %[2]d last shown, %[3]d total
	KeyDiscordRuleTitle     Key = "discord.rule.title"          // %[1]s number, %[2]s title
	KeyDiscordRuleOld       Key = "discord.rule.old"            // %[1]s old number, %[2]s current number
	KeyDiscordRuleAbolished Key = "discord.rule.abolished"      // %[1]s old number
	KeyDiscordRuleCitedBy   Key = "discord.rule.cited_by"       // field name of the clarifications citing the rule
	KeyDiscordCardFuzzy     Key = "discord.card.fuzzy"          // %[1]s name asked, %[2]s card found
	KeyDiscordCardNoRulings Key = "discord.card.no_rulings"     // %[1]s card
	KeyDiscordCardNames     Key = "discord.card.names"          // field name of the card's names
	KeyDiscordCardNameLine  Key = "discord.card.name_line"      // %[1]s language name, %[2]s the card's name in it
	KeyDiscordGlossaryTitle Key = "discord.glossary.title"      // %[1]s term
	KeyDiscordGlossaryOld   Key = "discord.glossary.old"        // field name of obsolete terms
	KeyDiscordGlossaryNote  Key = "discord.glossary.note"       // field name of the note
	KeyDiscordSimTitle      Key = "discord.sim.title"           // %[1]s scenario title
	KeyDiscordHelpTitle     Key = "discord.help.title"          // title of /help
	KeyDiscordHelpIntro     Key = "discord.help.intro"          // first paragraph of /help
	KeyDiscordHelpLanguage  Key = "discord.help.language"       // how the reply language is chosen
	KeyDiscordLangSet       Key = "discord.lang.set"            // %[1]s scope (discord.scope.*), %[2]s language name
	KeyDiscordLangCleared   Key = "discord.lang.cleared"        // %[1]s scope (discord.scope.*)
	KeyDiscordScopeUser     Key = "discord.scope.user"          // "your language"
	KeyDiscordScopeChannel  Key = "discord.scope.channel"       // "this channel's language"
	KeyDiscordScopeServer   Key = "discord.scope.server"        // "this server's language"
	KeyDiscordOriginalTitle Key = "discord.original.title"      // %[1]s language name of the original
	KeyDiscordMTNotice      Key = "discord.mt.notice"           // field name of the machine-translation notice
	KeyDiscordSeePreset     Key = "discord.reply.see_preset"    // %[1]s preset title
	KeyDiscordConsoleHello  Key = "discord.console.hello"       // banner of "bot console"
	KeyDiscordConsoleBad    Key = "discord.console.bad_line"    // %[1]s the line
	KeyDiscordRegistered    Key = "discord.commands.registered" // %[1]d count, %[2]s where (global or guild ID)
	KeyDiscordRegisterFail  Key = "discord.commands.failed"     // %[1]s error from Discord
	KeyDiscordGlobal        Key = "discord.commands.global"     // "every server"
)

// Buttons.
const (
	KeyDiscordButtonMore     Key = "discord.button.more"
	KeyDiscordButtonPrev     Key = "discord.button.prev"
	KeyDiscordButtonNext     Key = "discord.button.next"
	KeyDiscordButtonOriginal Key = "discord.button.original"
	KeyDiscordButtonPlay     Key = "discord.button.play"
	KeyDiscordButtonShare    Key = "discord.button.share"
)

// Errors.
const (
	KeyDiscordRateLimited      Key = "discord.err.rate_limited"       // %[1]d seconds to wait
	KeyDiscordNeedManageServer Key = "discord.err.need_manage_server" // scope server without Manage Server
	KeyDiscordNeedManageChan   Key = "discord.err.need_manage_channel"
	KeyDiscordNotInServer      Key = "discord.err.not_in_server"  // scope server outside a server
	KeyDiscordBadButton        Key = "discord.err.bad_button"     // a custom_id we cannot read
	KeyDiscordUnknownPreset    Key = "discord.err.unknown_preset" // %[1]s name
	KeyDiscordUnknownTerm      Key = "discord.err.unknown_term"   // %[1]s term
	KeyDiscordBadScenario      Key = "discord.err.bad_scenario"   // %[1]s name, %[2]s engine error code
	KeyDiscordMissingOption    Key = "discord.err.missing_option" // %[1]s option name
	KeyDiscordBadLanguage      Key = "discord.err.bad_language"   // %[1]s value
	KeyDiscordStoreFailed      Key = "discord.err.store_failed"
	KeyDiscordStoreDown        Key = "discord.err.store_down" // the shared settings store cannot be reached
	KeyDiscordBusy             Key = "discord.err.busy"       // no answer can start in time
	KeyDiscordNoText           Key = "discord.err.no_text"    // message command on a message without text
	KeyDiscordGone             Key = "discord.err.gone"       // the cited document is no longer in the index
)

// Simulations of users' own scenarios, and the steps of a simulation.
const (
	KeyDiscordSimPasteTitle       Key = "discord.sim.paste.title"       // the paste form's title
	KeyDiscordSimPasteLabel       Key = "discord.sim.paste.label"       // its text field
	KeyDiscordSimPastePlaceholder Key = "discord.sim.paste.placeholder" // the field's hint
	KeyDiscordSimPasted           Key = "discord.sim.pasted"            // where a pasted scenario's errors are
	KeyDiscordSimCustom           Key = "discord.sim.custom"            // title of a scenario without one
	KeyDiscordSimInvalid          Key = "discord.sim.invalid"           // %[1]s the scenario's error, with its line
	KeyDiscordSimFileType         Key = "discord.sim.file.type"         // %[1]s file name
	KeyDiscordSimFileSize         Key = "discord.sim.file.size"         // %[1]s file name, %[2]d KiB limit
	KeyDiscordSimFileHost         Key = "discord.sim.file.host"         // %[1]s file name
	KeyDiscordSimFileFetch        Key = "discord.sim.file.fetch"        // %[1]s file name
	KeyDiscordSimExpired          Key = "discord.sim.expired"           // a step button whose scenario is gone
	KeyDiscordSimInitial          Key = "discord.sim.initial"           // heading of step 0
	KeyDiscordSimActionN          Key = "discord.sim.action"            // %[1]d number, %[2]s the action in words
	KeyDiscordSimMore             Key = "discord.sim.more"              // %[1]d actions not listed
	KeyDiscordSimStep             Key = "discord.sim.step"              // %[1]d step, %[2]d steps
	KeyDiscordButtonFirst         Key = "discord.button.first"
	KeyDiscordButtonPrevStep      Key = "discord.button.prev_step"
	KeyDiscordButtonNextStep      Key = "discord.button.next_step"
	KeyDiscordButtonLast          Key = "discord.button.last"
)
