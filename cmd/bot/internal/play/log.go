package play

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"arbiter/engine"
)

// The action log: the moves of a game, each a token, joined by ".". A
// token names its action and what it acts on by the scenario's ids, and
// players by their number in the scenario's list ("@0", "@1"):
//
//	r                        pass priority: the top of the stack resolves
//	n:<player>:<step>        go on to that player's next <step>
//	c:<spell>:<mode>:<targets>:<x>   cast a spell of the hand (trailing empty fields left out)
//	a:<source>:<ability>:<targets>:<x>   activate ability <ability> (1 on) of a permanent
//	k:<attackers>:<player>   declare attackers
//	b:<blockers>:<attacker>  declare blockers of an attacker
//
// Lists are joined by "~". Every character is one a URL query and a
// Discord custom_id carry as it is. The log holds no state of its own:
// the game is the board and its moves, played again (see Game).

// MaxLog bounds the moves of a game: the actions of a user's scenario.
const MaxLog = 200

// maxToken bounds one token: an option value of a Discord select menu.
const maxToken = 100

// Errors of decoding a log.
var (
	ErrBadLog  = errors.New("play: not a log of moves")
	ErrLongLog = errors.New("play: too many moves")
)

// EncodeMove writes a as a token, with players named by their number in
// players.
func EncodeMove(a engine.Action, players []string) string {
	who := func(name string) string {
		if i := slices.Index(players, name); i >= 0 {
			return "@" + strconv.Itoa(i)
		}
		return name
	}
	refs := func(ids []string) string {
		out := make([]string, len(ids))
		for i, id := range ids {
			out[i] = who(id)
		}
		return strings.Join(out, "~")
	}
	trim := func(fields ...string) string {
		for len(fields) > 2 && fields[len(fields)-1] == "" {
			fields = fields[:len(fields)-1]
		}
		return strings.Join(fields, ":")
	}
	num := func(n int) string {
		if n == 0 {
			return ""
		}
		return strconv.Itoa(n)
	}
	switch a.Kind {
	case engine.ActionResolve:
		return "r"
	case engine.ActionAdvance:
		return "n:" + who(a.Player) + ":" + string(a.Step)
	case engine.ActionCast:
		o := a.Spell
		return trim("c", o.ID, num(o.Mode), refs(o.Targets), num(o.X))
	case engine.ActionActivate:
		o := a.Spell
		return trim("a", o.Source, strconv.Itoa(o.Ability), refs(o.Targets), num(o.X))
	case engine.ActionAttack:
		return "k:" + refs(a.Attackers) + ":" + who(a.Defender)
	case engine.ActionBlock:
		bs := a.Blockers
		if len(bs) == 0 {
			bs = []string{a.Blocker}
		}
		return "b:" + refs(bs) + ":" + a.Attacker
	}
	return ""
}

// EncodeLog writes moves as a log.
func EncodeLog(moves []engine.Action, players []string) string {
	toks := make([]string, len(moves))
	for i, a := range moves {
		toks[i] = EncodeMove(a, players)
	}
	return strings.Join(toks, ".")
}

// DecodeMove reads a token: the action it names, with the spells of hand
// (a cast names one by its id) and players named as the scenario names
// them. A token that names no action is ErrBadLog; whether its action
// may be taken is the engine's to say (engine.Allowed).
func DecodeMove(tok string, hand []engine.StackObject, players []string) (engine.Action, error) {
	bad := engine.Action{}
	if tok == "" || len(tok) > maxToken {
		return bad, ErrBadLog
	}
	f := strings.Split(tok, ":")
	ref := func(s string) (string, bool) {
		if n, ok := strings.CutPrefix(s, "@"); ok {
			i, err := strconv.Atoi(n)
			if err != nil || i < 0 || i >= len(players) || n != strconv.Itoa(i) {
				return "", false
			}
			return players[i], true
		}
		return s, validID(s)
	}
	refs := func(s string) ([]string, bool) {
		if s == "" {
			return nil, true
		}
		var out []string
		for _, r := range strings.Split(s, "~") {
			id, ok := ref(r)
			if !ok {
				return nil, false
			}
			out = append(out, id)
		}
		return out, true
	}
	// A number as EncodeMove writes it: none for 0 (an optional
	// field), digits without a sign or leading zero otherwise.
	num := func(s string, min int) (int, bool) {
		if s == "" {
			return 0, min == 0
		}
		n, err := strconv.Atoi(s)
		return n, err == nil && n >= max(min, 1) && n <= 1000 && strconv.Itoa(n) == s
	}
	field := func(i int) string {
		if i < len(f) {
			return f[i]
		}
		return ""
	}
	switch f[0] {
	case "r":
		if len(f) != 1 {
			return bad, ErrBadLog
		}
		return engine.Action{Kind: engine.ActionResolve}, nil
	case "n":
		if len(f) != 3 || !strings.HasPrefix(f[1], "@") {
			return bad, ErrBadLog
		}
		p, ok := ref(f[1])
		if !ok || !slices.Contains(engine.Steps(), engine.Step(f[2])) {
			return bad, ErrBadLog
		}
		return engine.Action{Kind: engine.ActionAdvance, Player: p, Step: engine.Step(f[2])}, nil
	case "c", "a":
		// A move is written without trailing empty fields: "c:growth::efreet:"
		// is no move's writing (it would read back without its last ':').
		if len(f) < 2 || len(f) > 5 || !validID(f[1]) || len(f) > 2 && f[len(f)-1] == "" {
			return bad, ErrBadLog
		}
		first := 0
		if f[0] == "a" {
			first = 1
		}
		n, ok1 := num(field(2), first)
		targets, ok2 := refs(field(3))
		x, ok3 := num(field(4), 0)
		if !ok1 || !ok2 || !ok3 {
			return bad, ErrBadLog
		}
		if f[0] == "a" {
			return engine.Action{Kind: engine.ActionActivate, Spell: &engine.StackObject{Source: f[1], Ability: n, Targets: targets, X: x}}, nil
		}
		for _, h := range hand {
			if h.ID == f[1] {
				o := h
				o.Mode, o.Targets, o.X = n, targets, x
				return engine.Action{Kind: engine.ActionCast, Spell: &o}, nil
			}
		}
		return bad, ErrBadLog
	case "k":
		if len(f) != 3 || !strings.HasPrefix(f[2], "@") {
			return bad, ErrBadLog
		}
		ids, ok := refs(f[1])
		d, ok2 := ref(f[2])
		if !ok || !ok2 || len(ids) == 0 {
			return bad, ErrBadLog
		}
		return engine.Action{Kind: engine.ActionAttack, Attackers: ids, Defender: d}, nil
	case "b":
		if len(f) != 3 || !validID(f[2]) {
			return bad, ErrBadLog
		}
		ids, ok := refs(f[1])
		if !ok || len(ids) == 0 || slices.ContainsFunc(ids, func(id string) bool { return slices.Contains(players, id) }) {
			return bad, ErrBadLog
		}
		if len(ids) == 1 {
			return engine.Action{Kind: engine.ActionBlock, Blocker: ids[0], Attacker: f[2]}, nil
		}
		return engine.Action{Kind: engine.ActionBlock, Blockers: ids, Attacker: f[2]}, nil
	}
	return bad, ErrBadLog
}

// DecodeLog reads a log (see DecodeMove); an empty one has no moves.
func DecodeLog(log string, hand []engine.StackObject, players []string) ([]engine.Action, error) {
	if log == "" {
		return nil, nil
	}
	toks := strings.Split(log, ".")
	if len(toks) > MaxLog {
		return nil, ErrLongLog
	}
	out := make([]engine.Action, 0, len(toks))
	for _, t := range toks {
		a, err := DecodeMove(t, hand, players)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// validID reports whether s is a scenario id: 1 to 64 letters, digits,
// - or _ (as the engine reads them).
func validID(s string) bool {
	if len(s) == 0 || len(s) > 64 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
