package render

import "strings"

// WrapText breaks text into lines of at most width runes at spaces
// (Japanese text, which has none, is cut at width); blank lines go.
func WrapText(text string, width int) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		para = strings.TrimSpace(para)
		if para == "" {
			continue
		}
		r := []rune(para)
		for len(r) > width {
			cut := width
			for i := width; i > width/2; i-- {
				if r[i] == ' ' {
					cut = i
					break
				}
			}
			out = append(out, strings.TrimSpace(string(r[:cut])))
			r = []rune(strings.TrimSpace(string(r[cut:])))
		}
		out = append(out, string(r))
	}
	return out
}
