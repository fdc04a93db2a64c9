package kb

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Ruling is a card ruling from a rulings file.
type Ruling struct {
	OracleID string // Scryfall Oracle ID of the card (shared by every printing)
	Card     string // English card name, when the file gives it (card_name)
	Source   string // "wotc" or "scryfall" in Scryfall files; empty when not given
	Date     string // YYYY-MM-DD
	Text     string
	N        int // 1-based position of the ruling among its card's, in file order
}

// Doc returns the ruling as a Doc with ID "ruling:<oracle_id>:<n>".
func (r Ruling) Doc() Doc {
	return Doc{
		ID: fmt.Sprintf("ruling:%s:%d", r.OracleID, r.N), Kind: KindRuling, Game: "mtg", Lang: "en",
		Card: r.Card, Text: r.Text, Source: r.Source, Date: r.Date,
	}
}

// maxRecord bounds one JSON record (a ruling, a card, a JSON line).
const maxRecord = 4 << 20

// rulingJSON holds the fields of a Scryfall ruling object and of the JSON
// Lines variant (card_name instead of object and source).
type rulingJSON struct {
	Object      *string `json:"object"`
	OracleID    string  `json:"oracle_id"`
	Source      string  `json:"source"`
	PublishedAt string  `json:"published_at"`
	Comment     string  `json:"comment"`
	CardName    string  `json:"card_name"`
}

// sectionMarker starts the MTGJSON rulings that are headings, not rulings
// ("---------- The following rulings focus on ... ----------").
const sectionMarker = "----------"

// ParseRulings decodes card rulings as a stream and calls fn for each, in
// file order: Scryfall bulk rulings (a JSON array of {object?, oracle_id,
// source, published_at, comment}) or JSON Lines with the same names (source
// optional, card_name allowed). MTGJSON section markers and empty comments
// are dropped and do not count in N. An
// error from fn stops the parse and is returned as is. name is used only in
// errors.
func ParseRulings(name string, r io.Reader, fn func(Ruling) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	first, err := firstByte(br)
	if err == io.EOF {
		return offsetErr(name, 0, CodeEmpty, "no rulings")
	}
	if err != nil {
		return err
	}
	p := rulingParser{name: name, fn: fn, n: make(map[string]int)}
	switch first {
	case '[':
		return p.array(br)
	case '{':
		return p.lines(br)
	}
	return offsetErr(name, 0, CodeUnknownFormat, "rulings start with %q; want a JSON array or JSON Lines", first)
}

type rulingParser struct {
	name string
	fn   func(Ruling) error
	n    map[string]int // rulings seen per oracle id
}

func (p *rulingParser) array(r io.Reader) error {
	dec := newJSONStream(r)
	if _, err := dec.Token(); err != nil {
		return jsonErr(p.name, dec.InputOffset(), err)
	}
	for dec.More() {
		off := dec.InputOffset()
		var rj rulingJSON
		if err := dec.Decode(&rj); err != nil {
			return jsonErr(p.name, 0, err)
		}
		if err := p.emit(rj, 0, off); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil {
		return jsonErr(p.name, dec.InputOffset(), err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return offsetErr(p.name, dec.InputOffset(), CodeBadJSON, "data after the end of the array")
	}
	return nil
}

func (p *rulingParser) lines(br *bufio.Reader) error {
	return eachLine(p.name, br, func(line int, b []byte) error {
		var rj rulingJSON
		if err := json.Unmarshal(b, &rj); err != nil {
			pe := jsonErr(p.name, 0, err)
			pe.Line = line
			return pe
		}
		return p.emit(rj, line, 0)
	})
}

func (p *rulingParser) emit(rj rulingJSON, line int, off int64) error {
	at := func(code, format string, args ...any) error {
		return &ParseError{File: p.name, Line: line, Offset: off, Code: code, Detail: fmt.Sprintf(format, args...)}
	}
	if rj.Object != nil && *rj.Object != "ruling" {
		return at(CodeWrongType, "object %q; want ruling", *rj.Object)
	}
	if rj.OracleID == "" {
		return at(CodeMissingField, "a ruling has no oracle_id")
	}
	if rj.PublishedAt != "" && !validDate(rj.PublishedAt) {
		return at(CodeBadDate, "published_at %q is not YYYY-MM-DD", rj.PublishedAt)
	}
	// An empty comment (one in the MTGJSON data) says nothing to cite.
	if strings.TrimSpace(rj.Comment) == "" || strings.HasPrefix(rj.Comment, sectionMarker) {
		return nil
	}
	p.n[rj.OracleID]++
	return p.fn(Ruling{
		OracleID: rj.OracleID, Card: rj.CardName, Source: rj.Source,
		Date: rj.PublishedAt, Text: rj.Comment, N: p.n[rj.OracleID],
	})
}

// firstByte returns the first byte that is not white space (nor a BOM),
// without consuming it.
func firstByte(br *bufio.Reader) (byte, error) {
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, []byte("\xef\xbb\xbf")) {
		br.Discard(3)
	}
	for {
		b, err := br.Peek(1)
		if err != nil {
			return 0, err
		}
		switch b[0] {
		case ' ', '\t', '\r', '\n':
			br.Discard(1)
		default:
			return b[0], nil
		}
	}
}

// eachLine calls fn with every non-blank line of a JSON Lines stream and its
// number from 1. Lines longer than maxRecord are an error.
func eachLine(name string, br *bufio.Reader, fn func(line int, b []byte) error) error {
	var buf []byte
	for line := 1; ; line++ {
		buf = buf[:0]
		for {
			chunk, err := br.ReadSlice('\n')
			buf = append(buf, chunk...)
			if len(buf) > maxRecord {
				return lineErr(name, line, CodeTooLarge, "line longer than %d bytes", maxRecord)
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			if err != nil && err != io.EOF {
				return err
			}
			if b := bytes.TrimSpace(buf); len(b) > 0 {
				if ferr := fn(line, b); ferr != nil {
					return ferr
				}
			}
			if err == io.EOF {
				return nil
			}
			break
		}
	}
}

// errRecordTooLarge stops a JSON stream whose next value exceeds maxRecord.
var errRecordTooLarge = errors.New("record too large")

// boundedReader fails once more than limit bytes have been read.
type boundedReader struct {
	r     io.Reader
	n     int64
	limit int64
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.n > b.limit {
		return 0, errRecordTooLarge
	}
	n, err := b.r.Read(p)
	b.n += int64(n)
	return n, err
}

// jsonStream is a json.Decoder that reads no more than maxRecord bytes (plus
// its read-ahead) for any one token or value, so a hostile stream cannot
// make it hold an unbounded value in memory.
type jsonStream struct {
	*json.Decoder
	br *boundedReader
}

func newJSONStream(r io.Reader) *jsonStream {
	br := &boundedReader{r: r, limit: maxRecord}
	return &jsonStream{Decoder: json.NewDecoder(br), br: br}
}

func (s *jsonStream) budget() { s.br.limit = s.InputOffset() + maxRecord + 1<<20 }

// Token is json.Decoder.Token within the record budget.
func (s *jsonStream) Token() (json.Token, error) {
	s.budget()
	return s.Decoder.Token()
}

// Decode is json.Decoder.Decode within the record budget.
func (s *jsonStream) Decode(v any) error {
	s.budget()
	return s.Decoder.Decode(v)
}

// jsonErr turns an encoding/json error into a ParseError; base is the offset
// of the value being decoded.
func jsonErr(name string, base int64, err error) *ParseError {
	var (
		syn *json.SyntaxError
		typ *json.UnmarshalTypeError
	)
	switch {
	case errors.Is(err, errRecordTooLarge):
		return offsetErr(name, base, CodeTooLarge, "a JSON value longer than %d bytes", maxRecord)
	case errors.As(err, &typ):
		return offsetErr(name, base+typ.Offset, CodeWrongType, "field %q: %s where %s was expected", typ.Field, typ.Value, typ.Type)
	case errors.As(err, &syn):
		return offsetErr(name, base+syn.Offset, CodeBadJSON, "%s", syn.Error())
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return offsetErr(name, base, CodeTruncated, "the JSON ends early")
	}
	return offsetErr(name, base, CodeBadJSON, "%s", err.Error())
}
