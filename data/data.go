// Package data embeds Arbiter's default corpus: clarification documents
// converted from the project's seed documents, the cross-language term
// glossary and the old-to-current rule numbering table. See README.md in this
// folder for provenance and licences, and package kb for the formats.
package data

import (
	"embed"
	"io/fs"
)

//go:embed corpus glossary.yaml renumbering.yaml cards.yaml
var files embed.FS

// FS returns the embedded corpus, read-only.
func FS() fs.FS { return files }
