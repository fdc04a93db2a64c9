package kb

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"sync"
)

// The ranking model: a text's score is exp(w·x), x the text's features for
// the question (Features) and w weights learned from the evaluation's
// training split by a listwise fit refined by coordinate ascent
// (kb/internal/ranktrain), plus the values of regression trees when the
// model has some (trees.go). Whether to answer at all is a logistic model
// of "the question has an answer" over what the best text shows (its
// score, the share of the question it covers, its margin over the next,
// whether it is a named card's text...), with a threshold chosen on the
// same data (Model.answers).

// The features of a (question, text) pair.
const (
	fCoverage           = iota // log(weight of the question's concepts the text covers + 0.1)
	fShare                     // the share of the question's weight it covers, 0..1
	fBleve                     // bleve's score of the question's clauses, 0..1 among the candidates
	fOwnBM25                   // BM25 of the question's concepts in the text, 0..1 among the candidates
	fCardNamed                 // a text of a card the question names
	fCardLink                  // how sure the name's link to the card is (see cardMention.link)
	fCardOwnText               // the card's own text (Oracle or printed)
	fCardSubject               // a text of the first card the question names, its subject
	fCardsNamed                // the question names more than one card
	fRuleForCards              // a rule or glossary entry, for a question naming several cards
	fDefines                   // the share of the question held by topics this rule defines
	fQuoted                    // the text holds a run of the question's words in order (run length - 3, at most 6)
	fShort                     // a text under 40 characters
	fSameLang                  // the text is in the question's language
	fCrossUnofficial           // an unofficial text in another language
	fTranslation               // a printed card's text in the question's language
	fUnofficial                // not the publisher's text (an article, a wiki)
	fHistorical                // an obsolete text, for a question about the old rules
	fKindRule                  // a rule of the Comprehensive Rules
	fKindGlossary              // a glossary entry
	fKindRuling                // a card ruling
	fKindDoc                   // an article or wiki section
	fRuleDepth                 // levels of a rule's number, its chapter included (702 = 2, 702.26b = 4)
	fRulingYear                // a ruling's year - 2000, in decades
	fYGO                       // a Yu-Gi-Oh! text
	fCoverageRel               // the weight it covers, over the most any candidate covers
	fRestShare                 // the share of the question's weight beside its cards that it covers
	fRestRel                   // that weight, over the most any candidate covers
	fRuleShare                 // share, for a rule
	fRulingShare               // share, for a ruling
	fGlossaryShare             // share, for a glossary entry
	fRuleBleve                 // bleve, for a rule
	fCardRest                  // rest_rel, for a text of a card the question names
	fBleveRank                 // 1 / the text's rank by bleve's score among the candidates
	fOwnRank                   // 1 / its rank by own_bm25 among the candidates
	fCardRank                  // 1 / its rank by rest_rel then own_bm25 among the texts of its card
	fForeignTranslation        // a translation into another language than the question's
	fMachineTranslation        // a machine translation into the question's language
	fGlossaryDefines           // the share of the question held by topics this glossary entry defines
	fTopicSubject              // the text names the topic the question is about (see subjectTopic)
	fList                      // the text's commas, at most 16, over 16: a list names much and says little of each
	fFunction                  // the share of the question's function words ("before", "not", "each") the text holds
	fFunctionRel               // that share, over the most any text of the same card (or any text) holds
	fProximity                 // the share of the question's pairs of concepts the text holds near each other (queryPlan.proximity)
	fCardAsked                 // the card's own text, for a question that asks what the card does and nothing else (queryPlan.asksCard)
	numFeatures
)

// featureNames names the features in the model file.
var featureNames = [numFeatures]string{
	"coverage", "share", "bleve", "own_bm25", "card_named", "card_link", "card_own_text",
	"card_subject", "cards_named", "rule_for_cards", "defines", "quoted", "short", "same_lang",
	"cross_unofficial", "translation", "unofficial", "historical", "kind_rule", "kind_glossary",
	"kind_ruling", "kind_doc", "rule_depth", "ruling_year", "ygo", "coverage_rel", "rest_share", "rest_rel",
	"rule_share", "ruling_share", "glossary_share", "rule_bleve", "card_rest", "bleve_rank", "own_rank", "card_rank",
	"foreign_translation", "machine_translation", "glossary_defines", "topic_subject", "list",
	"function", "function_rel", "proximity", "card_asked",
}

// Features is the feature vector of a candidate.
type Features [numFeatures]float64

// FeatureNames returns the names of the features, in order.
func FeatureNames() []string { return featureNames[:] }

// Model is a ranking model.
type Model struct {
	// W holds a weight per feature.
	W Features
	// Trees are added to w·x (see trees.go); none for a linear model.
	Trees []Tree
	// Abstain is the logistic model of "the question has an answer": P =
	// sigmoid(Bias + Score*z + Share*share + Margin*(z - z2) + Card*card +
	// Rest*rest + Bare*bare + Sure*sure + Unnamed*unnamed), read on the
	// best text: z its
	// score (w·x), share the part of the question it covers, z2 the next
	// text's score, card 1 for a text of a card the question names, rest
	// the part it covers of what the question asks beside its cards, bare
	// the share of the question that part is when it covers none of it,
	// sure 1 for a card named by a name
	// that is no common word, unnamed 1 for a question that names no
	// card, topic or rule. The question is left unanswered when P <
	// Threshold. Threshold 0 never abstains.
	Abstain Abstention
	// Trained describes the training run (data, method, figures).
	Trained map[string]any
	// tail is the share of the best text's score under which a text is
	// noise, left out of the hits: 0.02 for a learned model (its scores
	// are spread wider than the prior's), 0.1 for the prior.
	tail float64
}

// Tail cuts of the learned and the prior models (see Model.tail).
const (
	learnedTail = 0.02
	priorTail   = 0.1
)

// Abstention is the calibrated decision to answer.
type Abstention struct {
	Bias      float64 `json:"bias"`
	Score     float64 `json:"score"`
	Share     float64 `json:"share"`
	Margin    float64 `json:"margin"`
	Card      float64 `json:"card"`
	Rest      float64 `json:"rest,omitempty"`
	Bare      float64 `json:"bare,omitempty"`
	Sure      float64 `json:"sure,omitempty"`
	Unnamed   float64 `json:"unnamed,omitempty"`
	Threshold float64 `json:"threshold"`
}

// Evidence is what the decision to answer reads of the ranked texts.
type Evidence struct {
	Z, Share, Margin, Card, Rest, Bare, Sure, Unnamed float64
}

// evidence returns the decision's inputs for ranked, best first.
func evidence(ranked []scored) Evidence {
	e := Evidence{Z: ranked[0].z, Share: ranked[0].share, Margin: 2}
	if len(ranked) > 1 {
		e.Margin = min(ranked[0].z-ranked[1].z, 2)
	}
	if ranked[0].Exact {
		e.Card = 1
	}
	e.Rest = ranked[0].rest
	e.Bare = ranked[0].bare
	if ranked[0].sure {
		e.Sure = 1
	}
	if ranked[0].unnamed {
		e.Unnamed = 1
	}
	return e
}

// modelFile is the model's file format.
type modelFile struct {
	Version  int                `json:"version"`
	Method   string             `json:"method"`
	Weights  map[string]float64 `json:"weights"`
	Trees    [][]treeNodeFile   `json:"trees,omitempty"`
	Abstain  Abstention         `json:"abstain"`
	Training map[string]any     `json:"training,omitempty"`
}

// ModelVersion is the version of the model file format.
const ModelVersion = 1

//go:embed ranker.json
var rankerJSON []byte

var defaultModel = sync.OnceValue(func() *Model {
	m, err := ParseModel(rankerJSON)
	if err != nil {
		panic("kb: the embedded ranking model: " + err.Error())
	}
	return m
})

// NewModel returns a learned model of weights w, with no abstention.
func NewModel(w Features) *Model { return &Model{W: w, tail: learnedTail} }

// DefaultModel returns the ranking model Search uses on an index of the
// official data.
func DefaultModel() *Model { return defaultModel() }

// PriorModel returns the ranking the learned model replaced: the
// logarithms of the factors Search once multiplied a text's score by, set
// by hand, and no abstention. It is where training starts, and how an
// index without the official data (the embedded corpus alone, or a corpus
// of one's own) ranks: the learned weights read what the official data
// holds (a card's texts beside the rules, how sure a name's link is).
func PriorModel() *Model {
	m := &Model{tail: priorTail}
	for name, w := range map[string]float64{
		"coverage": 1, "bleve": 0.262, "card_named": 0.405, "card_own_text": -0.105, "defines": 0.588,
		"quoted": 0.11, "short": -0.163, "same_lang": 0.14, "cross_unofficial": -0.223, "unofficial": -0.511,
		"historical": 0.405, "ruling_year": 0.0953,
	} {
		m.W[featureIndex(name)] = w
	}
	return m
}

// rankModel returns the model that ranks ix's texts: the learned one for
// an index of the official data (cards and a release of the Comprehensive
// Rules), the prior for any other (the embedded corpus alone, or with a few
// cards, as tests build).
func (ix *Index) rankModel() *Model {
	if ix.meta.CardTexts > 0 && len(ix.meta.CRDates) > 0 {
		return defaultModel()
	}
	return PriorModel()
}

// ParseModel reads a model file. A weight for a feature it does not know
// is an error; a feature it does not name weighs 0.
func ParseModel(b []byte) (*Model, error) {
	var f modelFile
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("ranking model: %w", err)
	}
	if f.Version != ModelVersion {
		return nil, fmt.Errorf("ranking model: version %d, want %d", f.Version, ModelVersion)
	}
	m := &Model{Abstain: f.Abstain, Trained: f.Training, tail: learnedTail}
	for name, w := range f.Weights {
		i := featureIndex(name)
		if i < 0 {
			return nil, fmt.Errorf("ranking model: unknown feature %q", name)
		}
		if math.IsNaN(w) || math.IsInf(w, 0) {
			return nil, fmt.Errorf("ranking model: feature %q: weight %v", name, w)
		}
		m.W[i] = w
	}
	trees, err := treesFromFile(f.Trees)
	if err != nil {
		return nil, fmt.Errorf("ranking model: %w", err)
	}
	if len(trees) > 0 {
		m.Trees = trees
	}
	return m, nil
}

// MarshalJSON writes the model in its file format.
func (m *Model) MarshalJSON() ([]byte, error) {
	f := modelFile{Version: ModelVersion, Method: "listwise softmax fit, then coordinate ascent; linear in log space", Weights: map[string]float64{}, Abstain: m.Abstain, Training: m.Trained}
	if len(m.Trees) > 0 {
		f.Method += "; then LambdaMART: gradient-boosted regression trees added to the linear score"
		f.Trees = treesToFile(m.Trees)
	}
	for i, w := range m.W {
		f.Weights[featureNames[i]] = math.Round(w*1e6) / 1e6
	}
	return json.MarshalIndent(f, "", "  ")
}

func featureIndex(name string) int {
	for i, n := range featureNames {
		if n == name {
			return i
		}
	}
	return -1
}

// score is w·x, plus the trees' values.
func (m *Model) score(x *Features) float64 {
	var s float64
	for i, w := range m.W {
		s += w * x[i]
	}
	for i := range m.Trees {
		s += m.Trees[i].eval(x)
	}
	return s
}

// Score returns the model's score of x.
func (m *Model) Score(x *Features) float64 { return m.score(x) }

// Confidence is the calibrated probability that the first text answers.
func (m *Model) Confidence(e Evidence) float64 {
	a := m.Abstain
	return 1 / (1 + math.Exp(-(a.Bias + a.Score*e.Z + a.Share*e.Share + a.Margin*e.Margin + a.Card*e.Card + a.Rest*e.Rest + a.Bare*e.Bare + a.Sure*e.Sure + a.Unnamed*e.Unnamed)))
}

// answers reports whether the best of ranked answers the question well
// enough to be shown; a rule the question names by number always does.
func (m *Model) answers(ranked []scored) bool {
	if len(ranked) == 0 {
		return false
	}
	top := ranked[0]
	if top.named || m.Abstain.Threshold <= 0 {
		return true
	}
	return m.Confidence(evidence(ranked)) >= m.Abstain.Threshold
}
