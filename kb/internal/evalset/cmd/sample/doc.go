// Command sample draws the texts the evaluation questions are written from,
// and maintains the evaluation files of package evalset.
//
// Run it from the repository root; the shared data is read from
// ../shared/data (-data) and the corpus from package data.
//
//	go run ./kb/internal/evalset/cmd/sample [-seed 20261203] [-rulings 120] [-rules 80] [-keywords 40] [-glossary 20] [-ygo 25] [-corpus 10] [-kind K]
//
// prints the sampled items, each with its ID and text, so that a question
// can be written for it: the rulings of random cards (uniform over the
// cards that have rulings, then one of the card's rulings, uniformly; the
// card's French and Japanese names and all its rulings beside), rules of
// the current Comprehensive Rules outside sections 701 and 702 (rules and
// subrules with text, stratified by part 1–9 in proportion to each part's
// size, at least one each), keyword abilities and actions (rules of 701 and
// 702, uniformly, with their subrules), glossary entries, Yu-Gi-Oh! Q&A and
// card FAQ records, and documents of the embedded corpus (originals). The
// same seed and counts give the same items. -kind limits the output to one
// kind (ruling, rule, keyword, glossary, ygo, corpus). The split of an
// item's group is not printed: questions are written blind to it.
//
//	go run ./kb/internal/evalset/cmd/sample -card NAME
//
// prints one card (English name or Oracle ID): its names, Oracle text and
// every ruling with its ID, to list all the rulings that answer a question.
//
//	go run ./kb/internal/evalset/cmd/sample -add FILE
//
// reads rows written for sampled items (the row format of package evalset,
// group optional: it defaults to the group of item), checks them (language,
// kind, every expected ID held by the data, the item's group among the
// expected IDs' groups, no question already in a set), and appends each to
// kb/testdata/eval/sampled/<split>.yaml, the split its group hashes to.
//
//	go run ./kb/internal/evalset/cmd/sample -tables
//	go run ./kb/internal/evalset/cmd/sample -seen [FILE...]
//
// regenerate kb/internal/evalset/groups_gen.go (the groups of glossary
// entries, Yu-Gi-Oh! records and corpus documents, from the data) and
// seen_gen.go (the groups the sets that existed before the split touch,
// and those of the judge's examples, in the sampled files or in the FILEs
// given before they are added; frozen once the split exists).
//
//	go run ./kb/internal/evalset/cmd/sample -ordinary en|fr|ja [-words FILE]
//
// prints the candidates of the ordinary-word lists: card names (English, or
// printed in that language), whole or one word of them, that the language's
// own rules texts use as ordinary words (English: the Comprehensive Rules,
// rulings and Oracle texts; French and Japanese: the printed card texts),
// with how often, most frequent first. -words adds everyday words the
// rules texts never write in lower case ("fog", "castle"): those that are
// a card name, or one word of one, are listed too. The lists of
// kb/testdata/eval/ordinary were picked from this output by hand
// (kb/testdata/eval/ordinary/words-*.txt are the -words files used).
package main
