package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// expectKinds lists the checks an `expect:` entry may use.
var expectKinds = []string{"phased_out", "phased_in", "indirect", "attached", "unattached", "tapped", "untapped",
	"counters", "controller", "pt", "damage", "attacking", "blocked", "not_in_combat", "zone", "can_attack",
	"cannot_attack", "effect_active", "life", "event", "no_event", "resolution_order", "chains", "hand", "choices"}

// ExpectKinds returns the checks an `expect:` entry may use.
func ExpectKinds() []string { return append([]string(nil), expectKinds...) }

var eventMatchKeys = []string{"kind", "objects", "rule", "indirect", "player", "step", "phase", "turn", "args"}

func (p *scenarioParser) expects(top *fields) error {
	ev := top.get("expect")
	if ev == nil {
		return nil
	}
	if ev.kind != seqValue {
		return errorf(CodeWrongType, ev.line, ev.col, "expect", "list")
	}
	for _, it := range ev.items {
		if _, err := asMap(it, "expect", expectKinds...); err != nil {
			return err
		}
		if len(it.keys) != 1 {
			return errorf(CodeBadValue, it.line, it.col, "expect", it.text(), "exactly one check per entry")
		}
		k, x := it.keys[0], it.items[0]
		if err := p.checkExpect(k.s, x); err != nil {
			return err
		}
		p.sc.Expect = append(p.sc.Expect, Expectation{Kind: k.s, Text: k.s + ": " + x.text(), Line: k.line, v: x})
	}
	return nil
}

// checkExpect validates an expectation's ids and shape at parse time.
func (p *scenarioParser) checkExpect(kind string, x *value) error {
	perm := []string{"permanent"}
	switch kind {
	case "phased_out", "phased_in", "indirect", "unattached", "tapped", "untapped", "attacking", "blocked",
		"not_in_combat", "can_attack", "cannot_attack":
		_, err := p.refs(x, kind, perm...)
		return err
	case "resolution_order":
		_, err := p.refs(x, kind, "ygo")
		return err
	case "chains":
		if x.kind != seqValue {
			return errorf(CodeWrongType, x.line, x.col, kind, "list of lists")
		}
		for _, c := range x.items {
			if _, err := p.refs(c, kind, "ygo"); err != nil {
				return err
			}
		}
		return nil
	case "event", "no_event":
		f, err := asMap(x, kind, eventMatchKeys...)
		if err != nil {
			return err
		}
		if ov := f.get("objects"); ov != nil {
			if ov.kind == scalarValue {
				_, err = p.refAny(ov, kind)
				return err
			}
			if ov.kind != seqValue {
				return errorf(CodeWrongType, ov.line, ov.col, "objects", "list of ids")
			}
			for _, o := range ov.items {
				if _, err := p.refAny(o, kind); err != nil {
					return err
				}
			}
		}
		if iv := f.get("indirect"); iv != nil {
			if _, err := iv.boolean("indirect"); err != nil {
				return err
			}
		}
		if kv := f.get("kind"); kv != nil {
			s, err := kv.str("kind")
			if err != nil {
				return err
			}
			if err := oneOf(kv, "kind", s, EventKinds()...); err != nil {
				return err
			}
		}
		return nil
	}
	if x.kind != mapValue {
		return errorf(CodeWrongType, x.line, x.col, kind, "mapping")
	}
	for i, k := range x.keys {
		val := x.items[i]
		switch kind {
		case "life", "hand":
			if _, err := p.player(k, kind); err != nil {
				return err
			}
			if _, err := val.integer(kind); err != nil {
				return err
			}
			continue
		case "effect_active":
			if _, err := p.ref(k, kind, "effect", "spell"); err != nil {
				return err
			}
			if _, err := val.boolean(kind); err != nil {
				return err
			}
			continue
		}
		if _, err := p.ref(k, kind, perm...); err != nil {
			return err
		}
		switch kind {
		case "attached":
			if _, err := p.ref(val, kind, perm...); err != nil {
				return err
			}
		case "controller":
			if _, err := p.player(val, kind); err != nil {
				return err
			}
		case "damage":
			if _, err := val.integer(kind); err != nil {
				return err
			}
		case "pt":
			s, err := val.str(kind)
			if err != nil {
				return err
			}
			if _, _, ok := parsePT(s); !ok {
				return errorf(CodeBadValue, val.line, val.col, kind, s, "P/T such as 3/1")
			}
		case "zone":
			s, err := val.str(kind)
			if err != nil {
				return err
			}
			if err := oneOf(val, kind, s, zones...); err != nil {
				return err
			}
		case "counters", "choices":
			if val.kind != mapValue {
				return errorf(CodeWrongType, val.line, val.col, kind, "mapping")
			}
			for _, n := range val.items {
				if kind == "choices" {
					if _, err := n.str(kind); err != nil {
						return err
					}
				} else if _, err := n.integer(kind); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// refAny accepts any defined id or player name.
func (p *scenarioParser) refAny(v *value, key string) (string, error) {
	s, err := v.str(key)
	if err != nil {
		return "", err
	}
	if _, ok := p.ids[s]; !ok && !has(p.players, s) {
		return "", errorf(CodeUndefinedID, v.line, v.col, s)
	}
	return s, nil
}

func parsePT(s string) (int, int, bool) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return 0, 0, false
	}
	p, err1 := strconv.Atoi(strings.TrimSpace(a))
	t, err2 := strconv.Atoi(strings.TrimSpace(b))
	return p, t, err1 == nil && err2 == nil
}

// evaluate checks one expectation against the final state and the trace.
func (x Expectation) evaluate(s *State, trace []Event) Check {
	ok, detail := x.eval(s, trace)
	return Check{Check: x.Text, OK: ok, Detail: detail}
}

func listIDs(v *value) []string {
	if v.kind == scalarValue {
		return []string{v.s}
	}
	var out []string
	for _, it := range v.items {
		out = append(out, it.s)
	}
	return out
}

// status describes a permanent's state for a failure detail.
func status(p *Permanent) string {
	if p.Zone != ZoneBattlefield {
		return p.ID + " in " + p.Zone
	}
	if p.PhasedOut {
		if p.PhasedIndirect {
			return p.ID + " phased out indirectly"
		}
		return p.ID + " phased out"
	}
	return p.ID + " phased in"
}

func (x Expectation) eval(s *State, trace []Event) (bool, string) {
	g := &game{s: s}
	each := func(pred func(p *Permanent) (bool, string)) (bool, string) {
		var bad []string
		for _, id := range listIDs(x.v) {
			if ok, why := pred(s.perm(id)); !ok {
				bad = append(bad, why)
			}
		}
		return len(bad) == 0, strings.Join(bad, "; ")
	}
	pairs := func(pred func(p *Permanent, v *value) (bool, string)) (bool, string) {
		var bad []string
		for i, k := range x.v.keys {
			if ok, why := pred(s.perm(k.s), x.v.items[i]); !ok {
				bad = append(bad, why)
			}
		}
		return len(bad) == 0, strings.Join(bad, "; ")
	}
	switch x.Kind {
	case "phased_out":
		return each(func(p *Permanent) (bool, string) { return p.Zone == ZoneBattlefield && p.PhasedOut, status(p) })
	case "phased_in":
		return each(func(p *Permanent) (bool, string) { return p.Exists(), status(p) })
	case "indirect":
		return each(func(p *Permanent) (bool, string) {
			return p.Zone == ZoneBattlefield && p.PhasedOut && p.PhasedIndirect, status(p)
		})
	case "unattached":
		return each(func(p *Permanent) (bool, string) { return p.AttachedTo == "", p.ID + " attached to " + p.AttachedTo })
	case "tapped":
		return each(func(p *Permanent) (bool, string) { return p.Tapped, p.ID + " untapped" })
	case "untapped":
		return each(func(p *Permanent) (bool, string) { return !p.Tapped, p.ID + " tapped" })
	case "attacking":
		return each(func(p *Permanent) (bool, string) { return p.Exists() && p.Attacking != "", p.ID + " not attacking" })
	case "blocked":
		return each(func(p *Permanent) (bool, string) { return p.Exists() && p.Blocked, p.ID + " not blocked" })
	case "not_in_combat":
		return each(func(p *Permanent) (bool, string) {
			return p.Attacking == "" && p.Blocking == "", p.ID + " in combat"
		})
	case "can_attack":
		return each(func(p *Permanent) (bool, string) {
			why := g.canAttackNow(p)
			return why == "", p.ID + ": " + why
		})
	case "cannot_attack":
		return each(func(p *Permanent) (bool, string) { return g.canAttackNow(p) != "", p.ID + " can attack" })
	case "attached":
		return pairs(func(p *Permanent, v *value) (bool, string) {
			return p.AttachedTo == v.s && p.Zone == ZoneBattlefield, fmt.Sprintf("%s attached to %q", p.ID, p.AttachedTo)
		})
	case "controller":
		return pairs(func(p *Permanent, v *value) (bool, string) {
			return p.Controller == v.s, p.ID + " controlled by " + p.Controller
		})
	case "pt":
		return pairs(func(p *Permanent, v *value) (bool, string) {
			pw, tg, _ := parsePT(v.s)
			return p.Power == pw && p.Toughness == tg, fmt.Sprintf("%s is %d/%d", p.ID, p.Power, p.Toughness)
		})
	case "damage":
		return pairs(func(p *Permanent, v *value) (bool, string) {
			n, _ := strconv.Atoi(v.s)
			return p.Damage == n, fmt.Sprintf("%s has %d damage", p.ID, p.Damage)
		})
	case "zone":
		return pairs(func(p *Permanent, v *value) (bool, string) { return p.Zone == v.s, p.ID + " in " + p.Zone })
	case "counters":
		return pairs(func(p *Permanent, v *value) (bool, string) {
			for i, k := range v.keys {
				n, _ := strconv.Atoi(v.items[i].s)
				if p.Counters[k.s] != n {
					return false, fmt.Sprintf("%s has %d %s", p.ID, p.Counters[k.s], k.s)
				}
			}
			return true, ""
		})
	case "choices":
		return pairs(func(p *Permanent, v *value) (bool, string) {
			for i, k := range v.keys {
				if p.Choices[k.s] != v.items[i].s {
					return false, fmt.Sprintf("%s: %s=%q", p.ID, k.s, p.Choices[k.s])
				}
			}
			return true, ""
		})
	case "effect_active":
		var bad []string
		for i, k := range x.v.keys {
			want := x.v.items[i].s == "true"
			e := s.effect(k.s)
			got := e != nil && !e.Ended
			if got != want {
				bad = append(bad, fmt.Sprintf("%s active=%t", k.s, got))
			}
		}
		return len(bad) == 0, strings.Join(bad, "; ")
	case "life", "hand":
		var bad []string
		for i, k := range x.v.keys {
			n, _ := strconv.Atoi(x.v.items[i].s)
			pl := s.Players[s.player(k.s)]
			got := pl.Life
			if x.Kind == "hand" {
				got = pl.Hand
			}
			if got != n {
				bad = append(bad, fmt.Sprintf("%s: %d", k.s, got))
			}
		}
		return len(bad) == 0, strings.Join(bad, "; ")
	case "event", "no_event":
		n := 0
		var first Event
		for _, e := range trace {
			if matchEvent(x.v, e) {
				if n == 0 {
					first = e
				}
				n++
			}
		}
		if x.Kind == "event" {
			if n == 0 {
				return false, "no matching event"
			}
			return true, fmt.Sprintf("event #%d", first.Seq)
		}
		if n > 0 {
			return false, fmt.Sprintf("event #%d matches", first.Seq)
		}
		return true, ""
	case "resolution_order":
		var got []string
		if s.YGO != nil {
			got = s.YGO.Resolved
		}
		want := listIDs(x.v)
		return strings.Join(got, ",") == strings.Join(want, ","), "[" + strings.Join(got, ", ") + "]"
	case "chains":
		var got, want []string
		if s.YGO != nil {
			for _, c := range s.YGO.Chains {
				got = append(got, "["+strings.Join(c, ", ")+"]")
			}
		}
		for _, c := range x.v.items {
			want = append(want, "["+strings.Join(listIDs(c), ", ")+"]")
		}
		return strings.Join(got, ",") == strings.Join(want, ","), "[" + strings.Join(got, ", ") + "]"
	}
	return false, "unknown check"
}

// canAttackNow says why p couldn't attack in its controller's combat this
// turn, or "" if it could (302.6, 702.26b).
func (g *game) canAttackNow(p *Permanent) string {
	switch {
	case p.Zone != ZoneBattlefield:
		return "not on the battlefield"
	case p.PhasedOut:
		return "phased out"
	case !p.Is("creature"):
		return "not a creature"
	case p.Tapped:
		return "tapped"
	case p.Sick && !p.Has("haste"):
		return "summoning sick"
	}
	return ""
}

// matchEvent reports whether e has the kind and every listed field of m;
// objects must all be among e's objects.
func matchEvent(m *value, e Event) bool {
	for i, k := range m.keys {
		v := m.items[i]
		switch k.s {
		case "kind":
			if e.Kind != v.s {
				return false
			}
		case "rule":
			if e.Rule != v.s {
				return false
			}
		case "player":
			if e.Player != v.s {
				return false
			}
		case "step", "phase":
			if e.Step != v.s {
				return false
			}
		case "turn":
			if strconv.Itoa(e.Turn) != v.s {
				return false
			}
		case "indirect":
			if strconv.FormatBool(e.Indirect) != v.s {
				return false
			}
		case "objects", "args":
			list := e.Objects
			if k.s == "args" {
				list = e.Args
			}
			for _, id := range listIDs(v) {
				if !has(list, id) {
					return false
				}
			}
		}
	}
	return true
}
