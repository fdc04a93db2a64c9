package board

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"
)

// boardStyle is the SVG's own style sheet, light and dark, so that the
// drawing reads the same inline in a page and opened on its own.
const boardStyle = `.bg{fill:#f7f7f4}.band{fill:#fff;stroke:#c9c9c2}.band.active{stroke:#2a6f97;stroke-width:2}
.txt{fill:#1d1d1b;font:13px system-ui,sans-serif}.hd{font-weight:600;font-size:14px}.muted{fill:#5c5c57}
.card{fill:#fffdf5;stroke:#44443f;stroke-width:1.2}.card.token{fill:#eef5ee}
.card.out{stroke-dasharray:5 3;opacity:.45}.card.ind{stroke-dasharray:1.5 2.5}.card.done{opacity:.5}
.card.atk{stroke:#b3261e;stroke-width:2.5}.card.blk{stroke:#1f5fa8;stroke-width:2.5}
.pt{font-weight:700}.dmg{fill:#b3261e}.dmgt{fill:#fff;font:bold 10px system-ui,sans-serif}
.attach{stroke:#44443f;stroke-width:2}.attack{stroke:#b3261e;stroke-width:2.5}.block{stroke:#1f5fa8;stroke-width:2.5}
.head-attack{fill:#b3261e}.head-block{fill:#1f5fa8}.ring{fill:none;stroke:#7b3fa0;stroke-width:2;stroke-dasharray:4 3}
@media (prefers-color-scheme:dark){.bg{fill:#1b1c1e}.band{fill:#25272a;stroke:#4a4d52}.band.active{stroke:#7fb8dc}
.txt{fill:#ececea}.muted{fill:#a9aaa6}.card{fill:#2e3034;stroke:#c9c9c2}.card.token{fill:#27352b}
.card.atk{stroke:#ff8a80}.card.blk{stroke:#82b1ff}.attack{stroke:#ff8a80}.block{stroke:#82b1ff}.attach{stroke:#c9c9c2}
.head-attack{fill:#ff8a80}.head-block{fill:#82b1ff}.ring{stroke:#d1a3ef}}`

// SVG draws b as an SVG element; id makes its element IDs unique in
// a page holding several boards.
func SVG(b Layout, id string) template.HTML {
	var s strings.Builder
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
	esc := template.HTMLEscapeString
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 %s %s" width="%s" height="%s" role="img" aria-labelledby="%s-t %s-d">`,
		f(b.W), f(b.H), f(b.W), f(b.H), id, id)
	fmt.Fprintf(&s, `<title id="%s-t">%s</title><desc id="%s-d">%s</desc>`, id, esc(b.Title), id, esc(b.Desc))
	s.WriteString(`<style>` + boardStyle + `</style>`)
	fmt.Fprintf(&s, `<defs><marker id="%s-ha" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path class="head-attack" d="M0 0L10 5L0 10z"/></marker>`, id)
	fmt.Fprintf(&s, `<marker id="%s-hb" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path class="head-block" d="M0 0L10 5L0 10z"/></marker>`, id)
	s.WriteString(`</defs>`)
	fmt.Fprintf(&s, `<rect class="bg" width="%s" height="%s"/>`, f(b.W), f(b.H))
	fmt.Fprintf(&s, `<text class="txt hd" x="%s" y="19">%s</text>`, f(boardPad), esc(b.Header))
	for _, band := range b.Bands {
		cls := "band"
		if band.Active {
			cls += " active"
		}
		fmt.Fprintf(&s, `<rect class="%s" x="%s" y="%s" width="%s" height="%s" rx="6"/>`, cls, f(boardPad/2), f(band.Y), f(b.W-boardPad), f(band.H))
		name := band.Name
		if band.Active {
			name = "▶ " + name
		}
		if band.Lost {
			name += " ✗"
		}
		fmt.Fprintf(&s, `<text class="txt hd" x="%s" y="%s">%s</text>`, f(boardPad+4), f(band.Y+19), esc(name))
		fmt.Fprintf(&s, `<text class="txt hd" x="%s" y="%s" text-anchor="end">%s</text>`, f(b.W-boardPad-4), f(band.Y+19), esc(band.Life))
	}
	for _, n := range b.Notes {
		fmt.Fprintf(&s, `<text class="txt %s" x="%s" y="%s">%s</text>`, n.Class, f(n.X), f(n.Y), esc(n.Text))
	}
	for _, l := range b.Links {
		fmt.Fprintf(&s, `<line class="%s" x1="%s" y1="%s" x2="%s" y2="%s"/>`, l.Class, f(l.X1), f(l.Y1), f(l.X2), f(l.Y2))
	}
	for _, c := range b.Cards {
		cardSVG(&s, c, f, esc)
	}
	for _, it := range b.Legend {
		cls := "card out"
		switch {
		case it.Ring:
			cls = "ring"
		case it.Dash < 5:
			cls += " ind"
		}
		fmt.Fprintf(&s, `<rect class="%s" x="%s" y="%s" width="%s" height="11" rx="2"/>`, cls, f(it.X), f(it.Y-9), f(legendSwatch))
		fmt.Fprintf(&s, `<text class="txt muted" x="%s" y="%s">%s</text>`, f(it.X+legendSwatch+6), f(it.Y), esc(it.Text))
	}
	for _, a := range b.Arrows {
		head := id + "-ha"
		if a.Class == "block" {
			head = id + "-hb"
		}
		fmt.Fprintf(&s, `<line class="%s" x1="%s" y1="%s" x2="%s" y2="%s" marker-end="url(#%s)"/>`, a.Class, f(a.X1), f(a.Y1), f(a.X2), f(a.Y2), head)
	}
	s.WriteString(`</svg>`)
	return template.HTML(s.String())
}

// cardSVG draws one card; a tapped card is the upright drawing turned a
// quarter clockwise around its centre.
func cardSVG(s *strings.Builder, c Card, f func(float64) string, esc func(string) string) {
	cls := []string{"card"}
	if c.Token {
		cls = append(cls, "token")
	}
	if c.PhasedOut {
		cls = append(cls, "out")
		if c.Indirect {
			cls = append(cls, "ind")
		}
	}
	if c.Done {
		cls = append(cls, "done")
	}
	if c.Attacking {
		cls = append(cls, "atk")
	}
	if c.Blocking {
		cls = append(cls, "blk")
	}
	g := `<g`
	if c.Tapped {
		g += fmt.Sprintf(` transform="rotate(90 %s %s)"`, f(c.CX()), f(c.CY()))
	}
	if c.PhasedOut {
		g += ` opacity=".55"`
	}
	s.WriteString(g + `>`)
	fmt.Fprintf(s, `<title>%s</title>`, esc(c.Title))
	if c.Targeted {
		fmt.Fprintf(s, `<rect class="ring" x="%s" y="%s" width="%s" height="%s" rx="7"/>`, f(c.X-4), f(c.Y-4), f(c.W+8), f(c.H+8))
	}
	fmt.Fprintf(s, `<rect class="%s" x="%s" y="%s" width="%s" height="%s" rx="5"/>`, strings.Join(cls, " "), f(c.X), f(c.Y), f(c.W), f(c.H))
	for i, line := range c.Name {
		fmt.Fprintf(s, `<text class="txt" x="%s" y="%s">%s</text>`, f(c.X+5), f(c.Y+nameTop+float64(i)*nameStep), esc(line))
	}
	y := c.Y + nameTop + float64(len(c.Name))*nameStep
	if c.Sub != "" {
		fmt.Fprintf(s, `<text class="txt muted" x="%s" y="%s">%s</text>`, f(c.X+5), f(y), esc(c.Sub))
	}
	for i, k := range c.Counters {
		fmt.Fprintf(s, `<text class="txt muted" x="%s" y="%s">%s</text>`, f(c.X+5), f(c.Y+c.H-24-float64(len(c.Counters)-1-i)*counterStep), esc(k))
	}
	if c.PT != "" {
		fmt.Fprintf(s, `<text class="txt pt" x="%s" y="%s" text-anchor="end">%s</text>`, f(c.X+c.W-5), f(c.Y+c.H-6), esc(c.PT))
	}
	if c.Done {
		fmt.Fprintf(s, `<text class="txt pt" x="%s" y="%s">✓</text>`, f(c.X+5), f(c.Y+c.H-6))
	}
	if c.Damage > 0 {
		fmt.Fprintf(s, `<circle class="dmg" cx="%s" cy="%s" r="8"/><text class="dmgt" x="%s" y="%s" text-anchor="middle">%d</text>`,
			f(c.X+c.W-4), f(c.Y+4), f(c.X+c.W-4), f(c.Y+7.5), c.Damage)
	}
	s.WriteString(`</g>`)
}
