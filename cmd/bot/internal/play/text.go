package play

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"arbiter/cmd/bot/internal/render"
	"arbiter/cmd/bot/internal/sim"
	"arbiter/engine"
	"arbiter/i18n"
)

// How a game reads, in the reader's language: what was guessed of its
// board, each move with its events and their rules, the moves offered,
// and why a move is refused. Names are the run's (render.ObjectName):
// real cards by their printed name with the English one beside.

// GuessLines say what was guessed of the board, in p's language, with
// the objects named as g names them (g is the game Start made of s):
// who is who, each object where it is and whose, and why, the power and
// toughness guessed, the turn and step, the attackers declared.
func (s *Setup) GuessLines(p *i18n.Printer, g *Game) []string {
	r := g.Result
	q := s.Question.Text
	whyText := func(p *i18n.Printer, w Why) string {
		if w.Code == WhyWord {
			w.Cue = original(q, w.Cue)
		}
		return whyText(p, w)
	}
	lines := []string{tr(p, i18n.KeyPlayGuessPlayers, playerNames[Asker], playerNames[Opponent])}
	for _, o := range s.Objects {
		name := s.nameOf(p, g, o.ID)
		key := i18n.KeyPlayGuessBattlefield
		if o.Zone == engine.ZoneHand {
			key = i18n.KeyPlayGuessHand
		}
		why := whyText(p, o.OwnerWhy)
		if o.Zone == engine.ZoneHand && o.OwnerWhy.Code == WhyDefault && o.ZoneWhy.Code != WhyDefault {
			why = whyText(p, o.ZoneWhy)
		}
		lines = append(lines, tr(p, key, name, playerNames[o.Owner], why))
		if o.PTGuessed {
			lines = append(lines, p.T(i18n.KeyPlayGuessPT, name, o.Power, o.Toughness))
		}
		if o.PhasedOut {
			lines = append(lines, p.T(i18n.KeyPlayGuessPhasedOut, name))
		}
		if o.PlusCounters > 0 {
			lines = append(lines, p.T(i18n.KeyPlayGuessCounters, name, o.PlusCounters))
		}
		if o.AttachedTo != "" {
			lines = append(lines, p.T(i18n.KeyPlayGuessAttached, name, s.nameOf(p, g, o.AttachedTo)))
		}
		if len(o.Keywords) > 0 || len(o.Protection) > 0 {
			var ks []string
			for _, k := range o.Keywords {
				ks = append(ks, p.T(i18n.Key("engine.keyword."+k)))
			}
			for _, c := range o.Protection {
				ks = append(ks, p.T(i18n.KeyPlayProtection, p.T(i18n.Key("engine.quality."+c))))
			}
			lines = append(lines, p.T(i18n.KeyPlayGuessKeywords, name, p.List(ks)))
		}
	}
	if s.Life > 0 {
		lines = append(lines, p.T(i18n.KeyPlayGuessLife, s.Life, whyText(p, s.LifeWhy)))
	}
	lines = append(lines, tr(p, i18n.KeyPlayGuessTurn, playerNames[s.Active], render.StepName(p, "mtg", string(s.Step)),
		whyText(p, s.StepWhy)))
	if len(g.Moves) > 0 && g.Moves[0].Kind == engine.ActionAttack {
		lines = append(lines, p.T(i18n.KeyPlayGuessAttack, render.ActionText(p, r, g.Moves[0])))
	}
	return lines
}

// nameOf names the object id of s as the guesses do.
func (s *Setup) nameOf(p *i18n.Printer, g *Game, id string) string {
	for _, o := range s.Objects {
		if o.ID == id && o.Card == "" {
			return s.objectName(p, o)
		}
	}
	return render.ObjectName(p, g.Result, id)
}

// whyText is the reason of a guess in words.
func whyText(p *i18n.Printer, w Why) string {
	if w.Code == WhyWord {
		return p.T(i18n.KeyPlayWhyWord, w.Cue)
	}
	return p.T(i18n.Key("play.why." + w.Code))
}

// MoveLines say what the last move did: the move in words, then each
// event with its rule; the game's end when it is over. Before the first
// move, none.
func (g *Game) MoveLines(p *i18n.Printer) []string {
	r := g.Result
	n := len(r.Frames)
	if n == 0 {
		return nil
	}
	f := r.Frames[n-1]
	lines := []string{p.T(i18n.KeyPlayMove, n, MoveText(p, r, g.before(n-1), g.Moves[n-1]))}
	for i, ev := range f.Events {
		if !render.ShowEvent(f.Events, i) {
			continue
		}
		lines = append(lines, p.T(i18n.KeyEngineLine, ev.Turn, render.StepName(p, r.Game, ev.Step),
			render.EventText(p, r, ev), render.RuleLabel(p, ev.Rule)))
	}
	if w := r.Final.Winner; w != "" {
		lines = append(lines, tr(p, i18n.KeyPlayWinner, w))
	}
	return lines
}

// HandLines say the spells each player still holds, one line a player
// who holds any.
func (g *Game) HandLines(p *i18n.Printer) []string {
	st := g.State()
	var lines []string
	for _, pl := range st.Players {
		var names []string
		for _, h := range g.Hand {
			if h.Controller != pl.Name || castAlready(st, h) {
				continue
			}
			names = append(names, render.ObjectName(p, g.Result, h.ID))
		}
		if len(names) > 0 {
			lines = append(lines, tr(p, i18n.KeyPlayHand, pl.Name, p.List(names)))
		}
	}
	return lines
}

// castAlready reports whether the spell h of the hand was cast by st: it
// is on the stack or left it, or its permanent left the hand.
func castAlready(st engine.State, h engine.StackObject) bool {
	if h.Permanent != "" {
		for _, q := range st.Permanents {
			if q.ID == h.Permanent {
				return q.Zone != engine.ZoneHand
			}
		}
		return true
	}
	for _, o := range append(append([]engine.StackObject(nil), st.Stack...), st.LeftStack...) {
		if o.ID == h.ID {
			return true
		}
	}
	return false
}

// MoveText says a move in words, in the state it is made in (before):
// passing priority as what it resolves, moving on as the step it goes
// to, the others as a scenario's action reads (render.ActionText).
func MoveText(p *i18n.Printer, res *engine.Result, before engine.State, a engine.Action) string {
	switch a.Kind {
	case engine.ActionResolve:
		st := before.Stack
		if len(st) == 0 {
			return p.T(i18n.KeyPlayPass)
		}
		return p.T(i18n.KeyPlayPassResolves, render.ObjectName(p, res, st[len(st)-1].ID))
	case engine.ActionAdvance:
		return tr(p, i18n.KeyPlayNextStep, a.Player, render.StepName(p, "mtg", string(a.Step)))
	case engine.ActionActivate:
		if a.Spell != nil && a.Spell.Controller == "" {
			// An ability is its source's controller's to activate.
			o := *a.Spell
			for _, q := range before.Permanents {
				if q.ID == o.Source {
					o.Controller = q.Controller
				}
			}
			a.Spell = &o
		}
	}
	return render.ActionText(p, res, a)
}

// before is the state move n (0 on) was made in.
func (g *Game) before(n int) engine.State {
	if n <= 0 || n > len(g.Result.Frames) {
		return g.Result.Initial
	}
	return g.Result.Frames[n-1].State
}

// Option is a move offered: its words, its token (what a select menu's
// option sends back) and its kind.
type Option struct {
	Label, Value string
	// Rule is the rule the move follows, for the option's description.
	Rule string
	Kind engine.ActionKind
}

// moveRules are the rules each kind of move follows: casting (601.2),
// activating (602.2), declaring attackers (508.1) and blockers (509.1),
// resolving when all players pass (608.2), the steps' end (500.2).
var moveRules = map[engine.ActionKind]string{
	engine.ActionCast: "601.2", engine.ActionActivate: "602.2", engine.ActionAttack: "508.1",
	engine.ActionBlock: "509.1", engine.ActionResolve: "608.2", engine.ActionAdvance: "500.2",
}

// maxLabel bounds an option's label: a Discord select option's.
const maxLabel = 100

// Options are the moves that may be made now (Game.Legal), in words.
// A token too long for a select option's value is sent as "#" and its
// number in the list (see Game.Chosen).
func (g *Game) Options(p *i18n.Printer) []Option {
	legal := g.Legal()
	abilities := map[string]int{}
	for _, a := range legal {
		if a.Kind == engine.ActionActivate && a.Spell.Ability > abilities[a.Spell.Source] {
			abilities[a.Spell.Source] = a.Spell.Ability
		}
	}
	out := make([]Option, 0, len(legal))
	for i, a := range legal {
		label := MoveText(p, g.Result, g.State(), a)
		if a.Kind == engine.ActionActivate && abilities[a.Spell.Source] > 1 {
			label = p.T(i18n.KeyPlayAbilityN, label, a.Spell.Ability)
		}
		v := g.Token(a)
		if len(v) > maxToken {
			v = "#" + strconv.Itoa(i)
		}
		out = append(out, Option{Label: clip(label, maxLabel), Value: v, Rule: moveRules[a.Kind], Kind: a.Kind})
	}
	return out
}

// Chosen is the move a select menu's option sent: its token, or "#" and
// its number among Legal.
func (g *Game) Chosen(value string) (engine.Action, error) {
	if n, ok := strings.CutPrefix(value, "#"); ok {
		legal := g.Legal()
		i, err := strconv.Atoi(n)
		if err != nil || i < 0 || i >= len(legal) {
			return engine.Action{}, ErrBadLog
		}
		return legal[i], nil
	}
	return g.Move(value)
}

// Groups of moves, each a select menu of its own when there are many.
const (
	GroupSpells = iota // cast, activate
	GroupCombat        // attack, block
	GroupTurn          // pass priority, next step, next turn
)

// Group is the group of a move's kind.
func Group(k engine.ActionKind) int {
	switch k {
	case engine.ActionCast, engine.ActionActivate:
		return GroupSpells
	case engine.ActionAttack, engine.ActionBlock:
		return GroupCombat
	}
	return GroupTurn
}

// Menus splits options into menus of at most per options each, at most
// max of them: all in one when they fit, else a menu a group (spells,
// combat, the turn), a group too long for one split in several. What
// does not fit is left out: the count left out is returned.
func Menus(opts []Option, per, max int) ([][]Option, int) {
	if len(opts) <= per {
		if len(opts) == 0 {
			return nil, 0
		}
		return [][]Option{opts}, 0
	}
	var menus [][]Option
	for grp := GroupSpells; grp <= GroupTurn; grp++ {
		var cur []Option
		for _, o := range opts {
			if Group(o.Kind) != grp {
				continue
			}
			if len(cur) == per {
				menus = append(menus, cur)
				cur = nil
			}
			cur = append(cur, o)
		}
		if len(cur) > 0 {
			menus = append(menus, cur)
		}
	}
	left := 0
	if len(menus) > max {
		// The turn's moves (passing, moving on) stay: the last menu.
		keep := append(slices.Clone(menus[:max-1]), menus[len(menus)-1])
		for _, m := range menus[max-1 : len(menus)-1] {
			left += len(m)
		}
		menus = keep
	}
	return menus, left
}

// RefusalText says why a move is refused, in p's language: the move in
// words, then the engine's reason with its rule.
func RefusalText(p *i18n.Printer, g *Game, r *Refusal) string {
	return p.T(i18n.KeyPlayRefused, MoveText(p, g.Result, g.State(), r.Action), ReasonText(p, g.Result, r.Err))
}

// ReasonText says an engine refusal in words, its objects named as run
// res names them: the engine's message, or, for a rule of the turn's
// structure, that the move can't be made at this point, with the rule.
func ReasonText(p *i18n.Printer, res *engine.Result, err error) string {
	e, ok := engine.AsError(err)
	if !ok {
		if errors.Is(err, ErrBadLog) {
			return p.T(i18n.KeyPlayBadMove)
		}
		return p.T(i18n.KeyErrInternal)
	}
	if e.Code == engine.CodeIllegalAction && e.Rule != "" {
		return p.T(i18n.KeyPlayNotNow, render.RuleLabel(p, e.Rule))
	}
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		if res == nil || i == len(e.Args)-1 && e.Rule != "" {
			args[i] = a
			continue
		}
		args[i] = render.ObjectName(p, res, a)
	}
	return p.T(i18n.Key("engine.err."+e.Code), args...)
}

// BoardError says why a board's text can't be played, in p's language:
// where names the text ("the board").
func BoardError(p *i18n.Printer, where string, err error) string {
	switch {
	case errors.Is(err, ErrHasActions):
		return p.T(i18n.KeyPlayHasActions)
	case errors.Is(err, ErrBadLogLine), errors.Is(err, ErrBadLog):
		return p.T(i18n.KeyPlayBadLog)
	case errors.Is(err, ErrLongLog):
		return p.T(i18n.KeyPlayLongLog, MaxLog)
	}
	if r, ok := IsRefusal(err); ok {
		return p.T(i18n.KeyPlayLogRefused, r.Move+1, ReasonText(p, nil, r.Err))
	}
	var le *sim.LimitError
	if errors.As(err, &le) {
		return render.ScenarioErrorMessage(p, where, le)
	}
	return render.ScenarioErrorMessage(p, where, err)
}

// tr is p.T with the elisions of French written (render.Elide): for
// the messages that put a player's name after a word ("de Alice").
func tr(p *i18n.Printer, k i18n.Key, args ...any) string { return render.Elide(p, p.T(k, args...)) }

// clip cuts s to at most n characters, with "…" at the cut.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
