package kb

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"
)

// Card is a Magic card (or one face of it) with its names in French and
// Japanese, to name cards in answers and map FR/JA names to the English card.
type Card struct {
	OracleID string // Scryfall Oracle ID
	Name     string // English name ("A // B" for a card with two faces)
	FaceName string // English name of this face, for one face of a card
	Side     string // "a", "b", ... for a face; empty for a whole card
	TypeLine string
	Text     string // Oracle text
	// Characteristics, as the cards file gives them ("" or nil where it
	// doesn't): the mana cost ("{2}{W}"), the colour indicator ("White",
	// "Blue" or "W", "U": either spelling), and power and toughness as
	// printed ("2", "*").
	ManaCost         string
	ColorIndicator   []string
	Power, Toughness string
	// Names maps "fr" and "ja" to the printed names in that language,
	// oldest printing first.
	Names map[string][]string
	// Keywords are the keyword abilities and actions of the Oracle text,
	// as the cards file lists them ("Flying", "Scry").
	Keywords []string
	// Printed holds the name, type line and rules text printed on the card
	// in French and Japanese ("fr", "ja"), from the newest printing that
	// has them: an official translation, though it may predate the
	// current Oracle wording.
	Printed map[string]Printed
	// Rulings are the card's rulings, for the formats that carry them
	// (MTGJSON set files); empty otherwise.
	Rulings []Ruling
}

// Printed is a card's name, type line and rules text as printed in one
// language.
type Printed struct {
	Name string `json:"name"`
	Type string `json:"type,omitempty"`
	Text string `json:"text,omitempty"`
}

// Doc returns the card as a Doc of kind card, ID "card:<oracle_id>" (with
// "/<side>" for a face other than the first).
func (c Card) Doc() Doc {
	id := "card:" + c.OracleID
	if c.Side != "" && c.Side != "a" {
		id += "/" + c.Side
	}
	title := c.Name
	if c.FaceName != "" {
		title = c.FaceName
	}
	text := c.TypeLine
	if c.Text != "" {
		text = strings.TrimSpace(text + "\n" + c.Text)
	}
	return Doc{ID: id, Kind: KindCard, Game: "mtg", Lang: "en", Card: c.Name, Title: title, Text: text,
		Source: sourceWotC, Via: viaOracle, URL: cardURL(c.OracleID, c.Name), ManaCost: c.ManaCost}
}

// PrintedDoc returns the card's printed text in lang as a Doc of kind card,
// ID "<Doc ID>.<lang>", whose original is the Oracle text's Doc. ok is
// false when the card has no printed rules text in lang.
func (c Card) PrintedDoc(lang string) (Doc, bool) {
	p, ok := c.Printed[lang]
	if !ok || strings.TrimSpace(p.Text) == "" {
		return Doc{}, false
	}
	d := c.Doc()
	text := p.Text
	if p.Type != "" {
		text = strings.TrimSpace(p.Type + "\n" + p.Text)
	}
	title := p.Name
	if title == "" {
		title = d.Title
	}
	return Doc{ID: d.ID + "." + lang, Kind: KindCard, Game: "mtg", Lang: lang, Card: c.Name, Title: title, Text: text,
		Source: sourceWotC, Via: viaPrinted, URL: d.URL, OriginalID: d.ID}, true
}

// Sources and channels of the card texts and rulings: who published a
// text, and through which file it reached the index.
const (
	sourceWotC = "wotc"
	viaOracle  = "Oracle text"
	viaPrinted = "printed card"
)

// cardURL is the page of a card on Scryfall: its Oracle ID when known, else
// its exact name.
func cardURL(oracleID, name string) string {
	if oracleID != "" {
		return "https://scryfall.com/search?q=oracleid%3A" + oracleID
	}
	if name == "" {
		return ""
	}
	return "https://scryfall.com/search?q=" + url.QueryEscape("!\""+name+"\"")
}

// langCode maps MTGJSON language names and Scryfall language codes to ours
// (fr, ja); other languages are not kept.
func langCode(s string) (string, bool) {
	switch s {
	case "French", "fr":
		return "fr", true
	case "Japanese", "ja":
		return "ja", true
	}
	return "", false
}

// ParseCards decodes cards as a stream and calls fn for each. It detects the
// format from the first bytes:
//   - a JSON array: Scryfall bulk cards (one object per printing, in any
//     language; printings are merged per Oracle ID and emitted at the end,
//     non-English printings giving the names);
//   - a JSON object starting with "meta" or "data": an MTGJSON set file,
//     whose cards also carry their rulings (Card.Rulings);
//   - JSON Lines: one object per card face with oracle_id, name, face_name,
//     side, type_line, oracle_text, names{French:[..], Japanese:[..]},
//     fr{name}, ja{name}.
//
// An error from fn stops the parse and is returned as is.
func ParseCards(name string, r io.Reader, fn func(Card) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	first, err := firstByte(br)
	if err == io.EOF {
		return offsetErr(name, 0, CodeEmpty, "no cards")
	}
	if err != nil {
		return err
	}
	switch first {
	case '[':
		return scryfallCards(name, br, fn)
	case '{':
		if isMTGJSON(br) {
			return mtgjsonSet(name, br, fn)
		}
		return cardLines(name, br, fn)
	}
	return offsetErr(name, 0, CodeUnknownFormat, "cards start with %q; want a JSON array, an MTGJSON set file or JSON Lines", first)
}

// isMTGJSON reports whether the object at the start of br has "meta" or
// "data" as its first key.
func isMTGJSON(br *bufio.Reader) bool {
	peek, _ := br.Peek(4096)
	dec := json.NewDecoder(bytes.NewReader(peek))
	if _, err := dec.Token(); err != nil {
		return false
	}
	tok, err := dec.Token()
	return err == nil && (tok == "meta" || tok == "data")
}

type scryfallCard struct {
	Object          string   `json:"object"`
	OracleID        string   `json:"oracle_id"`
	Name            string   `json:"name"`
	Lang            string   `json:"lang"`
	PrintedName     string   `json:"printed_name"`
	PrintedText     string   `json:"printed_text"`
	PrintedTypeLine string   `json:"printed_type_line"`
	TypeLine        string   `json:"type_line"`
	OracleText      string   `json:"oracle_text"`
	Keywords        []string `json:"keywords"`
	ReleasedAt      string   `json:"released_at"`
	ManaCost        string   `json:"mana_cost"`
	ColorIndicator  []string `json:"color_indicator"`
	Power           string   `json:"power"`
	Toughness       string   `json:"toughness"`
	CardFaces       []struct {
		OracleID       string   `json:"oracle_id"`
		Name           string   `json:"name"`
		PrintedName    string   `json:"printed_name"`
		TypeLine       string   `json:"type_line"`
		OracleText     string   `json:"oracle_text"`
		ManaCost       string   `json:"mana_cost"`
		ColorIndicator []string `json:"color_indicator"`
		Power          string   `json:"power"`
		Toughness      string   `json:"toughness"`
	} `json:"card_faces"`
}

type datedName struct{ date, name string }

func scryfallCards(name string, r io.Reader, fn func(Card) error) error {
	dec := newJSONStream(r)
	if _, err := dec.Token(); err != nil {
		return jsonErr(name, 0, err)
	}
	var order []string
	cards := make(map[string]*Card)
	names := make(map[string]map[string][]datedName)
	printedAt := make(map[string]string) // oracle id + language -> release date of the printed text kept
	for dec.More() {
		off := dec.InputOffset()
		var sc scryfallCard
		if err := dec.Decode(&sc); err != nil {
			return jsonErr(name, 0, err)
		}
		if sc.Object != "" && sc.Object != "card" {
			return offsetErr(name, off, CodeWrongType, "object %q; want card", sc.Object)
		}
		id := sc.OracleID
		if id == "" && len(sc.CardFaces) > 0 {
			id = sc.CardFaces[0].OracleID
		}
		if id == "" {
			return offsetErr(name, off, CodeMissingField, "card %q has no oracle_id", sc.Name)
		}
		c, ok := cards[id]
		if !ok {
			c = &Card{OracleID: id}
			cards[id] = c
			order = append(order, id)
		}
		lang := sc.Lang
		if lang == "" || lang == "en" {
			if c.Name == "" || c.TypeLine == "" {
				c.Name, c.TypeLine, c.Text, c.Keywords = sc.Name, sc.TypeLine, sc.OracleText, sc.Keywords
				c.ManaCost, c.ColorIndicator, c.Power, c.Toughness = sc.ManaCost, sc.ColorIndicator, sc.Power, sc.Toughness
				if len(sc.CardFaces) > 0 && c.ManaCost == "" && c.Power == "" {
					// A card with faces: the front face's characteristics.
					f := sc.CardFaces[0]
					c.ManaCost, c.ColorIndicator, c.Power, c.Toughness = f.ManaCost, f.ColorIndicator, f.Power, f.Toughness
				}
				if c.Text == "" {
					var faces []string
					for _, f := range sc.CardFaces {
						faces = append(faces, f.OracleText)
					}
					c.Text = strings.Join(faces, "\n//\n")
				}
			}
			continue
		}
		code, ok := langCode(lang)
		if !ok {
			continue
		}
		printed := sc.PrintedName
		if printed == "" {
			var faces []string
			for _, f := range sc.CardFaces {
				if f.PrintedName != "" {
					faces = append(faces, f.PrintedName)
				}
			}
			printed = strings.Join(faces, " // ")
		}
		if printed == "" {
			continue
		}
		if sc.PrintedText != "" && sc.ReleasedAt >= printedAt[id+code] {
			printedAt[id+code] = sc.ReleasedAt
			if c.Printed == nil {
				c.Printed = make(map[string]Printed)
			}
			c.Printed[code] = Printed{Name: printed, Type: sc.PrintedTypeLine, Text: sc.PrintedText}
		}
		if names[id] == nil {
			names[id] = make(map[string][]datedName)
		}
		names[id][code] = append(names[id][code], datedName{sc.ReleasedAt, printed})
		if c.Name == "" {
			c.Name = sc.Name
		}
	}
	if _, err := dec.Token(); err != nil {
		return jsonErr(name, 0, err)
	}
	for _, id := range order {
		c := cards[id]
		for code, list := range names[id] {
			slices.SortStableFunc(list, func(a, b datedName) int { return strings.Compare(a.date, b.date) })
			if c.Names == nil {
				c.Names = make(map[string][]string)
			}
			for _, dn := range list {
				if !slices.Contains(c.Names[code], dn.name) {
					c.Names[code] = append(c.Names[code], dn.name)
				}
			}
		}
		if err := fn(*c); err != nil {
			return err
		}
	}
	return nil
}

type mtgjsonCard struct {
	Name           string   `json:"name"`
	FaceName       string   `json:"faceName"`
	Side           string   `json:"side"`
	Type           string   `json:"type"`
	Text           string   `json:"text"`
	Keywords       []string `json:"keywords"`
	ManaCost       string   `json:"manaCost"`
	ColorIndicator []string `json:"colorIndicator"`
	Power          string   `json:"power"`
	Toughness      string   `json:"toughness"`
	Identifiers    struct {
		ScryfallOracleID string `json:"scryfallOracleId"`
	} `json:"identifiers"`
	ForeignData []struct {
		Language string `json:"language"`
		Name     string `json:"name"`
		FaceName string `json:"faceName"`
		Text     string `json:"text"`
		Type     string `json:"type"`
	} `json:"foreignData"`
	Rulings []struct {
		Date string `json:"date"`
		Text string `json:"text"`
	} `json:"rulings"`
}

// mtgjsonSet walks an MTGJSON set file token by token, decoding one card at
// a time from data.cards and skipping every other value without holding it.
func mtgjsonSet(name string, r io.Reader, fn func(Card) error) error {
	dec := newJSONStream(r)
	if _, err := dec.Token(); err != nil {
		return jsonErr(name, 0, err)
	}
	seen := make(map[string]bool)  // oracle id + side already emitted
	ruled := make(map[string]bool) // oracle ids whose rulings were emitted
	found := false
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return jsonErr(name, 0, err)
		}
		if key != "data" {
			if err := skipValue(dec); err != nil {
				return jsonErr(name, 0, err)
			}
			continue
		}
		if tok, err := dec.Token(); err != nil {
			return jsonErr(name, 0, err)
		} else if tok != json.Delim('{') {
			return offsetErr(name, dec.InputOffset(), CodeWrongType, "data is not an object")
		}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return jsonErr(name, 0, err)
			}
			if k != "cards" {
				if err := skipValue(dec); err != nil {
					return jsonErr(name, 0, err)
				}
				continue
			}
			found = true
			if tok, err := dec.Token(); err != nil {
				return jsonErr(name, 0, err)
			} else if tok != json.Delim('[') {
				return offsetErr(name, dec.InputOffset(), CodeWrongType, "data.cards is not an array")
			}
			for dec.More() {
				off := dec.InputOffset()
				var mc mtgjsonCard
				if err := dec.Decode(&mc); err != nil {
					return jsonErr(name, 0, err)
				}
				c, ok, err := mc.card(name, off, seen, ruled)
				if err != nil {
					return err
				}
				if ok {
					if err := fn(c); err != nil {
						return err
					}
				}
			}
			if _, err := dec.Token(); err != nil {
				return jsonErr(name, 0, err)
			}
		}
		if _, err := dec.Token(); err != nil {
			return jsonErr(name, 0, err)
		}
	}
	if _, err := dec.Token(); err != nil {
		return jsonErr(name, 0, err)
	}
	if !found {
		return offsetErr(name, dec.InputOffset(), CodeMissingField, "no data.cards in the set file")
	}
	return nil
}

func (mc mtgjsonCard) card(name string, off int64, seen, ruled map[string]bool) (Card, bool, error) {
	id := mc.Identifiers.ScryfallOracleID
	if id == "" {
		return Card{}, false, offsetErr(name, off, CodeMissingField, "card %q has no identifiers.scryfallOracleId", mc.Name)
	}
	if seen[id+"/"+mc.Side] {
		return Card{}, false, nil
	}
	seen[id+"/"+mc.Side] = true
	c := Card{OracleID: id, Name: mc.Name, FaceName: mc.FaceName, Side: mc.Side, TypeLine: mc.Type, Text: mc.Text, Keywords: mc.Keywords,
		ManaCost: mc.ManaCost, ColorIndicator: mc.ColorIndicator, Power: mc.Power, Toughness: mc.Toughness}
	for _, f := range mc.ForeignData {
		code, ok := langCode(f.Language)
		n := f.Name
		if mc.FaceName != "" && f.FaceName != "" {
			n = f.FaceName
		}
		if !ok || n == "" {
			continue
		}
		if _, done := c.Printed[code]; !done && f.Text != "" {
			if c.Printed == nil {
				c.Printed = make(map[string]Printed)
			}
			c.Printed[code] = Printed{Name: n, Type: f.Type, Text: f.Text}
		}
		if c.Names == nil {
			c.Names = make(map[string][]string)
		}
		if !slices.Contains(c.Names[code], n) {
			c.Names[code] = append(c.Names[code], n)
		}
	}
	if !ruled[id] {
		ruled[id] = true
		for _, r := range mc.Rulings {
			if r.Date != "" && !validDate(r.Date) {
				return Card{}, false, offsetErr(name, off, CodeBadDate, "ruling date %q of %q is not YYYY-MM-DD", r.Date, mc.Name)
			}
			if strings.TrimSpace(r.Text) == "" || strings.HasPrefix(r.Text, sectionMarker) {
				continue
			}
			c.Rulings = append(c.Rulings, Ruling{OracleID: id, Card: mc.Name, Date: r.Date, Text: r.Text, N: len(c.Rulings) + 1})
		}
	}
	return c, true, nil
}

// skipValue consumes the next JSON value of dec token by token.
func skipValue(dec *jsonStream) error {
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return nil
		}
	}
}

type cardLine struct {
	OracleID       string              `json:"oracle_id"`
	Side           *string             `json:"side"`
	Name           string              `json:"name"`
	FaceName       *string             `json:"face_name"`
	TypeLine       string              `json:"type_line"`
	OracleText     string              `json:"oracle_text"`
	Keywords       []string            `json:"keywords"`
	ManaCost       string              `json:"mana_cost"`
	ColorIndicator []string            `json:"color_indicator"`
	Power          string              `json:"power"`
	Toughness      string              `json:"toughness"`
	Names          map[string][]string `json:"names"`
	FR             *Printed            `json:"fr"`
	JA             *Printed            `json:"ja"`
}

func cardLines(name string, br *bufio.Reader, fn func(Card) error) error {
	return eachLine(name, br, func(line int, b []byte) error {
		var cl cardLine
		if err := json.Unmarshal(b, &cl); err != nil {
			pe := jsonErr(name, 0, err)
			pe.Line = line
			return pe
		}
		if cl.OracleID == "" || cl.Name == "" {
			return lineErr(name, line, CodeMissingField, "a card needs oracle_id and name")
		}
		c := Card{OracleID: cl.OracleID, Name: cl.Name, TypeLine: cl.TypeLine, Text: cl.OracleText, Keywords: cl.Keywords,
			ManaCost: cl.ManaCost, ColorIndicator: cl.ColorIndicator, Power: cl.Power, Toughness: cl.Toughness}
		for code, p := range map[string]*Printed{"fr": cl.FR, "ja": cl.JA} {
			if p != nil && p.Name != "" {
				if c.Printed == nil {
					c.Printed = make(map[string]Printed)
				}
				c.Printed[code] = *p
			}
		}
		if cl.Side != nil {
			c.Side = *cl.Side
		}
		if cl.FaceName != nil {
			c.FaceName = *cl.FaceName
		}
		add := func(code string, list ...string) {
			for _, n := range list {
				if n == "" {
					continue
				}
				if c.Names == nil {
					c.Names = make(map[string][]string)
				}
				if !slices.Contains(c.Names[code], n) {
					c.Names[code] = append(c.Names[code], n)
				}
			}
		}
		for lang, list := range cl.Names {
			if code, ok := langCode(lang); ok {
				add(code, list...)
			}
		}
		if cl.FR != nil {
			add("fr", cl.FR.Name)
		}
		if cl.JA != nil {
			add("ja", cl.JA.Name)
		}
		return fn(c)
	})
}

// CardNames indexes cards by every name they have, English, French or
// Japanese, folded with FoldKey, to find the English card a user means.
type CardNames struct {
	byName map[string][]string // folded name -> oracle ids
	cards  map[string]Card     // oracle id -> first card (face) seen
}

// NewCardNames returns an empty name index.
func NewCardNames() *CardNames {
	return &CardNames{byName: make(map[string][]string), cards: make(map[string]Card)}
}

// Add indexes c under its English name, face name and printed names.
func (n *CardNames) Add(c Card) {
	if _, ok := n.cards[c.OracleID]; !ok {
		n.cards[c.OracleID] = c
	}
	names := []string{c.Name, c.FaceName}
	for _, list := range c.Names {
		names = append(names, list...)
	}
	for _, s := range names {
		if s == "" {
			continue
		}
		k := FoldKey(s)
		if !slices.Contains(n.byName[k], c.OracleID) {
			n.byName[k] = append(n.byName[k], c.OracleID)
		}
	}
}

// Lookup returns the cards named s in any language, ignoring case, accents
// and width.
func (n *CardNames) Lookup(s string) []Card {
	var out []Card
	for _, id := range n.byName[FoldKey(s)] {
		out = append(out, n.cards[id])
	}
	return out
}

// Len returns the number of cards indexed.
func (n *CardNames) Len() int { return len(n.cards) }

// String names the card and its Oracle ID, for logs.
func (c Card) String() string { return fmt.Sprintf("%s (%s)", c.Name, c.OracleID) }
