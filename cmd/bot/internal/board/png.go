package board

import (
	"bytes"
	_ "embed"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"arbiter/engine"
)

// pngScale is how many pixels a user unit of the board takes in the PNG:
// 400 units make an 800-pixel-wide image, sharp on phones.
const pngScale = 2

// FramePNG draws the board after a simulation step as a PNG image, from
// the same layout as the web page's SVG, in the words w gives (LocalWords,
// named with the reader's card names). The frame's Index is the action's
// index from 0; the image is titled as step Index+1.
func FramePNG(f engine.Frame, w Words) ([]byte, error) {
	return PNG(LayOut(f.State, f.Index+1, w))
}

// StatePNG draws the board of st, the state after step (0: before the
// first action), as FramePNG does.
func StatePNG(st engine.State, step int, w Words) ([]byte, error) {
	return PNG(LayOut(st, step, w))
}

// cjkOTF is a subset of Noto Sans CJK JP Regular (SIL Open Font License
// 1.1) with the characters the pictures can show in Japanese: the
// catalogs' and the cards data's Japanese names
// (scripts/cjk-font-subset.sh builds it).
//
//go:embed fonts/NotoSansCJKjp-subset.otf
var cjkOTF []byte

// pngPalette is the PNG's colours: the SVG's light theme.
type pngPalette struct {
	bg, band, line, active, ink, muted, card, token, edge, attack, block, target color.RGBA
}

// lightPalette is the PNG palette.
func lightPalette() pngPalette {
	return pngPalette{
		bg:     color.RGBA{0xf7, 0xf7, 0xf4, 0xff},
		band:   color.RGBA{0xff, 0xff, 0xff, 0xff},
		line:   color.RGBA{0xc9, 0xc9, 0xc2, 0xff},
		active: color.RGBA{0x2a, 0x6f, 0x97, 0xff},
		ink:    color.RGBA{0x1d, 0x1d, 0x1b, 0xff},
		muted:  color.RGBA{0x5c, 0x5c, 0x57, 0xff},
		card:   color.RGBA{0xff, 0xfd, 0xf5, 0xff},
		token:  color.RGBA{0xee, 0xf5, 0xee, 0xff},
		edge:   color.RGBA{0x44, 0x44, 0x3f, 0xff},
		attack: color.RGBA{0xb3, 0x26, 0x1e, 0xff},
		block:  color.RGBA{0x1f, 0x5f, 0xa8, 0xff},
		target: color.RGBA{0x7b, 0x3f, 0xa0, 0xff},
	}
}

// pngFaces are the font faces a PNG is drawn with: the Go fonts, and for
// what they have no glyph for (Japanese) the CJK font at the same sizes.
type pngFaces struct {
	regular, bold, small font.Face
	// cjk maps each Go face to its CJK counterpart.
	cjk map[font.Face]font.Face
}

// newPNGFaces loads the embedded fonts at the board's sizes.
func newPNGFaces() (*pngFaces, error) {
	reg, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("board png: font: %w", err)
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("board png: font: %w", err)
	}
	cjk, err := opentype.Parse(cjkOTF)
	if err != nil {
		return nil, fmt.Errorf("board png: CJK font: %w", err)
	}
	face := func(f *opentype.Font, size float64) (font.Face, error) {
		return opentype.NewFace(f, &opentype.FaceOptions{Size: size * pngScale, DPI: 72, Hinting: font.HintingFull})
	}
	fs := pngFaces{cjk: map[font.Face]font.Face{}}
	for _, f := range []struct {
		dst  *font.Face
		font *opentype.Font
		size float64
	}{{&fs.regular, reg, 13}, {&fs.bold, bold, 14}, {&fs.small, bold, 11}} {
		if *f.dst, err = face(f.font, f.size); err != nil {
			return nil, err
		}
		if fs.cjk[*f.dst], err = face(cjk, f.size); err != nil {
			return nil, err
		}
	}
	return &fs, nil
}

// faceFor is the face that draws r: face, or its CJK counterpart when face
// has no glyph for r and the CJK font has one.
func (fs *pngFaces) faceFor(face font.Face, r rune) font.Face {
	if _, ok := face.GlyphAdvance(r); ok {
		return face
	}
	if c := fs.cjk[face]; c != nil {
		if _, ok := c.GlyphAdvance(r); ok {
			return c
		}
	}
	return face
}

// runs splits s into runs of runes drawn with one face.
func (fs *pngFaces) runs(s string, face font.Face) (out []textRun) {
	for _, r := range s {
		f := fs.faceFor(face, r)
		if n := len(out); n > 0 && out[n-1].face == f {
			out[n-1].s += string(r)
			continue
		}
		out = append(out, textRun{f, string(r)})
	}
	return out
}

// textRun is text drawn with one face.
type textRun struct {
	face font.Face
	s    string
}

// pngCanvas draws in user units on an RGBA image.
type pngCanvas struct {
	img   *image.RGBA
	faces *pngFaces
	pal   pngPalette
}

// PNG draws a laid-out board as a PNG image.
func PNG(b Layout) ([]byte, error) {
	faces, err := newPNGFaces()
	if err != nil {
		return nil, err
	}
	w, h := int(math.Ceil(b.W*pngScale)), int(math.Ceil(b.H*pngScale))
	if w <= 0 || h <= 0 || w > 4000 || h > 20000 {
		return nil, fmt.Errorf("board png: bad size %dx%d", w, h)
	}
	c := &pngCanvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), faces: faces, pal: lightPalette()}
	c.fill(0, 0, b.W, b.H, c.pal.bg)
	c.text(boardPad, 19, b.Header, faces.bold, c.pal.ink, false)
	for _, band := range b.Bands {
		c.fill(boardPad/2, band.Y, b.W-boardPad, band.H, c.pal.band)
		edge, width := c.pal.line, 1.0
		if band.Active {
			edge, width = c.pal.active, 2
		}
		c.frame(boardPad/2, band.Y, b.W-boardPad, band.H, edge, width, 0)
		name := band.Name
		if band.Active {
			name = "► " + name
		}
		if band.Lost {
			name += " ×"
		}
		c.text(boardPad+4, band.Y+19, name, faces.bold, c.pal.ink, false)
		c.text(b.W-boardPad-4, band.Y+19, band.Life, faces.bold, c.pal.ink, true)
	}
	for _, n := range b.Notes {
		col := c.pal.ink
		if n.Class == "muted" {
			col = c.pal.muted
		}
		c.text(n.X, n.Y, n.Text, faces.regular, col, false)
	}
	for _, l := range b.Links {
		c.line(l.X1, l.Y1, l.X2, l.Y2, 2, c.pal.edge)
	}
	for _, card := range b.Cards {
		c.card(card)
	}
	c.legend(b.Legend)
	for _, a := range b.Arrows {
		col := c.pal.attack
		if a.Class == "block" {
			col = c.pal.block
		}
		c.arrow(a.X1, a.Y1, a.X2, a.Y2, col)
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, c.img); err != nil {
		return nil, fmt.Errorf("board png: %w", err)
	}
	return buf.Bytes(), nil
}

// card draws a card; a tapped card lies on its side around the same centre.
func (c *pngCanvas) card(k Card) {
	x, y, w, h := k.X, k.Y, k.W, k.H
	if k.Tapped {
		x, y, w, h = k.CX()-k.H/2, k.CY()-k.W/2, k.H, k.W
	}
	fade := func(col color.RGBA) color.RGBA {
		if k.PhasedOut || k.Done {
			return mix(col, c.pal.bg, 0.55)
		}
		return col
	}
	fill := c.pal.card
	if k.Token {
		fill = c.pal.token
	}
	if k.Targeted {
		c.frame(x-4, y-4, w+8, h+8, c.pal.target, 2, 4)
	}
	c.fill(x, y, w, h, fade(fill))
	edge, width := c.pal.edge, 1.2
	switch {
	case k.Attacking:
		edge, width = c.pal.attack, 2.5
	case k.Blocking:
		edge, width = c.pal.block, 2.5
	}
	dash := 0.0
	if k.PhasedOut {
		dash = 5
		if k.Indirect {
			dash = 2
		}
	}
	c.frame(x, y, w, h, fade(edge), width, dash)
	ink, muted := fade(c.pal.ink), fade(c.pal.muted)
	lines := k.Name
	if !c.drawable(lines) && len(k.Alt) > 0 {
		lines = k.Alt // a name the fonts can't draw: the English one
	}
	for i, l := range lines {
		c.text(x+5, y+nameTop+float64(i)*nameStep, l, c.faces.regular, ink, false)
	}
	if k.Sub != "" && c.drawable([]string{k.Sub}) {
		c.text(x+5, y+nameTop+float64(len(lines))*nameStep, k.Sub, c.faces.regular, muted, false)
	}
	for i, s := range k.Counters {
		c.text(x+5, y+h-24-float64(len(k.Counters)-1-i)*counterStep, s, c.faces.regular, muted, false)
	}
	if k.PT != "" {
		c.text(x+w-5, y+h-6, k.PT, c.faces.bold, ink, true)
	}
	if k.Done {
		// A check mark, drawn: the Go font has no glyph for it.
		c.line(x+6, y+h-12, x+10, y+h-7, 2, ink)
		c.line(x+10, y+h-7, x+18, y+h-17, 2, ink)
	}
	if k.Damage > 0 {
		c.disc(x+w-4, y+4, 8, c.pal.attack)
		c.textCentered(x+w-4, y+7.5, fmt.Sprint(k.Damage), c.faces.small, color.RGBA{0xff, 0xff, 0xff, 0xff})
	}
}

// drawable reports whether the fonts have a glyph for every rune.
func (c *pngCanvas) drawable(lines []string) bool {
	for _, l := range lines {
		for _, r := range l {
			if _, ok := c.faces.faceFor(c.faces.regular, r).GlyphAdvance(r); !ok {
				return false
			}
		}
	}
	return true
}

// mix blends a toward b by t (0: a, 1: b).
func mix(a, b color.RGBA, t float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 0xff}
}

// px converts user units to pixels.
func px(v float64) int { return int(math.Round(v * pngScale)) }

// fill paints a rectangle.
func (c *pngCanvas) fill(x, y, w, h float64, col color.RGBA) {
	r := image.Rect(px(x), px(y), px(x+w), px(y+h))
	draw.Draw(c.img, r, image.NewUniform(col), image.Point{}, draw.Src)
}

// frame strokes a rectangle's outline, dashed when dash > 0 (dash length
// in user units).
func (c *pngCanvas) frame(x, y, w, h float64, col color.RGBA, width, dash float64) {
	edges := [][4]float64{{x, y, x + w, y}, {x + w, y, x + w, y + h}, {x + w, y + h, x, y + h}, {x, y + h, x, y}}
	for _, e := range edges {
		if dash == 0 {
			c.line(e[0], e[1], e[2], e[3], width, col)
			continue
		}
		l := math.Hypot(e[2]-e[0], e[3]-e[1])
		for s := 0.0; s < l; s += dash * 1.8 {
			t0, t1 := s/l, math.Min(s+dash, l)/l
			c.line(e[0]+(e[2]-e[0])*t0, e[1]+(e[3]-e[1])*t0, e[0]+(e[2]-e[0])*t1, e[1]+(e[3]-e[1])*t1, width, col)
		}
	}
}

// line draws a line of the given width by stamping squares along it.
func (c *pngCanvas) line(x1, y1, x2, y2, width float64, col color.RGBA) {
	if x1 == x2 || y1 == y2 {
		// Edges of boxes: a thin rectangle.
		h := width / 2
		c.fill(math.Min(x1, x2)-h, math.Min(y1, y2)-h, math.Abs(x2-x1)+width, math.Abs(y2-y1)+width, col)
		return
	}
	steps := int(math.Hypot(x2-x1, y2-y1)*pngScale) + 1
	half := width * pngScale / 2
	for i := 0; i <= steps; i++ {
		t := float64(i) / float64(steps)
		cx, cy := (x1+(x2-x1)*t)*pngScale, (y1+(y2-y1)*t)*pngScale
		r := image.Rect(int(cx-half), int(cy-half), int(math.Ceil(cx+half)), int(math.Ceil(cy+half))).Intersect(c.img.Bounds())
		for j := r.Min.Y; j < r.Max.Y; j++ {
			for k := r.Min.X; k < r.Max.X; k++ {
				c.img.SetRGBA(k, j, col)
			}
		}
	}
}

// arrow draws a line ending in a filled arrowhead.
func (c *pngCanvas) arrow(x1, y1, x2, y2 float64, col color.RGBA) {
	ang := math.Atan2(y2-y1, x2-x1)
	const head = 9.0
	bx, by := x2-head*math.Cos(ang), y2-head*math.Sin(ang)
	c.line(x1, y1, bx, by, 2.5, col)
	p1 := [2]float64{x2, y2}
	p2 := [2]float64{bx + head/2*math.Sin(ang), by - head/2*math.Cos(ang)}
	p3 := [2]float64{bx - head/2*math.Sin(ang), by + head/2*math.Cos(ang)}
	c.triangle(p1, p2, p3, col)
}

// triangle fills the triangle a, b, d.
func (c *pngCanvas) triangle(a, b, d [2]float64, col color.RGBA) {
	minX, maxX := math.Min(a[0], math.Min(b[0], d[0])), math.Max(a[0], math.Max(b[0], d[0]))
	minY, maxY := math.Min(a[1], math.Min(b[1], d[1])), math.Max(a[1], math.Max(b[1], d[1]))
	sign := func(p, q, r [2]float64) float64 { return (p[0]-r[0])*(q[1]-r[1]) - (q[0]-r[0])*(p[1]-r[1]) }
	for j := px(minY); j <= px(maxY); j++ {
		for i := px(minX); i <= px(maxX); i++ {
			p := [2]float64{float64(i) / pngScale, float64(j) / pngScale}
			s1, s2, s3 := sign(p, a, b), sign(p, b, d), sign(p, d, a)
			neg := s1 < 0 || s2 < 0 || s3 < 0
			pos := s1 > 0 || s2 > 0 || s3 > 0
			if !(neg && pos) && image.Pt(i, j).In(c.img.Bounds()) {
				c.img.SetRGBA(i, j, col)
			}
		}
	}
}

// disc fills a circle.
func (c *pngCanvas) disc(cx, cy, r float64, col color.RGBA) {
	for j := px(cy - r); j <= px(cy+r); j++ {
		for i := px(cx - r); i <= px(cx+r); i++ {
			dx, dy := float64(i)/pngScale-cx, float64(j)/pngScale-cy
			if dx*dx+dy*dy <= r*r && image.Pt(i, j).In(c.img.Bounds()) {
				c.img.SetRGBA(i, j, col)
			}
		}
	}
}

// text draws s with its baseline at y, starting at x, or ending there
// when alignEnd is set; each rune in the face that has a glyph for it.
func (c *pngCanvas) text(x, y float64, s string, face font.Face, col color.RGBA, alignEnd bool) {
	runs := c.faces.runs(s, face)
	d := &font.Drawer{Dst: c.img, Src: image.NewUniform(col)}
	start := fixed.I(px(x))
	if alignEnd {
		for _, r := range runs {
			d.Face = r.face
			start -= d.MeasureString(r.s)
		}
	}
	d.Dot = fixed.Point26_6{X: start, Y: fixed.I(px(y))}
	for _, r := range runs {
		d.Face = r.face
		d.DrawString(r.s)
	}
}

// textCentered draws s centred on x, baseline at y.
func (c *pngCanvas) textCentered(x, y float64, s string, face font.Face, col color.RGBA) {
	d := &font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: face}
	d.Dot = fixed.Point26_6{X: fixed.I(px(x)) - d.MeasureString(s)/2, Y: fixed.I(px(y))}
	d.DrawString(s)
}

// legend draws the legend's entries: a small card outline, dashed as a
// phased-out card's or as a target's ring, and its meaning.
func (c *pngCanvas) legend(items []LegendItem) {
	for _, it := range items {
		if it.Ring {
			c.frame(it.X, it.Y-9, legendSwatch, 11, c.pal.target, 2, 4)
		} else {
			c.frame(it.X, it.Y-9, legendSwatch, 11, mix(c.pal.edge, c.pal.bg, 0.55), 1.2, it.Dash)
		}
		c.text(it.X+legendSwatch+6, it.Y, it.Text, c.faces.regular, c.pal.muted, false)
	}
}
