package kb

import (
	"context"
	"regexp"
	"strings"
)

// The subtypes the Comprehensive Rules list (205.3g to 205.3n): many are
// card names too (Nightmare, Illusion, Equipment), and a question that
// asks about a type names the type, not the card ("is nightmare a
// creature type?").

// subtypeRules are the rules that list the subtypes.
var subtypeRules = []string{"205.3g", "205.3h", "205.3i", "205.3j", "205.3k", "205.3m", "205.3n"}

var (
	// subtypeListRE finds a rule's list: what follows "types are" or
	// "… long:", to the end of its sentence.
	subtypeListRE = regexp.MustCompile(`(?:types are|long:)\s+([^.]*)`)
	parenRE       = regexp.MustCompile(`\s*\([^)]*\)`)
	// typeWordRE finds the words for "type" a question about a subtype
	// uses.
	typeWordRE = regexp.MustCompile(`(?i)\btypes?\b|タイプ|種族`)
)

// subtypes returns the subtypes the index's rules list, folded.
func (ix *Index) subtypes() map[string]bool {
	ix.typeOnce.Do(func() {
		ix.typeTab = map[string]bool{}
		for _, r := range subtypeRules {
			d, ok := ix.Doc(context.Background(), "cr:"+r)
			if !ok {
				continue
			}
			for _, t := range parseSubtypes(d.Text) {
				ix.typeTab[FoldKey(t)] = true
			}
		}
	})
	return ix.typeTab
}

// parseSubtypes returns the subtypes a rule of 205.3 lists.
func parseSubtypes(text string) []string {
	var out []string
	for _, m := range subtypeListRE.FindAllStringSubmatch(parenRE.ReplaceAllString(text, ""), -1) {
		for _, item := range strings.Split(m[1], ",") {
			item = strings.TrimSpace(item)
			item = strings.TrimPrefix(item, "and ")
			if i := strings.LastIndex(item, ":"); i >= 0 {
				item = strings.TrimSpace(item[i+1:]) // "one word long: Advisor"
			}
			if item != "" {
				out = append(out, item)
			}
		}
	}
	return out
}

// namesSubtype reports whether name, words of the question text, is a
// subtype the question asks about as a type.
func (ix *Index) namesSubtype(text, name string) bool {
	return ix.subtypes()[FoldKey(name)] && typeWordRE.MatchString(text)
}
