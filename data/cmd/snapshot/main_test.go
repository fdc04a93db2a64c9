package main

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestSnapshotIsReproducible makes the snapshot again from the shared data
// and checks that every file is the one data/official holds, byte for
// byte. Skipped without the shared data.
func TestSnapshotIsReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("reads and compresses the full shared data")
	}
	from := filepath.Join("..", "..", "..", "..", "shared", "data")
	if _, err := os.Stat(from); err != nil {
		t.Skip("no shared data at " + from)
	}
	out := t.TempDir()
	if err := run(from, out, io.Discard); err != nil {
		t.Fatal(err)
	}
	committed := filepath.Join("..", "..", "official")
	n := 0
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(out, p)
		made, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		have, err := os.ReadFile(filepath.Join(committed, rel))
		if err != nil {
			t.Errorf("%s is made but not in data/official: %v", rel, err)
			return nil
		}
		if !bytes.Equal(made, have) {
			t.Errorf("%s: made again, it differs from data/official's (go run ./data/cmd/snapshot)", rel)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != len(sources)+1 {
		t.Errorf("%d files made, want %d and MANIFEST", n, len(sources))
	}
}

// TestTrimKeepsWhatIsRead checks the trimming of a cards line and of the
// Yu-Gi-Oh! rulings on small inputs: fields kb does not read go, the
// others stay as they are, in their order.
func TestTrimKeepsWhatIsRead(t *testing.T) {
	tests := []struct {
		name string
		trim func([]byte) ([]byte, error)
		in   string
		want string
	}{
		{"card", trimCards,
			`{"oracle_id": "x", "side": null, "name": "Fog", "face_name": null, "layout": "normal", "keywords": [], "printings": ["LEA"], "names": {"French": ["Brouillard"], "German": ["Nebel"]}, "fr": {"name": "Brouillard", "text": "t", "type": "Éphémère", "set": "4ED", "multiverse_id": 1}, "ja": null}` + "\n",
			`{"oracle_id":"x","name":"Fog","keywords":[],"names":{"French":["Brouillard"]},"fr":{"name":"Brouillard","text":"t","type":"Éphémère"}}` + "\n"},
		{"ygo rulings", trimYGORulings,
			`{"schemaVersion": 1, "records": [{"id": "a", "recordType": "card-text", "conclusion": "c"}, {"id": "b", "recordType": "qa", "status": "confirmed", "question": "q", "conclusion": "c", "steps": ["s"], "sources": [{"label": "L", "detail": "u", "x": 1}]}]}`,
			"{\"schemaVersion\":1,\"records\":[\n{\"id\":\"b\",\"recordType\":\"qa\",\"question\":\"q\",\"conclusion\":\"c\",\"sources\":[\n{\"label\":\"L\",\"detail\":\"u\"}\n]}\n]}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.trim([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}
