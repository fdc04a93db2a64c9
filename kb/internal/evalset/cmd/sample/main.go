package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"arbiter/data"
	"arbiter/kb/internal/evalset/evaldata"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "sample:", err)
		os.Exit(1)
	}
}

// counts are how many items of each kind to draw.
type counts struct {
	rulings, rules, keywords, glossary, ygo, corpus int
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("sample", flag.ContinueOnError)
	dir := fs.String("data", "../shared/data", "the shared data directory")
	seed := fs.Uint64("seed", 20261203, "the seed of the draw")
	var n counts
	fs.IntVar(&n.rulings, "rulings", 120, "card rulings to draw (cards uniformly among those with rulings)")
	fs.IntVar(&n.rules, "rules", 80, "Comprehensive Rules rules to draw outside 701 and 702, stratified by part")
	fs.IntVar(&n.keywords, "keywords", 40, "keyword abilities and actions (rules of 701 and 702) to draw")
	fs.IntVar(&n.glossary, "glossary", 20, "glossary entries to draw")
	fs.IntVar(&n.ygo, "ygo", 25, "Yu-Gi-Oh! records to draw")
	fs.IntVar(&n.corpus, "corpus", 10, "embedded corpus documents to draw")
	kind := fs.String("kind", "", "print only this kind: ruling, rule, keyword, glossary, ygo or corpus")
	add := fs.String("add", "", "append the rows of this file to the split files their groups hash to")
	tables := fs.Bool("tables", false, "regenerate kb/internal/evalset/groups_gen.go from the data")
	seen := fs.Bool("seen", false, "regenerate kb/internal/evalset/seen_gen.go from the evaluation sets")
	card := fs.String("card", "", "print a card's names, Oracle text and rulings (English name or Oracle ID)")
	ordinary := fs.String("ordinary", "", "print the ordinary-word candidates of this language (en, fr, ja)")
	words := fs.String("words", "", "with -ordinary: a file of everyday words (one a line) to look up among the names too")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *seen {
		return writeSeen(fs.Args())
	}
	if fs.NArg() > 0 {
		return errors.New("unexpected arguments")
	}
	d, err := evaldata.Load(*dir, data.FS())
	if err != nil {
		return err
	}
	switch {
	case *tables:
		return writeTables(d)
	case *add != "":
		return addRows(d, *add, out)
	case *card != "":
		return printCard(d, *card, out)
	case *ordinary != "":
		listed, err := readWords(*words)
		if err != nil {
			return err
		}
		return printOrdinary(d, *ordinary, listed, out)
	}
	return printItems(d, *seed, n, *kind, out)
}

// readWords reads a file of words, one a line, lower-cased; no file, no
// words.
func readWords(file string) (map[string]bool, error) {
	words := map[string]bool{}
	if file == "" {
		return words, nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	for _, l := range strings.Split(string(b), "\n") {
		if w := strings.TrimSpace(strings.ToLower(l)); w != "" && !strings.HasPrefix(w, "#") {
			words[w] = true
		}
	}
	return words, nil
}
