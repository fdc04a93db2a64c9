package kb

import (
	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
)

// cardNameYAML is an entry of a card name table (data/cards.yaml).
type cardNameYAML struct {
	Name string   `yaml:"name"`
	FR   []string `yaml:"fr"`
	JA   []string `yaml:"ja"`
}

// ParseCardNames parses a card name table: a YAML list of {name, fr: [..],
// ja: [..]} giving a card's English name and its printed French and
// Japanese names. It lets a corpus without a cards file map French and
// Japanese names to the English card.
func ParseCardNames(name string, src []byte) ([]Card, error) {
	var nodes []ast.Node
	if err := yaml.UnmarshalWithOptions(src, &nodes); err != nil {
		return nil, yamlErr(name, err)
	}
	seen := map[string]int{}
	var out []Card
	for _, n := range nodes {
		line := nodeLine(n)
		var e cardNameYAML
		if err := yaml.NodeToValue(n, &e, yaml.DisallowUnknownField()); err != nil {
			return nil, yamlErr(name, err)
		}
		if e.Name == "" {
			return nil, lineErr(name, line, CodeMissingField, "a card needs its English name")
		}
		if prev, dup := seen[NormalizeName(e.Name)]; dup {
			return nil, lineErr(name, line, CodeDuplicateID, "card %q is already listed at line %d", e.Name, prev)
		}
		seen[NormalizeName(e.Name)] = line
		c := Card{Name: e.Name, Names: map[string][]string{}}
		if len(e.FR) > 0 {
			c.Names["fr"] = e.FR
		}
		if len(e.JA) > 0 {
			c.Names["ja"] = e.JA
		}
		out = append(out, c)
	}
	return out, nil
}
