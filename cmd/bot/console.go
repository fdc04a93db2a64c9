package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/store"
	"arbiter/i18n"
)

// cmdConsole runs "bot console": the chat commands on stdin and stdout,
// through the same router as Discord. Lines:
//
//	/ruling question: can an aura phase out?   a slash command with its options
//	?card name: teferi                         the autocomplete of the last option
//	!2                                         click button 2 of the last reply
//	@3                                         choose option 3 of the last reply's menus (a move of a game)
//	>find rulings text...                      the "Find rulings" message command on text
//	Is [[Fog]] an instant?                     an ordinary message naming cards as [[name]]
//
// A command that opens a form on Discord (/simulate with no option, to
// paste a scenario) reads the form's text from the lines that follow, up
// to a blank line or the end of the input; a text holding blank lines is
// put between two lines of three backquotes (```).
func cmdConsole(e *env, args []string) int {
	fs := e.newFlagSet("console")
	var cf commonFlags
	cf.register(fs)
	state := fs.String("state", "", "directory of the /language settings (default: kept in memory)")
	user := fs.String("user", "console", "user ID the commands run as")
	pos, p, code, ok := e.parseArgs(fs, args, &cf.lang, false)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return e.usageError(p, i18n.KeyErrTooManyArgs, "console")
	}
	ix, err := e.openIndex(e.ctx, p, cf.index)
	if err != nil {
		return e.inputError(p, err)
	}
	defer ix.Close()
	var st chat.Store
	var reports chat.Reports = &store.MemoryReports{}
	if *state != "" {
		b, err := store.OpenBolt(*state)
		if err != nil {
			return e.inputError(p, err)
		}
		defer b.Close()
		st, reports = b, b
	}
	prefs := chat.NewPrefs(st, nil)
	if err := prefs.Sync(e.ctx); err != nil {
		return e.inputError(p, err)
	}
	c := &console{cat: e.cat, out: e.stdout, user: *user, locale: p.Lang().String()}
	// Whoever runs the console runs the bot's command line: a reviewer.
	c.rt = chat.New(chat.Config{Catalog: e.cat, Index: func() (chat.Index, func()) { return ix, func() {} }, Prefs: prefs,
		CacheSize: 256, Fetch: consoleFiles{c},
		Reports: chat.ReportsConfig{Store: reports, Reviewer: func(chat.Request) bool { return true }, Source: "console"}})
	if err := c.rt.SyncReports(e.ctx); err != nil {
		return e.inputError(p, err)
	}
	if cf.lang == "" {
		c.locale = ""
		if l, ok := envLocale(e); ok {
			c.locale = l.String()
		}
	}
	if !cf.json {
		fmt.Fprintln(e.stdout, p.T(i18n.KeyDiscordConsoleHello))
	}
	c.json = cf.json
	return c.run(e, e.stdin)
}

// envLocale is the language of the environment's locale, if one of ours.
func envLocale(e *env) (i18n.Lang, bool) {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if s := e.getenv(v); s != "" && s != "C" {
			return i18n.ParseLang(s)
		}
	}
	return i18n.EN, false
}

// console is one console session: the router and the last reply's buttons.
type console struct {
	rt      *chat.Router
	cat     *i18n.Catalog
	out     io.Writer
	user    string
	locale  string
	json    bool
	buttons []chat.Button
	// options are the options of the last reply's select menus, in
	// order, with the custom_id of their menu.
	options []menuOption
	last    chat.Response
	// messages counts the ordinary messages, which are numbered.
	messages int
}

// menuOption is an option of a select menu of a reply.
type menuOption struct{ menu, value string }

// consoleFiles reads the files of the console's last reply, as Discord
// serves those of a message: a click on a reply finds them there.
type consoleFiles struct{ c *console }

// Fetch returns the file of the last reply that a names.
func (f consoleFiles) Fetch(ctx context.Context, a chat.Attachment, max int) ([]byte, error) {
	for _, file := range f.c.last.Files {
		if "console:"+file.Name == a.URL {
			if len(file.Data) > max {
				return nil, chat.ErrAttachmentSize
			}
			return file.Data, nil
		}
	}
	return nil, chat.ErrAttachmentHost
}

// run answers the lines of in until it ends or e.ctx is done; it
// returns 1 when a line was not understood.
func (c *console) run(e *env, in io.Reader) int {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	code := 0
	for sc.Scan() {
		if e.ctx.Err() != nil {
			return 1
		}
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if ms, _ := chat.ParseMentions(line, chat.MaxMentions); len(ms) > 0 && !strings.ContainsRune("/?!>", rune(line[0])) {
			// An ordinary message, as the channel would read it.
			c.messages++
			resp := c.rt.Mentions(e.ctx, chat.Message{ID: strconv.Itoa(c.messages), ChannelID: "console", AuthorID: c.user,
				Content: line, GuildLocale: c.locale})
			c.show(e, chat.Request{}, resp)
			continue
		}
		req, ok := c.parse(line)
		if !ok {
			p := c.cat.Printer(c.rt.Lang(chat.Request{Locale: c.locale, UserID: c.user}))
			fmt.Fprintln(c.out, p.T(i18n.KeyDiscordConsoleBad, line))
			code = 1
			continue
		}
		resp := c.rt.Serve(e.ctx, req)
		if resp.Modal != nil {
			resp = c.form(e, sc, req, resp.Modal)
		}
		c.show(e, req, resp)
	}
	return code
}

// show prints the reply to req and keeps its buttons for the next click.
func (c *console) show(e *env, req chat.Request, resp chat.Response) {
	if req.Kind != chat.KindAutocomplete {
		c.last = resp
		c.buttons, c.options = nil, nil
		for _, row := range resp.Buttons {
			for _, b := range row {
				if b.URL == "" {
					c.buttons = append(c.buttons, b)
				}
			}
		}
		for _, m := range resp.Menus {
			for _, o := range m.Options {
				c.options = append(c.options, menuOption{menu: m.CustomID, value: o.Value})
			}
		}
	}
	if c.json {
		e.writeJSON(resp)
	} else {
		fmt.Fprint(c.out, consoleText(c.cat.Printer(c.rt.Lang(chat.Request{Locale: c.locale, UserID: c.user})), resp))
	}
}

// form fills a form from the lines that follow (see cmdConsole) and
// submits it: each text input takes one block of lines, in order.
func (c *console) form(e *env, sc *bufio.Scanner, req chat.Request, m *chat.Modal) chat.Response {
	if !c.json {
		fmt.Fprintln(c.out, "## "+m.Title)
	}
	sub := chat.Request{Kind: chat.KindModal, CustomID: m.CustomID, Locale: req.Locale, UserID: req.UserID,
		ChannelID: req.ChannelID, Options: map[string]string{}}
	// A form opened by a button comes with the button's message, as on
	// Discord: its footer may hold the question.
	if req.Kind == chat.KindComponent && len(c.last.Embeds) > 0 {
		sub.Footer, sub.FromEphemeral = c.last.Embeds[0].Footer, c.last.Ephemeral
	}
	for _, in := range m.Inputs {
		if !c.json {
			fmt.Fprintln(c.out, in.Label)
		}
		sub.Options[in.CustomID] = readBlock(sc)
	}
	return c.rt.Serve(e.ctx, sub)
}

// readBlock reads lines up to a blank line or the end of the input, or,
// when the first is ```, up to the next ``` line.
func readBlock(sc *bufio.Scanner) string {
	var lines []string
	fenced := false
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		trimmed := strings.TrimSpace(line)
		if len(lines) == 0 && !fenced && strings.HasPrefix(trimmed, "```") {
			fenced = true
			continue
		}
		if fenced && trimmed == "```" || !fenced && trimmed == "" {
			break
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n") + "\n"
}

// consoleOption finds the "name:" of an option in a console line.
var consoleOption = regexp.MustCompile(`(?:^|\s)([a-z_]+):\s*`)

// parse reads one console line into a chat.Request.
func (c *console) parse(line string) (chat.Request, bool) {
	req := chat.Request{Locale: c.locale, UserID: c.user, ChannelID: "console", Options: map[string]string{}}
	switch line[0] {
	case '!', '@':
		n, err := strconv.Atoi(strings.TrimSpace(line[1:]))
		switch {
		case err != nil, line[0] == '!' && (n < 1 || n > len(c.buttons)), line[0] == '@' && (n < 1 || n > len(c.options)):
			return req, false
		}
		req.Kind = chat.KindComponent
		if line[0] == '!' {
			req.CustomID = c.buttons[n-1].CustomID
		} else {
			req.CustomID, req.Values = c.options[n-1].menu, []string{c.options[n-1].value}
		}
		req.FromEphemeral = c.last.Ephemeral
		for _, f := range c.last.Files {
			if req.Attachments == nil {
				req.Attachments = map[string]chat.Attachment{}
			}
			req.Attachments[f.Name] = chat.Attachment{Filename: f.Name, URL: "console:" + f.Name, Size: len(f.Data)}
		}
		if len(c.last.Embeds) > 0 {
			req.Footer = c.last.Embeds[0].Footer
		}
		return req, true
	case '>':
		name, text, _ := strings.Cut(strings.TrimSpace(line[1:]), " ")
		if !strings.EqualFold(name, "find") {
			return req, false
		}
		text = strings.TrimSpace(text)
		if t, ok := strings.CutPrefix(strings.ToLower(text), "rulings"); ok {
			text = strings.TrimSpace(text[len(text)-len(t):])
		}
		req.Kind, req.Command, req.TargetText = chat.KindMessageCommand, "Find rulings", text
		return req, true
	case '/', '?':
	default:
		return req, false
	}
	req.Kind = chat.KindCommand
	if line[0] == '?' {
		req.Kind = chat.KindAutocomplete
	}
	rest := strings.TrimSpace(line[1:])
	name, args, _ := strings.Cut(rest, " ")
	def, ok := c.rt.Command(strings.ToLower(name))
	if !ok || def.Type != chat.SlashCommand {
		return req, false
	}
	req.Command = def.Name
	known := map[string]bool{}
	for _, o := range def.Options {
		known[o.Name] = true
	}
	// Split "a: x b: y" on the known option names only, so a question may
	// itself contain a colon.
	var cuts [][]int
	for _, m := range consoleOption.FindAllStringSubmatchIndex(args, -1) {
		if known[args[m[2]:m[3]]] {
			cuts = append(cuts, m)
		}
	}
	for i, m := range cuts {
		end := len(args)
		if i+1 < len(cuts) {
			end = cuts[i+1][0]
		}
		opt := args[m[2]:m[3]]
		req.Options[opt] = strings.TrimSpace(args[m[1]:end])
		req.Focused = opt
	}
	if len(cuts) == 0 && strings.TrimSpace(args) != "" && len(def.Options) > 0 {
		// "/ruling what is phasing": the text goes to the first option.
		req.Options[def.Options[0].Name] = strings.TrimSpace(args)
		req.Focused = def.Options[0].Name
	}
	if req.Kind == chat.KindAutocomplete && req.Focused == "" {
		return req, false
	}
	return req, true
}

// consoleText is the terminal form of a reply: plain text, without
// Discord's markdown, its fields labelled as p's language writes a label
// ("Langue : français"). A field whose name ends as a label does (a
// command and its options, "/rule number: cr_date:") has its value on
// the next line.
func consoleText(p *i18n.Printer, r chat.Response) string {
	var b strings.Builder
	if r.Content != "" {
		b.WriteString(chat.Plain(r.Content) + "\n")
	}
	for _, e := range r.Embeds {
		if e.Title != "" {
			b.WriteString("\n## " + chat.Plain(e.Title) + "\n")
		}
		if e.URL != "" {
			b.WriteString(e.URL + "\n")
		}
		if e.Description != "" {
			b.WriteString(chat.Plain(e.Description) + "\n")
		}
		for _, f := range e.Fields {
			name := strings.TrimSpace(chat.Plain(f.Name))
			value := strings.ReplaceAll(chat.Plain(f.Value), "\n", "\n  ")
			switch {
			case name == "":
				b.WriteString("- " + value + "\n")
			case strings.HasSuffix(name, ":") || strings.HasSuffix(name, "："):
				b.WriteString("- " + name + "\n  " + value + "\n")
			default:
				b.WriteString("- " + p.T(i18n.KeyCLILabelled, name, value) + "\n")
			}
		}
		if e.Footer != "" {
			b.WriteString("(" + e.Footer + ")\n")
		}
	}
	for _, f := range r.Files {
		b.WriteString(fmt.Sprintf("[%s, %d bytes]\n", f.Name, len(f.Data)))
	}
	for _, c := range r.Choices {
		b.WriteString("  " + c.Value + "\t" + c.Name + "\n")
	}
	n := 0
	for _, m := range r.Menus {
		b.WriteString(m.Placeholder + "\n")
		for _, o := range m.Options {
			n++
			line := fmt.Sprintf("  @%d %s", n, o.Label)
			if o.Description != "" {
				line += " (" + o.Description + ")"
			}
			b.WriteString(line + "\n")
		}
	}
	n = 0
	var btns, links []string
	for _, row := range r.Buttons {
		for _, bt := range row {
			if bt.URL != "" {
				links = append(links, bt.Label+": "+bt.URL)
				continue
			}
			n++
			btns = append(btns, fmt.Sprintf("[%d] %s", n, bt.Label))
		}
	}
	if len(btns) > 0 {
		b.WriteString(strings.Join(btns, "  ") + "\n")
	}
	for _, l := range links {
		b.WriteString(l + "\n")
	}
	b.WriteString("\n")
	return b.String()
}
