package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"arbiter/cmd/bot/internal/render"
	"arbiter/engine"
	"arbiter/engine/cardlang"
	"arbiter/i18n"
	"arbiter/kb"

	"golang.org/x/text/number"
)

// cmdCards runs "bot cards coverage".
func cmdCards(e *env, args []string) int { return e.dispatch("cards", args) }

// cmdCardsCoverage runs "bot cards coverage": what the card language makes
// of the cards of a cards file or of an index (default: the default index).
func cmdCardsCoverage(e *env, args []string) int {
	fs := e.newFlagSet("cards coverage")
	cardsFile := fs.String("cards", "", "cards file: Scryfall bulk cards, an MTGJSON set file or JSON Lines")
	index := fs.String("index", "", "index directory built by 'bot kb build' with a cards file (default: the default index)")
	top := fs.Int("top", 20, "how many of the sentences not understood to list")
	lang := fs.String("lang", "", "output language: fr, en or ja")
	asJSON := fs.Bool("json", false, "machine-readable JSON on stdout")
	pos, p, code, ok := e.parseArgs(fs, args, lang, false)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return e.usageError(p, i18n.KeyErrTooManyArgs, "cards coverage")
	}
	if *cardsFile != "" && *index != "" || *top < 0 {
		return e.usageError(p, i18n.KeyCardsUsage)
	}
	var srcs []cardlang.Source
	var err error
	if *cardsFile != "" {
		srcs, err = sourcesOfFile(*cardsFile)
	} else {
		srcs, err = sourcesOfIndexDir(e, p, *index)
	}
	if err != nil {
		return e.inputError(p, err)
	}
	if len(srcs) == 0 {
		fmt.Fprintln(e.stderr, p.T(i18n.KeyCardsNoTexts))
		return 1
	}
	cv := cardlang.NewCompiler().CoverageWith(slices.Values(srcs), func(c cardlang.Card) string {
		_, what := engine.Lacks(c)
		return what
	})
	cv.Sentences = cv.Sentences[:min(len(cv.Sentences), *top)]
	cv.Lacks = cv.Lacks[:min(len(cv.Lacks), *top)]
	if *asJSON {
		return e.writeJSON(cv)
	}
	fmt.Fprint(e.stdout, coverageText(p, cv))
	return 0
}

// coverageText is the coverage report for people.
func coverageText(p *i18n.Printer, cv cardlang.Coverage) string {
	var b strings.Builder
	pct := func(n int) number.Formatter {
		return number.Decimal(100*float64(n)/float64(max(cv.Cards, 1)), number.MinFractionDigits(1), number.MaxFractionDigits(1))
	}
	fmt.Fprintln(&b, p.T(i18n.KeyCardsTitle, cv.Cards))
	fmt.Fprintln(&b, "  "+p.T(i18n.KeyCardsCompiled, cv.Compiled, pct(cv.Compiled)))
	fmt.Fprintln(&b, "  "+p.T(i18n.KeyCardsSimulated, cv.Simulated, pct(cv.Simulated)))
	fmt.Fprintln(&b, "  "+p.T(i18n.KeyCardsRefused, cv.Refused(), pct(cv.Refused())))
	if len(cv.Reasons) > 0 {
		fmt.Fprintln(&b, "\n"+p.T(i18n.KeyCardsReasons))
		for _, r := range cv.Reasons {
			fmt.Fprintf(&b, "%8s  %s\n", p.Number(r.Cards), reasonText(p, r))
		}
	}
	if len(cv.Lacks) > 0 {
		fmt.Fprintln(&b, "\n"+p.T(i18n.KeyCardsLacks))
		for _, l := range cv.Lacks {
			fmt.Fprintf(&b, "%8s  %s  (%s)\n", p.Number(l.Cards), l.Construct, p.T(i18n.KeyCardsExample, l.Example))
		}
	}
	if len(cv.Sentences) > 0 {
		fmt.Fprintln(&b, "\n"+p.T(i18n.KeyCardsSentences))
		for _, s := range cv.Sentences {
			fmt.Fprintf(&b, "%8s  %s  (%s)\n", p.Number(s.Cards), s.Sentence, p.T(i18n.KeyCardsExample, s.Example))
		}
	}
	return b.String()
}

// reasonText says why cards were refused as a whole.
func reasonText(p *i18n.Printer, r cardlang.ReasonCount) string {
	switch r.Reason {
	case cardlang.ReasonFaces:
		return p.T(i18n.KeyCardsReasonFaces)
	case cardlang.ReasonCardType:
		return p.T(i18n.KeyCardsReasonCardType, r.Detail)
	case cardlang.ReasonManaCost:
		return p.T(i18n.KeyCardsReasonManaCost, r.Detail)
	}
	return r.Reason + " " + r.Detail
}

// sourcesOfFile reads a cards file into compiler sources, one per card
// (its faces together), in the file's order.
func sourcesOfFile(path string) ([]cardlang.Source, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &render.FileError{Path: path, Err: err}
	}
	defer f.Close()
	var out []cardlang.Source
	byID := map[string]int{}
	err = kb.ParseCards(filepath.Base(path), f, func(c kb.Card) error {
		if i, ok := byID[c.OracleID]; ok {
			out[i].Faces++
			out[i].Text += "\n" + c.Text
			return nil
		}
		byID[c.OracleID] = len(out)
		out = append(out, cardlang.Source{Name: c.Name, ManaCost: c.ManaCost, TypeLine: c.TypeLine, Text: c.Text, Faces: faces(c.Name)})
		return nil
	})
	return out, err
}

// sourcesOfIndexDir reads the cards of the index in dir.
func sourcesOfIndexDir(e *env, p *i18n.Printer, dir string) ([]cardlang.Source, error) {
	ix, err := e.openIndex(e.ctx, p, dir)
	if err != nil {
		return nil, err
	}
	defer ix.Close()
	return sourcesOfIndex(e.ctx, ix)
}

// sourcesOfIndex reads the cards of an index into compiler sources. An
// index built before cards kept their mana cost has none: X in a card's
// text is then taken as defined.
func sourcesOfIndex(ctx context.Context, ix *kb.Index) ([]cardlang.Source, error) {
	var out []cardlang.Source
	err := ix.EachCard(ctx, func(d kb.CardData) error {
		out = append(out, cardlang.Source{Name: d.Name, ManaCost: d.ManaCost, TypeLine: d.TypeLine, Text: d.Text, Faces: faces(d.Name)})
		return nil
	})
	return out, err
}

// faces is 2 for a card whose name joins its faces' ("Fire // Ice"), else 1.
func faces(name string) int {
	if strings.Contains(name, " // ") {
		return 2
	}
	return 1
}
