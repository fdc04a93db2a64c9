package engine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// value is a YAML node reduced to what scenarios use: scalars, sequences and
// mappings (in source order), each with its position.
type value struct {
	kind      valueKind
	s         string // scalar text
	tag       string // for scalars: str, int, float, bool, null
	items     []*value
	keys      []*value // mapping keys (scalars), parallel to items
	line, col int
}

type valueKind int

const (
	scalarValue valueKind = iota
	seqValue
	mapValue
)

// Bounds on a scenario document, checked before the YAML parser runs: its
// size, its node count, and how deeply flow collections nest.
const (
	maxNodes     = 200000
	maxBytes     = 1 << 20
	maxFlowDepth = 64
)

// tooDeep reports whether [ and { nest more than maxFlowDepth deep. Quotes
// are not tracked, so brackets inside strings count too; scenarios never
// come near the limit.
func tooDeep(src []byte) (line int, deep bool) {
	depth, line := 0, 1
	for _, c := range src {
		switch c {
		case '\n':
			line++
		case '[', '{':
			depth++
			if depth > maxFlowDepth {
				return line, true
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return 0, false
}

// parseYAML parses one YAML document into a value tree.
func parseYAML(src []byte) (v *value, err error) {
	// The parser is third-party code; a malformed document must give an
	// error, never take the process down.
	defer func() {
		if r := recover(); r != nil {
			v, err = nil, errorf(CodeSyntax, 1, 1, fmt.Sprint(r))
		}
	}()
	if len(src) > maxBytes {
		return nil, errorf(CodeSyntax, 1, 1, "document larger than 1 MiB")
	}
	if line, deep := tooDeep(src); deep {
		return nil, errorf(CodeSyntax, line, 1, "collections nested too deeply")
	}
	f, err := parser.ParseBytes(src, 0)
	if err != nil {
		line, col := 0, 0
		msg := err.Error()
		if se, ok := err.(*yaml.SyntaxError); ok {
			msg = se.Message
			if se.Token != nil {
				line, col = se.Token.Position.Line, se.Token.Position.Column
			}
		}
		return nil, errorf(CodeSyntax, line, col, msg)
	}
	var docs []ast.Node
	for _, d := range f.Docs {
		if d != nil && d.Body != nil {
			docs = append(docs, d.Body)
		}
	}
	if len(docs) != 1 {
		return nil, errorf(CodeSyntax, 1, 1, fmt.Sprintf("want exactly one YAML document, found %d", len(docs)))
	}
	budget := maxNodes
	return convert(docs[0], &budget)
}

func pos(n ast.Node) (int, int) {
	if t := n.GetToken(); t != nil && t.Position != nil {
		return t.Position.Line, t.Position.Column
	}
	return 0, 0
}

func convert(n ast.Node, budget *int) (*value, error) {
	*budget--
	if *budget < 0 {
		return nil, errorf(CodeSyntax, 0, 0, "document too large")
	}
	line, col := pos(n)
	v := &value{line: line, col: col}
	switch n := n.(type) {
	case *ast.MappingNode:
		v.kind = mapValue
		for _, mv := range n.Values {
			if err := v.addPair(mv, budget); err != nil {
				return nil, err
			}
		}
	case *ast.MappingValueNode:
		v.kind = mapValue
		if err := v.addPair(n, budget); err != nil {
			return nil, err
		}
	case *ast.SequenceNode:
		v.kind = seqValue
		for _, it := range n.Values {
			c, err := convert(it, budget)
			if err != nil {
				return nil, err
			}
			v.items = append(v.items, c)
		}
	case *ast.StringNode:
		v.s, v.tag = n.Value, "str"
	case *ast.LiteralNode:
		v.s, v.tag = n.Value.Value, "str"
	case *ast.IntegerNode:
		v.s, v.tag = fmt.Sprint(n.Value), "int"
	case *ast.FloatNode:
		v.s, v.tag = strconv.FormatFloat(n.Value, 'g', -1, 64), "float"
	case *ast.BoolNode:
		v.s, v.tag = strconv.FormatBool(n.Value), "bool"
	case *ast.NullNode:
		v.s, v.tag = "", "null"
	case *ast.AnchorNode:
		if n.Value == nil {
			return &value{line: line, col: col, tag: "null"}, nil
		}
		return convert(n.Value, budget)
	case *ast.TagNode:
		if n.Value == nil {
			return &value{line: line, col: col, tag: "null"}, nil
		}
		return convert(n.Value, budget)
	case *ast.AliasNode:
		return nil, errorf(CodeBadValue, line, col, "alias", n.String(), "no YAML aliases in scenarios")
	default:
		if n == nil {
			return &value{tag: "null"}, nil
		}
		v.s, v.tag = n.String(), "str"
	}
	return v, nil
}

func (v *value) addPair(mv *ast.MappingValueNode, budget *int) error {
	if mv.Key == nil {
		return errorf(CodeSyntax, v.line, v.col, "mapping without key")
	}
	if mv.Key.IsMergeKey() {
		l, c := pos(mv.Key)
		return errorf(CodeBadValue, l, c, "<<", "merge key", "no YAML merge keys in scenarios")
	}
	k, err := convert(mv.Key, budget)
	if err != nil {
		return err
	}
	if k.kind != scalarValue {
		return errorf(CodeWrongType, k.line, k.col, "key", "scalar")
	}
	for _, old := range v.keys {
		if old.s == k.s {
			return errorf(CodeDuplicateID, k.line, k.col, k.s)
		}
	}
	var val *value
	if mv.Value == nil {
		val = &value{tag: "null", line: k.line, col: k.col}
	} else if val, err = convert(mv.Value, budget); err != nil {
		return err
	}
	v.keys = append(v.keys, k)
	v.items = append(v.items, val)
	return nil
}

// text renders v canonically on one line: scalars as written, [a, b] and {k: v}.
func (v *value) text() string {
	var b strings.Builder
	v.write(&b)
	return b.String()
}

func (v *value) write(b *strings.Builder) {
	switch v.kind {
	case seqValue:
		b.WriteByte('[')
		for i, it := range v.items {
			if i > 0 {
				b.WriteString(", ")
			}
			it.write(b)
		}
		b.WriteByte(']')
	case mapValue:
		b.WriteByte('{')
		for i, it := range v.items {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(quoteIfNeeded(v.keys[i].s))
			b.WriteString(": ")
			it.write(b)
		}
		b.WriteByte('}')
	default:
		if v.tag == "null" {
			b.WriteString("null")
			return
		}
		if v.tag == "str" {
			b.WriteString(quoteIfNeeded(v.s))
			return
		}
		b.WriteString(v.s)
	}
}

func quoteIfNeeded(s string) string {
	if s == "" || strings.ContainsAny(s, ":{}[],#&*!|>'\"%@`") || strings.TrimSpace(s) != s {
		return strconv.Quote(s)
	}
	return s
}

// fields is a mapping being decoded; where names it in errors.
type fields struct {
	v     *value
	where string
}

// asMap checks that v is a mapping whose keys are all in allowed.
func asMap(v *value, where string, allowed ...string) (*fields, error) {
	if v.kind != mapValue {
		return nil, errorf(CodeWrongType, v.line, v.col, where, "mapping")
	}
	for _, k := range v.keys {
		if !has(allowed, k.s) {
			return nil, errorf(CodeUnknownKey, k.line, k.col, k.s, where)
		}
	}
	return &fields{v: v, where: where}, nil
}

func (f *fields) get(key string) *value {
	for i, k := range f.v.keys {
		if k.s == key {
			return f.v.items[i]
		}
	}
	return nil
}

func (f *fields) require(key string) (*value, error) {
	v := f.get(key)
	if v == nil {
		return nil, errorf(CodeMissingKey, f.v.line, f.v.col, key, f.where)
	}
	return v, nil
}

func (v *value) str(key string) (string, error) {
	if v.kind != scalarValue || v.tag == "null" {
		return "", errorf(CodeWrongType, v.line, v.col, key, "string")
	}
	return v.s, nil
}

func (v *value) integer(key string) (int, error) {
	if v.kind != scalarValue || v.tag != "int" {
		return 0, errorf(CodeWrongType, v.line, v.col, key, "integer")
	}
	n, err := strconv.Atoi(v.s)
	if err != nil || n > 1e6 || n < -1e6 {
		return 0, errorf(CodeBadValue, v.line, v.col, key, v.s, "an integer between -1000000 and 1000000")
	}
	return n, nil
}

func (v *value) boolean(key string) (bool, error) {
	if v.kind != scalarValue || v.tag != "bool" {
		return false, errorf(CodeWrongType, v.line, v.col, key, "boolean")
	}
	return v.s == "true", nil
}

// strs reads a sequence of strings; a single string is accepted as a list of one.
func (v *value) strs(key string) ([]string, error) {
	if v.kind == scalarValue && v.tag == "null" {
		return nil, nil
	}
	if v.kind == scalarValue {
		s, err := v.str(key)
		return []string{s}, err
	}
	if v.kind != seqValue {
		return nil, errorf(CodeWrongType, v.line, v.col, key, "list")
	}
	out := make([]string, 0, len(v.items))
	for _, it := range v.items {
		s, err := it.str(key)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// ints reads a sequence of integers; a single integer is a list of one.
func (v *value) ints(key string) ([]int, error) {
	if v.kind == scalarValue {
		n, err := v.integer(key)
		return []int{n}, err
	}
	if v.kind != seqValue {
		return nil, errorf(CodeWrongType, v.line, v.col, key, "list of integers")
	}
	var out []int
	for _, it := range v.items {
		n, err := it.integer(key)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// optStr, optInt, optBool and optStrs read an optional key.
func (f *fields) optStr(key string, def string) (string, error) {
	if v := f.get(key); v != nil && v.tag != "null" {
		return v.str(key)
	}
	return def, nil
}

func (f *fields) optInt(key string, def int) (int, error) {
	if v := f.get(key); v != nil {
		return v.integer(key)
	}
	return def, nil
}

func (f *fields) optBool(key string) (bool, error) {
	if v := f.get(key); v != nil {
		return v.boolean(key)
	}
	return false, nil
}

func (f *fields) optStrs(key string) ([]string, error) {
	if v := f.get(key); v != nil {
		return v.strs(key)
	}
	return nil, nil
}

// oneOf checks that s is one of the allowed values.
func oneOf(v *value, key, s string, allowed ...string) error {
	if !has(allowed, s) {
		return errorf(CodeBadValue, v.line, v.col, key, s, strings.Join(allowed, " | "))
	}
	return nil
}
