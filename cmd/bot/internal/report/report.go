package report

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"arbiter/i18n"
)

// Status is where a report stands.
type Status string

// Statuses of a report.
const (
	Open      Status = "open"      // filed, not yet reviewed
	Confirmed Status = "confirmed" // a reviewer agreed and named the text that answers
	Rejected  Status = "rejected"  // a reviewer found the answer right
)

// ParseStatus reads a status as typed ("open", "confirmed", "rejected").
func ParseStatus(s string) (Status, bool) {
	switch st := Status(strings.ToLower(strings.TrimSpace(s))); st {
	case Open, Confirmed, Rejected:
		return st, true
	}
	return "", false
}

// Report is one report of a wrong answer, as the state store keeps it.
type Report struct {
	// ID is the reference number users are told ("#42"); the store
	// assigns it.
	ID       int64  `json:"id"`
	Question string `json:"question"`
	Lang     string `json:"lang"` // the answer's language: fr, en or ja
	Page     int    `json:"page,omitempty"`
	// CRRelease and Build name the index that answered: its current
	// Comprehensive Rules release and its build time ("" for the
	// embedded corpus).
	CRRelease string     `json:"cr_release,omitempty"`
	Build     string     `json:"build,omitempty"`
	Shown     []Citation `json:"shown"` // the citations the answer showed, in order
	// Wrong is what the reporter says is wrong; Suggestion the rule
	// number, card or link that answers, if they gave one.
	Wrong      string    `json:"wrong"`
	Suggestion string    `json:"suggestion,omitempty"`
	Reporter   string    `json:"reporter"` // a Discord user ID, "cli:<user>", "web:<address>"
	GuildID    string    `json:"guild_id,omitempty"`
	ChannelID  string    `json:"channel_id,omitempty"`
	Source     string    `json:"source"` // discord, console, cli, web
	Created    time.Time `json:"created"`
	Status     Status    `json:"status"`
	Comments   []Comment `json:"comments,omitempty"`
	Decision   *Decision `json:"decision,omitempty"` // the last decision; nil while open
}

// Citation is a citation an answer showed: the document's ID and its
// heading as the reader saw it.
type Citation struct {
	ID    string `json:"id"`
	Label string `json:"label"`
}

// Comment is a reviewer's comment on a report.
type Comment struct {
	Author string    `json:"author"`
	At     time.Time `json:"at"`
	Text   string    `json:"text"`
}

// Decision is a reviewer's decision on a report.
type Decision struct {
	Reviewer string    `json:"reviewer"`
	At       time.Time `json:"at"`
	Status   Status    `json:"status"` // Confirmed or Rejected
	// Expected are the IDs of the texts that answer the question, as the
	// evaluation files write them (a document ID, "ruling:<oracle id>:*"
	// for any ruling of a card); Label is how the first reads for people
	// and Kind the evaluation kind of the question (card, rules, ygo).
	// Set when confirmed.
	Expected []string `json:"expected,omitempty"`
	Label    string   `json:"label,omitempty"`
	Kind     string   `json:"kind,omitempty"`
	Note     string   `json:"note,omitempty"`
}

// Filter selects reports.
type Filter struct {
	Status Status // "" for every status
	Limit  int    // at most this many, the oldest first (0: all)
}

// Keeps tells whether f selects r.
func (f Filter) Keeps(r Report) bool { return f.Status == "" || r.Status == f.Status }

// ErrNotFound is returned for a report number the store does not hold.
var ErrNotFound = errors.New("report: no such report")

// Limits of what a user types into a report, in characters.
const (
	MaxWrong      = 1000 // what is wrong
	MaxSuggestion = 200  // the rule, card or link that answers
	MaxComment    = 1000 // a reviewer's comment or note
)

// Problem is a report or a decision refused for a reason its author is
// told in their language: a message key and its arguments.
type Problem struct {
	Key  i18n.Key
	Args []any
}

// Refuse returns the problem of key with args.
func Refuse(key i18n.Key, args ...any) *Problem { return &Problem{Key: key, Args: args} }

// Error returns the key and arguments, for logs.
func (p *Problem) Error() string { return fmt.Sprintf("report: %s %v", p.Key, p.Args) }

// Matches tells whether a cited document ID counts for an expected ID,
// as the evaluation files read them: the ID itself, "X:*" any ID under
// X, "N+" rule N or one of its lettered subrules.
func Matches(want, id string) bool {
	if base, ok := strings.CutSuffix(want, ":*"); ok {
		return strings.HasPrefix(id, base+":")
	}
	if base, ok := strings.CutSuffix(want, "+"); ok {
		if id == base {
			return true
		}
		rest, ok := strings.CutPrefix(id, base)
		return ok && len(rest) == 1 && rest[0] >= 'a' && rest[0] <= 'z'
	}
	return id == want
}

// MatchesAny tells whether one of ids counts for one of wants.
func MatchesAny(wants, ids []string) bool {
	for _, w := range wants {
		for _, id := range ids {
			if Matches(w, id) {
				return true
			}
		}
	}
	return false
}

// Filing is a report as its author files it, from any front end: the
// question and the answer's language and page, what they say, and who
// and where they are.
type Filing struct {
	Question string
	Lang     string // the language the answer was in
	Page     int    // the page of the answer (Discord shows 3 citations a page)
	K        int    // citations a page showed (0: Discord's 3)
	Wrong    string
	// Suggestion is the rule number, card or link that answers, if any.
	Suggestion string
	Reporter   string // who: a Discord user ID, "cli:<user>", "web:<hash>"
	GuildID    string
	ChannelID  string
	Source     string // discord, console, cli, web
}
