package board

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"arbiter/cmd/bot/internal/render"
	"arbiter/engine"
	"arbiter/i18n"
)

// Board geometry, in user units.
const (
	boardW      = 400.0 // a phone's width at about 1:1
	boardPad    = 12.0
	cardW       = 86.0
	cardH       = 116.0
	slotW       = 124.0 // a card's slot: room for it upright or tapped
	slotH       = 124.0
	bandHead    = 30.0 // height of a player's name and life row
	headerH     = 28.0
	lineH       = 17.0
	nameChars   = 10 // characters a line of a card's name holds
	nameLines   = 3
	cardsInRow  = 3
	nameTop     = 18.0 // baseline of a card's first name line, from its top
	nameStep    = 15.0 // between name lines
	counterStep = 14.0 // between counter lines
)

// Layout is a laid-out board: everything needed to draw it, in user units.
type Layout struct {
	W, H   float64
	Title  string // accessible name
	Desc   string // accessible description: the whole board in words
	Header string
	Notes  []Text // stack and other zones, under the header or a band
	Bands  []Band
	Cards  []Card
	Links  []Line // attachment to host
	Arrows []Line // attacker to defender, blocker to attacker
	// Legend explains the drawing's conventions in use (a dashed card is
	// phased out), under the bands.
	Legend []LegendItem
}

// LegendItem is one entry of the legend: a small card outline drawn with
// the given dash (as a phased-out card's), or the ring of a targeted card,
// and what it means, at (X, Y), Y the text's baseline.
type LegendItem struct {
	X, Y float64
	Dash float64 // 5: phased out, 2: phased out indirectly
	Ring bool    // the ring around a card targeted by a spell or ability on the stack
	Text string
}

// Band is one player's area.
type Band struct {
	Y, H         float64
	Name         string
	Life         string
	Active, Lost bool
	// LifeX, LifeY is the point attack arrows aim at.
	LifeX, LifeY float64
}

// Text is a line of text at a position (x, baseline y).
type Text struct {
	X, Y  float64
	Text  string
	Class string // "note" or "muted"
}

// Card is one permanent (or Yu-Gi-Oh! effect) drawn as a card. X, Y,
// W, H is the upright card; a tapped card is drawn turned a quarter
// around its centre.
type Card struct {
	ID         string
	X, Y, W, H float64
	Name       []string // the name, wrapped
	Alt        []string // the English name, wrapped, where Name is another language's
	FullName   string   // the name for the accessible description
	Sub        string   // small line under the name (a Yu-Gi-Oh! phase)
	PT         string
	Counters   []string
	Damage     int
	Tapped     bool
	PhasedOut  bool
	Indirect   bool
	Attacking  bool
	Blocking   bool
	Token      bool
	Attachment bool
	Done       bool
	Targeted   bool   // targeted by a spell or ability on the stack
	Title      string // accessible description of the card
}

// CX is the card's centre.
func (c Card) CX() float64 { return c.X + c.W/2 }

// CY is the card's centre.
func (c Card) CY() float64 { return c.Y + c.H/2 }

// bottom is the lowest edge of the card as drawn (upright or tapped).
func (c Card) bottom() float64 {
	if c.Tapped {
		return c.CY() + c.W/2
	}
	return c.Y + c.H
}

// Line is a line or arrow between two points.
type Line struct {
	X1, Y1, X2, Y2 float64
	Class          string // "attach", "attack", "block"
}

// Words are the words a board is described with. The SVG of a web
// page takes them from the page's language; the PNG, read in any
// language, uses NeutralWords.
type Words struct {
	header     func(st engine.State) string
	life       func(n int) string
	hand       func(n int) string
	zone       func(zone string, names []string) string
	stack      func(names []string) string
	card       func(c Card, name string) string
	player     func(name, life string, active bool) string
	title      func(step int) string
	empty      string
	gameLost   string
	phaseLabel func(phase string) string
	mandatory  string
	// legendOut, legendIndirect and legendTarget say what a dashed and a
	// dotted card are, and a ringed one.
	legendOut, legendIndirect, legendTarget string
	// face and full name objects by id: on the card, and in the
	// accessible description (Named); others keep their display name.
	face, full map[string]string
}

// Named returns w naming objects by id: face on the cards and in the
// notes (a card's printed name in the reader's language), full in the
// accessible description (the printed name with the English one beside);
// an id in neither keeps its display name.
func (w Words) Named(face, full map[string]string) Words {
	w.face, w.full = face, full
	return w
}

// faceName is how a card shows the object id whose display name is name.
func (w Words) faceName(id, name string) string {
	if n := w.face[id]; n != "" {
		return n
	}
	return name
}

// fullName is how the accessible description names it.
func (w Words) fullName(id, name string) string {
	if n := w.full[id]; n != "" {
		return n
	}
	return w.faceName(id, name)
}

// baseWords describe the board with names, numbers and symbols only: the
// ground LocalWords builds on.
func baseWords() Words {
	return Words{
		header: func(st engine.State) string {
			return fmt.Sprintf("T%d · %s · %s", st.Turn, st.Active, st.Step)
		},
		life: func(n int) string { return "♥ " + strconv.Itoa(n) },
		hand: func(n int) string { return "□ " + strconv.Itoa(n) },
		zone: func(zone string, names []string) string { return zone + ": " + strings.Join(names, ", ") },
		stack: func(names []string) string {
			return strings.Join(names, " ← ")
		},
		card:       func(c Card, name string) string { return name },
		player:     func(name, life string, active bool) string { return name + " " + life },
		title:      func(step int) string { return strconv.Itoa(step) },
		empty:      "—",
		gameLost:   "✗",
		phaseLabel: func(phase string) string { return phase },
		mandatory:  "!",
	}
}

// LocalWords describe the board in p's language.
func LocalWords(p *i18n.Printer) Words {
	w := baseWords()
	w.header = func(st engine.State) string {
		return p.T(i18n.KeyWebBoardHeader, st.Turn, st.Active, render.StepName(p, st.Game, string(st.Step)))
	}
	w.life = func(n int) string { return p.T(i18n.KeyWebBoardLife, n) }
	w.hand = func(n int) string { return p.T(i18n.KeyWebBoardHand, n) }
	w.zone = func(zone string, names []string) string {
		return p.T(i18n.KeyWebBoardZone, p.T(i18n.Key("web.zone."+zone)), p.List(names))
	}
	w.stack = func(names []string) string {
		return p.T(i18n.KeyWebBoardZone, p.T(i18n.KeyWebBoardStack), p.List(names))
	}
	w.card = func(c Card, name string) string {
		var st []string
		if c.PT != "" {
			st = append(st, c.PT)
		}
		if c.Token {
			st = append(st, p.T(i18n.KeyWebCardToken))
		}
		if c.Tapped {
			st = append(st, p.T(i18n.KeyWebCardTapped))
		}
		if c.PhasedOut && c.Indirect {
			st = append(st, p.T(i18n.KeyWebCardPhasedIndirect))
		} else if c.PhasedOut {
			st = append(st, p.T(i18n.KeyWebCardPhasedOut))
		}
		if c.Attacking {
			st = append(st, p.T(i18n.KeyWebCardAttacking))
		}
		if c.Blocking {
			st = append(st, p.T(i18n.KeyWebCardBlocking))
		}
		if c.Damage > 0 {
			st = append(st, p.T(i18n.KeyWebCardDamage, c.Damage))
		}
		if c.Targeted {
			st = append(st, p.T(i18n.KeyWebCardTargeted))
		}
		st = append(st, c.Counters...)
		if c.Sub != "" {
			st = append(st, c.Sub)
		}
		if c.Done {
			st = append(st, p.T(i18n.KeyWebCardDone))
		}
		if len(st) == 0 {
			return name
		}
		return name + " (" + strings.Join(st, ", ") + ")"
	}
	w.player = func(name, life string, active bool) string {
		if active {
			return p.T(i18n.KeyWebBoardActivePlayer, name, life)
		}
		return name + ", " + life
	}
	w.title = func(step int) string {
		if step == 0 {
			return p.T(i18n.KeyWebBoardInitial)
		}
		return p.T(i18n.KeyWebBoardAfter, step)
	}
	w.empty = p.T(i18n.KeyWebBoardEmpty)
	w.gameLost = p.T(i18n.KeyWebBoardLost)
	w.phaseLabel = func(phase string) string { return render.StepName(p, "ygo", phase) }
	w.mandatory = p.T(i18n.KeyWebCardMandatory)
	w.legendOut = p.T(i18n.KeyWebCardPhasedOut)
	w.legendIndirect = p.T(i18n.KeyWebCardPhasedIndirect)
	w.legendTarget = p.T(i18n.KeyWebCardTargeted)
	return w
}

// LayOut lays out the board of st, the state after step (0: before
// the first action).
func LayOut(st engine.State, step int, w Words) Layout {
	b := Layout{W: boardW, Title: w.title(step), Header: w.header(st)}
	y := headerH
	var desc []string
	desc = append(desc, b.Header)
	if len(st.Stack) > 0 {
		names := st.Names()
		var items []string
		for i := len(st.Stack) - 1; i >= 0; i-- {
			o := st.Stack[i]
			item := w.faceName(o.ID, o.Name)
			var targets []string
			for _, id := range o.Targets {
				if n := names[id]; n != "" {
					targets = append(targets, w.faceName(id, n))
				} else {
					targets = append(targets, id)
				}
			}
			if len(targets) > 0 {
				item += " → " + strings.Join(targets, ", ")
			}
			items = append(items, item)
		}
		t := w.stack(items)
		for _, line := range wrapText(t, boardW-2*boardPad) {
			b.Notes = append(b.Notes, Text{X: boardPad, Y: y + 12, Text: line, Class: "note"})
			y += lineH
		}
		desc = append(desc, t)
		y += 4
	}
	pos := map[string]int{} // permanent id -> index in b.Cards
	bandOf := map[string]int{}
	for _, pl := range bandOrder(st) {
		band := Band{Y: y, Name: pl.Name, Life: w.life(pl.Life), Active: pl.Name == st.Active, Lost: pl.Lost || pl.Left}
		if st.YGO != nil {
			band.Life += "  " + w.hand(pl.Hand)
		}
		band.LifeX, band.LifeY = boardW-boardPad-24, y+bandHead-2
		bandOf[pl.Name] = len(b.Bands)
		pd := w.player(pl.Name, band.Life, band.Active)
		if band.Lost {
			pd += ", " + w.gameLost
		}
		desc = append(desc, pd)
		cy := y + bandHead
		groups := cardGroups(st, pl.Name, w)
		if st.YGO != nil {
			groups = effectGroups(st, pl.Name, w)
		}
		col := 0
		rows := 0
		for _, g := range groups {
			if col > 0 && col+len(g) > cardsInRow {
				col = 0
				rows++
			}
			for k, c := range g {
				if col >= cardsInRow {
					col = 0
					rows++
				}
				sx := boardPad + float64(col)*slotW
				sy := cy + float64(rows)*slotH
				c.X, c.Y, c.W, c.H = sx+(slotW-cardW)/2, sy+(slotH-cardH)/2, cardW, cardH
				name := c.FullName
				if name == "" {
					name = strings.Join(c.Name, " ")
				}
				c.Title = w.card(c, name)
				if k > 0 && col > 0 {
					// A bracket under the host and the attachment.
					host := b.Cards[len(b.Cards)-k]
					c.Attachment = true
					y := math.Max(host.bottom(), c.bottom()) + 3
					b.Links = append(b.Links,
						Line{X1: host.CX(), Y1: host.bottom(), X2: host.CX(), Y2: y, Class: "attach"},
						Line{X1: host.CX(), Y1: y, X2: c.CX(), Y2: y, Class: "attach"},
						Line{X1: c.CX(), Y1: y, X2: c.CX(), Y2: c.bottom(), Class: "attach"})
				} else if k > 0 {
					c.Attachment = true
				}
				pos[c.ID] = len(b.Cards)
				b.Cards = append(b.Cards, c)
				desc = append(desc, c.Title)
				col++
			}
		}
		if col > 0 {
			rows++
		}
		if len(groups) == 0 {
			b.Notes = append(b.Notes, Text{X: boardPad, Y: cy + 14, Text: w.empty, Class: "muted"})
			cy += lineH + 4
		}
		cy += float64(rows) * slotH
		for _, z := range otherZones(st, pl.Name, w) {
			t := w.zone(z.zone, z.names)
			for _, line := range wrapText(t, boardW-2*boardPad) {
				b.Notes = append(b.Notes, Text{X: boardPad, Y: cy + 12, Text: line, Class: "muted"})
				cy += lineH
			}
			desc = append(desc, t)
		}
		band.H = cy - y + 6
		b.Bands = append(b.Bands, band)
		y = cy + 10
	}
	// The legend: what a dashed (and a dotted) card means, when one is
	// drawn, and the ring of a target, which is dashed too.
	out, ind, targeted := false, false, false
	for _, c := range b.Cards {
		out = out || c.PhasedOut && !c.Indirect
		ind = ind || c.PhasedOut && c.Indirect
	}
	for _, o := range st.Stack {
		for _, id := range o.Targets {
			_, ok := pos[id]
			targeted = targeted || ok
		}
	}
	x := boardPad
	for _, it := range []struct {
		on   bool
		dash float64
		ring bool
		text string
	}{{out, 5, false, w.legendOut}, {ind, 2, false, w.legendIndirect}, {targeted, 0, true, w.legendTarget}} {
		if !it.on || it.text == "" {
			continue
		}
		wd := legendSwatch + 6 + textWidth(it.text)
		if x > boardPad && x+wd > boardW-boardPad {
			x = boardPad
			y += lineH
		}
		b.Legend = append(b.Legend, LegendItem{X: x, Y: y + 10, Dash: it.dash, Ring: it.ring, Text: it.text})
		x += wd + 16
	}
	if len(b.Legend) > 0 {
		y += lineH + 2
	}
	b.H = y + 2
	// Combat: attackers aim at the player they attack, blockers at the attacker.
	for _, p := range st.Permanents {
		i, ok := pos[p.ID]
		if !ok {
			continue
		}
		c := b.Cards[i]
		if p.Attacking != "" {
			if bi, ok := bandOf[p.Attacking]; ok {
				band := b.Bands[bi]
				a := arrowBetween(c.CX(), c.CY(), band.LifeX, band.LifeY, "attack")
				a.X2, a.Y2 = band.LifeX, band.LifeY // right under the life total
				b.Arrows = append(b.Arrows, a)
			} else if j, ok := pos[p.Attacking]; ok {
				t := b.Cards[j]
				b.Arrows = append(b.Arrows, arrowBetween(c.CX(), c.CY(), t.CX(), t.CY(), "attack"))
			}
		}
		if p.Blocking != "" {
			if j, ok := pos[p.Blocking]; ok {
				t := b.Cards[j]
				b.Arrows = append(b.Arrows, arrowBetween(c.CX(), c.CY(), t.CX(), t.CY(), "block"))
			}
		}
	}
	// Targets of the spells and abilities on the stack get a ring.
	for _, o := range st.Stack {
		for _, id := range o.Targets {
			if j, ok := pos[id]; ok {
				b.Cards[j].Targeted = true
			}
		}
	}
	b.Desc = strings.Join(desc, ". ")
	return b
}

// arrowBetween is an arrow from one centre toward another that stops short
// of both, so that it starts and ends at the cards' edges.
func arrowBetween(x1, y1, x2, y2 float64, class string) Line {
	const inset = 0.3
	dx, dy := x2-x1, y2-y1
	return Line{X1: x1 + dx*inset/2, Y1: y1 + dy*inset/2, X2: x2 - dx*inset/2, Y2: y2 - dy*inset/2, Class: class}
}

// bandOrder lists the players with the active player last (nearest the
// reader, as at a table), the others in turn order.
func bandOrder(st engine.State) []engine.Player {
	var out []engine.Player
	var active []engine.Player
	for _, p := range st.Players {
		if p.Name == st.Active {
			active = append(active, p)
			continue
		}
		out = append(out, p)
	}
	return append(out, active...)
}

// sideOf is the player whose side of the table a permanent is drawn on:
// its controller, or, while phased out, the player it phased out under.
func sideOf(p engine.Permanent) string {
	if p.PhasedOut && p.PhasedOutUnder != "" {
		return p.PhasedOutUnder
	}
	for _, s := range []string{p.Controller, p.BaseController, p.Owner} {
		if s != "" {
			return s
		}
	}
	return ""
}

// cardGroups returns the permanents on the battlefield on player's side,
// each host followed by what is attached to it.
func cardGroups(st engine.State, player string, w Words) [][]Card {
	attached := map[string][]engine.Permanent{}
	onField := map[string]bool{}
	for _, p := range st.Permanents {
		if p.Zone == engine.ZoneBattlefield {
			onField[p.ID] = true
		}
	}
	for _, p := range st.Permanents {
		if p.Zone == engine.ZoneBattlefield && p.AttachedTo != "" && onField[p.AttachedTo] {
			attached[p.AttachedTo] = append(attached[p.AttachedTo], p)
		}
	}
	var groups [][]Card
	for _, p := range st.Permanents {
		if p.Zone != engine.ZoneBattlefield || (p.AttachedTo != "" && onField[p.AttachedTo]) || sideOf(p) != player {
			continue
		}
		g := []Card{permanentCard(p, w)}
		for _, a := range attached[p.ID] {
			g = append(g, permanentCard(a, w))
		}
		groups = append(groups, g)
	}
	return groups
}

// permanentCard is the card of a permanent, not yet placed.
func permanentCard(p engine.Permanent, w Words) Card {
	c := Card{
		ID: p.ID, Name: wrapName(w.faceName(p.ID, p.Name)), FullName: w.fullName(p.ID, p.Name), Damage: p.Damage, Tapped: p.Tapped,
		PhasedOut: p.PhasedOut, Indirect: p.PhasedIndirect, Token: p.Token,
		Attacking: p.Attacking != "", Blocking: p.Blocking != "",
	}
	if face := w.faceName(p.ID, p.Name); face != p.Name {
		c.Alt = wrapName(p.Name)
	}
	if p.Is("creature") {
		c.PT = fmt.Sprintf("%d/%d", p.Power, p.Toughness)
	}
	for _, k := range sortedCounterKinds(p.Counters) {
		if n := p.Counters[k]; n != 0 {
			c.Counters = append(c.Counters, fmt.Sprintf("%s ×%d", k, n))
		}
	}
	return c
}

// effectGroups draws a Yu-Gi-Oh! player's phase-timed effects as cards.
func effectGroups(st engine.State, player string, w Words) [][]Card {
	var groups [][]Card
	for _, e := range st.YGO.Effects {
		if e.Controller != player {
			continue
		}
		sub := w.phaseLabel(string(e.Phase))
		if e.Mandatory {
			sub += " · " + w.mandatory
		}
		groups = append(groups, []Card{{ID: e.ID, Name: wrapName(e.Name), Sub: sub, Done: e.Done}})
	}
	return groups
}

// sortedCounterKinds returns the kinds of counter of m, sorted.
func sortedCounterKinds(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// zoneList is the cards of one player in one zone other than the battlefield.
type zoneList struct {
	zone  string
	names []string
}

// otherZones lists a player's cards in the graveyard, exile, hand and
// library (tokens that ceased to exist are not drawn).
func otherZones(st engine.State, player string, w Words) []zoneList {
	var out []zoneList
	for _, z := range []string{engine.ZoneGraveyard, engine.ZoneExile, engine.ZoneHand, engine.ZoneLibrary} {
		var names []string
		for _, p := range st.Permanents {
			owner := p.Owner
			if owner == "" {
				owner = p.BaseController
			}
			if p.Zone == z && owner == player {
				names = append(names, w.faceName(p.ID, p.Name))
			}
		}
		if len(names) > 0 {
			out = append(out, zoneList{z, names})
		}
	}
	return out
}

// legendSwatch is the width of a legend entry's card outline.
const legendSwatch = 18.0

// Text widths are estimated, the same for the SVG and the PNG: a wide
// character (CJK, full-width forms) takes wideW units, any other narrowW,
// at the board's 13-unit font.
const (
	narrowW = 7.0
	wideW   = 14.0
)

// runeWidth is the estimated width of r.
func runeWidth(r rune) float64 {
	if isWide(r) {
		return wideW
	}
	return narrowW
}

// isWide reports whether r is drawn full-width: CJK ideographs, kana,
// Hangul, CJK punctuation and full-width forms.
func isWide(r rune) bool {
	return r >= 0x1100 && r <= 0x115F || r >= 0x2E80 && r <= 0xA4CF || r >= 0xAC00 && r <= 0xD7A3 ||
		r >= 0xF900 && r <= 0xFAFF || r >= 0xFE30 && r <= 0xFE4F || r >= 0xFF00 && r <= 0xFF60 || r >= 0xFFE0 && r <= 0xFFE6
}

// textWidth is the estimated width of s.
func textWidth(s string) float64 {
	w := 0.0
	for _, r := range s {
		w += runeWidth(r)
	}
	return w
}

// wrapText breaks s into lines no wider than maxW: at spaces, and between
// any two wide characters (a Japanese line has no spaces).
func wrapText(s string, maxW float64) []string {
	var lines []string
	var cur []rune
	curW := 0.0
	lastBreak := -1 // index in cur after which a line may break
	flush := func(upto int) {
		lines = append(lines, strings.TrimRight(string(cur[:upto]), " "))
		rest := []rune(strings.TrimLeft(string(cur[upto:]), " "))
		cur, curW, lastBreak = rest, 0, -1
		for i, r := range cur {
			curW += runeWidth(r)
			if r == ' ' || isWide(r) {
				lastBreak = i
			}
		}
	}
	for _, r := range s {
		if curW+runeWidth(r) > maxW && len(cur) > 0 {
			switch {
			case r == ' ':
				flush(len(cur))
				continue
			case isWide(r) || lastBreak < 0:
				flush(kinsoku(append(cur, r), len(cur)))
			default:
				flush(kinsoku(append(cur, r), lastBreak+1))
			}
		}
		cur = append(cur, r)
		curW += runeWidth(r)
		if r == ' ' || isWide(r) {
			lastBreak = len(cur) - 1
		}
	}
	if len(cur) > 0 {
		lines = append(lines, strings.TrimRight(string(cur), " "))
	}
	return lines
}

// noLineStart tells the characters a Japanese line does not start with
// (the line breaking rules of JIS X 4051): the long vowel mark, small
// kana, closing brackets and punctuation; noLineEnd those it does not
// end with, opening brackets.
func noLineStart(r rune) bool {
	return strings.ContainsRune("ー～、。，．・：；？！）」』】〕〉》ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ", r)
}

func noLineEnd(r rune) bool { return strings.ContainsRune("（「『【〔〈《", r) }

// kinsoku moves a break of text before index at earlier, to the last
// place a line may break (a space, or beside a wide character) where the
// next line starts with no character of noLineStart and this one ends with
// none of noLineEnd. Where there is none, the break stays.
func kinsoku(text []rune, at int) int {
	ok := func(i int) bool {
		return (text[i-1] == ' ' || isWide(text[i-1]) || isWide(text[i])) && !noLineStart(text[i]) && !noLineEnd(text[i-1])
	}
	if at <= 0 || at >= len(text) || ok(at) {
		return at
	}
	for i := at - 1; i > 0; i-- {
		if ok(i) {
			return i
		}
	}
	return at
}

// nameWidth is the width a line of a card's name may take.
const nameWidth = nameChars * narrowW

// wrapName breaks a card name into at most nameLines lines that fit on a
// card (about nameChars Latin characters, half as many wide ones), at
// spaces where it can and between wide characters; a long word is cut
// with "…".
func wrapName(name string) []string {
	var lines []string
	cur := ""
	add := func(word string) {
		switch {
		case cur == "":
			cur = word
		case textWidth(cur)+narrowW+textWidth(word) <= nameWidth:
			cur += " " + word
		default:
			lines = append(lines, cur)
			cur = word
		}
	}
	for _, word := range strings.Fields(name) {
		if textWidth(word) <= nameWidth+2*narrowW {
			add(word)
			continue
		}
		wide := false
		for _, r := range word {
			wide = wide || isWide(r)
		}
		if !wide {
			add(cutTo(word, nameWidth) + "…") // a long word is cut
			continue
		}
		for _, part := range wrapText(word, nameWidth) { // Japanese breaks anywhere
			add(part)
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	if len(lines) > nameLines {
		last := strings.Join(lines[nameLines-1:], " ")
		lines = append(lines[:nameLines-1], strings.TrimSpace(cutTo(last, nameWidth-narrowW))+"…")
	}
	return lines
}

// cutTo keeps the start of s that fits in maxW.
func cutTo(s string, maxW float64) string {
	w := 0.0
	for i, r := range s {
		if w+runeWidth(r) > maxW {
			return s[:i]
		}
		w += runeWidth(r)
	}
	return s
}
