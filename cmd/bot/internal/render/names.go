package render

import (
	"arbiter/engine"
	"arbiter/i18n"
)

// ObjectName is how a trace names an id of run r for a reader of p's
// language: a real card by its printed name in that language with the
// English name beside ("Ange de Serra (Serra Angel)", i18n.CardName),
// anything else by its display name; an id the run does not know (a
// player's name) as it is.
func ObjectName(p *i18n.Printer, r *engine.Result, id string) string {
	english, ok := r.Names[id]
	if !ok || english == "" {
		return id
	}
	return i18n.CardName(p, english, r.LocalNames[id][p.Lang().String()])
}

// BoardNames gives, for every id of run r that has a printed name in p's
// language, that name as a card's face shows it and the name with the
// English beside, for the board pictures (board.Words.Named).
func BoardNames(p *i18n.Printer, r *engine.Result) (face, full map[string]string) {
	face, full = map[string]string{}, map[string]string{}
	if p.Lang() == i18n.EN {
		return face, full
	}
	for id := range r.LocalNames {
		if n := r.LocalNames[id][p.Lang().String()]; n != "" && n != r.Names[id] {
			face[id] = n
			full[id] = ObjectName(p, r, id)
		}
	}
	return face, full
}

// objectNames names each of ids with ObjectName.
func objectNames(p *i18n.Printer, r *engine.Result, ids []string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = ObjectName(p, r, id)
	}
	return out
}
