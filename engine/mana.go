package engine

import (
	"strconv"
	"strings"

	"arbiter/engine/cardlang"
)

// Mana is an amount of mana of each type (106.1): white, blue, black, red,
// green and colorless. A mana pool is one (106.4).
type Mana struct{ W, U, B, R, G, C int }

// manaTypes are the mana symbols in the order a pool prints them.
func manaTypes() []string { return []string{"W", "U", "B", "R", "G", "C"} }

// get returns how much mana of type t (a symbol: W, U, B, R, G, C) m has.
func (m *Mana) get(t string) int {
	switch t {
	case "W":
		return m.W
	case "U":
		return m.U
	case "B":
		return m.B
	case "R":
		return m.R
	case "G":
		return m.G
	case "C":
		return m.C
	}
	return 0
}

// add adds n mana of type t.
func (m *Mana) add(t string, n int) {
	switch t {
	case "W":
		m.W += n
	case "U":
		m.U += n
	case "B":
		m.B += n
	case "R":
		m.R += n
	case "G":
		m.G += n
	case "C":
		m.C += n
	}
}

// Total is the amount of mana of every type.
func (m Mana) Total() int { return m.W + m.U + m.B + m.R + m.G + m.C }

// String writes the mana as symbols, "{W}{U}{C}{C}"; "" for none.
func (m Mana) String() string {
	var b strings.Builder
	for _, t := range manaTypes() {
		for i := 0; i < m.get(t); i++ {
			b.WriteString("{" + t + "}")
		}
	}
	return b.String()
}

// ParseMana reads mana symbols of the six types ("{G}{G}{C}"); any other
// symbol, or text that isn't symbols, is an error.
func ParseMana(s string) (Mana, bool) {
	var m Mana
	for rest := strings.TrimSpace(s); rest != ""; {
		if !strings.HasPrefix(rest, "{") {
			return Mana{}, false
		}
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			return Mana{}, false
		}
		sym := rest[1:end]
		rest = rest[end+1:]
		if n, err := strconv.Atoi(sym); err == nil && n >= 0 {
			m.C += n // {2} in a pool is two colorless mana
			continue
		}
		if !has(manaTypes(), sym) {
			return Mana{}, false
		}
		m.add(sym, 1)
	}
	return m, true
}

// colorSymbol gives the mana symbol of a colour ("red" is R).
func colorSymbol(color string) string {
	switch color {
	case "white":
		return "W"
	case "blue":
		return "U"
	case "black":
		return "B"
	case "red":
		return "R"
	case "green":
		return "G"
	}
	return ""
}

// symbolColor gives the colour of a coloured mana symbol.
func symbolColor(sym string) string {
	for _, c := range Colors() {
		if colorSymbol(c) == sym {
			return c
		}
	}
	return ""
}

// costSymbols splits a mana cost into its symbols ("{2}{W/U}{X}" is 2,
// W/U, X).
func costSymbols(cost string) []string {
	var out []string
	for rest := cost; ; {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			return out
		}
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			return out
		}
		out = append(out, rest[open+1:open+end])
		rest = rest[open+end+1:]
	}
}

// payable reports whether the engine can pay a mana cost's symbols: the
// six types, generic amounts, X, hybrid and Phyrexian symbols ({S} snow
// mana and the like it can't).
func payable(cost string) bool {
	for _, sym := range costSymbols(cost) {
		for _, half := range strings.Split(sym, "/") {
			if _, err := strconv.Atoi(half); err == nil || half == "X" || half == "P" || has(manaTypes(), half) {
				continue
			}
			return false
		}
	}
	return true
}

// payment is how a cost is paid from a pool: the mana taken, and the life
// paid for Phyrexian symbols (107.4f).
type payment struct {
	mana Mana
	life int
}

// payFrom works out how pool pays cost (with X as given), or false when it
// can't. Coloured symbols are paid first, then hybrid ones (the half the
// pool has most of), Phyrexian ones (with mana when the pool has it, else
// 2 life each if life allows), {C}, and generic mana last, from colorless
// mana first and then from the colours the pool has most of.
func payFrom(pool Mana, cost string, x int, life int, lifeCanChange bool) (payment, bool) {
	var pay payment
	left := pool
	generic := 0
	var hybrid, phyrexian [][]string
	for _, sym := range costSymbols(cost) {
		halves := strings.Split(sym, "/")
		switch {
		case sym == "X":
			generic += x
		case len(halves) == 2 && halves[1] == "P":
			phyrexian = append(phyrexian, halves[:1])
		case len(halves) > 1:
			hybrid = append(hybrid, halves)
		default:
			if n, err := strconv.Atoi(sym); err == nil {
				generic += n
				continue
			}
			if left.get(sym) == 0 {
				return payment{}, false
			}
			left.add(sym, -1)
			pay.mana.add(sym, 1)
		}
	}
	for _, h := range hybrid {
		best, bestN := "", 0
		for _, half := range h {
			if n := left.get(half); n > bestN {
				best, bestN = half, n
			}
		}
		if best == "" {
			// {2/W}: two generic mana instead.
			if n, err := strconv.Atoi(h[0]); err == nil {
				generic += n
				continue
			}
			return payment{}, false
		}
		left.add(best, -1)
		pay.mana.add(best, 1)
	}
	for _, p := range phyrexian {
		if left.get(p[0]) > 0 {
			left.add(p[0], -1)
			pay.mana.add(p[0], 1)
			continue
		}
		if !lifeCanChange || life-pay.life < 2 {
			return payment{}, false
		}
		pay.life += 2
	}
	if generic > left.Total() {
		return payment{}, false
	}
	for generic > 0 {
		t := "C"
		if left.C == 0 {
			t = ""
			for _, s := range manaTypes()[:5] {
				if t == "" || left.get(s) > left.get(t) {
					t = s
				}
			}
		}
		left.add(t, -1)
		pay.mana.add(t, 1)
		generic--
	}
	return pay, true
}

// need gives the mana types a cost still asks for that pool doesn't
// cover, in the order a source should add them: each coloured symbol not
// covered, then "" for generic mana.
func need(pool Mana, cost string, x int) []string {
	var out []string
	left := pool
	generic := 0
	for _, sym := range costSymbols(cost) {
		halves := strings.Split(sym, "/")
		switch {
		case sym == "X":
			generic += x
		case len(halves) == 2 && halves[1] == "P":
			if left.get(halves[0]) > 0 {
				left.add(halves[0], -1)
			} else {
				out = append(out, halves[0])
			}
		case len(halves) > 1:
			done := false
			for _, h := range halves {
				if left.get(h) > 0 {
					left.add(h, -1)
					done = true
					break
				}
			}
			if !done {
				out = append(out, halves[0])
			}
		default:
			if n, err := strconv.Atoi(sym); err == nil {
				generic += n
				continue
			}
			if left.get(sym) > 0 {
				left.add(sym, -1)
			} else {
				out = append(out, sym)
			}
		}
	}
	for i := left.Total(); i < generic; i++ {
		out = append(out, "")
	}
	return out
}

// manaSource is a mana ability the engine may activate to pay a cost: a
// permanent's "{T}: Add …" with no other cost.
type manaSource struct {
	id      string
	ability int      // its number among the activated abilities (1 on)
	can     []string // the types it can add, one at a time
	n       int      // how many it adds
}

// manaSources lists player's untapped permanents with a mana ability
// whose only cost is {T}, in the scenario's order (605.1a).
func (g *game) manaSources(player string) []manaSource {
	var out []manaSource
	for i := range g.s.Permanents {
		p := &g.s.Permanents[i]
		if !p.Exists() || p.Controller != player || p.Tapped || p.Behavior == nil {
			continue
		}
		if p.Is("creature") && p.Sick && !p.Has("haste") {
			continue
		}
		for n, ab := range activatedOf(p) {
			if ab.lang == nil || len(ab.lang.Cost) != 1 || ab.lang.Cost[0].Kind != cardlang.CostTap || len(ab.lang.Effects) != 1 || ab.lang.Effects[0].Op != "add" {
				continue
			}
			e := ab.lang.Effects[0]
			can, k := manaChoices(e)
			if len(can) > 0 {
				out = append(out, manaSource{id: p.ID, ability: n + 1, can: can, n: k})
			}
		}
	}
	return out
}

// manaChoices gives the types an add effect may add (one of them) and how
// many: "{G}" is G once, "{R}|{G}" R or G, "any" any colour; "{C}{C}" is
// C twice. A fixed mixture ("{W}{U}") isn't a choice: nil.
func manaChoices(e cardlang.Effect) ([]string, int) {
	m, _ := e.Get("mana").(cardlang.Mana)
	n := 1
	if a, ok := e.Amount("n"); ok && a.Fn == "" && a.Var == "" {
		n = a.N
	}
	switch string(m) {
	case "any", "any_one":
		return []string{"W", "U", "B", "R", "G"}, n
	case "chosen":
		return nil, 0
	}
	var out []string
	for _, alt := range strings.Split(string(m), "|") {
		syms := costSymbols(alt)
		if len(syms) == 0 {
			return nil, 0
		}
		for _, s := range syms[1:] {
			if s != syms[0] {
				return nil, 0
			}
		}
		if !has(manaTypes(), syms[0]) {
			return nil, 0
		}
		if len(syms) != n && len(out) == 0 {
			n = len(syms)
		}
		out = append(out, syms[0])
	}
	return out, n
}

// payMana pays a mana cost for player (601.2g–h): from their pool, after
// activating as many of their untapped mana sources as the pool lacks,
// in the scenario's order, each adding what the cost still needs. An X
// in the cost is x. It returns false when the cost can't be paid; what
// it did before (the mana abilities activated) stands, as the rules allow
// mana abilities before paying (601.2g).
func (g *game) payMana(player, cost string, x int, what string) error {
	if !g.s.PayMana || cost == "" && x == 0 {
		return nil
	}
	i := g.s.player(player)
	pl := &g.s.Players[i]
	if !payable(cost) {
		return illegal(CodeCantPayMana, "601.2h", player, cost)
	}
	lifeOK := g.playerEffect(player, "life_cant_change") == nil
	if _, ok := payFrom(pl.Pool, cost, x, pl.Life, lifeOK); !ok {
		used := map[string]bool{}
		for _, want := range need(pl.Pool, cost, x) {
			for _, src := range g.manaSources(player) {
				if used[src.id] {
					continue
				}
				typ := ""
				switch {
				case want == "":
					typ = src.can[0]
				case has(src.can, want):
					typ = want
				default:
					continue
				}
				used[src.id] = true
				g.tapForMana(src, typ, player)
				break
			}
			if _, ok := payFrom(pl.Pool, cost, x, pl.Life, lifeOK); ok {
				break
			}
		}
	}
	pay, ok := payFrom(pl.Pool, cost, x, pl.Life, lifeOK)
	if !ok {
		return illegal(CodeCantPayMana, "601.2h", player, costText(cost, x))
	}
	for _, t := range manaTypes() {
		pl.Pool.add(t, -pay.mana.get(t))
	}
	var objs []string
	if what != "" {
		objs = []string{what}
	}
	g.emit(Event{Kind: EventPayMana, Player: player, Objects: objs, Args: []string{pay.mana.String(), pl.Pool.String()}, Rule: "601.2h"})
	if pay.life > 0 {
		pl.Life -= pay.life
		g.emit(Event{Kind: EventPayLife, Player: player, Args: []string{itoa(pay.life), itoa(pl.Life)}, Rule: "119.4"})
	}
	return nil
}

// costText writes a cost with X as its value.
func costText(cost string, x int) string {
	if x > 0 {
		return strings.ReplaceAll(cost, "{X}", "{"+itoa(x)+"}")
	}
	return cost
}

// tapForMana activates a mana source to pay a cost (601.2g, 605.3a).
func (g *game) tapForMana(src manaSource, typ, player string) {
	p := g.s.perm(src.id)
	p.Tapped = true
	g.emit(Event{Kind: EventTap, Objects: []string{p.ID}, Rule: "107.5", Player: player})
	g.fire(p.ID, "becomes_tapped", "603.2", "")
	g.addMana(player, typ, src.n, p.ID)
}

// addMana adds n mana of type t to player's pool (106.4), as a mana ability
// of source does (605.3a).
func (g *game) addMana(player, t string, n int, source string) {
	i := g.s.player(player)
	if i < 0 || n <= 0 {
		return
	}
	g.s.Players[i].Pool.add(t, n)
	var m Mana
	m.add(t, n)
	var objs []string
	if source != "" {
		objs = []string{source}
	}
	g.emit(Event{Kind: EventMana, Objects: objs, Player: player, Args: []string{m.String()}, Rule: "605.3a"})
}

// emptyPools empties every mana pool at the end of a step (500.4).
func (g *game) emptyPools() {
	for i := range g.s.Players {
		pl := &g.s.Players[i]
		if pl.Pool.Total() == 0 {
			continue
		}
		lost := pl.Pool.String()
		pl.Pool = Mana{}
		g.emit(Event{Kind: EventManaEmpties, Player: pl.Name, Args: []string{lost}, Rule: "500.4"})
	}
}

// reduceGeneric lowers the generic part of a cost (its numbers and X) by
// n (601.2f): the cost with its generic mana written as one number, X
// counted in it.
func reduceGeneric(cost string, x, n int) (string, int) {
	if n <= 0 {
		return cost, x
	}
	generic := 0
	var rest []string
	for _, sym := range costSymbols(cost) {
		if v, err := strconv.Atoi(sym); err == nil {
			generic += v
			continue
		}
		if sym == "X" {
			generic += x
			continue
		}
		rest = append(rest, "{"+sym+"}")
	}
	generic = max(generic-n, 0)
	out := strings.Join(rest, "")
	if generic > 0 {
		out = "{" + itoa(generic) + "}" + out
	}
	return out, 0
}
