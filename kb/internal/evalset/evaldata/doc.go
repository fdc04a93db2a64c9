// Package evaldata reads the answer side of the evaluation: every text of
// the official data (../shared/data) and of the embedded corpus (package
// data) that a question can expect, parsed with kb's own parsers so that
// IDs are the ones the index gives (ruling numbers included), without
// building an index.
//
// It backs the evaluation sampler (cmd/sample) and the tests of package
// evalset: Holds tells whether an expected ID names a text, GroupTable
// gives the group of the IDs whose group cannot be read from the ID alone
// (glossary entries, Yu-Gi-Oh! records, corpus documents).
package evaldata
