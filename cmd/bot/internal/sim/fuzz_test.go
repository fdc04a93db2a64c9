package sim

import (
	"context"
	"errors"
	"testing"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"

	"arbiter/engine"
)

// FuzzCheckStructure: the shape check never panics, fails only with a
// *LimitError, and never counts less nesting than the YAML parser finds
// in a document it parses (a document it lets through is as shallow as
// it says).
func FuzzCheckStructure(f *testing.F) {
	for _, p := range engine.Presets() {
		if src, err := engine.PresetSource(p.Name); err == nil {
			f.Add(src)
		}
	}
	for _, s := range []string{
		"x: a: a: a: b\n", "- - - - b\n", "a:\n- 1\n- [2, [3, {b: c}]]\nd: |\n  [[[\n  {{\ne: 'it''s: [' \n",
		"[a: b, {c: [d: e]}]\n", "? [a, b]\n: c\n", "a: \"multi\n  line: [\" \n", "--- \n- a\n--- \nb: [c,\n  d]\n",
		"a: &x [1, 2]\nb: !!str *x\n", "- a: 1\n  b:\n  - c\n  -  - d\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		lim := UserLimits()
		err := CheckStructure(context.Background(), src, lim)
		var le *LimitError
		if err != nil && !errors.As(err, &le) {
			t.Fatalf("error %v, not a *LimitError", err)
		}
		if len(src) > 2048 {
			return
		}
		// Unbounded, to compare with the parser.
		s := scanner{}
		if err := s.scan(context.Background(), lexer.Tokenize(string(src))); err != nil {
			t.Fatal(err)
		}
		file, perr := parser.ParseBytes(src, 0)
		if perr != nil {
			return
		}
		for _, d := range file.Docs {
			if d == nil || d.Body == nil {
				continue
			}
			if real := yamlDepth(d.Body); real > s.deepest {
				t.Fatalf("the parser finds %d levels, the scan %d", real, s.deepest)
			}
		}
	})
}

// yamlDepth is how many collections nest in n, as the parser reads it.
func yamlDepth(n ast.Node) int {
	switch n := n.(type) {
	case *ast.MappingNode:
		d := 0
		for _, v := range n.Values {
			d = max(d, pairDepth(v))
		}
		return 1 + d
	case *ast.MappingValueNode:
		return 1 + pairDepth(n)
	case *ast.SequenceNode:
		d := 0
		for _, v := range n.Values {
			d = max(d, yamlDepth(v))
		}
		return 1 + d
	case *ast.AnchorNode:
		return yamlDepth(n.Value)
	case *ast.TagNode:
		return yamlDepth(n.Value)
	case *ast.MappingKeyNode:
		return yamlDepth(n.Value)
	}
	return 0
}

// pairDepth is the nesting of a mapping's pair: its key's or its value's.
func pairDepth(v *ast.MappingValueNode) int {
	d := 0
	if v.Key != nil {
		d = yamlDepth(v.Key)
	}
	if v.Value != nil {
		d = max(d, yamlDepth(v.Value))
	}
	return d
}
