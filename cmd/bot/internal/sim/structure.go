package sim

import (
	"context"
	"strings"
)

// CheckStructure bounds a scenario's YAML by its shape before any YAML
// parser reads it: how deeply its collections nest (block and flow), how
// many nodes it holds, and how many keys one mapping holds. A YAML parser
// may take far longer than the size of its input suggests (goccy/go-yaml
// parses 21,800 levels of "a: a: a: …" or "- - - …", 64 KB, superlinearly,
// for minutes, and a mapping of thousands of keys in seconds); this scan
// is linear in the size of src and reads each byte once.
//
// It reads YAML as a parser would, but loosely: where it cannot tell, it
// counts more, never less (a ": " inside a plain scalar counts as a key,
// a bracket inside a block scalar's text is skipped but one in a quoted
// scalar is not an issue). Scenarios nest a few levels and hold a few
// thousand nodes; the limits are far above that. The error is a
// *LimitError ("depth", "nodes" or "keys"). It stops when ctx ends, with
// ctx's error.
func CheckStructure(ctx context.Context, src []byte, lim Limits) error {
	s := scanner{lim: lim}
	return s.scan(ctx, src)
}

// level is an open block collection: the column of its entries, whether
// it is a sequence, the keys it holds so far (mappings), and the tags
// its entries ended a line with.
type level struct {
	col  int
	seq  bool
	keys int
	// tags counts its entries whose value is a tag alone at the end of a
	// line ("a: !t"): goccy/go-yaml nests what follows in the tagged
	// node, one level deeper for each.
	tags int
	// bare is set on a sequence whose last entry ended its line with no
	// value ("-"): goccy/go-yaml reads a key on the next line, at the
	// same column, as that entry's value, one level deeper.
	bare bool
}

// flowLevel is an open flow collection ([ or {) and its entries so far.
type flowLevel struct {
	mapping bool
	entries int
	// dashes counts "- " in its current entry: goccy/go-yaml reads each
	// as a block sequence nested there.
	dashes int
}

// scanner holds the state of CheckStructure across lines.
type scanner struct {
	lim   Limits
	block []level
	flow  []flowLevel
	nodes int
	// tags is the sum of the open levels' tags, and of the flow levels'
	// dashes.
	tags int
	// deepest is the deepest nesting seen.
	deepest int
	// quote is the quote character of a quoted scalar that continues on
	// the next line (0: none).
	quote byte
	// literal is the column a block scalar's lines are indented beyond
	// (-1: none): those lines are its text.
	literal int
	// carry is the column of an anchor or alias indicator that ended a
	// line with no name (-1: none): goccy/go-yaml names it with the next
	// line's first token, which it then reads at that column; shift is
	// how far that token's line is moved to be read there.
	carry, shift int
}

// scan checks src line by line.
func (s *scanner) scan(ctx context.Context, src []byte) error {
	s.literal, s.carry = -1, -1
	text := string(src)
	for n := 0; len(text) > 0; n++ {
		if n%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		// A line ends at \n, \r\n or a lone \r, as YAML parsers read it.
		end := strings.IndexAny(text, "\r\n")
		if end < 0 {
			end = len(text)
		}
		line := text[:end]
		text = text[end:]
		if strings.HasPrefix(text, "\r\n") {
			text = text[2:]
		} else if text != "" {
			text = text[1:]
		}
		if err := s.line(line); err != nil {
			return err
		}
	}
	return nil
}

// line scans one line.
func (s *scanner) line(line string) error {
	indent := 0
	for indent < len(line) && (line[indent] == ' ' || line[indent] == '\t') {
		indent++
	}
	if s.literal >= 0 {
		if indent == len(line) || indent > s.literal {
			return nil // a block scalar's text
		}
		s.literal = -1
	}
	p := indent
	s.shift = 0
	if s.carry >= 0 && s.quote == 0 && p < len(line) {
		s.shift, s.carry = s.carry-indent, -1
		indent = max(0, indent+s.shift)
	}
	if s.quote != 0 {
		end, closed := skipQuoted(line, 0, s.quote)
		if !closed {
			return nil
		}
		s.quote, p = 0, end
	} else {
		if p == len(line) || line[p] == '#' {
			return nil
		}
		if len(s.flow) == 0 {
			if indent == 0 && (strings.HasPrefix(line, "---") || strings.HasPrefix(line, "...") || line[0] == '%') {
				// A document marker or a directive: a new document.
				s.block, s.tags = s.block[:0], 0
				for _, f := range s.flow {
					s.tags += f.dashes
				}
				if strings.HasPrefix(line, "---") {
					p = 3
				} else {
					return nil
				}
			}
			for len(s.block) > 0 && s.block[len(s.block)-1].col > indent {
				s.pop()
			}
		}
	}
	return s.tokens(line, p)
}

// tokens scans the rest of a line from p.
func (s *scanner) tokens(line string, p int) error {
	for prev := -1; p < len(line); {
		if p == prev {
			// Nothing read: a byte that starts no token of its own.
			if p++; p == len(line) {
				break
			}
		}
		prev = p
		c := line[p]
		if c == ' ' || c == '\t' {
			p++
			continue
		}
		next := byte(' ')
		if p+1 < len(line) {
			next = line[p+1]
		}
		space := next == ' ' || next == '\t' || next == 0
		switch {
		case c == '#' && (p == 0 || line[p-1] == ' ' || line[p-1] == '\t'):
			return nil
		case len(s.flow) == 0 && (c == '-' || c == '?') && space:
			// A sequence entry, or an explicit key, at column p.
			if err := s.place(p+s.shift, c == '-'); err != nil {
				return err
			}
			p++
			if rest := strings.TrimSpace(line[p:]); c == '-' && (rest == "" || rest[0] == '#') {
				s.block[len(s.block)-1].bare = true
			}
		case len(s.flow) > 0 && c == '-' && space:
			f := &s.flow[len(s.flow)-1]
			f.dashes++
			s.tags++
			if err := s.node(); err != nil {
				return err
			}
			if err := s.checkDepth(); err != nil {
				return err
			}
			p++
		case c == '[' || c == '{':
			s.flow = append(s.flow, flowLevel{mapping: c == '{'})
			if err := s.node(); err != nil {
				return err
			}
			if err := s.checkDepth(); err != nil {
				return err
			}
			p++
		case c == ']' || c == '}':
			if len(s.flow) > 0 {
				s.tags -= s.flow[len(s.flow)-1].dashes
				s.flow = s.flow[:len(s.flow)-1]
			}
			p++
		case c == ',' && len(s.flow) > 0:
			f := &s.flow[len(s.flow)-1]
			s.tags -= f.dashes
			f.dashes = 0
			f.entries++
			if f.mapping && s.lim.MaxKeys > 0 && f.entries > s.lim.MaxKeys {
				return &LimitError{What: "keys", Limit: s.lim.MaxKeys, Got: f.entries}
			}
			p++
		case (c == '|' || c == '>') && len(s.flow) == 0:
			// A block scalar: its text is on the lines indented beyond the
			// collection it is in.
			s.literal = 0
			if len(s.block) > 0 {
				s.literal = s.block[len(s.block)-1].col
			}
			return s.node()
		case c == '"' || c == '\'':
			end, closed := skipQuoted(line, p+1, c)
			if !closed {
				s.quote = c
				return s.node()
			}
			var err error
			if p, err = s.scalar(line, p, end); err != nil {
				return err
			}
		case c == '&' || c == '!' || c == '*':
			// An anchor, a tag or an alias: a name up to the next space.
			at := p
			for p < len(line) && line[p] != ' ' && line[p] != '\t' && !(len(s.flow) > 0 && strings.IndexByte(",[]{}", line[p]) >= 0) {
				p++
			}
			if c == '*' {
				if err := s.node(); err != nil {
					return err
				}
			}
			if c != '!' && p == at+1 && p == len(line) && len(s.flow) == 0 {
				s.carry = at + s.shift
			}
			if rest := strings.TrimSpace(line[p:]); c == '!' && len(s.flow) == 0 && len(s.block) > 0 && (rest == "" || rest[0] == '#') {
				s.block[len(s.block)-1].tags++
				s.tags++
				if err := s.checkDepth(); err != nil {
					return err
				}
			}
		default:
			var err error
			if p, err = s.scalar(line, p, plainEnd(line, p, len(s.flow) > 0, s.inFlowMap())); err != nil {
				return err
			}
		}
	}
	return nil
}

// scalar counts the scalar of line[start:end] and, when a ':' follows it
// as YAML's mapping indicator, the key it is. It returns where to go on.
func (s *scanner) scalar(line string, start, end int) (int, error) {
	if err := s.node(); err != nil {
		return end, err
	}
	p := end
	for p < len(line) && (line[p] == ' ' || line[p] == '\t') {
		p++
	}
	if p >= len(line) || line[p] != ':' || !mapIndicator(line, p, len(s.flow) > 0, s.inFlowMap()) {
		return max(p, start+1), nil
	}
	if len(s.flow) > 0 {
		if !s.flow[len(s.flow)-1].mapping {
			// A key in a flow sequence: a mapping of one pair, one level
			// deeper.
			return p + 1, s.depth(len(s.block) + s.tags + len(s.flow) + 1)
		}
		return p + 1, nil
	}
	return p + 1, s.place(start+s.shift, false)
}

// inFlowMap tells whether a flow mapping is open, around the innermost
// flow collection or as it.
func (s *scanner) inFlowMap() bool {
	for _, f := range s.flow {
		if f.mapping {
			return true
		}
	}
	return false
}

// mapIndicator tells whether the ':' at line[i] separates a key from its
// value: before a space, a tab, a NUL or the end of the line; in a flow
// collection before , [ ] { } too; and within a flow mapping before
// anything but '/' (as goccy/go-yaml reads "{a:b}", and "http://").
func mapIndicator(line string, i int, flow, flowMap bool) bool {
	if i+1 == len(line) {
		return true
	}
	n := line[i+1]
	return n == ' ' || n == '\t' || n == 0 || flow && strings.IndexByte(",[]{}", n) >= 0 || flowMap && n != '/'
}

// plainEnd is where the plain scalar starting at p ends: at a mapping
// indicator (see mapIndicator), " #", or in a flow collection at
// , [ ] { }.
func plainEnd(line string, p int, flow, flowMap bool) int {
	for i := p; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ':' && mapIndicator(line, i, flow, flowMap):
			return i
		case c == '#' && i > p && (line[i-1] == ' ' || line[i-1] == '\t'):
			return i
		case flow && strings.IndexByte(",[]{}", c) >= 0:
			return i
		}
	}
	return len(line)
}

// skipQuoted finds the end of a quoted scalar whose text starts at p:
// the index after its closing quote, and whether it closes on this line.
// In double quotes a backslash escapes the next character; in single
// quotes, two quotes in a row are one quote.
func skipQuoted(line string, p int, q byte) (int, bool) {
	for i := p; i < len(line); i++ {
		switch {
		case q == '"' && line[i] == '\\':
			i++
		case line[i] == q && q == '\'' && i+1 < len(line) && line[i+1] == '\'':
			i++
		case line[i] == q:
			return i + 1, true
		}
	}
	return len(line), false
}

// place records a block collection's entry at column col: a sequence
// entry ("- ") or a key. An entry at the column of an open collection of
// its kind is that collection's next entry; anything else opens a
// collection, one level deeper.
func (s *scanner) place(col int, seq bool) error {
	for len(s.block) > 0 {
		top := &s.block[len(s.block)-1]
		if top.col == col && top.seq && !seq && top.bare {
			// The bare entry's value: a level deeper.
			top.bare = false
			break
		}
		top.bare = false
		if top.col > col || top.col == col && top.seq && !seq {
			// Deeper, or a sequence at the column of a key that follows
			// it (the sequence was the value of the key before): closed.
			s.pop()
			continue
		}
		if top.col == col && top.seq == seq {
			if !seq {
				top.keys++
				if s.lim.MaxKeys > 0 && top.keys > s.lim.MaxKeys {
					return &LimitError{What: "keys", Limit: s.lim.MaxKeys, Got: top.keys}
				}
			}
			return s.node()
		}
		break
	}
	l := level{col: col, seq: seq}
	if !seq {
		l.keys = 1
	}
	s.block = append(s.block, l)
	if err := s.node(); err != nil {
		return err
	}
	return s.checkDepth()
}

// node counts one node.
func (s *scanner) node() error {
	s.nodes++
	if s.lim.MaxNodes > 0 && s.nodes > s.lim.MaxNodes {
		return &LimitError{What: "nodes", Limit: s.lim.MaxNodes, Got: s.nodes}
	}
	return nil
}

// pop closes the innermost block collection.
func (s *scanner) pop() {
	s.tags -= s.block[len(s.block)-1].tags
	s.block = s.block[:len(s.block)-1]
}

// checkDepth fails when the open collections nest deeper than the limit.
func (s *scanner) checkDepth() error { return s.depth(len(s.block) + s.tags + len(s.flow)) }

// depth records a nesting of d collections and fails when it is deeper
// than the limit.
func (s *scanner) depth(d int) error {
	s.deepest = max(s.deepest, d)
	if s.lim.MaxDepth > 0 && d > s.lim.MaxDepth {
		return &LimitError{What: "depth", Limit: s.lim.MaxDepth, Got: d}
	}
	return nil
}
