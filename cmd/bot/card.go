package main

import (
	"fmt"
	"strings"

	"arbiter/cmd/bot/internal/render"
	"arbiter/i18n"
)

// cmdCard runs "bot card NAME": a card's rulings, found by its English,
// French or Japanese name.
func cmdCard(e *env, args []string) int {
	fs := e.newFlagSet("card")
	var cf commonFlags
	cf.register(fs)
	publicURL := fs.String("public-url", "", "base URL of the web pages; citations link there")
	pos, p, code, ok := e.parseArgs(fs, args, &cf.lang, true)
	if !ok {
		return code
	}
	name := strings.Join(pos, " ")
	if strings.TrimSpace(name) == "" {
		return e.usageError(p, i18n.KeyErrMissingArg, "card", "NAME")
	}
	if len([]rune(name)) > 200 {
		return e.usageError(p, i18n.KeyErrQuestionTooLong, 200)
	}
	ix, err := e.openIndex(e.ctx, p, cf.index)
	if err != nil {
		return e.inputError(p, err)
	}
	defer ix.Close()
	res, found, err := ix.Card(e.ctx, name)
	if err != nil {
		return e.inputError(p, err)
	}
	if !found {
		if cf.json {
			e.writeJSON(render.CardAnswer{Names: map[string]string{}, Rulings: []render.Citation{}})
		}
		if ix.Meta().CardTexts == 0 {
			fmt.Fprintln(e.stderr, p.T(i18n.KeyErrNoCardsInIndex, name))
		} else {
			fmt.Fprintln(e.stderr, p.T(i18n.KeyErrUnknownCard, name))
		}
		return 1
	}
	out := render.CardAnswerOf(p, res, *publicURL)
	if cf.json {
		return e.writeJSON(out)
	}
	fmt.Fprint(e.stdout, render.CardText(p, name, out))
	return 0
}
