package engine

import (
	"strconv"
	"strings"
)

// Arg is one value an event's message takes, as data for the renderer:
// exactly one of its fields is set.
type Arg struct {
	ID   string   // an id (or a player's name): render its display name
	IDs  []string // ids: render their names as a list
	N    int      // a number, for %d and plural forms
	IsN  bool     // N is set
	Key  string   // a message key to render (a step, zone or trigger condition)
	Text string   // a value to show as it is
	// Shares are amounts given to objects or players (damage divided among
	// them): render them as a list, each with "engine.share".
	Shares []Share
	// Sub are the values of Key's message, when it takes some.
	Sub []Arg
	// Keys are message keys to render as a list (keywords, qualities).
	Keys []string
}

// Subject gives the objects the event's sentence is about, for agreement
// in languages that mark number and gender: its Objects, or for a
// phase_in of permanents phasing in tapped, those permanents, and for an
// indirect row, the attachment.
func (e Event) Subject() []string {
	switch {
	case e.Kind == EventPhaseIn && len(e.Args) > 1 && e.Args[0] == "tapped":
		return e.Args[1:]
	case e.Indirect && len(e.Objects) > 0:
		return e.Objects[:1] // the attachment, not its host
	}
	return e.Objects
}

// restrictionWord is the message of what a cant or must effect is about.
func restrictionWord(kind, action string) string {
	switch kind {
	case "cant", "must":
		return kind + "." + action
	}
	return "none"
}

// Message gives the locale key of the event's message and the values it
// takes from %[3]s on; every message also takes %[1]s, the names of all of
// Objects as a list, and %[2]s, Player. game ("mtg" or "ygo") selects the
// names of steps. The key is "engine.event."+Kind, with the variant the
// event needs (".indirect", ".tapped", ".notarget", ".nosource", ...). A
// renderer that formats these generically needs no case per kind.
func (e Event) Message(game string) (key string, args []Arg) {
	key = "engine.event." + string(e.Kind)
	obj := func(i int) Arg {
		if i < len(e.Objects) {
			return Arg{ID: e.Objects[i]}
		}
		return Arg{}
	}
	from := func(i int) Arg {
		if i < len(e.Objects) {
			return Arg{IDs: e.Objects[i:]}
		}
		return Arg{IDs: []string{}}
	}
	arg := func(i int) string {
		if i < len(e.Args) {
			return e.Args[i]
		}
		return ""
	}
	num := func(s string) Arg {
		n, _ := strconv.Atoi(s)
		return Arg{N: n, IsN: true}
	}
	count := Arg{N: len(e.Objects), IsN: true}
	step := func() Arg {
		if game == "ygo" {
			return Arg{Key: "engine.step.ygo." + e.Step}
		}
		return Arg{Key: "engine.step." + e.Step}
	}
	switch e.Kind {
	case EventStep, EventPhaseEnd:
		args = []Arg{step()}
		if e.Kind == EventStep && e.Rule == "510.4" {
			key += ".second_damage"
		}
	case EventPhaseOut, EventPhaseIn:
		switch {
		case e.Indirect:
			key += ".indirect"
			args = []Arg{obj(0), obj(1)}
		case arg(0) == "tapped":
			// Only what phased in directly is tapped; its attachments
			// have their own rows.
			key += ".tapped"
			args = []Arg{{IDs: e.Args[1:]}, {N: len(e.Args) - 1, IsN: true}}
		default:
			args = []Arg{count}
		}
	case EventUntap, EventTap:
		args = []Arg{count}
	case EventPhaseInUnattached, EventBlock, EventAttach, EventIllegalTarget, EventEffectNeverStarts:
		args = []Arg{obj(0), obj(1)}
	case EventPhaseOutPrevented, EventPhasingPlayerGone:
		args = []Arg{{ID: arg(0)}}
	case EventPhaseInBlocked:
		switch e.Rule {
		case "610.4a":
			key += ".until"
			args = []Arg{{ID: strings.TrimSuffix(arg(0), "_leaves")}}
		case "702.26g":
			key += ".indirect"
		}
	case EventCast:
		if len(e.Objects) < 2 {
			key += ".notarget"
			args = []Arg{obj(0)}
		} else {
			args = []Arg{obj(0), from(1)}
		}
	case EventActivate:
		if len(e.Objects) < 3 {
			key += ".notarget"
			args = []Arg{obj(1)}
		} else {
			args = []Arg{obj(1), from(2)}
		}
	case EventTarget:
		args = []Arg{obj(0), from(1)}
	case EventResolve, EventFizzle:
		args = []Arg{obj(0)}
		if e.Kind == EventFizzle && arg(0) == "condition" {
			key += ".condition"
		}
	case EventDamage, EventPrevented:
		var src, dst Arg
		if arg(1) == "player" {
			dst = Arg{ID: e.Player}
			if len(e.Objects) > 0 {
				src = obj(0)
			}
		} else {
			dst = obj(len(e.Objects) - 1)
			if len(e.Objects) > 1 {
				src = obj(0)
			}
		}
		if e.Kind == EventPrevented && e.Rule == "615.1" {
			key += ".effect"
		}
		if src.ID == "" {
			key += ".nosource"
		}
		args = []Arg{src, dst, num(arg(0))}
	case EventLeavesBattlefield:
		args = []Arg{{Key: "engine.zone." + arg(0)}}
	case EventAttack:
		args = []Arg{count, {Text: arg(0)}}
	case EventCounter, EventCounterRemoved:
		args = []Arg{{Text: arg(0)}, num(arg(1)), num(arg(2))}
	case EventEffectExcludes:
		args = []Arg{obj(0), from(1)}
	case EventEffectBegins, EventEffectEnds:
		// [effect, affected, duration, power, toughness, keywords, qualities]
		kind, dur := arg(0), arg(1)
		if e.Kind == EventEffectEnds {
			kind, dur = dur, kind
		}
		words := func(prefix, list string) Arg {
			a := Arg{Keys: []string{}}
			for _, w := range strings.Fields(list) {
				a.Keys = append(a.Keys, prefix+w)
			}
			return a
		}
		pt := func(s string) Arg {
			if kind == "pump" && !strings.HasPrefix(s, "-") {
				return Arg{Text: "+" + s}
			}
			return Arg{Text: s}
		}
		args = []Arg{obj(0), from(1), {Key: "engine.duration." + dur, Sub: []Arg{{ID: arg(6)}, {ID: arg(7)}}},
			pt(arg(2)), pt(arg(3)), words("engine.keyword.", arg(4)), words("engine.quality.", arg(5)), {ID: arg(8)},
			{Key: "engine.restriction." + restrictionWord(kind, arg(9))}}
		switch {
		case e.Kind == EventEffectEnds && e.Rule == "702.26f":
			key += ".phased"
		case e.Kind == EventEffectBegins && len(e.Objects) < 2:
			key += ".none"
		case len(e.Objects) < 2:
			// an effect that ended with nothing left to affect
		case kind != "":
			key += "." + kind
		}
	case EventControl:
		args = []Arg{{Text: arg(0)}, {Text: arg(1)}}
	case EventStateBased:
		key += "." + arg(0)
		if arg(0) == "counters" {
			args = []Arg{num(arg(1))}
		}
	case EventTrigger, EventNoTrigger:
		args = []Arg{{Key: "engine.trigger." + arg(0)}}
	case EventUnaffected:
		if e.Rule != "702.26b" {
			key += ".gone"
		}
	case EventLeavesGame:
		if len(e.Objects) == 0 {
			key += ".none"
		}
	case EventYGOActivate:
		args = []Arg{{Text: arg(1)}}
	case EventHandDiscard, EventDraw, EventDiscard, EventLifeGain, EventPayLife:
		args = []Arg{num(arg(0)), num(arg(1))}
	case EventLifeUnchanged:
		args = []Arg{obj(len(e.Objects) - 1)}
	case EventMana:
		args = []Arg{{Text: arg(0)}}
		if len(e.Objects) == 0 {
			key += ".nosource"
		}
	case EventTokenCreated:
		args = []Arg{count}
	case EventZoneChange:
		args = []Arg{{Key: "engine.zone." + arg(0)}, {Key: "engine.zone." + arg(1)}}
	case EventRegenerate, EventCountered, EventUntapPrevented, EventPlayLand:
		args = []Arg{obj(0)}
	case EventCopy:
		args = []Arg{obj(0), obj(1)}
	case EventReplaced:
		key += "." + arg(0)
		if arg(0) == "count" {
			args = []Arg{obj(0), num(arg(1)), num(arg(2))}
		} else {
			args = []Arg{obj(0), obj(1), {Key: "engine.zone." + arg(1)}}
		}
	case EventPayMana:
		args = []Arg{{Text: arg(0)}, {Text: arg(1)}}
		if arg(1) == "" {
			key += ".empty"
		}
	case EventManaEmpties:
		args = []Arg{{Text: arg(0)}}
	case EventLifeLoss, EventPoison:
		args = []Arg{num(arg(0)), num(arg(1))}
	case EventMill:
		args = []Arg{num(arg(0))}
	case EventScry:
		if e.Rule == "701.25a" {
			key += ".surveil"
		}
		args = []Arg{num(arg(0)), num(arg(1))}
	case EventChoice:
		key += "." + arg(0)
		if arg(2) == "default" {
			key += ".default"
		}
		args = []Arg{{Text: arg(1)}}
		if arg(0) == ChoiceDivide || arg(0) == ChoiceOrder {
			var sh []Share
			for i := 1; i < len(e.Objects) && i+2 < len(e.Args); i++ {
				n, _ := strconv.Atoi(e.Args[i+2])
				sh = append(sh, Share{ID: e.Objects[i], N: n})
			}
			args = []Arg{obj(0), {Shares: sh}}
		}
	case EventRefused:
		// The reason: the refusal's own message, with the error's values
		// (ids named, numbers counted; the rule is the event's).
		var sub []Arg
		for i := 2; i < len(e.Args); i++ {
			a := Arg{ID: e.Args[i]}
			if n, err := strconv.Atoi(e.Args[i]); err == nil && i == 3 && (arg(1) == CodeTargetCount || arg(1) == CodeCantPay) {
				a = Arg{N: n, IsN: true} // how many targets, how much life
			}
			sub = append(sub, a)
		}
		args = []Arg{{Key: "engine.refusal." + arg(1), Sub: sub}}
	}
	return key, args
}
