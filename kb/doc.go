// Package kb ingests the official texts (Comprehensive Rules, card rulings,
// card names, clarification documents), indexes them with bleve and answers
// questions with citations.
//
// Parsing is separate from indexing: every parser is a pure function from
// bytes (or a stream) to typed records, with no file system access, so it can
// be tested and fuzzed on its own. The index takes those records as Docs.
//
// # Document IDs
//
// Every citable document has a stable ID that citations carry:
//
//	cr:702.26d                  a rule of the current CR release ("cr:702.26" for a rule, "cr:702" for a section)
//	cr@2026-01-16:702.26d       the same rule in an older release that the index also holds
//	glossary:phased-in-phased-out  a CR glossary entry (slug of the English term)
//	glossary@2026-01-16:<slug>  the same in an older release
//	ruling:<oracle_id>:<n>      the n-th ruling (from 1, in source order) of a card, from rulings files
//	card:<oracle_id>            a card (names in every language), used for name lookup, not cited;
//	                            card:<oracle_id>/<side> for a face, card:<slug> for a card known only by name
//	ygo:<record id>             a Yu-Gi-Oh! Q&A or card FAQ record
//	<corpus id>                 a document from the project's corpus format, as written in its file
//	<stem>, <stem>-<n>          a seed document given to --docs (stem of its file name), section n
//	<stem>-<old rule>           an old rule quoted by a forum article, <stem>-c<n> its commentary
//
// # Corpus format
//
// The embedded corpus (package data, folder corpus/) and any file given to
// "bot kb build --docs" with the extension .yaml uses this format. One file
// holds the documents of one source (a ruling feed, an article, a wiki page):
//
//	source: wotc                    # publisher, inherited by every doc that does not set it
//	title: "March of Swirling Mist release notes"
//	url: https://...                # link to the source, inherited
//	game: mtg                       # mtg | ygo, inherited
//	lang: en                        # inherited
//	date: 2022-02-18                # YYYY-MM-DD, inherited
//	docs:
//	  - id: wotc-2022-02-18-phasing-2   # unique across the corpus: letters, digits, . - _
//	    kind: ruling                # ruling | doc | rule (old or abolished rules) | glossary
//	    card: March of Swirling Mist   # rulings: the English card name
//	    ref: "502.15h"              # rule number (kind rule) or section (kind doc)
//	    title: "..."                # optional heading
//	    text: "..."                 # verbatim official text, or the translation
//	    cites: [702.26b]            # current rules the text relies on
//	    preset: aura-phases-with-host  # a simulation that plays it out
//	    obsolete: true              # kind rule: the number is not in the current rules
//	    current: "702.26h"          # its successor, if any
//	  - id: wotc-2022-02-18-phasing-2.fr
//	    original_id: wotc-2022-02-18-phasing-2   # a translation of that doc
//	    lang: fr
//	    machine_translated: true    # produced by a program; the original is authoritative
//	    text: "..."
//
// A translation inherits kind, card, ref, cites and preset from its original.
// Unknown keys, duplicate IDs, a translation whose original is missing, a
// date that is not YYYY-MM-DD and a language other than en, fr or ja are
// errors that name the file and line.
//
// The term glossary (data/glossary.yaml) maps game terms across languages;
// see ParseGlossary. The renumbering table (data/renumbering.yaml) maps old
// rule numbers and abolished concepts to current rules; see ParseRenumbering.
//
// The snapshot of the official data (data/official) holds upstream files
// compressed with zstd, read by the parsers of their formats; see
// Collection.AddSnapshot. The index of the corpus and the snapshot is the
// default one, found by DefaultKey and built once by OpenOrBuild.
//
// An index directory (see Build and Open) holds bleve's index, meta.json,
// lexicon.fst, the texts of its CR releases and tables.bin: the ranking
// information of every document, the card table and the meanings of the
// lexicon's names as flat tables (tables.go), read whole and looked up in
// place, never decoded.
package kb
