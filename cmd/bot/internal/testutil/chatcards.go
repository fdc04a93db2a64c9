package testutil

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"arbiter/kb"
)

// ChatCards are the Magic cards of ChatCardsIndex, by English name: cards
// with rulings and without, with French and Japanese names, a legendary
// card players call by its first name, and three that share a word.
var ChatCards = []string{
	"Lightning Bolt", "Lightning Helix", "Lightning Strike", "Teferi's Protection", "Fog", "Island",
	"Atraxa, Praetors' Voice", "Shock", "Counterspell", "Oubliette", "Llanowar Elves", "Serra Angel",
}

// chatCards indexes the shared data of ChatCardsIndex once per test
// binary: ok is false without it.
var chatCards = sync.OnceValues(func() (*kb.Index, error) {
	return newChatCardsIndex(context.Background())
})

// ChatCardsIndex is the ChatCards of the shared cards file with their
// texts, printed names and rulings, and the
// Yu-Gi-Oh! records of the shared data, indexed in memory once per test
// binary and shared by the tests of the package (they must not close
// it): the index the replies that show cards are tested on. The test is
// skipped without the shared data.
func ChatCardsIndex(t testing.TB) *kb.Index {
	t.Helper()
	for _, f := range []string{"mtg/cards/cards-multilang-mtgjson-20220425.jsonl", "mtg/rulings/rulings-mtgjson-20220425.jsonl",
		"ygo/ocg-ruling-assistant/cards.json", "ygo/ocg-ruling-assistant/rulings.json"} {
		SharedFile(t, f)
	}
	ix, err := chatCards()
	if err != nil {
		t.Fatalf("index the chat cards: %v", err)
	}
	return ix
}

// newChatCardsIndex indexes what ChatCardsIndex holds.
func newChatCardsIndex(ctx context.Context) (*kb.Index, error) {
	root, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		if filepath.Dir(root) == root {
			return nil, errors.New("no go.mod above the test directory")
		}
		root = filepath.Dir(root)
	}
	shared := func(rel string) string { return filepath.Join(root, "..", "shared", "data", rel) }
	want := map[string]bool{}
	for _, n := range ChatCards {
		want[n] = true
	}
	cards, err := linesWhere(shared("mtg/cards/cards-multilang-mtgjson-20220425.jsonl"), "name", want)
	if err != nil {
		return nil, err
	}
	rulings, err := linesWhere(shared("mtg/rulings/rulings-mtgjson-20220425.jsonl"), "card_name", want)
	if err != nil {
		return nil, err
	}
	c := kb.NewCollection()
	if err := c.AddCards("cards.jsonl", bytes.NewReader(cards)); err != nil {
		return nil, err
	}
	if err := c.AddRulings("rulings.jsonl", bytes.NewReader(rulings)); err != nil {
		return nil, err
	}
	for _, f := range []string{"cards.json", "rulings.json"} {
		b, err := os.ReadFile(shared("ygo/ocg-ruling-assistant/" + f))
		if err != nil {
			return nil, err
		}
		if err := c.AddDocument(f, b); err != nil {
			return nil, err
		}
	}
	if err := c.Finish(); err != nil {
		return nil, err
	}
	return kb.NewMem(ctx, c)
}

// linesWhere returns the lines of a JSON Lines file whose string field
// is one of want.
func linesWhere(file, field string, want map[string]bool) ([]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var quoted [][]byte
	for n := range want {
		q, _ := json.Marshal(n)
		quoted = append(quoted, q)
	}
	var out bytes.Buffer
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		line := sc.Bytes()
		if !slices.ContainsFunc(quoted, func(q []byte) bool { return bytes.Contains(line, q) }) {
			continue
		}
		var head map[string]any
		if json.Unmarshal(line, &head) != nil {
			continue
		}
		if s, ok := head[field].(string); ok && want[s] {
			out.Write(line)
			out.WriteByte('\n')
		}
	}
	return out.Bytes(), sc.Err()
}
