package engine

import (
	"strings"

	"arbiter/engine/cardlang"
)

// predefinedTokens gives the abilities the rules give predefined tokens
// (111.10), in the card language, with their reminder text.
func predefinedToken(name string) (cardlang.Card, bool) {
	var src string
	switch name {
	case "Treasure": // "{T}, Sacrifice this artifact: Add one mana of any color."
		src = "card \"Treasure\" \"Artifact — Treasure\"\n  activate {T}, sacrifice(self): add(any, 1)\n"
	case "Food": // "{2}, {T}, Sacrifice this artifact: You gain 3 life."
		src = "card \"Food\" \"Artifact — Food\"\n  activate {2}, {T}, sacrifice(self): gain_life(you, 3)\n"
	case "Clue": // "{2}, Sacrifice this artifact: Draw a card."
		src = "card \"Clue\" \"Artifact — Clue\"\n  activate {2}, sacrifice(self): draw(you, 1)\n"
	case "Blood": // "{1}, {T}, Discard a card, Sacrifice this artifact: Draw a card."
		src = "card \"Blood\" \"Artifact — Blood\"\n  activate {1}, {T}, discard(choice(card)), sacrifice(self): draw(you, 1)\n"
	case "Gold": // "Sacrifice this artifact: Add one mana of any color."
		src = "card \"Gold\" \"Artifact — Gold\"\n  activate sacrifice(self): add(any, 1)\n"
	default:
		return cardlang.Card{}, false
	}
	c, err := cardlang.ParseCard(src)
	return c, err == nil
}

// tokenName is a token's name: its subtypes and "Token" (111.4), or a
// predefined token's name.
func tokenName(t *cardlang.Token) string {
	if t.Name != "" {
		return t.Name
	}
	if len(t.Subtypes) > 0 {
		return strings.Join(t.Subtypes, " ") + " Token"
	}
	return "Token"
}

// tokenID gives an unused id for a token an ability creates.
func (g *game) tokenID(base, name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSuffix(name, " Token")) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ' || r == '-':
			b.WriteByte('-')
		}
	}
	word := b.String()
	if word == "" {
		word = "token"
	}
	if len(base) > 40 {
		base = base[:40]
	}
	for n := 1; ; n++ {
		id := base + "-" + word + "-" + itoa(n)
		if g.s.perm(id) == nil && g.stackObject(id) == nil && g.s.player(id) < 0 {
			return id
		}
	}
}

// createTokens has an effect create n tokens under ctl's control (111.2),
// as replacement effects say (614.1a: Doubling Season). They enter the
// battlefield tapped or attacking if the effect says so.
func (g *game) createTokens(c *langCtx, ctl string, t *cardlang.Token, n int, tapped, attacking bool) []string {
	if t == nil || n <= 0 {
		return nil
	}
	n = g.replaceTokenCount(ctl, n)
	var ids []string
	for k := 0; k < n; k++ {
		name := tokenName(t)
		p := Permanent{ID: g.tokenID(c.effectBase(), name), Name: name, Token: true, Owner: ctl, BaseController: ctl,
			Controller: ctl, Zone: ZoneBattlefield, Sick: true, Tapped: tapped, EnteredTurn: g.s.Turn}
		if t.Name != "" {
			b, _ := predefinedToken(t.Name)
			p.Behavior = &b
			p.Types = []string{"artifact"}
			p.Subtypes = []string{t.Name}
		} else {
			p.Types = append([]string(nil), t.Types...)
			p.Subtypes = append([]string(nil), t.Subtypes...)
			p.Supertypes = append([]string(nil), t.Supertypes...)
			p.Colors = append([]string(nil), t.Colors...)
			if t.PT != nil {
				p.BasePower, p.BaseTough = t.PT.Power.N, t.PT.Toughness.N
				if t.PT.Power.Var == "X" {
					p.BasePower = c.x
				}
				if t.PT.Toughness.Var == "X" {
					p.BaseTough = c.x
				}
			}
			b := cardlang.Card{Name: name}
			for _, k := range t.Keywords {
				kk := k
				b.Abilities = append(b.Abilities, cardlang.Ability{Kind: cardlang.KindKeyword, Keyword: &kk})
				if has(Keywords(), k.Name) {
					p.Keywords = append(p.Keywords, k.Name)
				}
				if k.Name == "protection" {
					p.Protection = append(p.Protection, k.From...)
				}
			}
			p.Behavior = &b
		}
		g.s.NextObject++
		p.Object = g.s.NextObject
		g.s.Timestamp++
		p.Timestamp = g.s.Timestamp
		if attacking && g.s.Step != "" {
			for i := range g.s.Permanents {
				if a := &g.s.Permanents[i]; a.Attacking != "" && a.Controller == ctl {
					p.Attacking = a.Attacking
					break
				}
			}
		}
		g.s.Permanents = append(g.s.Permanents, p)
		ids = append(ids, p.ID)
	}
	g.recompute(false)
	g.emit(Event{Kind: EventTokenCreated, Objects: ids, Rule: "111.2", Player: ctl})
	for _, id := range ids {
		g.fire(id, "enters", "603.6a", "")
		g.fireLang(gameEvent{kind: "enters", obj: id, rule: "603.6a"})
	}
	return ids
}
