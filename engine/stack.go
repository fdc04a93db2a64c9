package engine

import (
	"strconv"
)

// cast puts a spell on the stack.
func (g *game) cast(o StackObject) error {
	for _, x := range g.s.Stack {
		if x.ID == o.ID {
			return errorf(CodeDuplicateID, 0, 0, o.ID)
		}
	}
	if g.s.perm(o.ID) != nil {
		return errorf(CodeDuplicateID, 0, 0, o.ID)
	}
	for _, t := range o.Targets {
		if err := g.need(t); err != nil {
			return err
		}
		if !g.s.perm(t).Exists() {
			return errorf(CodeIllegalAction, 0, 0, "cast", "target "+t+" does not exist (702.26b)")
		}
	}
	if o.Controller == "" {
		o.Controller = g.s.Active
	}
	g.s.Stack = append(g.s.Stack, o)
	g.emit(Event{Kind: "cast", Objects: append([]string{o.ID}, o.Targets...), Rule: "601.2", Player: o.Controller})
	return nil
}

// resolve resolves a stack object: illegal targets are left out, and a spell
// all of whose targets are illegal doesn't resolve (608.2b).
func (g *game) resolve(id string) error {
	st := g.s.Stack
	if len(st) == 0 {
		return errorf(CodeEmptyStack, 0, 0)
	}
	i := len(st) - 1
	if id != "" {
		for i = len(st) - 1; i >= 0 && st[i].ID != id; i-- {
		}
		if i < 0 {
			return errorf(CodeUndefinedID, 0, 0, id)
		}
	}
	o := st[i]
	g.s.Stack = append(st[:i:i], st[i+1:]...)
	var legal []string
	for _, t := range o.Targets {
		if g.s.perm(t).Exists() {
			legal = append(legal, t)
		} else {
			g.emit(Event{Kind: "illegal_target", Objects: []string{o.ID, t}, Rule: "608.2b", Player: o.Controller})
		}
	}
	if len(o.Targets) > 0 && len(legal) == 0 {
		g.emit(Event{Kind: "fizzle", Objects: []string{o.ID}, Rule: "608.2b", Player: o.Controller})
		return nil
	}
	g.emit(Event{Kind: "resolve", Objects: append([]string{o.ID}, legal...), Rule: "608.2", Player: o.Controller})
	for _, t := range legal {
		if o.Damage > 0 {
			g.dealDamage(o.ID, t, o.Damage, "120.3")
		}
		if o.Destroy {
			g.destroy([]string{t}, "701.8")
		}
	}
	if o.Effect != nil {
		for n, t := range legal {
			e := *o.Effect
			e.Target = t
			if e.ID == "" {
				e.ID = o.ID
			}
			if n > 0 {
				e.ID += "-" + strconv.Itoa(n+1)
			}
			e.Controller = o.Controller
			if err := g.addEffect(e); err != nil {
				return err
			}
		}
	}
	return nil
}
