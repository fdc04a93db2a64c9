package play

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"arbiter/cmd/bot/internal/sim"
	"arbiter/engine"
	"arbiter/i18n"
)

// The players of a board guessed from a question: the asker is Alice,
// their opponent Bob (names that read in every language, as the presets'
// do).
const (
	Asker    = 0
	Opponent = 1
)

// playerNames are the board's players, Asker then Opponent.
var playerNames = [2]string{"Alice", "Bob"}

// maxCards bounds the cards a board takes from a question.
const maxCards = 8

// Question is what a board is guessed from: the question as asked, its
// language, and the cards it names (the English names kb.Result.Cards
// gives, in order).
type Question struct {
	Text  string
	Lang  i18n.Lang
	Cards []string
}

// Setup is a board guessed from a question: whose turn and which step,
// the objects (the cards named, on the battlefield or in hand, and a
// creature the question speaks of without naming a card), and whether
// the attackers are declared as the game starts. Each guess says why:
// the words of the question that decided it, or the default taken.
type Setup struct {
	Question Question
	Active   int // Asker or Opponent
	Step     engine.Step
	// TurnWhy and StepWhy: the cue that gave the turn and the step.
	TurnWhy, StepWhy Why
	Objects          []Object
	// Attack: the active player's creatures attack as the game starts
	// (the question asks about blocking).
	Attack bool
	// Life is every player's life total, when the question gives one
	// (LifeWhy); 0 for the usual 20.
	Life    int
	LifeWhy Why
}

// Object is one object of a guessed board.
type Object struct {
	ID string
	// Card is the real card's English name; "" for a creature the
	// question names without a card (Name is then its display name).
	Card  string
	Name  string
	Zone  string // engine.ZoneBattlefield or engine.ZoneHand
	Owner int    // Asker or Opponent: its controller, and who holds a spell
	// OwnerWhy and ZoneWhy say why.
	OwnerWhy, ZoneWhy Why
	// Power and toughness of a creature; PTGuessed when the cards data
	// gives none (they are guessed from the mana value, or the question).
	Power, Toughness int
	PTGuessed        bool
	Creature         bool
	Token, PhasedOut bool
	// Keywords and Protection of a creature named without a card, as the
	// question gives them (engine keywords; colours).
	Keywords, Protection []string
	// PlusCounters are the +1/+1 counters on it.
	PlusCounters int
	// Equipment is an Equipment named without a card, attached to the
	// creature AttachedTo.
	Equipment  bool
	AttachedTo string
	// Spell is an instant or sorcery; Harms tells a spell that damages,
	// destroys, exiles or imprisons what it targets.
	Spell, Harms bool
}

// Why is the reason of a guess: Cue is the word of the question that
// decided it ("" for a default), Code what was guessed and how.
type Why struct {
	Code string
	Cue  string
}

// Reasons of guesses (Why.Code).
const (
	WhyWord    = "word"    // the question says so (Cue)
	WhyDefault = "default" // nothing says: the default
	WhySpell   = "spell"   // an instant or sorcery is cast from the hand
	WhyEnters  = "enters"  // a permanent whose effect comes as it enters the battlefield: in hand, to cast
	WhyAura    = "aura"    // an Aura is cast on what it enchants
	WhyHarm    = "harm"    // a spell that harms goes to the other side of what it can harm
	WhyHelp    = "help"    // a creature a spell helps is its caster's
	WhyCombat  = "combat"  // a creature for the fight the question speaks of
	WhySorcery = "sorcery" // a sorcery is cast in its owner's turn
)

// Errors of guessing a board: the question names no card, or names one
// the engine cannot model (Refused gives which and why).
var (
	ErrNoCards = errors.New("play: the question names no card")
)

// NotModelled is a card of the question that the engine cannot model:
// the board would leave it out, so there is none.
type NotModelled struct {
	Card string
	Err  error // the engine's reason (engine.CodeCardNotModelled, no card data...)
}

func (e *NotModelled) Error() string {
	return fmt.Sprintf("play: %s cannot be modelled: %v", e.Card, e.Err)
}

func (e *NotModelled) Unwrap() error { return e.Err }

// ptRE finds a power and toughness written in a question ("a 3/3").
var ptRE = regexp.MustCompile(`(?:^|\s)(\d{1,2})/(\d{1,2})(?:\s|$)`)

// Guess guesses the board a question is about, with the cards of cs: the
// cards it names, each on the battlefield (a permanent) or in hand (an
// instant or sorcery, a permanent card whose effect comes as it enters,
// an Aura, or a card the question casts), its controller from the
// question's words ("my", "opponent's", « mon », « adverse », 「自分の」,
// 「相手の」, who casts it), else the asker's, a spell that harms going to
// the other side of the creatures it can harm; a creature the question
// speaks of without naming one; the turn and step its words fit (block
// and attack, untap, upkeep, end, draw; else the asker's first main
// phase). A question that names no card is ErrNoCards; one naming a card
// the engine cannot model (or that cs knows by name alone) a
// *NotModelled.
func Guess(ctx context.Context, cs sim.CardSource, q Question) (*Setup, error) {
	cards := sim.NewCards(ctx, cs)
	var names []string
	for _, n := range q.Cards {
		if n != "" && !slices.Contains(names, n) && len(names) < maxCards {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return nil, ErrNoCards
	}
	if cards == nil {
		return nil, &NotModelled{Card: names[0], Err: &engine.Error{Code: engine.CodeNoCardData, Args: []string{names[0]}}}
	}
	t := text{s: fold(q.Text), ja: q.Lang == i18n.JA}
	cu := cuesOf(q.Lang)
	st := &Setup{Question: q, Active: Asker, Step: engine.StepMain1, TurnWhy: Why{Code: WhyDefault}, StepWhy: Why{Code: WhyDefault}}
	ids := map[string]bool{}
	type placed struct {
		obj      Object
		at, end  int // where the question names it (-1: not found)
		info     engine.CardInfo
		oracle   string
		explicit bool
	}
	var objs []placed
	for _, n := range names {
		info, ok := cards.Card(n)
		if !ok {
			return nil, &NotModelled{Card: n, Err: &engine.Error{Code: engine.CodeUnknownCard, Args: []string{n}}}
		}
		if err := engine.CardSupport(info); err != nil {
			return nil, &NotModelled{Card: n, Err: err}
		}
		o := Object{ID: newID(info.Name, ids), Card: info.Name, Name: info.Name, OwnerWhy: Why{Code: WhyDefault}}
		spell := slices.Contains(info.Types, "instant") || slices.Contains(info.Types, "sorcery")
		o.Spell = spell
		o.Creature = slices.Contains(info.Types, "creature")
		low := withoutReminders(strings.ToLower(info.Text))
		o.Harms = spell && harms(low) || strings.Contains(low, "phases out until")
		at, end := locate(t, info)
		p := placed{obj: o, at: at, end: end, info: info, oracle: low}
		switch {
		case spell:
			p.obj.Zone, p.obj.ZoneWhy = engine.ZoneHand, Why{Code: WhySpell}
		case slices.Contains(info.Subtypes, "Aura"):
			p.obj.Zone, p.obj.ZoneWhy = engine.ZoneHand, Why{Code: WhyAura}
		case entersEffect(low):
			p.obj.Zone, p.obj.ZoneWhy = engine.ZoneHand, Why{Code: WhyEnters}
		case strings.Contains(info.ManaCost, "/P}") && payManaRE[q.Lang] != nil && payManaRE[q.Lang].MatchString(t.s):
			// Paying a card's Phyrexian mana is casting it.
			m := payManaRE[q.Lang].FindString(t.s)
			p.obj.Zone, p.obj.ZoneWhy = engine.ZoneHand, Why{Code: WhyWord, Cue: strings.TrimSpace(m)}
		default:
			p.obj.Zone, p.obj.ZoneWhy = engine.ZoneBattlefield, Why{Code: WhyDefault}
			if at >= 0 {
				if w := cueIn(t.after(end, 2), cu.cast, t.ja, false); w != "" && t.ja {
					p.obj.Zone, p.obj.ZoneWhy = engine.ZoneHand, Why{Code: WhyWord, Cue: w}
				} else if w := cueIn(t.before(at, 2), cu.cast, t.ja, true); w != "" && !t.ja {
					p.obj.Zone, p.obj.ZoneWhy = engine.ZoneHand, Why{Code: WhyWord, Cue: w}
				}
			}
		}
		if o.Creature {
			p.obj.Power, p.obj.Toughness, p.obj.PTGuessed = creaturePT(info)
		}
		if at >= 0 {
			if side, w := owner(t, cu, at, end, p.obj.Zone == engine.ZoneHand); w != "" {
				p.obj.Owner, p.obj.OwnerWhy, p.explicit = side, Why{Code: WhyWord, Cue: w}, true
			}
		}
		objs = append(objs, p)
	}
	// A creature the question speaks of without naming a card.
	creatureNamed := slices.ContainsFunc(objs, func(p placed) bool { return p.obj.Creature && p.obj.Zone == engine.ZoneBattlefield })
	var generic *placed
	if !creatureNamed {
		word, wat := "", -1
		for _, w := range append(append([]string(nil), cu.token...), cu.creature...) {
			if at := t.find(w, 0); at >= 0 && (wat < 0 || at < wat) {
				word, wat = w, at
			}
		}
		refers := slices.ContainsFunc(objs, func(p placed) bool {
			return strings.Contains(p.oracle, "creature") || strings.Contains(p.oracle, "any target")
		})
		if word != "" || refers {
			g := placed{at: wat, end: wat + len(word), explicit: false}
			g.obj = Object{ID: newID("creature", ids), Name: "creature", Zone: engine.ZoneBattlefield, Creature: true,
				Power: 2, Toughness: 2, OwnerWhy: Why{Code: WhyDefault}, ZoneWhy: Why{Code: WhyDefault}}
			if _, ok := t.has(cu.token); ok {
				g.obj.Token, g.obj.ID, g.obj.Name = true, newID("token", ids), "token"
			}
			if m := ptRE.FindStringSubmatch(t.s); m != nil {
				g.obj.Power, _ = strconv.Atoi(m[1])
				g.obj.Toughness, _ = strconv.Atoi(m[2])
			}
			for _, k := range sortedKeys(keywordWords[q.Lang]) {
				if _, ok := t.has(keywordWords[q.Lang][k]); ok {
					g.obj.Keywords = append(g.obj.Keywords, k)
				}
			}
			if _, ok := t.has(cu.plusCounters); ok {
				g.obj.PlusCounters = 1
			}
			if re := protectionRE[q.Lang]; re != nil {
				for _, m := range re.FindAllStringSubmatch(t.s, -1) {
					if c := colourWords[m[1]]; c != "" && !slices.Contains(g.obj.Protection, c) {
						g.obj.Protection = append(g.obj.Protection, c)
					}
				}
			}
			phases := slices.ContainsFunc(objs, func(p placed) bool { return strings.Contains(p.oracle, "phase") })
			if _, ok := t.has(cu.phasedOut); ok && !phases {
				g.obj.PhasedOut = true
			}
			if wat >= 0 {
				if side, w := owner(t, cu, wat, wat+len(word), false); w != "" {
					g.obj.Owner, g.obj.OwnerWhy, g.explicit = side, Why{Code: WhyWord, Cue: w}, true
				}
			}
			generic = &g
		}
	}
	if re := lifeRE[q.Lang]; re != nil {
		if m := re.FindStringSubmatch(t.s); m != nil {
			if n, _ := strconv.Atoi(m[1]); n >= 1 && n <= 999 {
				st.Life, st.LifeWhy = n, Why{Code: WhyWord, Cue: strings.TrimSpace(m[0])}
			}
		}
	}
	// Who fights whom.
	_, blocks := t.has(cu.block)
	_, attacks := t.has(cu.attack)
	if w, ok := t.has(cu.theyAttack); ok && (blocks || attacks) {
		st.Active, st.TurnWhy = Opponent, Why{Code: WhyWord, Cue: w}
	} else if w, ok := t.has(cu.theirTurn); ok {
		st.Active, st.TurnWhy = Opponent, Why{Code: WhyWord, Cue: w}
	} else if w, ok := t.has(cu.myTurn); ok {
		st.TurnWhy = Why{Code: WhyWord, Cue: w}
	}
	switch {
	case blocks:
		w, _ := t.has(cu.block)
		st.Step, st.StepWhy, st.Attack = engine.StepBeginCombat, Why{Code: WhyWord, Cue: w}, true
	case attacks:
		w, _ := t.has(cu.attack)
		st.Step, st.StepWhy = engine.StepBeginCombat, Why{Code: WhyWord, Cue: w}
	default:
		for _, c := range []struct {
			ws   []string
			step engine.Step
		}{{cu.untap, engine.StepEnd}, {cu.upkeep, engine.StepUpkeep}, {cu.end, engine.StepEnd}, {cu.draw, engine.StepDraw}} {
			if w, ok := t.has(c.ws); ok {
				st.Step, st.StepWhy = c.step, Why{Code: WhyWord, Cue: w}
				if c.ws[0] == cu.untap[0] {
					// The untap step comes as the next turn begins: the
					// board starts at the end of the turn before it.
					who := Asker
					if side, pw := owner(t, cu, t.find(w, 0), t.find(w, 0)+len(w), false); pw != "" {
						who = side
					}
					st.Active, st.TurnWhy = 1-who, Why{Code: WhyWord, Cue: w}
				} else if side, pw := owner(t, cu, t.find(w, 0), t.find(w, 0)+len(w), false); pw != "" {
					st.Active, st.TurnWhy = side, Why{Code: WhyWord, Cue: pw}
				}
				break
			}
		}
	}
	// A spell that harms, which the question gives to no one, goes to
	// the other side of the creatures it can harm: the named creatures,
	// when they are all on one side.
	sides := [2]int{}
	for _, p := range objs {
		if p.obj.Creature && p.obj.Zone == engine.ZoneBattlefield {
			sides[p.obj.Owner]++
		}
	}
	if generic != nil && generic.explicit {
		sides[generic.obj.Owner]++
	}
	for i := range objs {
		p := &objs[i]
		if !p.obj.Spell || p.explicit || !p.obj.Harms {
			continue
		}
		for side := range sides {
			if sides[side] > 0 && sides[1-side] == 0 {
				p.obj.Owner, p.obj.OwnerWhy = 1-side, Why{Code: WhyHarm}
			}
		}
	}
	// A sorcery is cast in its owner's turn.
	if st.TurnWhy.Code == WhyDefault {
		for _, p := range objs {
			if p.obj.Zone == engine.ZoneHand && slices.Contains(p.info.Types, "sorcery") {
				st.Active, st.TurnWhy = p.obj.Owner, Why{Code: WhySorcery}
				break
			}
		}
	}
	if generic != nil && !generic.explicit {
		var caster *placed
		for i := range objs {
			if objs[i].obj.Zone == engine.ZoneHand && strings.Contains(objs[i].oracle, "target") {
				caster = &objs[i]
				break
			}
		}
		switch {
		case caster != nil && caster.obj.Harms:
			generic.obj.Owner, generic.obj.OwnerWhy = 1-caster.obj.Owner, Why{Code: WhyHarm}
		case caster != nil:
			generic.obj.Owner, generic.obj.OwnerWhy = caster.obj.Owner, Why{Code: WhyHelp}
		case st.Step == engine.StepBeginCombat:
			generic.obj.Owner, generic.obj.OwnerWhy = 1-st.Active, Why{Code: WhyCombat}
		}
	}
	for _, p := range objs {
		st.Objects = append(st.Objects, p.obj)
	}
	if generic != nil {
		st.Objects = append(st.Objects, generic.obj)
	}
	// An Equipment the question speaks of, on the first creature.
	if w, ok := t.has(cu.equipment); ok {
		for _, o := range st.Objects {
			if o.Creature && o.Zone == engine.ZoneBattlefield {
				st.Objects = append(st.Objects, Object{ID: newID("equipment", ids), Name: "equipment", Zone: engine.ZoneBattlefield,
					Equipment: true, AttachedTo: o.ID, Owner: o.Owner, OwnerWhy: Why{Code: WhyWord, Cue: w}, ZoneWhy: Why{Code: WhyWord, Cue: w}})
				break
			}
		}
	}
	// A fight needs an attacker, and a blocker when the question blocks:
	// a creature for the side with none.
	if st.Step == engine.StepBeginCombat {
		sides := [2]int{}
		for _, o := range st.Objects {
			if o.Creature && o.Zone == engine.ZoneBattlefield {
				sides[o.Owner]++
			}
		}
		need := []int{st.Active}
		if st.Attack {
			need = append(need, 1-st.Active)
		}
		for _, side := range need {
			if sides[side] == 0 {
				st.Objects = append(st.Objects, Object{ID: newID("creature", ids), Name: "creature", Zone: engine.ZoneBattlefield,
					Creature: true, Power: 2, Toughness: 2, Owner: side, OwnerWhy: Why{Code: WhyCombat}, ZoneWhy: Why{Code: WhyDefault}})
			}
		}
	}
	return st, nil
}

// withoutReminders is a card's text without its reminder texts (between
// parentheses), which explain and do nothing.
func withoutReminders(text string) string {
	var b strings.Builder
	depth := 0
	for _, r := range text {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// harms reports whether a spell's Oracle text (lower case) damages,
// destroys or exiles what it targets, or returns it to the hand.
func harms(text string) bool {
	for _, w := range []string{"damage to", "destroy target", "exile target", "to its owner's hand", "target creature gets -", "sacrifice"} {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}

// entersEffect reports whether a permanent's Oracle text (lower case)
// does what it does as it enters the battlefield.
func entersEffect(text string) bool {
	return strings.HasPrefix(text, "when ") && strings.Contains(strings.SplitN(text, "\n", 2)[0], "enters the battlefield")
}

// creaturePT is a creature card's power and toughness: the cards data's,
// else its mana value for both (at least 1), guessed.
func creaturePT(c engine.CardInfo) (int, int, bool) {
	p, err1 := strconv.Atoi(c.Power)
	t, err2 := strconv.Atoi(c.Toughness)
	if err1 == nil && err2 == nil {
		return p, t, false
	}
	mv := max(1, engine.ManaValue(c.ManaCost))
	return mv, mv, true
}

// locate finds where t names the card: the first of its English, French
// and Japanese names (printed, and its English name before a comma, as
// players call a legend) found, as byte offsets of t; -1 when none is.
func locate(t text, c engine.CardInfo) (int, int) {
	cands := []string{c.Name}
	if i := strings.IndexByte(c.Name, ','); i > 0 {
		cands = append(cands, c.Name[:i])
	}
	for _, l := range []string{"fr", "ja"} {
		if n := c.Names[l]; n != "" {
			cands = append(cands, n)
		}
	}
	best, bestEnd := -1, -1
	for _, n := range cands {
		f := fold(n)
		if at := t.find(f, 0); at >= 0 && (best < 0 || at < best) {
			best, bestEnd = at, at+len(f)
		}
		// A French name with its article elided ("l'Oubliette").
		if !t.ja {
			for _, art := range []string{"l", "d"} {
				if at := t.find(art+f, 0); at >= 0 && (best < 0 || at < best) {
					best, bestEnd = at, at+len(f)+1
				}
			}
		}
	}
	return best, bestEnd
}

// owner reads whose the object named at t.s[at:end] is: the nearest
// possessive before it (or, for a spell, the nearest subject, who casts
// it), else (French) one right after it. The word is "" when none says.
func owner(t text, cu cues, at, end int, spell bool) (int, string) {
	if at < 0 {
		return Asker, ""
	}
	before := t.before(at, 3)
	mineWs, theirsWs := cu.mine, cu.theirs
	if spell {
		mineWs = append(append([]string(nil), cu.mine...), cu.iCast...)
		theirsWs = append(append([]string(nil), cu.theirs...), cu.theyCast...)
	}
	mine := cueIn(before, mineWs, t.ja, true)
	theirs := cueIn(before, theirsWs, t.ja, true)
	switch {
	case theirs != "" && mine != "":
		bt := text{s: before, ja: t.ja}
		if lastAt(bt, theirs) > lastAt(bt, mine) {
			return Opponent, theirs
		}
		return Asker, mine
	case theirs != "":
		return Opponent, theirs
	case mine != "":
		return Asker, mine
	}
	if len(cu.after) > 0 {
		if w := cueIn(t.after(end, 2), cu.after, t.ja, false); w != "" {
			return Opponent, w
		}
	}
	return Asker, ""
}

// lastAt is the offset of the last occurrence of w in t.
func lastAt(t text, w string) int {
	at := -1
	for i := t.find(w, 0); i >= 0; i = t.find(w, i+1) {
		at = i
	}
	return at
}

// sortedKeys are the keys of m, sorted.
func sortedKeys(m map[string][]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// newID makes an id from a name: lower case letters and digits, its
// words joined by "-", at most 32 characters (whole words), numbered
// when taken.
func newID(name string, taken map[string]bool) string {
	var words []string
	for _, w := range strings.FieldsFunc(strings.ToLower(fold(name)), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		if n := len(strings.Join(append(words, w), "-")); n > 32 && len(words) > 0 {
			break
		}
		words = append(words, w)
	}
	id := strings.Join(words, "-")
	if len(id) > 32 {
		id = id[:32]
	}
	if id == "" {
		id = "card"
	}
	out := id
	for n := 2; taken[out]; n++ {
		out = id + "-" + strconv.Itoa(n)
	}
	taken[out] = true
	return out
}
