package main

import (
	"math"

	"arbiter/kb"
)

// A listwise start for coordinate ascent: the weights that maximize the
// likelihood of the answering texts under a softmax over each question's
// candidates (ListNet with one relevant group, Cao et al., 2007). The
// objective is convex in the weights, so plain gradient steps (Adam) find
// its optimum from anywhere; coordinate ascent then tunes the weights for
// the ranks users see.

// list is one question's candidates, with which of them answer.
type list struct {
	x   []kb.Features
	pos []bool
}

// lists returns the lists of the answerable questions that have an
// answering candidate (the others teach nothing).
func lists(qs []*question) []list {
	var out []list
	for _, q := range qs {
		if !q.answerable() {
			continue
		}
		var l list
		any := false
		for _, c := range q.prep.Candidates() {
			p := false
			for _, want := range q.row.Expect {
				for _, id := range c.IDs {
					if kb.MatchesExpected(want, id) {
						p = true
					}
				}
			}
			any = any || p
			l.x = append(l.x, c.X)
			l.pos = append(l.pos, p)
		}
		if any {
			out = append(out, l)
		}
	}
	return out
}

// listwise fits the weights by Adam on the mean negative log-likelihood
// of the answering candidates, plus lambda times the squared weights.
func listwise(ls []list, lambda float64, iters int) kb.Features {
	var w, m, v kb.Features
	const lr, b1, b2, eps = 0.05, 0.9, 0.999, 1e-8
	for it := 1; it <= iters; it++ {
		var g kb.Features
		for _, l := range ls {
			// softmax over all, and over the answering ones
			zmax := math.Inf(-1)
			z := make([]float64, len(l.x))
			for i := range l.x {
				for j := range w {
					z[i] += w[j] * l.x[i][j]
				}
				zmax = max(zmax, z[i])
			}
			var all, pos float64
			for i := range z {
				e := math.Exp(z[i] - zmax)
				all += e
				if l.pos[i] {
					pos += e
				}
			}
			for i := range z {
				e := math.Exp(z[i] - zmax)
				d := e / all
				if l.pos[i] {
					d -= e / pos
				}
				for j := range g {
					g[j] += d * l.x[i][j]
				}
			}
		}
		for j := range g {
			g[j] = g[j]/float64(len(ls)) + 2*lambda*w[j]
			m[j] = b1*m[j] + (1-b1)*g[j]
			v[j] = b2*v[j] + (1-b2)*g[j]*g[j]
			mh := m[j] / (1 - math.Pow(b1, float64(it)))
			vh := v[j] / (1 - math.Pow(b2, float64(it)))
			w[j] -= lr * mh / (math.Sqrt(vh) + eps)
		}
		w = constrain(w)
	}
	return w
}

// nonPositive are the features whose weight may not be positive, whatever
// the training rows hold (the older sets expect many of the embedded
// corpus's articles and their translations): the publisher's texts come
// before others (an article is no better than a rule for being one), and a
// machine translation is no better than its original.
var nonPositive = []string{"unofficial", "cross_unofficial", "kind_doc", "machine_translation", "foreign_translation"}

// constrain returns w with the weights of nonPositive at most 0.
func constrain(w kb.Features) kb.Features {
	names := kb.FeatureNames()
	for i, n := range names {
		for _, c := range nonPositive {
			if n == c && w[i] > 0 {
				w[i] = 0
			}
		}
	}
	return w
}
