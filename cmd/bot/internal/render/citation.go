package render

import (
	"strings"

	"arbiter/i18n"
	"arbiter/kb"
)

// Citation is one cited text, as the JSON contract (spec/cli.md) names it.
type Citation struct {
	ID                string  `json:"id"`
	Kind              string  `json:"kind"`
	Ref               string  `json:"ref"`
	Card              string  `json:"card"`
	Lang              string  `json:"lang"`
	Title             string  `json:"title"`
	Text              string  `json:"text"`
	Snippet           string  `json:"snippet"`
	Source            string  `json:"source"`
	Date              string  `json:"date"`
	URL               string  `json:"url"`
	MachineTranslated bool    `json:"machine_translated"`
	OriginalID        string  `json:"original_id"`
	Score             float64 `json:"score"`
	// Extensions.
	CRDate   string `json:"cr_date,omitempty"`
	Obsolete bool   `json:"obsolete,omitempty"`
	Current  string `json:"current,omitempty"`
	// ObsoleteSince is when an obsolete text's rule stopped being in force.
	ObsoleteSince string    `json:"obsolete_since,omitempty"`
	Preset        string    `json:"preset,omitempty"`
	Original      *Citation `json:"original,omitempty"`
	// RulesChanged lists the rules the text cites whose wording changed
	// between the release in force on the text's date and the current one.
	RulesChanged []kb.RuleChangeSince `json:"rules_changed,omitempty"`
	// Quote is the sentence of the text that answers the question.
	Quote string `json:"quote,omitempty"`
	// Via names the file the text came through when that is not its
	// publisher ("rulings-mtgjson-20220425.jsonl", "Oracle text").
	Via string `json:"via,omitempty"`
	// Retrieved is when a mirror copied a text whose own date is unknown.
	Retrieved string `json:"retrieved,omitempty"`
	// Official is false for an article, a wiki or a forum text.
	Official bool `json:"official"`
	// Also lists the other documents that carry the same text.
	Also []string `json:"also,omitempty"`
	// CardNames are the printed names of the card ("fr", "ja" -> name):
	// headings name it as the reader knows it, the English beside.
	CardNames map[string]string `json:"card_names,omitempty"`
}

// CitationOf is the citation of d: its snippet with the matched words in
// **bold**, its score rounded, and its link on the bot's web pages when
// publicURL is set (else d's own link).
func CitationOf(d kb.Doc, score float64, snippet string, publicURL string) Citation {
	c := Citation{
		ID: d.ID, Kind: string(d.Kind), Ref: d.Ref, Card: d.Card, Lang: d.Lang, Title: d.Title,
		Text: d.Text, Snippet: MarkdownSnippet(snippet, d.Text), Source: d.Source, Date: d.Date, URL: d.URL,
		MachineTranslated: d.MachineTranslated, OriginalID: d.OriginalID, Score: Round2(score),
		CRDate: d.CRDate, Obsolete: d.Obsolete, Current: d.Current, Preset: d.Preset,
	}
	c.Via, c.Retrieved, c.Official, c.ObsoleteSince = d.Via, d.Retrieved, kb.Official(d), d.ObsoleteSince
	if publicURL != "" {
		c.URL = DocURL(publicURL, d)
	}
	return c
}

// CitationOfHit is the citation of a search hit: the document's, with the
// sentence that answers and the other documents of the same text, and its
// original when it is a translation.
func CitationOfHit(h kb.Hit, publicURL string) Citation {
	c := CitationOf(h.Doc, h.Score, h.Snippet, publicURL)
	c.Quote, c.Also, c.CardNames = h.Quote, h.Also, h.CardNames
	if h.Original != nil {
		o := CitationOf(*h.Original, h.Score, "", publicURL)
		o.CardNames = h.CardNames
		c.Original = &o
	}
	return c
}

// ShortRef names what a citation is in a few words: "Rule 514.2", "Ruling
// on Fog", "Card: Fog", an article's title.
func ShortRef(p *i18n.Printer, c Citation) string {
	switch kb.Kind(c.Kind) {
	case kb.KindRule:
		return p.T(i18n.KeyCiteRule, c.Ref)
	case kb.KindGlossary:
		return p.T(i18n.KeyCiteGlossary, c.Ref)
	case kb.KindCard:
		return cardRef(p, c)
	case kb.KindRuling:
		if c.Card != "" && c.Date != "" {
			return p.T(i18n.KeyCiteRuling, CardLabel(p, c), p.Date(c.Date))
		}
		if c.Card != "" {
			return p.T(i18n.KeyLabelRuling) + " — " + CardLabel(p, c)
		}
		return p.T(i18n.KeyLabelRuling)
	}
	t := c.Title
	if t == "" {
		t = c.Ref
	}
	return p.T(i18n.KeyLabelArticle) + " — " + t
}

// CardLabel names a citation's card as the reader knows it: its printed
// name in the reader's language with the English beside ("Fureur
// (Fury)"), else its English name.
func CardLabel(p *i18n.Printer, c Citation) string {
	return i18n.CardName(p, c.Card, c.CardNames[p.Lang().String()])
}

// cardRef names a card's text: its Oracle text, or its printed text.
func cardRef(p *i18n.Printer, c Citation) string {
	name := CardLabel(p, c)
	if c.Title != "" && c.Title != c.Card {
		name = p.T(i18n.KeyCardName, c.Title, c.Card) // a printed text, by its printed name
	}
	if c.OriginalID != "" {
		return p.T(i18n.KeyCiteCardPrinted, name)
	}
	return p.T(i18n.KeyCiteCard, name)
}

// SourceName is how a publisher reads: "wotc" is Wizards of the Coast.
func SourceName(p *i18n.Printer, source string) string {
	if source == "wotc" {
		return p.T(i18n.KeySourceWotC)
	}
	return source
}

// Heading is the one-line reference of a citation: what it is, its
// number or card, its date and source.
func Heading(p *i18n.Printer, c Citation) string {
	var parts []string
	switch kb.Kind(c.Kind) {
	case kb.KindRule:
		parts = append(parts, p.T(i18n.KeyCiteRule, c.Ref))
		if c.Title != "" {
			parts[0] += " — " + c.Title
		}
	case kb.KindGlossary:
		parts = append(parts, p.T(i18n.KeyCiteGlossary, c.Ref))
	case kb.KindCard:
		parts = append(parts, cardRef(p, c))
	case kb.KindRuling:
		if c.Card != "" && c.Date != "" {
			parts = append(parts, p.T(i18n.KeyCiteRuling, CardLabel(p, c), p.Date(c.Date)))
		} else {
			parts = append(parts, p.T(i18n.KeyLabelRuling))
			if c.Card != "" {
				parts = append(parts, CardLabel(p, c))
			}
			if c.Date != "" {
				parts = append(parts, p.Date(c.Date))
			}
		}
		if c.Retrieved != "" {
			parts = append(parts, p.T(i18n.KeyCiteRetrieved, p.Date(c.Retrieved)))
		}
	default:
		t := c.Title
		if t == "" {
			t = c.Ref
		}
		parts = append(parts, p.T(i18n.KeyLabelArticle)+" — "+t)
		if c.Date != "" {
			parts = append(parts, p.Date(c.Date))
		}
	}
	if c.Kind == string(kb.KindRule) && c.CRDate != "" && !c.Obsolete {
		parts = append(parts, p.T(i18n.KeyCiteCREffective, p.Date(c.CRDate)))
	}
	if c.Source != "" {
		src := SourceName(p, c.Source)
		if c.Via != "" && kb.Kind(c.Kind) == kb.KindRuling {
			src += " (" + p.T(i18n.KeyCiteVia, c.Via) + ")"
		}
		parts = append(parts, src)
	}
	if !c.Official && kb.Kind(c.Kind) != kb.KindRule && !c.MachineTranslated {
		parts = append(parts, p.T(i18n.KeyCiteUnofficial))
	}
	if c.Lang != p.Lang().String() {
		parts = append(parts, "["+c.Lang+"]")
	}
	return strings.Join(parts, " · ")
}

// MTLabel is the machine-translation notice of a citation, naming the
// language of its original.
func MTLabel(p *i18n.Printer, c Citation) string {
	if c.Original != nil && c.Original.Lang != "en" {
		if l, ok := i18n.ParseLang(c.Original.Lang); ok {
			return p.T(i18n.KeyCLIMTLabelLang, p.LangName(l))
		}
	}
	return p.T(i18n.KeyMTLabel)
}

// MarkdownSnippet turns the index's highlight marks into **bold**; with no
// snippet, the start of the text.
func MarkdownSnippet(snippet, text string) string {
	if snippet == "" {
		return ClipRunes(text, 220)
	}
	return strings.NewReplacer(kb.MarkStart, "**", kb.MarkEnd, "**").Replace(snippet)
}

// PlainSnippet drops the index's highlight marks; with no snippet, the
// start of the text.
func PlainSnippet(snippet, text string) string {
	if snippet == "" {
		return ClipRunes(text, 220)
	}
	return strings.NewReplacer(kb.MarkStart, "", kb.MarkEnd, "").Replace(snippet)
}

// ClipRunes keeps the first n characters of s, and an ellipsis when it
// cut something.
func ClipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimSpace(string(r[:n])) + "…"
}

// Round2 rounds f to two decimals.
func Round2(f float64) float64 { return float64(int(f*100+0.5)) / 100 }

// CitedIDs are the IDs a hit cites: its document's, the original it
// translates, and those of the same text published for other cards.
func CitedIDs(h kb.Hit) []string {
	ids := []string{h.Doc.ID}
	if h.Doc.OriginalID != "" {
		ids = append(ids, h.Doc.OriginalID)
	}
	if h.Original != nil {
		ids = append(ids, h.Original.ID)
	}
	return append(ids, h.Also...)
}
