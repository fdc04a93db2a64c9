package report

import "sync"

// Keyer keys a question by what it asks, whatever its language and
// wording (kb.Index.QuestionKey): close paraphrases share a key.
type Keyer interface {
	QuestionKey(text, lang string) string
}

// Corrections are the confirmed reports, for the answers they correct:
// an answer to the question of one, or to a close paraphrase of it (the
// same key), cites first the texts its reviewer confirmed. Safe for
// concurrent use.
type Corrections struct {
	mu   sync.Mutex
	list []Correction // in the order they were confirmed
	// keys caches the key of each report's question on the keyer they
	// were computed with (an index: a new one keys again).
	keyer Keyer
	keys  map[int64]string
}

// Correction is a confirmed report: its number and the texts that answer
// its question.
type Correction struct {
	ID       int64
	Expected []string
	question string
	lang     string
}

// Set replaces the corrections with the confirmed reports among rs.
func (c *Corrections) Set(rs []Report) {
	var list []Correction
	for _, r := range rs {
		if x, ok := correctionOf(r); ok {
			list = append(list, x)
		}
	}
	c.mu.Lock()
	c.list, c.keys = list, nil
	c.mu.Unlock()
}

// Put takes in a report just decided: confirmed, it corrects its
// question; else it no longer does.
func (c *Corrections) Put(r Report) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var kept []Correction
	for _, x := range c.list {
		if x.ID != r.ID {
			kept = append(kept, x)
		}
	}
	if x, ok := correctionOf(r); ok {
		kept = append(kept, x)
	}
	c.list = kept
	delete(c.keys, r.ID)
}

func correctionOf(r Report) (Correction, bool) {
	if r.Status != Confirmed || r.Decision == nil || len(r.Decision.Expected) == 0 {
		return Correction{}, false
	}
	return Correction{ID: r.ID, Expected: r.Decision.Expected, question: r.Question, lang: r.Lang}, true
}

// Find returns the correction of question q asked in lang: the last
// confirmed report of the same question (QuestionKey), or of a question
// k keys alike. k may be nil.
func (c *Corrections) Find(k Keyer, q, lang string) (Correction, bool) {
	c.mu.Lock()
	empty := len(c.list) == 0
	c.mu.Unlock()
	if empty {
		return Correction{}, false
	}
	// The question is keyed outside the lock; the reports' questions,
	// once per index, inside it.
	plain, key := QuestionKey(q), ""
	if k != nil {
		key = k.QuestionKey(q, lang)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if k != nil && (c.keyer != k || c.keys == nil) {
		c.keyer, c.keys = k, map[int64]string{}
	}
	for i := len(c.list) - 1; i >= 0; i-- {
		x := c.list[i]
		if QuestionKey(x.question) == plain {
			return x, true
		}
		if key == "" {
			continue
		}
		xk, ok := c.keys[x.ID]
		if !ok {
			xk = k.QuestionKey(x.question, x.lang)
			c.keys[x.ID] = xk
		}
		if xk == key {
			return x, true
		}
	}
	return Correction{}, false
}

// Answers tells whether an answer whose first citation cites ids (its
// document, the original it translates, the documents of the same text)
// is what the correction says.
func (x Correction) Answers(ids []string) bool { return MatchesAny(x.Expected, ids) }
