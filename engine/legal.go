package engine

import "arbiter/engine/cardlang"

// Legal play: what the players of a game in progress may do next, for a
// sandbox where people play a situation out one action at a time. Legal
// enumerates the actions, Allowed says of any action whether it may be
// taken now and, if not, which rule says so. Both are pure: the State is
// read, never changed, and the same State always gives the same list.

// maxAttackSubsets is the number of creatures up to which every set of
// attackers is offered; with more, each creature alone and all together.
const maxAttackSubsets = 3

// Legal lists the actions that may be taken in s, each one Allowed (and
// so Apply) accepts, in a fixed order: pass priority so that the top of
// the stack resolves (405.5); cast each spell of hand not cast yet, with
// each mode and each legal target (or, for a spell of several targets,
// also every legal target at once); activate each activated ability of
// each permanent, likewise; declare attackers (each set of them, or each
// creature alone and all together past three creatures); declare a
// blocker for an attacker (two at once for an attacker with menace); go
// to the next step where players get priority; go to the next player's
// upkeep.
//
// hand holds the spells the players may cast, as a scenario's cast
// actions give them (a permanent card's spell names its permanent, in
// the hand zone); a spell on the stack or gone from it, or whose
// permanent left the hand, was cast and is not offered again. last is
// the kind of the action that led to s ("" at the start): blockers are
// declared one after the other as one declaration (509.1) while nothing
// else is done in between.
func Legal(s State, hand []StackObject, last ActionKind) []Action {
	if s.Game != "mtg" || s.Winner != "" {
		return nil
	}
	g := &game{s: &s}
	var cands []Action
	if len(s.Stack) > 0 {
		cands = append(cands, Action{Kind: ActionResolve})
	}
	if priorityStep(s.Step) {
		cands = append(cands, g.castCandidates(hand)...)
		cands = append(cands, g.activateCandidates()...)
	}
	cands = append(cands, g.attackCandidates()...)
	cands = append(cands, g.blockCandidates(last)...)
	if len(s.Stack) == 0 {
		p, st := g.nextPriorityStep()
		cands = append(cands, Action{Kind: ActionAdvance, Player: p, Step: st})
		if np := s.nextPlayer(s.Active); !(p == np && st == StepUpkeep) {
			cands = append(cands, Action{Kind: ActionAdvance, Player: np, Step: StepUpkeep})
		}
	}
	var out []Action
	for _, a := range cands {
		if Allowed(s, hand, last, a) == nil {
			out = append(out, a)
		}
	}
	return out
}

// Allowed reports whether a may be taken in s (see Legal for hand and
// last): nil if it may, else why not. A rule of the turn's structure
// refuses it with an *Error naming that rule: a spell already cast
// (601.2a), a spell or ability where no player gets priority (502.4,
// 514.3), attackers declared other than as combat begins (508.1), a
// blocker declared after the declaration (509.1), leaving a step while
// the stack holds something (500.2, Code illegal_action), a spell or
// ability resolving other than the top one (405.5). Else Apply decides:
// its refusal is returned as it gives it. Only cast, activate, attack,
// block, resolve and advance are players' actions here.
func Allowed(s State, hand []StackObject, last ActionKind, a Action) error {
	if s.Game != "mtg" {
		return errorf(CodeIllegalAction, 0, 0, string(a.Kind), "not a Magic game")
	}
	g := &game{s: &s}
	switch a.Kind {
	case ActionCast:
		if a.Spell == nil {
			return errorf(CodeMissingKey, 0, 0, string(a.Kind), "action")
		}
		if !inHand(hand, a.Spell) || castAlready(&s, a.Spell) {
			return illegal(CodeCantCast, "601.2a", a.Spell.ID)
		}
		if rule := noPriorityRule(s.Step); rule != "" {
			return illegal(CodeCantCast, rule, a.Spell.ID)
		}
	case ActionActivate:
		if a.Spell == nil {
			return errorf(CodeMissingKey, 0, 0, string(a.Kind), "action")
		}
		if rule := noPriorityRule(s.Step); rule != "" {
			return illegal(CodeCantActivate, rule, a.Spell.Source)
		}
	case ActionAttack:
		first := ""
		if len(a.Attackers) > 0 {
			first = a.Attackers[0]
		}
		switch {
		case len(s.Stack) > 0:
			return illegal(CodeIllegalAction, "500.2", string(a.Kind))
		case s.Step != StepMain1 && s.Step != StepBeginCombat || g.attacking():
			return illegal(CodeCantAttack, "508.1", first)
		}
	case ActionBlock:
		first := a.Blocker
		if len(a.Blockers) > 0 {
			first = a.Blockers[0]
		}
		switch {
		case len(s.Stack) > 0:
			return illegal(CodeIllegalAction, "500.2", string(a.Kind))
		case !(s.Step == StepDeclareAttackers || s.Step == StepDeclareBlockers && last == ActionBlock):
			return illegal(CodeCantBlock, "509.1", first, a.Attacker)
		}
	case ActionResolve:
		if a.Target != "" && (len(s.Stack) == 0 || s.Stack[len(s.Stack)-1].ID != a.Target) {
			return illegal(CodeIllegalAction, "405.5", string(a.Kind))
		}
	case ActionAdvance:
		if len(s.Stack) > 0 {
			return illegal(CodeIllegalAction, "500.2", string(a.Kind))
		}
	default:
		return errorf(CodeIllegalAction, 0, 0, string(a.Kind), "not a player's action")
	}
	_, _, err := Apply(s, a)
	if err != nil {
		if e, ok := AsError(err); ok {
			return e
		}
		return err
	}
	return nil
}

// priorityStep reports whether players get priority in step (502.4,
// 514.3: not in the untap step, nor normally in the cleanup step).
func priorityStep(step Step) bool { return noPriorityRule(step) == "" }

// noPriorityRule gives the rule by which no player gets priority in step,
// or "".
func noPriorityRule(step Step) string {
	switch step {
	case StepUntap:
		return "502.4"
	case StepCleanup:
		return "514.3"
	}
	return ""
}

// inHand reports whether o is a cast of one of the spells of hand: the
// same object, card and controller, whatever its targets, mode and X.
func inHand(hand []StackObject, o *StackObject) bool {
	for i := range hand {
		h := &hand[i]
		if h.ID == o.ID && h.Card == o.Card && h.Name == o.Name && h.Permanent == o.Permanent &&
			(h.Controller == o.Controller || h.Controller == "") {
			return true
		}
	}
	return false
}

// castAlready reports whether the spell o of a hand was cast: it is on
// the stack or left it, or its permanent left the hand.
func castAlready(s *State, o *StackObject) bool {
	if o.Permanent != "" {
		p := s.perm(o.Permanent)
		return p == nil || p.Zone != ZoneHand
	}
	for _, x := range s.Stack {
		if x.ID == o.ID {
			return true
		}
	}
	for _, x := range s.LeftStack {
		if x.ID == o.ID {
			return true
		}
	}
	return false
}

// attacking reports whether a creature attacks: attackers were declared.
func (g *game) attacking() bool {
	for i := range g.s.Permanents {
		if g.s.Permanents[i].Attacking != "" {
			return true
		}
	}
	return false
}

// nextPriorityStep is the next step where players get priority, and the
// player whose turn it is then: the untap and cleanup steps are passed
// through.
func (g *game) nextPriorityStep() (string, Step) {
	steps := Steps()
	for i := stepIndex(g.s.Step) + 1; i > 0 && i < len(steps); i++ {
		if priorityStep(steps[i]) {
			return g.s.Active, steps[i]
		}
	}
	if g.s.Step == StepUntap {
		return g.s.Active, StepUpkeep
	}
	return g.s.nextPlayer(g.s.Active), StepUpkeep
}

// maxTargetSets bounds the sets of targets offered for one spell or
// ability of several targets.
const maxTargetSets = 64

// targetSets gives the sets of targets a spell or ability may be offered
// with, refs its target references in the order its text names them
// (601.2c): none for no reference; for one, each legal target alone (and
// none, when none is allowed) and, when it takes several, every legal
// target at once up to the most allowed; for several references, each
// combination of their choices, in order, at most maxTargetSets.
func (g *game) targetSets(c *langCtx, refs []*cardlang.Ref) [][]string {
	sets := [][]string{nil}
	for _, r := range refs {
		legal := g.legalLangTargets(c, r, nil)
		var choices [][]string
		if r.Min == 0 {
			choices = append(choices, nil)
		}
		if r.Min <= 1 {
			for _, t := range legal {
				choices = append(choices, []string{t})
			}
		}
		most := r.Max
		if r.MaxX || most < 0 {
			most = len(legal)
		}
		if n := min(most, len(legal)); n > 1 && n >= r.Min {
			choices = append(choices, legal[:n:n])
		}
		var next [][]string
		for _, set := range sets {
			for _, ch := range choices {
				if len(next) == maxTargetSets {
					break
				}
				next = append(next, append(append([]string(nil), set...), ch...))
			}
		}
		sets = next
	}
	return sets
}

// takesX reports whether a reference takes X targets: the number of
// targets chosen is then the value of X (601.2b).
func takesX(refs []*cardlang.Ref) bool {
	for _, r := range refs {
		if r.MaxX {
			return true
		}
	}
	return false
}

// modeChoices are the modes a spell or ability of effects es is offered
// with: each mode alone for a modal text that lets one be chosen, else
// the engine's choice (0).
func modeChoices(es cardlang.Effects) []int {
	m, ok := modesOf(es)
	if !ok || m.Min > 1 {
		return []int{0}
	}
	out := make([]int, len(m.Options))
	for i := range m.Options {
		out[i] = i + 1
	}
	return out
}

// modeList is the list of chosen modes of a mode offered (0: none).
func modeList(mode int) []int {
	if mode == 0 {
		return nil
	}
	return []int{mode}
}

// castCandidates are the casts of the spells of hand not cast yet.
func (g *game) castCandidates(hand []StackObject) []Action {
	var out []Action
	for _, h := range hand {
		if castAlready(g.s, &h) {
			continue
		}
		o := h
		o.Targets = nil
		if o.Controller == "" {
			o.Controller = g.s.Active
		}
		if o.Behavior == nil {
			out = append(out, g.genericCasts(o)...)
			continue
		}
		effs := spellEffects(o.Behavior)
		var card *Permanent
		if id := o.CardObject; id != "" {
			card = g.s.perm(id)
		} else if o.Permanent != "" {
			card = g.s.perm(o.Permanent)
		}
		modes := []int{o.Mode}
		if o.Mode == 0 && len(o.Modes) == 0 {
			modes = modeChoices(effs)
		}
		for _, mode := range modes {
			o.Mode = mode
			c := g.stackCtx(&o)
			c.chosenModes = modeList(mode)
			refs := targetRefs(effs, c.chosenModes)
			if card != nil && has(card.Subtypes, "Aura") {
				if k := hasKeyword(o.Behavior, "enchant"); k != nil {
					refs = []*cardlang.Ref{{Kind: cardlang.RefTarget, Min: 1, Max: 1, Filter: enchantFilter(k)}}
				}
			}
			for _, ts := range g.targetSets(c, refs) {
				cast := o
				cast.Targets = ts
				if takesX(refs) {
					cast.X = len(ts)
				}
				out = append(out, Action{Kind: ActionCast, Spell: &cast})
			}
		}
	}
	return out
}

// genericCasts are the casts of a spell the scenario describes (no card
// text): with no target, or with any one player or permanent.
func (g *game) genericCasts(o StackObject) []Action {
	out := []Action{{Kind: ActionCast, Spell: &o}}
	var ids []string
	for _, pl := range g.s.Players {
		ids = append(ids, pl.Name)
	}
	for i := range g.s.Permanents {
		if p := &g.s.Permanents[i]; p.Zone == ZoneBattlefield {
			ids = append(ids, p.ID)
		}
	}
	for _, t := range ids {
		c := o
		c.Targets = []string{t}
		out = append(out, Action{Kind: ActionCast, Spell: &c})
	}
	return out
}

// activateCandidates are the activations of the abilities of the
// permanents on the battlefield, and of the cards whose abilities work
// from their hand or graveyard.
func (g *game) activateCandidates() []Action {
	var out []Action
	for i := range g.s.Permanents {
		p := &g.s.Permanents[i]
		switch p.Zone {
		case ZoneBattlefield, ZoneHand, ZoneGraveyard:
		default:
			continue
		}
		list := activatedOf(p)
		if len(list) == 0 && has(p.Subtypes, "Equipment") && p.Behavior == nil && p.Zone == ZoneBattlefield {
			// An Equipment the scenario describes has equip (702.6a).
			eq := *p
			eq.Behavior = &cardlang.Card{Name: p.Name, Abilities: []cardlang.Ability{{Kind: cardlang.KindKeyword, Keyword: &cardlang.Keyword{Name: "equip"}}}}
			list = activatedOf(&eq)
		}
		for n, ab := range list {
			if (ab.lang.Zone == "") != (p.Zone == ZoneBattlefield) {
				continue
			}
			// A modal ability's mode is the engine's choice: a log of
			// moves names none for an activation.
			o := StackObject{Source: p.ID, Ability: n + 1, Controller: p.Controller}
			c := g.stackCtx(&o)
			c.self, c.selfObj = p.ID, p.Object
			refs := targetRefs(ab.lang.Effects, nil)
			if _, modal := modesOf(ab.lang.Effects); modal {
				refs = nil
			}
			for _, ts := range g.targetSets(c, refs) {
				a := StackObject{Source: p.ID, Ability: n + 1, Targets: ts}
				if takesX(refs) {
					a.X = len(ts)
				}
				out = append(out, Action{Kind: ActionActivate, Spell: &a})
			}
		}
	}
	return out
}

// attackCandidates are the declarations of attackers the active player
// may make as combat begins.
func (g *game) attackCandidates() []Action {
	s := g.s
	if len(s.Stack) > 0 || s.Step != StepMain1 && s.Step != StepBeginCombat || g.attacking() {
		return nil
	}
	var able []string
	for i := range s.Permanents {
		if p := &s.Permanents[i]; g.cantAttack(p) == "" {
			able = append(able, p.ID)
		}
	}
	if len(able) == 0 {
		return nil
	}
	var sets [][]string
	if len(able) <= maxAttackSubsets {
		for size := 1; size <= len(able); size++ {
			for mask := 1; mask < 1<<len(able); mask++ {
				var set []string
				for i, id := range able {
					if mask&(1<<i) != 0 {
						set = append(set, id)
					}
				}
				if len(set) == size {
					sets = append(sets, set)
				}
			}
		}
	} else {
		for _, id := range able {
			sets = append(sets, []string{id})
		}
		sets = append(sets, able)
	}
	var out []Action
	for _, pl := range s.Players {
		if pl.Name == s.Active || pl.Left {
			continue
		}
		for _, set := range sets {
			out = append(out, Action{Kind: ActionAttack, Attackers: set, Defender: pl.Name})
		}
	}
	return out
}

// blockCandidates are the blockers that may be declared: each creature
// that can block an attacker, and pairs for an attacker with menace that
// no creature blocks yet.
func (g *game) blockCandidates(last ActionKind) []Action {
	s := g.s
	if len(s.Stack) > 0 || !(s.Step == StepDeclareAttackers || s.Step == StepDeclareBlockers && last == ActionBlock) {
		return nil
	}
	var out []Action
	for i := range s.Permanents {
		a := &s.Permanents[i]
		if a.Attacking == "" || !a.Exists() {
			continue
		}
		var able []string
		for j := range s.Permanents {
			if b := &s.Permanents[j]; b.ID != a.ID && g.cantBlock(b, a) == "" {
				able = append(able, b.ID)
			}
		}
		for _, b := range able {
			out = append(out, Action{Kind: ActionBlock, Blocker: b, Attacker: a.ID})
		}
		if a.Has("menace") && len(a.BlockOrder) == 0 {
			for x := range able {
				for y := x + 1; y < len(able); y++ {
					out = append(out, Action{Kind: ActionBlock, Blockers: []string{able[x], able[y]}, Attacker: a.ID})
				}
			}
		}
	}
	return out
}
