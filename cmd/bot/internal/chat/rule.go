package chat

import (
	"context"
	"strings"

	"arbiter/cmd/bot/internal/render"
	"arbiter/i18n"
)

// rulePage answers /rule: a page of a rule's text with its subrules and
// examples, what an old number became, and the texts that cite it.
func (rt *Router) rulePage(ctx context.Context, c call) (Response, error) {
	p, st, ix := c.p, c.st, c.ix
	num, crDate, _ := strings.Cut(st.Arg, "@")
	if num == "" {
		return Response{}, userErr(i18n.KeyDiscordMissingOption, "number")
	}
	if !render.ValidRuleNumber(num) {
		return Response{}, userErr(i18n.KeyErrBadRuleNumber, escapeText(num))
	}
	res, found, err := ix.Rule(ctx, num, crDate)
	if err != nil {
		return Response{}, err
	}
	if !found {
		if ix.Meta().CurrentCR == "" {
			return Response{}, userErr(i18n.KeyErrNoRulesInIndex, escapeText(num))
		}
		return Response{}, userErr(i18n.KeyErrUnknownRule, escapeText(num))
	}
	var r Response
	if len(res.Old) > 0 || res.Abolished {
		if res.Current != "" {
			r.Content = p.T(i18n.KeyDiscordRuleOld, num, res.Current)
		} else {
			r.Content = p.T(i18n.KeyDiscordRuleAbolished, num)
		}
		for _, o := range res.Old {
			c := render.CitationOf(o, 0, "", rt.publicURL)
			r.Embeds = append(r.Embeds, Embed{Title: escapeText(render.Heading(p, c)), Description: escapeText(Clip(o.Text, 1500)), Color: colorDoc})
			if len(r.Embeds) == 2 {
				break
			}
		}
	}
	if res.Rule.ID == "" {
		return r, nil
	}
	head := render.CitationOf(res.Rule, 0, "", rt.publicURL)
	lines := []string{escapeText(res.Rule.Text)}
	for _, ex := range res.Rule.Examples {
		lines = append(lines, "> "+escapeText(ex))
	}
	for _, s := range res.Subrules {
		lines = append(lines, "**"+s.Ref+"** "+escapeText(s.Text))
		for _, ex := range s.Examples {
			lines = append(lines, "> "+escapeText(ex))
		}
	}
	pages := paginate(lines, rulePageChars)
	if st.Page >= len(pages) {
		st.Page = len(pages) - 1
	}
	e := Embed{Title: escapeText(render.Heading(p, head)), URL: httpURL(head.URL), Description: pages[st.Page], Color: colorRule}
	if len(pages) > 1 {
		e.Footer = p.T(i18n.KeyDiscordPage, st.Page+1, len(pages))
	}
	if len(res.CitedBy) > 0 && st.Page == 0 {
		var cited []string
		for i, g := range render.GroupClarifications(res.CitedBy, st.Lang.String(), ix.CardNames) {
			if i == 5 {
				break
			}
			cited = append(cited, "• "+escapeText(render.GroupHeading(p, g, rt.publicURL)))
		}
		e.Fields = append(e.Fields, Field{Name: p.T(i18n.KeyDiscordRuleCitedBy), Value: strings.Join(cited, "\n")})
	}
	r.Embeds = append(r.Embeds, e)
	if nav := pager(p, st, len(pages), i18n.KeyDiscordButtonNext); len(nav) > 0 {
		r.Buttons = append(r.Buttons, nav)
	}
	return r, nil
}
