package engine

import "arbiter/engine/cardlang"

// newObject gives p a new object number: it changed zones and is a new
// object with no memory of its previous existence (400.7).
func (g *game) newObject(p *Permanent) {
	g.s.NextObject++
	p.Object = g.s.NextObject
}

// remember keeps a permanent as it last existed on the battlefield (608.2h).
func (g *game) remember(p *Permanent) {
	q := *p
	g.s.LastKnown = append(g.s.LastKnown[:len(g.s.LastKnown):len(g.s.LastKnown)], q)
}

// leave moves a permanent from the battlefield to zone: its "leaves"
// triggers trigger, durations that track it end, it is removed from combat,
// and permanents phased out until it leaves phase in (610.4).
func (g *game) leave(id, zone, rule string) { g.leaveMany([]string{id}, zone, rule) }

// leaveMany moves permanents from the battlefield to zone at once: the
// abilities that trigger on their leaving look back in time (603.10a), so
// each one sees the others leave.
func (g *game) leaveMany(ids []string, zone, rule string) {
	var gone []leaving
	for _, id := range ids {
		p := g.s.perm(id)
		if p == nil || p.Zone != ZoneBattlefield {
			continue
		}
		to, by := zone, ""
		if zone == ZoneGraveyard {
			to, by = g.replaceDies(p)
		}
		gone = append(gone, g.leaveOne(p, to, rule, by))
	}
	for _, l := range gone {
		g.afterLeaving(l)
	}
}

// leaving is a permanent that left the battlefield: as it was, and where it went.
type leaving struct {
	id   string
	last Permanent
	zone string
	// by is the effect that replaced its going to the graveyard, if any.
	by string
}

// leaveOne moves one permanent and reports the move, without its triggers.
func (g *game) leaveOne(p *Permanent, zone, rule, by string) leaving {
	g.remember(p)
	last := *p
	inCombat := p.Attacking != "" || p.Blocking != ""
	p.Attacking, p.Blocking, p.Blocked, p.BlockOrder = "", "", false, nil
	p.Zone = zone
	p.PhasedOut, p.PhasedIndirect, p.PhasedOutUnder, p.PhaseInOn = false, false, "", ""
	p.Tapped, p.Damage, p.Counters, p.AttachedTo, p.DeathtouchHit = false, 0, nil, "", false
	p.Kicked = false
	if p.Printed != nil {
		g.restorePrinted(p)
	}
	g.newObject(p)
	if zone == ZoneLibrary {
		g.toLibrary(p.ID, p.Owner, false)
	}
	args := []string{zone}
	if by != "" {
		g.emit(Event{Kind: EventReplaced, Objects: []string{by, p.ID}, Args: []string{"dies", zone}, Rule: "614.6", Player: last.Controller})
	}
	g.emit(Event{Kind: EventLeavesBattlefield, Objects: []string{p.ID}, Args: args, Rule: rule, Player: last.Controller})
	if inCombat {
		g.emit(Event{Kind: EventRemovedFromCombat, Objects: []string{p.ID}, Rule: "506.4", Player: last.Controller})
	}
	return leaving{id: p.ID, last: last, zone: zone, by: by}
}

// afterLeaving does what follows a permanent's leaving: its triggers and
// those of what saw it go, durations that tracked it, what phased out
// until it left.
func (g *game) afterLeaving(l leaving) {
	id := l.id
	g.fire(id, "leaves", "603.6c", "")
	g.fireLang(gameEvent{kind: "leaves", obj: id, lki: &l.last, rule: "603.6c"})
	if l.zone == ZoneGraveyard {
		if l.last.Is("creature") || l.last.Is("planeswalker") {
			g.fireLang(gameEvent{kind: "dies", obj: id, lki: &l.last, rule: "603.6c"})
		}
		g.fireLang(gameEvent{kind: "put_into_graveyard", obj: id, lki: &l.last, from: ZoneBattlefield, rule: "603.6c"})
	}
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if !e.Ended && e.Source == id && (e.Duration == "for_as_long_as" || e.Duration == "until") {
			g.endEffect(e, "611.2b")
		}
	}
	var back, backTapped []string
	for i := range g.s.Permanents {
		q := &g.s.Permanents[i]
		if q.PhasedOut && q.PhaseInOn == id+"_leaves" {
			if q.TapOnReturn {
				backTapped = append(backTapped, q.ID)
			} else {
				back = append(back, q.ID)
			}
		}
	}
	g.phaseIn(back, "610.4", false)
	g.phaseIn(backTapped, "610.4", true)
	// What it exiled until it left returns under its owner's control (610.3, 610.3c).
	var ret []string
	for i := range g.s.Permanents {
		q := &g.s.Permanents[i]
		if q.Zone == ZoneExile && q.ReturnOn == id+"#"+itoa(l.last.Object) {
			q.ReturnOn = ""
			ret = append(ret, q.ID)
		}
	}
	for _, rid := range ret {
		q := g.s.perm(rid)
		g.enterAs([]string{rid}, "610.3", enterOpts{controller: q.Owner})
	}
}

// destroy destroys the permanents (701.8a): an indestructible one isn't
// (702.12b), a phased-out or absent one is unaffected.
func (g *game) destroy(ids []string, rule string) { g.destroyIDs(ids, rule, false) }

// destroyIDs destroys permanents at once (701.8a): an indestructible one
// isn't (702.12b); a regeneration shield replaces the destruction unless
// it can't be regenerated (701.19); the others go to the graveyard
// together, or where a replacement effect sends them (614.6).
func (g *game) destroyIDs(ids []string, rule string, noRegen bool) {
	var dead []string
	for _, id := range ids {
		p := g.s.perm(id)
		switch {
		case p == nil:
		case !p.Exists():
			g.unaffected(id)
		case p.Has("indestructible"):
			g.emit(Event{Kind: EventIndestructible, Objects: []string{id}, Rule: "702.12b", Player: p.Controller})
		case !noRegen && g.regenerates(p):
		default:
			g.emit(Event{Kind: EventDestroy, Objects: []string{id}, Rule: rule, Player: p.Controller})
			dead = append(dead, id)
		}
	}
	g.leaveMany(dead, ZoneGraveyard, rule)
}

// destroyAll destroys every existing permanent matching f; phased-out ones
// are untouched, as though they didn't exist (702.26b).
func (g *game) destroyAll(f *Filter) {
	for _, id := range g.matchingPhasedOut(f) {
		g.unaffected(id)
	}
	g.destroy(g.matching(f), "701.8a")
}

// enter puts cards onto the battlefield (from hand or elsewhere), under
// their owner's control unless a spell's controller puts them there. A
// card that enters tapped does (614.1c); one with vanishing N enters with N
// time counters (702.63a); a choice made as it enters is made (614.12).
// rule is what puts them there: 608.3a or 608.3c for a resolving permanent
// spell, 110.2a for an effect.
func (g *game) enter(ids []string, rule string) { g.enterAs(ids, rule, enterOpts{}) }

// enterOpts are how permanents enter: tapped, under whose control, with
// which counters.
type enterOpts struct {
	tapped     bool
	controller string
	counters   map[string]int
}

// enterAs puts cards onto the battlefield as opts say, each a new object
// (400.7), then their "enters" abilities trigger.
func (g *game) enterAs(ids []string, rule string, opts enterOpts) {
	var in []string
	for _, id := range ids {
		p := g.s.perm(id)
		if p.Zone == ZoneBattlefield {
			continue
		}
		from := p.Zone
		if from == ZoneHand || from == ZoneLibrary || from == ZoneGraveyard || from == ZoneExile {
			g.unlist(p)
		}
		if p.Zone != ZoneStack {
			g.newObject(p)
		}
		p.Zone = ZoneBattlefield
		p.Sick = true
		p.ReturnOn = ""
		p.EnteredTurn = g.s.Turn
		if opts.controller != "" {
			p.BaseController = opts.controller
			p.Controller = opts.controller
		}
		g.s.Timestamp++
		p.Timestamp = g.s.Timestamp
		if err := g.asEnters(p); err != nil {
			g.fail(err)
		}
		if opts.tapped || g.entersTapped(p) {
			p.Tapped = true
		}
		add := map[string]int{}
		for k, v := range opts.counters {
			add[k] += v
		}
		if n := p.VanishingN; n > 0 {
			add["time"] += n
		}
		for k, v := range g.entersWithCounters(p) {
			add[k] += v
		}
		if len(add) > 0 {
			m := map[string]int{}
			for k, v := range p.Counters {
				m[k] = v
			}
			for k, v := range add {
				m[k] += g.replaceCounterCount(p, k, v)
			}
			p.Counters = m
		}
		g.emit(Event{Kind: EventEntersBattlefield, Objects: []string{id}, Rule: rule, Player: p.Controller})
		in = append(in, id)
	}
	g.recompute(false)
	for _, id := range in {
		g.fire(id, "enters", "603.6a", "")
		g.fireLang(gameEvent{kind: "enters", obj: id, rule: "603.6a"})
	}
}

// asEnters makes the choices a permanent's text makes as it enters
// (614.12), and those of the scenario's land-type cards.
func (g *game) asEnters(p *Permanent) error {
	for _, a := range abilitiesOf(p) {
		if a.lang.Kind != cardlang.KindAsEnters {
			continue
		}
		c := &langCtx{ctl: p.Controller, self: p.ID, selfObj: p.Object, name: p.Name}
		if err := g.run(c, a.lang.Effects); err != nil {
			return err
		}
	}
	return nil
}

// entersTapped reports whether a static ability says p enters tapped (614.1c).
func (g *game) entersTapped(p *Permanent) bool {
	for _, st := range staticAbilities(p.Behavior) {
		c := &langCtx{ctl: p.Controller, self: p.ID, selfObj: p.Object}
		if st.If != nil && !g.cond(c, st.If) {
			continue
		}
		for _, e := range st.Effects {
			if e.Op == "enters_tapped" && e.Ref("what") != nil && e.Ref("what").Kind == cardlang.RefSelf {
				return true
			}
		}
	}
	return false
}

// entersWithCounters gives the counters a static ability says p enters with (614.1c).
func (g *game) entersWithCounters(p *Permanent) map[string]int {
	var out map[string]int
	for _, st := range staticAbilities(p.Behavior) {
		c := &langCtx{ctl: p.Controller, self: p.ID, selfObj: p.Object}
		for _, e := range st.Effects {
			if e.Op != "enters_with_counters" || e.Ref("what") == nil || e.Ref("what").Kind != cardlang.RefSelf {
				continue
			}
			if out == nil {
				out = map[string]int{}
			}
			a, _ := e.Amount("n")
			out[e.Word("kind")] += g.amount(c, a)
		}
	}
	return out
}

// landTypes returns the basic land types (205.3i) and the others a choice
// may name.
func landTypes() []string {
	return []string{"Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate", "Lair", "Locus", "Mine",
		"Power-Plant", "Tower", "Urza's", "Cave", "Sphere"}
}

// defaultLandType is the first land type a land on the battlefield has,
// else Island.
func (g *game) defaultLandType() string {
	for i := range g.s.Permanents {
		p := &g.s.Permanents[i]
		if p.Exists() && p.Is("land") {
			for _, st := range p.Subtypes {
				if has(landTypes(), st) {
					return st
				}
			}
		}
	}
	return "Island"
}

// moveTo moves an object to a zone as an effect says: a permanent leaves
// the battlefield, a card changes zones, a spell leaves the stack.
func (g *game) moveTo(c *langCtx, id, zone, rule string) {
	p := g.s.perm(id)
	if p == nil {
		if o := g.stackObject(id); o != nil {
			g.removeSpell(o.ID, zone, rule)
		}
		return
	}
	switch {
	case p.Zone == ZoneBattlefield && p.PhasedOut:
		g.unaffected(id)
	case p.Zone == ZoneBattlefield:
		g.leave(id, zone, rule)
	case p.Zone == ZoneStack && id == c.self && c.spell != "":
		c.selfTo = zone
		if zone == ZoneExile {
			g.emit(Event{Kind: EventSpellExiled, Objects: []string{c.spell}, Rule: rule, Player: c.ctl})
		}
	case p.Zone == ZoneStack:
		if o := g.stackObjectOfCard(id); o != nil {
			g.removeSpell(o.ID, zone, rule)
		}
	case p.Zone == ZoneGone:
	default:
		g.changeZone(p, zone, rule)
	}
}

// moveToZone moves an object to its owner's hand, graveyard or library
// (bottom for the bottom of it), as an effect says; it reports whether it
// moved.
func (g *game) moveToZone(c *langCtx, id, zone string, bottom bool, rule string) bool {
	p := g.s.perm(id)
	if p == nil {
		if o := g.stackObject(id); o != nil {
			g.removeSpell(o.ID, zone, rule)
			return true
		}
		return false
	}
	switch {
	case p.Zone == ZoneBattlefield && p.PhasedOut:
		g.unaffected(id)
		return false
	case p.Zone == ZoneBattlefield:
		g.leave(id, zone, rule)
		if zone == ZoneLibrary && bottom {
			g.toLibrary(id, p.Owner, true)
		}
	case p.Zone == ZoneStack:
		if o := g.stackObjectOfCard(id); o != nil {
			g.removeSpell(o.ID, zone, rule)
		}
	case p.Zone == ZoneGone:
		return false
	default:
		g.changeZone(p, zone, rule)
		if zone == ZoneLibrary {
			g.toLibrary(id, p.Owner, bottom)
		}
	}
	return true
}

// changeZone moves a card that is not on the battlefield or the stack to
// another zone: a new object (400.7).
func (g *game) changeZone(p *Permanent, zone, rule string) {
	from := p.Zone
	if from == zone && zone != ZoneLibrary {
		return
	}
	g.unlist(p)
	p.Zone = zone
	p.ReturnOn = ""
	g.newObject(p)
	if zone == ZoneLibrary {
		g.toLibrary(p.ID, p.Owner, false)
	}
	g.emit(Event{Kind: EventZoneChange, Objects: []string{p.ID}, Args: []string{from, zone}, Rule: rule, Player: p.Owner})
	if zone == ZoneGraveyard {
		g.fireLang(gameEvent{kind: "put_into_graveyard", obj: p.ID, from: from, rule: "603.6a"})
	}
}

// unlist takes a card out of its owner's library order.
func (g *game) unlist(p *Permanent) {
	i := g.s.player(p.Owner)
	if i < 0 || p.Zone != ZoneLibrary {
		return
	}
	pl := &g.s.Players[i]
	pl.Top = without(pl.Top, []string{p.ID})
	pl.Bottom = without(pl.Bottom, []string{p.ID})
}

// toLibrary puts a card on top of (or at the bottom of) its owner's library.
func (g *game) toLibrary(id, owner string, bottom bool) {
	i := g.s.player(owner)
	if i < 0 {
		return
	}
	pl := &g.s.Players[i]
	pl.Top = without(pl.Top, []string{id})
	pl.Bottom = without(pl.Bottom, []string{id})
	if bottom {
		pl.Bottom = append(pl.Bottom, id)
	} else {
		pl.Top = append([]string{id}, pl.Top...)
	}
}

// returnToBattlefield puts a card onto the battlefield as a move effect
// says: under its owner's control or the effect's controller's (110.2a),
// tapped if it says; persist and undying return it with their counter.
func (g *game) returnToBattlefield(c *langCtx, id string, e cardlang.Effect) bool {
	p := g.s.perm(id)
	if p == nil || p.Zone == ZoneBattlefield || p.Zone == ZoneGone || p.Zone == ZoneStack {
		return false
	}
	if p.Token {
		return false // a token that left the battlefield can't come back (111.8)
	}
	opts := enterOpts{tapped: e.Flag("tapped"), controller: c.ctl}
	if e.Word("under") == "owner" {
		opts.controller = p.Owner
	}
	switch {
	case e.Flag("persist"):
		opts.counters = map[string]int{"-1/-1": 1}
	case e.Flag("undying"):
		opts.counters = map[string]int{"+1/+1": 1}
	}
	g.enterAs([]string{id}, "110.2a", opts)
	return true
}

// playLand plays a land (305.1): the active player, in their main phase
// with an empty stack (505.6b), puts it from their hand onto the
// battlefield, once each turn (305.2). Playing a land uses no stack.
func (g *game) playLand(id string) error {
	p := g.s.perm(id)
	if p == nil {
		return errorf(CodeUndefinedID, 0, 0, id)
	}
	i := g.s.player(p.Owner)
	switch {
	case !p.Is("land"):
		return illegal(CodeCantPlay, "305.1", id)
	case p.Zone != ZoneHand || p.toCast:
		return illegal(CodeCantPlay, "305.1", id)
	case g.s.Active != p.Owner:
		return illegal(CodeCantPlay, "505.6b", id)
	case g.s.Step != StepMain1 && g.s.Step != StepMain2 || len(g.s.Stack) > 0:
		return illegal(CodeCantPlay, "505.6b", id)
	case g.s.Players[i].LandsPlayed >= 1:
		return illegal(CodeCantPlay, "305.2", id)
	}
	g.s.Players[i].LandsPlayed++
	g.emit(Event{Kind: EventPlayLand, Objects: []string{id}, Rule: "305.1", Player: p.Owner})
	g.enterAs([]string{id}, "305.1", enterOpts{controller: p.Owner})
	return nil
}
