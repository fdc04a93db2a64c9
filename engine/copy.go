package engine

// restorePrinted gives a permanent that was a copy of another object its
// own characteristics back as it leaves the battlefield: the copy effect
// ends with the object (400.7, 707.2).
func (g *game) restorePrinted(p *Permanent) {
	q := p.Printed
	p.Name, p.Card, p.LocalNames = q.Name, q.Card, q.LocalNames
	p.Types, p.Subtypes, p.Supertypes = q.Types, q.Subtypes, q.Supertypes
	p.Colors, p.ManaCost = q.Colors, q.ManaCost
	p.BasePower, p.BaseTough = q.BasePower, q.BaseTough
	p.Keywords, p.Protection, p.Enchant, p.VanishingN = q.Keywords, q.Protection, q.Enchant, q.VanishingN
	p.Behavior = q.Behavior
	p.Printed, p.CopyOf = nil, ""
}
