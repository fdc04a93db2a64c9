package chat

import (
	"arbiter/cmd/bot/internal/render"
	"context"
	"sort"
	"strings"
	"sync"

	"arbiter/engine"
	"arbiter/i18n"
	"arbiter/kb"
)

// completions holds the autocomplete lists of the index in use, built on
// first use and rebuilt when the index is swapped. Autocomplete cannot be
// deferred, so every lookup is a scan of these prepared lists.
type completions struct {
	mu  sync.Mutex
	ix  Index
	set *completionSet
}

type completionSet struct {
	rules []ruleCompletion
	cards []cardCompletion
	// names holds every folded card name (all languages), sorted, for
	// prefix lookups by binary search.
	names []cardKey
}

type cardKey struct {
	key  string
	card int // index in cards
}

type ruleCompletion struct {
	number string
	label  string // "702.26a — Phasing: Phasing is a static ability…"
	key    string // folded label, for matching
}

type cardCompletion struct {
	english string
	names   map[string]string // lang -> newest printed name
	keys    []string          // folded names in every language
}

// get returns the lists of ix, building them if ix is new.
func (c *completions) get(ctx context.Context, ix Index) (*completionSet, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ix == ix && c.set != nil {
		return c.set, nil
	}
	rules, err := ix.RuleEntries(ctx)
	if err != nil {
		return nil, err
	}
	cards, err := ix.CardEntries(ctx)
	if err != nil {
		return nil, err
	}
	set := newCompletionSet(rules, cards)
	c.ix, c.set = ix, set
	return set, nil
}

// newCompletionSet prepares the lists: labels and folded keys, once.
func newCompletionSet(rules []kb.RuleEntry, cards []kb.CardEntry) *completionSet {
	set := &completionSet{rules: make([]ruleCompletion, 0, len(rules)), cards: make([]cardCompletion, 0, len(cards))}
	for _, r := range rules {
		label := r.Number
		if r.Title != "" {
			label += " — " + r.Title
		}
		if r.Text != "" && r.Text != r.Title {
			label += ": " + r.Text
		}
		label = Clip(strings.Join(strings.Fields(label), " "), MaxChoiceName)
		set.rules = append(set.rules, ruleCompletion{number: r.Number, label: label, key: kb.NormalizeName(label)})
	}
	for _, cd := range cards {
		cc := cardCompletion{english: cd.Name, names: map[string]string{}, keys: []string{kb.NormalizeName(cd.Name)}}
		for l, ns := range cd.Names {
			if len(ns) > 0 {
				cc.names[l] = ns[len(ns)-1]
			}
			for _, n := range ns {
				cc.keys = append(cc.keys, kb.NormalizeName(n))
			}
		}
		for _, k := range cc.keys {
			set.names = append(set.names, cardKey{key: k, card: len(set.cards)})
		}
		set.cards = append(set.cards, cc)
	}
	sort.Slice(set.names, func(i, j int) bool {
		if set.names[i].key != set.names[j].key {
			return set.names[i].key < set.names[j].key
		}
		return set.names[i].card < set.names[j].card
	})
	return set
}

// typed is what an option's completion is made from: what was typed so
// far, and the language of the suggestions.
type typed struct {
	text string
	lang i18n.Lang
	p    *i18n.Printer
}

// autocomplete suggests values for the focused option of req, with the
// completion of the option in the command table.
func (rt *Router) autocomplete(ctx context.Context, req Request) ([]Choice, error) {
	c, _ := rt.Command(req.Command)
	for _, o := range c.Options {
		if o.Name == req.Focused && o.complete != nil {
			t := typed{text: strings.TrimSpace(req.Options[req.Focused]), lang: req.Lang, p: rt.printer(req.Lang)}
			return o.complete(ctx, t)
		}
	}
	return nil, nil
}

// completeRule completes a rule number.
func (rt *Router) completeRule(ctx context.Context, t typed) ([]Choice, error) {
	ix, release := rt.index()
	defer release()
	set, err := rt.lists.get(ctx, ix)
	if err != nil {
		return nil, err
	}
	return ruleChoices(set, t.text), nil
}

// completeCard completes a card name, in any language.
func (rt *Router) completeCard(ctx context.Context, t typed) ([]Choice, error) {
	ix, release := rt.index()
	defer release()
	set, err := rt.lists.get(ctx, ix)
	if err != nil {
		return nil, err
	}
	return cardChoices(t.p, set, t.text), nil
}

// completeGlossary completes a glossary term, in any language.
func (rt *Router) completeGlossary(ctx context.Context, t typed) ([]Choice, error) {
	ix, release := rt.index()
	defer release()
	return glossaryChoices(ix, t.lang, t.text), nil
}

// completePreset completes the name of a preset scenario.
func completePreset(ctx context.Context, t typed) ([]Choice, error) {
	return presetChoices(t.lang, t.text), nil
}

// ruleChoices lists the rule numbers starting with what was typed, in rule order;
// failing that, rules whose number or title contains it.
func ruleChoices(set *completionSet, typed string) []Choice {
	num := kb.NormalizeRuleNumber(typed)
	key := kb.NormalizeName(typed)
	var out, loose []Choice
	for _, r := range set.rules {
		if len(out) == MaxChoices {
			break
		}
		switch {
		case strings.HasPrefix(r.number, num):
			out = append(out, Choice{Name: r.label, Value: r.number})
		case key != "" && len(loose) < MaxChoices && strings.Contains(r.key, key):
			loose = append(loose, Choice{Name: r.label, Value: r.number})
		}
	}
	for _, c := range loose {
		if len(out) == MaxChoices {
			break
		}
		out = append(out, c)
	}
	return out
}

// cardChoices lists the cards with a name (in any language) starting with what was
// typed, found by binary search, then cards with a name containing it;
// shown in the user's language with the English name, whose value is the
// English name.
func cardChoices(p *i18n.Printer, set *completionSet, typed string) []Choice {
	key := kb.NormalizeName(typed)
	seen := map[int]bool{}
	var out []Choice
	add := func(ci int) {
		c := set.cards[ci]
		if seen[ci] || runes(c.english) > MaxChoiceValue {
			return
		}
		seen[ci] = true
		out = append(out, Choice{Name: Clip(i18n.CardName(p, c.english, c.names[p.Lang().String()]), MaxChoiceName), Value: c.english})
	}
	i := sort.Search(len(set.names), func(i int) bool { return set.names[i].key >= key })
	for ; i < len(set.names) && len(out) < MaxChoices && strings.HasPrefix(set.names[i].key, key); i++ {
		add(set.names[i].card)
	}
	if len(out) == MaxChoices || runes(key) < 2 {
		return out
	}
	for ci, c := range set.cards {
		if len(out) == MaxChoices {
			break
		}
		for _, k := range c.keys {
			if strings.Contains(k, key) {
				add(ci)
				break
			}
		}
	}
	return out
}

// presetChoices lists the presets whose name or title in the user's language
// contains what was typed.
func presetChoices(l i18n.Lang, typed string) []Choice {
	key := kb.NormalizeName(typed)
	var out []Choice
	for _, ps := range engine.Presets() {
		title := render.PresetTitle(ps.Title, l)
		if key != "" && !strings.Contains(kb.NormalizeName(ps.Name+" "+title), key) {
			continue
		}
		out = append(out, Choice{Name: Clip(title, MaxChoiceName), Value: ps.Name})
		if len(out) == MaxChoices {
			break
		}
	}
	return out
}

// glossaryChoices lists the glossary entries with a term (any language, current or
// old) containing what was typed, shown in the user's language.
func glossaryChoices(ix Index, l i18n.Lang, typed string) []Choice {
	g := ix.Glossary()
	if g == nil {
		return nil
	}
	key := kb.NormalizeName(typed)
	var prefix, inner []Choice
	for _, t := range g.Terms() {
		match := 0
		for _, lang := range []string{"en", "fr", "ja"} {
			for _, s := range append(append([]string(nil), t.Terms[lang]...), t.Old[lang]...) {
				k := kb.NormalizeName(s)
				if strings.HasPrefix(k, key) {
					match = 2
				} else if match == 0 && strings.Contains(k, key) {
					match = 1
				}
			}
		}
		if match == 0 {
			continue
		}
		name := t.ID
		if ts := t.Terms[l.String()]; len(ts) > 0 {
			name = ts[0]
			if en := t.Terms["en"]; l != i18n.EN && len(en) > 0 {
				name += " (" + en[0] + ")"
			}
		} else if en := t.Terms["en"]; len(en) > 0 {
			name = en[0]
		}
		ch := Choice{Name: Clip(name, MaxChoiceName), Value: t.ID}
		if runes(t.ID) > MaxChoiceValue {
			continue
		}
		if match == 2 {
			prefix = append(prefix, ch)
		} else {
			inner = append(inner, ch)
		}
	}
	out := append(prefix, inner...)
	return out[:min(len(out), MaxChoices)]
}
