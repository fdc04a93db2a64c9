package engine

// playerEffect returns the first effect of that kind on player in force.
func (g *game) playerEffect(player, kind string) *Effect {
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if !e.Ended && e.Kind == kind && e.Player == player {
			return e
		}
	}
	return nil
}

// playerEffects returns the effects of that kind on player in force.
func (g *game) playerEffects(player, kind string) []*Effect {
	var out []*Effect
	for i := range g.s.Effects {
		e := &g.s.Effects[i]
		if !e.Ended && e.Kind == kind && e.Player == player {
			out = append(out, e)
		}
	}
	return out
}
