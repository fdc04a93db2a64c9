package engine

import (
	"strconv"
)

func (g *game) addCounter(id, kind string, n int) error {
	if err := g.need(id); err != nil {
		return err
	}
	p := g.s.perm(id)
	if !p.Exists() {
		g.unaffected(id)
		return nil
	}
	// Counters maps are shared between states; write a copy.
	m := make(map[string]int, len(p.Counters)+1)
	for k, v := range p.Counters {
		m[k] = v
	}
	m[kind] = max(m[kind]+n, 0)
	p.Counters = m
	g.emit(Event{Kind: "counter", Objects: []string{id}, Args: []string{kind, strconv.Itoa(n), strconv.Itoa(p.Counters[kind])}, Rule: "122.1", Player: p.Controller})
	return nil
}

func (g *game) tap(ids []string) {
	var done []string
	for _, id := range ids {
		p := g.s.perm(id)
		if !p.Exists() {
			g.unaffected(id)
			continue
		}
		if p.Tapped {
			continue
		}
		p.Tapped = true
		done = append(done, id)
		if has(p.Triggers, "becomes_tapped") {
			g.s.Pending = append(g.s.Pending, Trigger{Source: id, Condition: "becomes_tapped", Rule: "603.2"})
		}
	}
	if len(done) > 0 {
		g.emit(Event{Kind: "tap", Objects: done, Rule: "701.26a"})
	}
}

// attach attaches an Aura or Equipment to a host; attachment cycles are refused.
func (g *game) attach(att, host string) error {
	if err := g.need(att, host); err != nil {
		return err
	}
	for h := host; h != ""; h = g.s.perm(h).AttachedTo {
		if h == att {
			return errorf(CodeAttachCycle, 0, 0, att)
		}
	}
	a, h := g.s.perm(att), g.s.perm(host)
	if !a.Exists() || !h.Exists() {
		return errorf(CodeIllegalAction, 0, 0, "attach", "a phased-out permanent can't be attached or attached to (702.26b)")
	}
	a.AttachedTo = host
	g.s.Timestamp++
	a.Timestamp = g.s.Timestamp
	g.emit(Event{Kind: "attach", Objects: []string{att, host}, Rule: "701.3a", Player: a.Controller})
	if has(a.Triggers, "attached") {
		g.s.Pending = append(g.s.Pending, Trigger{Source: att, Condition: "attached", Rule: "603.2"})
	}
	return nil
}
