package main

import (
	"testing"

	"arbiter/kb"
)

func feature(name string) int {
	for i, n := range kb.FeatureNames() {
		if n == name {
			return i
		}
	}
	panic(name)
}

// TestListwise fits lists where the answering text is the one with the
// higher share and the lower bleve score: the fit weighs share up and
// bleve down, and ranks every answering text first.
func TestListwise(t *testing.T) {
	share, bleve := feature("share"), feature("bleve")
	var ls []list
	for i := range 20 {
		var good, bad kb.Features
		good[share], good[bleve] = 0.8+float64(i%3)/20, 0.2
		bad[share], bad[bleve] = 0.3, 0.9-float64(i%4)/20
		ls = append(ls, list{x: []kb.Features{bad, good}, pos: []bool{false, true}})
	}
	w := listwise(ls, 1e-3, 300)
	if w[share] <= 0 || w[bleve] >= 0 {
		t.Fatalf("share weighs %v, bleve %v: want share up, bleve down", w[share], w[bleve])
	}
	for i, l := range ls {
		var z [2]float64
		for k := range z {
			for j := range w {
				z[k] += w[j] * l.x[k][j]
			}
		}
		if z[1] <= z[0] {
			t.Errorf("list %d: the answering text scores %v, the other %v", i, z[1], z[0])
		}
	}
}

// TestConstrain keeps the weights of unofficial texts, articles and
// machine translations at most 0, in the fit itself too.
func TestConstrain(t *testing.T) {
	var w kb.Features
	for _, n := range nonPositive {
		w[feature(n)] = 1
	}
	w[feature("share")] = 2
	c := constrain(w)
	for _, n := range nonPositive {
		if c[feature(n)] != 0 {
			t.Errorf("%s kept %v", n, c[feature(n)])
		}
	}
	if c[feature("share")] != 2 {
		t.Errorf("share changed to %v", c[feature("share")])
	}
	// Answering texts that are all articles: the fit cannot learn to
	// prefer articles.
	doc := feature("kind_doc")
	var ls []list
	for range 10 {
		var a, r kb.Features
		a[doc] = 1
		ls = append(ls, list{x: []kb.Features{r, a}, pos: []bool{false, true}})
	}
	if w := listwise(ls, 0, 200); w[doc] > 0 {
		t.Errorf("kind_doc weighs %v after the fit", w[doc])
	}
}
