package cardlang

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseError is a mistake in a card written in the text form: the line
// (from 1) and what is wrong.
type ParseError struct {
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// Parse reads cards written in the text form (Card.String): each card a
// header line "card NAME [MANA] TYPELINE", then its abilities on indented
// lines. Blank lines and lines starting with # are skipped. Every card is
// checked with Validate.
func Parse(src string) ([]Card, error) {
	var cards []Card
	for i, raw := range strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n") {
		n := i + 1
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		toks, err := lex(line)
		if err != nil {
			return nil, &ParseError{n, err.Error()}
		}
		if raw[0] != ' ' && raw[0] != '\t' {
			c, err := parseHeader(toks)
			if err != nil {
				return nil, &ParseError{n, err.Error()}
			}
			cards = append(cards, c)
			continue
		}
		if len(cards) == 0 {
			return nil, &ParseError{n, "an ability before any card line"}
		}
		a, err := parseAbility(toks)
		if err != nil {
			return nil, &ParseError{n, err.Error()}
		}
		c := &cards[len(cards)-1]
		c.Abilities = append(c.Abilities, a)
	}
	for _, c := range cards {
		if err := Validate(c); err != nil {
			return nil, fmt.Errorf("card %q: %w", c.Name, err)
		}
	}
	return cards, nil
}

// ParseCard reads exactly one card in the text form.
func ParseCard(src string) (Card, error) {
	cs, err := Parse(src)
	if err != nil {
		return Card{}, err
	}
	if len(cs) != 1 {
		return Card{}, fmt.Errorf("%d cards, want 1", len(cs))
	}
	return cs[0], nil
}

// token is a token of the text form: a quoted string, a punctuation mark
// or an atom (a run of other non-space characters).
type token struct {
	s     string
	str   bool // a quoted string, s unquoted
	punct bool
}

// lex splits a line of the text form into tokens.
func lex(line string) ([]token, error) {
	var out []token
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c == '"':
			j := i + 1
			for j < len(line) && line[j] != '"' {
				if line[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(line) {
				return nil, fmt.Errorf("a string without its closing quote")
			}
			s, err := strconv.Unquote(line[i : j+1])
			if err != nil {
				return nil, fmt.Errorf("bad string %s", line[i:j+1])
			}
			out = append(out, token{s: s, str: true})
			i = j + 1
		case strings.IndexByte("()[],:;", c) >= 0:
			out = append(out, token{s: string(c), punct: true})
			i++
		default:
			j := i
			for j < len(line) && line[j] != ' ' && line[j] != '\t' && line[j] != '"' && strings.IndexByte("()[],:;", line[j]) < 0 {
				j++
			}
			out = append(out, token{s: line[i:j]})
			i = j
		}
	}
	return out, nil
}

// item is an atom, or a call: an atom with arguments in parentheses.
type item struct {
	atom string
	call bool
	args []narg
}

// node is an argument's value before it is typed: a phrase of items, a
// bracketed list of items (effects), or a string.
type node struct {
	items  []item
	list   []item
	isList bool
	str    string
	isStr  bool
}

// narg is an argument, named or not.
type narg struct {
	name string
	val  node
}

// tparser reads tokens of one line.
type tparser struct {
	toks []token
	i    int
}

func (p *tparser) peek() token {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return token{}
}

func (p *tparser) done() bool { return p.i >= len(p.toks) }

// isPunct reports whether the next token is the punctuation s.
func (p *tparser) isPunct(s string) bool {
	t := p.peek()
	return t.punct && t.s == s
}

func (p *tparser) expect(s string) error {
	if !p.isPunct(s) {
		return fmt.Errorf("want %q, found %q", s, p.peek().s)
	}
	p.i++
	return nil
}

// item reads an atom and, if a parenthesis follows, its arguments.
func (p *tparser) item() (item, error) {
	t := p.peek()
	if t.punct || t.str || p.done() {
		return item{}, fmt.Errorf("want a word, found %q", t.s)
	}
	p.i++
	it := item{atom: t.s}
	if !p.isPunct("(") {
		return it, nil
	}
	p.i++
	it.call = true
	for !p.isPunct(")") {
		if len(it.args) > 0 {
			if err := p.expect(","); err != nil {
				return it, err
			}
		}
		var a narg
		if p.i+1 < len(p.toks) && !p.peek().punct && !p.peek().str && p.toks[p.i+1].punct && p.toks[p.i+1].s == ":" {
			a.name = p.peek().s
			p.i += 2
		}
		v, err := p.node()
		if err != nil {
			return it, err
		}
		a.val = v
		it.args = append(it.args, a)
	}
	p.i++
	return it, nil
}

// node reads a phrase, a bracketed list or a string.
func (p *tparser) node() (node, error) {
	t := p.peek()
	switch {
	case t.str:
		p.i++
		return node{str: t.s, isStr: true}, nil
	case t.punct && t.s == "[":
		p.i++
		n := node{isList: true}
		for !p.isPunct("]") {
			if len(n.list) > 0 {
				if err := p.expect(";"); err != nil {
					return n, err
				}
			}
			it, err := p.item()
			if err != nil {
				return n, err
			}
			n.list = append(n.list, it)
		}
		p.i++
		return n, nil
	}
	var n node
	for !p.done() && !p.peek().punct && !p.peek().str {
		it, err := p.item()
		if err != nil {
			return n, err
		}
		n.items = append(n.items, it)
	}
	if len(n.items) == 0 {
		return n, fmt.Errorf("want a value, found %q", t.s)
	}
	return n, nil
}

// parseHeader reads "card NAME [MANA] TYPELINE".
func parseHeader(toks []token) (Card, error) {
	if len(toks) < 3 || toks[0].s != "card" || toks[0].str || !toks[1].str || !toks[len(toks)-1].str {
		return Card{}, fmt.Errorf(`want: card "NAME" [MANA COST] "TYPE LINE"`)
	}
	c := Card{Name: toks[1].s, TypeLine: toks[len(toks)-1].s}
	switch len(toks) {
	case 3:
	case 4:
		if toks[2].str || toks[2].punct || !isManaCost(toks[2].s) {
			return c, fmt.Errorf("%q is not a mana cost", toks[2].s)
		}
		c.ManaCost = toks[2].s
	default:
		return c, fmt.Errorf(`want: card "NAME" [MANA COST] "TYPE LINE"`)
	}
	return c, nil
}

// isManaCost reports whether s is one or more mana symbols.
func isManaCost(s string) bool {
	if s == "" {
		return false
	}
	for s != "" {
		if s[0] != '{' {
			return false
		}
		j := strings.IndexByte(s, '}')
		if j < 2 {
			return false
		}
		if !isManaSymbol(s[1:j]) {
			return false
		}
		s = s[j+1:]
	}
	return true
}

// isManaSymbol reports whether the inside of braces is a mana symbol:
// a number, X, a colour, C, S, hybrid (W/U, 2/W) or Phyrexian (W/P).
func isManaSymbol(s string) bool {
	if _, err := strconv.Atoi(s); err == nil {
		return true
	}
	switch s {
	case "X", "Y", "Z", "W", "U", "B", "R", "G", "C", "S":
		return true
	}
	parts := strings.Split(s, "/")
	if len(parts) < 2 || len(parts) > 3 {
		return false
	}
	for _, q := range parts {
		switch q {
		case "W", "U", "B", "R", "G", "C", "P", "2":
		default:
			return false
		}
	}
	return true
}

// parseAbility reads one ability line.
func parseAbility(toks []token) (Ability, error) {
	p := &tparser{toks: toks}
	t := p.peek()
	if t.punct || t.str {
		return Ability{}, fmt.Errorf("want an ability kind, found %q", t.s)
	}
	p.i++
	a := Ability{Kind: Kind(t.s)}
	switch a.Kind {
	case KindKeyword:
		it, err := p.item()
		if err != nil {
			return a, err
		}
		k, err := toKeyword(it)
		if err != nil {
			return a, err
		}
		a.Keyword = &k
		if !p.done() {
			return a, fmt.Errorf("unexpected %q after the keyword", p.peek().s)
		}
		return a, nil
	case KindAdditional:
		if err := p.expect(":"); err != nil {
			return a, err
		}
		c, err := p.cost()
		if err != nil {
			return a, err
		}
		a.Cost = c
		if !p.done() {
			return a, fmt.Errorf("unexpected %q after the cost", p.peek().s)
		}
		return a, nil
	case KindTriggered:
		it, err := p.item()
		if err != nil {
			return a, err
		}
		tr, err := toTrigger(it)
		if err != nil {
			return a, err
		}
		a.Trigger = tr
	case KindActivated:
		if !p.done() && p.peek().s == "in" && !p.peek().str {
			p.i++
			z := p.peek()
			if z.punct || z.str || (z.s != ZoneGraveyard && z.s != ZoneHand) {
				return a, fmt.Errorf("an ability functions in graveyard or hand, not %q", z.s)
			}
			a.Zone = z.s
			p.i++
		}
		c, err := p.cost()
		if err != nil {
			return a, err
		}
		a.Cost = c
	case KindSpell, KindStatic, KindAsEnters:
	default:
		return a, fmt.Errorf("unknown ability kind %q (keyword, spell, additional, when, activate, static, as_enters)", t.s)
	}
	if !p.done() && !p.peek().punct && p.peek().s == "if" {
		p.i++
		var items []item
		for !p.done() && !p.isPunct(":") && !p.isPunct("[") {
			it, err := p.item()
			if err != nil {
				return a, err
			}
			items = append(items, it)
		}
		c, err := toCond(items)
		if err != nil {
			return a, err
		}
		a.If = c
	}
	if p.isPunct("[") {
		p.i++
		for !p.isPunct("]") {
			if len(a.Limits) > 0 {
				if err := p.expect(","); err != nil {
					return a, err
				}
			}
			w := p.peek()
			if w.punct || w.str || p.done() {
				return a, fmt.Errorf("want a limit, found %q", w.s)
			}
			a.Limits = append(a.Limits, w.s)
			p.i++
		}
		p.i++
	}
	if err := p.expect(":"); err != nil {
		return a, err
	}
	for !p.done() {
		if len(a.Effects) > 0 {
			if err := p.expect(";"); err != nil {
				return a, err
			}
		}
		it, err := p.item()
		if err != nil {
			return a, err
		}
		e, err := toEffect(it)
		if err != nil {
			return a, err
		}
		a.Effects = append(a.Effects, e)
	}
	return a, nil
}

// cost reads cost parts separated by commas, up to ":" or "[".
func (p *tparser) cost() (Cost, error) {
	var c Cost
	for !p.done() && !p.isPunct(":") && !p.isPunct("[") && !(p.peek().s == "if" && !p.peek().str && !p.peek().punct) {
		if len(c) > 0 {
			if err := p.expect(","); err != nil {
				return c, err
			}
		}
		it, err := p.item()
		if err != nil {
			return c, err
		}
		cp, err := toCostPart(it)
		if err != nil {
			return c, err
		}
		c = append(c, cp)
	}
	if len(c) == 0 {
		return c, fmt.Errorf("an empty cost")
	}
	return c, nil
}

// toCostPart types one part of a cost.
func toCostPart(it item) (CostPart, error) {
	if !it.call {
		switch it.atom {
		case "{T}":
			return CostPart{Kind: CostTap}, nil
		case "{Q}":
			return CostPart{Kind: CostUntap}, nil
		}
		if isManaCost(it.atom) {
			return CostPart{Kind: CostMana, Mana: it.atom}, nil
		}
		return CostPart{}, fmt.Errorf("%q is not a cost", it.atom)
	}
	cp := CostPart{Kind: it.atom}
	switch it.atom {
	case CostLife:
		if len(it.args) != 1 {
			return cp, fmt.Errorf("pay_life takes one amount")
		}
		n, err := toAmount(it.args[0].val)
		cp.N = &n
		return cp, err
	case CostLoyalty:
		if len(it.args) != 1 || len(it.args[0].val.items) != 1 {
			return cp, fmt.Errorf("loyalty takes one signed number")
		}
		n, err := signedAmount(it.args[0].val.items[0].atom)
		cp.N = &n
		return cp, err
	case CostRemoveCounters, CostPutCounters:
		if len(it.args) != 2 {
			return cp, fmt.Errorf("%s takes an amount and a counter kind", it.atom)
		}
		n, err := toAmount(it.args[0].val)
		if err != nil {
			return cp, err
		}
		cp.N = &n
		cp.Counter, err = toWord(it.args[1].val, nil)
		return cp, err
	case CostSacrifice, CostDiscard, CostExile, CostTapOther, CostReturn:
		if len(it.args) != 1 {
			return cp, fmt.Errorf("%s takes what", it.atom)
		}
		r, err := toRef(it.args[0].val)
		cp.What = r
		return cp, err
	}
	return cp, fmt.Errorf("%q is not a cost", it.atom)
}

// toEffect types an effect call by its operation's parameters.
func toEffect(it item) (Effect, error) {
	op, ok := opDef(it.atom)
	if !ok || !it.call {
		return Effect{}, fmt.Errorf("unknown effect %q", it.atom)
	}
	e := Effect{Op: it.atom}
	var positional []Param
	for _, prm := range op.Params {
		if !prm.Named {
			positional = append(positional, prm)
		}
	}
	set := map[string]Value{}
	next := 0
	for ai := 0; ai < len(it.args); ai++ {
		a := it.args[ai]
		if a.name == "" && len(a.val.items) == 1 && !a.val.items[0].call {
			if prm, ok := paramNamed(op, a.val.items[0].atom); ok && prm.Kind == "flag" {
				set[prm.Name] = Flag{}
				continue
			}
		}
		var prm Param
		if a.name != "" {
			var ok bool
			prm, ok = paramNamed(op, a.name)
			if !ok || !prm.Named {
				return e, fmt.Errorf("%s has no argument %q", op.Name, a.name)
			}
		} else {
			if next >= len(positional) {
				return e, fmt.Errorf("%s: too many arguments", op.Name)
			}
			prm = positional[next]
			next++
		}
		if prm.Kind == "modes" {
			m, err := toModes(it.args[ai:])
			if err != nil {
				return e, err
			}
			set[prm.Name] = m
			break
		}
		if _, dup := set[prm.Name]; dup {
			return e, fmt.Errorf("%s: %s given twice", op.Name, prm.Name)
		}
		v, err := toValue(prm, a.val)
		if err != nil {
			return e, fmt.Errorf("%s(%s): %w", op.Name, prm.Name, err)
		}
		set[prm.Name] = v
	}
	for _, prm := range op.Params {
		if v, ok := set[prm.Name]; ok {
			e.Args = append(e.Args, Arg{Name: prm.Name, Value: v})
		}
	}
	return e, nil
}

// paramNamed finds an operation's parameter.
func paramNamed(op Op, name string) (Param, bool) {
	for _, prm := range op.Params {
		if prm.Name == name {
			return prm, true
		}
	}
	return Param{}, false
}

// toValue types an argument by its parameter's kind.
func toValue(prm Param, n node) (Value, error) {
	switch prm.Kind {
	case "ref":
		return toRef(n)
	case "amount":
		return toAmount(n)
	case "pt":
		if len(n.items) != 1 || n.items[0].call {
			return nil, fmt.Errorf("want a power and toughness such as +3/+3")
		}
		return toPT(n.items[0].atom)
	case "word":
		w, err := toWord(n, prm.Words)
		return Word(w), err
	case "mana":
		if len(n.items) != 1 || n.items[0].call {
			return nil, fmt.Errorf("want mana")
		}
		m := n.items[0].atom
		if !isMana(m) {
			return nil, fmt.Errorf("%q is not mana", m)
		}
		return Mana(m), nil
	case "keywords":
		return toKeywords(n.items)
	case "token":
		if len(n.items) != 1 || !n.items[0].call || n.items[0].atom != "token" {
			return nil, fmt.Errorf("want token(...)")
		}
		return toToken(n.items[0])
	case "effects":
		if !n.isList {
			return nil, fmt.Errorf("want a list of effects in brackets")
		}
		var es Effects
		for _, it := range n.list {
			e, err := toEffect(it)
			if err != nil {
				return nil, err
			}
			es = append(es, e)
		}
		return es, nil
	case "cond":
		return toCond(n.items)
	case "event":
		if len(n.items) != 1 {
			return nil, fmt.Errorf("want an event")
		}
		return toTrigger(n.items[0])
	case "filter":
		return toFilter(n.items)
	}
	return nil, fmt.Errorf("a %s argument can't be written", prm.Kind)
}

// isMana reports whether s is mana an effect adds: symbols, symbols
// separated by | (one of them), or any, any_one, chosen.
func isMana(s string) bool {
	switch s {
	case "any", "any_one", "chosen":
		return true
	}
	for _, part := range strings.Split(s, "|") {
		if !isManaCost(part) {
			return false
		}
	}
	return true
}

// toWord reads a one-word value, one of words if words is not nil.
func toWord(n node, words []string) (string, error) {
	if len(n.items) != 1 || n.items[0].call {
		return "", fmt.Errorf("want one word")
	}
	w := n.items[0].atom
	if words != nil && !contains(words, w) {
		return "", fmt.Errorf("%q is not one of %s", w, strings.Join(words, ", "))
	}
	return w, nil
}

// toModes reads a choose effect's count, options and repeat flag.
func toModes(args []narg) (Modes, error) {
	var m Modes
	if len(args) < 2 || args[0].name != "" || len(args[0].val.items) != 1 {
		return m, fmt.Errorf("choose takes a count and options in brackets")
	}
	lo, hi, err := parseCount(args[0].val.items[0].atom)
	if err != nil {
		return m, err
	}
	m.Min, m.Max = lo, hi
	for _, a := range args[1:] {
		if !a.val.isList {
			if len(a.val.items) == 1 && a.val.items[0].atom == "repeat" && !a.val.items[0].call {
				m.Repeat = true
				continue
			}
			return m, fmt.Errorf("a mode is a list of effects in brackets")
		}
		var es Effects
		for _, it := range a.val.list {
			e, err := toEffect(it)
			if err != nil {
				return m, err
			}
			es = append(es, e)
		}
		m.Options = append(m.Options, es)
	}
	return m, nil
}

// parseCount reads "2", "0..2", "1..*".
func parseCount(s string) (int, int, error) {
	lo, hi, isRange := strings.Cut(s, "..")
	a, err := strconv.Atoi(lo)
	if err != nil || a < 0 {
		return 0, 0, fmt.Errorf("%q is not a count", s)
	}
	if !isRange {
		return a, a, nil
	}
	if hi == "*" {
		return a, -1, nil
	}
	b, err := strconv.Atoi(hi)
	if err != nil || b < a {
		return 0, 0, fmt.Errorf("%q is not a count", s)
	}
	return a, b, nil
}

// toRef types a reference.
func toRef(n node) (*Ref, error) {
	if len(n.items) == 1 {
		it := n.items[0]
		if !it.call && contains(refWords(), it.atom) {
			return &Ref{Kind: it.atom}, nil
		}
		if it.call {
			switch it.atom {
			case RefTarget, RefChoice, RefAll, RefEach:
				if len(it.args) != 1 || it.args[0].name != "" {
					return nil, fmt.Errorf("%s takes a filter", it.atom)
				}
				items := it.args[0].val.items
				r := &Ref{Kind: it.atom, Min: 1, Max: 1}
				if len(items) > 0 && !items[0].call && len(items[0].atom) > 0 && items[0].atom[0] >= '0' && items[0].atom[0] <= '9' {
					if it.atom == RefAll || it.atom == RefEach {
						return nil, fmt.Errorf("%s takes no count", it.atom)
					}
					if lo, ok := strings.CutSuffix(items[0].atom, "..X"); ok {
						n, err := strconv.Atoi(lo)
						if err != nil || n < 0 {
							return nil, fmt.Errorf("%q is not a count", items[0].atom)
						}
						r.Min, r.Max, r.MaxX = n, 0, true
						items = items[1:]
						f, err := toFilter(items)
						if err != nil {
							return nil, err
						}
						r.Filter = f
						return r, nil
					}
					lo, hi, err := parseCount(items[0].atom)
					if err != nil {
						return nil, err
					}
					r.Min, r.Max = lo, hi
					items = items[1:]
				}
				if it.atom == RefAll || it.atom == RefEach {
					r.Min, r.Max = 0, 0
				}
				f, err := toFilter(items)
				if err != nil {
					return nil, err
				}
				r.Filter = f
				return r, nil
			case RefAnd:
				if len(it.args) != 2 || it.args[0].name != "" || it.args[1].name != "" {
					return nil, fmt.Errorf("and takes two references")
				}
				a, err := toRef(it.args[0].val)
				if err != nil {
					return nil, err
				}
				b, err := toRef(it.args[1].val)
				if err != nil {
					return nil, err
				}
				return &Ref{Kind: RefAnd, Of: a, And: b}, nil
			case RefCtrl, RefOwner:
				if len(it.args) != 1 || it.args[0].name != "" {
					return nil, fmt.Errorf("%s takes a reference", it.atom)
				}
				of, err := toRef(it.args[0].val)
				if err != nil {
					return nil, err
				}
				return &Ref{Kind: it.atom, Of: of}, nil
			}
			return nil, fmt.Errorf("%q is not a reference", it.atom)
		}
	}
	f, err := toFilter(n.items)
	if err != nil {
		return nil, fmt.Errorf("not a reference: %w", err)
	}
	return &Ref{Kind: RefA, Filter: f}, nil
}

// Vocabulary of filters.
func cardTypeWords() []string {
	return []string{"creature", "artifact", "enchantment", "land", "planeswalker", "battle", "instant", "sorcery", "kindred",
		"permanent", "spell", "card", "player", "opponent", "any", "ability", "source"}
}

func supertypeWords() []string { return []string{"legendary", "basic", "snow", "world"} }

func colorWords() []string {
	return []string{"white", "blue", "black", "red", "green", "colorless", "multicolored", "monocolored"}
}

func stateWords() []string {
	return []string{"tapped", "untapped", "attacking", "blocking", "blocked", "unblocked", "enchanted", "equipped", "face_down"}
}

// isExclusion reports whether a lower-case word may follow "non": a card
// type, a colour, a supertype or "token". A subtype follows "non-" and
// starts with a capital letter.
func isExclusion(w string) bool {
	return contains(cardTypeWords(), w) || contains(colorWords(), w) || contains(supertypeWords(), w) || w == "token"
}

// toFilter types a filter from its words.
func toFilter(items []item) (*Filter, error) {
	f := &Filter{}
	if len(items) == 1 && !items[0].call && items[0].atom == "any" {
		f.Types = [][]string{{"any"}}
		return f, nil
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("an empty filter")
	}
	for _, it := range items {
		if it.call {
			return nil, fmt.Errorf("%q in a filter", it.atom)
		}
		w := it.atom
		alts := strings.Split(w, "|")
		switch {
		case w == "other":
			f.Other = true
		case w == "token":
			f.Token = true
		case allIn(alts, stateWords()):
			if f.States != nil {
				return nil, fmt.Errorf("two groups of states")
			}
			f.States = alts
		case allIn(alts, colorWords()):
			if f.Colors != nil {
				return nil, fmt.Errorf("two groups of colours")
			}
			f.Colors = alts
		case strings.HasPrefix(w, "non-") && len(w) > 4 && (isUpper(w[4:]) || isExclusion(w[4:])):
			f.Not = append(f.Not, w[4:])
		case strings.HasPrefix(w, "non") && len(w) > 3 && isExclusion(w[3:]):
			f.Not = append(f.Not, w[3:])
		case len(alts) == 1 && contains(supertypeWords(), w):
			f.Supertypes = append(f.Supertypes, w)
		case allIn(alts, cardTypeWords()):
			f.Types = append(f.Types, alts)
		case allUpper(alts):
			if f.Subtypes != nil {
				return nil, fmt.Errorf("two groups of subtypes")
			}
			f.Subtypes = alts
		case strings.HasPrefix(w, "with_"):
			f.With = append(f.With, w[5:])
		case strings.HasPrefix(w, "without_"):
			f.Without = append(f.Without, w[8:])
		case w == "you_control":
			f.Control = "you"
		case w == "opponent_controls":
			f.Control = "opponent"
		case w == "not_you_control":
			f.Control = "not_you"
		case w == "you_own":
			f.Own = "you"
		case w == "opponent_owns":
			f.Own = "opponent"
		case strings.HasPrefix(w, "in_") && contains([]string{ZoneGraveyard, ZoneHand, "library", ZoneExile, ZoneStack}, w[3:]):
			f.Zone = w[3:]
		case strings.HasPrefix(w, "chosen_") && contains(chosenWords(), w[7:]):
			f.Chosen = w[7:]
		default:
			c, ok, err := toCompare(w)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, fmt.Errorf("%q is not a filter word", w)
			}
			f.Compare = append(f.Compare, c)
		}
	}
	return f, nil
}

// chosenWords are the choices a filter may name ("of the chosen type").
func chosenWords() []string { return []string{"land_type", "creature_type", "color", "permanent_type"} }

// toCompare reads "power<=2", "mana_value>=X".
func toCompare(w string) (Compare, bool, error) {
	for _, stat := range []string{"power", "toughness", "mana_value"} {
		if !strings.HasPrefix(w, stat) {
			continue
		}
		rest := w[len(stat):]
		for _, op := range []string{"<=", ">=", "==", "<", ">"} {
			if strings.HasPrefix(rest, op) {
				n, err := toAmount(node{items: []item{{atom: rest[len(op):]}}})
				return Compare{Stat: stat, Op: op, N: n}, true, err
			}
		}
	}
	return Compare{}, false, nil
}

func allIn(ws, set []string) bool {
	for _, w := range ws {
		if !contains(set, w) {
			return false
		}
	}
	return true
}

func allUpper(ws []string) bool {
	for _, w := range ws {
		if !isUpper(w) {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// toAmount types a number.
func toAmount(n node) (Amount, error) {
	if len(n.items) != 1 {
		return Amount{}, fmt.Errorf("want one number")
	}
	it := n.items[0]
	if !it.call {
		if it.atom == "X" {
			return Amount{Var: "X"}, nil
		}
		if it.atom == "exiled" {
			return Amount{Fn: "exiled"}, nil
		}
		v, err := strconv.Atoi(it.atom)
		if err != nil || v < 0 {
			return Amount{}, fmt.Errorf("%q is not a number", it.atom)
		}
		return Amount{N: v}, nil
	}
	switch it.atom {
	case "count":
		if len(it.args) != 1 {
			return Amount{}, fmt.Errorf("count takes a filter")
		}
		f, err := toFilter(it.args[0].val.items)
		return Amount{Fn: "count", Filter: f}, err
	case "counters":
		if len(it.args) != 2 {
			return Amount{}, fmt.Errorf("counters takes a reference and a kind")
		}
		r, err := toRef(it.args[0].val)
		if err != nil {
			return Amount{}, err
		}
		w, err := toWord(it.args[1].val, nil)
		return Amount{Fn: "counters", Ref: r, Word: w}, err
	case "power", "toughness", "mana_value", "life", "hand", "number":
		if len(it.args) != 1 {
			return Amount{}, fmt.Errorf("%s takes a reference", it.atom)
		}
		r, err := toRef(it.args[0].val)
		return Amount{Fn: it.atom, Ref: r}, err
	}
	return Amount{}, fmt.Errorf("%q is not a number", it.atom)
}

// signedAmount reads "+3", "-1", "+X", "-0".
func signedAmount(s string) (Amount, error) {
	if len(s) < 2 || (s[0] != '+' && s[0] != '-') {
		return Amount{}, fmt.Errorf("%q is not a signed number", s)
	}
	if s[1:] == "X" {
		a := Amount{Var: "X"}
		if s[0] == '-' {
			a.N = -1
		}
		return a, nil
	}
	v, err := strconv.Atoi(s[1:])
	if err != nil || v < 0 {
		return Amount{}, fmt.Errorf("%q is not a signed number", s)
	}
	if s[0] == '-' {
		v = -v
	}
	return Amount{N: v}, nil
}

// toPT reads "+3/+3", "-1/-0" (a change) or "3/3", "X/X" (a value).
func toPT(s string) (PT, error) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return PT{}, fmt.Errorf("%q is not a power and toughness", s)
	}
	if strings.HasPrefix(a, "+") || strings.HasPrefix(a, "-") {
		p, err := signedAmount(a)
		if err != nil {
			return PT{}, err
		}
		t, err := signedAmount(b)
		return PT{Power: p, Toughness: t, Mod: true}, err
	}
	p, err := toAmount(node{items: []item{{atom: a}}})
	if err != nil {
		return PT{}, err
	}
	t, err := toAmount(node{items: []item{{atom: b}}})
	return PT{Power: p, Toughness: t}, err
}

// toKeywords types a list of keywords.
func toKeywords(items []item) (Keywords, error) {
	var ks Keywords
	for _, it := range items {
		k, err := toKeyword(it)
		if err != nil {
			return nil, err
		}
		ks = append(ks, k)
	}
	if len(ks) == 0 {
		return nil, fmt.Errorf("no keyword")
	}
	return ks, nil
}

// bareKeyword reports whether a keyword that takes a number may have none:
// vanishing without a number (702.63b).
func bareKeyword(name string) bool { return name == "vanishing" }

// toKeyword types a keyword by its definition's parameter.
func toKeyword(it item) (Keyword, error) {
	def, ok := keywordDef(it.atom)
	if !ok {
		return Keyword{}, fmt.Errorf("unknown keyword %q", it.atom)
	}
	k := Keyword{Name: it.atom}
	if def.Param == "" {
		if it.call {
			return k, fmt.Errorf("%s takes no argument", it.atom)
		}
		return k, nil
	}
	if !it.call && bareKeyword(it.atom) {
		return k, nil
	}
	if !it.call || len(it.args) == 0 {
		return k, fmt.Errorf("%s takes %s", it.atom, def.Param)
	}
	switch def.Param {
	case "cost":
		var items []item
		for _, a := range it.args {
			if len(a.val.items) != 1 {
				return k, fmt.Errorf("%s: bad cost", it.atom)
			}
			items = append(items, a.val.items[0])
		}
		for _, ci := range items {
			cp, err := toCostPart(ci)
			if err != nil {
				return k, err
			}
			k.Cost = append(k.Cost, cp)
		}
	case "n":
		if len(it.args) != 1 || len(it.args[0].val.items) != 1 {
			return k, fmt.Errorf("%s takes a number", it.atom)
		}
		v, err := strconv.Atoi(it.args[0].val.items[0].atom)
		if err != nil || v <= 0 {
			return k, fmt.Errorf("%s takes a number", it.atom)
		}
		k.N = v
	case "qualities":
		for _, a := range it.args {
			w, err := toWord(a.val, protectionQualities())
			if err != nil {
				return k, err
			}
			k.From = append(k.From, w)
		}
	case "filter":
		if len(it.args) != 1 {
			return k, fmt.Errorf("%s takes a filter", it.atom)
		}
		f, err := toFilter(it.args[0].val.items)
		if err != nil {
			return k, err
		}
		k.Filter = f
	}
	return k, nil
}

// toToken types "token(1/1 white creature Soldier, with: flying)" or
// "token(Treasure)".
func toToken(it item) (*Token, error) {
	if len(it.args) == 0 || it.args[0].name != "" {
		return nil, fmt.Errorf("token takes a description")
	}
	t := &Token{}
	words := it.args[0].val.items
	if len(words) == 1 && contains(predefinedTokens(), words[0].atom) {
		t.Name = words[0].atom
		if len(it.args) > 1 {
			return nil, fmt.Errorf("a %s token takes nothing more", t.Name)
		}
		return t, nil
	}
	colorless := false
	for _, w := range words {
		switch {
		case w.call:
			return nil, fmt.Errorf("%q in a token", w.atom)
		case strings.Contains(w.atom, "/"):
			pt, err := toPT(w.atom)
			if err != nil {
				return nil, err
			}
			t.PT = &pt
		case w.atom == "colorless":
			colorless = true
		case contains(colorWords()[:5], w.atom):
			t.Colors = append(t.Colors, w.atom)
		case contains(supertypeWords(), w.atom):
			t.Supertypes = append(t.Supertypes, w.atom)
		case contains(cardTypeWords()[:9], w.atom):
			t.Types = append(t.Types, w.atom)
		case isUpper(w.atom):
			t.Subtypes = append(t.Subtypes, w.atom)
		default:
			return nil, fmt.Errorf("%q in a token", w.atom)
		}
	}
	if colorless == (len(t.Colors) > 0) {
		return nil, fmt.Errorf("a token is colorless or has colours")
	}
	for _, a := range it.args[1:] {
		if a.name != "with" {
			return nil, fmt.Errorf("token takes with: keywords")
		}
		ks, err := toKeywords(a.val.items)
		if err != nil {
			return nil, err
		}
		t.Keywords = ks
	}
	return t, nil
}

// predefinedTokens are the tokens whose abilities the rules define
// (111.10).
func predefinedTokens() []string { return []string{"Treasure", "Food", "Clue", "Blood", "Gold"} }

// toCond types a condition.
func toCond(items []item) (*Condition, error) {
	c := &Condition{}
	if len(items) > 0 && !items[0].call && items[0].atom == "not" {
		c.Not = true
		items = items[1:]
	}
	switch len(items) {
	case 1:
		it := items[0]
		if !contains(condWords(), it.atom) {
			return nil, fmt.Errorf("%q is not a condition", it.atom)
		}
		c.Kind = it.atom
		if it.atom == CondIs {
			if !it.call || len(it.args) != 2 {
				return nil, fmt.Errorf("is takes a reference and a filter")
			}
			r, err := toRef(it.args[0].val)
			if err != nil {
				return nil, err
			}
			f, err := toFilter(it.args[1].val.items)
			if err != nil {
				return nil, err
			}
			c.Ref, c.Filter = r, f
			return c, nil
		}
		if it.call {
			if len(it.args) != 1 {
				return nil, fmt.Errorf("%s takes a reference", it.atom)
			}
			r, err := toRef(it.args[0].val)
			if err != nil {
				return nil, err
			}
			c.Ref = r
		}
		return c, nil
	case 3:
		if items[1].call || !contains([]string{"<=", ">=", "==", "<", ">", "!="}, items[1].atom) {
			return nil, fmt.Errorf("want a comparison: AMOUNT >= AMOUNT")
		}
		l, err := toAmount(node{items: items[:1]})
		if err != nil {
			return nil, err
		}
		r, err := toAmount(node{items: items[2:]})
		if err != nil {
			return nil, err
		}
		c.Kind, c.Left, c.Op, c.Right = CondCompare, &l, items[1].atom, &r
		return c, nil
	}
	return nil, fmt.Errorf("want a condition")
}

// condWords are the conditions named by a word.
func condWords() []string {
	return []string{CondYourTurn, CondKicked, CondTapped, CondUntapped, CondAttacking, CondIsCreature, CondDid, CondIs}
}

// toTrigger types an event.
func toTrigger(it item) (*Trigger, error) {
	def, ok := eventDef(it.atom)
	if !ok {
		return nil, fmt.Errorf("unknown event %q", it.atom)
	}
	t := &Trigger{Event: it.atom}
	args := it.args
	if def.Subject != "" {
		if len(args) == 0 || args[0].name != "" {
			return nil, fmt.Errorf("%s takes its %s first", it.atom, def.Subject)
		}
		r, err := toRef(args[0].val)
		if err != nil {
			return nil, err
		}
		if def.Subject == "object" {
			t.Object = r
		} else {
			t.Player = r
		}
		args = args[1:]
	}
	for _, a := range args {
		name := a.name
		if name == "" && len(a.val.items) == 1 && a.val.items[0].atom == "combat" {
			name = "combat"
		}
		prm, ok := eventParam(def, name)
		if !ok {
			return nil, fmt.Errorf("%s has no argument %q", it.atom, name)
		}
		switch prm.Name {
		case "to", "by":
			r, err := toRef(a.val)
			if err != nil {
				return nil, err
			}
			if prm.Name == "to" {
				t.To = r
			} else {
				t.By = r
			}
		case "zone":
			w, err := toWord(a.val, prm.Words)
			if err != nil {
				return nil, err
			}
			t.Zone = w
		case "what":
			f, err := toFilter(a.val.items)
			if err != nil {
				return nil, err
			}
			t.What = f
		case "combat":
			t.Combat = true
		case "kind":
			w, err := toWord(a.val, nil)
			if err != nil {
				return nil, err
			}
			t.Counter = w
		}
	}
	return t, nil
}

// eventParam finds an event's named parameter.
func eventParam(def EventDef, name string) (Param, bool) {
	for _, prm := range def.Params {
		if prm.Name == name {
			return prm, true
		}
	}
	return Param{}, false
}
