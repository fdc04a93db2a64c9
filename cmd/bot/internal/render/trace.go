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
	lines := []string{p.T(i18n.KeyEngineHeader, r.Name)}
	if t := PresetTitle(r.Title, p.Lang()); t != "" {
		lines = append(lines, p.T(i18n.KeyEngineTitle, t))
	}
	for i, ev := range r.Events {
		// Each line names its step; a step event is shown only where the run stops.
		if ev.Kind == "step" && i+1 < len(r.Events) {
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

// findingsText renders what a failed expectation found.
func findingsText(p *i18n.Printer, r *engine.Result, found []engine.Finding) string {
	name := func(id string) string {
		if n, ok := r.Names[id]; ok && n != "" {
			return n
		}
		return id
	}
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
		case "life", "hand":
			args = []any{arg(0), num(1)}
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

// EventText renders one event as a sentence. Every message takes the
// objects' names as a list (%[1]s) and the player (%[2]s); the arguments
// from %[3]s on depend on the kind, in the order the engine documents.
func EventText(p *i18n.Printer, r *engine.Result, ev engine.Event) string {
	name := func(id string) string {
		if n, ok := r.Names[id]; ok && n != "" {
			return n
		}
		return id
	}
	obj := func(i int) string {
		if i < len(ev.Objects) {
			return name(ev.Objects[i])
		}
		return ""
	}
	arg := func(i int) string {
		if i < len(ev.Args) {
			return ev.Args[i]
		}
		return ""
	}
	num := func(s string) int { n, _ := strconv.Atoi(s); return n }
	names := make([]string, len(ev.Objects))
	for i, id := range ev.Objects {
		names[i] = name(id)
	}
	key := "engine.event." + ev.Kind
	extra := []any{}
	switch ev.Kind {
	case "step":
		extra = []any{StepName(p, r.Game, ev.Step)}
	case "phase_out", "phase_in":
		switch {
		case ev.Indirect:
			key += ".indirect"
			extra = []any{obj(0), obj(1)}
		case arg(0) == "tapped":
			key += ".tapped"
		default:
			extra = []any{len(ev.Objects)}
		}
	case "untap", "tap":
		extra = []any{len(ev.Objects)}
	case "phase_in_unattached", "block", "attach", "illegal_target", "effect_never_starts":
		extra = []any{obj(0), obj(1)}
	case "phase_out_prevented", "phasing_player_gone":
		extra = []any{name(arg(0))}
	case "phase_in_blocked":
		switch ev.Rule {
		case "610.4a":
			key += ".until"
			extra = []any{name(strings.TrimSuffix(arg(0), "_leaves"))}
		case "702.26g":
			key += ".indirect"
		}
	case "cast":
		if len(ev.Objects) < 2 {
			key += ".notarget"
			extra = []any{obj(0)}
		} else {
			extra = []any{obj(0), p.List(names[1:])}
		}
	case "resolve", "fizzle":
		extra = []any{obj(0)}
	case "damage":
		src, dst := "", ""
		if arg(1) == "player" {
			dst = ev.Player
			if len(ev.Objects) > 0 {
				src = obj(0)
			}
		} else {
			dst = obj(len(ev.Objects) - 1)
			if len(ev.Objects) > 1 {
				src = obj(0)
			}
		}
		if src == "" {
			key += ".nosource"
		}
		extra = []any{src, dst, num(arg(0))}
	case "leaves_battlefield":
		extra = []any{p.T(i18n.Key("engine.zone." + arg(0)))}
	case "attack":
		extra = []any{len(ev.Objects), arg(0)}
	case "counter":
		extra = []any{arg(0), num(arg(1)), num(arg(2))}
	case "effect_begins", "effect_excludes":
		if len(ev.Objects) < 2 {
			key += ".none"
			extra = []any{obj(0)}
		} else {
			extra = []any{obj(0), p.List(names[1:])}
		}
	case "effect_ends":
		if ev.Rule == "702.26f" {
			key += ".phased"
		}
		extra = []any{obj(0)}
	case "control":
		extra = []any{arg(0), arg(1)}
	case "state_based":
		key += "." + arg(0)
	case "trigger", "no_trigger":
		extra = []any{p.T(i18n.Key("engine.trigger." + arg(0)))}
	case "unaffected":
		if ev.Rule != "702.26b" {
			key += ".gone"
		}
	case "leaves_game":
		if len(ev.Objects) == 0 {
			key += ".none"
		}
	case "ygo_activate":
		extra = []any{arg(1)}
	case "phase_end":
		extra = []any{StepName(p, r.Game, ev.Step)}
	case "hand_discard":
		extra = []any{num(arg(0)), num(arg(1))}
	}
	args := append([]any{p.List(names), ev.Player}, extra...)
	return p.T(i18n.Key(key), args...)
}

// PresetTitle picks a preset's title in l, else in English.
func PresetTitle(t map[string]string, l i18n.Lang) string {
	if s := t[l.String()]; s != "" {
		return s
	}
	return t["en"]
}
