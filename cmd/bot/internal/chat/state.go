package chat

import (
	"fmt"
	"strconv"
	"strings"

	"arbiter/i18n"
)

// replyState is what a button needs to render a reply again: the command,
// the language, the page and the argument (question, rule number, card
// name, preset). It travels in the button's custom_id, so replies stay
// stateless across replicas and restarts.
type replyState struct {
	Action byte // actPage, actShare, actOriginal, actPlay, actReport, actGame
	Cmd    string
	Lang   i18n.Lang
	Page   int
	Arg    string
}

// Button actions.
const (
	actPage     = 'p' // render Cmd at Page in Lang (pagination, language flip)
	actShare    = 's' // post the reply publicly
	actOriginal = 'o' // show the original of the translated document Arg
	actPlay     = 'x' // run the preset Arg
	actReport   = 'r' // open the form that reports the answer of Cmd at Page in Lang
	actGame     = 'g' // play the board of the question Arg out (see play.go)
)

// encode writes the state as "p:ruling:fr:2:question". An argument that
// does not fit in the 100 characters of a custom_id is left out: the reply
// keeps it in its first embed's footer, where the click finds it.
func (s replyState) encode() string {
	head := fmt.Sprintf("%c:%s:%s:%d:", s.Action, s.Cmd, s.Lang, s.Page)
	if runes(head)+runes(s.Arg) > MaxCustomID {
		return head
	}
	return head + s.Arg
}

// decodeState reads a custom_id written by encode.
func decodeState(id string) (replyState, error) {
	parts := strings.SplitN(id, ":", 5)
	if len(parts) != 5 || len(parts[0]) != 1 {
		return replyState{}, userErr(i18n.KeyDiscordBadButton)
	}
	l, ok := i18n.ParseLang(parts[2])
	page, err := strconv.Atoi(parts[3])
	if !ok || err != nil || page < 0 || page > 1000 {
		return replyState{}, userErr(i18n.KeyDiscordBadButton)
	}
	switch parts[0][0] {
	case actPage, actShare, actOriginal, actPlay, actReport, actGame:
	default:
		return replyState{}, userErr(i18n.KeyDiscordBadButton)
	}
	return replyState{Action: parts[0][0], Cmd: parts[1], Lang: l, Page: page, Arg: parts[4]}, nil
}

// key is the cache key of a state rendered ephemeral or not.
func (s replyState) key(ephemeral bool) string {
	return fmt.Sprintf("%s|%s|%d|%t|%s", s.Cmd, s.Lang, s.Page, ephemeral, s.Arg)
}
