package engine

import (
	"strings"

	"arbiter/engine/cardlang"
)

// The interpreter of the card language: what each operation does to the
// game, in the order the text gives them (608.2c).

// run does effects in context c.
func (g *game) run(c *langCtx, es cardlang.Effects) error {
	for _, e := range es {
		if err := g.runEffect(c, e); err != nil {
			return err
		}
		if g.err != nil {
			return g.err
		}
	}
	return nil
}

// setIt records what an effect acted on, for "it" in later effects.
func (g *game) setIt(c *langCtx, ids []string) {
	c.it = nil
	for _, id := range ids {
		l := objLink{id: id}
		if p := g.s.perm(id); p != nil {
			l.obj = p.Object
		}
		c.it = append(c.it, l)
	}
}

// moved records objects an effect moved: "it" follows them to their new
// zone (400.7), and remembers what they were for last known information.
func (g *game) moved(c *langCtx, before map[string]int, ids []string) {
	c.it = nil
	for _, id := range ids {
		l := objLink{id: id, prev: before[id]}
		if p := g.s.perm(id); p != nil {
			l.obj = p.Object
		}
		c.it = append(c.it, l)
	}
}

// objectNumbers records the object numbers of ids now.
func (g *game) objectNumbers(ids []string) map[string]int {
	m := map[string]int{}
	for _, id := range ids {
		if p := g.s.perm(id); p != nil {
			m[id] = p.Object
		}
	}
	return m
}

// runEffect does one effect.
func (g *game) runEffect(c *langCtx, e cardlang.Effect) error {
	n := func(name string) int {
		a, ok := e.Amount(name)
		if !ok {
			return 1
		}
		return g.amount(c, a)
	}
	what := func() []string { return g.chosenObjects(c, e.Ref("what"), c.ctl) }
	who := func() []string { return g.playersOf(c, e.Ref("who")) }
	switch e.Op {
	case "damage":
		amt := n("n")
		to := e.Ref("to")
		ids := g.refIDs(c, to, false)
		src := c.damageSource()
		if from := e.Ref("from"); from != nil {
			if fs := g.objectsOf(c, from); len(fs) > 0 {
				src = fs[0]
			}
		}
		for _, t := range ids {
			g.dealDamage(src, t, amt, "120.3", false)
		}
		if to != nil && (to.Kind == cardlang.RefYou || to.Kind == cardlang.RefEach) {
			c.itPl = ids
		} else {
			g.setIt(c, ids)
		}
	case "destroy":
		ids := what()
		g.destroyIDs(ids, "701.8a", e.Flag("no_regen"))
		g.setIt(c, ids)
	case "exile":
		ids := what()
		before := g.objectNumbers(ids)
		if e.Word("until") == "source_leaves" {
			// Exiled until the source leaves the battlefield (610.3):
			// not at all if it already has (610.3c).
			src := g.s.perm(c.self)
			if src == nil || src.Zone != ZoneBattlefield || src.Object != c.selfObj && c.selfObj != 0 {
				rule := "610.3a"
				if c.triggered {
					rule = "610.3b"
				}
				for _, id := range ids {
					g.emit(Event{Kind: EventUnaffected, Objects: []string{id}, Rule: rule, Player: c.ctl})
				}
				g.setIt(c, nil)
				break
			}
			for _, id := range ids {
				g.moveTo(c, id, ZoneExile, "406.2")
				if p := g.s.perm(id); p != nil && p.Zone == ZoneExile {
					p.ReturnOn = c.self + "#" + itoa(src.Object)
					p.ExiledBy, p.ExiledObj = c.exiler(), p.Object
				}
			}
			g.moved(c, before, ids)
			break
		}
		for _, id := range ids {
			g.moveTo(c, id, ZoneExile, "406.2")
			if p := g.s.perm(id); p != nil && p.Zone == ZoneExile {
				p.ExiledBy, p.ExiledObj = c.exiler(), p.Object
			}
		}
		g.moved(c, before, ids)
	case "move":
		ids := what()
		before := g.objectNumbers(ids)
		to := e.Word("to")
		var done []string
		for _, id := range ids {
			if to == cardlang.ZoneBattlefield {
				if g.returnToBattlefield(c, id, e) {
					done = append(done, id)
				}
				continue
			}
			zone := to
			rule := "400.7"
			switch to {
			case cardlang.ZoneLibraryTop, cardlang.ZoneLibraryBottom:
				zone, rule = ZoneLibrary, "400.7"
			case cardlang.ZoneHand:
				rule = "400.7"
			}
			if g.moveToZone(c, id, zone, to == cardlang.ZoneLibraryBottom, rule) {
				done = append(done, id)
			}
		}
		g.moved(c, before, ids)
		_ = done
	case "sacrifice":
		for _, pl := range who() {
			var ids []string
			r := e.Ref("what")
			switch {
			case r.Kind == cardlang.RefSelf:
				if p := g.s.perm(c.self); p != nil && p.Exists() && p.Controller == pl {
					ids = []string{p.ID}
				}
			case r.Kind == cardlang.RefChoice:
				cands := g.controlledMatching(c, r.Filter, pl)
				pick, err := g.choosePick(pl, r.Min, cands, "608.2d")
				if err != nil {
					return err
				}
				ids = pick
			default:
				for _, id := range g.objectsOf(c, r) {
					if p := g.s.perm(id); p.Exists() && p.Controller == pl {
						ids = append(ids, id)
					}
				}
			}
			g.sacrifice(ids, pl)
		}
	case "tap":
		ids := what()
		g.tap(ids)
		g.setIt(c, ids)
	case "untap":
		ids := what()
		g.untap(ids, "701.26b")
		g.setIt(c, ids)
	case "add_counters", "remove_counters":
		ids := what()
		k := n("n")
		kind := e.Word("kind")
		for _, id := range ids {
			p := g.s.perm(id)
			if p == nil || !p.Exists() {
				if p != nil {
					g.unaffected(id)
				}
				continue
			}
			if e.Op == "remove_counters" {
				if k = min(k, p.Counters[kind]); k > 0 {
					g.counterN(id, kind, -k, "122.1")
				}
				continue
			}
			g.putCounters(id, kind, k, "122.1")
		}
		g.setIt(c, ids)
	case "regenerate":
		ids := what()
		for _, id := range ids {
			if p := g.s.perm(id); p == nil || !p.Exists() {
				continue
			}
			if err := g.addEffect(Effect{ID: g.effectID(c.effectBase()), Name: c.name, Origin: c.spell, Kind: "regenerate", Target: id,
				Duration: "end_of_turn", Controller: c.ctl}); err != nil {
				return err
			}
		}
		g.setIt(c, ids)
	case "phase_out":
		ids := what()
		var done []string
		if e.Word("until") == "source_leaves" {
			done = g.phaseOutUntilIDs(ids, c.self, e.Flag("tapped"))
		} else {
			var live []string
			for _, id := range ids {
				if p := g.s.perm(id); p != nil && p.Exists() {
					live = append(live, id)
				}
			}
			done = g.phaseOut(live, "702.26b")
		}
		g.setIt(c, done)
	case "fight":
		a := g.objectsOf(c, e.Ref("a"))
		b := g.objectsOf(c, e.Ref("b"))
		if len(a) > 0 && len(b) > 0 {
			pa, pb := g.s.perm(a[0]), g.s.perm(b[0])
			if pa.Exists() && pb.Exists() && pa.Is("creature") && pb.Is("creature") {
				na, nb := pa.Power, pb.Power
				g.dealDamage(pa.ID, pb.ID, na, "701.14a", false)
				g.dealDamage(pb.ID, pa.ID, nb, "701.14a", false)
			}
		}
		g.setIt(c, b)
	case "attach":
		ids := what()
		to := g.refIDs(c, e.Ref("to"), false)
		if len(ids) > 0 && len(to) > 0 {
			if p := g.s.perm(ids[0]); p != nil && p.Exists() {
				if h := g.s.perm(to[0]); h != nil && h.Exists() && g.canHost(p, h) {
					if err := g.attachRule(ids[0], to[0], "701.3a"); err != nil && !isIllegal(err) {
						return err
					}
				}
			}
		}
		g.setIt(c, ids)
	case "counter":
		ids := g.refIDs(c, e.Ref("what"), false)
		for _, id := range ids {
			if err := g.counterSpell(c, id, e); err != nil {
				return err
			}
		}
		g.setIt(c, ids)
	case "create":
		ctl := c.ctl
		if f := e.Ref("for"); f != nil {
			if ps := g.playersOf(c, f); len(ps) > 0 {
				ctl = ps[0]
			}
		}
		tok, _ := e.Get("token").(*cardlang.Token)
		ids := g.createTokens(c, ctl, tok, n("n"), e.Flag("tapped"), e.Flag("attacking"))
		g.setIt(c, ids)
	case "draw":
		k := n("n")
		ps := who()
		for _, pl := range ps {
			g.draw(pl, k, "121.1")
		}
		c.itPl = ps
	case "discard":
		k := n("n")
		ps := who()
		for _, pl := range ps {
			if err := g.discardCards(pl, k, "701.9a"); err != nil {
				return err
			}
		}
		c.itPl = ps
	case "mill":
		k := n("n")
		ps := who()
		for _, pl := range ps {
			g.mill(pl, k)
		}
		c.itPl = ps
	case "scry", "surveil":
		k := n("n")
		ps := who()
		for _, pl := range ps {
			if err := g.scry(pl, k, e.Op == "surveil"); err != nil {
				return err
			}
		}
		c.itPl = ps
	case "gain_life", "lose_life":
		k := n("n")
		ps := who()
		for _, pl := range ps {
			if k <= 0 {
				break // no life is gained or lost for 0 or less (119.3)
			}
			if e.Op == "gain_life" {
				g.changeLife(pl, k, c.damageSource(), "119.3")
			} else {
				g.loseLife(pl, k, c.damageSource(), "119.3")
			}
		}
		c.itPl = ps
	case "add":
		return g.addLangMana(c, e)
	case "pay":
		return g.payEffect(c, e)
	case "pump", "set_pt", "grant", "lose", "gain_control", "cant", "must", "block_only", "prevent", "replace":
		return g.startEffect(c, e)
	case "choose_value":
		if w := e.Ref("who"); w != nil {
			ps := g.playersOf(c, w)
			if len(ps) == 0 {
				return nil
			}
			return g.chooseNow(c, e.Word("what"), ps[0])
		}
		return g.chooseValue(c, e.Word("what"))
	case "copy_of":
		return g.enterAsCopy(c, e.Ref("what"))
	case "pay_times":
		player := c.ctl
		if ps := g.playersOf(c, e.Ref("who")); len(ps) > 0 {
			player = ps[0]
		}
		m, _ := e.Get("mana").(cardlang.Mana)
		n, err := g.chooseTimes(player)
		if err != nil {
			return err
		}
		for k := 0; k < n; k++ {
			if err := g.payMana(player, string(m), 0, c.spell); err != nil {
				return err
			}
		}
		c.x, c.did = n, n > 0
	case "reflex":
		if c.did {
			// A reflexive triggered ability (603.12): it triggers now and
			// goes on the stack the next time a player would receive
			// priority, its targets chosen then.
			g.s.Pending = append(g.s.Pending, Trigger{Source: c.self, Condition: onPaid, Rule: "603.12", Controller: c.ctl,
				delayedDo: e.Sub("do"), ctx: c.clone(), reflexive: true, X: c.x})
		}
	case "may":
		return g.may(c, e)
	case "if":
		cd, _ := e.Get("cond").(*cardlang.Condition)
		yes := cd != nil && g.cond(c, cd)
		if cd != nil && cd.Ref != nil && cd.Ref.Kind != cardlang.RefIt {
			// "If that permanent is black, exile it instead": it is
			// what the condition is about.
			g.setIt(c, g.objectsOf(c, cd.Ref))
		}
		if yes {
			return g.run(c, e.Sub("then"))
		}
		return g.run(c, e.Sub("else"))
	case "phase_toggle":
		r := e.Ref("what")
		var f *Filter
		if r != nil && r.Filter != nil && len(r.Filter.Types) == 1 {
			f = &Filter{Types: r.Filter.Types[0]}
		}
		g.phaseToggle(f)
	case "choose":
		m, _ := e.Get("modes").(cardlang.Modes)
		for i, o := range m.Options {
			if has(intStrings(c.modes()), itoa(i+1)) {
				if err := g.run(c, o); err != nil {
					return err
				}
			}
		}
	case "at":
		ev, _ := e.Get("event").(*cardlang.Trigger)
		if ev != nil {
			g.s.Delayed = append(g.s.Delayed, Delayed{When: ev.Event, Turn: g.s.Turn, Source: c.self, Controller: c.ctl,
				Do: e.Sub("do"), ctx: c.clone(), Object: firstLink(c.it), Card: c.name})
		}
	case "enters_tapped", "enters_with_counters", "no_max_hand_size", "may_not_untap", "cda_pt", "cda_color", "multiply", "cost_less":
		// Static: the game consults them (enter, cleanup, untap, layers).
	}
	return nil
}

func firstLink(ls []objLink) string {
	if len(ls) > 0 {
		return ls[0].id
	}
	return ""
}

func isIllegal(err error) bool {
	e, ok := AsError(err)
	return ok && e.Rule != ""
}

// damageSource is what deals a spell's or ability's damage: the spell's
// card, or the permanent the ability comes from (609.7).
func (c *langCtx) damageSource() string {
	if c.self != "" {
		return c.self
	}
	return c.spell
}

// effectBase is the id the effects an ability creates are named after.
func (c *langCtx) effectBase() string {
	if c.spell != "" {
		return c.spell
	}
	return c.self
}

// modes are the modes chosen for the ability in c.
func (c *langCtx) modes() []int { return c.chosenModes }

// chosenObjects gives the objects a reference names; for a choice, the
// player chooses them now (608.2d).
func (g *game) chosenObjects(c *langCtx, r *cardlang.Ref, chooser string) []string {
	if r == nil {
		return nil
	}
	if r.Kind != cardlang.RefChoice {
		return g.objectsOf(c, r)
	}
	cands := g.allMatching(c, r.Filter)
	pick, err := g.choosePick(chooser, r.Min, cands, "608.2d")
	if err != nil {
		g.fail(err)
		return nil
	}
	return pick
}

// controlledMatching gives the permanents player controls that a filter
// describes.
func (g *game) controlledMatching(c *langCtx, f *cardlang.Filter, player string) []string {
	var out []string
	for _, id := range g.allMatching(c, f) {
		if p := g.s.perm(id); p != nil && p.Exists() && p.Controller == player {
			out = append(out, id)
		}
	}
	return out
}

// sacrifice has player sacrifice permanents (701.21a): each goes to its
// owner's graveyard.
func (g *game) sacrifice(ids []string, player string) {
	var done []string
	for _, id := range ids {
		if p := g.s.perm(id); p != nil && p.Exists() {
			done = append(done, id)
		}
	}
	g.leaveMany(done, ZoneGraveyard, "701.21a")
}

// may asks a player whether they do an optional action (608.2d): a pay
// answer for an optional cost ("unless you pay"), else a may answer. By
// default a player doesn't pay an optional cost and does take other
// optional actions. then follows if they did ("If you do"), else if they
// didn't.
func (g *game) may(c *langCtx, e cardlang.Effect) error {
	player := c.ctl
	if w := e.Ref("who"); w != nil {
		if ps := g.playersOf(c, w); len(ps) > 0 {
			player = ps[0]
		}
	}
	do := e.Sub("do")
	cost := len(do) > 0 && do[0].Op == "pay"
	var yes bool
	if cost {
		// Paying is only possible when it can be done.
		ok, err := g.choosePay(player, "608.2d")
		if err != nil {
			return err
		}
		yes = ok
	} else {
		ok, err := g.chooseMay(player, "608.2d")
		if err != nil {
			return err
		}
		yes = ok
	}
	sub := *c
	if w := e.Ref("who"); w != nil {
		sub.ctl = player
	}
	if yes {
		if err := g.run(&sub, do); err != nil {
			if isIllegal(err) && cost {
				// The cost can't be paid: as if declined.
				yes = false
			} else {
				return err
			}
		}
	}
	c.it, c.itPl = sub.it, sub.itPl
	c.did = yes
	if yes {
		return g.run(c, e.Sub("then"))
	}
	return g.run(c, e.Sub("else"))
}

// payEffect pays mana or life as an effect asks (a cost inside "may").
func (g *game) payEffect(c *langCtx, e cardlang.Effect) error {
	player := c.ctl
	if ps := g.playersOf(c, e.Ref("who")); len(ps) > 0 {
		player = ps[0]
	}
	if m, ok := e.Get("mana").(cardlang.Mana); ok {
		if err := g.payMana(player, string(m), c.x, c.spell); err != nil {
			return err
		}
	}
	if a, ok := e.Amount("life"); ok {
		n := g.amount(c, a)
		i := g.s.player(player)
		pl := &g.s.Players[i]
		if pl.Life < n || g.playerEffect(player, "life_cant_change") != nil {
			return illegal(CodeCantPay, "119.4", player, itoa(n))
		}
		pl.Life -= n
		g.emit(Event{Kind: EventPayLife, Player: player, Args: []string{itoa(n), itoa(pl.Life)}, Rule: "119.4"})
	}
	return nil
}

// addLangMana adds the mana an add effect says to the controller's pool
// (106.4): one of the alternatives, or a colour, chosen by the activation's
// mana answer, else the first.
func (g *game) addLangMana(c *langCtx, e cardlang.Effect) error {
	m, _ := e.Get("mana").(cardlang.Mana)
	k := 1
	if a, ok := e.Amount("n"); ok {
		k = g.amount(c, a)
	}
	if k <= 0 {
		return nil
	}
	src := c.self
	if p := g.s.perm(src); p == nil || p.Zone != ZoneBattlefield {
		src = ""
	}
	switch string(m) {
	case "any", "any_one":
		t := c.manaChoice
		if t == "" || !has(manaTypes()[:5], t) {
			t = "W"
			if c.manaChoice == "" {
				g.chose(c.ctl, ChoiceColor, "white", "608.2d", true)
			}
		}
		if string(m) == "any" && k > 1 {
			// Each of the mana may be a different colour; the engine
			// gives them all the one chosen.
		}
		g.addMana(c.ctl, t, k, src)
		return nil
	}
	alts := strings.Split(string(m), "|")
	pick := alts[0]
	if c.manaChoice != "" {
		for _, alt := range alts {
			if strings.Contains(alt, "{"+c.manaChoice+"}") {
				pick = alt
			}
		}
	}
	pool, ok := ParseMana(pick)
	if !ok {
		return nil
	}
	for _, t := range manaTypes() {
		if v := pool.get(t); v > 0 {
			g.addMana(c.ctl, t, v*max(k, 1)/max(1, 1), src)
		}
	}
	return nil
}

// chooseValue makes the choice of an "as enters" ability (614.12): a
// colour, a creature type, an opponent, a player, a basic land type or a
// card type; the type answer gives it, else the engine's default.
func (g *game) chooseValue(c *langCtx, what string) error {
	p := g.s.perm(c.self)
	if p == nil {
		return nil
	}
	if v := p.Choices[what]; v != "" {
		return nil
	}
	var allowed []string
	def := ""
	switch what {
	case "color":
		allowed, def = Colors(), "white"
	case "creature_type":
		def = "Human"
	case "opponent", "player":
		for _, pl := range g.s.Players {
			if !pl.Left && (what == "player" || pl.Name != p.Controller) {
				allowed = append(allowed, pl.Name)
			}
		}
		if len(allowed) > 0 {
			def = allowed[0]
		}
	case "basic_land_type":
		allowed, def = []string{"Plains", "Island", "Swamp", "Mountain", "Forest"}, g.defaultLandType()
	case "land_type":
		allowed, def = landTypes(), g.defaultLandType()
	case "card_type":
		allowed, def = spellTypes(), "creature"
	}
	v := def
	a, ok, err := g.answer(p.Controller, ChoiceType)
	if err != nil {
		return err
	}
	if ok {
		if allowed != nil && !has(allowed, a.Type) {
			return errorf(CodeBadChoice, a.Line, 0, p.Controller, ChoiceType, a.Type)
		}
		v = a.Type
	}
	g.chose(p.Controller, ChoiceType, v, "614.12", !ok)
	m := map[string]string{what: v}
	for k, x := range p.Choices {
		if k != what {
			m[k] = x
		}
	}
	p.Choices = m
	return nil
}

// chooseNow has a player make a choice as an ability resolves (608.2d):
// the type answer, else the default; the ability remembers it.
func (g *game) chooseNow(c *langCtx, what, player string) error {
	var allowed []string
	def := ""
	switch what {
	case "permanent_type":
		allowed, def = []string{"artifact", "creature", "land", "non-Aura enchantment"}, "creature"
	case "color":
		allowed, def = Colors(), "white"
	case "card_type":
		allowed, def = spellTypes(), "creature"
	case "land_type":
		allowed, def = landTypes(), g.defaultLandType()
	case "basic_land_type":
		allowed, def = []string{"Plains", "Island", "Swamp", "Mountain", "Forest"}, g.defaultLandType()
	default:
		def = "Human"
	}
	v, err := g.chooseType(player, allowed, def, "608.2d")
	if err != nil {
		return err
	}
	if c.chosen == nil {
		c.chosen = map[string]string{}
	}
	c.chosen[what] = v
	return nil
}

// chooseTimes is "you may pay … any number of times": an x answer, 0
// (not paying) by default.
func (g *game) chooseTimes(player string) (int, error) {
	a, ok, err := g.answer(player, ChoiceX)
	if err != nil {
		return 0, err
	}
	if ok {
		g.chose(player, ChoiceX, itoa(a.X), "608.2d", false)
		return a.X, nil
	}
	g.chose(player, ChoiceX, "0", "608.2d", true)
	return 0, nil
}
