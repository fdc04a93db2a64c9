package cardlang

import (
	"fmt"
	"strconv"
)

// Validate checks that a card is well formed: every ability of a known
// kind with the fields its kind uses, every effect a known operation with
// arguments of the right kinds (the required ones present, words from
// their lists), continuous effects with a duration when a resolving
// spell or ability makes them and without one in a static ability.
func Validate(c Card) error {
	for i, a := range c.Abilities {
		if err := validateAbility(a); err != nil {
			return fmt.Errorf("ability %d (%s): %w", i+1, a.Kind, err)
		}
	}
	return nil
}

func validateAbility(a Ability) error {
	if a.Keyword != nil && a.Kind != KindKeyword {
		return fmt.Errorf("a keyword on a %s ability", a.Kind)
	}
	if a.Trigger != nil && a.Kind != KindTriggered {
		return fmt.Errorf("an event on a %s ability", a.Kind)
	}
	if len(a.Cost) > 0 && a.Kind != KindActivated && a.Kind != KindAdditional {
		return fmt.Errorf("a cost on a %s ability", a.Kind)
	}
	if a.Zone != "" && a.Kind != KindActivated {
		return fmt.Errorf("a zone on a %s ability", a.Kind)
	}
	for _, l := range a.Limits {
		if !contains(limitWords(), l) {
			return fmt.Errorf("unknown limit %q", l)
		}
	}
	if a.If != nil {
		if err := validateCond(a.If); err != nil {
			return err
		}
	}
	switch a.Kind {
	case KindKeyword:
		if a.Keyword == nil {
			return fmt.Errorf("no keyword")
		}
		return validateKeyword(*a.Keyword)
	case KindAdditional:
		if len(a.Cost) == 0 || len(a.Effects) > 0 {
			return fmt.Errorf("an additional cost is a cost alone")
		}
		return validateCost(a.Cost)
	case KindTriggered:
		if a.Trigger == nil {
			return fmt.Errorf("no event")
		}
		if err := validateTrigger(a.Trigger); err != nil {
			return err
		}
	case KindActivated:
		if len(a.Cost) == 0 {
			return fmt.Errorf("no cost")
		}
		if err := validateCost(a.Cost); err != nil {
			return err
		}
	case KindSpell, KindStatic, KindAsEnters:
	default:
		return fmt.Errorf("unknown ability kind %q", a.Kind)
	}
	if len(a.Effects) == 0 {
		return fmt.Errorf("no effect")
	}
	return validateEffects(a.Effects, a.Kind == KindStatic)
}

// limitWords are the limits an ability may have.
func limitWords() []string {
	return []string{LimitSorcery, LimitInstant, LimitOnce, LimitYourTurn, LimitYourUpkeep, LimitCombat, LimitBeforeBlock, LimitBeforeAttack, LimitAnyPlayer}
}

func validateEffects(es Effects, static bool) error {
	for _, e := range es {
		if err := validateEffect(e, static); err != nil {
			return err
		}
	}
	return nil
}

func validateEffect(e Effect, static bool) error {
	op, ok := opDef(e.Op)
	if !ok {
		return fmt.Errorf("unknown effect %q", e.Op)
	}
	if static && !op.Continuous {
		return fmt.Errorf("%s is a one-shot effect in a static ability", e.Op)
	}
	seen := map[string]bool{}
	for _, a := range e.Args {
		prm, ok := paramNamed(op, a.Name)
		if !ok {
			return fmt.Errorf("%s has no argument %q", e.Op, a.Name)
		}
		if seen[a.Name] {
			return fmt.Errorf("%s: %s given twice", e.Op, a.Name)
		}
		seen[a.Name] = true
		if a.Value == nil || a.Value.valueKind() != prm.Kind {
			return fmt.Errorf("%s(%s): want a %s", e.Op, a.Name, prm.Kind)
		}
		if err := validateValue(prm, a.Value); err != nil {
			return fmt.Errorf("%s(%s): %w", e.Op, a.Name, err)
		}
	}
	for _, prm := range op.Params {
		if !prm.Optional && !seen[prm.Name] {
			return fmt.Errorf("%s: no %s", e.Op, prm.Name)
		}
	}
	if op.Continuous && e.Op != "replace" && e.Op != "enters_tapped" && e.Op != "enters_with_counters" {
		_, hasUntil := paramNamed(op, "until")
		switch {
		case static && seen["until"]:
			return fmt.Errorf("%s: a static ability's effect has no duration", e.Op)
		case !static && hasUntil && !seen["until"]:
			return fmt.Errorf("%s: an effect of a resolving spell or ability needs a duration (until)", e.Op)
		case !static && !hasUntil:
			return fmt.Errorf("%s is only a static ability's effect", e.Op)
		}
	}
	return nil
}

func validateValue(prm Param, v Value) error {
	switch v := v.(type) {
	case *Ref:
		return validateRef(v)
	case Amount:
		return validateAmount(v)
	case PT:
		if err := validateAmount(v.Power); err != nil {
			return err
		}
		return validateAmount(v.Toughness)
	case Word:
		if prm.Words != nil && !contains(prm.Words, string(v)) {
			return fmt.Errorf("%q is not a word it takes", v)
		}
		if v == "" {
			return fmt.Errorf("an empty word")
		}
	case Mana:
		if !isMana(string(v)) {
			return fmt.Errorf("%q is not mana", v)
		}
	case Keywords:
		if len(v) == 0 {
			return fmt.Errorf("no keyword")
		}
		for _, k := range v {
			if err := validateKeyword(k); err != nil {
				return err
			}
		}
	case *Token:
		return validateToken(v)
	case Effects:
		if len(v) == 0 {
			return fmt.Errorf("no effect")
		}
		return validateEffects(v, false)
	case Modes:
		if len(v.Options) < 2 || v.Min < 0 || (v.Max >= 0 && v.Max < v.Min) || v.Max > len(v.Options) {
			return fmt.Errorf("modes: choose %s of %d", countString(v.Min, v.Max), len(v.Options))
		}
		for _, o := range v.Options {
			if len(o) == 0 {
				return fmt.Errorf("an empty mode")
			}
			if err := validateEffects(o, false); err != nil {
				return err
			}
		}
	case *Condition:
		return validateCond(v)
	case *Trigger:
		return validateTrigger(v)
	case *Filter:
		return validateFilter(v)
	case Flag:
	default:
		return fmt.Errorf("a value of unknown kind")
	}
	return nil
}

func validateRef(r *Ref) error {
	if r == nil {
		return fmt.Errorf("no reference")
	}
	switch r.Kind {
	case RefTarget, RefChoice:
		if r.MaxX && r.Min >= 0 && r.Max == 0 {
			return validateFilter(r.Filter)
		}
		if r.Min < 0 || (r.Max >= 0 && r.Max < r.Min) || r.Max == 0 {
			return fmt.Errorf("%s of %s", r.Kind, countString(r.Min, r.Max))
		}
		return validateFilter(r.Filter)
	case RefAll, RefEach, RefA:
		return validateFilter(r.Filter)
	case RefCtrl, RefOwner:
		return validateRef(r.Of)
	case RefAnd:
		if err := validateRef(r.Of); err != nil {
			return err
		}
		return validateRef(r.And)
	}
	if !contains(refWords(), r.Kind) {
		return fmt.Errorf("unknown reference %q", r.Kind)
	}
	return nil
}

func validateFilter(f *Filter) error {
	if f == nil {
		return fmt.Errorf("no filter")
	}
	for _, g := range f.Types {
		if len(g) == 0 || !allIn(g, cardTypeWords()) {
			return fmt.Errorf("types %v", g)
		}
	}
	if !allIn(f.Colors, colorWords()) || !allIn(f.States, stateWords()) || !allIn(f.Supertypes, supertypeWords()) || !allUpper(f.Subtypes) {
		return fmt.Errorf("filter %s", f)
	}
	for _, c := range f.Compare {
		if err := validateAmount(c.N); err != nil {
			return err
		}
	}
	return nil
}

func validateAmount(a Amount) error {
	switch a.Fn {
	case "":
		if a.Var != "" && a.Var != "X" {
			return fmt.Errorf("unknown variable %q", a.Var)
		}
	case "count":
		return validateFilter(a.Filter)
	case "power", "toughness", "mana_value", "life", "hand", "number":
		return validateRef(a.Ref)
	case "exiled":
	case "counters":
		if a.Word == "" {
			return fmt.Errorf("counters of no kind")
		}
		return validateRef(a.Ref)
	default:
		return fmt.Errorf("unknown number %q", a.Fn)
	}
	return nil
}

func validateToken(t *Token) error {
	if t == nil {
		return fmt.Errorf("no token")
	}
	if t.Name != "" {
		if !contains(predefinedTokens(), t.Name) || t.PT != nil || len(t.Types) > 0 {
			return fmt.Errorf("token %s", t.Name)
		}
		return nil
	}
	if len(t.Types) == 0 {
		return fmt.Errorf("a token with no type")
	}
	if contains(t.Types, "creature") != (t.PT != nil) {
		return fmt.Errorf("a creature token has a power and toughness, others none")
	}
	for _, k := range t.Keywords {
		if err := validateKeyword(k); err != nil {
			return err
		}
	}
	return nil
}

func validateKeyword(k Keyword) error {
	def, ok := keywordDef(k.Name)
	if !ok {
		return fmt.Errorf("unknown keyword %q", k.Name)
	}
	has := map[string]bool{"cost": len(k.Cost) > 0, "n": k.N != 0 || bareKeyword(k.Name), "qualities": len(k.From) > 0, "filter": k.Filter != nil}
	for p, set := range has {
		if set != (def.Param == p) {
			return fmt.Errorf("keyword %s takes %s", k.Name, strconv.Quote(def.Param))
		}
	}
	if k.Filter != nil {
		return validateFilter(k.Filter)
	}
	if len(k.Cost) > 0 {
		return validateCost(k.Cost)
	}
	return nil
}

func validateCost(c Cost) error {
	for _, cp := range c {
		switch cp.Kind {
		case CostMana:
			if !isManaCost(cp.Mana) {
				return fmt.Errorf("%q is not a mana cost", cp.Mana)
			}
		case CostTap, CostUntap:
		case CostLife, CostLoyalty:
			if cp.N == nil {
				return fmt.Errorf("%s of no amount", cp.Kind)
			}
		case CostRemoveCounters, CostPutCounters:
			if cp.N == nil || cp.Counter == "" {
				return fmt.Errorf("%s of no amount or kind", cp.Kind)
			}
		case CostSacrifice, CostDiscard, CostExile, CostTapOther, CostReturn:
			if err := validateRef(cp.What); err != nil {
				return err
			}
		default:
			return fmt.Errorf("unknown cost %q", cp.Kind)
		}
	}
	return nil
}

func validateTrigger(t *Trigger) error {
	def, ok := eventDef(t.Event)
	if !ok {
		return fmt.Errorf("unknown event %q", t.Event)
	}
	switch def.Subject {
	case "object":
		if t.Object == nil || t.Player != nil {
			return fmt.Errorf("%s needs an object", t.Event)
		}
		if err := validateRef(t.Object); err != nil {
			return err
		}
	case "player":
		if t.Player == nil || t.Object != nil {
			return fmt.Errorf("%s needs a player", t.Event)
		}
		if err := validateRef(t.Player); err != nil {
			return err
		}
	default:
		if t.Player != nil || t.Object != nil {
			return fmt.Errorf("%s has no subject", t.Event)
		}
	}
	for name, set := range map[string]bool{"to": t.To != nil, "by": t.By != nil, "zone": t.Zone != "", "what": t.What != nil, "combat": t.Combat, "kind": t.Counter != ""} {
		if _, ok := eventParam(def, name); set && !ok {
			return fmt.Errorf("%s has no %s", t.Event, name)
		}
	}
	if t.What != nil {
		return validateFilter(t.What)
	}
	return nil
}

func validateCond(c *Condition) error {
	switch c.Kind {
	case CondCompare:
		if c.Left == nil || c.Right == nil || !contains([]string{"<=", ">=", "==", "<", ">", "!="}, c.Op) {
			return fmt.Errorf("a bad comparison")
		}
		if err := validateAmount(*c.Left); err != nil {
			return err
		}
		return validateAmount(*c.Right)
	}
	if !contains(condWords(), c.Kind) {
		return fmt.Errorf("unknown condition %q", c.Kind)
	}
	if c.Kind == CondIs {
		if c.Ref == nil || c.Filter == nil {
			return fmt.Errorf("is needs a reference and a filter")
		}
		if err := validateRef(c.Ref); err != nil {
			return err
		}
		return validateFilter(c.Filter)
	}
	if c.Ref != nil {
		return validateRef(c.Ref)
	}
	return nil
}
