package main

import (
	"testing"

	"arbiter/kb"
)

// TestBoostLearnsAConjunction fits lists of a card's own text beside a
// ruling of the same card: the own text answers in three lists of four,
// where the card is not named, and the ruling in the fourth, where it is.
// No weight per feature ranks both kinds of list right (the two texts
// share card_named), and the trees must.
func TestBoostLearnsAConjunction(t *testing.T) {
	own, named, share := feature("card_own_text"), feature("card_named"), feature("share")
	var ls []list
	for i := range 200 {
		var a, b kb.Features
		a[own], b[own] = 1, 0
		a[share], b[share] = 0.5+float64(i%5)/50, 0.5+float64(i%7)/50
		pos := []bool{true, false}
		if i%4 == 0 {
			a[named], b[named] = 1, 1
			pos = []bool{false, true}
		}
		ls = append(ls, list{x: []kb.Features{a, b}, pos: pos})
	}
	right := func(m *kb.Model) int {
		n := 0
		for _, l := range ls {
			za, zb := m.Score(&l.x[0]), m.Score(&l.x[1])
			if (za > zb) == l.pos[0] {
				n++
			}
		}
		return n
	}
	var base kb.Features
	base[share] = 1
	lin := kb.NewModel(base)
	if r := right(lin); r > 150 {
		t.Fatalf("the linear start ranks %d of 200 lists right: the test needs one it cannot", r)
	}
	p := boostParams{Trees: 30, Depth: 2, Rate: 0.3, MinLeaf: 10, L2: 1, MinGain: 1e-6, maxPairs: 30}
	calls := 0
	trees := boost(ls, base, p, func(n int, trees []kb.Tree) {
		calls++
		if len(trees) != n {
			t.Errorf("after tree %d, %d trees", n, len(trees))
		}
	})
	if calls != p.Trees || len(trees) != p.Trees {
		t.Fatalf("%d trees, %d calls; want %d", len(trees), calls, p.Trees)
	}
	m := kb.NewModel(base)
	m.Trees = trees
	if r := right(m); r != 200 {
		t.Errorf("with the trees, %d of 200 lists ranked right", r)
	}
	// The trees survive the model file.
	b, err := m.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	again, err := kb.ParseModel(b)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range ls {
		for k := range l.x {
			if x, y := m.Score(&l.x[k]), again.Score(&l.x[k]); x != y {
				t.Fatalf("list %d, text %d: score %v, %v after the file", i, k, x, y)
			}
		}
	}
}

// TestBinLists puts each value in the bin its thresholds say, so a split
// on a bin and on its threshold agree.
func TestBinLists(t *testing.T) {
	share := feature("share")
	var ls []list
	for i := range 300 {
		var x kb.Features
		x[share] = float64(i%150) / 149
		ls = append(ls, list{x: []kb.Features{x}, pos: []bool{true}})
	}
	b := binLists(ls)
	edges := b.thresh[share]
	if len(edges) == 0 || len(edges) >= maxBins {
		t.Fatalf("%d thresholds for 150 values, want 1 to %d", len(edges), maxBins-1)
	}
	for i, l := range ls {
		v, k := l.x[0][share], int(b.bins[i][share])
		if k < len(edges) && v > edges[k] || k > 0 && v <= edges[k-1] {
			t.Errorf("value %v in bin %d (thresholds %v)", v, k, edges)
		}
	}
	if len(b.thresh[feature("kind_doc")]) != 0 {
		t.Errorf("a feature of one value has thresholds %v", b.thresh[feature("kind_doc")])
	}
}
