package kb

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
)

// YGOCard is a Yu-Gi-Oh! card of the ruling assistant's cards.json.
type YGOCard struct {
	ID     string // Konami / YGOResources card id
	Name   string // English name
	JAName string
}

// YGOCards maps card ids to cards.
type YGOCards map[string]YGOCard

type ygoCardsFile struct {
	Records []struct {
		ID     json.RawMessage `json:"id"`
		Name   string          `json:"name"`
		JAName string          `json:"jaName"`
		ENName string          `json:"enName"`
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
		cards[id] = YGOCard{ID: id, Name: r.ENName, JAName: r.JAName}
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

type ygoRulingsFile struct {
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
// records (official Q&A in English) become kind ruling docs in English,
// "card-faq" records (official card FAQ in Japanese) kind ruling docs in
// Japanese; "card-text" records (Chinese effect text) are skipped. IDs are
// "ygo:<record id>". Source and URL come from the first of the record's
// sources, Date from updatedAt. Card references stay "<<id>>"; see
// ParseYGORulingsWith to name them.
func ParseYGORulings(name string, src []byte) ([]Doc, error) {
	return ParseYGORulingsWith(name, src, nil)
}

// ParseYGORulingsWith is ParseYGORulings with the cards of cards.json:
// "<<id>>" references are replaced with the English name where known, and
// Card is the English name of the first card the record names.
func ParseYGORulingsWith(name string, src []byte, cards YGOCards) ([]Doc, error) {
	if len(bytes.TrimSpace(src)) == 0 {
		return nil, offsetErr(name, 0, CodeEmpty, "no rulings")
	}
	var f ygoRulingsFile
	if err := json.Unmarshal(src, &f); err != nil {
		return nil, jsonErr(name, 0, err)
	}
	var docs []Doc
	seen := make(map[string]bool)
	for _, r := range f.Records {
		var lang string
		switch r.RecordType {
		case "qa":
			lang = "en"
		case "card-faq":
			lang = "ja"
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
		d := Doc{ID: "ygo:" + r.ID, Kind: KindRuling, Game: "ygo", Lang: lang, Date: date}
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
		d.Text = ygoNames(text, cards)
		if r.RecordType == "qa" {
			d.Title = ygoNames(r.Title, cards)
		}
		d.Card = ygoCardName(r, cards)
		docs = append(docs, d)
	}
	return docs, nil
}

// ygoNames replaces "<<id>>" with the English card name where known.
func ygoNames(s string, cards YGOCards) string {
	return ygoRefRe.ReplaceAllStringFunc(s, func(m string) string {
		if c, ok := cards[m[2:len(m)-2]]; ok && c.Name != "" {
			return c.Name
		}
		return m
	})
}

// ygoCardName returns the English name of the first card a record names:
// by cardIds, else by its first "<<id>>" reference.
func ygoCardName(r ygoRecord, cards YGOCards) string {
	ids := r.CardIDs
	for _, m := range ygoRefRe.FindAllStringSubmatch(r.Question+" "+r.Conclusion, -1) {
		ids = append(ids, m[1])
	}
	for _, id := range ids {
		if c, ok := cards[id]; ok && c.Name != "" {
			return c.Name
		}
	}
	return ""
}
