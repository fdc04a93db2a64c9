package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// TestLayering enforces the dependency direction of the project's packages:
// engine imports nothing of ours, i18n nothing of ours, data nothing of ours,
// kb at most data and i18n, and only cmd/bot wires everything.
func TestLayering(t *testing.T) {
	allowed := map[string][]string{
		"arbiter/engine": {},
		"arbiter/i18n":   {},
		"arbiter/data":   {},
		"arbiter/kb":     {"arbiter/data", "arbiter/i18n"},
	}
	out, err := exec.Command("go", "list", "-deps", "-json=ImportPath,Deps", "arbiter/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(bufio.NewReader(bytes.NewReader(out)))
	seen := 0
	for dec.More() {
		var p struct {
			ImportPath string
			Deps       []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		ok, checked := allowed[p.ImportPath]
		if !checked {
			continue
		}
		seen++
		for _, d := range p.Deps {
			if !strings.HasPrefix(d, "arbiter/") && d != "arbiter" {
				continue
			}
			if !contains(ok, d) {
				t.Errorf("%s imports %s, which the layering forbids", p.ImportPath, d)
			}
		}
	}
	if seen != len(allowed) {
		t.Errorf("checked %d of %d packages; one is missing from the build", seen, len(allowed))
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
