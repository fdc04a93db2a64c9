package engine

import "arbiter/engine/cardlang"

// What the card language's references, filters, numbers and conditions
// mean in a game (docs/card-language.md).

// objectsOf gives the objects (permanents' and cards' ids) a reference
// names in context c; players it names are left out.
func (g *game) objectsOf(c *langCtx, r *cardlang.Ref) []string {
	var out []string
	for _, id := range g.refIDs(c, r, false) {
		if g.s.player(id) < 0 {
			out = append(out, id)
		}
	}
	return out
}

// playersOf gives the players a reference names in context c.
func (g *game) playersOf(c *langCtx, r *cardlang.Ref) []string {
	var out []string
	for _, id := range g.refIDs(c, r, true) {
		if g.s.player(id) >= 0 && !has(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// refIDs gives what a reference names: objects and players. players says
// whether the parameter wants players (for "it").
func (g *game) refIDs(c *langCtx, r *cardlang.Ref, players bool) []string {
	if r == nil {
		return nil
	}
	switch r.Kind {
	case cardlang.RefSelf:
		if c.self != "" {
			return []string{c.self}
		}
	case cardlang.RefIt:
		if players && len(c.itPl) > 0 {
			return append([]string(nil), c.itPl...)
		}
		var out []string
		for _, l := range c.it {
			if g.s.player(l.id) >= 0 {
				out = append(out, l.id)
				continue
			}
			if p := g.s.perm(l.id); p != nil && p.Object == l.obj {
				out = append(out, l.id)
			}
		}
		if players && len(out) == 0 {
			return append([]string(nil), c.itPl...)
		}
		return out
	case cardlang.RefTarget:
		return append([]string(nil), c.targetsOf(r)...)
	case cardlang.RefAll:
		var out []string
		if r.Filter != nil && filterHasPlayers(r.Filter) {
			for _, pl := range g.s.Players {
				if !pl.Left && g.matchLang(c, r.Filter, pl.Name) {
					out = append(out, pl.Name)
				}
			}
		}
		return append(out, g.allMatching(c, r.Filter)...)
	case cardlang.RefEach:
		var out []string
		for _, pl := range g.s.Players {
			if !pl.Left && g.matchLang(c, r.Filter, pl.Name) {
				out = append(out, pl.Name)
			}
		}
		return out
	case cardlang.RefYou:
		return []string{c.ctl}
	case cardlang.RefAny:
		var out []string
		for _, pl := range g.s.Players {
			if !pl.Left {
				out = append(out, pl.Name)
			}
		}
		return out
	case cardlang.RefThat:
		if c.that != "" {
			return []string{c.that}
		}
	case cardlang.RefThatPl:
		if c.thatPl != "" {
			return []string{c.thatPl}
		}
	case cardlang.RefDamaged:
		if c.damaged != "" {
			return []string{c.damaged}
		}
	case cardlang.RefEnchanted, cardlang.RefEquipped:
		if p := g.s.perm(c.self); p != nil && p.AttachedTo != "" && p.Exists() {
			if h := g.s.perm(p.AttachedTo); h != nil && h.Exists() {
				return []string{h.ID}
			}
		}
	case cardlang.RefExiled:
		// The cards the object's other abilities exiled, still in exile
		// as the objects they became there (607.2a, 400.7).
		var out []string
		key := c.exiler()
		for i := range g.s.Permanents {
			if p := &g.s.Permanents[i]; p.Zone == ZoneExile && p.ExiledBy == key && p.Object == p.ExiledObj {
				out = append(out, p.ID)
			}
		}
		return out
	case cardlang.RefDefending:
		if p := g.s.perm(c.self); p != nil && p.Attacking != "" {
			return []string{p.Attacking}
		}
		if c.that != "" {
			if p := g.s.perm(c.that); p != nil && p.Attacking != "" {
				return []string{p.Attacking}
			}
		}
	case cardlang.RefAnd:
		out := g.refIDs(c, r.Of, players)
		for _, id := range g.refIDs(c, r.And, players) {
			if !has(out, id) {
				out = append(out, id)
			}
		}
		return out
	case cardlang.RefCtrl, cardlang.RefOwner:
		var out []string
		for _, id := range g.refIDs(c, r.Of, false) {
			pl := id
			if g.s.player(id) < 0 {
				p := g.lastKnown(c, id)
				if p == nil {
					continue
				}
				pl = p.Controller
				if r.Kind == cardlang.RefOwner {
					pl = p.Owner
				}
			}
			if !has(out, pl) {
				out = append(out, pl)
			}
		}
		return out
	case cardlang.RefChoice:
		// Chosen as the effect happens; the caller asks (choose).
		return g.allMatching(c, r.Filter)
	}
	return nil
}

// lastKnown gives an object as the ability knows it: as it is now, or,
// when it has left the battlefield since the ability found it there, as
// it last existed on the battlefield (608.2h).
func (g *game) lastKnown(c *langCtx, id string) *Permanent {
	p := g.s.perm(id)
	if p == nil {
		return nil
	}
	if p.Zone == ZoneBattlefield {
		return p
	}
	prev := 0
	for _, l := range c.it {
		if l.id == id {
			prev = l.prev
		}
	}
	if id == c.self && c.selfPrev != 0 {
		prev = c.selfPrev
	}
	for i := len(g.s.LastKnown) - 1; i >= 0; i-- {
		q := &g.s.LastKnown[i]
		if q.ID == id && (prev == 0 || q.Object == prev) {
			return q
		}
	}
	return p
}

// filterHasPlayers reports whether a filter's types include players.
func filterHasPlayers(f *cardlang.Filter) bool {
	for _, grp := range f.Types {
		for _, t := range grp {
			if t == "player" || t == "opponent" || t == "any" {
				return true
			}
		}
	}
	return false
}

// allMatching gives every object a filter describes: permanents on the
// battlefield (phased-out ones don't exist, 702.26b), or cards in the zone
// the filter names.
func (g *game) allMatching(c *langCtx, f *cardlang.Filter) []string {
	var out []string
	for i := range g.s.Permanents {
		p := &g.s.Permanents[i]
		if g.matchLang(c, f, p.ID) {
			out = append(out, p.ID)
		}
	}
	if f != nil && f.Zone == cardlang.ZoneStack || f != nil && typesHave(f, "spell") {
		for _, o := range g.s.Stack {
			if g.matchLang(c, f, o.ID) && !has(out, o.ID) {
				out = append(out, o.ID)
			}
		}
	}
	return out
}

func typesHave(f *cardlang.Filter, t string) bool {
	for _, grp := range f.Types {
		if has(grp, t) {
			return true
		}
	}
	return false
}

// stackObject returns the spell or ability on the stack with that id.
func (g *game) stackObject(id string) *StackObject {
	for i := range g.s.Stack {
		if g.s.Stack[i].ID == id {
			return &g.s.Stack[i]
		}
	}
	return nil
}

// matchLang reports whether an object or a player fits a filter in
// context c: "you" is c's controller, "other" is not c's object.
func (g *game) matchLang(c *langCtx, f *cardlang.Filter, id string) bool {
	if i := g.s.player(id); i >= 0 {
		return g.matchPlayer(c, f, &g.s.Players[i])
	}
	if o := g.stackObject(id); o != nil && g.s.perm(id) == nil || o != nil && g.s.perm(id).Zone == ZoneStack {
		return g.matchSpell(c, f, o)
	}
	p := g.s.perm(id)
	if p == nil {
		return false
	}
	return g.matchObject(c, f, p)
}

// matchPlayer: player filters are "player", "opponent", "any".
func (g *game) matchPlayer(c *langCtx, f *cardlang.Filter, pl *Player) bool {
	if f == nil {
		return true
	}
	if pl.Left {
		return false
	}
	if len(f.Types) == 0 {
		return false
	}
	for _, grp := range f.Types {
		ok := false
		for _, t := range grp {
			switch t {
			case "player", "any":
				ok = true
			case "opponent":
				ok = ok || pl.Name != c.ctl
			}
		}
		if !ok {
			return false
		}
	}
	if f.Other && pl.Name == c.ctl {
		return false
	}
	return true
}

// matchSpell matches a spell on the stack: "spell" and the card types of
// the card it is.
func (g *game) matchSpell(c *langCtx, f *cardlang.Filter, o *StackObject) bool {
	if f == nil {
		return true
	}
	if o.Trigger != "" || o.Ability != 0 || o.Lang != 0 && o.CardObject == "" {
		return false // an ability, not a spell
	}
	q := &Permanent{ID: o.ID, Types: o.Types, Colors: o.Colors, Controller: o.Controller, Owner: o.Controller, Zone: ZoneStack}
	if p := g.s.perm(o.CardObject); p != nil {
		q = p
		q2 := *p
		q2.Controller = o.Controller
		q = &q2
	}
	return g.matchCard(c, f, q, true)
}

// matchObject matches a permanent, or a card in a zone.
func (g *game) matchObject(c *langCtx, f *cardlang.Filter, p *Permanent) bool {
	if f == nil {
		return p.Exists()
	}
	return g.matchCard(c, f, p, false)
}

// matchCard is the filter's test of one object.
func (g *game) matchCard(c *langCtx, f *cardlang.Filter, p *Permanent, spell bool) bool {
	if p.toCast {
		return false
	}
	zone := f.Zone
	isCard := typesHave(f, "card")
	switch {
	case spell:
		if !typesHave(f, "spell") {
			return false
		}
	case zone == cardlang.ZoneStack:
		return false
	case zone != "":
		if p.Zone != zone {
			return false
		}
	case isCard:
		if p.Zone == ZoneBattlefield || p.Zone == ZoneGone || p.Zone == ZoneStack {
			return false
		}
	default:
		if !p.Exists() {
			return false
		}
		if typesHave(f, "spell") {
			return false
		}
	}
	if p.Zone != ZoneBattlefield && p.Token && !spell {
		return false
	}
	for _, grp := range f.Types {
		ok := false
		for _, t := range grp {
			switch t {
			case "permanent":
				ok = ok || p.Zone == ZoneBattlefield || isPermanentCard(p.Types)
			case "card", "spell":
				ok = true
			case "any":
				ok = ok || p.Is("creature") || p.Is("planeswalker") || p.Is("battle")
			case "player", "opponent":
			default:
				ok = ok || p.Is(t)
			}
		}
		if !ok {
			return false
		}
	}
	if len(f.Subtypes) > 0 {
		ok := false
		for _, st := range f.Subtypes {
			ok = ok || g.hasSubtype(p, st)
		}
		if !ok {
			return false
		}
	}
	for _, st := range f.Supertypes {
		if !has(p.Supertypes, st) {
			return false
		}
	}
	if len(f.Colors) > 0 {
		ok := false
		for _, col := range f.Colors {
			switch col {
			case "colorless":
				ok = ok || len(p.Colors) == 0
			case "multicolored":
				ok = ok || len(p.Colors) > 1
			case "monocolored":
				ok = ok || len(p.Colors) == 1
			default:
				ok = ok || has(p.Colors, col)
			}
		}
		if !ok {
			return false
		}
	}
	for _, n := range f.Not {
		switch {
		case n == "token":
			if p.Token {
				return false
			}
		case has(Colors(), n):
			if has(p.Colors, n) {
				return false
			}
		case n == "colorless":
			if len(p.Colors) == 0 {
				return false
			}
		case has(supertypes0(), n):
			if has(p.Supertypes, n) {
				return false
			}
		case has(spellTypes(), n) || n == "kindred":
			if p.Is(n) {
				return false
			}
		default:
			if g.hasSubtype(p, n) {
				return false
			}
		}
	}
	for _, s := range f.States {
		switch s {
		case "tapped":
			if !p.Tapped {
				return false
			}
		case "untapped":
			if p.Tapped {
				return false
			}
		case "attacking":
			if p.Attacking == "" {
				return false
			}
		case "blocking":
			if p.Blocking == "" {
				return false
			}
		case "blocked":
			if p.Attacking == "" || !p.Blocked {
				return false
			}
		case "unblocked":
			if p.Attacking == "" || p.Blocked || !g.blockersDeclared() {
				return false
			}
		}
	}
	for _, k := range f.With {
		if !p.Has(k) {
			return false
		}
	}
	for _, k := range f.Without {
		if p.Has(k) {
			return false
		}
	}
	for _, cmp := range f.Compare {
		v := 0
		switch cmp.Stat {
		case "power":
			v = p.Power
		case "toughness":
			v = p.Toughness
		case "mana_value":
			v = p.ManaValue()
		}
		if !compare(v, cmp.Op, g.amount(c, cmp.N)) {
			return false
		}
	}
	ctl := p.Controller
	if p.Zone != ZoneBattlefield && !spell {
		ctl = p.Owner
	}
	switch f.Control {
	case "you":
		if ctl != c.ctl {
			return false
		}
	case "opponent":
		if ctl == c.ctl {
			return false
		}
	case "not_you":
		if ctl == c.ctl {
			return false
		}
	}
	switch f.Own {
	case "you":
		if p.Owner != c.ctl {
			return false
		}
	case "opponent":
		if p.Owner == c.ctl {
			return false
		}
	}
	if f.Other && p.ID == c.self {
		return false
	}
	if f.Token && !p.Token {
		return false
	}
	if f.Chosen != "" {
		v := c.chosen[f.Chosen]
		if v == "" {
			if src := g.s.perm(c.self); src != nil {
				v = src.Choices[f.Chosen]
			}
		}
		switch f.Chosen {
		case "permanent_type":
			switch v {
			case "non-Aura enchantment":
				if !p.Is("enchantment") || has(p.Subtypes, "Aura") {
					return false
				}
			case "":
				return false
			default:
				if !p.Is(v) {
					return false
				}
			}
		case "color":
			if v == "" || !has(p.Colors, v) {
				return false
			}
		default:
			if v == "" || !g.hasSubtype(p, v) {
				return false
			}
		}
	}
	return true
}

// hasSubtype reports whether p has a subtype; a changeling has every
// creature type (702.73a).
func (g *game) hasSubtype(p *Permanent, st string) bool {
	if has(p.Subtypes, st) {
		return true
	}
	return p.Is("creature") && hasKeyword(p.Behavior, "changeling") != nil && isCreatureType(st) || p.Has("changeling") && isCreatureType(st)
}

// isCreatureType reports whether a subtype is a creature type, as far as
// the engine needs to know: not a land, artifact, enchantment, planeswalker
// or spell type.
func isCreatureType(st string) bool {
	return !has([]string{"Aura", "Equipment", "Fortification", "Vehicle", "Saga", "Shrine", "Cartouche", "Curse", "Class",
		"Rune", "Shard", "Background", "Treasure", "Food", "Clue", "Blood", "Gold", "Powerstone", "Contraption",
		"Adventure", "Arcane", "Trap", "Lesson"}, st) && !has(landTypes(), st)
}

// blockersDeclared reports whether blockers have been declared this
// combat (an attacker is unblocked only then, 509.1h).
func (g *game) blockersDeclared() bool {
	return stepIndex(g.s.Step) >= stepIndex(StepDeclareBlockers) && stepIndex(g.s.Step) <= stepIndex(StepEndCombat)
}

func compare(v int, op string, n int) bool {
	switch op {
	case "<=":
		return v <= n
	case ">=":
		return v >= n
	case "==":
		return v == n
	case "<":
		return v < n
	case ">":
		return v > n
	}
	return false
}

// amount gives a number's value in context c.
func (g *game) amount(c *langCtx, a cardlang.Amount) int {
	if a.Var == "X" {
		return c.x
	}
	switch a.Fn {
	case "":
		return a.N
	case "number":
		return len(g.refIDs(c, a.Ref, false))
	case "exiled":
		return c.exiled
	case "count":
		if a.Ref != nil {
			return len(g.refIDs(c, a.Ref, false))
		}
		n := 0
		if a.Filter != nil && filterHasPlayers(a.Filter) {
			for _, pl := range g.s.Players {
				if !pl.Left && g.matchLang(c, a.Filter, pl.Name) {
					n++
				}
			}
		}
		return n + len(g.allMatching(c, a.Filter))
	case "power", "toughness", "mana_value":
		ids := g.refIDs(c, a.Ref, false)
		if len(ids) == 0 {
			return 0
		}
		p := g.lastKnown(c, ids[0])
		if p == nil {
			return 0
		}
		switch a.Fn {
		case "power":
			return p.Power
		case "toughness":
			return p.Toughness
		}
		return p.ManaValue()
	case "life":
		for _, pl := range g.refIDs(c, a.Ref, true) {
			if i := g.s.player(pl); i >= 0 {
				return g.s.Players[i].Life
			}
		}
	case "hand":
		for _, pl := range g.refIDs(c, a.Ref, true) {
			if g.s.player(pl) >= 0 {
				return g.handCount(pl)
			}
		}
	case "counters":
		for _, id := range g.refIDs(c, a.Ref, false) {
			if p := g.lastKnown(c, id); p != nil {
				return p.Counters[a.Word]
			}
		}
	}
	return 0
}

// cond evaluates a condition in context c.
func (g *game) cond(c *langCtx, cd *cardlang.Condition) bool {
	ok := false
	ref := func() *Permanent {
		ids := g.refIDs(c, cd.Ref, false)
		if len(ids) == 0 {
			return nil
		}
		return g.lastKnown(c, ids[0])
	}
	switch cd.Kind {
	case cardlang.CondCompare:
		l, r := 0, 0
		if cd.Left != nil {
			l = g.amount(c, *cd.Left)
		}
		if cd.Right != nil {
			r = g.amount(c, *cd.Right)
		}
		ok = compare(l, cd.Op, r)
	case cardlang.CondYourTurn:
		ok = g.s.Active == c.ctl
	case cardlang.CondKicked:
		ok = c.kicked
	case cardlang.CondTapped:
		p := ref()
		ok = p != nil && p.Exists() && p.Tapped
	case cardlang.CondUntapped:
		p := ref()
		ok = p != nil && p.Exists() && !p.Tapped
	case cardlang.CondAttacking:
		p := ref()
		ok = p != nil && p.Exists() && p.Attacking != ""
	case cardlang.CondIsCreature:
		p := ref()
		ok = p != nil && p.Is("creature")
	case cardlang.CondDid:
		ok = c.did
	case condEchoDue:
		p := ref()
		ok = p != nil && p.Exists() && p.Fresh
	case condNoCounter:
		p := ref()
		ok = p != nil && p.Counters[cd.Op] == 0
	case cardlang.CondIs:
		p := ref()
		ok = p != nil && g.matchCard(c, cd.Filter, p, false)
	}
	if cd.Not {
		return !ok
	}
	return ok
}

// handSize is the number of cards in a player's hand: those the
// scenario doesn't name and the named cards there.
func (g *game) handCount(player string) int { return g.s.HandSize(player) }

// HandSize is the number of cards in a player's hand: those the scenario
// doesn't name (Player.Hand) and the named cards there.
func (s *State) HandSize(player string) int {
	i := s.player(player)
	if i < 0 {
		return 0
	}
	n := s.Players[i].Hand
	for j := range s.Permanents {
		p := &s.Permanents[j]
		if p.Zone == ZoneHand && p.Owner == player && !p.toCast {
			n++
		}
	}
	return n
}

// langTargetRule says whether id may be a target of ref r in context c:
// "" if it may, else the rule that forbids it (115.1, 702.26b, 702.11b,
// 702.18a, 702.16b, 702.11c...).
func (g *game) langTargetRule(c *langCtx, r *cardlang.Ref, id string) string {
	f := r.Filter
	if i := g.s.player(id); i >= 0 {
		pl := &g.s.Players[i]
		switch {
		case pl.Left:
			return "800.4a"
		case f == nil || !filterHasPlayers(f) || !g.matchPlayer(c, f, pl):
			return "115.1"
		case id != c.ctl && g.playerEffect(id, "player_hexproof") != nil:
			return "702.11c"
		}
		q := g.ctxQuality(c)
		for _, e := range g.playerEffects(id, "player_protection") {
			if protected(e.From, q) {
				return "702.16b"
			}
		}
		return ""
	}
	if o := g.stackObject(id); o != nil && (g.s.perm(id) == nil || g.s.perm(id).Zone == ZoneStack) {
		if f == nil || !g.matchSpell(c, f, o) {
			return "115.1"
		}
		return ""
	}
	p := g.s.perm(id)
	if p == nil {
		return "115.1"
	}
	onField := f == nil || f.Zone == "" && !typesHave(f, "card") && !typesHave(f, "spell")
	switch {
	case onField && p.Zone == ZoneBattlefield && p.PhasedOut:
		return "702.26b"
	case onField && p.Zone != ZoneBattlefield:
		return "115.1"
	}
	if f != nil && !g.matchObject(c, f, p) {
		return "115.1"
	}
	if p.Zone == ZoneBattlefield {
		q := g.ctxQuality(c)
		switch {
		case p.Has("shroud"):
			return "702.18a"
		case p.Has("hexproof") && p.Controller != c.ctl:
			return "702.11b"
		case protected(p.Protections, q):
			return "702.16b"
		}
	}
	return ""
}

// ctxQuality is the quality of what targets in context c, for protection:
// the source's colours and types.
func (g *game) ctxQuality(c *langCtx) quality {
	if p := g.s.perm(c.self); p != nil {
		return quality{colors: p.Colors, types: p.Types, controller: c.ctl}
	}
	if o := g.stackObject(c.spell); o != nil {
		return quality{colors: o.Colors, types: o.Types, controller: c.ctl}
	}
	return quality{controller: c.ctl}
}
