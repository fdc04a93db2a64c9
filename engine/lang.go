package engine

import (
	"sync"

	"arbiter/engine/cardlang"
)

// langAbility is one ability of a card-language text: printed, or given by
// one of the card's keywords (equip, cycling, prowess...), which the rules
// define as abilities (702).
type langAbility struct {
	lang *cardlang.Ability
	// n is its number in the expanded list (1 on): StackObject.Lang and
	// Trigger.Lang.
	n int
	// keyword is the keyword that gives it, "" for a printed ability.
	keyword string
}

// expand lists a text's abilities with those its keywords give, each
// after its keyword. It is a pure function of the text, so numbers are
// stable across states.
func expand(b *cardlang.Card) []langAbility {
	if b == nil {
		return nil
	}
	var out []langAbility
	for i := range b.Abilities {
		a := &b.Abilities[i]
		out = append(out, langAbility{lang: a})
		if a.Kind == cardlang.KindKeyword && a.Keyword != nil {
			for _, syn := range keywordAbilities(*a.Keyword) {
				s := syn
				out = append(out, langAbility{lang: &s, keyword: a.Keyword.Name})
			}
		}
	}
	for i := range out {
		out[i].n = i + 1
	}
	return out
}

// keywordAbilities are the abilities a keyword stands for, written in the
// card language (702.6a equip, 702.29a cycling, 702.108a prowess, 702.45a
// bushido, 702.30a echo, 702.79a persist, 702.93a undying, 702.91a battle
// cry, 702.130a afflict, 702.46a soulshift).
func keywordAbilities(k cardlang.Keyword) []cardlang.Ability {
	self := func() *cardlang.Ref { return &cardlang.Ref{Kind: cardlang.RefSelf} }
	you := func() *cardlang.Ref { return &cardlang.Ref{Kind: cardlang.RefYou} }
	eot := cardlang.Arg{Name: "until", Value: cardlang.Word("end_of_turn")}
	switch k.Name {
	case "equip":
		return []cardlang.Ability{{Kind: cardlang.KindActivated, Cost: k.Cost, Limits: []string{cardlang.LimitSorcery},
			Effects: cardlang.Effects{{Op: "attach", Args: []cardlang.Arg{{Name: "what", Value: self()},
				{Name: "to", Value: &cardlang.Ref{Kind: cardlang.RefTarget, Min: 1, Max: 1, Filter: &cardlang.Filter{Types: [][]string{{"creature"}}, Control: "you"}}}}}}}}
	case "cycling":
		cost := append(append(cardlang.Cost(nil), k.Cost...), cardlang.CostPart{Kind: cardlang.CostDiscard, What: self()})
		return []cardlang.Ability{{Kind: cardlang.KindActivated, Cost: cost, Zone: cardlang.ZoneHand,
			Effects: cardlang.Effects{{Op: "draw", Args: []cardlang.Arg{{Name: "who", Value: you()}, {Name: "n", Value: cardlang.Amount{N: 1}}}}}}}
	case "prowess":
		return []cardlang.Ability{{Kind: cardlang.KindTriggered, Trigger: &cardlang.Trigger{Event: "cast", Player: you(),
			What: &cardlang.Filter{Types: [][]string{{"spell"}}, Not: []string{"creature"}}},
			Effects: cardlang.Effects{{Op: "pump", Args: []cardlang.Arg{{Name: "what", Value: self()},
				{Name: "pt", Value: cardlang.PT{Power: cardlang.Amount{N: 1}, Toughness: cardlang.Amount{N: 1}, Mod: true}}, eot}}}}}
	case "bushido":
		pt := cardlang.PT{Power: cardlang.Amount{N: k.N}, Toughness: cardlang.Amount{N: k.N}, Mod: true}
		pump := cardlang.Effects{{Op: "pump", Args: []cardlang.Arg{{Name: "what", Value: self()}, {Name: "pt", Value: pt}, eot}}}
		return []cardlang.Ability{
			{Kind: cardlang.KindTriggered, Trigger: &cardlang.Trigger{Event: "blocks", Object: self()}, Effects: pump},
			{Kind: cardlang.KindTriggered, Trigger: &cardlang.Trigger{Event: "becomes_blocked", Object: self()}, Effects: pump}}
	case "echo":
		return []cardlang.Ability{{Kind: cardlang.KindTriggered, Trigger: &cardlang.Trigger{Event: "upkeep", Player: you()},
			If: &cardlang.Condition{Kind: condEchoDue, Ref: self()},
			Effects: cardlang.Effects{{Op: "may", Args: []cardlang.Arg{
				{Name: "do", Value: cardlang.Effects{{Op: "pay", Args: []cardlang.Arg{{Name: "who", Value: you()}, {Name: "mana", Value: cardlang.Mana(manaOfCost(k.Cost))}}}}},
				{Name: "else", Value: cardlang.Effects{{Op: "sacrifice", Args: []cardlang.Arg{{Name: "who", Value: you()}, {Name: "what", Value: self()}}}}}}}}}}
	case "battle_cry":
		return keywordText("when attacks(self): pump(all(other attacking creature), +1/+0, until: end_of_turn)")
	case "afflict":
		return keywordText("when becomes_blocked(self): lose_life(defending, " + itoa(k.N) + ")")
	case "soulshift":
		return keywordText("when dies(self): may([move(target(card Spirit mana_value<=" + itoa(k.N) + " you_own in_graveyard), hand)])")
	case "persist", "undying":
		kind, flag := "-1/-1", "persist"
		if k.Name == "undying" {
			kind, flag = "+1/+1", "undying"
		}
		return []cardlang.Ability{{Kind: cardlang.KindTriggered, Trigger: &cardlang.Trigger{Event: "dies", Object: self()},
			If: &cardlang.Condition{Kind: condNoCounter, Ref: self(), Op: kind},
			Effects: cardlang.Effects{{Op: "move", Args: []cardlang.Arg{{Name: "what", Value: self()}, {Name: "to", Value: cardlang.Word(cardlang.ZoneBattlefield)},
				{Name: "under", Value: cardlang.Word("owner")}, {Name: flag, Value: cardlang.Flag{}}}}}}}
	}
	return nil
}

// keywordTexts memoizes keywordText: the abilities of a line of the card
// language's text form, a pure function of the line.
var keywordTexts sync.Map

// keywordText reads one ability line of the card language's text form:
// the ability a keyword stands for, as its reminder text says.
func keywordText(line string) []cardlang.Ability {
	if v, ok := keywordTexts.Load(line); ok {
		return v.([]cardlang.Ability)
	}
	c, err := cardlang.ParseCard("card \"Keyword\" \"Creature\"\n  " + line + "\n")
	if err != nil {
		panic("engine: keyword ability: " + err.Error())
	}
	keywordTexts.Store(line, c.Abilities)
	return c.Abilities
}

// Conditions the engine's keyword abilities check, beside the card
// language's own.
const (
	condEchoDue   = "echo_due"   // its controller has controlled it continuously since their most recent upkeep began? No: it came under their control since their last upkeep (702.30a)
	condNoCounter = "no_counter" // it had no counter of kind Op on it as it last existed (702.79a, 702.93a)
)

// manaOfCost gives the mana part of a cost.
func manaOfCost(c cardlang.Cost) string {
	out := ""
	for _, p := range c {
		if p.Kind == cardlang.CostMana {
			out += p.Mana
		}
	}
	return out
}

// hasCDA reports whether a text defines its power and toughness (604.3).
func hasCDA(b *cardlang.Card) bool {
	for _, st := range staticAbilities(b) {
		for _, e := range st.Effects {
			if e.Op == "cda_pt" {
				return true
			}
		}
	}
	return false
}

// abilitiesOf gives the abilities of a permanent's text, expanded.
func abilitiesOf(p *Permanent) []langAbility {
	if p == nil {
		return nil
	}
	return expand(p.Behavior)
}

// activatedOf lists a permanent's activated abilities in printed order,
// those its keywords give (equip, cycling) at their keyword's place.
func activatedOf(p *Permanent) []langAbility {
	var out []langAbility
	for _, a := range abilitiesOf(p) {
		if a.lang.Kind == cardlang.KindActivated {
			out = append(out, a)
		}
	}
	return out
}

// abilityN returns ability n (1 on) of a text's expanded list.
func abilityN(b *cardlang.Card, n int) *langAbility {
	list := expand(b)
	if n < 1 || n > len(list) {
		return nil
	}
	return &list[n-1]
}

// hasKeyword reports whether a text has the keyword ability k.
func hasKeyword(b *cardlang.Card, k string) *cardlang.Keyword {
	if b == nil {
		return nil
	}
	for i := range b.Abilities {
		if a := &b.Abilities[i]; a.Kind == cardlang.KindKeyword && a.Keyword != nil && a.Keyword.Name == k {
			return a.Keyword
		}
	}
	return nil
}

// staticEffects lists a text's static abilities.
func staticAbilities(b *cardlang.Card) []*cardlang.Ability {
	if b == nil {
		return nil
	}
	var out []*cardlang.Ability
	for i := range b.Abilities {
		if b.Abilities[i].Kind == cardlang.KindStatic {
			out = append(out, &b.Abilities[i])
		}
	}
	return out
}

// spellEffects gives a spell's effects: those of its spell abilities, in
// order (each paragraph is one).
func spellEffects(b *cardlang.Card) cardlang.Effects {
	if b == nil {
		return nil
	}
	var out cardlang.Effects
	for _, a := range b.Abilities {
		if a.Kind == cardlang.KindSpell {
			out = append(out, a.Effects...)
		}
	}
	return out
}

// objLink is an object an effect acted on: its id and object number, and
// the number it had before that effect moved it (for last known
// information, 608.2h).
type objLink struct {
	id        string
	obj, prev int
}

// langCtx is what a card-language ability knows as it resolves, or as an
// effect it created applies: who controls it, what it comes from, its
// targets and what its earlier effects acted on. A context kept by a
// delayed ability or an effect is never changed afterwards.
// exiler names the object whose ability this is, as it was on the
// battlefield for an ability that looks back: the key of the cards its
// ability exiles (607.2a).
func (c *langCtx) exiler() string {
	obj := c.selfObj
	if c.selfPrev != 0 {
		obj = c.selfPrev
	}
	return c.self + "#" + itoa(obj)
}

type langCtx struct {
	ctl string // "you": the controller (109.5)
	// self is the object the ability belongs to: the permanent, or the
	// spell's card; selfObj its object number when the ability began, and
	// selfPrev the number it had on the battlefield, for an ability that
	// looks back (603.10a).
	self              string
	selfObj, selfPrev int
	// spell is the stack object resolving, the source of a spell's damage.
	spell string
	// groups are the targets, one list per target of the text in order.
	groups [][]string
	refs   []*cardlang.Ref
	it     []objLink
	itPl   []string
	that   string
	thatPl string
	// damaged is what a damage event's damage went to.
	damaged string
	amount  int
	x       int
	kicked  bool
	did     bool
	// name is the ability's display name (its source's name), for the
	// effects it creates.
	name string
	// chosenModes are the modes of a modal ability (700.2).
	chosenModes []int
	// selfTo is where a resolving spell's card goes instead of its
	// owner's graveyard ("Exile Teferi's Protection").
	selfTo string
	// manaChoice is the mana type asked for by an activation's mana key.
	manaChoice string
	// exiled counts the cards exiled to pay the spell's additional cost.
	exiled int
	// chosen holds what the ability's players chose as it resolved ("of
	// that type").
	chosen map[string]string
	// triggered is set for a triggered ability.
	triggered bool
}

// clone copies a context for keeping.
func (c *langCtx) clone() *langCtx {
	d := *c
	d.it = append([]objLink(nil), c.it...)
	d.itPl = append([]string(nil), c.itPl...)
	if c.chosen != nil {
		d.chosen = map[string]string{}
		for k, v := range c.chosen {
			d.chosen[k] = v
		}
	}
	return &d
}

// targetsOf gives the targets a ref names in this context.
func (c *langCtx) targetsOf(r *cardlang.Ref) []string {
	for i, x := range c.refs {
		if x == r && i < len(c.groups) {
			return c.groups[i]
		}
	}
	return nil
}

// targetRefs lists the target references of effects in the order the
// text names them (601.2c): every target(…) anywhere in them, nested
// effects included, but in modal effects only the chosen modes'.
func targetRefs(es cardlang.Effects, modes []int) []*cardlang.Ref {
	var out []*cardlang.Ref
	var ref func(r *cardlang.Ref)
	ref = func(r *cardlang.Ref) {
		if r == nil {
			return
		}
		if r.Kind == cardlang.RefTarget {
			out = append(out, r)
		}
		ref(r.Of)
	}
	var effs func(es cardlang.Effects)
	var val func(v cardlang.Value)
	val = func(v cardlang.Value) {
		switch v := v.(type) {
		case *cardlang.Ref:
			ref(v)
		case cardlang.Amount:
			ref(v.Ref)
		case cardlang.PT:
			ref(v.Power.Ref)
			ref(v.Toughness.Ref)
		case cardlang.Effects:
			effs(v)
		case cardlang.Modes:
			for i, o := range v.Options {
				if has(intStrings(modes), itoa(i+1)) {
					effs(o)
				}
			}
		case *cardlang.Condition:
			if v.Left != nil {
				ref(v.Left.Ref)
			}
			if v.Right != nil {
				ref(v.Right.Ref)
			}
			ref(v.Ref)
		}
	}
	effs = func(es cardlang.Effects) {
		for _, e := range es {
			for _, a := range e.Args {
				val(a.Value)
			}
		}
	}
	effs(es)
	return out
}

func intStrings(ns []int) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = itoa(n)
	}
	return out
}

// modesOf returns the modal effect of effects, if they are one.
func modesOf(es cardlang.Effects) (cardlang.Modes, bool) {
	for _, e := range es {
		if e.Op == "choose" {
			m, ok := e.Get("modes").(cardlang.Modes)
			return m, ok
		}
	}
	return cardlang.Modes{}, false
}

// refMax is the most targets (or chosen objects) a ref takes: its Max,
// X for "up to X", -1 for any number.
func refMax(c *langCtx, r *cardlang.Ref) int {
	if r.MaxX {
		return c.x
	}
	return r.Max
}

// groupTargets divides a flat list of targets among the target refs of a
// text, in order: each takes as many as it may (up to its maximum) of
// those that are legal for it, at least its minimum.
func (g *game) groupTargets(c *langCtx, refs []*cardlang.Ref, targets []string, x int) [][]string {
	groups := make([][]string, len(refs))
	k := 0
	for i, r := range refs {
		maxN := refMax(c, r)
		if maxN < 0 {
			maxN = len(targets)
		}
		for k < len(targets) && len(groups[i]) < maxN {
			// Leave what the later refs need.
			left := 0
			for _, r2 := range refs[i+1:] {
				left += r2.Min
			}
			if len(targets)-k <= left && len(groups[i]) >= r.Min {
				break
			}
			if len(groups[i]) >= r.Min && g.langTargetRule(c, r, targets[k]) != "" {
				break
			}
			groups[i] = append(groups[i], targets[k])
			k++
		}
	}
	if k < len(targets) && len(refs) > 0 {
		last := len(refs) - 1
		groups[last] = append(groups[last], targets[k:]...)
	}
	return groups
}

// flatGroups gives the sizes of groups.
func groupSizes(groups [][]string) []int {
	out := make([]int, len(groups))
	for i, g := range groups {
		out[i] = len(g)
	}
	return out
}

// splitGroups cuts targets by sizes.
func splitGroups(targets []string, sizes []int) [][]string {
	out := make([][]string, len(sizes))
	k := 0
	for i, n := range sizes {
		for j := 0; j < n && k < len(targets); j++ {
			out[i] = append(out[i], targets[k])
			k++
		}
	}
	return out
}
