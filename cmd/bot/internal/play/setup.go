package play

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"

	"arbiter/cmd/bot/internal/sim"
	"arbiter/engine"
	"arbiter/i18n"
)

// startTurn is the turn a guessed board starts on: late enough that the
// creatures on the battlefield came before it (no summoning sickness).
const startTurn = 3

// Text is the board's text (see the package documentation), named in
// p's language: its comments, and the creature the question names
// without a card. The question is its title.
func (s *Setup) Text(p *i18n.Printer) []byte {
	var b bytes.Buffer
	for _, l := range strings.Split(p.T(i18n.KeyPlayFileHead), "\n") {
		b.WriteString("# " + l + "\n")
	}
	b.WriteString("game: mtg\nname: play\n")
	if q := strings.Join(strings.Fields(s.Question.Text), " "); q != "" {
		fmt.Fprintf(&b, "title: {%s: %s}\n", p.Lang(), yamlString(q))
	}
	fmt.Fprintf(&b, "players: [%s, %s]\n", playerNames[Asker], playerNames[Opponent])
	if s.Life > 0 {
		fmt.Fprintf(&b, "life: %d\n", s.Life)
	}
	hand := [2]int{}
	for _, o := range s.Objects {
		if o.Zone == engine.ZoneHand {
			hand[o.Owner]++
		}
	}
	fmt.Fprintf(&b, "start: {turn: %d, active: %s, step: %s, hand: {%s: %d, %s: %d}}\n", startTurn, playerNames[s.Active], s.Step,
		playerNames[Asker], hand[Asker], playerNames[Opponent], hand[Opponent])
	var perms, spells []string
	for _, o := range s.Objects {
		var f []string
		f = append(f, "id: "+o.ID)
		switch {
		case o.Card != "":
			f = append(f, "card: "+yamlString(o.Card))
		case o.Equipment:
			f = append(f, "name: "+yamlString(s.objectName(p, o)), "types: [artifact]", "subtypes: [Equipment]")
		default:
			f = append(f, "name: "+yamlString(s.objectName(p, o)), "types: [creature]")
		}
		if o.Creature {
			f = append(f, "power: "+strconv.Itoa(o.Power), "toughness: "+strconv.Itoa(o.Toughness))
		}
		f = append(f, "controller: "+playerNames[o.Owner])
		if len(o.Keywords) > 0 {
			f = append(f, "keywords: ["+strings.Join(o.Keywords, ", ")+"]")
		}
		if len(o.Protection) > 0 {
			f = append(f, "protection_from: ["+strings.Join(o.Protection, ", ")+"]")
		}
		if o.Token {
			f = append(f, "token: true")
		}
		if o.PhasedOut {
			f = append(f, "phased_out: true")
		}
		if o.PlusCounters > 0 {
			f = append(f, fmt.Sprintf(`counters: {"+1/+1": %d}`, o.PlusCounters))
		}
		if o.AttachedTo != "" {
			f = append(f, "attached_to: "+o.AttachedTo)
		}
		line := "{" + strings.Join(f, ", ") + "}"
		if o.Zone == engine.ZoneHand {
			spells = append(spells, "  - cast: "+line+"\n")
		} else {
			perms = append(perms, "  - "+line+"\n")
		}
	}
	if len(perms) > 0 {
		b.WriteString("permanents:\n" + strings.Join(perms, ""))
	}
	if len(spells) > 0 {
		b.WriteString("hand:\n" + strings.Join(spells, ""))
	}
	return b.Bytes()
}

// objectName is how the board names an object: a card by its English
// name, a creature without one in p's language.
func (s *Setup) objectName(p *i18n.Printer, o Object) string {
	switch {
	case o.Card != "":
		return o.Card
	case o.Token:
		return p.T(i18n.KeyPlayToken)
	case o.Equipment:
		return p.T(i18n.KeyPlayEquipment)
	}
	return p.T(i18n.KeyPlayCreature)
}

// yamlString quotes s for a YAML flow scalar.
func yamlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, "\\x%02x", r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// Start makes the game of a guessed board, named in p's language, with
// the cards of cs: its first board, the attackers declared when the
// question asks about blocking (the active player's every creature that
// can attack). A board the engine refuses is its error.
func Start(ctx context.Context, cs sim.CardSource, s *Setup, p *i18n.Printer) (*Game, error) {
	g, err := Load(ctx, s.Text(p), cs, sim.UserLimits())
	if err != nil {
		return nil, err
	}
	if !s.Attack {
		return g, nil
	}
	var best *engine.Action
	for _, a := range g.Legal() {
		if a.Kind == engine.ActionAttack && (best == nil || len(a.Attackers) > len(best.Attackers)) {
			best = &a
		}
	}
	if best == nil {
		return g, nil
	}
	return g.Play(ctx, *best)
}

// FromQuestion guesses the board of q and starts its game: Guess, then
// Start. A question naming no card, or one the engine cannot model, has
// no game (ErrNoCards, *NotModelled).
func FromQuestion(ctx context.Context, cs sim.CardSource, q Question, p *i18n.Printer) (*Setup, *Game, error) {
	s, err := Guess(ctx, cs, q)
	if err != nil {
		return nil, nil, err
	}
	g, err := Start(ctx, cs, s, p)
	if err != nil {
		return s, nil, err
	}
	return s, g, nil
}
