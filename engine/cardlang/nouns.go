package cardlang

import "strings"

// The noun phrases of Oracle text: which objects and players a sentence
// names, numbers, durations and keyword lists.

// typeNoun matches a card type noun, singular or plural, and returns the
// type ("creature", "player", "card").
func typeNoun(c *cur) (string, bool) {
	w := c.peek(0)
	for _, t := range []struct{ sing, plur string }{
		{"creature", "creatures"}, {"artifact", "artifacts"}, {"enchantment", "enchantments"}, {"land", "lands"},
		{"planeswalker", "planeswalkers"}, {"permanent", "permanents"}, {"spell", "spells"}, {"card", "cards"},
		{"instant", "instants"}, {"sorcery", "sorceries"}, {"player", "players"}, {"opponent", "opponents"},
		{"battle", "battles"},
	} {
		if w == t.sing || w == t.plur {
			c.pos++
			return t.sing, true
		}
	}
	return "", false
}

// subtypeWord matches a subtype, singular or plural ("Goblin",
// "Elves"), and returns it as the type line prints it.
func (cp *Compiler) subtypeWord(c *cur) (string, bool) {
	raw := c.raw(0)
	if raw == "" || !isUpper(raw) {
		return "", false
	}
	if st, ok := cp.subtype[strings.ToLower(raw)]; ok {
		c.pos++
		return st, true
	}
	return "", false
}

// colorAdj matches a colour adjective or several joined by "or":
// "white", "red or green", "colorless".
func colorAdj(c *cur) ([]string, bool) {
	var out []string
	for {
		w := c.peek(0)
		if !contains(colorWords(), w) {
			break
		}
		c.pos++
		out = append(out, w)
		if (c.peek(0) == "or" || c.peek(0) == "and/or") && contains(colorWords(), c.peek(1)) {
			c.pos++
			continue
		}
		if c.peek(0) == "," && contains(colorWords(), c.peek(1)) {
			c.pos++
			continue
		}
		if c.peek(0) == "," && c.peek(1) == "or" && contains(colorWords(), c.peek(2)) {
			c.pos += 2
			continue
		}
		break
	}
	return out, len(out) > 0
}

// filterPhrase reads adjectives, type nouns and their qualifiers into a
// filter: "nonblack creature", "artifact or enchantment", "other
// creatures you control", "creature card from your graveyard", "Goblin
// creatures", "creature with flying", "creature with power 2 or less".
// At least one noun (type or subtype) is needed.
func (a *abCtx) filterPhrase(c *cur) (*Filter, bool) {
	start := c.pos
	f := &Filter{}
	// Adjectives.
	for {
		w := c.peek(0)
		switch {
		case w == "other" && !f.Other:
			f.Other = true
			c.pos++
			continue
		case contains(stateWords()[:6], w):
			c.pos++
			f.States = append(f.States, w)
			if c.peek(0) == "or" && contains(stateWords()[:6], c.peek(1)) {
				f.States = append(f.States, c.peek(1))
				c.pos += 2
			}
			continue
		case contains(colorWords(), w) && f.Colors == nil:
			// "white creature", but not a colour that starts a token's
			// description; filterPhrase only reads objects.
			cs, _ := colorAdj(c)
			f.Colors = cs
			continue
		case strings.HasPrefix(w, "non") && len(w) > 3:
			rest := strings.TrimPrefix(strings.TrimPrefix(w, "non"), "-")
			raw := strings.TrimPrefix(strings.TrimPrefix(c.raw(0), "non"), "-")
			switch {
			case contains(cardTypeWords()[:9], rest) || contains(colorWords(), rest) || contains(supertypeWords(), rest) || rest == "token":
				f.Not = append(f.Not, rest)
			case a.cp.subtype[strings.ToLower(raw)] != "":
				f.Not = append(f.Not, a.cp.subtype[strings.ToLower(raw)])
			default:
				c.pos = start
				return nil, false
			}
			c.pos++
			// "nonartifact, nonblack creature": both exclusions.
			if n := c.peek(1); c.peek(0) == "," && strings.HasPrefix(n, "non") && len(n) > 3 {
				c.pos++
			}
			continue
		case contains(supertypeWords(), w):
			f.Supertypes = append(f.Supertypes, w)
			c.pos++
			continue
		}
		break
	}
	// Subtypes: "Goblin", "Elf or Warrior", "Goblins".
	if st, ok := a.cp.subtypeWord(c); ok {
		f.Subtypes = []string{st}
		for {
			save := c.pos
			if c.lit("or") || c.lit("and/or") {
				if st2, ok := a.cp.subtypeWord(c); ok {
					f.Subtypes = append(f.Subtypes, st2)
					continue
				}
			}
			c.pos = save
			break
		}
	}
	// Type nouns: "artifact creature", "artifact or enchantment",
	// "artifact, creature, or land", "instant or sorcery spell".
	for {
		t, ok := typeNoun(c)
		if !ok {
			break
		}
		group := []string{t}
		for {
			save := c.pos
			c.opt(",")
			if c.lit("or") || c.lit("and/or") || c.peek(-1) == "," {
				if t2, ok := typeNoun(c); ok {
					group = append(group, t2)
					continue
				}
			}
			c.pos = save
			break
		}
		f.Types = append(f.Types, group)
	}
	if c.lit("token") || c.lit("tokens") {
		f.Token = true
	}
	if len(f.Types) == 0 && len(f.Subtypes) == 0 {
		c.pos = start
		return nil, false
	}
	// Qualifiers.
	for {
		save := c.pos
		switch {
		case c.lit("you control"):
			f.Control = "you"
		case c.lit("you don't control"):
			f.Control = "not_you"
		case c.lit("an opponent controls") || c.lit("your opponents control"):
			f.Control = "opponent"
		case c.lit("you own"):
			f.Own = "you"
		case c.lit("from your graveyard") || c.lit("in your graveyard"):
			f.Zone, f.Own = ZoneGraveyard, "you"
		case c.lit("from a graveyard") || c.lit("in a graveyard"):
			f.Zone = ZoneGraveyard
		case c.lit("in your hand"):
			f.Zone, f.Own = ZoneHand, "you"
		case c.lit("from your hand"):
			f.Zone, f.Own = ZoneHand, "you"
		case c.lit("of the chosen type") && f.Chosen == "":
			f.Chosen = "creature_type"
			if len(f.Types) == 1 && len(f.Types[0]) == 1 && f.Types[0][0] == "land" {
				f.Chosen = "land_type"
			}
		case c.lit("of the chosen color") && f.Chosen == "":
			f.Chosen = "color"
		case c.lit("of that type") && f.Chosen == "":
			f.Chosen = "permanent_type"
		case c.lit("with power") || c.lit("with toughness") || c.lit("with mana value"):
			stat := strings.ReplaceAll(c.t[c.pos-1].low, "value", "mana_value")
			if stat != "mana_value" && c.t[c.pos-1].low != "power" && c.t[c.pos-1].low != "toughness" {
				c.pos = save
				return f, true
			}
			n, ok := c.number(false)
			if !ok {
				c.pos = save
				return f, true
			}
			switch {
			case c.lit("or less"):
				f.Compare = append(f.Compare, Compare{Stat: stat, Op: "<=", N: n})
			case c.lit("or greater"):
				f.Compare = append(f.Compare, Compare{Stat: stat, Op: ">=", N: n})
			default:
				c.pos = save
				return f, true
			}
		case c.lit("with") || c.lit("without"):
			with := c.t[c.pos-1].low == "with"
			ks, ok := a.cp.keywordList(c)
			if !ok || len(ks) != 1 || ks[0].N != 0 || len(ks[0].Cost) > 0 || len(ks[0].From) > 0 {
				c.pos = save
				return f, true
			}
			if with {
				f.With = append(f.With, ks[0].Name)
			} else {
				f.Without = append(f.Without, ks[0].Name)
			}
		default:
			return f, true
		}
	}
}

// selfRef matches the card itself: its name or "this creature", "this
// spell"...
func selfRef(c *cur) bool {
	if c.self() {
		return true
	}
	_, ok := c.any("this creature", "this spell", "this permanent", "this artifact", "this enchantment", "this land",
		"this card", "this aura", "this equipment", "this vehicle", "this planeswalker")
	return ok
}

// pronoun resolves "it", "that creature", "them", "those creatures":
// what the previous effect acted on, else the object of the trigger's
// event (the card itself when the event is about it).
func (a *abCtx) pronoun(c *cur) (*Ref, bool) {
	save := c.pos
	w, ok := c.any("it", "them", "that creature", "that permanent", "that card", "that land", "that artifact",
		"those creatures", "those permanents", "those cards", "that spell", "those lands", "those artifacts", "that token", "those tokens")
	if !ok {
		return nil, false
	}
	t := a.trigger
	that := strings.HasPrefix(w, "that") || strings.HasPrefix(w, "those")
	// "that card" is not the card itself (Oracle text names it), so
	// after an effect on the card it means the trigger's object.
	useLast := a.lastObj != nil && !(that && a.lastObj.Kind == RefSelf && t != nil && t.Object != nil && t.Object.Kind != RefSelf)
	switch {
	case useLast:
		return &Ref{Kind: RefIt}, true
	case a.lastObj != nil && a.lastObj.Kind != RefSelf:
	case t != nil && (t.Event == "blocks" && t.To != nil || t.Event == "becomes_blocked" && t.By != nil) && w == "that creature":
		return &Ref{Kind: RefThat}, true
	case t != nil && t.To != nil && w == "that creature" && isFilterOf(t.To, "creature"):
		return &Ref{Kind: RefDamaged}, true
	case t != nil && t.Object != nil && t.Object.Kind == RefSelf && (w == "it" || t.To == nil):
		return &Ref{Kind: RefSelf}, true
	case t != nil && t.Object != nil && t.Object.Kind != RefSelf:
		return &Ref{Kind: RefThat}, true
	case a.replaced != nil:
		return a.replaced, true
	}
	c.pos = save
	return nil, false
}

// isFilterOf reports whether r is "a TYPE" for the type t.
func isFilterOf(r *Ref, t string) bool {
	return r.Kind == RefA && r.Filter != nil && len(r.Filter.Types) == 1 && contains(r.Filter.Types[0], t)
}

// objRef matches a phrase naming objects: the card itself, a pronoun,
// "enchanted creature", "equipped creature", targets ("target creature",
// "up to two target creatures", "another target creature"), "all
// creatures", "each creature you control".
func (a *abCtx) objRef(c *cur) (*Ref, bool) {
	start := c.pos
	if selfRef(c) {
		return &Ref{Kind: RefSelf}, true
	}
	if r, ok := a.pronoun(c); ok {
		return r, true
	}
	if c.lit("enchanted") {
		if _, ok := typeNoun(c); ok {
			return &Ref{Kind: RefEnchanted}, true
		}
		c.pos = start
	}
	if c.lit("equipped creature") {
		return &Ref{Kind: RefEquipped}, true
	}
	// "the exiled card" of a leaves-the-battlefield trigger: what the
	// card's other ability exiled (607.2a; Oblivion Ring, Fiend Hunter).
	if t := a.trigger; t != nil && t.Event == "leaves" && t.Object != nil && t.Object.Kind == RefSelf {
		if _, ok := c.any("the exiled card", "the exiled cards", "the exiled creature", "the exiled permanent",
			"the exiled creature card"); ok {
			return &Ref{Kind: RefExiled}, true
		}
	}
	if c.lit("any target") {
		return &Ref{Kind: RefTarget, Min: 1, Max: 1, Filter: &Filter{Types: [][]string{{"any"}}}}, true
	}
	// Counts of targets.
	lo, hi := 1, 1
	other := false
	switch {
	case c.lit("another target"):
		other = true
	case c.lit("target"):
	case c.lit("any number of target"):
		lo, hi = 0, -1
	case c.lit("any number of other target"):
		lo, hi, other = 0, -1, true
	case c.lit("up to"):
		n, ok := a.number(c, true)
		if ok && c.lit("other") {
			other = true
		}
		if !ok || !c.lit("target") || n.Var != "" && !a.amountOK(n) {
			c.pos = start
			return nil, false
		}
		if c.lit("other") {
			other = true
		}
		lo, hi = 0, n.N
		if n.Var != "" {
			f, ok := a.filterPhrase(c)
			if !ok {
				c.pos = start
				return nil, false
			}
			f.Other = other
			return &Ref{Kind: RefTarget, Min: 0, MaxX: true, Filter: f}, true
		}
	default:
		save := c.pos
		if n, ok := c.number(false); ok && n.Var == "" && n.N >= 2 && c.lit("target") {
			lo, hi = n.N, n.N
			if c.lit("other") {
				other = true
			}
			break
		}
		c.pos = save
		// all / each
		if w, ok := c.any("all", "each", "each other", "all other"); ok {
			f, ok := a.filterPhrase(c)
			if !ok {
				c.pos = start
				return nil, false
			}
			if strings.HasSuffix(w, "other") {
				f.Other = true
			}
			if isPlayerFilter(f) {
				return &Ref{Kind: RefEach, Filter: f}, true
			}
			return &Ref{Kind: RefAll, Filter: f}, true
		}
		c.pos = start
		return nil, false
	}
	if c.lit("player or planeswalker") {
		return &Ref{Kind: RefTarget, Min: lo, Max: hi, Filter: &Filter{Types: [][]string{{"player", "planeswalker"}}}}, true
	}
	f, ok := a.filterPhrase(c)
	if !ok {
		c.pos = start
		return nil, false
	}
	if other {
		f.Other = true
	}
	return &Ref{Kind: RefTarget, Min: lo, Max: hi, Filter: f}, true
}

// subjectRef is objRef, or a bare plural filter naming a group the
// sentence is about ("creatures you control get +1/+1 until end of
// turn"): all of them.
func (a *abCtx) subjectRef(c *cur) (*Ref, bool) {
	if r, ok := a.objRef(c); ok {
		return r, true
	}
	start := c.pos
	f, ok := a.filterPhrase(c)
	if !ok {
		return nil, false
	}
	if isPlayerFilter(f) || c.pos == start {
		c.pos = start
		return nil, false
	}
	return &Ref{Kind: RefAll, Filter: f}, true
}

// countPhrase reads "the number of FILTER": a count.
func (a *abCtx) countPhrase(c *cur) (Amount, bool) {
	start := c.pos
	if !c.lit("the number of") {
		return Amount{}, false
	}
	f, ok := a.filterPhrase(c)
	if !ok {
		c.pos = start
		return Amount{}, false
	}
	return Amount{Fn: "count", Filter: f}, true
}

// isPlayerFilter reports whether a filter describes players.
func isPlayerFilter(f *Filter) bool {
	if len(f.Types) != 1 {
		return false
	}
	for _, t := range f.Types[0] {
		if t != "player" && t != "opponent" {
			return false
		}
	}
	return true
}

// playerRef matches a phrase naming players: "you", "target player",
// "target opponent", "each player", "each opponent", "that player",
// "its controller", "its owner", "defending player".
func (a *abCtx) playerRef(c *cur) (*Ref, bool) {
	start := c.pos
	switch {
	case c.lit("you"):
		return &Ref{Kind: RefYou}, true
	case c.lit("target player"):
		return &Ref{Kind: RefTarget, Min: 1, Max: 1, Filter: &Filter{Types: [][]string{{"player"}}}}, true
	case c.lit("target opponent"):
		return &Ref{Kind: RefTarget, Min: 1, Max: 1, Filter: &Filter{Types: [][]string{{"opponent"}}}}, true
	case c.lit("each player"):
		return &Ref{Kind: RefEach, Filter: &Filter{Types: [][]string{{"player"}}}}, true
	case c.lit("each opponent"):
		return &Ref{Kind: RefEach, Filter: &Filter{Types: [][]string{{"opponent"}}}}, true
	case c.lit("each other player"):
		return &Ref{Kind: RefEach, Filter: &Filter{Types: [][]string{{"player"}}, Other: true}}, true
	case c.lit("defending player"):
		return &Ref{Kind: RefDefending}, true
	case c.lit("that player"):
		t := a.trigger
		switch {
		case a.lastPl != nil:
			return &Ref{Kind: RefIt}, true
		case t != nil && t.To != nil && (isFilterOf(t.To, "player") || isFilterOf(t.To, "opponent")):
			return &Ref{Kind: RefDamaged}, true
		case t != nil && t.Player != nil && t.Player.Kind != RefYou:
			return &Ref{Kind: RefThatPl}, true
		}
	case c.lit("enchanted player"):
		return &Ref{Kind: RefEnchanted}, true
	}
	c.pos = start
	if c.lit("its controller") || c.lit("their controller") || c.lit("its owner") || c.lit("their owner") || c.lit("their owners") {
		kind := RefCtrl
		if strings.HasPrefix(c.t[c.pos-1].low, "owner") {
			kind = RefOwner
		}
		c.pos -= 2
		of, ok := a.pronounPossessive(c)
		if ok {
			c.pos += 1
			return &Ref{Kind: kind, Of: of}, true
		}
		c.pos = start
		return nil, false
	}
	for _, p := range []struct {
		phrase string
		ref    *Ref
	}{
		{"enchanted creature's controller", &Ref{Kind: RefCtrl, Of: &Ref{Kind: RefEnchanted}}},
		{"enchanted permanent's controller", &Ref{Kind: RefCtrl, Of: &Ref{Kind: RefEnchanted}}},
		{"enchanted land's controller", &Ref{Kind: RefCtrl, Of: &Ref{Kind: RefEnchanted}}},
		{"enchanted artifact's controller", &Ref{Kind: RefCtrl, Of: &Ref{Kind: RefEnchanted}}},
		{"equipped creature's controller", &Ref{Kind: RefCtrl, Of: &Ref{Kind: RefEquipped}}},
	} {
		if c.lit(p.phrase) {
			return p.ref, true
		}
	}
	if c.peek(0) == selfToken+"'s" && (c.peek(1) == "controller" || c.peek(1) == "owner") {
		kind := RefCtrl
		if c.peek(1) == "owner" {
			kind = RefOwner
		}
		c.pos += 2
		return &Ref{Kind: kind, Of: &Ref{Kind: RefSelf}}, true
	}
	return nil, false
}

// pronounPossessive resolves "its"/"their" at the position (the word is
// consumed): the object the previous effect acted on, or the trigger's.
func (a *abCtx) pronounPossessive(c *cur) (*Ref, bool) {
	if c.peek(0) != "its" && c.peek(0) != "their" {
		return nil, false
	}
	c.pos++
	switch {
	case a.lastObj != nil:
		return &Ref{Kind: RefIt}, true
	case a.trigger != nil && a.trigger.Object != nil:
		if a.trigger.Object.Kind == RefSelf {
			return &Ref{Kind: RefSelf}, true
		}
		return &Ref{Kind: RefThat}, true
	}
	c.pos--
	return nil, false
}

// anyRef matches what damage may be dealt to: objects or players.
func (a *abCtx) anyRef(c *cur) (*Ref, bool) {
	start := c.pos
	if c.lit("each creature and each player") {
		return &Ref{Kind: RefAll, Filter: &Filter{Types: [][]string{{"creature", "player"}}}}, true
	}
	if c.lit("each creature and each planeswalker") {
		return &Ref{Kind: RefAll, Filter: &Filter{Types: [][]string{{"creature", "planeswalker"}}}}, true
	}
	if c.lit("target player or planeswalker") {
		return &Ref{Kind: RefTarget, Min: 1, Max: 1, Filter: &Filter{Types: [][]string{{"player", "planeswalker"}}}}, true
	}
	if r, ok := a.playerRef(c); ok {
		return r, true
	}
	if r, ok := a.objRef(c); ok {
		return r, true
	}
	c.pos = start
	return nil, false
}

// duration matches the duration of an effect from a resolving spell or
// ability.
func duration(c *cur) (string, bool) {
	switch {
	case c.lit("until end of turn"):
		return "end_of_turn", true
	case c.lit("this turn"):
		return "this_turn", true
	case c.lit("until your next turn"):
		return "your_next_turn", true
	case c.lit("until end of combat"):
		return "end_of_combat", true
	case c.lit("until your next upkeep"):
		return "your_next_upkeep", true
	case c.lit("during its controller's next untap step"), c.lit("during their controller's next untap step"), c.lit("during your next untap step"), c.lit("during their controllers' next untap steps"):
		return "next_untap_step", true
	case c.lit("for as long as " + selfToken + " remains on the battlefield"):
		return "source_leaves", true
	}
	return "", false
}

// keywordList matches keywords joined by commas and "and": "flying",
// "flying and first strike", "first strike, vigilance, and lifelink",
// "protection from red".
func (cp *Compiler) keywordList(c *cur) (Keywords, bool) {
	var out Keywords
	for {
		k, ok := cp.keywordPhrase(c)
		if !ok {
			break
		}
		out = append(out, k)
		save := c.pos
		if c.lit(", and") || c.lit("and") || c.lit(",") {
			if c.peek(0) == "and" {
				c.pos++
			}
			continue
		}
		c.pos = save
		break
	}
	if len(out) > 0 {
		// A trailing separator that led nowhere is not ours.
		for c.pos > 0 && (c.peek(-1) == "and" || c.peek(-1) == ",") {
			c.pos--
		}
	}
	return out, len(out) > 0
}

// keywordPhrase matches one keyword as Oracle text writes it in a
// sentence ("first strike", "protection from black").
func (cp *Compiler) keywordPhrase(c *cur) (Keyword, bool) {
	for _, kp := range cp.kwPhrases {
		if kp.param != "" && kp.param != "qualities" {
			continue
		}
		save := c.pos
		if !c.lit(kp.phrase) {
			continue
		}
		k := Keyword{Name: kp.name}
		if kp.param == "qualities" {
			if !c.lit("from") {
				c.pos = save
				continue
			}
			q, ok := protectionQuality(c)
			if !ok {
				c.pos = save
				continue
			}
			k.From = []string{q}
		}
		return k, true
	}
	return Keyword{}, false
}

// protectionQuality matches what protection is from: "black",
// "artifacts", "everything".
func protectionQuality(c *cur) (string, bool) {
	w := c.peek(0)
	for _, q := range protectionQualities() {
		if w == q || w == q+"s" || (q == "sorcery" && w == "sorceries") {
			c.pos++
			return q, true
		}
	}
	return "", false
}
