package web

import (
	"context"

	"arbiter/kb"
)

// Index is what the pages read of the knowledge base.
type Index interface {
	Search(ctx context.Context, q kb.Query) (*kb.Result, error)
	Doc(ctx context.Context, id string) (kb.Doc, bool)
	Rule(ctx context.Context, number, crDate string) (kb.RuleResult, bool, error)
	Card(ctx context.Context, name string) (kb.CardResult, bool, error)
	CardData(ctx context.Context, name string) (kb.CardData, bool)
	Meta() kb.Meta
	Glossary() *kb.Glossary
	Renumbering() *kb.Renumbering
	RuleOutline(ctx context.Context) ([]kb.Doc, error)
	GlossaryEntries(ctx context.Context) ([]kb.Doc, error)
	ReleaseDiff(from, to string) (kb.CRDiff, error)
	CardNames(english string) map[string]string
	QuestionKey(text, lang string) string
}
