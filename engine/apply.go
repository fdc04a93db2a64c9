package engine

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// MaxActions bounds the actions of one scenario.
const MaxActions = 10000

// maxAdvanceSteps bounds the steps one advance may walk through.
const maxAdvanceSteps = 4 * 12 * 3

// Action is one thing a scenario does to the game. Kind is the scenario key
// (phase_out, advance, cast, ...); the other fields are that action's
// arguments. Line is the action's line in the scenario source, Text its
// canonical text.
type Action struct {
	Kind        string
	IDs         []string
	Filter      *Filter
	Target      string
	Until       string
	TapOnReturn bool
	Effect      *Effect
	Spell       *StackObject
	Attackers   []string
	Defender    string
	Blocker     string
	Attacker    string
	Amount      int
	Counter     string
	N           int
	Player      string
	Step        Step
	Line        int
	Text        string
}

// game is the working copy Apply changes, with the events it has produced.
type game struct {
	s      *State
	events []Event
}

func (g *game) emit(e Event) {
	g.s.Seq++
	e.Seq = g.s.Seq
	e.Turn = g.s.Turn
	if e.Step == "" {
		e.Step = string(g.s.Step)
	}
	if e.Player == "" {
		e.Player = g.s.Active
	}
	g.events = append(g.events, e)
}

// Apply performs a on s and returns the new state and the events produced.
// s is left unchanged. Every action but advance is followed by a check of
// state-based actions, as a player would then receive priority (704.3).
func Apply(s State, a Action) (State, []Event, error) {
	c := s.clone()
	g := &game{s: &c}
	if err := g.apply(a); err != nil {
		if e, ok := err.(*Error); ok && e.Line == 0 && a.Line > 0 {
			e2 := *e
			e2.Line = a.Line
			err = &e2
		}
		return s, nil, fmt.Errorf("engine: apply %s: %w", a.Kind, err)
	}
	return c, g.events, nil
}

func (g *game) apply(a Action) error {
	if g.s.Game == "ygo" {
		switch a.Kind {
		case "enter_phase":
			return g.enterPhase(a.Step)
		}
		return errorf(CodeIllegalAction, a.Line, 0, a.Kind, "not a Yu-Gi-Oh! action")
	}
	switch {
	case a.Kind == "effect" && a.Effect == nil, a.Kind == "cast" && a.Spell == nil:
		return errorf(CodeMissingKey, a.Line, 0, a.Kind, "action")
	case a.Kind == "phase_out_until" && !strings.HasSuffix(a.Until, "_leaves"):
		return errorf(CodeBadValue, a.Line, 0, "until", a.Until, "<id>_leaves")
	}
	var err error
	switch a.Kind {
	case "phase_out":
		if err = g.need(a.IDs...); err == nil {
			g.phaseOut(a.IDs, "702.26b")
		}
	case "phase_out_all":
		g.phaseOut(g.matching(a.Filter), "702.26b")
	case "phase_out_until":
		err = g.phaseOutUntil(a)
	case "phase_in":
		if err = g.need(a.IDs...); err == nil {
			g.phaseIn(a.IDs, "702.26c", false)
		}
	case "phase_in_all":
		g.phaseIn(g.matchingPhasedOut(a.Filter), "702.26c", false)
	case "phase_toggle":
		g.phaseToggle(a.Filter)
	case "effect":
		err = g.addEffect(*a.Effect)
	case "cast":
		err = g.cast(*a.Spell)
	case "resolve":
		err = g.resolve(a.Target)
	case "attack":
		err = g.attack(a.Attackers, a.Defender)
	case "block":
		err = g.block(a.Blocker, a.Attacker)
	case "damage":
		err = g.damage(a.Target, a.Amount)
	case "destroy":
		if err = g.need(a.IDs...); err == nil {
			g.destroy(a.IDs, "701.8")
		}
	case "destroy_all":
		g.destroyAll(a.Filter)
	case "counter":
		err = g.addCounter(a.Target, a.Counter, a.N)
	case "tap":
		if err = g.need(a.IDs...); err == nil {
			g.tap(a.IDs)
		}
	case "attach":
		err = g.attach(a.Target, a.Attacker)
	case "enter":
		if err = g.need(a.IDs...); err == nil {
			g.enter(a.IDs)
		}
	case "leave_battlefield":
		if err = g.need(a.IDs...); err == nil {
			for _, id := range a.IDs {
				if p := g.s.perm(id); !p.Exists() {
					g.unaffected(id)
					continue
				}
				g.leave(id, ZoneGraveyard, "701.17")
			}
		}
	case "skip_untap":
		i := g.s.player(a.Player)
		if i < 0 {
			return errorf(CodeUnknownPlayer, a.Line, 0, a.Player)
		}
		g.s.Players[i].SkipUntaps++
	case "leave_game":
		err = g.leaveGame(a.Player)
	case "advance":
		return g.advance(a.Player, a.Step)
	default:
		return errorf(CodeIllegalAction, a.Line, 0, a.Kind, "unknown action")
	}
	if err != nil {
		return err
	}
	g.priority()
	return nil
}

// need checks that every id names a permanent.
func (g *game) need(ids ...string) error {
	for _, id := range ids {
		if g.s.perm(id) == nil {
			return errorf(CodeUndefinedID, 0, 0, id)
		}
	}
	return nil
}

// priority is what happens whenever a player would receive priority:
// state-based actions (704.3), then waiting triggers go on the stack.
func (g *game) priority() {
	g.recompute(false)
	g.stateBased()
	for _, t := range g.s.Pending {
		rule := t.Rule
		if rule == "" {
			rule = "603.3"
		}
		g.emit(Event{Kind: "trigger", Objects: []string{t.Source}, Args: []string{t.Condition}, Rule: rule,
			Player: g.controllerOf(t.Source)})
	}
	g.s.Pending = g.s.Pending[:0]
}

func (g *game) controllerOf(id string) string {
	if p := g.s.perm(id); p != nil {
		return p.Controller
	}
	return ""
}

// matching returns the ids of the permanents that exist and match f.
func (g *game) matching(f *Filter) []string {
	var ids []string
	for i := range g.s.Permanents {
		p := &g.s.Permanents[i]
		if p.Exists() && f.match(p) {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

// matchingPhasedOut returns the ids of the phased-out permanents that match f.
func (g *game) matchingPhasedOut(f *Filter) []string {
	var ids []string
	for i := range g.s.Permanents {
		p := &g.s.Permanents[i]
		if p.Zone == ZoneBattlefield && p.PhasedOut && f.match(p) {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

func (f *Filter) match(p *Permanent) bool {
	if f == nil {
		return true
	}
	if f.Controller != "" && p.Controller != f.Controller {
		return false
	}
	if len(f.Types) > 0 {
		ok := false
		for _, t := range f.Types {
			if p.Is(t) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	for _, k := range f.Keywords {
		if !p.Has(k) {
			return false
		}
	}
	return true
}

// unaffected records that a phased-out or absent permanent ignores an action (702.26b).
func (g *game) unaffected(id string) {
	p := g.s.perm(id)
	rule := "702.26b"
	if !p.PhasedOut {
		rule = "400.7"
	}
	g.emit(Event{Kind: "unaffected", Objects: []string{id}, Rule: rule, Player: p.Controller})
}

// recompute derives controllers, abilities and P/T from base values, effects
// and static abilities, in layer order (613: control in layer 2, abilities in
// layer 6, P/T in layer 7). At setup it records the result without events.
func (g *game) recompute(setup bool) {
	s := g.s
	var effects []*Effect
	for i := range s.Effects {
		if !s.Effects[i].Ended {
			effects = append(effects, &s.Effects[i])
		}
	}
	if len(effects) > 1 {
		sort.SliceStable(effects, func(i, j int) bool { return effects[i].Timestamp < effects[j].Timestamp })
	}
	hasStatics := false
	for i := range s.Permanents {
		if len(s.Permanents[i].Static) > 0 {
			hasStatics = true
			break
		}
	}
	// Layer 2: control. A phased-out permanent keeps the controller it had
	// (702.26d); it is re-evaluated once it phases in.
	for i := range s.Permanents {
		p := &s.Permanents[i]
		if p.PhasedOut || p.Zone != ZoneBattlefield {
			if p.Controller == "" {
				p.Controller = p.BaseController
			}
			continue
		}
		c := p.BaseController
		for _, e := range effects {
			if e.Kind == "control" && has(e.Affected, p.ID) && s.player(e.Player) >= 0 && !s.Players[s.player(e.Player)].Left {
				c = e.Player
			}
		}
		if c != p.Controller {
			old := p.Controller
			p.Controller = c
			if !setup && old != "" {
				p.Sick = true
				g.emit(Event{Kind: "control", Objects: []string{p.ID}, Args: []string{old, c}, Rule: "613.1b", Player: c})
				g.removeFromCombat(p, "506.4")
			}
		}
	}
	// Layer 6: abilities.
	for i := range s.Permanents {
		p := &s.Permanents[i]
		// Abilities is rebuilt, never written in place: states share it.
		ab := p.Keywords[:len(p.Keywords):len(p.Keywords)]
		for _, e := range effects {
			if e.Kind == "grant" && has(e.Affected, p.ID) {
				ab = appendNew(ab, e.Keywords...)
			}
		}
		if hasStatics && p.Exists() {
			g.eachStatic(func(src *Permanent, st Static) {
				if st.Kind == "grant" && affects(src, st, p) {
					ab = appendNew(ab, st.Keywords...)
				}
			})
		}
		p.Abilities = ab
	}
	// Layer 7: P/T. 7b setting, 7c modifications and counters.
	for i := range s.Permanents {
		p := &s.Permanents[i]
		pw, tg := p.BasePower, p.BaseTough
		for _, e := range effects {
			if e.Kind == "set_pt" && has(e.Affected, p.ID) {
				pw, tg = e.Power, e.Toughness
			}
		}
		for _, e := range effects {
			if e.Kind == "pump" && has(e.Affected, p.ID) {
				pw += e.Power
				tg += e.Toughness
			}
		}
		if hasStatics && p.Exists() {
			g.eachStatic(func(src *Permanent, st Static) {
				if st.Kind == "anthem" && affects(src, st, p) {
					pw += st.Power
					tg += st.Toughness
				}
			})
		}
		if len(p.Counters) > 0 {
			d := p.Counters["+1/+1"] - p.Counters["-1/-1"]
			pw += d
			tg += d
		}
		p.Power, p.Toughness = pw, tg
	}
}

func appendNew(list []string, items ...string) []string {
	for _, x := range items {
		if !has(list, x) {
			list = append(list, x)
		}
	}
	return list
}

// eachStatic calls f for every static ability whose source exists: a
// phased-out source's static abilities do nothing (702.26b).
func (g *game) eachStatic(f func(src *Permanent, st Static)) {
	for i := range g.s.Permanents {
		src := &g.s.Permanents[i]
		if !src.Exists() {
			continue
		}
		for _, st := range src.Static {
			f(src, st)
		}
	}
}

func affects(src *Permanent, st Static, p *Permanent) bool {
	switch st.Affects {
	case "creatures_you_control":
		return p.Is("creature") && p.Controller == src.Controller
	case "other_creatures_you_control":
		return p.Is("creature") && p.Controller == src.Controller && p.ID != src.ID
	case "creatures":
		return p.Is("creature")
	case "enchanted", "equipped":
		return src.AttachedTo == p.ID
	case "self":
		return src.ID == p.ID
	}
	return false
}

// sba is one state-based action to perform.
type sba struct{ id, what, rule string }

// stateBased performs state-based actions until none applies (704.3).
func (g *game) stateBased() {
	for round := 0; round < 64; round++ {
		var acts []sba
		s := g.s
		for i := range s.Players {
			pl := &s.Players[i]
			if !pl.Left && !pl.Lost && pl.Life <= 0 {
				pl.Lost = true
				g.emit(Event{Kind: "state_based", Player: pl.Name, Args: []string{"loses"}, Rule: "704.5a"})
			}
		}
		for i := range s.Permanents {
			p := &s.Permanents[i]
			if p.Token && p.Zone != ZoneBattlefield && p.Zone != ZoneGone {
				acts = append(acts, sba{p.ID, "ceases", "704.5d"})
				continue
			}
			if !p.Exists() {
				continue
			}
			switch {
			case p.Is("creature") && p.Toughness <= 0:
				acts = append(acts, sba{p.ID, "graveyard", "704.5f"})
			case p.Is("creature") && p.Damage > 0 && p.Damage >= p.Toughness && !p.Has("indestructible"):
				acts = append(acts, sba{p.ID, "destroyed", "704.5g"})
			case has(p.Subtypes, "Aura") && !g.legalHost(p):
				acts = append(acts, sba{p.ID, "graveyard", "704.5m"})
			case (has(p.Subtypes, "Equipment") || has(p.Subtypes, "Fortification")) && p.AttachedTo != "" && !g.legalHost(p):
				acts = append(acts, sba{p.ID, "unattached", "704.5n"})
			}
		}
		acts = append(acts, g.legendRule()...)
		if len(acts) == 0 {
			return
		}
		for _, a := range acts {
			p := s.perm(a.id)
			g.emit(Event{Kind: "state_based", Objects: []string{a.id}, Args: []string{a.what}, Rule: a.rule, Player: p.Controller})
			switch a.what {
			case "ceases":
				p.Zone = ZoneGone
			case "unattached":
				p.AttachedTo = ""
			case "graveyard", "destroyed":
				if p.Exists() {
					g.leave(a.id, ZoneGraveyard, a.rule)
				}
			}
		}
		g.recompute(false)
	}
}

// legalHost reports whether an attachment's host is still there. A host that
// is phased out still counts: phasing is not a zone change (702.26d); whether
// an Aura phased in on a phased-out host should go to the graveyard is an open
// question, and the engine does not put it there.
func (g *game) legalHost(att *Permanent) bool {
	if att.AttachedTo == "" {
		return false
	}
	h := g.s.perm(att.AttachedTo)
	if h == nil || h.Zone != ZoneBattlefield {
		return false
	}
	if has(att.Subtypes, "Equipment") && h.Exists() && !h.Is("creature") {
		return false
	}
	return true
}

// legendRule applies 704.5j: for each controller and name, the most recent
// of two or more legendary permanents stays (the player's choice, modelled as
// keeping the newest), the others go to the graveyard.
func (g *game) legendRule() []sba {
	n := 0
	for i := range g.s.Permanents {
		if p := &g.s.Permanents[i]; p.Exists() && has(p.Supertypes, "legendary") {
			n++
		}
	}
	if n < 2 {
		return nil
	}
	type key struct{ c, name string }
	groups := map[key][]*Permanent{}
	var order []key
	for i := range g.s.Permanents {
		p := &g.s.Permanents[i]
		if p.Exists() && has(p.Supertypes, "legendary") {
			k := key{p.Controller, p.Name}
			if groups[k] == nil {
				order = append(order, k)
			}
			groups[k] = append(groups[k], p)
		}
	}
	var out []sba
	for _, k := range order {
		ps := groups[k]
		if len(ps) < 2 {
			continue
		}
		keep := ps[0]
		for _, p := range ps {
			if p.Timestamp > keep.Timestamp {
				keep = p
			}
		}
		for _, p := range ps {
			if p != keep {
				out = append(out, struct{ id, what, rule string }{p.ID, "graveyard", "704.5j"})
			}
		}
	}
	return out
}

// leave moves a permanent from the battlefield to zone: it is removed from
// combat, its "leaves" triggers trigger, durations() that track it end, and
// permanents phased out until it leaves phase in (610.4).
func (g *game) leave(id, zone, rule string) {
	p := g.s.perm(id)
	g.removeFromCombat(p, "506.4")
	p.Zone = zone
	p.PhasedOut, p.PhasedIndirect, p.PhasedOutUnder, p.PhaseInOn = false, false, "", ""
	p.Tapped, p.Damage, p.Counters, p.AttachedTo = false, 0, nil, ""
	g.emit(Event{Kind: "leaves_battlefield", Objects: []string{id}, Args: []string{zone}, Rule: rule, Player: p.Controller})
	if has(p.Triggers, "leaves") {
		g.s.Pending = append(g.s.Pending, Trigger{Source: id, Condition: "leaves", Rule: "603.6c"})
	}
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if !e.Ended && e.Source == id && (e.Duration == "for_as_long_as" || e.Duration == "until") {
			g.endEffect(e, "611.2b")
		}
	}
	var back []string
	for i := range g.s.Permanents {
		q := &g.s.Permanents[i]
		if q.PhasedOut && q.PhaseInOn == id+"_leaves" {
			back = append(back, q.ID)
		}
	}
	for _, b := range back {
		q := g.s.perm(b)
		tap := q.TapOnReturn
		g.phaseIn([]string{b}, "610.4", tap)
	}
}

func (g *game) endEffect(e *Effect, rule string) {
	e.Ended = true
	g.emit(Event{Kind: "effect_ends", Objects: []string{e.ID}, Args: []string{e.Duration}, Rule: rule, Player: e.Controller})
}

// removeFromCombat takes p out of combat (506.4). Blockers of a removed
// attacker stay blocking creatures; an attacker whose blockers are all
// removed stays blocked (509.1h).
func (g *game) removeFromCombat(p *Permanent, rule string) {
	if p.Attacking == "" && p.Blocking == "" {
		return
	}
	p.Attacking, p.Blocking, p.Blocked = "", "", false
	g.emit(Event{Kind: "removed_from_combat", Objects: []string{p.ID}, Rule: rule, Player: p.Controller})
}

// phaseOut phases out the given permanents directly and, with them, every
// attachment of a permanent phasing out, indirectly (702.26g). Something that
// would phase out both ways phases out indirectly (702.26h).
func (g *game) phaseOut(direct []string, rule string) {
	out := map[string]bool{}
	var roots []string
	for _, id := range direct {
		p := g.s.perm(id)
		if p == nil || !p.Exists() || out[id] {
			continue
		}
		out[id] = true
		roots = append(roots, id)
	}
	// Attachments of anything phasing out go indirectly, transitively.
	indirect := map[string]string{} // attachment -> host
	for changed := true; changed; {
		changed = false
		for i := range g.s.Permanents {
			q := &g.s.Permanents[i]
			if q.Exists() && q.AttachedTo != "" && (out[q.AttachedTo] || indirect[q.AttachedTo] != "") && indirect[q.ID] == "" {
				indirect[q.ID] = q.AttachedTo
				changed = true
			}
		}
	}
	children := g.childrenOf(indirect)
	for _, id := range roots {
		if indirect[id] != "" {
			continue
		}
		objs := append([]string{id}, carried(id, children)...)
		for _, o := range objs {
			q := g.s.perm(o)
			g.removeFromCombat(q, "506.4")
		}
		for _, o := range objs {
			q := g.s.perm(o)
			q.PhasedOut = true
			q.PhasedIndirect = o != id
			q.PhasedOutUnder = q.Controller
		}
		g.emit(Event{Kind: "phase_out", Objects: objs, Rule: rule, Player: g.s.perm(id).Controller})
		for _, o := range objs[1:] {
			rl := "702.26g"
			if has(direct, o) {
				rl = "702.26h"
			}
			g.emit(Event{Kind: "phase_out", Objects: []string{o, indirect[o]}, Rule: rl, Indirect: true, Player: g.s.perm(o).Controller})
		}
		for _, o := range objs {
			g.afterPhaseOut(o)
		}
	}
}

// childrenOf indexes attachments by host, in permanent order.
func (g *game) childrenOf(hostOf map[string]string) map[string][]string {
	if len(hostOf) == 0 {
		return nil
	}
	children := map[string][]string{}
	for i := range g.s.Permanents {
		q := &g.s.Permanents[i]
		if h, ok := hostOf[q.ID]; ok {
			children[h] = append(children[h], q.ID)
		}
	}
	return children
}

// carried returns, in order, the attachments (transitively) that go with id.
func carried(id string, children map[string][]string) []string {
	var out []string
	for _, c := range children[id] {
		out = append(out, c)
		out = append(out, carried(c, children)...)
	}
	return out
}

// afterPhaseOut ends the "for as long as" durations() that track the permanent
// (702.26f, 611.2b) and notes which triggers do and don't trigger.
func (g *game) afterPhaseOut(id string) {
	p := g.s.perm(id)
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if !e.Ended && e.Duration == "for_as_long_as" && e.Source == id {
			g.endEffect(e, "702.26f")
		}
	}
	for _, t := range p.Triggers {
		switch t {
		case "phases_out":
			g.s.Pending = append(g.s.Pending, Trigger{Source: id, Condition: t, Rule: "603.10b"})
		case "leaves":
			g.emit(Event{Kind: "no_trigger", Objects: []string{id}, Args: []string{t}, Rule: "702.26d", Player: p.Controller})
		case "unattached":
			if p.AttachedTo != "" {
				g.emit(Event{Kind: "no_trigger", Objects: []string{id}, Args: []string{t}, Rule: "702.26j", Player: p.Controller})
			}
		}
	}
}

// phaseIn phases in the given directly phased-out permanents, with the
// attachments that phased out indirectly with them (702.26g). A directly
// phased-out attachment comes back attached if its host is still on the
// battlefield, else unattached (702.26i). Phasing in cancels any pending
// "phase out until" return (610.4a). With tapped, it phases in tapped,
// without "becomes tapped" triggers.
func (g *game) phaseIn(ids []string, rule string, tapped bool) {
	for _, id := range ids {
		p := g.s.perm(id)
		if p == nil || p.Zone != ZoneBattlefield || !p.PhasedOut {
			continue
		}
		if p.PhasedIndirect {
			g.emit(Event{Kind: "phase_in_blocked", Objects: []string{id}, Rule: "702.26g", Player: p.Controller})
			continue
		}
		hostOf := map[string]string{}
		for changed := true; changed; {
			changed = false
			for i := range g.s.Permanents {
				q := &g.s.Permanents[i]
				if q.PhasedOut && q.PhasedIndirect && q.AttachedTo != "" && hostOf[q.ID] == "" && (q.AttachedTo == id || hostOf[q.AttachedTo] != "") {
					hostOf[q.ID] = q.AttachedTo
					changed = true
				}
			}
		}
		objs := append([]string{id}, carried(id, g.childrenOf(hostOf))...)
		for _, o := range objs {
			q := g.s.perm(o)
			q.PhasedOut, q.PhasedIndirect, q.PhasedOutUnder, q.PhaseInOn, q.TapOnReturn, q.PhaseInWaits = false, false, "", "", false, 0
		}
		ev := Event{Kind: "phase_in", Objects: objs, Rule: rule, Player: p.Controller}
		if tapped {
			p.Tapped = true
			ev.Args = []string{"tapped"}
		}
		g.emit(ev)
		for _, o := range objs[1:] {
			g.emit(Event{Kind: "phase_in", Objects: []string{o, hostOf[o]}, Rule: "702.26g", Indirect: true, Player: g.s.perm(o).Controller})
		}
		if p.AttachedTo != "" {
			if h := g.s.perm(p.AttachedTo); h == nil || h.Zone != ZoneBattlefield {
				g.emit(Event{Kind: "phase_in_unattached", Objects: []string{id, p.AttachedTo}, Rule: "702.26i", Player: p.Controller})
				p.AttachedTo = ""
			}
		}
		for _, o := range objs {
			q := g.s.perm(o)
			for _, t := range q.Triggers {
				switch t {
				case "phases_in":
					g.s.Pending = append(g.s.Pending, Trigger{Source: o, Condition: t, Rule: "502.4"})
				case "enters":
					g.emit(Event{Kind: "no_trigger", Objects: []string{o}, Args: []string{t}, Rule: "702.26d", Player: q.Controller})
				case "attached":
					if q.AttachedTo != "" {
						g.emit(Event{Kind: "no_trigger", Objects: []string{o}, Args: []string{t}, Rule: "702.26j", Player: q.Controller})
					}
				case "becomes_tapped":
					if tapped && o == id {
						g.emit(Event{Kind: "no_trigger", Objects: []string{o}, Args: []string{t}, Rule: "610.4", Player: q.Controller})
					}
				}
			}
		}
	}
}

// phaseOutUntil phases a permanent out until an event (610.4): it won't
// phase in during untap steps (610.4a). If the event already happened, it
// doesn't phase out (610.4b).
func (g *game) phaseOutUntil(a Action) error {
	p := g.s.perm(a.Target)
	if p == nil {
		return errorf(CodeUndefinedID, 0, 0, a.Target)
	}
	src := a.Until[:len(a.Until)-len("_leaves")]
	sp := g.s.perm(src)
	if sp == nil {
		return errorf(CodeUndefinedID, 0, 0, src)
	}
	if sp.Zone != ZoneBattlefield {
		g.emit(Event{Kind: "phase_out_prevented", Objects: []string{a.Target}, Args: []string{src}, Rule: "610.4b", Player: p.Controller})
		return nil
	}
	if !p.Exists() {
		g.unaffected(a.Target)
		return nil
	}
	g.phaseOut([]string{a.Target}, "610.4")
	p.PhaseInOn = a.Until
	p.TapOnReturn = a.TapOnReturn
	return nil
}

// phaseToggle is Time and Tide: simultaneously, the phased-out permanents
// matching f phase in and the phased-in ones with phasing phase out.
func (g *game) phaseToggle(f *Filter) {
	ins := g.matchingPhasedOut(f)
	var direct []string
	for _, id := range ins {
		if !g.s.perm(id).PhasedIndirect {
			direct = append(direct, id)
		}
	}
	ff := Filter{}
	if f != nil {
		ff = *f
	}
	ff.Keywords = append(append([]string(nil), ff.Keywords...), "phasing")
	outs := g.matching(&ff)
	g.phaseIn(direct, "702.26c", false)
	g.phaseOut(outs, "702.26b")
}

// untapStep performs the untap step's turn-based actions: phasing (502.1,
// 702.26a), then untapping (502.3). A skipped untap step does neither
// (702.26m). No player gets priority (502.4).
func (g *game) untapStep() {
	s := g.s
	ap := s.player(s.Active)
	if s.Players[ap].SkipUntaps > 0 {
		s.Players[ap].SkipUntaps--
		g.emit(Event{Kind: "untap_skipped", Rule: "702.26m"})
		return
	}
	var outs, ins []string
	for i := range s.Permanents {
		p := &s.Permanents[i]
		switch {
		case p.Exists() && p.Has("phasing") && p.Controller == s.Active:
			outs = append(outs, p.ID)
		case p.Zone == ZoneBattlefield && p.PhasedOut && !p.PhasedIndirect && p.PhasedOutUnder == s.Active:
			switch {
			case p.PhaseInOn != "":
				g.emit(Event{Kind: "phase_in_blocked", Objects: []string{p.ID}, Args: []string{p.PhaseInOn}, Rule: "610.4a", Player: p.PhasedOutUnder})
			case p.PhaseInWaits > 0:
				p.PhaseInWaits--
				g.emit(Event{Kind: "phase_in_blocked", Objects: []string{p.ID}, Rule: "702.26n", Player: p.PhasedOutUnder})
			case g.cantPhaseIn(p.ID):
				g.emit(Event{Kind: "phase_in_blocked", Objects: []string{p.ID}, Rule: "702.26a", Player: p.PhasedOutUnder})
			default:
				ins = append(ins, p.ID)
			}
		}
	}
	// Both sets were fixed before anything changed: the exchange is simultaneous.
	g.phaseOut(outs, "702.26a")
	g.phaseIn(ins, "702.26a", false)
	g.recompute(false)
	var untapped []string
	for i := range s.Permanents {
		p := &s.Permanents[i]
		if p.Exists() && p.Controller == s.Active && p.Tapped {
			p.Tapped = false
			untapped = append(untapped, p.ID)
		}
	}
	if len(untapped) > 0 {
		g.emit(Event{Kind: "untap", Objects: untapped, Rule: "502.3"})
	}
}

func (g *game) cantPhaseIn(id string) bool {
	for _, e := range g.s.Effects {
		if !e.Ended && e.Kind == "cant_phase_in" && has(e.Affected, id) {
			return true
		}
	}
	return false
}

// addEffect starts a continuous effect. Its affected set is locked now
// (611.2c) and never includes a phased-out permanent (702.26e). A "for as
// long as" duration whose source is already gone never starts (611.2b).
func (g *game) addEffect(e Effect) error {
	if g.s.effect(e.ID) != nil {
		return errorf(CodeDuplicateID, 0, 0, e.ID)
	}
	if e.Controller == "" {
		e.Controller = g.s.Active
	}
	g.s.Timestamp++
	e.Timestamp = g.s.Timestamp
	var excluded []string
	if e.Target != "" {
		t := g.s.perm(e.Target)
		if t == nil {
			return errorf(CodeUndefinedID, 0, 0, e.Target)
		}
		if t.Exists() {
			e.Affected = []string{e.Target}
		} else if t.PhasedOut && t.Zone == ZoneBattlefield {
			excluded = append(excluded, e.Target)
		}
	} else {
		e.Affected = g.matching(e.Filter)
		for _, id := range g.matchingPhasedOut(e.Filter) {
			excluded = append(excluded, id)
		}
	}
	if e.Kind == "cant_phase_in" {
		// It names phased-out permanents on purpose (702.26b's exception).
		e.Affected = append(e.Affected, excluded...)
		excluded = nil
	}
	if e.Duration == "for_as_long_as" || e.Duration == "until" {
		src := g.s.perm(e.Source)
		if src == nil {
			return errorf(CodeUndefinedID, 0, 0, e.Source)
		}
		// A "for as long as" duration whose source is already gone (or
		// phased out) never starts, and the effect does nothing (611.2b);
		// so does an "until" duration whose event already happened (610.3c).
		rule := ""
		switch {
		case e.Duration == "for_as_long_as" && (src.Zone != ZoneBattlefield || src.PhasedOut):
			rule = "611.2b"
		case e.Duration == "until" && src.Zone != ZoneBattlefield:
			rule = "610.3c"
		}
		if rule != "" {
			e.Ended = true
			g.s.Effects = append(g.s.Effects, e)
			g.emit(Event{Kind: "effect_never_starts", Objects: []string{e.ID, e.Source}, Args: []string{e.Duration}, Rule: rule, Player: e.Controller})
			return nil
		}
	}
	g.s.Effects = append(g.s.Effects, e)
	g.emit(Event{Kind: "effect_begins", Objects: append([]string{e.ID}, e.Affected...), Args: []string{e.Kind, e.Duration}, Rule: "611.2c", Player: e.Controller})
	if len(excluded) > 0 {
		g.emit(Event{Kind: "effect_excludes", Objects: append([]string{e.ID}, excluded...), Rule: "702.26e", Player: e.Controller})
	}
	return nil
}

// cast puts a spell on the stack.
func (g *game) cast(o StackObject) error {
	for _, x := range g.s.Stack {
		if x.ID == o.ID {
			return errorf(CodeDuplicateID, 0, 0, o.ID)
		}
	}
	if g.s.perm(o.ID) != nil {
		return errorf(CodeDuplicateID, 0, 0, o.ID)
	}
	for _, t := range o.Targets {
		if err := g.need(t); err != nil {
			return err
		}
		if !g.s.perm(t).Exists() {
			return errorf(CodeIllegalAction, 0, 0, "cast", "target "+t+" does not exist (702.26b)")
		}
	}
	if o.Controller == "" {
		o.Controller = g.s.Active
	}
	g.s.Stack = append(g.s.Stack, o)
	g.emit(Event{Kind: "cast", Objects: append([]string{o.ID}, o.Targets...), Rule: "601.2", Player: o.Controller})
	return nil
}

// resolve resolves a stack object: illegal targets are left out, and a spell
// all of whose targets are illegal doesn't resolve (608.2b).
func (g *game) resolve(id string) error {
	st := g.s.Stack
	if len(st) == 0 {
		return errorf(CodeEmptyStack, 0, 0)
	}
	i := len(st) - 1
	if id != "" {
		for i = len(st) - 1; i >= 0 && st[i].ID != id; i-- {
		}
		if i < 0 {
			return errorf(CodeUndefinedID, 0, 0, id)
		}
	}
	o := st[i]
	g.s.Stack = append(st[:i:i], st[i+1:]...)
	var legal []string
	for _, t := range o.Targets {
		if g.s.perm(t).Exists() {
			legal = append(legal, t)
		} else {
			g.emit(Event{Kind: "illegal_target", Objects: []string{o.ID, t}, Rule: "608.2b", Player: o.Controller})
		}
	}
	if len(o.Targets) > 0 && len(legal) == 0 {
		g.emit(Event{Kind: "fizzle", Objects: []string{o.ID}, Rule: "608.2b", Player: o.Controller})
		return nil
	}
	g.emit(Event{Kind: "resolve", Objects: append([]string{o.ID}, legal...), Rule: "608.2", Player: o.Controller})
	for _, t := range legal {
		if o.Damage > 0 {
			g.dealDamage(o.ID, t, o.Damage, "120.3")
		}
		if o.Destroy {
			g.destroy([]string{t}, "701.8")
		}
	}
	if o.Effect != nil {
		for n, t := range legal {
			e := *o.Effect
			e.Target = t
			if e.ID == "" {
				e.ID = o.ID
			}
			if n > 0 {
				e.ID += "-" + strconv.Itoa(n+1)
			}
			e.Controller = o.Controller
			if err := g.addEffect(e); err != nil {
				return err
			}
		}
	}
	return nil
}

// dealDamage marks damage on a permanent, or takes life from a player.
// The event's Objects are the source (if any) then the permanent dealt
// damage; Args are the amount and "player" or "permanent".
func (g *game) dealDamage(src, target string, n int, rule string) {
	var objs []string
	if src != "" {
		objs = append(objs, src)
	}
	if i := g.s.player(target); i >= 0 {
		pl := &g.s.Players[i]
		pl.Life -= n
		g.emit(Event{Kind: "damage", Objects: objs, Player: target, Args: []string{strconv.Itoa(n), "player"}, Rule: rule})
		return
	}
	p := g.s.perm(target)
	if !p.Exists() {
		g.unaffected(target)
		return
	}
	p.Damage += n
	g.emit(Event{Kind: "damage", Objects: append(objs, target), Args: []string{strconv.Itoa(n), "permanent"}, Rule: rule, Player: p.Controller})
}

func (g *game) damage(target string, n int) error {
	if g.s.player(target) < 0 && g.s.perm(target) == nil {
		return errorf(CodeUndefinedID, 0, 0, target)
	}
	g.dealDamage("", target, n, "120.3")
	return nil
}

func (g *game) destroy(ids []string, rule string) {
	for _, id := range ids {
		p := g.s.perm(id)
		switch {
		case !p.Exists():
			g.unaffected(id)
		case p.Has("indestructible"):
			g.emit(Event{Kind: "indestructible", Objects: []string{id}, Rule: "702.12b", Player: p.Controller})
		default:
			g.emit(Event{Kind: "destroy", Objects: []string{id}, Rule: rule, Player: p.Controller})
			g.leave(id, ZoneGraveyard, rule)
		}
	}
}

// destroyAll destroys every existing permanent matching f; phased-out ones
// are untouched, as though they didn't exist (702.26b).
func (g *game) destroyAll(f *Filter) {
	for _, id := range g.matchingPhasedOut(f) {
		g.unaffected(id)
	}
	g.destroy(g.matching(f), "701.8")
}

func (g *game) addCounter(id, kind string, n int) error {
	if err := g.need(id); err != nil {
		return err
	}
	p := g.s.perm(id)
	if !p.Exists() {
		g.unaffected(id)
		return nil
	}
	// Counters maps are shared between states; write a copy.
	m := make(map[string]int, len(p.Counters)+1)
	for k, v := range p.Counters {
		m[k] = v
	}
	m[kind] = max(m[kind]+n, 0)
	p.Counters = m
	g.emit(Event{Kind: "counter", Objects: []string{id}, Args: []string{kind, strconv.Itoa(n), strconv.Itoa(p.Counters[kind])}, Rule: "122.1", Player: p.Controller})
	return nil
}

func (g *game) tap(ids []string) {
	var done []string
	for _, id := range ids {
		p := g.s.perm(id)
		if !p.Exists() {
			g.unaffected(id)
			continue
		}
		if p.Tapped {
			continue
		}
		p.Tapped = true
		done = append(done, id)
		if has(p.Triggers, "becomes_tapped") {
			g.s.Pending = append(g.s.Pending, Trigger{Source: id, Condition: "becomes_tapped", Rule: "603.2"})
		}
	}
	if len(done) > 0 {
		g.emit(Event{Kind: "tap", Objects: done, Rule: "701.26a"})
	}
}

// attach attaches an Aura or Equipment to a host; attachment cycles are refused.
func (g *game) attach(att, host string) error {
	if err := g.need(att, host); err != nil {
		return err
	}
	for h := host; h != ""; h = g.s.perm(h).AttachedTo {
		if h == att {
			return errorf(CodeAttachCycle, 0, 0, att)
		}
	}
	a, h := g.s.perm(att), g.s.perm(host)
	if !a.Exists() || !h.Exists() {
		return errorf(CodeIllegalAction, 0, 0, "attach", "a phased-out permanent can't be attached or attached to (702.26b)")
	}
	a.AttachedTo = host
	g.s.Timestamp++
	a.Timestamp = g.s.Timestamp
	g.emit(Event{Kind: "attach", Objects: []string{att, host}, Rule: "701.3a", Player: a.Controller})
	if has(a.Triggers, "attached") {
		g.s.Pending = append(g.s.Pending, Trigger{Source: att, Condition: "attached", Rule: "603.2"})
	}
	return nil
}

// enter puts cards onto the battlefield (from hand or elsewhere).
func (g *game) enter(ids []string) {
	for _, id := range ids {
		p := g.s.perm(id)
		if p.Zone == ZoneBattlefield {
			continue
		}
		p.Zone = ZoneBattlefield
		p.Sick = true
		g.s.Timestamp++
		p.Timestamp = g.s.Timestamp
		g.emit(Event{Kind: "enters_battlefield", Objects: []string{id}, Rule: "403.1", Player: p.Controller})
		if has(p.Triggers, "enters") {
			g.s.Pending = append(g.s.Pending, Trigger{Source: id, Condition: "enters", Rule: "603.6a"})
		}
	}
}

// attack declares attackers (508.1). Each must exist, be untapped, and have
// been under its controller's control since their most recent turn began
// unless it has haste (302.6).
func (g *game) attack(ids []string, defender string) error {
	if err := g.need(ids...); err != nil {
		return err
	}
	if g.s.player(defender) < 0 {
		return errorf(CodeUnknownPlayer, 0, 0, defender)
	}
	if stepIndex(g.s.Step) > stepIndex(StepDeclareAttackers) {
		return errorf(CodeIllegalAction, 0, 0, "attack", "attackers are declared only once, in the declare attackers step")
	}
	for _, id := range ids {
		if why := g.cantAttack(g.s.perm(id)); why != "" {
			return errorf(CodeIllegalAction, 0, 0, "attack", id+": "+why)
		}
	}
	g.goToStep(StepDeclareAttackers)
	for _, id := range ids {
		p := g.s.perm(id)
		p.Attacking = defender
		if !p.Has("vigilance") {
			p.Tapped = true
		}
	}
	g.emit(Event{Kind: "attack", Objects: ids, Args: []string{defender}, Rule: "508.1"})
	return nil
}

// cantAttack says why p can't attack this turn, or "" if it can.
func (g *game) cantAttack(p *Permanent) string {
	switch {
	case p.Zone != ZoneBattlefield:
		return "not on the battlefield"
	case p.PhasedOut:
		return "phased out (702.26b)"
	case !p.Is("creature"):
		return "not a creature"
	case p.Tapped:
		return "tapped"
	case p.Sick && !p.Has("haste"):
		return "summoning sick (302.6)"
	case p.Controller != g.s.Active:
		return "not the active player's"
	}
	return ""
}

func (g *game) block(blocker, attacker string) error {
	if err := g.need(blocker, attacker); err != nil {
		return err
	}
	b, a := g.s.perm(blocker), g.s.perm(attacker)
	if !b.Exists() || !b.Is("creature") || b.Tapped {
		return errorf(CodeIllegalAction, 0, 0, "block", blocker+" can't block")
	}
	if a.Attacking == "" || !a.Exists() {
		return errorf(CodeIllegalAction, 0, 0, "block", attacker+" is not attacking")
	}
	if stepIndex(g.s.Step) > stepIndex(StepDeclareBlockers) {
		return errorf(CodeIllegalAction, 0, 0, "block", "blockers are declared in the declare blockers step")
	}
	g.goToStep(StepDeclareBlockers)
	b.Blocking = attacker
	a.Blocked = true
	g.emit(Event{Kind: "block", Objects: []string{blocker, attacker}, Rule: "509.1h", Player: b.Controller})
	return nil
}

// combatDamage deals combat damage (510): a blocked attacker with no blocker
// left deals none unless it has trample (510.1c, 702.19d).
func (g *game) combatDamage() {
	type hit struct {
		src, dst string
		n        int
	}
	var hits []hit
	for i := range g.s.Permanents {
		a := &g.s.Permanents[i]
		if !a.Exists() || a.Attacking == "" || a.Power <= 0 {
			continue
		}
		if !a.Blocked {
			hits = append(hits, hit{a.ID, a.Attacking, a.Power})
			continue
		}
		left := a.Power
		for j := range g.s.Permanents {
			b := &g.s.Permanents[j]
			if b.Exists() && b.Blocking == a.ID && left > 0 {
				n := left
				if a.Has("trample") {
					n = min(left, max(b.Toughness-b.Damage, 0))
				}
				hits = append(hits, hit{a.ID, b.ID, n})
				left -= n
			}
		}
		if left > 0 && a.Has("trample") {
			hits = append(hits, hit{a.ID, a.Attacking, left})
		}
	}
	for i := range g.s.Permanents {
		b := &g.s.Permanents[i]
		if b.Exists() && b.Blocking != "" && b.Power > 0 {
			if a := g.s.perm(b.Blocking); a != nil && a.Exists() && a.Attacking != "" {
				hits = append(hits, hit{b.ID, a.ID, b.Power})
			}
		}
	}
	for _, h := range hits {
		if h.n > 0 {
			g.dealDamage(h.src, h.dst, h.n, "510.2")
		}
	}
}

// leaveGame removes a player (800.4a): what they own leaves the game, with
// phased-out permanents too and no zone-change triggers (702.26k); effects
// giving them control end; permanents that phased out under their control
// phase in at the untap step of the next player in turn order (702.26n).
func (g *game) leaveGame(name string) error {
	i := g.s.player(name)
	if i < 0 {
		return errorf(CodeUnknownPlayer, 0, 0, name)
	}
	if g.s.Players[i].Left {
		return nil
	}
	g.s.Players[i].Left = true
	next := g.s.nextPlayer(name)
	var gone []string
	for j := range g.s.Permanents {
		p := &g.s.Permanents[j]
		if p.Owner == name && p.Zone != ZoneGone {
			gone = append(gone, p.ID)
			g.removeFromCombat(p, "506.4")
			p.Zone = ZoneGone
			p.PhasedOut, p.PhasedIndirect = false, false
		}
	}
	g.emit(Event{Kind: "leaves_game", Player: name, Objects: gone, Rule: "800.4a"})
	for j := range g.s.Effects {
		e := &g.s.Effects[j]
		if !e.Ended && e.Kind == "control" && e.Player == name {
			g.endEffect(e, "800.4a")
		}
	}
	for j := range g.s.Permanents {
		p := &g.s.Permanents[j]
		if p.Zone == ZoneBattlefield && p.PhasedOut && p.PhasedOutUnder == name {
			// It phases in at the first untap step after the leaver's next
			// turn would have begun: the next player's, unless the leaver
			// leaves in their own turn, when that player's next untap step
			// still comes first.
			p.PhasedOutUnder = next
			if g.s.Active == name {
				p.PhaseInWaits = 1
			}
			g.emit(Event{Kind: "phasing_player_gone", Objects: []string{p.ID}, Args: []string{next}, Rule: "702.26n", Player: name})
		}
	}
	if g.s.Active == name {
		// The rest of the turn is skipped; the next player's turn begins.
		g.s.Step = StepCleanup
	}
	return nil
}
