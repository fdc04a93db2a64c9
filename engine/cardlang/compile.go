package cardlang

import (
	"sort"
	"strings"
)

// Source is a card as the card data gives it: the compiler's input.
type Source struct {
	Name     string
	ManaCost string // may be empty when the data has none
	TypeLine string
	Text     string // the Oracle text
	// Faces is the number of faces (split, transform, modal double-faced,
	// adventure, flip cards have 2); 0 or 1 for a card with one face.
	Faces int
}

// Refusal says why a card doesn't compile: the first sentence of its
// Oracle text the compiler doesn't understand (as printed, reminder text
// left out), or, for a card refused as a whole, the reason (ReasonFaces,
// ...) and what it is about (the card type, the mana cost).
type Refusal struct {
	Card     string
	Sentence string
	Reason   string
	Detail   string
}

func (r *Refusal) Error() string {
	switch r.Reason {
	case "":
		return r.Card + ": not understood: " + r.Sentence
	case ReasonFaces:
		return r.Card + ": a card with several faces"
	case ReasonCardType:
		return r.Card + ": the card type " + r.Detail
	case ReasonManaCost:
		return r.Card + ": the mana cost " + r.Detail
	}
	return r.Card + ": " + r.Reason + " " + r.Detail
}

// Reasons a card is refused as a whole.
const (
	ReasonFaces    = "faces"     // a card with several faces (split, transform, modal double-faced…)
	ReasonCardType = "card_type" // a card type the game model doesn't play (plane, scheme, vanguard…); Detail is the type
	ReasonManaCost = "mana_cost" // a mana cost with symbols the rules don't have; Detail is the cost
)

// Compiler turns Oracle text into the card language by templates over
// the sentences Oracle text repeats. It holds the vocabulary (subtypes,
// keywords, operations) and is safe for concurrent use: Compile changes
// nothing in it.
type Compiler struct {
	subtype   map[string]string // lower-case singular or plural -> subtype as printed
	kw        map[string]KeywordDef
	kwPhrases []kwPhrase // keyword names as printed, longest first
}

// kwPhrase is how Oracle text writes a keyword ("first strike").
type kwPhrase struct {
	phrase string // lower case
	name   string // the language's name
	param  string
}

// NewCompiler returns a compiler.
func NewCompiler() *Compiler {
	cp := &Compiler{subtype: map[string]string{}, kw: KeywordDefs()}
	for _, list := range subtypeLists() {
		for _, st := range list {
			low := strings.ToLower(st)
			cp.subtype[low] = st
			for _, pl := range plurals(low) {
				if _, taken := cp.subtype[pl]; !taken {
					cp.subtype[pl] = st
				}
			}
		}
	}
	for name, def := range cp.kw {
		cp.kwPhrases = append(cp.kwPhrases, kwPhrase{phrase: strings.ReplaceAll(name, "_", " "), name: name, param: def.Param})
	}
	sort.Slice(cp.kwPhrases, func(i, j int) bool {
		a, b := cp.kwPhrases[i].phrase, cp.kwPhrases[j].phrase
		if len(a) != len(b) {
			return len(a) > len(b)
		}
		return a < b
	})
	return cp
}

// plurals gives the plural forms a subtype may take in Oracle text.
func plurals(s string) []string {
	out := []string{s + "s", s + "es"}
	switch {
	case strings.HasSuffix(s, "y"):
		out = append(out, s[:len(s)-1]+"ies")
	case strings.HasSuffix(s, "f"):
		out = append(out, s[:len(s)-1]+"ves")
	case strings.HasSuffix(s, "fe"):
		out = append(out, s[:len(s)-2]+"ves")
	case strings.HasSuffix(s, "man"):
		out = append(out, s[:len(s)-3]+"men")
	case s == "mouse":
		out = append(out, "mice")
	}
	return out
}

// cardCtx is what compiling one card knows.
type cardCtx struct {
	cp         *Compiler
	src        Source
	types      []string // lower case
	subtypes   []string
	supertypes []string
	used       []string // the templates used, in order
	lines      []string // for each ability compiled, the line of text it comes from
}

// isSpell reports whether the card is an instant or a sorcery.
func (cc *cardCtx) isSpell() bool {
	return contains(cc.types, "instant") || contains(cc.types, "sorcery")
}

// abCtx is what compiling one ability knows: its kind, its trigger, and
// what its previous effect acted on (for "it" and "that player").
type abCtx struct {
	cp      *Compiler
	card    *cardCtx
	kind    Kind
	trigger *Trigger
	// lastObj and lastPl are what the latest effects acting on objects
	// and on players acted on: what "it" and "that player" mean.
	lastObj, lastPl *Ref
	// replaced is what "it" means in a replacement effect's instead.
	replaced *Ref
	// xPaid is true when the ability's cost or the card's mana cost has X.
	xPaid bool
	// inUnless is true while reading the clause of "… unless you pay".
	inUnless bool
	// actor is who an imperative clause is about when not "you" ("that
	// player may draw a card").
	actor *Ref
	// thatMany is true where "that many" is the number of a reflexive
	// ability (X).
	thatMany bool
}

// use records a template used.
func (a *abCtx) use(name string) { a.card.used = append(a.card.used, name) }

// Compile compiles a card. A card compiles only when every sentence of
// its text is understood; otherwise the error is a *Refusal quoting the
// first sentence that was not.
func (cp *Compiler) Compile(s Source) (Card, error) {
	c, _, err := cp.CompileTemplates(s)
	return c, err
}

// CompileTemplates compiles a card and also returns the names of the
// templates that recognised its sentences, in order.
func (cp *Compiler) CompileTemplates(s Source) (Card, []string, error) {
	card := Card{Name: s.Name, ManaCost: s.ManaCost, TypeLine: s.TypeLine}
	if s.Faces > 1 || strings.Contains(s.Name, " // ") {
		return card, nil, &Refusal{Card: s.Name, Reason: ReasonFaces}
	}
	if s.ManaCost != "" && !isManaCost(s.ManaCost) {
		return card, nil, &Refusal{Card: s.Name, Reason: ReasonManaCost, Detail: s.ManaCost}
	}
	cc := &cardCtx{cp: cp, src: s}
	cc.supertypes, cc.types, cc.subtypes = splitTypeLine(s.TypeLine)
	for _, t := range cc.types {
		if !contains(cardTypeWords()[:9], t) || t == "kindred" && len(cc.types) == 1 {
			return card, nil, &Refusal{Card: s.Name, Reason: ReasonCardType, Detail: t}
		}
	}
	if len(cc.types) == 0 {
		return card, nil, &Refusal{Card: s.Name, Reason: ReasonCardType, Detail: strings.TrimSpace(s.TypeLine)}
	}
	// The self token starts with a NUL byte, which no card's text has.
	abilities, refused := cc.compileText(stripReminder(strings.ReplaceAll(s.Text, "\x00", "")))
	if refused != "" {
		return card, cc.used, &Refusal{Card: s.Name, Sentence: refused}
	}
	card.Abilities = append(cc.intrinsic(), abilities...)
	return card, cc.used, nil
}

// CompileLines compiles a card and also returns, for each of its
// abilities, the line of its text (reminder text left out) it was
// compiled from: "" for an ability the rules give the card rather than
// its text (a basic land type's mana ability, 305.6).
func (cp *Compiler) CompileLines(s Source) (Card, []string, error) {
	card := Card{Name: s.Name, ManaCost: s.ManaCost, TypeLine: s.TypeLine}
	if s.Faces > 1 || strings.Contains(s.Name, " // ") {
		return card, nil, &Refusal{Card: s.Name, Reason: ReasonFaces}
	}
	c, _, err := cp.CompileTemplates(s)
	if err != nil {
		return c, nil, err
	}
	cc := &cardCtx{cp: cp, src: s}
	cc.supertypes, cc.types, cc.subtypes = splitTypeLine(s.TypeLine)
	intrinsic := len(cc.intrinsic())
	cc.compileText(stripReminder(strings.ReplaceAll(s.Text, "\x00", "")))
	lines := make([]string, intrinsic, len(c.Abilities))
	lines = append(lines, cc.lines...)
	for len(lines) < len(c.Abilities) {
		lines = append(lines, "")
	}
	return c, lines[:len(c.Abilities)], nil
}

// splitTypeLine splits "Legendary Creature — Human Wizard" into
// supertypes, types (lower case) and subtypes.
func splitTypeLine(line string) (supertypes, types, subtypes []string) {
	left, right, _ := strings.Cut(line, "—")
	for _, w := range strings.Fields(left) {
		lw := strings.ToLower(w)
		if contains(supertypeWords(), lw) {
			supertypes = append(supertypes, lw)
		} else if lw == "tribal" {
			types = append(types, "kindred")
		} else if lw == "summon" {
			// The old name of the creature type (Old Fogey's type line).
			types = append(types, "creature")
		} else {
			types = append(types, lw)
		}
	}
	subtypes = strings.Fields(right)
	return
}

// intrinsic gives the mana abilities a land has from its basic land
// types (305.6): Oracle text prints them as reminder text only.
func (cc *cardCtx) intrinsic() []Ability {
	if !contains(cc.types, "land") {
		return nil
	}
	var out []Ability
	for _, b := range []struct{ sub, mana string }{{"Plains", "{W}"}, {"Island", "{U}"}, {"Swamp", "{B}"}, {"Mountain", "{R}"}, {"Forest", "{G}"}} {
		if contains(cc.subtypes, b.sub) {
			out = append(out, Ability{Kind: KindActivated, Cost: Cost{{Kind: CostTap}},
				Effects: []Effect{{Op: "add", Args: []Arg{{Name: "mana", Value: Mana(b.mana)}}}}})
			cc.used = append(cc.used, "basic land type")
		}
	}
	return out
}

// stripReminder removes reminder text: what is in parentheses.
func stripReminder(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	out := b.String()
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
		lines[i] = strings.ReplaceAll(lines[i], " .", ".")
		lines[i] = strings.ReplaceAll(lines[i], " ,", ",")
	}
	return strings.Join(lines, "\n")
}

// compileText compiles the text's abilities, a line (with its bullets) at
// a time. It returns the first sentence not understood, if any.
func (cc *cardCtx) compileText(text string) ([]Ability, string) {
	var groups [][]string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "•") && len(groups) > 0 {
			groups[len(groups)-1] = append(groups[len(groups)-1], line)
			continue
		}
		groups = append(groups, []string{line})
	}
	var out []Ability
	for _, g := range groups {
		abs, refused := cc.compileLine(g[0], g[1:])
		if refused != "" {
			return nil, refused
		}
		for range abs {
			cc.lines = append(cc.lines, strings.Join(g, "\n"))
		}
		out = append(out, abs...)
	}
	return out, ""
}

// withSelf replaces the card's name in a sentence by the self token.
func (cc *cardCtx) withSelf(s string) string { return cc.withName(s, selfToken) }

// withName replaces the card's name in a sentence by repl: the full
// name, and a legendary card's short name (before its comma).
func (cc *cardCtx) withName(s, repl string) string {
	names := []string{cc.src.Name}
	if i := strings.Index(cc.src.Name, ","); i > 0 {
		names = append(names, cc.src.Name[:i])
	}
	for _, n := range names {
		s = replaceWord(s, n, repl)
	}
	return s
}

// replaceWord replaces whole-word occurrences of old in s.
func replaceWord(s, old, repl string) string {
	if old == "" {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, old)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		end := i + len(old)
		before := i == 0 || !isWordByte(s[i-1])
		after := end == len(s) || !isWordByte(s[end])
		b.WriteString(s[:i])
		if before && after {
			b.WriteString(repl)
		} else {
			b.WriteString(old)
		}
		s = s[end:]
	}
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// sentence is one sentence ready for the templates: as printed (for a
// refusal) and as tokens.
type sentence struct {
	printed string
	toks    []otok
}

// sentences splits a line's text into sentences.
func (cc *cardCtx) sentences(text string) []sentence {
	var out []sentence
	for _, s := range splitSentences(text) {
		out = append(out, sentence{printed: s, toks: lexOracle(cc.withSelf(s))})
	}
	return out
}

// parseAll runs rule over the whole of a sentence's tokens; it succeeds
// only when the rule consumes every token (a final period aside).
func parseAll[T any](s sentence, rule func(c *cur) (T, bool)) (T, bool) {
	toks := s.toks
	if n := len(toks); n > 0 && toks[n-1].punct && toks[n-1].low == "." {
		toks = toks[:n-1]
	}
	c := &cur{t: toks}
	v, ok := rule(c)
	if !ok || !c.end() {
		var zero T
		return zero, false
	}
	return v, true
}
