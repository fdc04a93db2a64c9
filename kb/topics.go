package kb

import (
	"regexp"
	"slices"
	"strings"
)

// topic is something a question may be about besides a card: a keyword
// ability or action, the subject of a rule (its title), a glossary term.
// It gathers every name the topic has in English, French and Japanese and
// the rules that define it.
type topic struct {
	Key  string `json:"key"`  // topicKey of its English name; unique
	Name string `json:"name"` // English name, as written
	Game string `json:"game,omitempty"`
	// Rules are the numbers of the rules that define it ("702.2", "514").
	Rules []string `json:"rules,omitempty"`
	// Glossary is the ID of its Comprehensive Rules glossary entry.
	Glossary string `json:"glossary,omitempty"`
	// Term is the ID of its entry in the term glossary (data/glossary.yaml).
	Term  string              `json:"term,omitempty"`
	Names map[string][]string `json:"names"` // "en", "fr", "ja" -> names
	// Keyword marks a keyword ability or action (CR 701 and 702).
	Keyword bool `json:"keyword,omitempty"`
	// Titled marks a topic that is the title of one of its rules; the
	// rules of other topics come from cross-references ("See rule 508").
	Titled bool `json:"titled,omitempty"`
	// Texts are the words by which the English texts speak of it without
	// naming it (GlossaryTerm.Texts).
	Texts []string `json:"texts,omitempty"`
}

// topicSet builds the topics of a collection.
type topicSet struct {
	list  []topic
	byKey map[string]int
}

func newTopicSet() *topicSet { return &topicSet{byKey: map[string]int{}} }

// topicKey folds an English name for merging: "State-Based Actions" and
// "state-based action" are one topic.
func topicKey(s string) string {
	f, _ := lexFold(s)
	words := strings.Fields(f)
	for i, w := range words {
		words[i] = singular(w)
	}
	return strings.Join(words, " ")
}

// singular strips an English plural s: "actions" -> "action", "phases" ->
// "phase"; "status" and "less" stay.
func singular(w string) string {
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is") {
		return w[:len(w)-1]
	}
	return w
}

// get returns the topic of an English name, creating it.
func (ts *topicSet) get(name, game string) *topic {
	k := topicKey(name)
	if i, ok := ts.byKey[k]; ok {
		return &ts.list[i]
	}
	ts.byKey[k] = len(ts.list)
	ts.list = append(ts.list, topic{Key: k, Name: name, Game: game, Names: map[string][]string{"en": {name}}})
	return &ts.list[len(ts.list)-1]
}

// lookup returns the topic of an English name, if any.
func (ts *topicSet) lookup(name string) (*topic, bool) {
	i, ok := ts.byKey[topicKey(name)]
	if !ok {
		return nil, false
	}
	return &ts.list[i], true
}

func (t *topic) addNames(lang string, names ...string) {
	for _, n := range names {
		if strings.TrimSpace(n) != "" && !slices.Contains(t.Names[lang], n) {
			t.Names[lang] = append(t.Names[lang], n)
		}
	}
}

func (t *topic) addRules(rules ...string) {
	for _, r := range rules {
		if r != "" && !slices.Contains(t.Rules, r) {
			t.Rules = append(t.Rules, r)
		}
	}
}

var ruleRefRE = regexp.MustCompile(`^\d{3}(\.\d+[a-z]?)?$`)

// addCR adds the titles of a release's rules and its glossary entries.
func (ts *topicSet) addCR(cr *CR) {
	titles := map[string]int{}
	for _, r := range cr.Rules {
		if r.Title != "" && r.Kind != RulePart {
			titles[topicKey(r.Title)]++
		}
	}
	for _, r := range cr.Rules {
		// A title several rules share ("General") names none of them.
		if r.Title == "" || r.Kind == RulePart || titles[topicKey(r.Title)] > 1 {
			continue
		}
		t := ts.get(r.Title, "mtg")
		t.addRules(r.Number)
		t.Titled = true
		if strings.HasPrefix(r.Number, "701.") || strings.HasPrefix(r.Number, "702.") {
			t.Keyword = true
		}
	}
	for _, g := range cr.Glossary {
		var see []string
		for _, s := range g.SeeAlso {
			if ruleRefRE.MatchString(s) {
				see = append(see, s)
			}
		}
		for _, k := range g.Keys {
			t := ts.get(k, "mtg")
			if t.Glossary == "" {
				t.Glossary = "glossary:" + Slug(g.Term)
			}
			if len(t.Rules) == 0 {
				t.addRules(see...)
			}
		}
	}
	// A term the glossary only sends elsewhere ("Forestwalk: See
	// Landwalk.") is defined by the rules of the term it sends to: the
	// rules speak of forestwalk only in an example.
	for _, g := range cr.Glossary {
		to, ok := seeTerm(g.Text)
		if !ok {
			continue
		}
		o, ok := ts.lookup(to)
		if !ok || len(o.Rules) == 0 {
			continue
		}
		rules := slices.Clone(o.Rules)
		for _, k := range g.Keys {
			if t, ok := ts.lookup(k); ok && t != o && len(t.Rules) == 0 {
				t.addRules(rules...)
			}
		}
	}
}

// seeTerm returns the term a glossary text that only sends elsewhere
// sends to ("See Landwalk." -> "Landwalk"); not a rule ("See rule 702.14.").
func seeTerm(text string) (string, bool) {
	if !redirect(text) {
		return "", false
	}
	to := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(text), "See "), ".")
	if strings.HasPrefix(to, "rule") || ruleRefRE.MatchString(to) {
		return "", false
	}
	return to, true
}

// addGlossary adds the term glossary: each entry joins the topic of one of
// its English terms, or makes its own.
func (ts *topicSet) addGlossary(g *Glossary) {
	if g == nil {
		return
	}
	for _, e := range g.terms {
		var t *topic
		for _, en := range append(append([]string(nil), e.Terms["en"]...), e.Old["en"]...) {
			if found, ok := ts.lookup(en); ok && (found.Term == "" || found.Term == e.ID) {
				t = found
				break
			}
		}
		if t == nil {
			t = ts.get(e.Terms["en"][0], e.Game)
			if t.Term != "" && t.Term != e.ID {
				continue // two entries for one English term (one per game): the first keeps it
			}
		}
		t.Term = e.ID
		if e.Game != "" {
			t.Game = e.Game
		}
		t.addRules(e.Rules...)
		t.Texts = append(t.Texts, e.Texts...)
		for _, l := range []string{"en", "fr", "ja"} {
			t.addNames(l, e.Terms[l]...)
			t.addNames(l, e.Old[l]...)
			t.addNames(l, e.Say[l]...)
		}
	}
}

// addKeywordNames adds the French and Japanese names of keyword abilities
// and actions that printed cards use.
func (ts *topicSet) addKeywordNames(v keywordVotes) {
	for _, l := range []string{"fr", "ja"} {
		for kw, names := range v.names(l) {
			if t, ok := ts.lookup(kw); ok && t.Keyword {
				t.addNames(l, names...)
			}
		}
	}
}
