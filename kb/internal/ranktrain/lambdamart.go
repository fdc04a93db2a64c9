package main

import (
	"math"
	"sort"

	"arbiter/kb"
)

// LambdaMART (Burges, "From RankNet to LambdaRank to LambdaMART", 2010):
// regression trees fitted one after another on the gradients of a ranking
// metric, each added to the score with a small weight. It starts from the
// linear model's scores, so the trees learn what a weight per feature
// cannot: features read together. The metric is the discounted gain with
// the reciprocal rank as discount (1/rank), the measure users meet (the
// first line, then the next ones), normalized per question. Splits are
// chosen on histograms of each feature's values (at most maxBins), with
// second-order leaf values, as LightGBM does.

// boostParams are the settings of a boosting run.
type boostParams struct {
	Trees    int     // trees fitted
	Depth    int     // levels of splits of each tree
	Rate     float64 // the weight of each tree (shrinkage)
	MinLeaf  int     // candidates a leaf holds at least
	L2       float64 // added to the hessian of a leaf
	MinGain  float64 // a split gains at least this
	maxPairs int     // negatives paired with each positive, best scored first
}

const maxBins = 64

// binned holds the candidates of the lists with each feature's value as
// a bin number, and the bins' upper thresholds.
type binned struct {
	bins   [][]uint8   // candidate -> feature -> bin
	thresh [][]float64 // feature -> bin -> threshold (x <= thresh goes left)
	start  []int       // list -> its first candidate
	pos    []bool
}

func binLists(ls []list) *binned {
	b := &binned{}
	n := 0
	for _, l := range ls {
		b.start = append(b.start, n)
		n += len(l.x)
		b.pos = append(b.pos, l.pos...)
	}
	b.start = append(b.start, n)
	b.bins = make([][]uint8, n)
	for i := range b.bins {
		b.bins[i] = make([]uint8, len(kb.Features{}))
	}
	nf := len(kb.Features{})
	b.thresh = make([][]float64, nf)
	vals := make([]float64, 0, n)
	for f := 0; f < nf; f++ {
		vals = vals[:0]
		for _, l := range ls {
			for _, x := range l.x {
				vals = append(vals, x[f])
			}
		}
		sorted := append([]float64(nil), vals...)
		sort.Float64s(sorted)
		var distinct []float64
		for i, v := range sorted {
			if i == 0 || v != sorted[i-1] {
				distinct = append(distinct, v)
			}
		}
		// Bin edges: every distinct value when few, else quantiles.
		var edges []float64 // the largest value of each bin but the last
		if len(distinct) <= maxBins {
			for i := 0; i+1 < len(distinct); i++ {
				edges = append(edges, (distinct[i]+distinct[i+1])/2)
			}
		} else {
			for k := 1; k < maxBins; k++ {
				v := sorted[k*len(sorted)/maxBins]
				// the midpoint between v and the next distinct value
				j := sort.SearchFloat64s(distinct, v)
				if j+1 >= len(distinct) {
					break
				}
				e := (distinct[j] + distinct[j+1]) / 2
				if len(edges) == 0 || e > edges[len(edges)-1] {
					edges = append(edges, e)
				}
			}
		}
		b.thresh[f] = edges
		for i, v := range vals {
			b.bins[i][f] = uint8(sort.SearchFloat64s(edges, v)) // first edge >= v: v <= edge goes left
		}
	}
	return b
}

// lambdas computes the gradients (g: the direction that raises the
// metric) and hessians of the candidates under the scores s.
func (b *binned) lambdas(s []float64, maxPairs int, g, h []float64) {
	for i := range g {
		g[i], h[i] = 0, 0
	}
	for q := 0; q+1 < len(b.start); q++ {
		lo, hi := b.start[q], b.start[q+1]
		idx := make([]int, hi-lo)
		for i := range idx {
			idx[i] = lo + i
		}
		sort.SliceStable(idx, func(a, c int) bool { return s[idx[a]] > s[idx[c]] })
		rank := make([]int, len(idx)) // by candidate, less lo
		npos := 0
		for r, i := range idx {
			rank[i-lo] = r + 1
			if b.pos[i] {
				npos++
			}
		}
		if npos == 0 || npos == len(idx) {
			continue
		}
		ideal := 0.0
		for k := 1; k <= npos; k++ {
			ideal += 1 / float64(k)
		}
		for _, i := range idx {
			if !b.pos[i] {
				continue
			}
			paired := 0
			for _, j := range idx {
				if b.pos[j] {
					continue
				}
				if paired == maxPairs {
					break
				}
				paired++
				delta := math.Abs(1/float64(rank[i-lo])-1/float64(rank[j-lo])) / ideal
				rho := 1 / (1 + math.Exp(s[i]-s[j]))
				g[i] += delta * rho
				g[j] -= delta * rho
				w := delta * rho * (1 - rho)
				h[i] += w
				h[j] += w
			}
		}
	}
}

// fitTree grows one tree of at most depth levels on the gradients.
func (b *binned) fitTree(g, h []float64, p boostParams) kb.Tree {
	nf := len(b.thresh)
	all := make([]int, len(g))
	for i := range all {
		all[i] = i
	}
	var t kb.Tree
	type task struct {
		node  int
		rows  []int
		depth int
	}
	leaf := func(rows []int) kb.TreeNode {
		var sg, sh float64
		for _, i := range rows {
			sg += g[i]
			sh += h[i]
		}
		return kb.TreeNode{Feature: -1, Value: p.Rate * sg / (sh + p.L2)}
	}
	t.Nodes = append(t.Nodes, leaf(all))
	queue := []task{{0, all, 0}}
	var hg, hh [maxBins]float64
	var hn [maxBins]int
	for len(queue) > 0 {
		tk := queue[0]
		queue = queue[1:]
		if tk.depth >= p.Depth || len(tk.rows) < 2*p.MinLeaf {
			continue
		}
		var sg, sh float64
		for _, i := range tk.rows {
			sg += g[i]
			sh += h[i]
		}
		parent := sg * sg / (sh + p.L2)
		bestGain, bestF, bestBin := p.MinGain, -1, 0
		for f := 0; f < nf; f++ {
			nb := len(b.thresh[f]) + 1
			if nb < 2 {
				continue
			}
			for k := 0; k < nb; k++ {
				hg[k], hh[k], hn[k] = 0, 0, 0
			}
			for _, i := range tk.rows {
				k := b.bins[i][f]
				hg[k] += g[i]
				hh[k] += h[i]
				hn[k]++
			}
			var lg, lh float64
			ln := 0
			for k := 0; k+1 < nb; k++ {
				lg += hg[k]
				lh += hh[k]
				ln += hn[k]
				rn := len(tk.rows) - ln
				if ln < p.MinLeaf || rn < p.MinLeaf {
					continue
				}
				rg, rh := sg-lg, sh-lh
				gain := lg*lg/(lh+p.L2) + rg*rg/(rh+p.L2) - parent
				if gain > bestGain {
					bestGain, bestF, bestBin = gain, f, k
				}
			}
		}
		if bestF < 0 {
			continue
		}
		var left, right []int
		for _, i := range tk.rows {
			if int(b.bins[i][bestF]) <= bestBin {
				left = append(left, i)
			} else {
				right = append(right, i)
			}
		}
		l := len(t.Nodes)
		t.Nodes = append(t.Nodes, leaf(left), leaf(right))
		t.Nodes[tk.node] = kb.TreeNode{Feature: bestF, Threshold: b.thresh[bestF][bestBin], Left: l, Right: l + 1}
		queue = append(queue, task{l, left, tk.depth + 1}, task{l + 1, right, tk.depth + 1})
	}
	return t
}

// boost fits p.Trees trees on ls, starting from base's scores. After
// each tree, every(n, trees) may read the model so far (to choose how
// many trees to keep); it is called with the trees fitted.
func boost(ls []list, base kb.Features, p boostParams, every func(n int, trees []kb.Tree)) []kb.Tree {
	b := binLists(ls)
	s := make([]float64, len(b.pos))
	xs := make([]*kb.Features, 0, len(b.pos))
	for q := range ls {
		for i := range ls[q].x {
			xs = append(xs, &ls[q].x[i])
		}
	}
	lin := kb.NewModel(base)
	for i, x := range xs {
		s[i] = lin.Score(x)
	}
	g := make([]float64, len(s))
	h := make([]float64, len(s))
	var trees []kb.Tree
	for n := 1; n <= p.Trees; n++ {
		b.lambdas(s, p.maxPairs, g, h)
		t := b.fitTree(g, h, p)
		trees = append(trees, t)
		for i, x := range xs {
			s[i] += t.Eval(x)
		}
		if every != nil {
			every(n, trees)
		}
	}
	return trees
}
