package cardlang

import (
	"iter"
	"sort"
)

// Coverage is what the compiler makes of a set of cards: how many compile
// fully, why the others are refused as a whole, and the sentences not
// understood, commonest first: the next templates to write.
type Coverage struct {
	Cards    int `json:"cards"`
	Compiled int `json:"compiled"`
	// Simulated counts the compiled cards a game model runs as printed,
	// when CoverageWith is given one's check; Lacks counts the others by
	// the first construct the model lacks, commonest first.
	Simulated int         `json:"simulated"`
	Lacks     []LackCount `json:"lacks,omitempty"`
	// Reasons counts the cards refused as a whole, by reason and detail.
	Reasons []ReasonCount `json:"reasons"`
	// Sentences counts the cards refused at each sentence, with the
	// card's own name written CARDNAME so that cards share a sentence.
	Sentences []SentenceCount `json:"sentences"`
}

// ReasonCount is how many cards were refused as a whole for one reason.
type ReasonCount struct {
	Reason string `json:"reason"`
	Detail string `json:"detail,omitempty"`
	Cards  int    `json:"cards"`
}

// SentenceCount is how many cards were refused at one sentence, and one
// of them.
type SentenceCount struct {
	Sentence string `json:"sentence"`
	Cards    int    `json:"cards"`
	Example  string `json:"example"`
}

// LackCount is how many compiled cards a game model doesn't run because
// of one construct it lacks, and one of them.
type LackCount struct {
	Construct string `json:"construct"`
	Cards     int    `json:"cards"`
	Example   string `json:"example"`
}

// Refused is the number of cards refused.
func (cv Coverage) Refused() int { return cv.Cards - cv.Compiled }

// Coverage compiles every card of cards and counts the results.
func (cp *Compiler) Coverage(cards iter.Seq[Source]) Coverage { return cp.CoverageWith(cards, nil) }

// CoverageWith is Coverage with a game model's check of each compiled
// card: "" when it runs the card as printed, else the construct it lacks
// ("keyword rampage"). Without a check, every compiled card counts as
// simulated.
func (cp *Compiler) CoverageWith(cards iter.Seq[Source], lacks func(Card) string) Coverage {
	var cv Coverage
	lackCount := map[string]*LackCount{}
	reasons := map[[2]string]int{}
	sentences := map[string]*SentenceCount{}
	for s := range cards {
		cv.Cards++
		c, err := cp.Compile(s)
		r, refused := err.(*Refusal)
		switch {
		case err == nil:
			cv.Compiled++
			w := ""
			if lacks != nil {
				w = lacks(c)
			}
			if w == "" {
				cv.Simulated++
				break
			}
			lc := lackCount[w]
			if lc == nil {
				lc = &LackCount{Construct: w, Example: s.Name}
				lackCount[w] = lc
			}
			lc.Cards++
		case refused && r.Sentence == "":
			reasons[[2]string{r.Reason, r.Detail}]++
		case refused:
			key := (&cardCtx{src: s}).withName(r.Sentence, "CARDNAME")
			sc := sentences[key]
			if sc == nil {
				sc = &SentenceCount{Sentence: key, Example: s.Name}
				sentences[key] = sc
			}
			sc.Cards++
		}
	}
	for k, n := range reasons {
		cv.Reasons = append(cv.Reasons, ReasonCount{Reason: k[0], Detail: k[1], Cards: n})
	}
	sort.Slice(cv.Reasons, func(i, j int) bool {
		a, b := cv.Reasons[i], cv.Reasons[j]
		if a.Cards != b.Cards {
			return a.Cards > b.Cards
		}
		return a.Reason+a.Detail < b.Reason+b.Detail
	})
	for _, lc := range lackCount {
		cv.Lacks = append(cv.Lacks, *lc)
	}
	sort.Slice(cv.Lacks, func(i, j int) bool {
		a, b := cv.Lacks[i], cv.Lacks[j]
		if a.Cards != b.Cards {
			return a.Cards > b.Cards
		}
		return a.Construct < b.Construct
	})
	for _, sc := range sentences {
		cv.Sentences = append(cv.Sentences, *sc)
	}
	sort.Slice(cv.Sentences, func(i, j int) bool {
		a, b := cv.Sentences[i], cv.Sentences[j]
		if a.Cards != b.Cards {
			return a.Cards > b.Cards
		}
		return a.Sentence < b.Sentence
	})
	return cv
}
