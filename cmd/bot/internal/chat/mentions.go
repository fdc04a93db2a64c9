package chat

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"
	"time"
	"unicode/utf8"

	"arbiter/cmd/bot/internal/render"
	"arbiter/i18n"
	"arbiter/kb"
)

// Message is an ordinary chat message that may name cards as [[name]]:
// transport-neutral, like Request.
type Message struct {
	ID        string
	ChannelID string
	GuildID   string // "" in direct messages
	AuthorID  string
	Content   string
	// GuildLocale is the server's language on Discord ("fr", "en-US"),
	// when known.
	GuildLocale string
}

// MentionsConfig bounds the replies to the cards named in messages: each
// answered message spends a token of its author's bucket and one of its
// channel's (nil: no bound), so that neither a user nor a busy channel
// turns the bot into a flood.
type MentionsConfig struct {
	User, Channel *RateLimiter
}

// Default limits of the replies to [[name]].
const (
	MentionUserBurst    = 4  // messages a user gets answered in a burst
	MentionChannelBurst = 10 // messages a channel gets answered in a burst
	MentionPeriod       = 30 * time.Second
)

// MentionLimits returns the limits of the replies to [[name]]: userBurst
// messages per user and channelBurst per channel in every period (zero:
// the defaults), in buckets kept in store (shared by the replicas on it;
// nil: this process's memory), beside those of the interactions.
func MentionLimits(userBurst, channelBurst int, period time.Duration, store Store) MentionsConfig {
	userBurst = positiveOr(userBurst, MentionUserBurst)
	channelBurst = positiveOr(channelBurst, MentionChannelBurst)
	if period <= 0 {
		period = MentionPeriod
	}
	return MentionsConfig{
		User:    NewRateLimiter(userBurst, period, 100000).Keyed("mention-user:").Shared(store),
		Channel: NewRateLimiter(channelBurst, period, 100000).Keyed("mention-channel:").Shared(store),
	}
}

// positiveOr is v, or def when v is not positive.
func positiveOr(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

// Outcomes of a message read for mentions (Response.Outcome).
const (
	MentionNone        = "none"         // it names no card
	MentionAnswered    = "ok"           // cards shown
	MentionUnknown     = "unknown"      // only names no card has: suggestions
	MentionRateLimited = "rate_limited" // its author or channel is over the limit: no reply
	MentionError       = "error"        // something went wrong: no reply (it is logged)
)

// Mentions answers the cards a message names as [[name]] (see
// ParseMentions): up to MaxMentions compact cards in the language of the
// server, each with a button that shows its rulings, and one short line
// for each name no card has, with the closest cards. It returns no reply
// (an empty Response) when the message names nothing, when its author or
// channel is over the limits, or when something goes wrong: a chat is
// never answered with an error.
func (rt *Router) Mentions(ctx context.Context, m Message) (resp Response) {
	ms, more := ParseMentions(m.Content, MaxMentions)
	if len(ms) == 0 {
		return Response{Outcome: MentionNone}
	}
	defer func() {
		if v := recover(); v != nil {
			rt.log.Error("mentions panic", "message", m.ID, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			resp = Response{Outcome: MentionError}
		}
	}()
	now := rt.now()
	if l := rt.mentions.User; l != nil && m.AuthorID != "" {
		if ok, _ := l.allow(ctx, m.AuthorID, now); !ok {
			return Response{Outcome: MentionRateLimited}
		}
	}
	if l := rt.mentions.Channel; l != nil && m.ChannelID != "" {
		if ok, _ := l.allow(ctx, m.ChannelID, now); !ok {
			return Response{Outcome: MentionRateLimited}
		}
	}
	lang := rt.mentionLang(m)
	p := rt.printer(lang)
	ix, release := rt.index()
	defer release()
	var lines []string
	var cards []mentionCard
	seen := map[string]bool{}
	for _, mn := range ms {
		name := cleanText(mn.Name)
		res, found, err := ix.Card(ctx, name)
		if err != nil {
			rt.log.Warn("mentions: card lookup", "name", name, "err", err)
			return Response{Outcome: MentionError}
		}
		typo, clear := false, true
		if found && res.Fuzzy {
			var card string
			if card, typo, clear = clearMatch(ctx, ix, name, res); clear && card != res.Name {
				// A suggestion is the card meant: its own texts.
				if res, found, err = ix.Card(ctx, card); err != nil {
					rt.log.Warn("mentions: card lookup", "name", card, "err", err)
					return Response{Outcome: MentionError}
				}
			}
		}
		switch {
		case !found:
			lines = append(lines, p.T(i18n.KeyMentionsUnknown, escapeText(name)))
			continue
		case !clear:
			var names []string
			for _, n := range append([]string{res.Name}, res.Suggestions...)[:min(3, 1+len(res.Suggestions))] {
				names = append(names, "**"+escapeText(cardDisplay(ctx, p, ix, n))+"**")
			}
			lines = append(lines, p.T(i18n.KeyMentionsDidYouMean, escapeText(name), p.ListOr(names)))
			continue
		}
		key := string(rune('0'+mn.Kind)) + res.Name
		if seen[key] {
			continue
		}
		seen[key] = true
		c := mentionCard{kind: mn.Kind, res: res}
		if typo {
			c.asked = name
		}
		if res.YGO == nil {
			c.data, _ = ix.CardData(ctx, res.Name)
		}
		cards = append(cards, c)
	}
	if more > 0 {
		lines = append(lines, p.T(i18n.KeyMentionsMore, MaxMentions))
	}
	r := Response{Content: clipEscaped(strings.Join(lines, "\n"), MaxContent), Outcome: MentionAnswered}
	if len(cards) == 0 {
		r.Outcome = MentionUnknown
	}
	budget := (MaxEmbedTotal - 400) / max(1, len(cards))
	var row []Button
	ids := map[string]bool{}
	for _, c := range cards {
		r.Embeds = append(r.Embeds, rt.mentionEmbed(p, c, budget))
		if b, ok := rulingsButton(p, lang, c, len(cards)); ok && !ids[b.CustomID] {
			ids[b.CustomID] = true
			row = append(row, b)
		}
	}
	if len(row) > 0 {
		r.Buttons = [][]Button{row}
	}
	return FitLimits(r)
}

// mentionLang is the language of the reply to a message, which everyone
// in the channel reads: the channel's /language setting, else the
// server's, else the server's Discord language; in direct messages, the
// user's setting. English otherwise.
func (rt *Router) mentionLang(m Message) i18n.Lang {
	if rt.prefs != nil {
		user := ""
		if m.GuildID == "" {
			user = m.AuthorID
		}
		if l, ok := rt.prefs.lang(user, m.ChannelID, m.GuildID); ok {
			return l
		}
	}
	if _, ok := i18n.ParseLang(m.GuildLocale); ok {
		return rt.cat.Match(m.GuildLocale)
	}
	return i18n.EN
}

// mentionCard is a card a message names, found.
type mentionCard struct {
	kind  MentionKind
	res   kb.CardResult
	data  kb.CardData // a Magic card's texts
	asked string      // the name as written, when it was matched loosely
}

// localName is a card's name in the reader's language: its newest
// printing's, as /card names it.
func localName(res kb.CardResult, l i18n.Lang) string {
	if ns := res.Names[l.String()]; len(ns) > 0 {
		return ns[len(ns)-1]
	}
	return ""
}

// cardDisplay names the card with that English name as the reader knows
// it, the English beside.
func cardDisplay(ctx context.Context, p *i18n.Printer, ix Index, english string) string {
	local := ""
	if cd, ok := ix.CardData(ctx, english); ok {
		if ns := cd.Names[p.Lang().String()]; len(ns) > 0 {
			local = ns[len(ns)-1]
		}
	}
	return i18n.CardName(p, english, local)
}

// mentionEmbed is a card as a reply to [[name]] shows it, within budget
// characters: its name as printed in the reader's language and in
// English, its mana cost and type line, its Oracle text and printed text,
// and a link to its page; [[!name]] links to its picture instead, and
// [[?name]] adds its first rulings.
func (rt *Router) mentionEmbed(p *i18n.Printer, c mentionCard, budget int) Embed {
	res, cd := c.res, c.data
	e := Embed{Title: escapeText(i18n.CardName(p, res.Name, localName(res, p.Lang()))), Color: colorRuling}
	var foot []string
	if c.asked != "" {
		foot = append(foot, p.T(i18n.KeyMentionsClosest, footerText(c.asked)))
	}
	switch {
	case res.YGO != nil:
		e.URL = httpURL(res.YGO.URL)
		if e.URL == "" && res.YGO.ID != "" {
			e.URL = render.YGOCardURL(res.YGO.ID)
		}
		e.Description = p.T(i18n.KeyMentionsYGO)
		e.Color = colorDoc
	case c.kind == MentionPicture:
		if res.Oracle != nil {
			e.URL = httpURL(res.Oracle.URL)
			e.Description = p.T(i18n.KeyMentionsPicture, e.URL)
		}
		return finishEmbed(p, e, foot, res)
	default:
		if res.Oracle != nil {
			e.URL = httpURL(res.Oracle.URL)
		}
		if rt.publicURL != "" {
			e.URL = httpURL(render.DocURL(rt.publicURL, kb.Doc{Card: res.Name}))
		}
		var head []string
		for _, s := range []string{cd.ManaCost, cd.TypeLine} {
			if s != "" {
				head = append(head, escapeText(s))
			}
		}
		desc := strings.Join(head, " · ")
		if cd.Text != "" {
			desc += "\n" + escapeText(Clip(cd.Text, budget*2/5))
		}
		e.Description = strings.TrimSpace(desc)
		if pr, ok := cd.Printed[p.Lang().String()]; ok && p.Lang() != i18n.EN && pr.Text != "" {
			v := pr.Text
			if pr.Type != "" {
				v = pr.Type + "\n" + v
			}
			e.Fields = append(e.Fields, Field{Name: p.T(i18n.KeyMentionsPrinted, p.LangName(p.Lang())), Value: escapeText(Clip(v, budget/3))})
		}
	}
	if c.kind == MentionRulings && len(res.Rulings) > 0 {
		ca := render.CardAnswerOf(p, res, rt.publicURL)
		shown := min(3, len(ca.Rulings))
		room := max(100, (budget-runes(e.Description)-500)/shown)
		for i, r := range ca.Rulings[:shown] {
			head := render.SourceName(p, r.Source)
			if r.Date != "" {
				head = p.Date(r.Date) + " · " + head
			}
			if i == 0 {
				head = p.T(i18n.KeyMentionsFirstRuling, shown, len(ca.Rulings)) + " — " + head
			}
			v := escapeText(Clip(r.Text, room))
			if r.MachineTranslated {
				v += "\n*" + render.MTLabel(p, r) + "*"
			}
			e.Fields = append(e.Fields, Field{Name: escapeText(head), Value: v})
		}
	}
	return finishEmbed(p, e, foot, res)
}

// finishEmbed ends a card's embed with its footer: the loose match, who
// publishes the card's texts and how many rulings it has.
func finishEmbed(p *i18n.Printer, e Embed, foot []string, res kb.CardResult) Embed {
	if res.Oracle != nil && res.Oracle.Source != "" {
		foot = append(foot, render.SourceName(p, res.Oracle.Source))
	}
	if len(res.Rulings) > 0 {
		foot = append(foot, p.T(i18n.KeyMentionsRulings, len(res.Rulings)))
	} else {
		foot = append(foot, p.T(i18n.KeyMentionsNoRulings))
	}
	e.Footer = strings.Join(foot, " · ")
	return e
}

// rulingsButton is the button that shows a card's rulings, as /card
// does (for the clicker alone, with its pages and languages), when it has
// some and its name fits in the button's custom_id.
func rulingsButton(p *i18n.Printer, lang i18n.Lang, c mentionCard, cards int) (Button, bool) {
	if len(c.res.Rulings) == 0 {
		return Button{}, false
	}
	st := replyState{Action: actPage, Cmd: "card", Lang: lang, Arg: c.res.Name}
	id := st.encode()
	if !strings.HasSuffix(id, ":"+c.res.Name) {
		return Button{}, false
	}
	label := p.T(i18n.KeyMentionsButton) + " (" + p.Number(len(c.res.Rulings)) + ")"
	if cards > 1 {
		name := localName(c.res, lang)
		if name == "" {
			name = c.res.Name
		}
		label = p.T(i18n.KeyMentionsButtonCard, name)
	}
	return Button{Label: Clip(label, MaxButtonLabel), Style: StyleSecondary, CustomID: id}, true
}

// clearMatch is the card a player means by asked, a name found loosely:
// among the candidates, the one whose name in some language starts with
// asked or has a word that does (a Japanese name: holds it), else the
// one that is asked with the fewest typos, when no other candidate is as
// close. typo tells whether asked has typos; ok is false with no clear
// card.
func clearMatch(ctx context.Context, ix Index, asked string, res kb.CardResult) (card string, typo, ok bool) {
	a := kb.NormalizeName(asked)
	if a == "" {
		return "", false, false
	}
	score := func(english string) int {
		names := []string{english}
		if english == res.Name && res.YGO != nil {
			names = append(names, res.YGO.JAName)
			names = append(names, res.YGO.Aliases...)
		} else if cd, ok := ix.CardData(ctx, english); ok {
			for _, l := range []string{"fr", "ja"} {
				names = append(names, cd.Names[l]...)
			}
		}
		best := noMatch
		for _, n := range names {
			best = min(best, nameScore(a, kb.NormalizeName(n)))
		}
		return best
	}
	best, tie := noMatch, false
	for _, c := range append([]string{res.Name}, res.Suggestions...) {
		switch sc := score(c); {
		case sc < best:
			best, card, tie = sc, c, false
		case sc == best:
			tie = true
		}
	}
	if best == noMatch || tie {
		return "", false, false
	}
	return card, best > 0, true
}

// noMatch is the score of a name that is not the one meant.
const noMatch = 1 << 20

// nameScore tells how close the folded name f is to what a player means
// by the folded a: 0 when f starts with a, a word of f does, or f holds a
// in Japanese, where words are not spaced (a partial name); else the
// number of typos that make a of f, at most one in a name of four
// letters or more and two in one of ten or more; else noMatch.
func nameScore(a, f string) int {
	if f == "" {
		return noMatch
	}
	n := utf8.RuneCountInString(a)
	if strings.HasPrefix(f, a) || strings.Contains(f, " "+a) || n >= 2 && i18n.Detect(a) == i18n.JA && strings.Contains(f, a) {
		return 0
	}
	typos := 0
	switch {
	case n >= 10:
		typos = 2
	case n >= 4:
		typos = 1
	}
	if d := editDistance(a, f, typos); typos > 0 && d <= typos {
		return d
	}
	return noMatch
}

// editDistance is the optimal string alignment distance between a and b
// (insertions, deletions, substitutions and swaps of neighbours), or
// limit+1 when it is more than limit.
func editDistance(a, b string, limit int) int {
	x, y := []rune(a), []rune(b)
	if d := len(x) - len(y); d > limit || -d > limit {
		return limit + 1
	}
	prev2 := make([]int, len(y)+1)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			best = min(best, cur[j])
		}
		if best > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(y)]
}
