package kb

// Kind is the kind of a citable document.
type Kind string

// The kinds of documents, as they appear in citations' "kind" field.
const (
	KindRule     Kind = "rule"     // a Comprehensive Rules rule or subrule; Ref is its number
	KindGlossary Kind = "glossary" // a Comprehensive Rules glossary entry; Ref is the English term
	KindRuling   Kind = "ruling"   // a card ruling (MTG or Yu-Gi-Oh!); Card is the English card name
	KindDoc      Kind = "doc"      // an article or wiki page section; Ref is the section
	KindCard     Kind = "card"     // a card's Oracle text (or its printed French or Japanese text); Card is the English name
)

// Doc is the unit the index stores and a citation points to. Every parser
// produces Docs (directly or through a typed record with a Doc method).
type Doc struct {
	ID    string `json:"id"`             // stable, see doc.go ("cr:702.26d", "ruling:<oracle>:<n>", ...)
	Kind  Kind   `json:"kind"`           // rule, glossary, ruling, doc
	Game  string `json:"game"`           // mtg or ygo
	Lang  string `json:"lang"`           // the text's own language: en, fr or ja
	Ref   string `json:"ref,omitempty"`  // rule number, English glossary term, or section
	Card  string `json:"card,omitempty"` // English card name (rulings)
	Title string `json:"title,omitempty"`
	Text  string `json:"text"`

	Source string `json:"source,omitempty"` // who published it: "wotc", "scryfall", "Comprehensive Rules", a site name
	// Via names how the text reached the index when that is not its
	// publisher: the file it was read from ("rulings-mtgjson-20220425.jsonl"),
	// "Oracle text" or "printed card" for a card's own text.
	Via  string `json:"via,omitempty"`
	Date string `json:"date,omitempty"` // YYYY-MM-DD: publication date, or the CR effective date for rules
	// Retrieved is when a mirror last copied the text (YYYY-MM-DD), for a
	// text whose own date is not known; never an answer's date.
	Retrieved string `json:"retrieved,omitempty"`
	URL       string `json:"url,omitempty"`

	// MachineTranslated marks text produced by a translation program; the
	// original (OriginalID) is the source of truth.
	MachineTranslated bool   `json:"machine_translated,omitempty"`
	OriginalID        string `json:"original_id,omitempty"`

	// Rules and subrules.
	Parent   string   `json:"parent,omitempty"`   // number of the parent rule ("702.26" for "702.26d")
	Examples []string `json:"examples,omitempty"` // the rule's "Example:" paragraphs, without the prefix
	SeeAlso  []string `json:"see_also,omitempty"` // rule numbers this text cross-references
	CRDate   string   `json:"cr_date,omitempty"`  // effective date of the CR release a rule comes from

	// Obsolete marks a rule number that no longer exists in the current rules
	// (old numbering, abolished concepts), or an article about such a rule;
	// Current names its successor, if any.
	Obsolete bool   `json:"obsolete,omitempty"`
	Current  string `json:"current,omitempty"`
	// ObsoleteSince is when the rule stopped being in force (YYYY-MM-DD),
	// when the renumbering table knows it.
	ObsoleteSince string `json:"obsolete_since,omitempty"`

	// Rules cited by a clarification (ruling or doc), so a rule page can list them.
	Cites []string `json:"cites,omitempty"`
	// Preset is the name of a simulation that plays this situation out.
	Preset string `json:"preset,omitempty"`

	// Names holds a card's printed names in other languages ("fr", "ja" ->
	// names, oldest printing first), for name lookup (kind card).
	Names map[string][]string `json:"names,omitempty"`
	// ManaCost is a card's mana cost ("{2}{W}"), on its Oracle text (kind
	// card); empty when it has none or the cards file does not say.
	ManaCost string `json:"mana_cost,omitempty"`
}
