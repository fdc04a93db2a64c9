package engine

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"arbiter/engine/cardlang"
)

func TestZZSimCoverage(t *testing.T) {
	d := realCards(t)
	cp := cardlang.NewCompiler()
	seen := map[string]bool{}
	total, comp, sim := 0, 0, 0
	lack := map[string]int{}
	ex := map[string]string{}
	for _, l := range d.lines {
		if seen[l.Name] {
			continue
		}
		seen[l.Name] = true
		total++
		c, ok := d.Card(l.Name)
		if !ok {
			continue
		}
		card, err := cp.Compile(cardlang.Source{Name: c.Name, ManaCost: c.ManaCost, TypeLine: l.TypeLine, Text: c.Text, Faces: c.Faces})
		if err != nil {
			continue
		}
		comp++
		if _, w := Lacks(card); w == "" {
			sim++
		} else {
			lack[w]++
			ex[w] = c.Name
		}
	}
	var ks []string
	for k := range lack {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool { return lack[ks[i]] > lack[ks[j]] })
	var b strings.Builder
	fmt.Fprintf(&b, "total %d compiled %d simulated %d\n", total, comp, sim)
	for _, k := range ks {
		fmt.Fprintf(&b, "%5d %s (%s)\n", lack[k], k, ex[k])
	}
	os.WriteFile("/tmp/ana/lacks.txt", []byte(b.String()), 0644)
}
