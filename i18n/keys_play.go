package i18n

// Keys of the play domain: "Play it out", the board guessed from a
// question and played a move at a time on Discord, the web and the
// console.
const (
	KeyPlayButton     Key = "play.button"      // the button of an answer that plays its board out
	KeyPlayTitle      Key = "play.title"       // %[1]s the question
	KeyPlayTitlePlain Key = "play.title_plain" // a board without a question
	KeyPlayFileHead   Key = "play.file_head"   // the comment atop a board's text (lines)
	KeyPlayCreature   Key = "play.creature"    // the name of a creature the question names without a card
	KeyPlayToken      Key = "play.token"       // likewise, a token
	KeyPlayEquipment  Key = "play.equipment"   // likewise, an Equipment
	KeyPlayGuessed    Key = "play.guessed"     // heading of what was guessed

	KeyPlayGuessPlayers     Key = "play.guess.players"     // %[1]s the asker's name, %[2]s the opponent's
	KeyPlayGuessBattlefield Key = "play.guess.battlefield" // %[1]s object, %[2]s player, %[3]s why
	KeyPlayGuessHand        Key = "play.guess.hand"        // %[1]s spell, %[2]s player, %[3]s why
	KeyPlayGuessPT          Key = "play.guess.pt"          // %[1]s creature, %[2]d power, %[3]d toughness
	KeyPlayGuessPhasedOut   Key = "play.guess.phased_out"  // %[1]s creature
	KeyPlayGuessTurn        Key = "play.guess.turn"        // %[1]s player, %[2]s step, %[3]s why
	KeyPlayGuessAttack      Key = "play.guess.attack"      // %[1]s the attack in words
	KeyPlayGuessKeywords    Key = "play.guess.keywords"    // %[1]s creature, %[2]s its keywords, a list
	KeyPlayGuessLife        Key = "play.guess.life"        // %[1]d life total, %[2]s why
	KeyPlayGuessCounters    Key = "play.guess.counters"    // %[1]s creature, %[2]d +1/+1 counters
	KeyPlayGuessAttached    Key = "play.guess.attached"    // %[1]s Equipment, %[2]s the creature
	KeyPlayProtection       Key = "play.protection"        // %[1]s the colour

	KeyPlayWhyWord    Key = "play.why.word"    // %[1]s the words of the question
	KeyPlayWhyDefault Key = "play.why.default" // nothing in the question says
	KeyPlayWhySpell   Key = "play.why.spell"   // an instant or sorcery is cast from the hand
	KeyPlayWhyEnters  Key = "play.why.enters"  // a permanent that acts as it enters
	KeyPlayWhyAura    Key = "play.why.aura"    // an Aura is cast on what it enchants
	KeyPlayWhyHarm    Key = "play.why.harm"    // a spell that harms is the other side's
	KeyPlayWhyHelp    Key = "play.why.help"    // a creature a spell helps is its caster's
	KeyPlayWhyCombat  Key = "play.why.combat"  // a creature for the fight the question speaks of
	KeyPlayWhySorcery Key = "play.why.sorcery" // a sorcery is cast in its owner's turn

	KeyPlayMove         Key = "play.move"          // %[1]d number, %[2]s the move in words
	KeyPlayWinner       Key = "play.winner"        // %[1]s the player who won
	KeyPlayPass         Key = "play.pass"          // pass priority with an empty stack
	KeyPlayPassResolves Key = "play.pass_resolves" // %[1]s what resolves
	KeyPlayNextStep     Key = "play.next_step"     // %[1]s player, %[2]s step
	KeyPlayAbilityN     Key = "play.ability_n"     // %[1]s the activation in words, %[2]d the ability's number
	KeyPlayYourMove     Key = "play.your_move"     // the line under the board: choose a move
	KeyPlayHand         Key = "play.hand"          // %[1]s player, %[2]s the spells they hold, a list
	KeyPlayNoMoves      Key = "play.no_moves"      // no move is left
	KeyPlayFooter       Key = "play.footer"        // %[1]d moves made, %[2]s player, %[3]s step
	KeyPlayMore         Key = "play.more"          // %[1]d moves left out of the menus

	KeyPlayMenuAll    Key = "play.menu.all"    // the placeholder of the one menu
	KeyPlayMenuSpells Key = "play.menu.spells" // of the spells' menu
	KeyPlayMenuCombat Key = "play.menu.combat" // of the combat menu
	KeyPlayMenuTurn   Key = "play.menu.turn"   // of the turn's menu

	KeyPlayUndo      Key = "play.undo"       // button
	KeyPlayRestart   Key = "play.restart"    // button
	KeyPlayEdit      Key = "play.edit"       // button
	KeyPlayShare     Key = "play.share"      // the link to the same game on the web
	KeyPlayEditTitle Key = "play.edit_title" // the form's title
	KeyPlayEditLabel Key = "play.edit_label" // its text field
	KeyPlayBoard     Key = "play.board"      // where a board's errors are: "the board"

	KeyPlayRefused    Key = "play.refused"      // %[1]s the move, %[2]s why
	KeyPlayNotNow     Key = "play.not_now"      // %[1]s the rule
	KeyPlayBadMove    Key = "play.bad_move"     // a move that is none
	KeyPlayHasActions Key = "play.has_actions"  // a board's text that lists actions
	KeyPlayBadLog     Key = "play.bad_log"      // a log line that is none
	KeyPlayLongLog    Key = "play.long_log"     // %[1]d the most moves
	KeyPlayLogRefused Key = "play.log_refused"  // %[1]d the move's number, %[2]s why
	KeyPlayExpired    Key = "play.expired"      // a game whose text is gone from its message
	KeyPlayNoBoard    Key = "play.no_board"     // %[1]s why: the question has no board to play
	KeyPlayNoCards    Key = "play.no_cards"     // why: the question names no card
	KeyPlayNoSuchMove Key = "play.no_such_move" // a move chosen that is no move of the game

	KeyPlayWebIntro  Key = "play.web.intro"  // the sandbox page's line above its moves
	KeyPlayWebMoves  Key = "play.web.moves"  // heading of the moves offered
	KeyPlayWebLast   Key = "play.web.last"   // heading of the last move
	KeyPlayWebEdit   Key = "play.web.edit"   // heading of the board's form
	KeyPlayWebSubmit Key = "play.web.submit" // its button
	KeyPlayWebLink   Key = "play.web.link"   // the link of an answer to its board
)
