package main

import (
	"context"

	"arbiter/cmd/bot/internal/render"
	"arbiter/data"
	"arbiter/kb"
)

// openIndex opens the index at dir, or indexes the embedded corpus in
// memory when dir is empty.
func openIndex(ctx context.Context, dir string) (*kb.Index, error) {
	if dir != "" {
		kb.WarmJapanese()
		ix, err := kb.Open(ctx, dir)
		if err != nil {
			return nil, &render.IndexError{Dir: dir, Err: err}
		}
		return ix, nil
	}
	kb.WarmJapanese()
	c := kb.NewCollection()
	if err := c.AddCorpus(data.FS()); err != nil {
		return nil, err
	}
	if err := c.Finish(); err != nil {
		return nil, err
	}
	return kb.NewMem(ctx, c)
}
