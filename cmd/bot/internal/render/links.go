package render

import (
	"net/url"
	"strings"

	"arbiter/kb"
)

// DocURL is the page of the bot's web server under base that shows d (the
// page picks its language from the reader's browser), or d's own link.
func DocURL(base string, d kb.Doc) string {
	if p := DocPath(d); p != "" {
		return strings.TrimSuffix(base, "/") + p
	}
	return d.URL
}

// DocPath is the path of the page of the web server that shows d, or ""
// when none does: a rule (current or old number: /rules/502.15h tells what
// became of it), a CR glossary entry, a card's rulings, else the
// simulation that plays the situation out.
func DocPath(d kb.Doc) string {
	switch {
	case d.Kind == kb.KindRule && d.Ref != "" && (d.Obsolete || strings.HasPrefix(d.ID, "cr:")):
		return "/rules/" + url.PathEscape(d.Ref)
	case d.Kind == kb.KindGlossary && strings.HasPrefix(d.ID, "glossary:"):
		return "/glossary/" + strings.TrimPrefix(d.ID, "glossary:")
	case d.Card != "" && d.Game != "ygo":
		return CardPath(d.Card)
	case d.Preset != "":
		return "/sim/" + url.PathEscape(d.Preset)
	}
	return ""
}

// CardPath is the path of a card's page.
func CardPath(name string) string { return "/cards/" + url.PathEscape(name) }
