package engine

import (
	"strconv"
	"strings"
)

// Choices a player makes. A scenario answers them in advance with choose
// actions: each answers that player's next choice of its kind (a keep
// answer the next legend rule choice, an x answer the next X, ...). Without an
// answer the engine picks as follows, and the choice event says it did
// (Args[2] is "default"):
//
//	keep     legend rule (704.5j): the newest of the legendary permanents
//	order    dividing an attacker's damage among its blockers (510.1c): the
//	         order they were declared in; each is assigned lethal damage in
//	         turn, the rest goes to the last one (or, with trample, to the player)
//	x        the value of X (601.2b): the number of targets given
//	targets  targets of a triggered ability (603.3d): the first legal ones in
//	         the scenario's order, an opponent's first where the ability harms
//	         what it targets; every legal one for "any number of"
//	pick     permanents an effect has its controller choose: the first ones
//	         in the scenario's order
//	mode     the mode of a modal spell (700.2): the first whose targets fit
//	pay      an optional cost ("unless you pay"): not paid; the choice event
//	         is pay or decline
//	type     a card or land type to choose: creature; for a land type, the
//	         first one a land on the battlefield has, else Island; as a
//	         permanent enters (614.12): white for a colour, Human for a
//	         creature type, the next player for an opponent
//	may      an optional action ("you may draw a card", 608.2d): taken;
//	         the choice event is may or may_not
//	apply    which of several replacement or prevention effects applies
//	         first (616.1): the earliest, a self-replacement effect first
//	color    the colour of mana "of any color" adds: white
const (
	ChoiceKeep     = "keep"
	ChoiceOrder    = "order" // an answer's kind for both order and divide
	ChoiceDivide   = "divide"
	ChoiceTriggers = "triggers"
	ChoiceX        = "x"
	ChoiceTargets  = "targets"
	ChoicePick     = "pick"
	ChoiceMode     = "mode"
	ChoicePay      = "pay"
	ChoiceDecline  = "decline" // a choice event for a pay choice answered no
	ChoiceType     = "type"
	ChoiceMay      = "may"
	ChoiceMayNot   = "may_not" // a choice event for a may answered no
	ChoiceApply    = "apply"
	ChoiceColor    = "color"
)

// ChoiceKinds returns the kinds of choice a choice event's Args[0] can name.
func ChoiceKinds() []string {
	return []string{ChoiceApply, ChoiceColor, ChoiceDecline, ChoiceDivide, ChoiceKeep, ChoiceMay, ChoiceMayNot, ChoiceMode, ChoiceOrder, ChoicePay, ChoicePick, ChoiceTargets, ChoiceTriggers, ChoiceType, ChoiceX}
}

// kind says which choice an answer answers.
func (a *Answer) kind() string {
	switch {
	case a.Keep != "":
		return ChoiceKeep
	case a.Order != nil, a.Divide != nil:
		return ChoiceOrder
	case a.Triggers != nil:
		return ChoiceTriggers
	case a.HasX:
		return ChoiceX
	case a.Targets != nil:
		return ChoiceTargets
	case a.Pick != nil:
		return ChoicePick
	case a.Mode > 0:
		return ChoiceMode
	case a.Pay != "":
		return ChoicePay
	case a.Type != "":
		return ChoiceType
	case a.May != "":
		return ChoiceMay
	case a.Apply != "":
		return ChoiceApply
	}
	return ""
}

// answer takes player's first waiting answer of that kind; ok is false
// when there is none, and the caller then uses its default. Answers of
// other kinds wait for the choices they answer.
func (g *game) answer(player, kind string) (*Answer, bool, error) {
	for i := range g.s.Answers {
		a := g.s.Answers[i]
		if a.Player != player || a.kind() != kind {
			continue
		}
		g.s.Answers = append(g.s.Answers[:i:i], g.s.Answers[i+1:]...)
		return &a, true, nil
	}
	return nil, false, nil
}

// chose records a choice: the objects chosen, its kind and value, and
// whether the engine's default made it.
func (g *game) chose(player, kind, value, rule string, byDefault bool, objects ...string) {
	how := "chosen"
	if byDefault {
		how = "default"
	}
	g.emit(Event{Kind: EventChoice, Player: player, Objects: objects, Args: []string{kind, value, how}, Rule: rule})
}

// chooseX gives the value of X for a spell or ability: given, answered, or
// by default the number of targets.
func (g *game) chooseX(player string, given, targets int, rule string) (int, error) {
	if given > 0 {
		return given, nil
	}
	a, ok, err := g.answer(player, ChoiceX)
	if err != nil {
		return 0, err
	}
	if ok {
		g.chose(player, ChoiceX, strconv.Itoa(a.X), rule, false)
		return a.X, nil
	}
	g.chose(player, ChoiceX, strconv.Itoa(targets), rule, true)
	return targets, nil
}

// choosePick has player choose n of the candidates (in order of preference
// for the default).
func (g *game) choosePick(player string, n int, candidates []string, rule string) ([]string, error) {
	if n <= 0 || len(candidates) == 0 {
		return nil, nil
	}
	n = min(n, len(candidates))
	a, ok, err := g.answer(player, ChoicePick)
	if err != nil {
		return nil, err
	}
	if ok {
		if len(a.Pick) != n {
			return nil, errorf(CodeBadChoice, a.Line, 0, player, ChoicePick+" "+strconv.Itoa(n), strings.Join(a.Pick, " "))
		}
		for _, id := range a.Pick {
			if !has(candidates, id) {
				return nil, errorf(CodeBadChoice, a.Line, 0, player, ChoicePick, id)
			}
		}
		g.chose(player, ChoicePick, "", rule, false, a.Pick...)
		return a.Pick, nil
	}
	pick := candidates[:n:n]
	g.chose(player, ChoicePick, "", rule, true, pick...)
	return pick, nil
}

// chooseAny has player choose any number of the candidates: a pick
// answer says which, none by default.
func (g *game) chooseAny(player string, candidates []string, rule string) ([]string, error) {
	if len(candidates) == 0 {
		return nil, nil
	}
	a, ok, err := g.answer(player, ChoicePick)
	if err != nil {
		return nil, err
	}
	if !ok {
		g.chose(player, ChoicePick, "", rule, true)
		return nil, nil
	}
	for _, id := range a.Pick {
		if !has(candidates, id) {
			return nil, errorf(CodeBadChoice, a.Line, 0, player, ChoicePick, id)
		}
	}
	g.chose(player, ChoicePick, "", rule, false, a.Pick...)
	return a.Pick, nil
}

// choosePay asks whether player pays an optional cost; the default is no.
func (g *game) choosePay(player, rule string) (bool, error) {
	a, ok, err := g.answer(player, ChoicePay)
	if err != nil {
		return false, err
	}
	if ok {
		kind := ChoicePay
		if a.Pay != "yes" {
			kind = ChoiceDecline
		}
		g.chose(player, kind, "", rule, false)
		return a.Pay == "yes", nil
	}
	g.chose(player, ChoiceDecline, "", rule, true)
	return false, nil
}

// chooseMay asks whether player takes an optional action; the default
// is yes.
func (g *game) chooseMay(player, rule string) (bool, error) {
	a, ok, err := g.answer(player, ChoiceMay)
	if err != nil {
		return false, err
	}
	yes := !ok || a.May == "yes"
	kind := ChoiceMay
	if !yes {
		kind = ChoiceMayNot
	}
	g.chose(player, kind, "", rule, !ok)
	return yes, nil
}

// chooseType has player choose one of the allowed types; def is the default.
func (g *game) chooseType(player string, allowed []string, def, rule string) (string, error) {
	a, ok, err := g.answer(player, ChoiceType)
	if err != nil {
		return "", err
	}
	if ok {
		if !has(allowed, a.Type) {
			return "", errorf(CodeBadChoice, a.Line, 0, player, ChoiceType, a.Type)
		}
		g.chose(player, ChoiceType, a.Type, rule, false)
		return a.Type, nil
	}
	g.chose(player, ChoiceType, def, rule, true)
	return def, nil
}
