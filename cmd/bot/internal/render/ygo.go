package render

import (
	"regexp"
	"strings"
)

// ygoCardRefRE matches a Yu-Gi-Oh! card a text shows by its number, as
// the index writes the cards its data does not name: "card #4826",
// "カード#4826".
var ygoCardRefRE = regexp.MustCompile(`(?:card #|カード#)(\d{1,6})`)

// Link is a text and where it leads.
type Link struct {
	Text, URL string
}

// YGOCardURL is the page that names a Yu-Gi-Oh! card by its number.
func YGOCardURL(id string) string { return "https://db.ygoresources.com/data/card/" + id }

// UnnamedYGOCards lists the Yu-Gi-Oh! cards a citation shows by number
// (its data names a few cards only), each once, with the page that names
// it: one click from "card #4826" to the card.
func UnnamedYGOCards(c Citation) []Link {
	if !strings.HasPrefix(c.ID, "ygo:") {
		return nil
	}
	var out []Link
	seen := map[string]bool{}
	for _, m := range ygoCardRefRE.FindAllStringSubmatch(c.Quote+"\n"+c.Snippet, -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			out = append(out, Link{Text: m[0], URL: YGOCardURL(m[1])})
		}
	}
	return out
}

// LinkYGOCards turns each Yu-Gi-Oh! card shown by number in Markdown text
// into a link to the page that names it.
func LinkYGOCards(md string) string {
	return ygoCardRefRE.ReplaceAllStringFunc(md, func(m string) string {
		id := ygoCardRefRE.FindStringSubmatch(m)[1]
		return "[" + m + "](" + YGOCardURL(id) + ")"
	})
}
