package i18n

// Keys of the help domain: the help of the command line. Each command
// has its help, "help.cmd.<command>" (its words joined by dots:
// "help.cmd.kb.build"), and its line in its parent's list,
// "help.cmd.<command>.summary"; each flag its description,
// "help.flag.<command>.<flag>" or, where it means the same for every
// command, "help.flag.<flag>". cmd/bot's tests check that every command
// and flag has them in every language.
const (
	KeyHelpCommands   Key = "help.heading.commands"
	KeyHelpFlags      Key = "help.heading.flags"
	KeyHelpDefault    Key = "help.default" // %[1]s a flag's default value
	KeyHelpMore       Key = "help.more"    // %[1]s the command line that shows a command's help
	KeyHelpExit       Key = "help.exit"
	KeyHelpNeedsValue Key = "help.err.needs_value"     // %[1]s command, %[2]s flag
	KeyHelpUnknownSub Key = "help.err.unknown_command" // %[1]s command, %[2]s the unknown sub-command
)
