// Package evalset loads the search evaluation sets and tells, for any row
// of any set, which split (train, dev or test) the texts it is about fall
// in, so that a harness can train on train, tune on dev and keep test out
// of both.
//
// # Files
//
// kb/testdata/eval/sampled/{train,dev,test}.yaml hold the questions written
// from the answer side: texts sampled uniformly from the official data and
// the embedded corpus (see cmd/sample), then one question a player would
// type for each, in English, French and Japanese. The older sets of
// kb/testdata/eval (dev.yaml, holdout.yaml, questions.yaml, reported.yaml)
// have the same rows without group and item; Load reads them all.
//
// # Rows
//
// A file is a YAML list of flow mappings, one row a line:
//
//	# kb/testdata/eval/sampled/dev.yaml
//	- {q: "...", lang: fr, kind: card, name: fr, expect: ["ruling:<oracle id>:3"], group: "card:<oracle id>", item: "ruling:<oracle id>:3", note: "..."}
//
// The fields:
//
//	q       the question as typed on Discord (typos, missing accents, full-width forms kept)
//	lang    the question's language: en, fr or ja
//	kind    card (about a Magic card), rules (general rules, the CR glossary),
//	        keyword (what a keyword ability or action does), ygo (Yu-Gi-Oh!),
//	        none (the data holds no answer)
//	name    card questions: the language of the card name used (en, fr, ja)
//	expect  the IDs of every text that answers; one of them in the top 5 is a
//	        hit; empty for kind none
//	group   the group the row belongs to (see Group); sampled rows only
//	item    the ID of the sampled text the question was written from; for an
//	        unanswerable row "none:<slug>"; sampled rows only
//	note    free text; "judge: ..." marks the examples of the judge's report
//
// IDs are those of package kb (see kb/doc.go), with two patterns:
// "cr:<n>+" is rule n or any of its subrules, "ruling:<oracle id>:*" any
// ruling of that card. A translation counts for its original, a face of a
// card ("card:<oracle id>/b") for the card.
//
// # Groups and splits
//
// A group is what must not be in two splits. Group maps an ID to its group:
//
//	ruling:<oracle>:<n>, card:<oracle>[/side][.lang]  card:<oracle>  (one card)
//	cr:<NNN>.<n>[<letter>] in sections 701 and 702    cr:<NNN>.<n>   (one keyword)
//	any other cr:<NNN>...                              cr:<NNN>       (one section)
//	glossary:<slug>     the group of the first rule the entry refers to, else itself
//	ygo:<record id>     ygo-card:<first card id of the record>, else itself
//	a corpus document   the group of its card, else of its current rule, else itself
//
// The last three come from a table generated from the data (groups_gen.go,
// "go run ./kb/internal/evalset/cmd/sample -tables"). Older releases
// (cr@<date>:...) go with the current rule of the same number.
//
// SplitOf assigns a group's split from a hash of its name (FNV-1a 64 of
// "evalset/v1:" + group, modulo 100: below 45 train, below 65 dev, else
// test), so that nobody chooses splits by hand. Groups that sets tuned on
// before this split existed already touch (every group of every row of
// dev.yaml, questions.yaml, reported.yaml and holdout.yaml, an unanswerable
// row's made from its question, and those of the examples of the judge's
// report that the sampled files carry with a note starting "judge:") can
// never be test: their hash is taken modulo 65 instead. That list is
// frozen in seen_gen.go ("cmd/sample -seen").
//
// A row's Split is the split of its own group (its group field, else the
// group of its first expected ID, else of its question); Touches tells
// whether any group of the row, expected IDs included, falls in a split. A
// tuning harness keeps every row that Touches(Test) out of training and
// tuning.
//
// # Ordinary words
//
// kb/testdata/eval/ordinary/{en,fr,ja}.yaml list, per language, 200
// everyday words that are also card names ("turn", "début", "暴動"), each
// with the card it collides with and a rules question using the word in its
// ordinary sense (LoadOrdinary, Ordinary): a search must not link that
// card for that question.
package evalset
