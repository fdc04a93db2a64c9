package main

import (
	"fmt"
	"slices"
	"strings"

	"arbiter/cmd/bot/internal/render"
	"arbiter/i18n"
	"arbiter/kb"
)

// cmdRule runs "bot rule NUMBER": a rule with its subrules.
func cmdRule(e *env, args []string) int {
	fs := e.newFlagSet("rule")
	var cf commonFlags
	cf.register(fs)
	crDate := fs.String("cr-date", "", "effective date (YYYY-MM-DD) of an older CR release held in --index")
	publicURL := fs.String("public-url", "", "base URL of the web pages; citations link there")
	pos, p, code, ok := e.parseArgs(fs, args, &cf.lang, false)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		if len(pos) == 0 {
			return e.usageError(p, i18n.KeyErrMissingArg, "rule", "NUMBER")
		}
		return e.usageError(p, i18n.KeyErrTooManyArgs, "rule")
	}
	num := kb.NormalizeRuleNumber(pos[0])
	if !render.ValidRuleNumber(num) {
		return e.usageError(p, i18n.KeyErrBadRuleNumber, pos[0])
	}
	ix, err := e.openIndex(e.ctx, p, cf.index)
	if err != nil {
		return e.inputError(p, err)
	}
	defer ix.Close()
	if *crDate != "" && !slices.Contains(ix.Meta().CRDates, *crDate) {
		if len(ix.Meta().CRDates) == 0 {
			fmt.Fprintln(e.stderr, p.T(i18n.KeyErrNoRulesInIndex, num))
			return 1
		}
		return e.usageError(p, i18n.KeyCLIUnknownRelease, *crDate, strings.Join(ix.Meta().CRDates, ", "))
	}
	res, found, err := ix.Rule(e.ctx, num, *crDate)
	if err != nil {
		return e.inputError(p, err)
	}
	if !found {
		if cf.json {
			e.writeJSON(render.RuleAnswer{Asked: num, Subrules: []render.Citation{}})
		}
		if ix.Meta().CurrentCR == "" {
			fmt.Fprintln(e.stderr, p.T(i18n.KeyErrNoRulesInIndex, num))
		} else {
			fmt.Fprintln(e.stderr, p.T(i18n.KeyErrUnknownRule, num))
		}
		return 1
	}
	out := render.RuleAnswer{Asked: num, Subrules: []render.Citation{}, Current: res.Current, Abolished: res.Abolished && len(res.Old) > 0}
	if res.Rule.ID != "" {
		c := render.CitationOf(res.Rule, 0, "", *publicURL)
		out.Rule = &c
	}
	for _, d := range res.Subrules {
		out.Subrules = append(out.Subrules, render.CitationOf(d, 0, "", *publicURL))
	}
	for _, d := range res.Old {
		out.Old = append(out.Old, render.CitationOf(d, 0, "", *publicURL))
	}
	out.CitedBy = render.CitedClarifications(res.CitedBy, p.Lang().String(), ix.CardNames, *publicURL)
	if *crDate != "" && res.Rule.ID != "" {
		if ch, ok := ix.ChangedSince(e.ctx, num, *crDate); ok {
			out.ChangedSince = &ch
		}
	}
	if cf.json {
		return e.writeJSON(out)
	}
	fmt.Fprint(e.stdout, render.RuleText(p, out))
	return 0
}
