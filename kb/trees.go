package kb

import (
	"fmt"
	"math"
)

// A model may add regression trees to its linear score: gradient-boosted
// trees fitted on the gradients of a ranking metric (LambdaMART, Burges
// 2010), starting from the linear model's scores. A tree reads features
// together ("a card's own text, for a card the question does not name"),
// which a weight per feature cannot.

// Tree is one regression tree. Nodes[0] is the root; a node with a
// feature sends x to Left when x[Feature] <= Threshold, else to Right; a
// leaf (Feature < 0) holds the value added to the score.
type Tree struct {
	Nodes []TreeNode
}

// TreeNode is a split or a leaf of a Tree.
type TreeNode struct {
	Feature     int
	Threshold   float64
	Left, Right int
	Value       float64
}

// eval returns the tree's value for x. Children always come after their
// parent (checked by ParseModel), so the walk ends.
func (t *Tree) eval(x *Features) float64 {
	i := 0
	for {
		n := &t.Nodes[i]
		if n.Feature < 0 {
			return n.Value
		}
		if x[n.Feature] <= n.Threshold {
			i = n.Left
		} else {
			i = n.Right
		}
	}
}

// Eval returns the tree's value for x.
func (t *Tree) Eval(x *Features) float64 { return t.eval(x) }

// treeNodeFile is a node in the model file: a split names its feature,
// a leaf has none.
type treeNodeFile struct {
	Feature   string  `json:"f,omitempty"`
	Threshold float64 `json:"t,omitempty"`
	Left      int     `json:"l,omitempty"`
	Right     int     `json:"r,omitempty"`
	Value     float64 `json:"v,omitempty"`
}

func treesToFile(ts []Tree) [][]treeNodeFile {
	out := make([][]treeNodeFile, len(ts))
	for i, t := range ts {
		for _, n := range t.Nodes {
			if n.Feature < 0 {
				out[i] = append(out[i], treeNodeFile{Value: n.Value})
				continue
			}
			out[i] = append(out[i], treeNodeFile{Feature: featureNames[n.Feature], Threshold: n.Threshold, Left: n.Left, Right: n.Right})
		}
	}
	return out
}

// treesFromFile reads the trees of a model file. A tree whose children do
// not come after their parent, or that names an unknown feature, is an
// error: a damaged file must not loop or index out of range.
func treesFromFile(fs [][]treeNodeFile) ([]Tree, error) {
	out := make([]Tree, len(fs))
	for i, f := range fs {
		if len(f) == 0 {
			return nil, fmt.Errorf("tree %d: no nodes", i)
		}
		nodes := make([]TreeNode, len(f))
		for j, n := range f {
			for _, v := range []float64{n.Threshold, n.Value} {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return nil, fmt.Errorf("tree %d, node %d: value %v", i, j, v)
				}
			}
			if n.Feature == "" {
				if n.Left != 0 || n.Right != 0 {
					return nil, fmt.Errorf("tree %d, node %d: a leaf with children", i, j)
				}
				nodes[j] = TreeNode{Feature: -1, Value: n.Value}
				continue
			}
			k := featureIndex(n.Feature)
			if k < 0 {
				return nil, fmt.Errorf("tree %d, node %d: unknown feature %q", i, j, n.Feature)
			}
			if n.Left <= j || n.Right <= j || n.Left >= len(f) || n.Right >= len(f) {
				return nil, fmt.Errorf("tree %d, node %d: children %d and %d must come after it, in the tree", i, j, n.Left, n.Right)
			}
			nodes[j] = TreeNode{Feature: k, Threshold: n.Threshold, Left: n.Left, Right: n.Right}
		}
		out[i] = Tree{Nodes: nodes}
	}
	return out, nil
}
