package cardlang

import (
	"sort"
	"strings"
)

// Needs returns what the game model must be able to do to run the card
// as written, sorted: the capabilities of its abilities' kinds, keywords,
// costs, events, effects and references (docs/card-language.md lists
// which construct needs which).
func (c Card) Needs() []Capability {
	n := needs{set: map[Capability]bool{}}
	for _, a := range c.Abilities {
		n.ability(a)
	}
	out := make([]Capability, 0, len(n.set))
	for k := range n.set {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// needs collects capabilities.
type needs struct {
	set map[Capability]bool
}

func (n *needs) add(cs ...Capability) {
	for _, c := range cs {
		n.set[c] = true
	}
}

func (n *needs) ability(a Ability) {
	switch a.Kind {
	case KindKeyword:
		n.keyword(*a.Keyword)
	case KindSpell:
		n.add(NeedStack)
	case KindAdditional:
		n.add(NeedStack, NeedMana)
	case KindTriggered:
		n.add(NeedStack)
		n.trigger(a.Trigger)
	case KindActivated:
		n.add(NeedStack)
		if a.Zone != "" {
			n.add(NeedZones, NeedHand)
			if a.Zone == ZoneGraveyard {
				n.add(NeedGraveyard)
			}
		}
	case KindAsEnters:
		n.add(NeedReplacement, NeedChoices)
	}
	n.cost(a.Cost)
	if a.If != nil {
		n.cond(a.If)
	}
	for _, l := range a.Limits {
		if l == LimitCombat || l == LimitBeforeBlock {
			n.add(NeedCombat)
		}
	}
	n.effects(a.Effects)
}

func (n *needs) keyword(k Keyword) {
	def, _ := keywordDef(k.Name)
	n.add(def.Needs...)
	n.cost(k.Cost)
	if k.Filter != nil {
		n.filter(k.Filter)
	}
}

func (n *needs) cost(c Cost) {
	for _, cp := range c {
		switch cp.Kind {
		case CostMana:
			n.add(NeedMana)
		case CostLife:
			n.add(NeedLife)
		case CostDiscard:
			n.add(NeedHand, NeedGraveyard)
		case CostExile:
			n.add(NeedZones)
		case CostRemoveCounters, CostPutCounters, CostLoyalty:
			n.add(NeedCounters)
		case CostReturn:
			n.add(NeedZones, NeedHand)
		case CostSacrifice:
			n.add(NeedGraveyard)
		}
		if cp.What != nil {
			n.ref(cp.What)
		}
	}
}

func (n *needs) trigger(t *Trigger) {
	def, _ := eventDef(t.Event)
	n.add(def.Needs...)
	for _, r := range []*Ref{t.Object, t.Player, t.To, t.By} {
		if r != nil {
			n.ref(r)
		}
	}
	if t.What != nil {
		n.filter(t.What)
	}
}

func (n *needs) effects(es Effects) {
	for _, e := range es {
		op, _ := opDef(e.Op)
		n.add(op.Needs...)
		if k := e.Word("kind"); k != "" {
			n.add(counterNeeds(k)...)
		}
		for _, a := range e.Args {
			n.value(a.Value)
		}
	}
}

func (n *needs) value(v Value) {
	switch v := v.(type) {
	case *Ref:
		n.ref(v)
	case Amount:
		n.amount(v)
	case PT:
		n.amount(v.Power)
		n.amount(v.Toughness)
	case Keywords:
		for _, k := range v {
			n.keyword(k)
		}
	case *Token:
		for _, k := range v.Keywords {
			n.keyword(k)
		}
		if v.Name != "" {
			n.add(NeedMana, NeedLife, NeedLibrary)
		}
	case Effects:
		n.effects(v)
	case Modes:
		n.add(NeedChoices)
		for _, o := range v.Options {
			n.effects(o)
		}
	case *Condition:
		n.cond(v)
	case *Trigger:
		n.trigger(v)
	case *Filter:
		n.filter(v)
	}
}

func (n *needs) ref(r *Ref) {
	switch r.Kind {
	case RefTarget:
		n.add(NeedStack)
	case RefChoice:
		n.add(NeedChoices)
	case RefIt, RefExiled:
		n.add(NeedZones)
	case RefEnchanted, RefEquipped:
		n.add(NeedAttach)
	case RefDefending:
		n.add(NeedCombat)
	case RefCtrl, RefOwner:
		n.ref(r.Of)
	case RefAnd:
		n.ref(r.Of)
		n.ref(r.And)
	}
	if r.Filter != nil {
		n.filter(r.Filter)
	}
}

func (n *needs) filter(f *Filter) {
	switch f.Zone {
	case ZoneGraveyard:
		n.add(NeedGraveyard, NeedZones)
	case ZoneHand:
		n.add(NeedHand)
	case "library":
		n.add(NeedLibrary)
	case ZoneStack:
		n.add(NeedStackObjects)
	}
	for _, g := range f.Types {
		if contains(g, "spell") {
			n.add(NeedStackObjects)
		}
	}
	for _, st := range f.States {
		if st == "attacking" || st == "blocking" || st == "blocked" || st == "unblocked" {
			n.add(NeedCombat)
		}
	}
	for _, c := range f.Compare {
		n.amount(c.N)
	}
}

func (n *needs) amount(a Amount) {
	if a.Var == "X" {
		n.add(NeedMana)
	}
	switch a.Fn {
	case "count":
		n.filter(a.Filter)
	case "life":
		n.add(NeedLife)
	case "hand":
		n.add(NeedHand)
	case "counters":
		n.add(NeedCounters)
	}
	if a.Ref != nil {
		n.ref(a.Ref)
	}
}

func (n *needs) cond(c *Condition) {
	if c.Left != nil {
		n.amount(*c.Left)
	}
	if c.Right != nil {
		n.amount(*c.Right)
	}
	if c.Kind == CondKicked {
		n.add(NeedMana)
	}
	if c.Kind == CondAttacking {
		n.add(NeedCombat)
	}
	if c.Ref != nil {
		n.ref(c.Ref)
	}
}

// counterNeeds is what a kind of counter needs beyond counters: +1/+1
// and other P/T counters change P/T (613.4c), keyword counters grant
// their keyword (613.1f, 122.1b), shield counters replace damage and
// destruction (122.1c), stun counters replace untapping (122.1d).
func counterNeeds(kind string) []Capability {
	switch {
	case strings.Contains(kind, "/"):
		return []Capability{NeedLayer7c}
	case kind == "shield":
		return []Capability{NeedReplacement}
	case kind == "stun":
		return []Capability{NeedReplacement, NeedRestrictions}
	}
	if _, ok := keywordDef(strings.ReplaceAll(kind, " ", "_")); ok {
		return []Capability{NeedLayer6}
	}
	return nil
}
