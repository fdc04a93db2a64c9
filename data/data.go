// Package data embeds Arbiter's default knowledge: the clarification
// documents converted from the project's seed documents, the
// cross-language term glossary and the old-to-current rule numbering table
// (FS), and a snapshot of the official data (Official): the Comprehensive
// Rules, the card rulings, the cards with their French and Japanese names
// and texts, and the Yu-Gi-Oh! rulings. See README.md in this folder for
// provenance and licences, and package kb for the formats.
package data

import (
	"embed"
	"io/fs"
)

//go:embed corpus glossary.yaml renumbering.yaml cards.yaml
var files embed.FS

//go:embed official
var official embed.FS

// FS returns the embedded corpus, read-only.
func FS() fs.FS { return files }

// Official returns the snapshot of the official data, read-only: each
// upstream file, with only the fields kb reads, compressed with zstd
// under its upstream path and ".zst" (mtg/cr/MagicCompRules_20260417.txt.zst),
// and MANIFEST, the digests of the upstream files and of the snapshot's.
func Official() fs.FS {
	sub, err := fs.Sub(official, "official")
	if err != nil {
		panic(err) // "official" is a valid path: fs.Sub cannot fail on it
	}
	return sub
}
