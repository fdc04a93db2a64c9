package cardlang

import (
	"strconv"
	"strings"
)

// String returns the card in the text form: a header line, then one
// indented line per ability.
//
//	card "Ravenous Chupacabra" {2}{B}{B} "Creature — Chupacabra"
//	  when enters(self): destroy(target(creature opponent_controls))
func (c Card) String() string {
	var b strings.Builder
	b.WriteString("card ")
	b.WriteString(strconv.Quote(c.Name))
	if c.ManaCost != "" {
		b.WriteString(" ")
		b.WriteString(c.ManaCost)
	}
	b.WriteString(" ")
	b.WriteString(strconv.Quote(c.TypeLine))
	b.WriteString("\n")
	for _, a := range c.Abilities {
		b.WriteString("  ")
		b.WriteString(a.String())
		b.WriteString("\n")
	}
	return b.String()
}

// String returns the ability as one line of the text form.
func (a Ability) String() string {
	var b strings.Builder
	b.WriteString(string(a.Kind))
	switch a.Kind {
	case KindKeyword:
		if a.Keyword != nil {
			b.WriteString(" ")
			b.WriteString(a.Keyword.String())
		}
		return b.String()
	case KindAdditional:
		b.WriteString(": ")
		b.WriteString(a.Cost.String())
		return b.String()
	case KindTriggered:
		if a.Trigger != nil {
			b.WriteString(" ")
			b.WriteString(a.Trigger.String())
		}
	case KindActivated:
		if a.Zone != "" {
			b.WriteString(" in ")
			b.WriteString(a.Zone)
		}
		b.WriteString(" ")
		b.WriteString(a.Cost.String())
	}
	if a.If != nil {
		b.WriteString(" if ")
		b.WriteString(a.If.String())
	}
	if len(a.Limits) > 0 {
		b.WriteString(" [")
		b.WriteString(strings.Join(a.Limits, ", "))
		b.WriteString("]")
	}
	b.WriteString(": ")
	b.WriteString(Effects(a.Effects).inline())
	return b.String()
}

// inline joins effects with "; ".
func (es Effects) inline() string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.String()
	}
	return strings.Join(parts, "; ")
}

// String returns the list in brackets: "[draw(you, 1); discard(you, 1)]".
func (es Effects) String() string { return "[" + es.inline() + "]" }

// String returns the effect as a call. Its positional arguments come in
// the order of its operation's parameters, then the named ones; an
// operation the language doesn't have prints its arguments in order.
func (e Effect) String() string {
	var parts []string
	op, known := opDef(e.Op)
	if !known {
		for _, a := range e.Args {
			parts = append(parts, a.Name+": "+valueString(a.Value))
		}
		return e.Op + "(" + strings.Join(parts, ", ") + ")"
	}
	for _, prm := range op.Params {
		v := e.Get(prm.Name)
		if v == nil {
			continue
		}
		switch {
		case prm.Kind == "flag":
			parts = append(parts, prm.Name)
		case prm.Kind == "modes":
			parts = append(parts, v.(Modes).args()...)
		case prm.Named:
			parts = append(parts, prm.Name+": "+valueString(v))
		default:
			parts = append(parts, valueString(v))
		}
	}
	return e.Op + "(" + strings.Join(parts, ", ") + ")"
}

// valueString prints any value.
func valueString(v Value) string {
	switch v := v.(type) {
	case *Ref:
		return v.String()
	case Amount:
		return v.String()
	case PT:
		return v.String()
	case Word:
		return string(v)
	case Mana:
		return string(v)
	case Keywords:
		return v.String()
	case *Token:
		return v.String()
	case Effects:
		return v.String()
	case Modes:
		return strings.Join(v.args(), ", ")
	case *Condition:
		return v.String()
	case *Trigger:
		return v.String()
	case *Filter:
		return v.String()
	case Flag:
		return "true"
	}
	return "?"
}

// args prints modes as a choose effect's arguments: the count, then
// each option in brackets.
func (m Modes) args() []string {
	out := []string{countString(m.Min, m.Max)}
	for _, o := range m.Options {
		out = append(out, o.String())
	}
	if m.Repeat {
		out = append(out, "repeat")
	}
	return out
}

// countString prints how many: "1", "0..2", "1..*".
func countString(lo, hi int) string {
	switch {
	case hi < 0:
		return strconv.Itoa(lo) + "..*"
	case lo == hi:
		return strconv.Itoa(lo)
	}
	return strconv.Itoa(lo) + ".." + strconv.Itoa(hi)
}

// Words of references that stand alone.
func refWords() []string {
	return []string{RefSelf, RefIt, RefYou, RefThat, RefThatPl, RefDamaged, RefEnchanted, RefEquipped, RefDefending, RefAny, RefExiled}
}

// String returns the reference in the text form: "self",
// "target(0..2 creature)", "all(creature you_control)",
// "controller(it)", or a bare filter for RefA.
func (r *Ref) String() string {
	if r == nil {
		return "?"
	}
	switch r.Kind {
	case RefTarget, RefChoice:
		f := r.Filter.String()
		switch {
		case r.MaxX:
			f = strconv.Itoa(r.Min) + "..X " + f
		case r.Min != 1 || r.Max != 1:
			f = countString(r.Min, r.Max) + " " + f
		}
		return r.Kind + "(" + f + ")"
	case RefAll, RefEach:
		return r.Kind + "(" + r.Filter.String() + ")"
	case RefA:
		return r.Filter.String()
	case RefCtrl, RefOwner:
		return r.Kind + "(" + r.Of.String() + ")"
	case RefAnd:
		return "and(" + r.Of.String() + ", " + r.And.String() + ")"
	}
	return r.Kind
}

// String returns the filter as words, in a fixed order: other, token,
// states, colours, exclusions, supertypes, types, subtypes, keywords,
// comparisons, controller, owner, zone.
func (f *Filter) String() string {
	if f == nil {
		return "?"
	}
	var w []string
	if f.Other {
		w = append(w, "other")
	}
	if len(f.States) > 0 {
		w = append(w, strings.Join(f.States, "|"))
	}
	if len(f.Colors) > 0 {
		w = append(w, strings.Join(f.Colors, "|"))
	}
	for _, n := range f.Not {
		if isUpper(n) {
			w = append(w, "non-"+n)
		} else {
			w = append(w, "non"+n)
		}
	}
	w = append(w, f.Supertypes...)
	for _, g := range f.Types {
		w = append(w, strings.Join(g, "|"))
	}
	if len(f.Subtypes) > 0 {
		w = append(w, strings.Join(f.Subtypes, "|"))
	}
	if f.Token {
		w = append(w, "token")
	}
	for _, k := range f.With {
		w = append(w, "with_"+k)
	}
	for _, k := range f.Without {
		w = append(w, "without_"+k)
	}
	for _, c := range f.Compare {
		w = append(w, c.Stat+c.Op+c.N.String())
	}
	switch f.Control {
	case "you":
		w = append(w, "you_control")
	case "opponent":
		w = append(w, "opponent_controls")
	case "not_you":
		w = append(w, "not_you_control")
	}
	switch f.Own {
	case "you":
		w = append(w, "you_own")
	case "opponent":
		w = append(w, "opponent_owns")
	}
	if f.Zone != "" {
		w = append(w, "in_"+f.Zone)
	}
	if f.Chosen != "" {
		w = append(w, "chosen_"+f.Chosen)
	}
	if len(w) == 0 {
		return "any"
	}
	return strings.Join(w, " ")
}

// isUpper reports whether s starts with an upper-case letter.
func isUpper(s string) bool { return s != "" && s[0] >= 'A' && s[0] <= 'Z' }

// String returns the amount: "3", "X", "count(creature you_control)",
// "power(it)", "counters(self, charge)".
func (a Amount) String() string {
	switch a.Fn {
	case "":
		if a.Var != "" {
			return a.Var
		}
		return strconv.Itoa(a.N)
	case "count":
		return "count(" + a.Filter.String() + ")"
	case "counters":
		return "counters(" + a.Ref.String() + ", " + a.Word + ")"
	case "exiled":
		return "exiled"
	}
	return a.Fn + "(" + a.Ref.String() + ")"
}

// String returns "+3/+3" for a change, "3/3" for a value.
func (pt PT) String() string {
	if !pt.Mod {
		return pt.Power.String() + "/" + pt.Toughness.String()
	}
	return signed(pt.Power) + "/" + signed(pt.Toughness)
}

// signed prints a change: "+3", "-1", "+X", "-X".
func signed(a Amount) string {
	if a.Var != "" {
		if a.N < 0 {
			return "-" + a.Var
		}
		return "+" + a.Var
	}
	if a.N < 0 {
		return strconv.Itoa(a.N)
	}
	return "+" + strconv.Itoa(a.N)
}

// String returns the token: "token(1/1 white creature Soldier, with:
// flying)", or "token(Treasure)".
func (t *Token) String() string {
	if t == nil {
		return "?"
	}
	if t.Name != "" {
		return "token(" + t.Name + ")"
	}
	var w []string
	if t.PT != nil {
		w = append(w, t.PT.String())
	}
	if len(t.Colors) == 0 {
		w = append(w, "colorless")
	}
	w = append(w, t.Colors...)
	w = append(w, t.Supertypes...)
	w = append(w, t.Types...)
	w = append(w, t.Subtypes...)
	s := "token(" + strings.Join(w, " ")
	if len(t.Keywords) > 0 {
		s += ", with: " + t.Keywords.String()
	}
	return s + ")"
}

// String returns the keywords separated by spaces.
func (ks Keywords) String() string {
	parts := make([]string, len(ks))
	for i, k := range ks {
		parts[i] = k.String()
	}
	return strings.Join(parts, " ")
}

// String returns the keyword: "flying", "equip({1})", "bushido(2)",
// "protection(black, red)", "enchant(creature you_control)".
func (k Keyword) String() string {
	var args []string
	if len(k.Cost) > 0 {
		args = append(args, k.Cost.String())
	}
	if k.N != 0 {
		args = append(args, strconv.Itoa(k.N))
	}
	args = append(args, k.From...)
	if k.Filter != nil {
		args = append(args, k.Filter.String())
	}
	if len(args) == 0 {
		return k.Name
	}
	return k.Name + "(" + strings.Join(args, ", ") + ")"
}

// String returns the cost's parts joined with ", ".
func (c Cost) String() string {
	parts := make([]string, len(c))
	for i, cp := range c {
		parts[i] = cp.String()
	}
	return strings.Join(parts, ", ")
}

// String returns one part of a cost: "{2}{R}", "{T}", "pay_life(2)",
// "sacrifice(self)", "remove_counters(1, charge)", "loyalty(+1)".
func (cp CostPart) String() string {
	switch cp.Kind {
	case CostMana:
		return cp.Mana
	case CostTap:
		return "{T}"
	case CostUntap:
		return "{Q}"
	case CostLife:
		return "pay_life(" + cp.N.String() + ")"
	case CostLoyalty:
		return "loyalty(" + signed(*cp.N) + ")"
	case CostRemoveCounters, CostPutCounters:
		return cp.Kind + "(" + cp.N.String() + ", " + cp.Counter + ")"
	}
	return cp.Kind + "(" + cp.What.String() + ")"
}

// String returns the condition: "count(creature you_control)>=3",
// "your_turn", "not tapped(self)".
func (c *Condition) String() string {
	if c == nil {
		return "?"
	}
	var s string
	switch c.Kind {
	case CondCompare:
		s = c.Left.String() + " " + c.Op + " " + c.Right.String()
	case CondIs:
		s = "is(" + c.Ref.String() + ", " + c.Filter.String() + ")"
	default:
		s = c.Kind
		if c.Ref != nil {
			s += "(" + c.Ref.String() + ")"
		}
	}
	if c.Not {
		return "not " + s
	}
	return s
}

// String returns the event: "enters(self)", "upkeep(you)",
// "deals_damage(self, to: player, combat)", "next_end_step".
func (t *Trigger) String() string {
	if t == nil {
		return "?"
	}
	var args []string
	if t.Object != nil {
		args = append(args, t.Object.String())
	}
	if t.Player != nil {
		args = append(args, t.Player.String())
	}
	if t.To != nil {
		args = append(args, "to: "+t.To.String())
	}
	if t.By != nil {
		args = append(args, "by: "+t.By.String())
	}
	if t.Zone != "" {
		args = append(args, "zone: "+t.Zone)
	}
	if t.What != nil {
		args = append(args, "what: "+t.What.String())
	}
	if t.Combat {
		args = append(args, "combat")
	}
	if t.Counter != "" {
		args = append(args, "kind: "+t.Counter)
	}
	if len(args) == 0 {
		return t.Event
	}
	return t.Event + "(" + strings.Join(args, ", ") + ")"
}
