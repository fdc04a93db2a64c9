package render

import (
	"strconv"
	"strings"

	"arbiter/engine"
	"arbiter/i18n"
)

// Trace renders a run for a person, one line per event (turn, step,
// what happened, the rule cited), then the expectation results. Steps in
// which nothing happened are left out.
func Trace(p *i18n.Printer, r *engine.Result) []string {
	// A scenario is known by its title in the reader's language, else by
	// its name.
	lines := []string{p.T(i18n.KeyEngineHeader, r.Name)}
	if t := PresetTitle(r.Title, p.Lang()); t != "" {
		lines[0] = p.T(i18n.KeyEngineHeader, t)
	}
	for i, ev := range r.Events {
		// Each line names its step; a step event is shown only where the
		// run stops, or where it says more than its step's name (a second
		// combat damage step).
		if !ShowEvent(r.Events, i) {
			continue
		}
		lines = append(lines, p.T(i18n.KeyEngineLine, ev.Turn, StepName(p, r.Game, ev.Step), EventText(p, r, ev), RuleLabel(p, ev.Rule)))
	}
	if len(r.Expectations) == 0 {
		return append(lines, p.T(i18n.KeyEngineVerdictNone))
	}
	lines = append(lines, p.T(i18n.KeyEngineExpectations))
	failed := 0
	for _, c := range r.Expectations {
		if c.OK {
			lines = append(lines, p.T(i18n.KeyEngineExpectOK, c.Check))
			continue
		}
		failed++
		lines = append(lines, p.T(i18n.KeyEngineExpectFail, c.Check, findingsText(p, r, c.Found)))
	}
	if failed > 0 {
		return append(lines, p.T(i18n.KeyEngineVerdictFail, failed))
	}
	return append(lines, p.T(i18n.KeyEngineVerdictOK, len(r.Expectations)))
}

// CheckDetail says in p's language what a failed expectation found
// instead (engine.Check.Detail says it in English).
func CheckDetail(p *i18n.Printer, r *engine.Result, c engine.Check) string {
	if len(c.Found) == 0 {
		return c.Detail
	}
	return findingsText(p, r, c.Found)
}

// findingsText renders what a failed expectation found.
func findingsText(p *i18n.Printer, r *engine.Result, found []engine.Finding) string {
	name := func(id string) string { return ObjectName(p, r, id) }
	var parts []string
	for _, f := range found {
		arg := func(i int) string {
			if i < len(f.Args) {
				return f.Args[i]
			}
			return ""
		}
		num := func(i int) int { n, _ := strconv.Atoi(arg(i)); return n }
		key := "engine.found." + f.Code
		var args []any
		switch f.Code {
		case "state":
			args = []any{name(arg(0)), p.T(i18n.Key("engine.state." + arg(1)))}
		case "zone":
			args = []any{name(arg(0)), p.T(i18n.Key("engine.zone." + arg(1)))}
		case "attached_to":
			args = []any{name(arg(0)), name(arg(1))}
		case "cannot_attack":
			args = []any{name(arg(0)), p.T(i18n.Key("engine.reason." + arg(1)))}
		case "controller", "choice", "pt":
			args = []any{name(arg(0)), arg(1), arg(2)}
		case "damage":
			args = []any{name(arg(0)), num(1)}
		case "counters":
			args = []any{name(arg(0)), num(1), arg(2)}
		case "effect_active":
			key += "." + arg(1)
			args = []any{name(arg(0))}
		case "life", "hand", "tokens", "poison":
			args = []any{arg(0), num(1)}
		case "keywords":
			args = []any{name(arg(0)), arg(1)}
		case "event":
			args = []any{num(0)}
		case "order", "no_event":
			args = []any{arg(0)}
		default:
			args = []any{name(arg(0))}
		}
		parts = append(parts, p.T(i18n.Key(key), args...))
	}
	return strings.Join(parts, " ; ")
}

// StepName localizes a step (MTG) or phase (Yu-Gi-Oh!).
func StepName(p *i18n.Printer, game, step string) string {
	if game == "ygo" {
		return p.T(i18n.Key("engine.step.ygo." + step))
	}
	return p.T(i18n.Key("engine.step." + step))
}

// RuleLabel renders the rule an event cites.
func RuleLabel(p *i18n.Printer, rule string) string {
	if strings.HasPrefix(rule, "ygo.") {
		return p.T(i18n.Key("engine.rule." + rule))
	}
	return p.T(i18n.KeyEngineRuleCR, rule)
}

// EventText renders one event as a sentence, from the message key and
// values the engine gives (engine.Event.Message): every message takes the
// objects' names as a list (%[1]s) and the player (%[2]s), then the
// kind's own values. Real cards are named in the reader's language with
// the English name beside (ObjectName).
func EventText(p *i18n.Printer, r *engine.Result, ev engine.Event) string {
	key, args := ev.Message(r.Game)
	if feminine(p, r, ev.Subject()) && p.Has(i18n.Key(key+".f")) {
		key += ".f" // the feminine agreement of the words about the subject
	}
	names := objectNames(p, r, ev.Objects)
	if ev.Kind == engine.EventChoice && len(ev.Args) == 3+len(ev.Objects) && ev.Args[0] == engine.ChoiceTriggers {
		// The triggered abilities put in order, each by its permanent and
		// its trigger condition: one permanent's two read apart.
		for i, cond := range ev.Args[3:] {
			if k := i18n.Key("engine.trigger." + cond); cond != "" && p.Has(k) {
				names[i] = p.T(i18n.KeyEngineNameTrigger, names[i], p.T(k))
			}
		}
	}
	vals := make([]any, 0, 2+len(args))
	vals = append(vals, p.List(names), ObjectName(p, r, ev.Player))
	for _, a := range args {
		vals = append(vals, argValue(p, r, a))
	}
	return upperFirst(elide(p, p.T(i18n.Key(key), vals...)))
}

// ShowEvent reports whether a trace shows event i of evs: every event but
// a step's beginning, which the next lines name, unless the run stops
// there or it is the second combat damage step after first strike.
func ShowEvent(evs []engine.Event, i int) bool {
	e := evs[i]
	return e.Kind != engine.EventStep || i+1 == len(evs) || e.Rule == "510.4"
}

// argValue is one value of an event's message, rendered for the reader.
func argValue(p *i18n.Printer, r *engine.Result, a engine.Arg) any {
	switch {
	case a.IsN:
		return a.N
	case a.IDs != nil:
		return p.List(objectNames(p, r, a.IDs))
	case a.ID != "":
		return ObjectName(p, r, a.ID)
	case a.Shares != nil:
		var parts []string
		for _, sh := range a.Shares {
			parts = append(parts, p.T(i18n.KeyEngineShare, ObjectName(p, r, sh.ID), sh.N))
		}
		return p.List(parts)
	case a.Keys != nil:
		var parts []string
		for _, k := range a.Keys {
			parts = append(parts, p.T(i18n.Key(k)))
		}
		return p.List(parts)
	case a.Key != "":
		sub := make([]any, len(a.Sub))
		for i, s := range a.Sub {
			sub[i] = argValue(p, r, s)
		}
		key := i18n.Key(a.Key)
		// The words after the first object agree with it ("Colère de Dieu
		// ne peut pas être lancée").
		if len(a.Sub) > 0 && a.Sub[0].ID != "" && feminine(p, r, []string{a.Sub[0].ID}) && p.Has(key+".f") {
			key += ".f"
		}
		return p.T(key, sub...)
	}
	return a.Text
}

// PresetTitle picks a preset's title in l, else in English. A title
// names cards as {English name}, for the cards data to name them in the
// reader's language (sim.LocalizeTitle); a name left in braces is shown as
// it is.
func PresetTitle(t map[string]string, l i18n.Lang) string {
	s := t[l.String()]
	if s == "" {
		s = t["en"]
	}
	return strings.NewReplacer("{", "", "}", "").Replace(s)
}
