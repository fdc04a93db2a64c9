package render

import (
	"strings"

	"arbiter/i18n"
	"arbiter/kb"
)

// DiffSummary is the localized summary of a release diff: counts, then
// the numbers of what was added, removed, renumbered and changed.
func DiffSummary(p *i18n.Printer, d kb.CRDiff) string {
	var b strings.Builder
	b.WriteString(p.T(i18n.KeyCLIDiffHeader, p.Date(d.From), p.Date(d.To)) + "\n")
	line := func(key i18n.Key, nums []string) {
		label := p.T(key, len(nums))
		if len(nums) > 0 {
			shown := nums
			if len(shown) > 40 {
				shown = append(append([]string(nil), shown[:40]...), "…")
			}
			label = p.T(i18n.KeyCLILabelled, label, strings.Join(shown, ", "))
		}
		b.WriteString("  " + label + "\n")
	}
	l := ListDiff(d)
	line(i18n.KeyCLIDiffAdded, l.Added)
	line(i18n.KeyCLIDiffRemoved, l.Removed)
	line(i18n.KeyCLIDiffRenumbered, l.Moved)
	line(i18n.KeyCLIDiffChanged, l.Changed)
	line(i18n.KeyCLIDiffGlossary, l.Glossary)
	return b.String()
}

// DiffLists are the rule numbers (and glossary terms) a release diff
// names; a renumbered rule reads "old→new".
type DiffLists struct {
	Added, Removed, Moved, Changed, Glossary []string
}

// ListDiff lists what a release diff names, in the diff's order.
func ListDiff(d kb.CRDiff) DiffLists {
	var l DiffLists
	for _, r := range d.Added {
		l.Added = append(l.Added, r.Number)
	}
	for _, r := range d.Removed {
		l.Removed = append(l.Removed, r.Number)
	}
	for _, r := range d.Changed {
		l.Changed = append(l.Changed, r.Number)
	}
	for _, r := range d.Renumbered {
		l.Moved = append(l.Moved, r.Old+"→"+r.New)
	}
	l.Glossary = append(append(l.Glossary, d.Glossary.Added...), d.Glossary.Removed...)
	for _, g := range d.Glossary.Changed {
		l.Glossary = append(l.Glossary, g.Term)
	}
	return l
}

// DiffFull is each changed rule of a release diff as a word diff:
// [-removed-] {+added+}.
func DiffFull(p *i18n.Printer, d kb.CRDiff) string {
	var b strings.Builder
	for _, c := range d.Changed {
		b.WriteString("\n" + p.T(i18n.KeyCiteRule, c.Number) + "\n   " + WordDiff(c.Words) + "\n")
	}
	for _, m := range d.Renumbered {
		b.WriteString("\n" + m.Old + " → " + m.New + "\n   " + WordDiff(m.Words) + "\n")
	}
	return b.String()
}

// WordDiff writes a word diff as text: [-removed-] {+added+}.
func WordDiff(ops []kb.WordOp) string {
	var parts []string
	for _, op := range ops {
		switch op.Op {
		case "+":
			parts = append(parts, "{+"+op.Text+"+}")
		case "-":
			parts = append(parts, "[-"+op.Text+"-]")
		default:
			parts = append(parts, op.Text)
		}
	}
	return strings.Join(parts, " ")
}
