package store

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// LegacyFile is the JSON-lines settings file of earlier versions, in the
// state directory. Open imports it once into the store; the file is left
// as it was.
const LegacyFile = "language.jsonl"

// legacyRecord is one line of that file; an empty Lang cleared the setting.
type legacyRecord struct {
	Scope string `json:"scope"`
	ID    string `json:"id"`
	Lang  string `json:"lang"`
}

// readLegacy replays the JSON-lines file under dir into the settings it
// held in the end (cleared ones left out). A missing file holds none;
// lines that do not parse (torn by a crash) are skipped.
func readLegacy(dir string) (map[string]string, bool, error) {
	if dir == "" {
		return nil, false, nil
	}
	b, err := os.ReadFile(filepath.Join(dir, LegacyFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("state: %w", err)
	}
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 4096), 1<<20)
	for sc.Scan() {
		var r legacyRecord
		if json.Unmarshal(sc.Bytes(), &r) != nil || r.Scope == "" || r.ID == "" {
			continue
		}
		k := r.Scope + ":" + r.ID
		if r.Lang == "" {
			delete(out, k)
		} else {
			out[k] = r.Lang
		}
	}
	return out, true, nil
}
