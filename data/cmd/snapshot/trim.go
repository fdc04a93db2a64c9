package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
)

// A picker keeps some keys of a JSON object, in their order, each value
// passed through its function (nil: kept as it is, whitespace removed).
// Null values and empty objects are left out: the parsers read them as
// absent (an empty array is kept: it reads as an empty list, not as none).
type picker map[string]func([]byte) ([]byte, error)

// pick returns the JSON value raw with only the keys of p when it is an
// object; any other value (null) is returned as it is.
func (p picker) pick(raw []byte) ([]byte, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return raw, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.WriteByte('{')
	n := 0
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		fn, ok := p[key]
		if !ok {
			continue
		}
		var b []byte
		if fn != nil {
			if b, err = fn(v); err != nil {
				return nil, fmt.Errorf("%s: %w", key, err)
			}
		} else {
			var c bytes.Buffer
			if err := json.Compact(&c, v); err != nil {
				return nil, err
			}
			b = c.Bytes()
		}
		switch string(b) {
		case "null", "{}", "":
			continue
		}
		if n > 0 {
			out.WriteByte(',')
		}
		n++
		k, _ := json.Marshal(key)
		out.Write(k)
		out.WriteByte(':')
		out.Write(b)
	}
	out.WriteByte('}')
	return out.Bytes(), nil
}

// eachOf returns a function that applies fn to each element of a JSON
// array, leaving out the elements keep refuses, one element a line.
func eachOf(fn func([]byte) ([]byte, error), keep func([]byte) bool) func([]byte) ([]byte, error) {
	return func(raw []byte) ([]byte, error) {
		var list []json.RawMessage
		if err := json.Unmarshal(raw, &list); err != nil {
			return nil, err
		}
		var out bytes.Buffer
		out.WriteString("[\n")
		n := 0
		for _, e := range list {
			if keep != nil && !keep(e) {
				continue
			}
			b, err := fn(e)
			if err != nil {
				return nil, err
			}
			if n > 0 {
				out.WriteString(",\n")
			}
			n++
			out.Write(b)
		}
		out.WriteString("\n]")
		return out.Bytes(), nil
	}
}

// printed is what kb reads of a card's printed text in one language.
var printed = picker{"name": nil, "type": nil, "text": nil}

// cardLine is what kb reads of a line of the cards file: the Oracle
// fields, the French and Japanese names (the other languages' are not
// read), and the French and Japanese printed texts without their set and
// Gatherer number.
var cardLine = picker{
	"oracle_id": nil, "side": nil, "name": nil, "face_name": nil,
	"mana_cost": nil, "type_line": nil, "oracle_text": nil, "keywords": nil,
	"color_indicator": nil, "power": nil, "toughness": nil,
	"names": picker{"French": nil, "Japanese": nil}.pick,
	"fr":    printed.pick, "ja": printed.pick,
}

// trimCards keeps of a cards file in JSON Lines what kb reads, a card a
// line, in the file's order.
func trimCards(src []byte) ([]byte, error) {
	var out bytes.Buffer
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 1<<20), 4<<20)
	line := 0
	for sc.Scan() {
		line++
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		b, err := cardLine.pick(sc.Bytes())
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		out.Write(b)
		out.WriteByte('\n')
	}
	return out.Bytes(), sc.Err()
}

// trimYGOCards keeps of the ruling assistant's cards.json the names kb
// reads (not the Chinese effect texts).
func trimYGOCards(src []byte) ([]byte, error) {
	card := picker{"id": nil, "name": nil, "jaName": nil, "enName": nil, "cnName": nil, "aliases": nil, "sourceUrl": nil}
	return picker{"schemaVersion": nil, "generatedAt": nil, "records": eachOf(card.pick, nil)}.pick(src)
}

// trimYGORulings keeps of the ruling assistant's rulings.json the records
// kb indexes (its official Q&A and card FAQ, not the Chinese effect texts)
// and their fields kb reads (not the Chinese helper steps).
func trimYGORulings(src []byte) ([]byte, error) {
	record := picker{
		"id": nil, "recordType": nil, "title": nil, "cards": nil, "cardIds": nil,
		"question": nil, "conclusion": nil, "updatedAt": nil,
		"sources": eachOf(picker{"label": nil, "detail": nil}.pick, nil),
	}
	indexed := func(raw []byte) bool {
		var r struct {
			RecordType string `json:"recordType"`
		}
		return json.Unmarshal(raw, &r) != nil || r.RecordType != "card-text"
	}
	return picker{"schemaVersion": nil, "generatedAt": nil, "records": eachOf(record.pick, indexed)}.pick(src)
}
