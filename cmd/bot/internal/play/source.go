package play

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
)

// A board to play is a scenario of the engine's format
// (docs/scenario-format.md) whose actions are not played but held: its
// top-level key hand lists the spells the players hold, each written as
// a cast action without targets, and a line "log: ..." at the top level,
// when there is one, the moves made so far:
//
//	game: mtg
//	players: [Alice, Bob]
//	start: {turn: 3, active: Bob, step: begin_combat}
//	permanents:
//	  - {id: angel, card: Serra Angel, power: 4, toughness: 4, controller: Bob}
//	hand:
//	  - cast: {id: shock, card: Shock, controller: Alice}
//	log: "k:angel:@0"
//
// The engine reads the board with hand as its actions, on the same
// lines, so that an error names the line of the text as written.

// Errors of a board's text, which users are told in their language.
var (
	// ErrHasActions: a board to play lists actions; its moves are played
	// on it instead.
	ErrHasActions = errors.New("play: a board to play has no actions")
	// ErrBadLogLine: the log line is not one quoted or plain log.
	ErrBadLogLine = errors.New("play: the log line is not a log")
)

// splitSource reads a board's text: the scenario the engine reads (hand
// as actions, the log line blanked) and the log.
func splitSource(src []byte) (scenario []byte, log string, err error) {
	lines := bytes.SplitAfter(src, []byte("\n"))
	out := make([][]byte, len(lines))
	seenLog := false
	for i, l := range lines {
		out[i] = l
		switch {
		case bytes.HasPrefix(l, []byte("actions:")):
			return nil, "", ErrHasActions
		case bytes.HasPrefix(l, []byte("hand:")):
			out[i] = append([]byte("actions:"), l[len("hand:"):]...)
		case bytes.HasPrefix(l, []byte("log:")):
			if seenLog {
				return nil, "", ErrBadLogLine
			}
			seenLog = true
			v := strings.TrimSpace(string(l[len("log:"):]))
			if c := strings.Index(v, " #"); c >= 0 {
				v = strings.TrimSpace(v[:c])
			}
			switch {
			case strings.HasPrefix(v, `"`):
				u, err := strconv.Unquote(v)
				if err != nil {
					return nil, "", ErrBadLogLine
				}
				v = u
			case strings.HasPrefix(v, "'"):
				if len(v) < 2 || !strings.HasSuffix(v, "'") {
					return nil, "", ErrBadLogLine
				}
				v = v[1 : len(v)-1]
			}
			log = v
			out[i] = []byte("\n")
			if !bytes.HasSuffix(l, []byte("\n")) {
				out[i] = nil
			}
		}
	}
	return bytes.Join(out, nil), log, nil
}

// withLog is a board's text with its log line: the text without its log
// line, and log after it, when there are moves.
func withLog(board []byte, log string) []byte {
	var b bytes.Buffer
	b.Write(board)
	if log == "" {
		return b.Bytes()
	}
	if b.Len() > 0 && !bytes.HasSuffix(b.Bytes(), []byte("\n")) {
		b.WriteByte('\n')
	}
	b.WriteString("log: " + strconv.Quote(log) + "\n")
	return b.Bytes()
}

// withoutLog is a board's text without its log line (the board as it
// was before the first move).
func withoutLog(src []byte) []byte {
	lines := bytes.SplitAfter(src, []byte("\n"))
	var b bytes.Buffer
	for _, l := range lines {
		if !bytes.HasPrefix(l, []byte("log:")) {
			b.Write(l)
		}
	}
	return b.Bytes()
}

// WithoutComments is a board's text without its lines of comments, the
// other lines as they are.
func WithoutComments(src []byte) []byte {
	var b bytes.Buffer
	for _, l := range bytes.SplitAfter(src, []byte("\n")) {
		if !bytes.HasPrefix(bytes.TrimLeft(l, " \t"), []byte("#")) {
			b.Write(l)
		}
	}
	return b.Bytes()
}
