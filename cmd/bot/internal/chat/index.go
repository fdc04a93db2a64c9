package chat

import (
	"context"

	"arbiter/kb"
)

// Index is what the replies read of the knowledge base. The router gets
// the serving one for each request (Config.Index), so that a reload swaps
// it between requests, never during one.
type Index interface {
	Search(ctx context.Context, q kb.Query) (*kb.Result, error)
	Doc(ctx context.Context, id string) (kb.Doc, bool)
	Rule(ctx context.Context, number, crDate string) (kb.RuleResult, bool, error)
	Card(ctx context.Context, name string) (kb.CardResult, bool, error)
	CardData(ctx context.Context, name string) (kb.CardData, bool)
	Glossary() *kb.Glossary
	RuleEntries(ctx context.Context) ([]kb.RuleEntry, error)
	CardEntries(ctx context.Context) ([]kb.CardEntry, error)
	Meta() kb.Meta
	ReleaseDiff(from, to string) (kb.CRDiff, error)
	CardNames(english string) map[string]string
	QuestionKey(text, lang string) string
}
