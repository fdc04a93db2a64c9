// Command snapshot makes the snapshot of the official data that package
// data embeds: from the files of a shared data folder (../shared/data by
// default, described by its SOURCES.md), the Comprehensive Rules, the card
// rulings, the cards with their French and Japanese names and texts and the
// Yu-Gi-Oh! rulings and card names, each in its upstream format with only
// the fields kb's parsers read, compressed with zstd, under the upstream's
// relative path (data/official/mtg/cr/MagicCompRules_20260417.txt.zst).
//
//	go run ./data/cmd/snapshot [-from ../shared/data] [-out data/official]
//
// It checks that kb's parsers read each snapshot file to the same values
// as the upstream file, and writes MANIFEST: for each file, the SHA-256 and
// size of the upstream file and of the snapshot's content. The output
// depends only on the input files and the zstd library's version: the same
// inputs give the same bytes.
package main
