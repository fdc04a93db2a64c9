package engine

import (
	"strconv"
)

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
