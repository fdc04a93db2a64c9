package render

import (
	"strings"

	"arbiter/engine"
	"arbiter/i18n"
)

// ActionText describes a scenario's action in words, in p's language:
// "Phase out Rainbow Efreet.", "Bob casts Lightning Bolt targeting Rainbow
// Efreet.", "Play on to Alice's next untap step." Its message is
// "engine.action."+kind, with a variant where the action needs one
// (".notarget", ".top", ".tapped", ".for_each", ".all"); names are those of
// run r, in the reader's language (ObjectName).
func ActionText(p *i18n.Printer, r *engine.Result, a engine.Action) string {
	key, args := actionMessage(p, r, a)
	return elide(p, p.T(i18n.Key(key), args...))
}

// actionMessage is the key and values of an action's description.
func actionMessage(p *i18n.Printer, r *engine.Result, a engine.Action) (string, []any) {
	key := "engine.action." + string(a.Kind)
	name := func(id string) string { return ObjectName(p, r, id) }
	list := func(ids []string) string { return p.List(objectNames(p, r, ids)) }
	switch a.Kind {
	case engine.ActionPhaseOut, engine.ActionPhaseIn, engine.ActionDestroy, engine.ActionTap, engine.ActionUntap,
		engine.ActionEnter, engine.ActionLeaveBattlefield:
		return key, []any{list(a.IDs), len(a.IDs)}
	case engine.ActionPhaseOutAll, engine.ActionPhaseInAll, engine.ActionDestroyAll, engine.ActionPhaseToggle:
		return key, []any{FilterText(p, a.Filter)}
	case engine.ActionPhaseOutUntil:
		if a.TapOnReturn {
			key += ".tapped"
		}
		return key, []any{name(a.Target), name(strings.TrimSuffix(a.Until, "_leaves"))}
	case engine.ActionEffect:
		e := a.Effect
		if e == nil {
			return key, []any{""}
		}
		n := e.Name
		if n == "" {
			n = e.ID
		}
		if e.Target != "" {
			return key + ".target", []any{n, name(e.Target)}
		}
		if e.Player != "" && e.Filter == nil {
			return key + ".target", []any{n, e.Player}
		}
		if e.Filter != nil {
			return key + ".target", []any{n, FilterText(p, e.Filter)}
		}
		return key, []any{n}
	case engine.ActionCast, engine.ActionActivate:
		o := a.Spell
		if o == nil {
			return key + ".notarget", []any{"", ""}
		}
		who := o.Controller
		if who == "" {
			who = p.T(i18n.KeyEngineActivePlayer)
		}
		what := spellName(p, r, o)
		if a.Kind == engine.ActionActivate {
			what = name(o.Source)
		}
		if len(o.Targets) == 0 {
			return key + ".notarget", []any{who, what}
		}
		return key, []any{who, what, list(o.Targets)}
	case engine.ActionResolve:
		if a.Target == "" {
			return key + ".top", nil
		}
		return key, []any{name(a.Target)}
	case engine.ActionAttack:
		return key, []any{list(a.Attackers), name(a.Defender), len(a.Attackers)}
	case engine.ActionBlock:
		blockers := a.Blockers
		if a.Blocker != "" {
			blockers = []string{a.Blocker}
		}
		return key, []any{list(blockers), name(a.Attacker), len(blockers)}
	case engine.ActionDamage:
		return key, []any{name(a.Target), a.Amount}
	case engine.ActionCounter:
		return key, []any{name(a.Target), a.N, a.Counter}
	case engine.ActionAttach:
		return key, []any{name(a.Target), name(a.Attacker)}
	case engine.ActionPlay:
		return key, []any{name(a.Target)}
	case engine.ActionSkipUntap, engine.ActionLeaveGame:
		return key, []any{a.Player}
	case engine.ActionAdvance:
		return key, []any{a.Player, StepName(p, r.Game, string(a.Step))}
	case engine.ActionEnterPhase:
		return key, []any{StepName(p, "ygo", string(a.Step))}
	case engine.ActionDraw:
		if a.ForEach != nil {
			return key + ".for_each", []any{a.Player, FilterText(p, a.ForEach)}
		}
		return key, []any{a.Player, a.N}
	case engine.ActionChoose:
		if a.Answer == nil {
			return key, []any{"", ""}
		}
		return key, []any{a.Answer.Player, answerText(p, r, a.Answer)}
	case engine.ActionIllegal:
		inner := ""
		if a.Inner != nil {
			inner = ActionText(p, r, *a.Inner)
		}
		return key, []any{inner, RuleLabel(p, a.Rule)}
	case engine.ActionCheck:
		return key, []any{len(a.Checks)}
	}
	return "engine.action.other", []any{a.Text}
}

// spellName is how a cast names its spell: the card's name in the
// reader's language, else the name the scenario gives.
func spellName(p *i18n.Printer, r *engine.Result, o *engine.StackObject) string {
	if _, ok := r.Names[o.ID]; ok {
		return ObjectName(p, r, o.ID)
	}
	if o.Name != "" {
		return o.Name
	}
	return o.ID
}

// FilterText describes the permanents a filter selects, as a plural noun
// phrase: "creatures Alice controls", "permanents".
func FilterText(p *i18n.Printer, f *engine.Filter) string {
	if f == nil {
		return p.T(i18n.Key("engine.types.permanent"))
	}
	var types []string
	for _, t := range f.Types {
		types = append(types, p.T(i18n.Key("engine.types."+t)))
	}
	what := p.T(i18n.Key("engine.types.permanent"))
	if len(types) > 0 {
		what = p.ListOr(types)
	}
	if len(f.Keywords) > 0 {
		what = p.T(i18n.KeyEngineFilterKeywords, what, p.List(f.Keywords))
	}
	if f.Controller != "" {
		what = p.T(i18n.KeyEngineFilterControlled, what, f.Controller)
	}
	return what
}

// answerText describes a choose action's answer.
func answerText(p *i18n.Printer, r *engine.Result, a *engine.Answer) string {
	list := func(ids []string) string { return p.List(objectNames(p, r, ids)) }
	switch {
	case a.Keep != "":
		return p.T(i18n.Key("engine.answer.keep"), ObjectName(p, r, a.Keep))
	case a.Order != nil:
		return p.T(i18n.Key("engine.answer.order"), list(a.Order))
	case a.HasX:
		return p.T(i18n.Key("engine.answer.x"), a.X)
	case a.Targets != nil:
		return p.T(i18n.Key("engine.answer.targets"), list(a.Targets))
	case a.Pick != nil:
		return p.T(i18n.Key("engine.answer.pick"), list(a.Pick))
	case a.Mode > 0:
		return p.T(i18n.Key("engine.answer.mode"), a.Mode)
	case a.Pay == "yes":
		return p.T(i18n.Key("engine.answer.pay"))
	case a.Pay == "no":
		return p.T(i18n.Key("engine.answer.decline"))
	}
	return p.T(i18n.Key("engine.answer.type"), a.Type)
}
