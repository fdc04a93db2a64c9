package kb

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// YGOCard is a Yu-Gi-Oh! card of the ruling assistant's cards.json.
type YGOCard struct {
	ID      string   `json:"id"`   // Konami / YGOResources card id
	Name    string   `json:"name"` // English name
	JAName  string   `json:"ja,omitempty"`
	Aliases []string `json:"aliases,omitempty"` // other names players use (the Chinese name, short names)
	URL     string   `json:"url,omitempty"`
}

// YGOCards maps card ids to cards.
type YGOCards map[string]YGOCard

type ygoCardsFile struct {
	Records []struct {
		ID        json.RawMessage `json:"id"`
		Name      string          `json:"name"`
		JAName    string          `json:"jaName"`
		ENName    string          `json:"enName"`
		CNName    string          `json:"cnName"`
		Aliases   []string        `json:"aliases"`
		SourceURL string          `json:"sourceUrl"`
	} `json:"records"`
}

// ParseYGOCards parses cards.json of the OCG ruling assistant data:
// {records: [{id, name, jaName, enName, ...}]}.
func ParseYGOCards(name string, src []byte) (YGOCards, error) {
	if len(bytes.TrimSpace(src)) == 0 {
		return nil, offsetErr(name, 0, CodeEmpty, "no cards")
	}
	var f ygoCardsFile
	if err := json.Unmarshal(src, &f); err != nil {
		return nil, jsonErr(name, 0, err)
	}
	cards := make(YGOCards, len(f.Records))
	for _, r := range f.Records {
		id := jsonID(r.ID)
		if id == "" {
			return nil, offsetErr(name, 0, CodeMissingField, "card %q has no id", r.Name)
		}
		if _, dup := cards[id]; dup {
			return nil, offsetErr(name, 0, CodeDuplicateID, "card id %s appears twice", id)
		}
		c := YGOCard{ID: id, Name: r.ENName, JAName: r.JAName, URL: r.SourceURL}
		for _, a := range append([]string{r.Name, r.CNName}, r.Aliases...) {
			if a != "" && a != c.Name && a != c.JAName && !slices.Contains(c.Aliases, a) {
				c.Aliases = append(c.Aliases, a)
			}
		}
		cards[id] = c
	}
	return cards, nil
}

// jsonID reads an id given as a JSON string or number.
func jsonID(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String()
	}
	return ""
}

// The kinds of the ruling assistant's JSON files.
const (
	ygoRulingsFile = iota
	ygoNamesFile   // cards.json: names
	ygoIndexFile   // qa-index.json: the rulings' text again, flattened for search
)

// ygoFileKind tells the ruling assistant's files apart by their records:
// cards have an enName, the search index a text and no conclusion. Anything
// else is read as rulings (and fails there if it is not).
func ygoFileKind(src []byte) int {
	var f struct {
		Records []map[string]json.RawMessage `json:"records"`
	}
	if json.Unmarshal(src, &f) != nil || len(f.Records) == 0 {
		return ygoRulingsFile
	}
	r := f.Records[0]
	if _, ok := r["enName"]; ok {
		return ygoNamesFile
	}
	_, text := r["text"]
	_, conclusion := r["conclusion"]
	if text && !conclusion {
		return ygoIndexFile
	}
	return ygoRulingsFile
}

type ygoRulings struct {
	Records []ygoRecord `json:"records"`
}

type ygoRecord struct {
	ID         string   `json:"id"`
	RecordType string   `json:"recordType"`
	Title      string   `json:"title"`
	Cards      []string `json:"cards"`
	CardIDs    []string `json:"cardIds"`
	Question   string   `json:"question"`
	Conclusion string   `json:"conclusion"`
	Sources    []struct {
		Label  string `json:"label"`
		Detail string `json:"detail"`
	} `json:"sources"`
	UpdatedAt string `json:"updatedAt"`
}

var ygoRefRe = regexp.MustCompile(`<<(\d+)>>`)

// ParseYGORulings parses rulings.json of the OCG ruling assistant data: "qa"
// records (official Q&A, in English as YGOResources translates them, a few
// in Japanese) and "card-faq" records (official card FAQ, in Japanese)
// become kind ruling docs in the language of their text; "card-text"
// records (Chinese effect text) are skipped. IDs are "ygo:<record id>".
// Source and URL come from the first of the record's sources. A record's
// date is its official date when the file gives one (a date alone); a
// timestamp is when the mirror last synchronized the record, kept as
// Retrieved, not as the answer's date. Card references stay "<<id>>"; see
// ParseYGORulingsWith to name them.
func ParseYGORulings(name string, src []byte) ([]Doc, error) {
	return ParseYGORulingsWith(name, src, nil)
}

// ParseYGORulingsWith is ParseYGORulings with the cards of cards.json:
// "<<id>>" references are replaced with the card's name (see ygoNames),
// and Card is the English name of the first card the record names.
func ParseYGORulingsWith(name string, src []byte, cards YGOCards) ([]Doc, error) {
	if len(bytes.TrimSpace(src)) == 0 {
		return nil, offsetErr(name, 0, CodeEmpty, "no rulings")
	}
	var f ygoRulings
	if err := json.Unmarshal(src, &f); err != nil {
		return nil, jsonErr(name, 0, err)
	}
	var docs []Doc
	seen := make(map[string]bool)
	for _, r := range f.Records {
		switch r.RecordType {
		case "qa", "card-faq":
		case "card-text":
			continue
		default:
			return nil, offsetErr(name, 0, CodeBadKind, "record %q has type %q; want qa, card-faq or card-text", r.ID, r.RecordType)
		}
		if r.ID == "" {
			return nil, offsetErr(name, 0, CodeMissingField, "a %s record has no id", r.RecordType)
		}
		if seen[r.ID] {
			return nil, offsetErr(name, 0, CodeDuplicateID, "record id %q appears twice", r.ID)
		}
		seen[r.ID] = true
		date := ""
		if len(r.UpdatedAt) >= 10 {
			date = r.UpdatedAt[:10]
		}
		if r.UpdatedAt != "" && !validDate(date) {
			return nil, offsetErr(name, 0, CodeBadDate, "record %q: updatedAt %q is not a date", r.ID, r.UpdatedAt)
		}
		d := Doc{ID: "ygo:" + r.ID, Kind: KindRuling, Game: "ygo", Date: date}
		if len(r.UpdatedAt) > 10 {
			d.Date, d.Retrieved = "", date
		}
		if len(r.Sources) > 0 {
			d.Source, d.URL = r.Sources[0].Label, r.Sources[0].Detail
		}
		text := strings.TrimSpace(r.Conclusion)
		if q := strings.TrimSpace(r.Question); q != "" {
			text = q + "\n" + text
		}
		if text == "" {
			return nil, offsetErr(name, 0, CodeMissingField, "record %q has no text", r.ID)
		}
		d.Lang = "en"
		if r.RecordType == "card-faq" || mostlyJapanese(text) {
			d.Lang = "ja"
		}
		d.Text = text
		if r.RecordType == "qa" {
			// The file's title is the question cut at a length, at times in
			// the middle of a card reference: the title is made from the
			// question itself once its cards are named (nameYGO).
			d.Title = strings.TrimSpace(r.Question)
			if d.Title == "" {
				d.Title = r.Title
			}
		}
		ids := r.CardIDs
		for _, m := range ygoRefRe.FindAllStringSubmatch(r.Question+" "+r.Conclusion, -1) {
			ids = append(ids, m[1])
		}
		for _, id := range ids {
			d.Card += "<<" + id + ">>" // the first one the cards file names, see nameYGO
		}
		docs = append(docs, nameYGO(d, cards))
	}
	return docs, nil
}

// clipWords cuts s to at most n characters at a word boundary (anywhere in
// Japanese), with an ellipsis when it cuts.
func clipWords(s string, n int) string {
	r := []rune(strings.TrimSpace(s))
	if len(r) <= n {
		return string(r)
	}
	cut := n
	for i := n; i > n/2; i-- {
		if r[i] == ' ' {
			cut = i
			break
		}
		if noSpaceScript(r[i]) {
			break
		}
	}
	return strings.TrimSpace(string(r[:cut])) + "…"
}

// mostlyJapanese reports whether most letters of s are kana or ideographs:
// the Q&A records are English, but a few were synchronized in Japanese, and
// English ones quote Japanese punctuation and names.
func mostlyJapanese(s string) bool {
	ja, other := 0, 0
	for _, r := range s {
		switch {
		case noSpaceScript(r) && unicode.IsLetter(r):
			ja++
		case unicode.IsLetter(r):
			other++
		}
	}
	return ja > other
}

// nameYGO replaces the card references of a Yu-Gi-Oh! document with the
// cards' names; Card becomes the English name of the card it is about, or
// empty when that card is not known.
func nameYGO(d Doc, cards YGOCards) Doc {
	d.Text = ygoNames(d.Text, d.Lang, cards)
	if cards != nil {
		title, _, _ := strings.Cut(ygoNames(d.Title, d.Lang, cards), "\n")
		d.Title = clipWords(title, 100)
	}
	if refs := ygoRefRe.FindAllStringSubmatch(d.Card, -1); refs != nil && cards != nil {
		d.Card = ""
		for _, m := range refs {
			if c, ok := cards[m[1]]; ok && c.Name != "" {
				d.Card = c.Name
				break
			}
		}
	}
	return d
}

// ygoNames replaces "<<id>>" with the card's name: in Japanese text its
// Japanese name where known, else its English name; a card the cards file
// does not name becomes "card #id" ("カード#id" in Japanese), so that no
// raw reference reaches a reader.
func ygoNames(s, lang string, cards YGOCards) string {
	return ygoRefRe.ReplaceAllStringFunc(s, func(m string) string {
		id := m[2 : len(m)-2]
		c, ok := cards[id]
		switch {
		case ok && lang == "ja" && c.JAName != "":
			return c.JAName
		case ok && c.Name != "":
			return c.Name
		case cards == nil:
			return m // named later, when the cards are known
		case lang == "ja":
			return "カード#" + id
		}
		return "card #" + id
	})
}

// ygoNamed finds the Yu-Gi-Oh! card that name is, whole: its English or
// Japanese name or a name players use for it, folded as the names of a
// question are (case, width, accents, punctuation).
func (ix *Index) ygoNamed(name string) (YGOCard, bool) {
	text := strings.TrimSpace(norm.NFKC.String(name))
	if text == "" || len(ix.ygo) == 0 {
		return YGOCard{}, false
	}
	for _, m := range ix.lex.find(text, "") {
		if m.Start != 0 || m.End != len(text) {
			continue
		}
		for _, r := range m.Refs {
			if r.Kind == lexYGO && !r.Part && int(r.ID) < len(ix.ygo) {
				return ix.ygo[r.ID], true
			}
		}
	}
	return YGOCard{}, false
}

// ygoStartingWith lists the English names of the Yu-Gi-Oh! cards one of
// whose names starts with name (folded as NormalizeName folds), or has a
// word that does: the partial names of a card.
func (ix *Index) ygoStartingWith(name string) []string {
	k := NormalizeName(name)
	if k == "" {
		return nil
	}
	var out []string
	for _, c := range ix.ygo {
		for _, n := range append([]string{c.Name, c.JAName}, c.Aliases...) {
			f := NormalizeName(n)
			if c.Name != "" && f != "" && (strings.HasPrefix(f, k) || strings.Contains(f, " "+k)) {
				out = addUnique(out, c.Name)
				break
			}
		}
	}
	return out
}
