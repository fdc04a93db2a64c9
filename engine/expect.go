package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// expectKinds lists the checks an `expect:` entry may use.
func expectKinds() []string {
	return []string{"phased_out", "phased_in", "indirect", "attached", "unattached", "tapped", "untapped",
		"counters", "controller", "pt", "damage", "attacking", "blocked", "not_in_combat", "zone", "can_attack",
		"cannot_attack", "effect_active", "life", "event", "no_event", "resolution_order", "chains", "hand", "choices",
		"lost", "left_game", "tokens", "poison", "keywords", "lacks"}
}

// ExpectKinds returns the checks an `expect:` entry may use.
func ExpectKinds() []string { return expectKinds() }

func eventMatchKeys() []string {
	return []string{"kind", "objects", "rule", "indirect", "player", "step", "phase", "turn", "args"}
}

func (p *scenarioParser) expects(top *fields) error {
	ev := top.get("expect")
	if ev == nil {
		return nil
	}
	list, err := p.expectList(ev, "expect")
	p.sc.Expect = list
	return err
}

// expectList reads a list of expectations (expect:, or a check action).
func (p *scenarioParser) expectList(ev *value, where string) ([]Expectation, error) {
	if ev.kind != seqValue {
		return nil, errorf(CodeWrongType, ev.line, ev.col, where, "list")
	}
	var out []Expectation
	for _, it := range ev.items {
		if _, err := asMap(it, where, expectKinds()...); err != nil {
			return nil, err
		}
		if len(it.keys) != 1 {
			return nil, errorf(CodeBadValue, it.line, it.col, where, it.text(), "exactly one check per entry")
		}
		k, x := it.keys[0], it.items[0]
		if err := p.checkExpect(k.s, x); err != nil {
			return nil, err
		}
		out = append(out, Expectation{Kind: k.s, Text: k.s + ": " + x.text(), Line: k.line, v: x})
	}
	return out, nil
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
	case "lost", "left_game":
		items := []*value{x}
		if x.kind == seqValue {
			items = x.items
		}
		for _, it := range items {
			if _, err := p.player(it, kind); err != nil {
				return err
			}
		}
		return nil
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
		f, err := asMap(x, kind, eventMatchKeys()...)
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
			kinds := make([]string, 0, len(EventKinds()))
			for _, k := range EventKinds() {
				kinds = append(kinds, string(k))
			}
			if err := oneOf(kv, "kind", s, kinds...); err != nil {
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
		case "life", "hand", "tokens", "poison":
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
			if err := oneOf(val, kind, s, zones()...); err != nil {
				return err
			}
		case "keywords", "lacks":
			if val.kind != seqValue {
				return errorf(CodeWrongType, val.line, val.col, kind, "list of keywords")
			}
			for _, n := range val.items {
				if _, err := n.str(kind); err != nil {
					return err
				}
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

// Finding is one thing an expectation found, as data: Code names it and
// Args are its values, in the order FindingCodes documents. Check.Detail is
// the English rendering of a check's findings; cmd/bot localizes them.
type Finding struct {
	Code string
	Args []string
}

// findingFormat gives a finding code's English rendering (for Detail); the
// arguments are, in order, the verbs' values. "" for an unknown code.
func findingFormat(code string) string {
	switch code {
	case "state": // id, phased_in | phased_out | phased_out_indirectly
		return "%s is %s"
	case "zone": // id, zone
		return "%s is in %s"
	case "attached_to": // id, host
		return "%s is attached to %s"
	case "not_attached": // id
		return "%s is unattached"
	case "tapped": // id
		return "%s is tapped"
	case "untapped": // id
		return "%s is untapped"
	case "not_attacking": // id
		return "%s is not attacking"
	case "not_blocked": // id
		return "%s is not blocked"
	case "in_combat": // id
		return "%s is in combat"
	case "cannot_attack": // id, reason (see AttackReasons)
		return "%s can't attack: %s"
	case "can_attack": // id
		return "%s can attack"
	case "controller": // id, player
		return "%s is controlled by %s"
	case "pt": // id, power, toughness
		return "%s is %s/%s"
	case "damage": // id, n
		return "%s has %s damage"
	case "counters": // id, n, kind
		return "%s has %s %s counters"
	case "choice": // id, key, value
		return "%s has %s = %q"
	case "effect_active": // effect id, true | false
		return "%s active: %s"
	case "life": // player, n
		return "%s has %s life"
	case "hand": // player, n
		return "%s has %s cards in hand"
	case "tokens": // player, n
		return "%s controls %s tokens"
	case "poison": // player, n
		return "%s has %s poison counters"
	case "keywords": // id, the keywords it has, as [a, b]
		return "%s has %s"
	case "no_event":
		return "no matching event"
	case "in_game": // player
		return "%s is still in the game"
	case "not_lost": // player
		return "%s has not lost"
	case "allowed": // the action
		return "%s was allowed"
	case "refused": // rule, error code
		return "refused by rule %s (%s)"
	case "event": // seq
		return "event #%s matches"
	case "order": // the order found, as [a, b]
		return "found %s"
	}
	return ""
}

// FindingCodes returns the codes a Finding can have, sorted.
func FindingCodes() []string {
	return []string{"allowed", "attached_to", "can_attack", "cannot_attack", "choice", "controller", "counters", "damage", "effect_active", "event", "hand", "in_combat", "in_game", "keywords", "life", "no_event", "not_attached", "not_attacking", "not_blocked", "not_lost", "order", "poison", "pt", "refused", "state", "tapped", "tokens", "untapped", "zone"}
}

// AttackReasons returns why a creature may be unable to attack: the values
// of a cannot_attack finding's second argument.
func AttackReasons() []string {
	return []string{"not_on_battlefield", "phased_out", "not_a_creature", "tapped", "summoning_sick"}
}

// String renders the finding in English.
func (f Finding) String() string {
	args := make([]any, len(f.Args))
	for i, a := range f.Args {
		args[i] = a
	}
	return fmt.Sprintf(findingFormat(f.Code), args...)
}

func find(code string, args ...string) Finding { return Finding{Code: code, Args: args} }

// evaluate checks one expectation against the final state and the trace.
func (x Expectation) evaluate(s *State, trace []Event) Check {
	ok, found := x.eval(s, trace)
	return Check{Check: x.Text, OK: ok, Detail: findingsDetail(found), Found: found, Line: x.Line}
}

// findingsDetail renders findings in English, for Check.Detail.
func findingsDetail(found []Finding) string {
	var parts []string
	for _, f := range found {
		parts = append(parts, f.String())
	}
	return strings.Join(parts, "; ")
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

// status describes where and how a permanent is.
func status(p *Permanent) Finding {
	switch {
	case p.Zone != ZoneBattlefield:
		return find("zone", p.ID, p.Zone)
	case p.PhasedOut && p.PhasedIndirect:
		return find("state", p.ID, "phased_out_indirectly")
	case p.PhasedOut:
		return find("state", p.ID, "phased_out")
	}
	return find("state", p.ID, "phased_in")
}

func (x Expectation) eval(s *State, trace []Event) (bool, []Finding) {
	each := func(pred func(p *Permanent) (bool, Finding)) (bool, []Finding) {
		var bad []Finding
		for _, id := range listIDs(x.v) {
			if ok, why := pred(s.perm(id)); !ok {
				bad = append(bad, why)
			}
		}
		return len(bad) == 0, bad
	}
	pairs := func(pred func(p *Permanent, v *value) (bool, Finding)) (bool, []Finding) {
		var bad []Finding
		for i, k := range x.v.keys {
			if ok, why := pred(s.perm(k.s), x.v.items[i]); !ok {
				bad = append(bad, why)
			}
		}
		return len(bad) == 0, bad
	}
	attachment := func(p *Permanent) Finding {
		if p.AttachedTo == "" {
			return find("not_attached", p.ID)
		}
		return find("attached_to", p.ID, p.AttachedTo)
	}
	switch x.Kind {
	case "phased_out":
		return each(func(p *Permanent) (bool, Finding) { return p.Zone == ZoneBattlefield && p.PhasedOut, status(p) })
	case "phased_in":
		return each(func(p *Permanent) (bool, Finding) { return p.Exists(), status(p) })
	case "indirect":
		return each(func(p *Permanent) (bool, Finding) {
			return p.Zone == ZoneBattlefield && p.PhasedOut && p.PhasedIndirect, status(p)
		})
	case "unattached":
		return each(func(p *Permanent) (bool, Finding) { return p.AttachedTo == "", attachment(p) })
	case "tapped":
		return each(func(p *Permanent) (bool, Finding) { return p.Tapped, find("untapped", p.ID) })
	case "untapped":
		return each(func(p *Permanent) (bool, Finding) { return !p.Tapped, find("tapped", p.ID) })
	case "attacking":
		return each(func(p *Permanent) (bool, Finding) {
			return p.Exists() && p.Attacking != "", find("not_attacking", p.ID)
		})
	case "blocked":
		return each(func(p *Permanent) (bool, Finding) { return p.Exists() && p.Blocked, find("not_blocked", p.ID) })
	case "not_in_combat":
		return each(func(p *Permanent) (bool, Finding) {
			return p.Attacking == "" && p.Blocking == "", find("in_combat", p.ID)
		})
	case "can_attack":
		return each(func(p *Permanent) (bool, Finding) {
			why := canAttackNow(p)
			return why == "", find("cannot_attack", p.ID, why)
		})
	case "cannot_attack":
		return each(func(p *Permanent) (bool, Finding) { return canAttackNow(p) != "", find("can_attack", p.ID) })
	case "attached":
		return pairs(func(p *Permanent, v *value) (bool, Finding) {
			if p.Zone != ZoneBattlefield {
				return false, status(p)
			}
			return p.AttachedTo == v.s, attachment(p)
		})
	case "controller":
		return pairs(func(p *Permanent, v *value) (bool, Finding) {
			return p.Controller == v.s, find("controller", p.ID, p.Controller)
		})
	case "pt":
		return pairs(func(p *Permanent, v *value) (bool, Finding) {
			pw, tg, _ := parsePT(v.s)
			return p.Power == pw && p.Toughness == tg, find("pt", p.ID, strconv.Itoa(p.Power), strconv.Itoa(p.Toughness))
		})
	case "damage":
		return pairs(func(p *Permanent, v *value) (bool, Finding) {
			n, _ := strconv.Atoi(v.s)
			return p.Damage == n, find("damage", p.ID, strconv.Itoa(p.Damage))
		})
	case "zone":
		return pairs(func(p *Permanent, v *value) (bool, Finding) { return p.Zone == v.s, find("zone", p.ID, p.Zone) })
	case "counters":
		return pairs(func(p *Permanent, v *value) (bool, Finding) {
			for i, k := range v.keys {
				n, _ := strconv.Atoi(v.items[i].s)
				if p.Counters[k.s] != n {
					return false, find("counters", p.ID, strconv.Itoa(p.Counters[k.s]), k.s)
				}
			}
			return true, Finding{}
		})
	case "keywords", "lacks":
		return pairs(func(p *Permanent, v *value) (bool, Finding) {
			for _, k := range v.items {
				if p.Exists() && p.Has(k.s) != (x.Kind == "keywords") {
					return false, find("keywords", p.ID, "["+strings.Join(p.Abilities, ", ")+"]")
				}
			}
			if !p.Exists() {
				return false, status(p)
			}
			return true, Finding{}
		})
	case "choices":
		return pairs(func(p *Permanent, v *value) (bool, Finding) {
			for i, k := range v.keys {
				if p.Choices[k.s] != v.items[i].s {
					return false, find("choice", p.ID, k.s, p.Choices[k.s])
				}
			}
			return true, Finding{}
		})
	case "effect_active":
		var bad []Finding
		for i, k := range x.v.keys {
			want := x.v.items[i].s == "true"
			e := s.effect(k.s)
			got := e != nil && !e.Ended
			if got != want {
				bad = append(bad, find("effect_active", k.s, strconv.FormatBool(got)))
			}
		}
		return len(bad) == 0, bad
	case "life", "hand", "tokens", "poison":
		var bad []Finding
		for i, k := range x.v.keys {
			n, _ := strconv.Atoi(x.v.items[i].s)
			pl := s.Players[s.player(k.s)]
			got := pl.Life
			switch x.Kind {
			case "hand":
				got = s.HandSize(pl.Name)
			case "poison":
				got = pl.Poison
			case "tokens":
				got = s.tokensOf(pl.Name)
			}
			if got != n {
				bad = append(bad, find(x.Kind, k.s, strconv.Itoa(got)))
			}
		}
		return len(bad) == 0, bad
	case "event", "no_event":
		for _, e := range trace {
			if matchEvent(x.v, e) {
				return x.Kind == "event", []Finding{find("event", strconv.Itoa(e.Seq))}
			}
		}
		if x.Kind == "event" {
			return false, []Finding{find("no_event")}
		}
		return true, nil
	case "lost", "left_game":
		var bad []Finding
		for _, name := range listIDs(x.v) {
			pl := s.Players[s.player(name)]
			switch {
			case x.Kind == "lost" && !pl.Lost:
				bad = append(bad, find("not_lost", name))
			case x.Kind == "left_game" && !pl.Left:
				bad = append(bad, find("in_game", name))
			}
		}
		return len(bad) == 0, bad
	case "resolution_order":
		var got []string
		if s.YGO != nil {
			got = s.YGO.Resolved
		}
		want := listIDs(x.v)
		ok := strings.Join(got, ",") == strings.Join(want, ",")
		return ok, orderFinding(ok, "["+strings.Join(got, ", ")+"]")
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
		ok := strings.Join(got, ",") == strings.Join(want, ",")
		return ok, orderFinding(ok, "["+strings.Join(got, ", ")+"]")
	}
	return false, nil
}

// tokensOf counts the tokens a player controls on the battlefield, phased
// in or out (111.1).
func (s *State) tokensOf(player string) int {
	n := 0
	for _, p := range s.Permanents {
		if p.Token && p.Zone == ZoneBattlefield && p.Controller == player {
			n++
		}
	}
	return n
}

func orderFinding(ok bool, found string) []Finding {
	if ok {
		return nil
	}
	return []Finding{find("order", found)}
}

// canAttackNow says why p couldn't attack in its controller's combat this
// turn (one of AttackReasons), or "" if it could (302.6, 702.26b).
func canAttackNow(p *Permanent) string {
	switch {
	case p.Zone != ZoneBattlefield:
		return "not_on_battlefield"
	case p.PhasedOut:
		return "phased_out"
	case !p.Is("creature"):
		return "not_a_creature"
	case p.Tapped:
		return "tapped"
	case p.Sick && !p.Has("haste"):
		return "summoning_sick"
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
			if string(e.Kind) != v.s {
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
