package chat

import (
	"context"
	"strings"

	"arbiter/cmd/bot/internal/report"
	"arbiter/i18n"
	"arbiter/kb"
)

// CommandType is a kind of command.
type CommandType int

// Kinds of command.
const (
	SlashCommand   CommandType = iota // typed as /name
	MessageCommand                    // in a message's context menu
)

// OptionType is the type of a command option.
type OptionType int

// Types of option.
const (
	OptString OptionType = iota
	OptBool
	OptAttachment // a file; its value is in Request.Attachments
)

// Command is one chat command: how it is registered, how it answers and
// how its options complete. Adding a command is adding one Command to the
// table (commandTable), with its reply in a file of its own and its name,
// description and options as messages (discord.cmd.<name>.*, see package
// i18n).
type Command struct {
	Name    string // default name, what Discord sends back
	Type    CommandType
	Options []Option
	// Ephemeral replies are seen by the user alone (a deferred reply must
	// know it before the reply is ready).
	Ephemeral bool
	// Page marks a command whose reply is a page of a state: made from its
	// argument, language and page number and the index alone. The router
	// keeps such replies in the reply cache, adds the buttons that show
	// them in the other languages (and share them, when they are for the
	// user alone), and their buttons come back to the same reply with the
	// state they carry. The argument is the first option, or what arg
	// reads of the request; a "private" option, when the command has one,
	// makes the reply the user's alone.
	Page bool
	// Light marks a command that searches nothing (a setting, the help):
	// it does not queue behind the searches for a worker (see package
	// discord's admission), so a burst of questions does not delay it.
	Light bool

	reply func(ctx context.Context, c call) (Response, error)
	arg   func(req Request) string
}

// Option is one option of a slash command.
type Option struct {
	Name      string
	Type      OptionType
	Required  bool
	MaxLength int
	Choices   []string // fixed values, labelled by discord.cmd.<c>.opt.<o>.choice.<v>

	// complete suggests values while the user types the option.
	complete func(ctx context.Context, t typed) ([]Choice, error)
}

// Autocomplete tells whether the option suggests values while it is typed.
func (o Option) Autocomplete() bool { return o.complete != nil }

// commandTable lists the bot's commands, in the order /help shows them.
func (rt *Router) commandTable() []Command {
	return []Command{
		{Name: "ruling", Options: []Option{
			{Name: "question", Required: true, MaxLength: 500},
			{Name: "private", Type: OptBool},
		}, Page: true, reply: rt.rulingPage},
		{Name: "rule", Options: []Option{
			{Name: "number", Required: true, MaxLength: 20, complete: rt.completeRule},
			{Name: "cr_date", MaxLength: 10},
		}, Page: true, reply: rt.rulePage, arg: ruleArg},
		{Name: "card", Options: []Option{
			{Name: "name", Required: true, MaxLength: 200, complete: rt.completeCard},
		}, Page: true, reply: rt.cardPage},
		{Name: "simulate", Options: []Option{
			{Name: "scenario", MaxLength: 100, complete: completePreset},
			{Name: simFileOption, Type: OptAttachment},
		}, reply: rt.simulate},
		{Name: "glossary", Options: []Option{
			{Name: "term", Required: true, MaxLength: 100, complete: rt.completeGlossary},
		}, Page: true, reply: rt.glossaryPage},
		{Name: "crdiff", Options: []Option{
			{Name: "from", Required: true, MaxLength: 10},
			{Name: "to", MaxLength: 10},
		}, reply: rt.crdiff},
		{Name: "report", Options: []Option{
			{Name: "question", Required: true, MaxLength: 500},
			{Name: "wrong", Required: true, MaxLength: report.MaxWrong},
			{Name: "suggest", MaxLength: report.MaxSuggestion},
		}, reply: rt.reportCommand, Ephemeral: true},
		{Name: "reports", Options: []Option{
			{Name: "action", Required: true, Choices: []string{"list", "show", "confirm", "reject", "comment"}},
			{Name: "number", MaxLength: 12},
			{Name: "text", MaxLength: report.MaxComment},
		}, reply: rt.reportsCommand, Ephemeral: true, Light: true},
		{Name: "language", Options: []Option{
			{Name: "language", Required: true, Choices: []string{"fr", "en", "ja", "auto"}},
			{Name: "scope", Choices: []string{"user", "channel", "server"}},
		}, reply: rt.language, Ephemeral: true, Light: true},
		{Name: "help", reply: rt.help, Ephemeral: true, Light: true},
		{Name: "Find rulings", Type: MessageCommand, reply: rt.findRulings, Ephemeral: true},
	}
}

// Commands returns the command table, in the order /help shows it.
func (rt *Router) Commands() []Command { return rt.cmds }

// Command returns the command with that default name.
func (rt *Router) Command(name string) (Command, bool) {
	for _, c := range rt.cmds {
		if c.Name == name {
			return c, true
		}
	}
	return Command{}, false
}

// argument is the argument of the page a call of c opens.
func (c Command) argument(req Request) string {
	if c.arg != nil {
		return c.arg(req)
	}
	if len(c.Options) == 0 {
		return ""
	}
	return req.option(c.Options[0].Name)
}

// private tells whether a call asks, through c's "private" option, for a
// reply for the user alone.
func (c Command) private(req Request) bool {
	for _, o := range c.Options {
		if o.Name == "private" {
			return strings.EqualFold(req.option("private"), "true")
		}
	}
	return false
}

// ruleArg is the argument of a /rule page: the number, and "@" and the
// release date when one is asked for.
func ruleArg(req Request) string {
	arg := kb.NormalizeRuleNumber(req.option("number"))
	if d := req.option("cr_date"); d != "" {
		arg += "@" + d
	}
	return arg
}

// keyBase is the message key prefix of a command: "discord.cmd.find_rulings".
func keyBase(cmd string) string {
	return "discord.cmd." + strings.ReplaceAll(strings.ToLower(cmd), " ", "_")
}

// CommandKey is the message key of what (name, desc) of a command.
func CommandKey(cmd, what string) i18n.Key { return i18n.Key(keyBase(cmd) + "." + what) }

// OptionKey is the message key of what (name, desc, choice.<v>) of a
// command's option.
func OptionKey(cmd, opt, what string) i18n.Key {
	return i18n.Key(keyBase(cmd) + ".opt." + opt + "." + what)
}
