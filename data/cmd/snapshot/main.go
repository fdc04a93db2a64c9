package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/klauspost/compress/zstd"

	"arbiter/kb"
)

func main() {
	from := flag.String("from", filepath.Join("..", "shared", "data"), "the shared data folder")
	out := flag.String("out", filepath.Join("data", "official"), "the snapshot folder to write")
	flag.Parse()
	if err := run(*from, *out, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "snapshot:", err)
		os.Exit(1)
	}
}

// A source is one upstream file of the snapshot and how it is made smaller.
type source struct {
	path  string                       // relative to the shared data folder, and to the snapshot's
	trim  func([]byte) ([]byte, error) // nil: kept byte for byte
	check func(name string, upstream, trimmed []byte) error
}

// sources are the files of the snapshot, in the order kb reads them.
var sources = []source{
	{path: "mtg/cards/cards-multilang-mtgjson-20220425.jsonl", trim: trimCards, check: sameCards},
	{path: "mtg/cr/MagicCompRules_20260116.txt"},
	{path: "mtg/cr/MagicCompRules_20260417.txt"},
	{path: "mtg/rulings/rulings-mtgjson-20220425.jsonl"},
	{path: "ygo/ocg-ruling-assistant/cards.json", trim: trimYGOCards, check: sameYGOCards},
	{path: "ygo/ocg-ruling-assistant/rulings.json", trim: trimYGORulings, check: sameYGORulings},
}

// run writes the snapshot of the files of from into out, telling log what
// it made.
func run(from, out string, log io.Writer) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	var manifest strings.Builder
	manifest.WriteString("# The official data embedded by package data, made by data/cmd/snapshot (DO NOT EDIT).\n")
	manifest.WriteString("# upstream: sha256 size path, then the snapshot's content: sha256 size (before zstd)\n")
	for _, s := range sources {
		upstream, err := os.ReadFile(filepath.Join(from, s.path))
		if err != nil {
			return err
		}
		content, err := s.make(upstream)
		if err != nil {
			return fmt.Errorf("%s: %w", s.path, err)
		}
		packed, err := compress(content)
		if err != nil {
			return fmt.Errorf("%s: %w", s.path, err)
		}
		dst := filepath.Join(out, filepath.FromSlash(s.path)+".zst")
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, packed, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(&manifest, "%s %d %s\n  %s %d\n", digest(upstream), len(upstream), s.path, digest(content), len(content))
		fmt.Fprintf(log, "%s: %d bytes, %d kept, %d compressed\n", s.path, len(upstream), len(content), len(packed))
	}
	return os.WriteFile(filepath.Join(out, "MANIFEST"), []byte(manifest.String()), 0o644)
}

// make returns the snapshot's content of the upstream file, checked.
func (s source) make(upstream []byte) ([]byte, error) {
	if s.trim == nil {
		return upstream, nil
	}
	content, err := s.trim(upstream)
	if err != nil {
		return nil, err
	}
	if err := s.check(s.path, upstream, content); err != nil {
		return nil, err
	}
	return content, nil
}

// compress packs b with zstd, at its best compression, on one goroutine so
// that the output is the same every time.
func compress(b []byte) ([]byte, error) {
	w, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(true))
	if err != nil {
		return nil, err
	}
	defer w.Close()
	return w.EncodeAll(b, nil), nil
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// sameCards checks that both cards files parse to the same cards.
func sameCards(name string, upstream, trimmed []byte) error {
	read := func(b []byte) ([]kb.Card, error) {
		var out []kb.Card
		err := kb.ParseCards(name, bytes.NewReader(b), func(c kb.Card) error { out = append(out, c); return nil })
		return out, err
	}
	a, err := read(upstream)
	if err != nil {
		return err
	}
	b, err := read(trimmed)
	if err != nil {
		return err
	}
	if len(a) != len(b) {
		return fmt.Errorf("%d cards, upstream %d", len(b), len(a))
	}
	for i := range a {
		if err := same(a[i], b[i]); err != nil {
			return fmt.Errorf("card %d (%s): %w\n%#v\n%#v", i, a[i].Name, err, a[i], b[i])
		}
	}
	return nil
}

// sameYGOCards checks that both Yu-Gi-Oh! card files parse to the same
// names.
func sameYGOCards(name string, upstream, trimmed []byte) error {
	a, err := kb.ParseYGOCards(name, upstream)
	if err != nil {
		return err
	}
	b, err := kb.ParseYGOCards(name, trimmed)
	if err != nil {
		return err
	}
	return same(a, b)
}

// sameYGORulings checks that both Yu-Gi-Oh! rulings files parse to the
// same documents.
func sameYGORulings(name string, upstream, trimmed []byte) error {
	a, err := kb.ParseYGORulings(name, upstream)
	if err != nil {
		return err
	}
	b, err := kb.ParseYGORulings(name, trimmed)
	if err != nil {
		return err
	}
	return same(a, b)
}

func same[T any](a, b T) error {
	if !reflect.DeepEqual(a, b) {
		return fmt.Errorf("the snapshot does not parse to what the upstream file parses to")
	}
	return nil
}
