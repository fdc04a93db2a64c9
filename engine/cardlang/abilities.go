package cardlang

import (
	"strconv"
	"strings"
)

// newAb starts the context of one ability.
func (cc *cardCtx) newAb(kind Kind) *abCtx {
	return &abCtx{cp: cc.cp, card: cc, kind: kind, xPaid: strings.Contains(cc.src.ManaCost, "{X}")}
}

// all runs rule over the whole sentence; on failure the templates it
// recorded are forgotten.
func (a *abCtx) all(s sentence, rule func(c *cur) bool) bool {
	mark := len(a.card.used)
	saveObj, savePl := a.lastObj, a.lastPl
	_, ok := parseAll(s, func(c *cur) (struct{}, bool) { return struct{}{}, rule(c) })
	if !ok {
		a.card.used = a.card.used[:mark]
		a.lastObj, a.lastPl = saveObj, savePl
	}
	return ok
}

// try runs rule at the cursor; on failure the position, the templates
// and what "it" means are put back.
func (a *abCtx) try(c *cur, rule func() bool) bool {
	pos, mark := c.pos, len(a.card.used)
	saveObj, savePl := a.lastObj, a.lastPl
	if rule() {
		return true
	}
	c.pos, a.card.used = pos, a.card.used[:mark]
	a.lastObj, a.lastPl = saveObj, savePl
	return false
}

// compileLine compiles one line of Oracle text (a modal line with its
// bullets) into abilities, or returns the first sentence it doesn't
// understand.
func (cc *cardCtx) compileLine(line string, bullets []string) ([]Ability, string) {
	line = cc.stripAbilityWord(line)
	if abs, ok := cc.keywordLine(line); ok {
		return abs, ""
	}
	ss := cc.sentences(line)
	if len(ss) == 0 {
		return nil, line
	}
	first := ss[0]
	// An activated ability: COST: EFFECT.
	if i := topColon(first.toks); i > 0 {
		return cc.activated(ss, i, bullets)
	}
	switch first.toks[0].low {
	case "when", "whenever", "at":
		if !strings.HasPrefix(strings.ToLower(line), "at the beginning of the next") {
			return cc.triggered(ss, bullets)
		}
	}
	if len(bullets) > 0 {
		if !cc.isSpell() {
			return nil, first.printed
		}
		a := cc.newAb(KindSpell)
		eff, refused := a.modal(first, bullets)
		if refused != "" {
			return nil, refused
		}
		if len(ss) > 1 {
			return nil, ss[1].printed
		}
		return []Ability{{Kind: KindSpell, Effects: eff}}, ""
	}
	if ab, ok := cc.additionalCost(first); ok {
		out := []Ability{ab}
		for _, s := range ss[1:] {
			st, ok := cc.staticSentence(s)
			if !ok {
				return nil, s.printed
			}
			out = append(out, st)
		}
		return out, ""
	}
	if ab, ok := cc.asEnters(first); ok {
		if len(ss) > 1 {
			return nil, ss[1].printed
		}
		return []Ability{ab}, ""
	}
	if cc.isSpell() {
		var out []Ability
		a := cc.newAb(KindSpell)
		var effs Effects
		for _, s := range ss {
			if a.all(s, func(c *cur) bool { return a.bodySentence(c, &effs) }) {
				continue
			}
			if st, ok := cc.staticSentence(s); ok && len(effs) == 0 {
				out = append(out, st)
				continue
			}
			return nil, s.printed
		}
		if len(effs) > 0 {
			out = append(out, Ability{Kind: KindSpell, Effects: effs})
		}
		return out, ""
	}
	var out []Ability
	for _, s := range ss {
		st, ok := cc.staticSentence(s)
		if !ok {
			return nil, s.printed
		}
		out = append(out, st)
	}
	return out, ""
}

// stripAbilityWord removes an ability word and its dash ("Landfall — "):
// ability words have no rules meaning (207.2c).
func (cc *cardCtx) stripAbilityWord(line string) string {
	head, rest, ok := strings.Cut(line, " — ")
	if !ok || strings.HasPrefix(head, "Choose") || strings.ContainsAny(head, ":{.,\"") || len(strings.Fields(head)) > 4 || rest == "" {
		return line
	}
	if _, isKw := cc.cp.kw[strings.ReplaceAll(strings.ToLower(head), " ", "_")]; isKw {
		return line
	}
	cc.used = append(cc.used, "ability word")
	return rest
}

// topColon finds the colon that ends an activated ability's cost: the
// first one outside quotation marks, before any period.
func topColon(toks []otok) int {
	quoted := false
	for i, t := range toks {
		switch {
		case t.punct && t.low == "\"":
			quoted = !quoted
		case quoted:
		case t.punct && t.low == ":":
			return i
		case t.punct && t.low == ".":
			return -1
		}
	}
	return -1
}

// keywordLine compiles a line made only of keyword abilities: "Flying,
// vigilance", "Protection from black", "Equip {2}", "Enchant creature
// you control", "Bushido 2".
func (cc *cardCtx) keywordLine(line string) ([]Ability, bool) {
	line = strings.TrimSuffix(strings.TrimSpace(line), ".")
	if line == "" {
		return nil, false
	}
	sep := ", "
	if strings.Contains(line, ";") {
		sep = "; "
	}
	var out []Ability
	for _, part := range strings.Split(line, sep) {
		k, ok := cc.keywordItem(strings.TrimSpace(part))
		if !ok {
			return nil, false
		}
		kk := k
		out = append(out, Ability{Kind: KindKeyword, Keyword: &kk})
	}
	cc.used = append(cc.used, "keyword line")
	return out, true
}

// keywordItem reads one keyword with its parameter.
func (cc *cardCtx) keywordItem(s string) (Keyword, bool) {
	low := strings.ToLower(s)
	for _, kp := range cc.cp.kwPhrases {
		if !strings.HasPrefix(low, kp.phrase) || len(low) > len(kp.phrase) && low[len(kp.phrase)] != ' ' {
			continue
		}
		rest := strings.TrimSpace(s[len(kp.phrase):])
		k := Keyword{Name: kp.name}
		switch kp.param {
		case "":
			if rest != "" {
				return Keyword{}, false
			}
			return k, true
		case "n":
			if rest == "" && bareKeyword(kp.name) {
				return k, true
			}
			v, err := strconv.Atoi(rest)
			if err != nil || v <= 0 {
				return Keyword{}, false
			}
			k.N = v
			return k, true
		case "cost":
			if !isManaCost(rest) {
				return Keyword{}, false
			}
			k.Cost = Cost{{Kind: CostMana, Mana: rest}}
			return k, true
		case "qualities":
			rest = strings.TrimPrefix(rest, "from ")
			for _, q := range strings.Split(rest, " and from ") {
				c := &cur{t: lexOracle(q)}
				v, ok := protectionQuality(c)
				if !ok || !c.end() {
					return Keyword{}, false
				}
				k.From = append(k.From, v)
			}
			return k, true
		case "filter":
			a := cc.newAb(KindKeyword)
			if kp.name == "affinity" {
				rest = strings.TrimPrefix(rest, "for ")
			}
			c := &cur{t: lexOracle(rest)}
			if c.lit("player") && c.end() {
				k.Filter = &Filter{Types: [][]string{{"player"}}}
				return k, true
			}
			c.pos = 0
			f, ok := a.filterPhrase(c)
			if !ok || !c.end() {
				return Keyword{}, false
			}
			k.Filter = f
			return k, true
		}
	}
	return Keyword{}, false
}

// activated compiles "COST: EFFECT. …" with its limits ("Activate only
// as a sorcery.").
func (cc *cardCtx) activated(ss []sentence, colon int, bullets []string) ([]Ability, string) {
	first := ss[0]
	a := cc.newAb(KindActivated)
	ab := Ability{Kind: KindActivated}
	costToks := first.toks[:colon]
	// A loyalty cost printed in brackets: "[+1]".
	if n := len(costToks); n == 3 && costToks[0].low == "[" && costToks[2].low == "]" {
		costToks = costToks[1:2]
	}
	cost, zone, ok := a.cost(costToks)
	if !ok {
		return nil, first.printed
	}
	ab.Cost, ab.Zone = cost, zone
	for _, cp := range cost {
		if cp.Kind == CostMana && strings.Contains(cp.Mana, "{X}") {
			a.xPaid = true
		}
	}
	rest := sentence{printed: first.printed, toks: first.toks[colon+1:]}
	if refused := a.effectsAndLimits(&ab, first.printed, rest, ss[1:], bullets); refused != "" {
		return nil, refused
	}
	a.use("activated ability")
	return []Ability{ab}, ""
}

// limitSentence reads a sentence limiting when an ability may be
// activated or trigger.
func (a *abCtx) limitSentence(c *cur, ab *Ability) bool {
	switch {
	case c.lit("activate only as a sorcery"):
		ab.Limits = append(ab.Limits, LimitSorcery)
	case c.lit("activate only as an instant"):
		ab.Limits = append(ab.Limits, LimitInstant)
	case c.lit("activate only once each turn"), c.lit("this ability triggers only once each turn"):
		ab.Limits = append(ab.Limits, LimitOnce)
	case c.lit("activate only during your turn , before attackers are declared"):
		ab.Limits = append(ab.Limits, LimitYourTurn, LimitBeforeAttack)
	case c.lit("activate only during your turn"):
		ab.Limits = append(ab.Limits, LimitYourTurn)
	case c.lit("activate only during your upkeep"):
		ab.Limits = append(ab.Limits, LimitYourUpkeep)
	case c.lit("activate only during combat"):
		ab.Limits = append(ab.Limits, LimitCombat)
	case c.lit("activate only before blockers are declared"):
		ab.Limits = append(ab.Limits, LimitBeforeBlock)
	case c.lit("any player may activate this ability"):
		ab.Limits = append(ab.Limits, LimitAnyPlayer)
	case c.lit("activate only if"):
		cond, ok := a.condition(c)
		if !ok || ab.If != nil {
			return false
		}
		ab.If = cond
	default:
		return false
	}
	a.use("limit")
	return true
}

// cost reads an activated ability's cost: parts separated by commas.
// zone is graveyard when the cost exiles the card from its owner's
// graveyard, where the ability then functions.
func (a *abCtx) cost(toks []otok) (Cost, string, bool) {
	var out Cost
	zone := ""
	c := &cur{t: toks}
	for !c.end() {
		if len(out) > 0 && !c.lit(",") {
			return nil, "", false
		}
		if m, ok := c.mana(); ok {
			switch {
			case m == "{T}":
				out = append(out, CostPart{Kind: CostTap})
			case m == "{Q}":
				out = append(out, CostPart{Kind: CostUntap})
			case isManaCost(m):
				out = append(out, CostPart{Kind: CostMana, Mana: m})
			default:
				return nil, "", false
			}
			continue
		}
		if len(out) == 0 && c.end() == false {
			w := c.peek(0)
			if (strings.HasPrefix(w, "+") || strings.HasPrefix(w, "-") || w == "0") && len(toks) == 1 {
				n, err := signedAmount(w)
				if w == "0" {
					n, err = Amount{}, nil
				}
				if err == nil && n.Var == "" {
					c.pos++
					out = append(out, CostPart{Kind: CostLoyalty, N: &n})
					continue
				}
			}
		}
		cp, z, ok := a.costPart(c)
		if !ok {
			return nil, "", false
		}
		if z != "" {
			zone = z
		}
		out = append(out, cp)
	}
	if len(out) == 0 {
		return nil, "", false
	}
	return out, zone, true
}

// costPart reads one non-mana part of a cost.
func (a *abCtx) costPart(c *cur) (CostPart, string, bool) {
	start := c.pos
	switch {
	case c.lit("sacrifice"):
		if selfRef(c) {
			return CostPart{Kind: CostSacrifice, What: &Ref{Kind: RefSelf}}, "", true
		}
		if r, ok := a.choiceRef(c); ok {
			return CostPart{Kind: CostSacrifice, What: r}, "", true
		}
	case c.lit("pay"):
		if n, ok := c.number(false); ok && c.lit("life") {
			return CostPart{Kind: CostLife, N: &n}, "", true
		}
	case c.lit("discard"):
		if selfRef(c) {
			return CostPart{Kind: CostDiscard, What: &Ref{Kind: RefSelf}}, ZoneHand, true
		}
		if r, ok := a.choiceRef(c); ok {
			return CostPart{Kind: CostDiscard, What: r}, "", true
		}
	case c.lit("exile"):
		if selfRef(c) {
			if c.lit("from your graveyard") {
				return CostPart{Kind: CostExile, What: &Ref{Kind: RefSelf}}, ZoneGraveyard, true
			}
			return CostPart{Kind: CostExile, What: &Ref{Kind: RefSelf}}, "", true
		}
		if r, ok := a.choiceRef(c); ok && r.Filter.Zone != "" {
			return CostPart{Kind: CostExile, What: r}, "", true
		}
	case c.lit("remove"):
		n, ok := c.number(true)
		if !ok {
			break
		}
		kind, ok := counterKind(c)
		if ok && (c.lit("counter from") || c.lit("counters from")) && selfRef(c) {
			return CostPart{Kind: CostRemoveCounters, N: &n, Counter: kind}, "", true
		}
	case c.lit("put"):
		n, ok := c.number(true)
		if !ok {
			break
		}
		kind, ok := counterKind(c)
		if ok && (c.lit("counter on") || c.lit("counters on")) && selfRef(c) {
			return CostPart{Kind: CostPutCounters, N: &n, Counter: kind}, "", true
		}
	case c.lit("tap"):
		if r, ok := a.choiceRef(c); ok && contains(r.Filter.States, "untapped") {
			return CostPart{Kind: CostTapOther, What: r}, "", true
		}
	case c.lit("return"):
		if r, ok := a.choiceRef(c); ok && c.lit("to its owner's hand") || ok && c.lit("to their owner's hand") {
			return CostPart{Kind: CostReturn, What: r}, "", true
		}
	}
	c.pos = start
	return CostPart{}, "", false
}

// choiceRef reads objects a player chooses: "a creature", "two cards",
// "another creature", "an untapped creature you control".
func (a *abCtx) choiceRef(c *cur) (*Ref, bool) {
	start := c.pos
	if c.lit("any number of") {
		f, ok := a.filterPhrase(c)
		if !ok {
			c.pos = start
			return nil, false
		}
		return &Ref{Kind: RefChoice, Min: 0, Max: -1, Filter: f}, true
	}
	n, ok := c.number(true)
	other := false
	if !ok {
		if !c.lit("another") {
			return nil, false
		}
		n, other = Amount{N: 1}, true
	}
	if n.Var != "" || n.N < 1 {
		c.pos = start
		return nil, false
	}
	f, ok := a.filterPhrase(c)
	if !ok {
		c.pos = start
		return nil, false
	}
	if other {
		f.Other = true
	}
	return &Ref{Kind: RefChoice, Min: n.N, Max: n.N, Filter: f}, true
}

// counterKind reads the kind of a counter: "+1/+1", "-1/-1", "charge".
func counterKind(c *cur) (string, bool) {
	w := c.peek(0)
	if w == "" || c.t[c.pos].punct || c.t[c.pos].mana {
		return "", false
	}
	if w == "counter" || w == "counters" {
		return "", false
	}
	if strings.Contains(w, "/") {
		if _, err := toPT(w); err != nil {
			return "", false
		}
	} else if !isLetters(w) {
		return "", false
	}
	if c.peek(1) != "counter" && c.peek(1) != "counters" {
		return "", false
	}
	c.pos++
	return w, true
}

func isLetters(s string) bool {
	for _, r := range s {
		if (r < 'a' || r > 'z') && r != '-' {
			return false
		}
	}
	return s != ""
}

// triggered compiles "When/Whenever/At EVENT, [if COND,] EFFECT. …".
func (cc *cardCtx) triggered(ss []sentence, bullets []string) ([]Ability, string) {
	first := ss[0]
	a := cc.newAb(KindTriggered)
	ab := Ability{Kind: KindTriggered}
	c := &cur{t: first.toks}
	tr, ok := a.triggerHead(c)
	if !ok || !c.lit(",") {
		return nil, first.printed
	}
	split := tr.Event == "blocks_or_blocked"
	if split {
		tr.Event = "blocks"
	}
	ab.Trigger = tr
	a.trigger = tr
	if c.lit("if") {
		cond, ok := a.condition(c)
		if !ok || !c.lit(",") {
			return nil, first.printed
		}
		ab.If = cond
		a.use("intervening if")
	}
	rest := sentence{printed: first.printed, toks: first.toks[c.pos:]}
	if refused := a.effectsAndLimits(&ab, first.printed, rest, ss[1:], bullets); refused != "" {
		return nil, refused
	}
	if split {
		// "Whenever CARDNAME blocks or becomes blocked by a creature":
		// an ability for each condition, "that creature" the other one.
		other := ab
		other.Trigger = &Trigger{Event: "becomes_blocked", Object: tr.Object, By: tr.To}
		a.trigger, a.lastObj, a.lastPl = other.Trigger, nil, nil
		if refused := a.effectsAndLimits(&other, first.printed, sentence{printed: first.printed, toks: first.toks[c.pos:]}, ss[1:], bullets); refused != "" {
			return nil, refused
		}
		return []Ability{ab, other}, ""
	}
	return []Ability{ab}, ""
}

// effectsAndLimits reads the effects of an activated or triggered
// ability: rest (the first sentence after its cost or event), its modes
// when it has bullets, and the sentences after it, effects then limits.
// It returns the first sentence not understood (first, for the first).
func (a *abCtx) effectsAndLimits(ab *Ability, first string, rest sentence, more []sentence, bullets []string) string {
	var effs Effects
	if len(bullets) > 0 {
		m, refused := a.modal(rest, bullets)
		if refused != "" {
			return refused
		}
		effs = m
	} else if !a.all(rest, func(c *cur) bool { return a.bodySentence(c, &effs) }) {
		return first
	}
	limited := false
	for _, s := range more {
		if a.all(s, func(c *cur) bool { return a.limitSentence(c, ab) }) {
			limited = true
			continue
		}
		if !limited && a.all(s, func(c *cur) bool { return a.bodySentence(c, &effs) }) {
			continue
		}
		return s.printed
	}
	ab.Effects = effs
	return ""
}

// triggerHead reads a trigger condition (603.1), "When CARDNAME enters
// the battlefield" to "At the beginning of your upkeep".
func (a *abCtx) triggerHead(c *cur) (*Trigger, bool) {
	start := c.pos
	if c.lit("at the beginning of") {
		ev := ""
		var pl *Ref
		switch {
		case c.lit("your upkeep"):
			ev, pl = "upkeep", &Ref{Kind: RefYou}
		case c.lit("each upkeep"), c.lit("each player's upkeep"):
			ev, pl = "upkeep", &Ref{Kind: RefAny}
		case c.lit("each opponent's upkeep"):
			ev, pl = "upkeep", &Ref{Kind: RefA, Filter: &Filter{Types: [][]string{{"opponent"}}}}
		case c.lit("your end step"):
			ev, pl = "end_step", &Ref{Kind: RefYou}
		case c.lit("each end step"), c.lit("the end step"), c.lit("each player's end step"):
			ev, pl = "end_step", &Ref{Kind: RefAny}
		case c.lit("combat on your turn"):
			ev, pl = "combat", &Ref{Kind: RefYou}
		case c.lit("each combat"):
			ev, pl = "combat", &Ref{Kind: RefAny}
		case c.lit("your draw step"):
			ev, pl = "draw_step", &Ref{Kind: RefYou}
		case c.lit("enchanted player's upkeep"):
			ev, pl = "upkeep", &Ref{Kind: RefEnchanted}
		default:
			c.pos = start
			return nil, false
		}
		a.use("trigger: beginning of step")
		return &Trigger{Event: ev, Player: pl}, true
	}
	if !c.lit("when") && !c.lit("whenever") {
		return nil, false
	}
	// Player events.
	save := c.pos
	if pl, ok := a.triggerPlayer(c); ok {
		switch {
		case c.lit("cast") || c.lit("casts"):
			if c.lit("a spell") {
				a.use("trigger: cast")
				return &Trigger{Event: "cast", Player: pl}, true
			}
			if c.lit("a") || c.lit("an") {
				f, ok := a.filterPhrase(c)
				if ok && len(f.Types) > 0 && contains(f.Types[len(f.Types)-1], "spell") {
					a.use("trigger: cast")
					return &Trigger{Event: "cast", Player: pl, What: f}, true
				}
			}
		case c.lit("gain life") || c.lit("gains life"):
			a.use("trigger: gains life")
			return &Trigger{Event: "gains_life", Player: pl}, true
		case c.lit("draw a card") || c.lit("draws a card"):
			a.use("trigger: draws")
			return &Trigger{Event: "draws", Player: pl}, true
		case c.lit("discard a card") || c.lit("discards a card"):
			a.use("trigger: discards")
			return &Trigger{Event: "discards", Player: pl}, true
		}
		c.pos = save
	}
	// Object events.
	var obj *Ref
	if selfRef(c) {
		obj = &Ref{Kind: RefSelf}
	} else if c.lit("equipped creature") {
		obj = &Ref{Kind: RefEquipped}
	} else if c.lit("enchanted creature") {
		obj = &Ref{Kind: RefEnchanted}
	} else {
		other := false
		switch {
		case c.lit("another"):
			other = true
		case c.lit("a") || c.lit("an"):
		default:
			c.pos = start
			return nil, false
		}
		f, ok := a.filterPhrase(c)
		if !ok {
			c.pos = start
			return nil, false
		}
		if other {
			f.Other = true
		}
		obj = &Ref{Kind: RefA, Filter: f}
	}
	t := &Trigger{Object: obj}
	switch {
	case c.lit("enters the battlefield"):
		t.Event = "enters"
		if c.lit("under your control") {
			if obj.Kind != RefA || obj.Filter.Control != "" {
				c.pos = start
				return nil, false
			}
			obj.Filter.Control = "you"
		} else if c.lit("under an opponent's control") {
			if obj.Kind != RefA || obj.Filter.Control != "" {
				c.pos = start
				return nil, false
			}
			obj.Filter.Control = "opponent"
		}
	case c.lit("dies"), c.lit("is put into a graveyard from the battlefield"):
		t.Event = "dies"
	case c.lit("is put into your graveyard from the battlefield"), c.lit("is put into your graveyard from anywhere"):
		t.Event = "dies"
		if c.peek(-1) == "anywhere" {
			t.Event, t.Zone = "put_into_graveyard", "anywhere"
		}
		if obj.Kind == RefA {
			obj.Filter.Own = "you"
		}
	case c.lit("leaves the battlefield"):
		t.Event = "leaves"
	case c.lit("attacks or blocks"):
		t.Event = "attacks_or_blocks"
	case c.lit("attacks"):
		t.Event = "attacks"
	case c.lit("blocks or becomes blocked by a creature"):
		// Two trigger conditions (603.2): triggered splits them.
		t.Event = "blocks_or_blocked"
		t.To = &Ref{Kind: RefA, Filter: &Filter{Types: [][]string{{"creature"}}}}
	case c.lit("blocks a creature"):
		t.Event = "blocks"
		t.To = &Ref{Kind: RefA, Filter: &Filter{Types: [][]string{{"creature"}}}}
	case c.lit("becomes blocked by a creature"):
		t.Event = "becomes_blocked"
		t.By = &Ref{Kind: RefA, Filter: &Filter{Types: [][]string{{"creature"}}}}
	case c.lit("blocks"):
		t.Event = "blocks"
	case c.lit("becomes blocked"):
		t.Event = "becomes_blocked"
	case c.lit("becomes tapped"):
		t.Event = "becomes_tapped"
	case c.lit("is dealt damage"):
		t.Event = "dealt_damage"
	case c.lit("becomes the target of a spell or ability"):
		t.Event = "becomes_target"
	case c.lit("phases in"):
		t.Event = "phases_in"
	case c.lit("phases out"):
		t.Event = "phases_out"
	case c.lit("deals combat damage to") || c.lit("deals damage to"):
		t.Event = "deals_damage"
		t.Combat = c.peek(-3) == "combat"
		switch {
		case c.lit("a player"):
			t.To = &Ref{Kind: RefA, Filter: &Filter{Types: [][]string{{"player"}}}}
		case c.lit("an opponent"):
			t.To = &Ref{Kind: RefA, Filter: &Filter{Types: [][]string{{"opponent"}}}}
		case c.lit("a creature"):
			t.To = &Ref{Kind: RefA, Filter: &Filter{Types: [][]string{{"creature"}}}}
		default:
			c.pos = start
			return nil, false
		}
	default:
		c.pos = start
		return nil, false
	}
	a.use("trigger: " + t.Event)
	return t, true
}

// triggerPlayer reads the player of a player event: "you", "an
// opponent", "a player".
func (a *abCtx) triggerPlayer(c *cur) (*Ref, bool) {
	switch {
	case c.lit("you"):
		return &Ref{Kind: RefYou}, true
	case c.lit("an opponent"):
		return &Ref{Kind: RefA, Filter: &Filter{Types: [][]string{{"opponent"}}}}, true
	case c.lit("a player"):
		return &Ref{Kind: RefAny}, true
	}
	return nil, false
}

// condition reads a condition: "you control N or more FILTER", "you
// control a FILTER", "you have N or more life", "this spell was kicked",
// "it's your turn".
func (a *abCtx) condition(c *cur) (*Condition, bool) {
	start := c.pos
	switch {
	case c.lit("this spell was kicked"), c.lit(selfToken + " was kicked"), c.lit("it was kicked"):
		return &Condition{Kind: CondKicked}, true
	case c.lit("it's your turn"):
		return &Condition{Kind: CondYourTurn}, true
	case c.lit("it's not your turn"):
		return &Condition{Kind: CondYourTurn, Not: true}, true
	case c.lit("you control"):
		n := Amount{N: 1}
		op := ">="
		if v, ok := c.number(false); ok && v.Var == "" {
			n = v
			switch {
			case c.lit("or more"):
			case c.lit("or fewer"):
				op = "<="
			default:
				c.pos = start
				return nil, false
			}
		} else if c.lit("no") {
			n, op = Amount{N: 0}, "=="
		} else if !c.lit("a") && !c.lit("an") && !c.lit("another") {
			c.pos = start
			return nil, false
		}
		other := c.peek(-1) == "another"
		f, ok := a.filterPhrase(c)
		if !ok || f.Control != "" {
			c.pos = start
			return nil, false
		}
		f.Control = "you"
		if other {
			f.Other = true
		}
		return &Condition{Kind: CondCompare, Left: &Amount{Fn: "count", Filter: f}, Op: op, Right: &n}, true
	case c.lit("you have"):
		n, ok := c.number(false)
		if !ok || n.Var != "" {
			break
		}
		op := ""
		switch {
		case c.lit("or more life"):
			op = ">="
		case c.lit("or less life"):
			op = "<="
		}
		if op == "" {
			break
		}
		return &Condition{Kind: CondCompare, Left: &Amount{Fn: "life", Ref: &Ref{Kind: RefYou}}, Op: op, Right: &n}, true
	case c.lit("seven or more cards are in your graveyard"), c.lit("there are seven or more cards in your graveyard"):
		n := Amount{N: 7}
		return &Condition{Kind: CondCompare, Left: &Amount{Fn: "count", Filter: &Filter{Types: [][]string{{"card"}}, Own: "you", Zone: ZoneGraveyard}}, Op: ">=", Right: &n}, true
	case c.lit(selfToken + " is attacking"), c.lit("it's attacking"):
		return &Condition{Kind: CondAttacking, Ref: &Ref{Kind: RefSelf}}, true
	case c.lit(selfToken + " is untapped"):
		return &Condition{Kind: CondUntapped, Ref: &Ref{Kind: RefSelf}}, true
	case c.lit(selfToken + " is tapped"):
		return &Condition{Kind: CondTapped, Ref: &Ref{Kind: RefSelf}}, true
	}
	c.pos = start
	return nil, false
}

// additionalCost compiles "As an additional cost to cast this spell,
// COST." (601.2f).
func (cc *cardCtx) additionalCost(s sentence) (Ability, bool) {
	a := cc.newAb(KindAdditional)
	var ab Ability
	ok := a.all(s, func(c *cur) bool {
		if !c.lit("as an additional cost to cast this spell ,") {
			return false
		}
		// "you may exile any number of …": an optional part, as its
		// count of zero or more says.
		if c.lit("you may") && !(c.peek(0) == "exile" && c.peek(1) == "any") {
			return false
		}
		var cost Cost
		for {
			cp, _, ok := a.costPart(c)
			if !ok {
				return false
			}
			cost = append(cost, cp)
			if !c.lit("and") {
				break
			}
		}
		ab = Ability{Kind: KindAdditional, Cost: cost}
		a.use("additional cost")
		return true
	})
	return ab, ok
}

// asEnters compiles "As CARDNAME enters the battlefield, choose a
// color." (614.12) and "You may have CARDNAME enter the battlefield as a
// copy of any creature on the battlefield." (707.2, 614.1c).
func (cc *cardCtx) asEnters(s sentence) (Ability, bool) {
	a := cc.newAb(KindAsEnters)
	var ab Ability
	if a.all(s, func(c *cur) bool {
		if !c.lit("you may have") || !selfRef(c) || !c.lit("enter the battlefield as a copy of any") {
			return false
		}
		f, ok := a.filterPhrase(c)
		if !ok || !c.lit("on the battlefield") || len(f.Types) != 1 || len(f.Types[0]) != 1 {
			return false
		}
		copyOf := Effect{Op: "copy_of", Args: []Arg{{"what", &Ref{Kind: RefChoice, Min: 1, Max: 1, Filter: f}}}}
		ab = Ability{Kind: KindAsEnters, Effects: []Effect{{Op: "may", Args: []Arg{{"do", Effects{copyOf}}}}}}
		a.use("enters as a copy")
		return true
	}) {
		return ab, true
	}
	ok := a.all(s, func(c *cur) bool {
		if !c.lit("as") || !selfRef(c) || !c.lit("enters the battlefield , choose") {
			return false
		}
		w := ""
		switch {
		case c.lit("a color"):
			w = "color"
		case c.lit("a creature type"):
			w = "creature_type"
		case c.lit("an opponent"):
			w = "opponent"
		case c.lit("a player"):
			w = "player"
		case c.lit("a basic land type"):
			w = "basic_land_type"
		case c.lit("a land type"):
			w = "land_type"
		case c.lit("a card type"):
			w = "card_type"
		default:
			return false
		}
		ab = Ability{Kind: KindAsEnters, Effects: []Effect{{Op: "choose_value", Args: []Arg{{Name: "what", Value: Word(w)}}}}}
		a.use("as enters, choose")
		return true
	})
	return ab, ok
}

// modal compiles "Choose one —" and its bullets (700.2) into a choose
// effect; refused is the first sentence not understood.
func (a *abCtx) modal(head sentence, bullets []string) (Effects, string) {
	var m Modes
	ok := a.all(head, func(c *cur) bool {
		switch {
		case c.lit("choose one —"):
			m.Min, m.Max = 1, 1
		case c.lit("choose two —"):
			m.Min, m.Max = 2, 2
		case c.lit("choose three —"):
			m.Min, m.Max = 3, 3
		case c.lit("choose one or both —"):
			m.Min, m.Max = 1, 2
		case c.lit("choose one or more —"):
			m.Min, m.Max = 1, -1
		case c.lit("choose any number —"):
			m.Min, m.Max = 0, -1
		default:
			return false
		}
		return true
	})
	if !ok {
		return nil, head.printed
	}
	for _, b := range bullets {
		text := strings.TrimSpace(strings.TrimPrefix(b, "•"))
		if text == "" {
			return nil, b // a mode must say something
		}
		var effs Effects
		saveObj, savePl := a.lastObj, a.lastPl
		a.lastObj, a.lastPl = nil, nil
		for _, s := range a.card.sentences(text) {
			if !a.all(s, func(c *cur) bool { return a.bodySentence(c, &effs) }) {
				return nil, s.printed
			}
		}
		a.lastObj, a.lastPl = saveObj, savePl
		m.Options = append(m.Options, effs)
	}
	if m.Max > len(m.Options) || len(m.Options) < 2 {
		return nil, head.printed
	}
	if m.Max < 0 {
		m.Max = len(m.Options)
	}
	a.use("modes")
	return Effects{{Op: "choose", Args: []Arg{{Name: "modes", Value: m}}}}, ""
}
