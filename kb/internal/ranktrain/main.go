package main

import (
	"context"
	"flag"
	"fmt"
	"hash/fnv"
	"maps"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"arbiter/data"
	"arbiter/kb"
	"arbiter/kb/internal/evalset"
)

// question is one evaluation row, read once.
type question struct {
	row  evalset.Row
	prep *kb.Prepared
	fold int
}

func (q *question) answerable() bool { return len(q.row.Expect) > 0 }

// written reports whether a person wrote the row (not generate.go).
func (q *question) written() bool { return q.row.Note != "generated" }

// rank returns the 1-based rank of the first hit that answers q under m, 0
// for none, with the calibration inputs of the first hit.
func (q *question) rank(m *kb.Model) (rank int, e kb.Evidence, hits int, named bool) {
	rs, e, named := q.prep.Rank(m, 5)
	for i, h := range rs {
		for _, want := range q.row.Expect {
			for _, id := range h.IDs {
				if kb.MatchesExpected(want, id) {
					return i + 1, e, len(rs), named
				}
			}
		}
	}
	return 0, e, len(rs), named
}

// prior is where coordinate ascent starts without the listwise fit: the
// weights Search used before it learned them (kb.PriorModel).
func prior() kb.Features { return kb.PriorModel().W }

// startW is where coordinate ascent starts, and what its penalty pulls
// toward.
var startW = prior()

var steps = []float64{0.02, 0.05, 0.1, 0.2, 0.4, 0.8}

// objective is the mean over the answerable questions of (recall@1 +
// reciprocal rank within five) / 2.
func objective(qs []*question, m *kb.Model) float64 {
	var sum float64
	n := 0
	var mu sync.Mutex
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for wk := 0; wk < workers; wk++ {
		wg.Add(1)
		go func(wk int) {
			defer wg.Done()
			var s float64
			c := 0
			for i := wk; i < len(qs); i += workers {
				q := qs[i]
				if !q.answerable() {
					continue
				}
				c++
				if r, _, _, _ := q.rank(m); r > 0 {
					s += 0.5 / float64(r)
					if r == 1 {
						s += 0.5
					}
				}
			}
			mu.Lock()
			sum += s
			n += c
			mu.Unlock()
		}(wk)
	}
	wg.Wait()
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// ascend runs coordinate ascent from the prior on qs with penalty lambda.
func ascend(qs []*question, lambda float64, logf func(string, ...any)) kb.Features {
	w0 := startW
	m := kb.NewModel(w0)
	penalty := func(w kb.Features) float64 {
		var p float64
		for i := range w {
			d := w[i] - w0[i]
			p += d * d
		}
		return lambda * p
	}
	best := objective(qs, m) - penalty(m.W)
	for round := 1; round <= 6; round++ {
		improved := false
		for i := range m.W {
			cur := m.W[i]
			bestW := cur
			for _, s := range steps {
				for _, sign := range []float64{1, -1} {
					m.W[i] = cur + sign*s
					if constrain(m.W) != m.W {
						continue
					}
					if v := objective(qs, m) - penalty(m.W); v > best+1e-9 {
						best, bestW, improved = v, m.W[i], true
					}
				}
			}
			m.W[i] = bestW
		}
		logf("round %d: objective %.4f", round, best)
		if !improved {
			break
		}
	}
	return m.W
}

// figures are the evaluation figures of a set of questions under a model.
type figures struct {
	N, At1, At5            int
	RR                     float64
	Unanswerable, Quiet    int // unanswerable rows, and those left unanswered
	Answerable, WrongQuiet int // answerable rows, and those left unanswered
}

func (f figures) String() string {
	return fmt.Sprintf("r@1 %.3f r@5 %.3f MRR %.3f; unanswerable unanswered %d/%d; answerable unanswered %d/%d",
		ratio(f.At1, f.N), ratio(f.At5, f.N), f.RR/math.Max(1, float64(f.N)), f.Quiet, f.Unanswerable, f.WrongQuiet, f.Answerable)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

func measure(qs []*question, m *kb.Model) map[string]*figures {
	by := map[string]*figures{"all": {}}
	for _, q := range qs {
		r, e, hits, named := q.rank(m)
		quiet := hits == 0 || !(named || m.Abstain.Threshold <= 0 || m.Confidence(e) >= m.Abstain.Threshold)
		if by[q.row.Lang] == nil {
			by[q.row.Lang] = &figures{}
		}
		for _, f := range []*figures{by[q.row.Lang], by["all"]} {
			if !q.answerable() {
				f.Unanswerable++
				if quiet {
					f.Quiet++
				}
				continue
			}
			f.Answerable++
			f.N++
			if quiet {
				f.WrongQuiet++
				continue
			}
			if r == 1 {
				f.At1++
			}
			if r > 0 {
				f.At5++
				f.RR += 1 / float64(r)
			}
		}
	}
	return by
}

// fitAbstention fits the logistic model of "the question has an answer"
// on the first hit's evidence (by gradient descent on the log loss, the
// inputs standardized) and chooses its threshold: the highest that leaves
// at most maxQuiet of the answerable rows unanswered. The label is whether
// the row is answerable, not whether the first hit answers it: a question
// ranked wrongly is still one to answer.
func fitAbstention(qs []*question, m *kb.Model, maxQuiet float64) kb.Abstention {
	const n = 8 // z, share, margin, card, rest, bare, sure, unnamed
	vec := func(e kb.Evidence) [n]float64 {
		return [n]float64{e.Z, e.Share, e.Margin, e.Card, e.Rest, e.Bare, e.Sure, e.Unnamed}
	}
	type sample struct {
		x       [n]float64
		answer  bool // an answerable row
		written bool // a row written by a person, not generated
	}
	var ss []sample
	answerable := 0 // written answerable rows
	for _, q := range qs {
		_, e, hits, named := q.rank(m)
		w := q.written()
		if q.answerable() && w {
			answerable++
		}
		if hits == 0 || named {
			continue // nothing to decide: no hit, or a rule named by number
		}
		ss = append(ss, sample{vec(e), q.answerable(), w})
	}
	if len(ss) == 0 {
		return kb.Abstention{}
	}
	var mean, sd [n]float64
	for _, s := range ss {
		for j, v := range s.x {
			mean[j] += v / float64(len(ss))
		}
	}
	for _, s := range ss {
		for j, v := range s.x {
			sd[j] += (v - mean[j]) * (v - mean[j]) / float64(len(ss))
		}
	}
	for j := range sd {
		sd[j] = math.Sqrt(sd[j]) + 1e-9
	}
	var b float64
	var w [n]float64
	for it := 0; it < 5000; it++ {
		var gb float64
		var g [n]float64
		for _, s := range ss {
			t := b
			for j := range w {
				t += w[j] * (s.x[j] - mean[j]) / sd[j]
			}
			y := 0.0
			if s.answer {
				y = 1
			}
			d := 1/(1+math.Exp(-t)) - y
			gb += d
			for j := range g {
				g[j] += d * (s.x[j] - mean[j]) / sd[j]
			}
		}
		k := float64(len(ss))
		b -= 0.5 * gb / k
		for j := range w {
			w[j] -= 0.5 * (g[j]/k + 1e-3*w[j])
		}
	}
	// Back to the inputs' own scales.
	a := kb.Abstention{Bias: b}
	raw := [n]*float64{&a.Score, &a.Share, &a.Margin, &a.Card, &a.Rest, &a.Bare, &a.Sure, &a.Unnamed}
	for j := range w {
		*raw[j] = w[j] / sd[j]
		a.Bias -= w[j] * mean[j] / sd[j]
	}
	probe := kb.NewModel(m.W)
	probe.Abstain = a
	var ps []float64
	for _, s := range ss {
		if s.answer && s.written {
			x := s.x
			ps = append(ps, probe.Confidence(kb.Evidence{Z: x[0], Share: x[1], Margin: x[2], Card: x[3], Rest: x[4], Bare: x[5], Sure: x[6], Unnamed: x[7]}))
		}
	}
	sort.Float64s(ps)
	// The threshold may leave that share of the answerable rows unanswered
	// beside those no text answers; the rows generated from the answer
	// side (a card's name alone, a rule quoted) are fitted on, not counted
	// here, as they are easier than what people ask.
	budget := int(maxQuiet * float64(answerable))
	if budget <= 0 || len(ps) == 0 {
		return a
	}
	if budget >= len(ps) {
		a.Threshold = ps[len(ps)-1]
		return a
	}
	// The budget's last row is left unanswered, the next one answered.
	a.Threshold = (ps[budget-1] + ps[budget]) / 2
	return a
}

func foldOf(r evalset.Row, k int) int {
	h := fnv.New32a()
	h.Write([]byte("ranktrain/fold:" + r.MainGroup()))
	return int(h.Sum32() % uint32(k))
}

func main() {
	dry := flag.Bool("n", false, "train and report only; do not write the model")
	misses := flag.Bool("misses", false, "list the dev rows the embedded model misses at rank 1, and stop")
	on := flag.String("on", "dev", "the split -misses and -where read: dev or train")
	evalDir := flag.String("eval", "kb/testdata/eval", "the evaluation sets")
	out := flag.String("o", "kb/ranker.json", "the model file to write")
	cache := flag.String("cache", filepath.Join(os.TempDir(), "arbiter-test-cache"), "where the full index is kept (built there if missing)")
	lambdas := flag.String("lambdas", "0.01", "the L2 penalties of coordinate ascent tried, comma-separated; dev chooses")
	folds := flag.Int("folds", 3, "folds of the cross-validation over the training rows (0: none)")
	where := flag.Bool("where", false, "tell where the dev rows' answers rank under the embedded model, and stop")
	start := flag.String("start", "listwise", "where coordinate ascent starts: listwise (the softmax fit) or prior (the former hand-set weights)")
	lwLambdas := flag.String("listwise-lambdas", "0.0001,0.001", "the L2 penalties of the listwise fit tried, comma-separated; dev chooses")
	generated := flag.Int("generated", 80, "cards of each of train and dev asked about with nothing else, in three languages, and half as many rules quoted (see generate.go)")
	quiet := flag.Float64("quiet", 0.01, "the share of the answerable training rows the abstention threshold may leave unanswered")
	abstain := flag.Bool("abstain", true, "use the fitted abstention threshold (else it is recorded in the file, and the model never abstains)")
	abstentionOnly := flag.Bool("abstention-only", false, "keep the embedded model's weights and fit the decision to answer again")
	maxTrees := flag.Int("trees", 0, "the most trees LambdaMART fits on the linear model, dev choosing how many to keep (0: a linear model; see lambdamart.go)")
	depths := flag.String("depths", "2,3", "the depths of LambdaMART's trees tried, comma-separated; dev chooses")
	refit := flag.Bool("refit", true, "once dev has chosen the penalties, fit the model again on train and dev together (the file's dev figures are those of the model fitted on train alone)")
	flag.Parse()
	logf := func(f string, a ...any) { fmt.Fprintf(os.Stderr, f+"\n", a...) }

	ctx := context.Background()
	dir, err := kb.DefaultDir(*cache)
	if err != nil {
		fatal(err)
	}
	ix, err := kb.OpenOrBuild(ctx, dir, kb.Builder{Collect: func() (*kb.Collection, error) { return kb.DefaultCollection(data.Official()) }})
	if err != nil {
		fatal(err)
	}
	defer ix.Close()

	var train, dev []*question
	// add reads a row once and files it in its split.
	add := func(from string, r evalset.Row) {
		p, err := ix.Prepare(ctx, kb.Query{Text: r.Q, Lang: r.Lang, K: 5})
		if err != nil {
			fatal(fmt.Errorf("%s: %q: %w", from, r.Q, err))
		}
		q := &question{row: r, prep: p, fold: foldOf(r, max(*folds, 1))}
		switch r.Split() {
		case evalset.Train:
			train = append(train, q)
		case evalset.Dev:
			dev = append(dev, q)
		}
	}
	seen := map[string]bool{}
	files := []string{"sampled/train.yaml", "sampled/dev.yaml", "dev.yaml", "questions.yaml", "reported.yaml", "holdout.yaml"}
	for _, f := range files {
		rows, err := evalset.Load(filepath.Join(*evalDir, f))
		if err != nil {
			fatal(err)
		}
		for _, r := range rows {
			key := r.Lang + "\x00" + evalset.QuestionKey(r.Q)
			if r.Touches(evalset.Test) || seen[key] {
				continue
			}
			if f == "questions.yaml" && len(r.Expect) == 0 {
				// The embedded corpus has no answer to these; the official
				// data has ("How does the London mulligan work?": 103.5).
				continue
			}
			seen[key] = true
			add(f, r)
		}
	}
	if *generated > 0 {
		rows := cardRows(ix, *generated)
		quotes, err := quoteRows(ctx, ix, *generated/2)
		if err != nil {
			fatal(err)
		}
		for _, r := range append(rows, quotes...) {
			add("generated", r)
		}
	}
	logf("%d training rows, %d dev rows", len(train), len(dev))
	if *misses || *where {
		rows := dev
		switch *on {
		case "dev":
		case "train":
			rows = train
		default:
			fatal(fmt.Errorf("-on %q: dev or train", *on))
		}
		if *misses {
			listMisses(rows, kb.DefaultModel())
		} else {
			analyze(rows, kb.DefaultModel())
		}
		return
	}
	write := func(m *kb.Model) {
		b, err := m.MarshalJSON()
		if err != nil {
			fatal(err)
		}
		if *dry {
			os.Stdout.Write(append(b, '\n'))
			return
		}
		if err := os.WriteFile(*out, append(b, '\n'), 0o644); err != nil {
			fatal(err)
		}
		logf("wrote %s", *out)
	}
	report := func(name string, qs []*question, m *kb.Model) map[string]string {
		out := map[string]string{}
		by := measure(qs, m)
		for _, l := range []string{"en", "fr", "ja", "all"} {
			if f := by[l]; f != nil {
				logf("%-14s %-3s %s", name, l, f)
				out[l] = f.String()
			}
		}
		return out
	}
	if *abstentionOnly {
		old := kb.DefaultModel()
		m := kb.NewModel(old.W)
		m.Trees = old.Trees
		m.Abstain = fitAbstention(train, m, *quiet)
		m.Trained = maps.Clone(old.Trained)
		m.Trained["fitted_threshold"] = m.Abstain.Threshold
		if !*abstain {
			m.Abstain.Threshold = 0
		}
		m.Trained["train"] = report("train", train, m)
		m.Trained["dev"] = report("dev", dev, m)
		m.Trained["dev_written"] = report("dev written", written(dev), m)
		write(m)
		return
	}
	report("dev written, prior", written(dev), kb.NewModel(prior()))
	lwLambda := 0.0
	if *start == "listwise" {
		ls := lists(train)
		bestObj := -1.0

		for _, f := range strings.Split(*lwLambdas, ",") {
			l, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil {
				fatal(fmt.Errorf("-listwise-lambdas: %w", err))
			}
			w := listwise(ls, l, 600)
			v := objective(dev, kb.NewModel(w))
			logf("listwise lambda %g: dev objective %.4f", l, v)
			if v > bestObj {
				bestObj, startW, lwLambda = v, w, l
			}
		}
		report("dev written, listwise", written(dev), kb.NewModel(startW))
	}

	// The penalty is chosen on dev.
	var bestW kb.Features
	bestLambda, bestDev := 0.0, -1.0
	for _, f := range strings.Split(*lambdas, ",") {
		lambda, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil {
			fatal(fmt.Errorf("-lambdas: %w", err))
		}
		w := ascend(train, lambda, logf)
		v := objective(dev, kb.NewModel(w))
		logf("lambda %g: dev objective %.4f", lambda, v)
		if v > bestDev {
			bestW, bestLambda, bestDev = w, lambda, v
		}
	}

	// Trees on the linear model: dev chooses their depth and number.
	var bestTrees []kb.Tree
	bp := boostParams{Rate: 0.1, MinLeaf: 50, L2: 1, MinGain: 1e-6, maxPairs: 30}
	if *maxTrees > 0 {
		trainLists := lists(train)
		for _, f := range strings.Split(*depths, ",") {
			d, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || d < 1 {
				fatal(fmt.Errorf("-depths: %q", f))
			}
			p := bp
			p.Depth, p.Trees = d, *maxTrees
			boost(trainLists, bestW, p, func(n int, trees []kb.Tree) {
				if n%10 != 0 {
					return
				}
				m := kb.NewModel(bestW)
				m.Trees = trees
				v := objective(dev, m)
				logf("depth %d, %d trees: dev objective %.4f", d, n, v)
				if v > bestDev+1e-9 {
					bestDev, bestTrees = v, append([]kb.Tree(nil), trees...)
					bp.Depth, bp.Trees = d, n
				}
			})
		}
		logf("trees: %d of depth %d (dev objective %.4f)", len(bestTrees), bp.Depth, bestDev)
	}
	withTrees := func(w kb.Features, qs []*question) *kb.Model {
		m := kb.NewModel(w)
		if len(bestTrees) > 0 {
			m.Trees = boost(lists(qs), w, bp, nil)
		}
		return m
	}

	// Cross-validation of the chosen penalty over the training rows.
	var cv figures
	for k := 0; k < *folds; k++ {
		var in, held []*question
		for _, q := range train {
			if q.fold == k {
				held = append(held, q)
			} else {
				in = append(in, q)
			}
		}
		// Each fold starts from a listwise fit of its own rows.
		whole := startW
		if *start == "listwise" {
			startW = listwise(lists(in), lwLambda, 600)
		}
		w := ascend(in, bestLambda, func(string, ...any) {})
		startW = whole
		fm := withTrees(w, in)
		f := measure(held, fm)["all"]
		cv.N += f.N
		cv.At1 += f.At1
		cv.At5 += f.At5
		cv.RR += f.RR
		logf("fold %d: %s", k, f)
	}
	logf("cross-validated: %s", cv)

	m := kb.NewModel(bestW)
	m.Trees = bestTrees
	m.Abstain = fitAbstention(train, m, *quiet)
	// The figures on dev are those of the model fitted on train alone:
	// dev has not been learned from.
	devFigures, devWritten := report("dev", dev, m), report("dev written", written(dev), m)
	fitsOn := "train"
	if *refit {
		// The penalties chosen, the weights and the decision to answer
		// are fitted again on train and dev together: more rows, and the
		// test split still never read.
		all := append(append([]*question(nil), train...), dev...)
		if *start == "listwise" {
			startW = listwise(lists(all), lwLambda, 600)
		}
		m = withTrees(ascend(all, bestLambda, logf), all)
		m.Abstain = fitAbstention(all, m, *quiet)
		fitsOn = "train and dev"
	}
	fitted := m.Abstain.Threshold
	if !*abstain {
		m.Abstain.Threshold = 0 // recorded in the file, not used
	}
	m.Trained = map[string]any{
		"rows":             map[string]int{"train": len(train), "dev": len(dev)},
		"fitted_on":        fitsOn,
		"lambda":           bestLambda,
		"fitted_threshold": fitted,
		"listwise_lambda":  lwLambda,
		"start":            *start,
		"cross_validated":  cv.String(),
		"train":            report("train", train, m),
		"dev":              devFigures,
		"dev_written":      devWritten,
		"command":          "go run ./kb/internal/ranktrain",
	}
	if len(m.Trees) > 0 {
		m.Trained["trees"], m.Trained["tree_depth"] = len(m.Trees), bp.Depth
	}
	write(m)
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "ranktrain:", err)
	os.Exit(1)
}

// listMisses prints the dev rows m does not answer first, with what it
// gives instead.
func listMisses(qs []*question, m *kb.Model) {
	for _, q := range qs {
		r, e, hits, _ := q.rank(m)
		if r == 1 || (!q.answerable() && hits == 0) {
			continue
		}
		rs, _, _ := q.prep.Rank(m, 5)
		var got []string
		for _, h := range rs {
			got = append(got, h.IDs[0])
		}
		fmt.Printf("rank %d %s/%s %q (p=%.2f share %.2f)\n  want %v\n  got  %v\n", r, q.row.Lang, q.row.Kind, q.row.Q, m.Confidence(e), e.Share, q.row.Expect, got)
	}
}

// analyze tells, for each answerable row of qs, whether an expected text
// is among the candidates at all and at which rank m puts it.
func analyze(qs []*question, m *kb.Model) {
	buckets := map[string]int{}
	for _, q := range qs {
		if !q.answerable() {
			continue
		}
		rs, _, _ := q.prep.Rank(m, 1000)
		rank := 0
	find:
		for i, h := range rs {
			for _, want := range q.row.Expect {
				for _, id := range h.IDs {
					if kb.MatchesExpected(want, id) {
						rank = i + 1
						break find
					}
				}
			}
		}
		b := "absent"
		switch {
		case rank == 1:
			b = "1"
		case rank >= 2 && rank <= 5:
			b = "2-5"
		case rank > 5:
			b = ">5"
		}
		if b == "absent" && os.Getenv("RANKTRAIN_ABSENT") != "" {
			fmt.Printf("absent %s/%s %q want %v\n", q.row.Lang, q.row.Kind, q.row.Q, q.row.Expect)
		}
		buckets[q.row.Lang+" "+q.row.Kind+" "+b]++
		buckets["all "+b]++
	}
	keys := make([]string, 0, len(buckets))
	for k := range buckets {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%-22s %d\n", k, buckets[k])
	}
}

// written returns the rows of qs that were written, not generated.
func written(qs []*question) []*question {
	var out []*question
	for _, q := range qs {
		if q.written() {
			out = append(out, q)
		}
	}
	return out
}
