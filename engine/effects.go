package engine

import "strings"

// playerEffectKinds are the effects on a player rather than on permanents.
func playerEffectKinds() []string {
	return []string{"life_cant_change", "player_protection", "player_hexproof"}
}

// endEffect ends a continuous effect, for the rule given.
func (g *game) endEffect(e *Effect, rule string) {
	e.Ended = true
	args := effectArgs(e)
	args[0], args[1] = e.Duration, e.Kind
	g.emit(Event{Kind: EventEffectEnds, Objects: append([]string{e.ID}, e.Affected...), Args: args, Rule: rule, Player: e.Controller})
}

// effectArgs are the Args of an effect_begins event: kind, duration, power,
// toughness, keywords and qualities (each space-separated), the controller,
// the duration's source and the player a control effect gives control to.
func effectArgs(e *Effect) []string {
	args := []string{e.Kind, e.Duration, itoa(e.Power), itoa(e.Toughness), strings.Join(e.Keywords, " "),
		strings.Join(e.From, " "), e.Controller, e.Source, e.Player}
	if e.Action != "" {
		args = append(args, e.Action)
	}
	return args
}

// cantPhaseIn reports whether an effect says the permanent can't phase in.
func (g *game) cantPhaseIn(id string) bool { return g.hasEffect("cant_phase_in", id) }

// cantPhaseOut reports whether an effect says the permanent can't phase out.
func (g *game) cantPhaseOut(id string) bool {
	if g.hasEffect("cant_phase_out", id) {
		return true
	}
	p := g.s.perm(id)
	return p != nil && g.restrictedLang(p, "phase_out")
}

func (g *game) hasEffect(kind, id string) bool {
	p := g.s.perm(id)
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if !e.Ended && e.Kind == kind && (p != nil && e.applies(p) || p == nil && has(e.Affected, id)) {
			return true
		}
	}
	return false
}

// setGiven reports whether an effect comes with its affected set (or
// affects no object: a prevention or replacement effect on anything).
func setGiven(e Effect) bool { return e.Affected != nil || has(rulesEffectKinds(), e.Kind) }

// rulesEffectKinds are the effects that change no object's
// characteristics: what they apply to is looked at as they apply.
func rulesEffectKinds() []string { return []string{"prevent"} }

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
	if has(playerEffectKinds(), e.Kind) {
		i := g.s.player(e.Player)
		if i < 0 {
			return errorf(CodeUnknownPlayer, 0, 0, e.Player)
		}
		if !g.s.Players[i].Left {
			e.Affected = []string{e.Player}
		}
	} else if e.Target != "" {
		t := g.s.perm(e.Target)
		if t == nil {
			return errorf(CodeUndefinedID, 0, 0, e.Target)
		}
		if t.Exists() {
			e.Affected = []string{e.Target}
		} else if t.PhasedOut && t.Zone == ZoneBattlefield {
			excluded = append(excluded, e.Target)
		}
	} else if e.Filter != nil || !setGiven(e) {
		e.Affected = g.matching(e.Filter)
		for _, id := range g.matchingPhasedOut(e.Filter) {
			excluded = append(excluded, id)
		}
	} else {
		// A set the card language gave (611.2c): what exists of it.
		given := e.Affected
		e.Affected = nil
		for _, id := range given {
			if i := g.s.player(id); i >= 0 {
				e.Affected = append(e.Affected, id)
				continue
			}
			p := g.s.perm(id)
			switch {
			case p == nil:
			case p.Exists():
				e.Affected = append(e.Affected, id)
			case p.PhasedOut && p.Zone == ZoneBattlefield:
				excluded = append(excluded, id)
			}
		}
	}
	if e.Kind == "cant_phase_in" {
		// It names phased-out permanents on purpose (702.26b's exception).
		e.Affected = append(e.Affected, excluded...)
		excluded = nil
	}
	e.Objects = nil
	for _, id := range e.Affected {
		n := 0
		if p := g.s.perm(id); p != nil {
			n = p.Object
		}
		e.Objects = append(e.Objects, n)
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
			g.emit(Event{Kind: EventEffectNeverStarts, Objects: []string{e.ID, e.Source}, Args: []string{e.Duration}, Rule: rule, Player: e.Controller})
			return nil
		}
	}
	g.s.Effects = append(g.s.Effects, e)
	// An effect on objects locks the set it affects (611.2c); one on a
	// player lasts as its duration says (611.2a).
	rule := "611.2c"
	if has(playerEffectKinds(), e.Kind) {
		rule = "611.2a"
	}
	g.emit(Event{Kind: EventEffectBegins, Objects: append([]string{e.ID}, e.Affected...), Args: effectArgs(&e), Rule: rule, Player: e.Controller})
	if len(excluded) > 0 {
		g.emit(Event{Kind: EventEffectExcludes, Objects: append([]string{e.ID}, excluded...), Rule: "702.26e", Player: e.Controller})
	}
	return nil
}
