package sim

import (
	"context"

	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/token"
)

// CheckStructure bounds a scenario's YAML by its shape before the YAML
// parser reads it: how deeply its collections nest (block and flow), how
// many nodes it holds, and how many keys one mapping holds. The parser
// (goccy/go-yaml, which the engine uses) may take far longer than the
// size of its input suggests: 21,800 levels of "a: a: a: …" or "- - - …",
// 64 KB, took it minutes, and a mapping of thousands of keys seconds.
//
// The check reads the tokens of the parser's own lexer, which is linear
// in the size of src (quoted, multi-line and block scalars are read as
// the parser reads them), and counts the nesting they make as the parser
// builds it, never less: where the parser nests more than YAML says (a
// tag alone at the end of a line, a "-" with no value, a "- " or a key
// inside a flow collection), so does the count; where it cannot tell, it
// counts more. Scenarios nest a few levels and hold a few hundred nodes;
// the limits are far above that. The error is a *LimitError ("depth",
// "nodes" or "keys"). It stops when ctx ends, with ctx's error.
func CheckStructure(ctx context.Context, src []byte, lim Limits) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s := scanner{lim: lim}
	return s.scan(ctx, lexer.Tokenize(string(src)))
}

// indicators counts the bytes of src that may start a token of
// structure (a sequence entry, a key's ':', a bracket, a comma, a
// comment, an anchor, an alias or a tag): at least as many as the tokens
// of structure the lexer finds, since each starts with one of them, and
// cheap to count, without a token in memory. A document with more of
// them than MaxNodes holds more nodes than that, bar indicators inside
// its strings: CheckStructure's tokens would refuse it too. Play counts
// them before a scenario queues for its gate.
func indicators(src []byte) int {
	n := 0
	for i, c := range src {
		switch c {
		case '[', '{', ',', '#', '&', '*', '!':
			n++
		case '-', ':', '?':
			if i+1 == len(src) || src[i+1] == ' ' || src[i+1] == '\t' || src[i+1] == '\n' || src[i+1] == '\r' {
				n++
			}
		}
	}
	return n
}

// level is an open block collection: the column of its entries, whether
// it is a sequence, and the keys it holds so far (mappings).
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

// flowLevel is an open flow collection ([ or {).
type flowLevel struct {
	mapping bool
	entries int
	// nest counts the keys and "- " of its current entry: a key in a flow
	// sequence is a mapping of one pair, one level deeper, and goccy/go-
	// yaml nests a "- " there as a block sequence; several in one entry
	// count as several levels.
	nest int
}

// scanner holds the state of CheckStructure.
type scanner struct {
	lim   Limits
	block []level
	flow  []flowLevel
	nodes int
	// extra is the sum of the block levels' tags and the flow levels'
	// nests.
	extra int
	// deepest is the deepest nesting seen.
	deepest int
}

// scan counts the nesting of the tokens.
func (s *scanner) scan(ctx context.Context, toks token.Tokens) error {
	var prev *token.Token // the previous token, comments aside
	for i, tk := range toks {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if tk == nil || tk.Position == nil || tk.Type == token.CommentType || tk.Type == token.SpaceType {
			continue
		}
		col := tk.Position.Column
		if len(s.flow) == 0 && (prev == nil || tk.Position.Line > prev.Position.Line) {
			// The first token of a line closes what is deeper.
			for len(s.block) > 0 && s.block[len(s.block)-1].col > col {
				s.pop()
			}
		}
		next := nextToken(toks, i)
		var err error
		switch tk.Type {
		case token.DocumentHeaderType, token.DocumentEndType:
			for len(s.block) > 0 {
				s.pop()
			}
		case token.SequenceStartType, token.MappingStartType:
			s.flow = append(s.flow, flowLevel{mapping: tk.Type == token.MappingStartType})
			if err = s.node(); err == nil {
				err = s.checkDepth()
			}
		case token.SequenceEndType, token.MappingEndType:
			if len(s.flow) > 0 {
				s.extra -= s.flow[len(s.flow)-1].nest
				s.flow = s.flow[:len(s.flow)-1]
			}
		case token.CollectEntryType:
			if len(s.flow) > 0 {
				f := &s.flow[len(s.flow)-1]
				s.extra -= f.nest
				f.nest = 0
				f.entries++
				if f.mapping && s.lim.MaxKeys > 0 && f.entries > s.lim.MaxKeys {
					err = &LimitError{What: "keys", Limit: s.lim.MaxKeys, Got: f.entries}
				}
			}
		case token.SequenceEntryType, token.MappingValueType, token.MappingKeyType, token.MergeKeyType:
			err = s.indicator(tk, prev, next)
		case token.TagType:
			if len(s.flow) == 0 && len(s.block) > 0 && (next == nil || next.Position.Line > tk.Position.Line) {
				s.block[len(s.block)-1].tags++
				s.extra++
				err = s.checkDepth()
			}
		case token.AnchorType, token.DirectiveType:
		default:
			// A scalar of any kind, or an alias.
			err = s.node()
		}
		if err != nil {
			return err
		}
		prev = tk
	}
	return nil
}

// indicator counts a sequence entry ("- "), a key's ':' or an explicit
// key ("? "): in a block, an entry of the collection at its column; in a
// flow collection, a level deeper for the rest of the entry.
func (s *scanner) indicator(tk, prev, next *token.Token) error {
	if len(s.flow) > 0 {
		if tk.Type == token.MappingKeyType {
			return nil
		}
		f := &s.flow[len(s.flow)-1]
		f.nest++
		s.extra++
		if err := s.node(); err != nil {
			return err
		}
		return s.checkDepth()
	}
	switch tk.Type {
	case token.SequenceEntryType:
		if err := s.place(tk.Position.Column, true); err != nil {
			return err
		}
		if next == nil || next.Position.Line > tk.Position.Line {
			s.block[len(s.block)-1].bare = true
		}
		return nil
	case token.MappingValueType:
		// The key is the token before the ':' (on its line, or on an
		// earlier line but for an explicit key's "? "), or the anchor,
		// alias or tag before that, which the parser makes one node with
		// it, even across lines; with none, the ':' stands for it. (The
		// parser reads "a: b" then a ':' on the next line as a mapping
		// whose key is b, a level deeper.)
		col := tk.Position.Column
		if prev != nil && !isIndicator(prev) && (prev.Position.Line == tk.Position.Line || !explicitKey(prev)) {
			col = prev.Position.Column
			if p := prevToken(prev); p != nil && (p.Type == token.AliasType || p.Type == token.AnchorType || p.Type == token.TagType) {
				col = p.Position.Column
			}
		}
		return s.place(col, false)
	}
	return s.place(tk.Position.Column, false)
}

// explicitKey reports whether tk follows a "? " (an explicit key).
func explicitKey(tk *token.Token) bool {
	p := prevToken(tk)
	return p != nil && p.Type == token.MappingKeyType
}

// isIndicator tells the tokens that are no key of their own.
func isIndicator(tk *token.Token) bool {
	switch tk.Type {
	case token.SequenceEntryType, token.MappingValueType, token.MappingKeyType, token.CollectEntryType,
		token.SequenceStartType, token.MappingStartType, token.SequenceEndType, token.MappingEndType,
		token.DocumentHeaderType, token.DocumentEndType:
		return true
	}
	return false
}

// prevToken is the token before tk, comments aside (nil at the start).
func prevToken(tk *token.Token) *token.Token {
	for p := tk.Prev; p != nil; p = p.Prev {
		if p.Position != nil && p.Type != token.CommentType && p.Type != token.SpaceType {
			return p
		}
	}
	return nil
}

// nextToken is the token after toks[i], comments aside (nil at the end).
func nextToken(toks token.Tokens, i int) *token.Token {
	for _, tk := range toks[i+1:] {
		if tk != nil && tk.Position != nil && tk.Type != token.CommentType && tk.Type != token.SpaceType {
			return tk
		}
	}
	return nil
}

// place records a block collection's entry at column col: a sequence
// entry or a key. An entry at the column of an open collection of its
// kind is that collection's next entry; anything else opens a
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

// pop closes the innermost block collection.
func (s *scanner) pop() {
	s.extra -= s.block[len(s.block)-1].tags
	s.block = s.block[:len(s.block)-1]
}

// node counts one node.
func (s *scanner) node() error {
	s.nodes++
	if s.lim.MaxNodes > 0 && s.nodes > s.lim.MaxNodes {
		return &LimitError{What: "nodes", Limit: s.lim.MaxNodes, Got: s.nodes}
	}
	return nil
}

// checkDepth fails when the open collections nest deeper than the limit.
func (s *scanner) checkDepth() error {
	d := len(s.block) + len(s.flow) + s.extra
	s.deepest = max(s.deepest, d)
	if s.lim.MaxDepth > 0 && d > s.lim.MaxDepth {
		return &LimitError{What: "depth", Limit: s.lim.MaxDepth, Got: d}
	}
	return nil
}
