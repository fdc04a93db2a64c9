package web

import (
	"context"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"arbiter/cmd/bot/internal/render"
	"arbiter/i18n"
	"arbiter/kb"
)

// ruleView is a rule as a page shows it.
type ruleView struct {
	Number   string
	Href     string
	Title    string
	Text     template.HTML
	Examples []template.HTML
	Anchor   string
}

// rulePageData is the content of a rule page.
type rulePageData struct {
	Asked      string
	Crumbs     []navLink
	Rule       *ruleView
	Kind       string // part, section, rule, subrule
	Children   []ruleView
	Effective  string
	OldNumber  bool
	Current    string
	CurrentURL string
	Abolished  bool
	OldTexts   []clarification
	CitedBy    []clarGroup
	ParentHref string
	// Renumbering: why and when an old number changed, and the old
	// numbers of a current rule.
	Note    template.HTML
	Changed string
	Former  []navLink
	// Prev and Next are the neighbouring rules at the same level.
	Prev, Next *navLink
}

// rule serves /rules/{number}.
func (w *Pages) rule(r *http.Request, ix Index, pg *page) (string, error) {
	asked := r.PathValue("number")
	num := kb.NormalizeRuleNumber(asked)
	if !render.ValidRuleNumber(num) && !isPartNumber(num) {
		return "", badRequest(i18n.KeyWebErrBadRule, asked)
	}
	ctx := r.Context()
	res, found, err := ix.Rule(ctx, num, "")
	if err != nil {
		return "", internalError(err)
	}
	if !found {
		return "", notFound(i18n.KeyWebErrUnknownRule, num)
	}
	gloss, err := w.glossaryLinks(ctx, ix)
	if err != nil {
		return "", internalError(err)
	}
	d := rulePageData{Asked: num}
	if len(res.Old) > 0 || res.Abolished || (res.Rule.ID != "" && res.Rule.Ref != num) {
		d.OldNumber = true
		d.Current = res.Current
		d.Abolished = res.Current == ""
		if d.Current != "" {
			d.CurrentURL = pg.Href("/rules/" + d.Current)
		}
		oldLinker := newTextLinker(ctx, ix, nil, pg.Lang, "")
		if rn := ix.Renumbering(); rn != nil {
			if e, ok := rn.Lookup(num); ok {
				d.Note, d.Changed = oldLinker.HTML(e.Note), e.Changed
			}
		}
		for _, o := range res.Old {
			d.OldTexts = append(d.OldTexts, w.clarificationOf(pg, o, oldLinker))
		}
	}
	if res.Rule.ID != "" {
		ref := res.Rule.Ref
		lk := newTextLinker(ctx, ix, gloss, pg.Lang, ref)
		rv := ruleViewOf(pg, res.Rule, lk)
		d.Rule = &rv
		d.Kind = ruleKind(ref)
		d.Effective = res.Rule.CRDate
		d.Crumbs = w.crumbs(ctx, ix, pg, ref)
		if len(d.Crumbs) > 0 {
			d.ParentHref = d.Crumbs[len(d.Crumbs)-1].Href
		}
		for _, c := range res.Subrules {
			if d.Kind == "part" || d.Kind == "section" {
				// Long lists: each rule's title, or the start of its text.
				d.Children = append(d.Children, ruleView{Number: c.Ref, Href: pg.Href("/rules/" + c.Ref), Title: childTitle(c)})
				continue
			}
			d.Children = append(d.Children, ruleViewOf(pg, c, lk))
		}
		d.Prev, d.Next = w.neighbours(ctx, ix, pg, ref)
		if rn := ix.Renumbering(); rn != nil && !d.OldNumber {
			for _, o := range rn.Olds(ref) {
				d.Former = append(d.Former, navLink{pg.Href("/rules/" + o), o})
			}
		}
		clk := newTextLinker(ctx, ix, nil, pg.Lang, ref)
		for _, g := range render.GroupClarifications(res.CitedBy, pg.Lang, ix.CardNames) {
			d.CitedBy = append(d.CitedBy, w.clarGroupOf(pg, g, clk))
		}
		pg.Title = ruleHeading(pg.p, d.Kind, ref, res.Rule.Title)
	} else {
		pg.Title = pg.p.T(i18n.KeyWebRuleTitle, num)
	}
	if d.OldNumber {
		pg.Title = pg.p.T(i18n.KeyWebRuleOldTitle, num)
	}
	pg.Data = d
	return "rule", nil
}

// neighbours returns the rules before and after num at its level
// (702.26a and 702.26c around 702.26b; 702.25 and 702.27 around 702.26;
// 701 and 703 around 702), looking a few numbers away for gaps: subrule
// letters skip l and o, as the rules do.
func (w *Pages) neighbours(ctx context.Context, ix Index, pg *page, num string) (prev, next *navLink) {
	step := func(n string, delta int) string {
		switch ruleKind(n) {
		case "subrule":
			c := n[len(n)-1] + byte(delta)
			if c == 'l' || c == 'o' {
				c += byte(delta)
			}
			if c < 'a' || c > 'z' {
				return ""
			}
			return n[:len(n)-1] + string(c)
		case "rule":
			sec, r, _ := strings.Cut(n, ".")
			i, err := strconv.Atoi(r)
			if err != nil || i+delta < 1 {
				return ""
			}
			return sec + "." + strconv.Itoa(i+delta)
		case "section":
			i, err := strconv.Atoi(n)
			m := strconv.Itoa(i + delta)
			if err != nil || len(m) != 3 || m[0] != n[0] {
				return "" // sections stay within their part
			}
			return m
		}
		c := n[0] + byte(delta) // a part
		if c < '1' || c > '9' {
			return ""
		}
		return string(c)
	}
	find := func(delta int) *navLink {
		n := num
		for tries := 0; tries < 3; tries++ {
			if n = step(n, delta); n == "" {
				return nil
			}
			if d, ok := ix.Doc(ctx, "cr:"+n); ok {
				t := d.Ref
				if d.Title != "" {
					t += " " + d.Title
				}
				return &navLink{pg.Href("/rules/" + d.Ref), t}
			}
		}
		return nil
	}
	return find(-1), find(+1)
}

// isPartNumber accepts the nine parts of the rules, "1" to "9".
func isPartNumber(n string) bool { return len(n) == 1 && n[0] >= '1' && n[0] <= '9' }

// ruleKind tells a part (7), a section (702), a rule (702.26) and a subrule (702.26a).
func ruleKind(n string) string {
	switch {
	case len(n) == 1:
		return "part"
	case !strings.Contains(n, "."):
		return "section"
	case n[len(n)-1] >= 'a' && n[len(n)-1] <= 'z':
		return "subrule"
	}
	return "rule"
}

// ruleHeading is the page heading of a rule: "Rule 702.26 — Phasing".
func ruleHeading(p *i18n.Printer, kind, num, title string) string {
	var h string
	switch kind {
	case "part":
		h = p.T(i18n.KeyWebRulePart, num)
	case "section":
		h = p.T(i18n.KeyWebRuleSection, num)
	default:
		h = p.T(i18n.KeyWebRuleTitle, num)
	}
	if title != "" {
		h += " — " + title
	}
	return h
}

// ruleViewOf is a rule with its text and examples linked.
func ruleViewOf(pg *page, d kb.Doc, lk *textLinker) ruleView {
	v := ruleView{Number: d.Ref, Href: pg.Href("/rules/" + d.Ref), Title: d.Title, Anchor: d.Ref}
	if d.Title == "" || d.Text != d.Title {
		v.Text = lk.HTML(d.Text)
	}
	for _, e := range d.Examples {
		v.Examples = append(v.Examples, lk.HTML(e))
	}
	return v
}

// childTitle is a rule's title, or the start of its text.
func childTitle(d kb.Doc) string {
	if d.Title != "" {
		return d.Title
	}
	return render.ClipRunes(strings.SplitN(d.Text, "\n", 2)[0], 110)
}

// crumbs are the links to the part, section and rule above num.
func (w *Pages) crumbs(ctx context.Context, ix Index, pg *page, num string) []navLink {
	out := []navLink{{pg.Href("/rules/"), pg.p.T(i18n.KeyWebNavRules)}}
	var up []string
	if len(num) > 1 {
		up = append(up, num[:1])
	}
	if len(num) > 3 {
		up = append(up, num[:3])
	}
	if ruleKind(num) == "subrule" {
		up = append(up, strings.TrimRight(num, "abcdefghijklmnopqrstuvwxyz"))
	}
	for _, n := range up {
		d, ok := ix.Doc(ctx, "cr:"+n)
		if !ok {
			continue
		}
		out = append(out, navLink{pg.Href("/rules/" + n), ruleHeading(pg.p, ruleKind(n), n, d.Title)})
	}
	return out
}

// rulesIndexData is the table of contents.
type rulesIndexData struct {
	Effective string
	Parts     []tocPart
}

type tocPart struct {
	navLink
	Sections []navLink
}

// rulesIndex serves /rules/: the parts and sections of the rules.
func (w *Pages) rulesIndex(r *http.Request, ix Index, pg *page) (string, error) {
	outline, err := ix.RuleOutline(r.Context())
	if err != nil {
		return "", internalError(err)
	}
	d := rulesIndexData{Effective: ix.Meta().CurrentCR}
	for _, o := range outline {
		l := navLink{pg.Href("/rules/" + o.Ref), o.Ref + ". " + o.Title}
		if len(o.Ref) == 1 {
			d.Parts = append(d.Parts, tocPart{navLink: l})
			continue
		}
		if len(d.Parts) > 0 {
			last := &d.Parts[len(d.Parts)-1]
			last.Sections = append(last.Sections, l)
		}
	}
	pg.Title = pg.p.T(i18n.KeyWebRulesTitle)
	pg.Data = d
	if len(d.Parts) == 0 {
		return "", notFound(i18n.KeyWebErrNoRules)
	}
	return "rules", nil
}
