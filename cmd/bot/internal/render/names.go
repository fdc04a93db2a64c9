package render

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"arbiter/engine"
	"arbiter/i18n"
)

// ObjectName is how a trace names an id of run r for a reader of p's
// language: a real card by its printed name in that language with the
// English name beside ("Ange de Serra (Serra Angel)", i18n.CardName),
// anything else by its display name; an ability by the permanent it comes
// from ("Out of Time's ability"), an effect by the spell or ability that
// created it; two permanents with one name by their number, in the order
// the scenario defines them ("Grizzly Bears (2)"). An id the run does not
// know (a player's name) is shown as it is.
func ObjectName(p *i18n.Printer, r *engine.Result, id string) string {
	return objectName(p, r, id, 0)
}

func objectName(p *i18n.Printer, r *engine.Result, id string, depth int) string {
	if src, ok := r.Sources[id]; ok && src != id && depth < 4 {
		if isPermanent(r, src) {
			return p.T(i18n.KeyEngineNameAbility, objectName(p, r, src, depth+1))
		}
		return objectName(p, r, src, depth+1) // an effect: its spell's or ability's name
	}
	english, ok := r.Names[id]
	if !ok || english == "" {
		return id
	}
	name := i18n.CardName(p, english, r.LocalNames[id][p.Lang().String()])
	if n, of := nameNumber(r, id, english); of > 1 {
		name = p.T(i18n.KeyEngineNameNth, name, n)
	}
	return name
}

// isPermanent reports whether id is one of the run's permanents.
func isPermanent(r *engine.Result, id string) bool {
	for i := range r.Initial.Permanents {
		if r.Initial.Permanents[i].ID == id {
			return true
		}
	}
	return false
}

// nameNumber gives the number of permanent id among the run's permanents
// named name, in definition order, and how many there are.
func nameNumber(r *engine.Result, id, name string) (n, of int) {
	for i := range r.Initial.Permanents {
		q := &r.Initial.Permanents[i]
		if q.Name != name || q.Token && q.ID != id {
			continue
		}
		of++
		if q.ID == id {
			n = of
		}
	}
	if n == 0 {
		return 0, 0
	}
	return n, of
}

// BoardNames gives, for every id of run r that has a printed name in p's
// language, that name as a card's face shows it and the name with the
// English beside, for the board pictures (board.Words.Named). Permanents
// that share a name are numbered on both.
func BoardNames(p *i18n.Printer, r *engine.Result) (face, full map[string]string) {
	face, full = map[string]string{}, map[string]string{}
	for id, english := range r.Names {
		n, of := nameNumber(r, id, english)
		local := r.LocalNames[id][p.Lang().String()]
		if p.Lang() == i18n.EN || local == english {
			local = ""
		}
		if local == "" && of < 2 {
			continue
		}
		f := local
		if f == "" {
			f = english
		}
		if of > 1 {
			f = p.T(i18n.KeyEngineNameNth, f, n)
		}
		face[id] = f
		full[id] = ObjectName(p, r, id)
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

// feminine reports whether the objects a sentence is about are all of
// feminine gender as the reader's language names them, for the agreement
// of the words that follow them ("Protection de Téfeiri est exilée"). Only
// French marks it here; a name shown in English is masculine.
func feminine(p *i18n.Printer, r *engine.Result, ids []string) bool {
	if p.Lang() != i18n.FR || len(ids) == 0 {
		return false
	}
	for _, id := range ids {
		if src, ok := r.Sources[id]; ok && src != id && isPermanent(r, src) {
			continue // "la capacité de …"
		} else if ok && src != id {
			id = src
		}
		local := r.LocalNames[id]["fr"]
		if local == "" || !frenchFeminine(local) {
			return false
		}
	}
	return true
}

// frenchFeminine guesses the gender of a French card name from its first
// noun: the endings that are feminine as a rule (-tion, -ette, -ure, …),
// and a few common words.
func frenchFeminine(name string) bool {
	words := strings.FieldsFunc(name, func(r rune) bool { return unicode.IsSpace(r) || r == '-' || r == '\'' || r == '’' })
	if len(words) == 0 {
		return false
	}
	w := strings.ToLower(words[0])
	for _, a := range []string{"la", "le", "les", "l"} {
		if w == a {
			fs := strings.Fields(name)
			if len(fs) > 1 {
				w = strings.ToLower(fs[1])
			}
		}
	}
	switch w {
	case "île", "main", "mort", "forêt", "colère", "rancœur", "frappe", "croissance", "fureur", "peur", "terre", "mer", "nuit", "loi", "foi", "voix", "paix", "fin", "faim", "tour":
		return w != "tour"
	case "ange", "génie", "incendie", "zombie", "squelette", "cœur", "grizzlis", "pacifisme":
		return false
	}
	for _, suf := range []string{"tion", "sion", "xion", "ure", "ence", "ance", "ette", "ée", "té", "ie", "ade", "ise", "esse", "ine", "elle", "ière", "aison", "ude", "ode", "agne", "aine", "ève", "ète", "euse", "ice", "oire", "ose", "ole", "ille"} {
		if strings.HasSuffix(w, suf) && utf8.RuneCountInString(w) > len([]rune(suf)) {
			return true
		}
	}
	return false
}

// upperFirst capitalizes the first letter of a sentence that starts with
// a name in lower case ("la capacité de …").
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || !unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// elideRE finds the French words that elide before a vowel: "de Alice"
// is written "d’Alice", "que Alice" "qu’Alice".
var elideRE = regexp.MustCompile(`\b(de|que|De|Que) ([AEIOUYÀÂÄÉÈÊËÎÏÔÖÛÜaeiouyàâéèêîïôûü])`)

// Elide writes the elisions of a French sentence whose names were put in
// after its words ("le tour de Alice" is "le tour d’Alice"); other
// languages' sentences are left as they are.
func Elide(p *i18n.Printer, s string) string { return elide(p, s) }

// elide is Elide.
func elide(p *i18n.Printer, s string) string {
	if p.Lang() != i18n.FR || !strings.Contains(s, " ") {
		return s
	}
	return elideRE.ReplaceAllStringFunc(s, func(m string) string {
		w, rest, _ := strings.Cut(m, " ")
		return strings.TrimSuffix(strings.TrimSuffix(w, "e"), "E") + "’" + rest
	})
}
